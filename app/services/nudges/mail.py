"""E-mail: composing a plain-text mail and handing it to the operator's SMTP server.

``SMTP_SECURITY``: ``starttls`` (port 587: plain connection, then STARTTLS; a server that
does not offer it is a failure, never a fallback to clear text), ``tls`` (port 465: TLS from
the first byte) or ``none`` (a relay on the same host or network). Certificates are checked
against ``SMTP_HOST``. With ``SMTP_USER`` set the server logs in (only over TLS, unless
``none``). The password is never logged; a failure is reported by its SMTP code or kind.
"""

from __future__ import annotations

import smtplib
import ssl
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr

from app.core.config import Settings
from app.db.models import utcnow
from app.services.nudges.links import public_base

MAX_ADDRESS = 254


class MailFailed(Exception):
    """The mail server did not take the mail. ``retry``: it may later (4xx, no connection);
    ``reason`` names the failure's kind or code, never a secret."""

    def __init__(self, reason: str, *, retry: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry = retry


def available(settings: Settings) -> bool:
    """Whether this server sends e-mail (``SMTP_HOST`` set)."""
    return bool(settings.smtp_host)


def sender(settings: Settings) -> str:
    """``SMTP_FROM``, else ``tafelrunde@<PUBLIC_URL's host>``."""
    if settings.smtp_from:
        return settings.smtp_from
    host = public_base(settings).split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    return f"tafelrunde@{host or 'localhost'}"


def sender_domain(settings: Settings) -> str:
    """The domain of the sender's address (the right side of every Message-ID we make)."""
    _name, address = parseaddr(sender(settings))
    return address.rpartition("@")[2].lower() or "localhost"


def check_address(text: str) -> str:
    """``text`` as an e-mail address (trimmed), or ``ValueError`` saying what is wrong."""
    address = text.strip()
    if not address:
        raise ValueError("the e-mail address is empty")
    if len(address) > MAX_ADDRESS:
        raise ValueError(f"the e-mail address is longer than {MAX_ADDRESS} characters")
    if any(ord(c) < 33 or ord(c) == 127 or c in '<>()[]\\,;:"' for c in address):
        raise ValueError("the e-mail address holds a space or a character not allowed there")
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or "@" in local:
        raise ValueError("the e-mail address needs one @ with a name before and a domain after")
    labels = domain.split(".")
    if len(labels) < 2 or not all(labels) or domain.startswith("-"):
        raise ValueError("the e-mail address's domain is not a domain name (like example.org)")
    try:
        Address(username=local, domain=domain)
    except (ValueError, IndexError):
        raise ValueError("the e-mail address is not valid") from None
    return f"{local}@{domain.lower()}"


def compose(
    settings: Settings,
    to: str,
    subject: str,
    text: str,
    *,
    message_id: str | None = None,
    unsubscribe_url: str | None = None,
) -> EmailMessage:
    """A plain-text mail from the server's sender. ``message_id``: its left side (the same
    delivery gets the same Message-ID, so a mail sent twice shows once); ``unsubscribe_url``:
    the RFC 8058 one-click unsubscribe headers."""
    mail = EmailMessage()
    mail["From"] = sender(settings)
    mail["To"] = to
    mail["Subject"] = subject
    mail["Date"] = format_datetime(utcnow())
    domain = sender_domain(settings)
    mail["Message-ID"] = f"<{message_id}@{domain}>" if message_id else make_msgid(domain=domain)
    mail["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-replies, please
    if unsubscribe_url is not None:
        mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    mail.set_content(text)
    return mail


def send(settings: Settings, mail: EmailMessage, *, timeout: float = 30) -> None:
    """Hand ``mail`` to ``SMTP_HOST``; raises ``MailFailed``."""
    if not available(settings):
        raise MailFailed("this server sends no e-mail (SMTP_HOST is not set)", retry=False)
    context = ssl.create_default_context()
    host, port = settings.smtp_host, settings.smtp_port
    try:
        client: smtplib.SMTP
        if settings.smtp_security == "tls":
            client = smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
        else:
            client = smtplib.SMTP(host, port, timeout=timeout)
        with client:
            client.ehlo()
            if settings.smtp_security == "starttls":
                if not client.has_extn("starttls"):
                    raise MailFailed("the mail server offers no STARTTLS", retry=True)
                client.starttls(context=context)
                client.ehlo()
            if settings.smtp_user:
                try:
                    client.login(settings.smtp_user, settings.smtp_password)
                except smtplib.SMTPException as exc:
                    code = getattr(exc, "smtp_code", None)
                    raise MailFailed(
                        f"the mail server refused the login ({code or type(exc).__name__})",
                        retry=True,
                    ) from None
            client.send_message(mail)
    except MailFailed:
        raise
    except smtplib.SMTPAuthenticationError as exc:
        raise MailFailed(
            f"the mail server refused the login ({exc.smtp_code})", retry=True
        ) from None
    except smtplib.SMTPRecipientsRefused as exc:
        codes = sorted({code for code, _ in exc.recipients.values()})
        retry = all(400 <= code < 500 for code in codes)
        raise MailFailed(f"the mail server refused the address ({codes})", retry=retry) from None
    except smtplib.SMTPResponseException as exc:
        retry = 400 <= exc.smtp_code < 500
        raise MailFailed(f"the mail server answered {exc.smtp_code}", retry=retry) from None
    except (smtplib.SMTPException, ssl.SSLError) as exc:
        raise MailFailed(f"mail server failure ({type(exc).__name__})", retry=True) from None
    except TimeoutError:
        raise MailFailed("the mail server did not answer in time", retry=True) from None
    except OSError as exc:
        raise MailFailed(
            f"no connection to the mail server ({type(exc).__name__})", retry=True
        ) from None
