"""``jokeren serve``: the store checked, then uvicorn on the chosen address."""

from __future__ import annotations

import asyncio
import socket
import threading
import webbrowser

from .app import Settings, create_app
from .runtime import Timing
from .store import Store, StoreError, default_url


def check_db(url: str) -> None:
    """Open the database and bring it up to date, or raise StoreError with one sentence."""

    async def probe() -> None:
        store = Store(url)
        try:
            await store.migrate()
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(f"cannot use the database: {type(exc).__name__}: "
                             f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
        finally:
            await store.close()

    asyncio.run(probe())


def serve(host: str, port: int, db: str | None, open_browser: bool, *,
          bot_delay: float = Timing.bot_delay, round_pause: float = Timing.round_pause) -> None:
    import uvicorn

    url = db or default_url()
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))  # OSError now, one sentence, rather than uvicorn's exit
    check_db(url)
    app = create_app(Settings(db=url, timing=Timing(bot_delay=bot_delay,
                                                    round_pause=round_pause)))
    if open_browser:  # /play: a table against the computer, at once
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        threading.Timer(1.0, webbrowser.open, (f"http://{shown}:{port}/play",)).start()
    uvicorn.run(app, host=host, port=port, ws_max_size=65536, log_level="info")


__all__ = ["StoreError", "serve"]
