"""The FastAPI application: the store, the rooms and their tables, the API, the sockets."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from fastapi import FastAPI, Request, WebSocket
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse

from . import memory
from .api import router
from .errors import ApiError
from .replay import router as replay_router
from .rooms import Rooms
from .runtime import Timing
from .score_api import router as score_router
from .store import Store
from .web import mount_web
from .ws import table_socket


@dataclass(frozen=True)
class Settings:
    db: str
    timing: Timing = field(default_factory=Timing)
    origins: tuple[str, ...] = ()  # more Origins allowed on the WebSocket
    workers: int = 2  # threads in which computer players think
    rate: float = 10.0  # messages a second one connection may send
    trim_every: float = 60.0  # seconds between giving free memory back (memory.py)


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        memory.fix_mmap_threshold()
        store = Store(settings.db)
        await store.migrate()
        pool = ThreadPoolExecutor(settings.workers, thread_name_prefix="computer")
        rooms = Rooms(store, settings.timing, pool)
        app.state.rooms = rooms
        await rooms.resume_all()
        trimming = asyncio.create_task(memory.keep_trimmed(settings.trim_every))
        try:
            yield
        finally:
            trimming.cancel()
            await rooms.close()
            pool.shutdown(wait=True, cancel_futures=True)
            await store.close()

    app = FastAPI(title="Jokeren", version="1", lifespan=lifespan,
                  description="Rooms, invite links and the table's WebSocket "
                              "(docs/server.md, docs/protocol.md).")
    app.include_router(router)
    app.include_router(score_router)
    app.include_router(replay_router)
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # a replay's steps: 40x smaller

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.websocket("/ws/{room}")
    async def socket(ws: WebSocket, room: str) -> None:
        await table_socket(ws, room, ws.app.state.rooms, settings.origins, settings.rate)

    mount_web(app)
    return app
