"""``jokeren serve``: the database URL, the address and the database checked (each failure
one sentence in English and Dutch), then uvicorn on the chosen address."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import socket
import sqlite3
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI
from sqlalchemy.engine import make_url

from ..rules.textfile import os_reason
from ..words.catalogue import t
from . import memory
from .app import Settings, create_app
from .headers import allowed_hosts
from .limits import UVICORN_WS, Limits
from .runtime import Timing
from .store import Store, StoreError, async_url, check_url, default_url


def _cannot_use(exc: Exception) -> StoreError:
    detail = str(exc).splitlines()[0] if str(exc) else ""
    return StoreError("store_cannot_use", reason=f"{type(exc).__name__}: {detail}")


def check_db(url: str) -> None:
    """Open the database and bring it up to date, or raise StoreError with one sentence.
    A SQLite file is opened plainly first: aiosqlite's thread, failing to open it, would
    print a traceback after the event loop closed."""
    if check_url(url):
        path = make_url(url).database
        try:
            sqlite3.connect(path or ":memory:").close()
        except sqlite3.Error as exc:
            raise _cannot_use(exc) from None

    async def probe() -> None:
        store = Store(url)
        try:
            await store.migrate()
        except StoreError:
            raise
        except Exception as exc:
            raise _cannot_use(exc) from None
        finally:
            await store.close()

    asyncio.run(probe())


WILDCARD = ("0.0.0.0", "::", "")


def public_origin(url: str) -> str | None:
    """``scheme://host[:port]`` of a ``--public-url``, or None when it is not one (a path
    other than ``/``, a query, a user name: the server is not served under a path)."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018  (a bad port raises ValueError)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username \
            or parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}"


def lan_address() -> str | None:
    """This computer's address in the house network (the one its default route leaves
    from: a UDP socket is connected, nothing is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            found = str(probe.getsockname()[0])
    except OSError:
        found = ""
    if found and not found.startswith("127.") and found != "0.0.0.0":
        return found
    try:
        found = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if found.startswith("127.") else found


def has_display() -> bool:
    """Whether a browser could open a window here (Linux and the BSDs need X or Wayland)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with half blocks, for the terminal (dark on light)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def banner(host: str, port: int, public: str | None, lang: str, open_browser: bool) -> str:
    """What ``jokeren serve`` says once it listens: the addresses to open (the make-a-room
    page and a table against the computer, never a bare ``/``), for other phones in the
    house a QR code, and how to stop it."""
    local = "127.0.0.1" if host in WILDCARD else host
    local = f"[{local}]" if ":" in local else local
    base = public or f"http://{local}:{port}"
    lines = [t("serve_listening", lang, url=f"{base}/new"),
             t("serve_play_now", lang, url=f"{base}/play")]
    if public:
        lines += [t("serve_phones", lang, url=f"{public}/"), qr_text(f"{public}/")]
    elif host in WILDCARD:
        lines.append(t("serve_no_lan", lang))
    else:
        lines.append(t("serve_only_here", lang))
    if open_browser and not has_display():
        lines.append(t("serve_no_display", lang, url=f"{base}/play"))
    lines.append(t("serve_stop", lang))
    return "\n".join(lines)


class Announce(logging.Filter):
    """On uvicorn's error log: its 'Uvicorn running on http://0.0.0.0:8000' (a bare
    address nobody can open) is replaced by ``say()``'s banner, printed once listening."""

    def __init__(self, say: Callable[[], None]) -> None:
        super().__init__()
        self.say = say

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Uvicorn running on"):
            self.say()
            return False
        return True


SETTINGS_ENV = "JOKEREN_SERVE_SETTINGS"  # what --workers hands each worker process (JSON)


def settings_from(spec: dict[str, Any]) -> Settings:
    """The server's settings from ``serve``'s plain values (also each worker's)."""
    return Settings(db=spec["db"], timing=Timing(bot_delay=spec["bot_delay"],
                                                 round_pause=spec["round_pause"]),
                    limits=Limits.off() if spec["limits_off"] else Limits(),
                    hosts=tuple(spec["hosts"]), origins=tuple(spec["origins"]),
                    public_url=spec["public_url"], redis=spec["redis"],
                    collect_every=memory.EVERY)


