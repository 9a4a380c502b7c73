"""``jokeren serve``: the database URL, the address and the database checked (each failure
one sentence in English and Dutch), then uvicorn on the chosen address."""

from __future__ import annotations

import asyncio
import errno
import os
import socket
import sqlite3
import threading
import webbrowser

from sqlalchemy.engine import make_url

from ..rules.textfile import os_reason
from ..words.catalogue import t
from .app import Settings, create_app
from .headers import allowed_hosts
from .limits import Limits
from .runtime import Timing
from .store import Store, StoreError, async_url, check_url, default_url


def _cannot_use(exc: Exception) -> StoreError:
    detail = str(exc).splitlines()[0] if str(exc) else ""
    return StoreError.of("store_cannot_use", reason=f"{type(exc).__name__}: {detail}")


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


def serve(host: str, port: int, db: str | None, open_browser: bool, *,
          bot_delay: float = Timing.bot_delay, round_pause: float = Timing.round_pause) -> None:
    import uvicorn

    url = async_url(db or default_url())
    check_url(url)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))  # OSError now, one sentence, rather than uvicorn's exit
    check_db(url)
    # JOKEREN_LIMITS=off: no rates or quotas (a load benchmark plays hundreds of tables
    # from one address; docs/server.md, "Fair shares")
    limits = Limits.off() if os.environ.get("JOKEREN_LIMITS") == "off" else Limits()
    app = create_app(Settings(db=url, timing=Timing(bot_delay=bot_delay,
                                                    round_pause=round_pause),
                              limits=limits, hosts=allowed_hosts(host)))
    if open_browser:  # /play: a table against the computer, at once
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        threading.Timer(1.0, webbrowser.open, (f"http://{shown}:{port}/play",)).start()
    uvicorn.run(app, host=host, port=port, ws_max_size=65536, log_level="info")


def listen_error(exc: OSError, host: str, port: int, lang: str) -> str:
    """Why the server cannot listen on ``host:port``, in one sentence."""
    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        return t("cli_serve_bad_host", lang, host=host)
    if exc.errno == errno.EADDRINUSE:
        return t("cli_serve_in_use", lang, host=host, port=port)
    if exc.errno == errno.EACCES:
        return t("cli_serve_no_permission", lang, port=port)
    return t("cli_serve_listen", lang, host=host, port=port, reason=os_reason(exc).text(lang))


__all__ = ["StoreError", "listen_error", "serve"]
