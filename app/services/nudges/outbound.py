"""Requests the server makes to URLs its players typed: webhooks and Web Push endpoints.

A player's URL must not make the server call into the network it runs in (server-side
request forgery: the cloud's metadata service at 169.254.169.254, an admin page on
localhost, a database on the LAN). So, unless the operator sets ``ALLOW_PRIVATE_WEBHOOKS=1``:

- only ``https`` URLs (``http`` is allowed with ``ALLOW_PRIVATE_WEBHOOKS=1`` only: a LAN's
  ntfy, a test's local server; on the internet a URL's secret would travel in clear text);
- the host name is resolved ONCE, and every address it resolves to must be public: not
  private, loopback, link-local, multicast, reserved, unspecified or otherwise not
  global, IPv4 and IPv6 alike, including IPv4 addresses wrapped in IPv6 (``::ffff:a.b.c.d``,
  6to4, Teredo, NAT64);
- the request connects to the address checked, never resolving the name again (a DNS
  answer that changes between the check and the connection, "DNS rebinding", changes
  nothing): the URL's host is replaced by the address, the ``Host`` header and TLS's SNI
  keep the name, and the certificate is checked against the name;
- no redirect is followed (a redirect is a failed delivery), no proxy from the environment
  is used, no connection is reused for another URL, and the answer's body is not read.

Nothing here logs: a webhook URL holds its secret in the path (Discord, Slack), so only the
outcome's status or the failure's kind ever leaves this module.
"""

from __future__ import annotations

import base64
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import certifi
import httpx

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_URL = 2000
"""The longest URL accepted (webhooks and push endpoints)."""

NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


class Refused(Exception):
    """A URL the server will not call. ``reason`` is safe to show the account that typed it
    (it never repeats the URL's path or query). ``transient``: the name did not resolve now;
    it may later."""

    def __init__(self, reason: str, *, transient: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.transient = transient


@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect (``address``) and what to call it (``host``)."""

    url: httpx.URL
    """The URL as typed (parsed)."""
    address: IPAddress
    """The one address the name resolved to, checked; the request connects to it."""

    @property
    def host(self) -> str:
        """The host name in ASCII (IDNA), as DNS, SNI and ``Host`` want it."""
        return self.url.raw_host.decode("ascii")

    def __repr__(self) -> str:  # the URL may hold a secret
        return f"Target(host={self.host!r}, address={str(self.address)!r})"


def why_not_public(address: IPAddress) -> str | None:
    """Why the server must not connect to ``address`` (``None``: a public address)."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(address)
        if embedded is not None:
            return why_not_public(embedded)
        if address.is_site_local:
            return "site-local"
    if address.is_unspecified:
        return "unspecified"
    if address.is_loopback:
        return "loopback"
    if address.is_link_local:
        return "link-local"
    if address.is_multicast:
        return "multicast"
    if address.is_private:
        return "private"
    if address.is_reserved:
        return "reserved"
    if not address.is_global:
        return "non-public"
    return None


def shown(address: IPAddress) -> str:
    """``address`` as a refusal names it (an IPv4 address inside IPv6 shows both)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return f"::ffff:{address.ipv4_mapped}, IPv4 in IPv6 form"
        embedded = _embedded_ipv4(address)
        if embedded is not None:
            return f"{address}, which stands for {embedded}"
    return str(address)


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for: IPv4-mapped (``::ffff:a.b.c.d``), 6to4
    (``2002::/16``), Teredo's client (``2001::/32``), NAT64 (``64:ff9b::/96``)."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def parse(url: str, *, allow_private: bool, what: str = "URL") -> httpx.URL:
    """``url`` parsed and its form checked (scheme, host; no resolving yet)."""
    if not isinstance(url, str) or not url.strip():
        raise Refused(f"the {what} is empty")
    if len(url) > MAX_URL:
        raise Refused(f"the {what} is longer than {MAX_URL} characters")
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise Refused(f"the {what} holds spaces or control characters")
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        raise Refused(f"the {what} is not a valid URL") from None
    scheme = parsed.scheme
    if scheme == "http" and not allow_private:
        raise Refused(
            f"the {what} must start with https:// (plain http only where the operator "
            "allows private addresses: ALLOW_PRIVATE_WEBHOOKS=1)"
        )
    if scheme not in ("https", "http"):
        raise Refused(f"the {what} must start with https://")
    if not parsed.host:
        raise Refused(f"the {what} names no host")
    return parsed


def resolve(url: httpx.URL) -> list[IPAddress]:
    """Every address the URL's host resolves to (an address in the URL: itself)."""
    host = url.raw_host.decode("ascii")
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError, OSError):
        raise Refused("its host name does not resolve", transient=True) from None
    addresses: list[IPAddress] = []
    for family, _type, _proto, _name, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        text = str(sockaddr[0]).split("%", 1)[0]  # an IPv6 zone ("fe80::1%eth0")
        address = ipaddress.ip_address(text)
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise Refused("its host name does not resolve", transient=True)
    return addresses


