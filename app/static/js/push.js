// Web Push in this browser: the service worker (/sw.js) and this browser's subscription
// for the signed-in account (docs/API.md, "Notifications"). Whether nudges go out by push
// at all is the account's "push" setting (PUT /api/me/notifications); this module only
// connects or disconnects this browser. Every function throws an ApiError whose `.code` is
// the server's error code, or push_unsupported / push_denied from the browser.

import { ApiError, api } from "./api.js";

/** Whether this browser can get Web Push from this page (HTTPS or localhost). */
export function pushSupported() {
  return (
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(buffer, bytes) {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  return a.length === bytes.length && a.every((v, i) => v === bytes[i]);
}

async function registration() {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** Ask for permission, subscribe this browser with the server's key and send the
 * subscription to the server. Returns the server's answer ({new, push_devices}). */
export async function enablePush() {
  if (!pushSupported()) {
    throw new ApiError(0, "push_unsupported", "this browser cannot receive Web Push here");
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new ApiError(0, "push_denied", "notifications are not allowed for this site");
  }
  const reg = await registration();
  const { public_key: publicKey } = await api("/api/push/key");
  const key = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe(); // made for another key (a server reset): start again
    subscription = null;
  }
  if (!subscription) {
    subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  return api("/api/me/push-subscriptions", { method: "POST", body: subscription.toJSON() });
}

/** Forget this browser's subscription, at the server and in the browser. Returns whether
 * there was one. */
export async function disablePush() {
  if (!("serviceWorker" in navigator)) return false;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return false;
  try {
    await api("/api/me/push-subscriptions", {
      method: "DELETE",
      body: { endpoint: subscription.endpoint },
    });
  } finally {
    await subscription.unsubscribe();
  }
  return true;
}
