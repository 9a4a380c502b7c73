"""What every answer carries and what every request must say: the security headers (a
Content-Security-Policy the built browser table passes, nosniff, no framing), the Host
header checked against the names the server is reached by (DNS rebinding), and tokens kept
out of the access log (docs/server.md, "Headers and logs")."""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import refusal
from .frames import dumps

# 'self' covers the page's own ws:/wss: in Chromium and Firefox (CSP 3); the favicon is a
# data: URL; the replay page's download is a blob: link.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
# The API documentation pages (/docs, /redoc) load FastAPI's scripts from a CDN
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net "
            "https://fonts.googleapis.com; "
            "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
            "font-src 'self' https://fonts.gstatic.com; worker-src blob:; "
            "frame-ancestors 'none'")
SECURITY = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer")]
LOCAL = ("localhost",)
BAD_HOST = refusal("host")


def allowed_hosts(listen: str = "", public: Iterable[str] = ()) -> tuple[str, ...]:
    """The names a request's Host may carry besides an IP address (an address is never a
    rebinding: the browser sends it only when it was asked for it): the name listened on,
    this computer's own names and the public names the operator configured (no port)."""
    own = socket.gethostname().lower()
    names = (listen, *LOCAL, own, f"{own}.local", *public)
    return tuple(dict.fromkeys(n.lower().strip("[]") for n in names if n and not _ip(n)))


def _ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def host_name(value: str) -> str:
    """The name in a Host header, without the port (an IPv6 address in brackets)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    name = value.rsplit(":", 1)[0] if value.count(":") == 1 else value
    return name.rstrip(".")


class Shield:
    """ASGI middleware: a Host that is not one of ``hosts`` is refused (400, HTTP; 4400
    close, WebSocket); every HTTP answer gets the security headers."""

    def __init__(self, app: ASGIApp, hosts: tuple[str, ...]) -> None:
        self.app, self.hosts = app, hosts

    def host_ok(self, scope: Scope) -> bool:
        host = dict(scope.get("headers", ())).get(b"host")
        if host is None:
            return False
        name = host_name(host.decode("latin-1"))
        return name in self.hosts or _ip(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and not self.host_ok(scope):
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4400})
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        if not self.host_ok(scope):
            data = dumps(BAD_HOST).encode()
            await send({"type": "http.response.start", "status": 400, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()), *SECURITY,
                (b"content-security-policy", CSP.encode())]})
            await send({"type": "http.response.body", "body": data})
            return
        docs = scope["path"] in ("/docs", "/redoc")
        csp = (DOCS_CSP if docs else CSP).encode()

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ())
                           if k.lower() not in (b"content-security-policy",)]
                message = {**message, "headers": [
                    *headers, *SECURITY, (b"content-security-policy", csp)]}
            await send(message)

        await self.app(scope, receive, secured)


_TOKEN = re.compile(r"((?:^|[?&;])(?:token|host_token|invite_token|spectate_token)=)[^&;#\s]*",
                    re.IGNORECASE)


def redact(text: str) -> str:
    """A request line with every ``token=`` value replaced by ``***``."""
    return _TOKEN.sub(r"\1***", text)


class NoTokens(logging.Filter):
    """On uvicorn's access log: a token in a query string is written as ``***`` (no page
    sends one any more; an old link or a script might)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and len(record.args) >= 3 \
                and isinstance(record.args[2], str):
            args = list(record.args)
            args[2] = redact(record.args[2])
            record.args = tuple(args)
        return True


def keep_tokens_out_of_logs() -> None:
    """Put ``NoTokens`` on uvicorn's access log, once."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, NoTokens) for f in access.filters):
        access.addFilter(NoTokens())