def check(url: str, *, allow_private: bool, what: str = "URL") -> Target:
    """``url`` checked as the module's docstring says, resolved once; raises ``Refused``."""
    parsed = parse(url, allow_private=allow_private, what=what)
    addresses = resolve(parsed)
    if not allow_private:
        for address in addresses:
            reason = why_not_public(address)
            if reason is not None:
                raise Refused(
                    f"the {what} points at a {reason} address ({shown(address)}); the "
                    "server calls only public addresses (the operator may allow private "
                    "ones: ALLOW_PRIVATE_WEBHOOKS=1)"
                )
    return Target(parsed, addresses[0])


@lru_cache(maxsize=1)
def tls_context() -> ssl.SSLContext:
    """Certificates are checked against the URL's host name (certifi's authorities)."""
    return ssl.create_default_context(cafile=certifi.where())


@dataclass(frozen=True)
class Answer:
    status: int
    retry_after: str | None


Failure = Literal["timeout", "connection"]


class CallFailed(Exception):
    """No answer: ``kind`` is ``timeout`` or ``connection`` (refused, reset, TLS)."""

    def __init__(self, kind: Failure) -> None:
        super().__init__(kind)
        self.kind = kind


def post(target: Target, content: bytes, headers: dict[str, str], *, timeout: float = 10) -> Answer:
    """POST ``content`` to ``target``'s checked address; the status of the answer (whose
    body is not read). Raises ``CallFailed`` without an answer."""
    url = target.url
    connect = url.copy_with(host=str(target.address), username=None, password=None)
    extra = {"Host": url.netloc.decode("ascii")}
    if url.username or url.password:  # https://user:secret@host/...: basic authentication
        pair = f"{url.username}:{url.password}".encode()
        extra["Authorization"] = "Basic " + base64.b64encode(pair).decode("ascii")
    extensions: dict[str, object] = {"timeout": httpx.Timeout(timeout).as_dict()}
    if url.scheme == "https" and not _is_address(target.host):
        extensions["sni_hostname"] = target.host  # SNI and the certificate's check: the name
    request = httpx.Request(
        "POST",
        connect,
        headers={**headers, **extra},
        content=content,
        extensions=extensions,
    )
    # A transport of its own per request: no connection (made for one name's SNI) is ever
    # reused for another name on the same address; no proxy, no redirects.
    transport = httpx.HTTPTransport(verify=tls_context(), trust_env=False, retries=0)
    try:
        with transport:
            response = transport.handle_request(request)
            try:
                return Answer(response.status_code, response.headers.get("retry-after"))
            finally:
                response.close()
    except httpx.TimeoutException:
        raise CallFailed("timeout") from None
    except (httpx.TransportError, OSError, ssl.SSLError):
        raise CallFailed("connection") from None


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
