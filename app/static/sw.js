// The service worker of Web Push (docs/API.md, "Notifications"), served at /sw.js so that
// its scope is the whole site. It does one thing: show the server's nudge as a system
// notification, even with no page of Tafelrunde open, and open (or focus) the game's page
// when the notification is clicked. It caches nothing and answers no fetch.
//
// A push's data is the server's JSON: {kind, title, body, url, game_id, tag}. Only pages of
// this site are opened: an address elsewhere keeps its path on this site's origin.

const ICON = "/static/favicon.svg";

function here(raw) {
  try {
    const url = new URL(String(raw ?? "/"), self.location.origin);
    return new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

function text(value, fallback) {
  return typeof value === "string" && value ? value : fallback;
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const tag = text(data.tag, "");
  const options = {
    body: text(data.body, ""),
    icon: ICON,
    data: { url: here(data.url) },
  };
  if (tag) {
    // One notification per game: a newer nudge replaces the older one, and still rings.
    options.tag = tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(text(data.title, "Tafelrunde"), options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = here(event.notification.data?.url);
  const path = new URL(url).pathname;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open =
        windows.find((client) => client.url === url) ||
        windows.find((client) => new URL(client.url).pathname === path);
      if (open) {
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