def worker_app() -> FastAPI:
    """One worker of ``jokeren serve --workers N`` (uvicorn's factory, in each process)."""
    return create_app(settings_from(json.loads(os.environ[SETTINGS_ENV])))


def check_redis(url: str, db: str) -> None:
    """``--redis``: a Redis address that answers, and a PostgreSQL store (the processes
    share it); else StoreError with one sentence."""
    if check_url(db):
        raise StoreError("store_redis_db")
    if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
        raise StoreError("store_redis_url")
    try:
        import redis
    except ImportError:
        raise StoreError("store_scale_extra") from None
    try:
        client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        client.ping()
        client.close()
    except ValueError:
        raise StoreError("store_redis_url") from None
    except redis.RedisError as exc:
        raise StoreError("store_redis_down", url=url,
                            reason=str(exc).splitlines()[0] if str(exc) else
                            type(exc).__name__) from None


def serve(host: str, port: int, db: str | None, open_browser: bool, *,
          bot_delay: float = Timing.bot_delay, round_pause: float = Timing.round_pause,
          public_url: str | None = None, lang: str = "en", redis: str | None = None,
          workers: int = 1) -> None:
    """Listen on ``host:port``. Invite links use ``public_url`` (a reverse proxy's
    address), else, listening on every address, this computer's address in the house
    network, else the address the host's browser used. ``redis``: share the rooms with
    other processes (bus.py); ``workers``: that many processes on this port."""
    import uvicorn

    url = async_url(db or default_url())
    check_url(url)
    if workers > 1 and not redis:
        raise StoreError("store_workers_redis")
    if redis:
        check_redis(redis, url)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))  # OSError now, one sentence, rather than uvicorn's exit
    check_db(url)
    # JOKEREN_LIMITS=off: no rates or quotas (a load benchmark plays hundreds of tables
    # from one address; docs/server.md, "Fair shares")
    limits_off = os.environ.get("JOKEREN_LIMITS") == "off"
    public = public_origin(public_url) if public_url else None
    if public is None and host in WILDCARD:
        lan = lan_address()
        public = f"http://{lan}:{port}" if lan else None
    public_host = urlsplit(public).hostname if public else None
    spec = {"db": url, "bot_delay": bot_delay, "round_pause": round_pause,
            "limits_off": limits_off,
            "hosts": list(allowed_hosts(host, [public_host] if public_host else [])),
            "origins": [public] if public else [], "public_url": public or "",
            "redis": redis or ""}
    logging.getLogger("uvicorn.error").addFilter(Announce(
        lambda: print(banner(host, port, public, lang, open_browser), flush=True)))
    if open_browser and has_display():  # /play: a table against the computer, at once
        shown = "127.0.0.1" if host in WILDCARD else host
        shown = f"[{shown}]" if ":" in shown else shown
        threading.Timer(1.0, webbrowser.open, (f"http://{shown}:{port}/play",)).start()
    if workers > 1:  # uvicorn's processes on one socket; a worker that dies is replaced
        os.environ[SETTINGS_ENV] = json.dumps(spec)
        uvicorn.run("jokeren.server.serve:worker_app", factory=True, workers=workers,
                    host=host, port=port, log_level="info", **UVICORN_WS)
        return
    uvicorn.run(create_app(settings_from(spec)), host=host, port=port, log_level="info",
                **UVICORN_WS)


def listen_error(exc: OSError, host: str, port: int, lang: str) -> str:
    """Why the server cannot listen on ``host:port``, in one sentence."""
    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        return t("cli_serve_bad_host", lang, host=host)
    if exc.errno == errno.EADDRINUSE:
        return t("cli_serve_in_use", lang, host=host, port=port)
    if exc.errno == errno.EACCES:
        return t("cli_serve_no_permission", lang, port=port)
    return t("cli_serve_listen", lang, host=host, port=port, reason=os_reason(exc).text(lang))


__all__ = ["StoreError", "listen_error", "public_origin", "serve"]
