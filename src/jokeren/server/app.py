"""The FastAPI application: the store, the rooms and their tables, the API, the sockets."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from fastapi import FastAPI, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from . import memory
from .api import router
from .club_api import router as club_router
from .errors import STORE_FAILED, ApiError, refusal
from .headers import Shield, allowed_hosts, keep_tokens_out_of_logs
from .limits import Buckets, Guard, Limits
from .lobby import lobby_socket
from .replay import NO_BODY
from .replay import router as replay_router
from .rooms import Rooms
from .runtime import Timing, one_line
from .score_api import router as score_router
from .store import Store
from .web import mount_web
from .ws import origin_ok, table_socket

log = logging.getLogger("jokeren.server")


class SafeJSON(JSONResponse):
    """JSON that is always valid: what a client sent and a refusal echoes (pydantic's
    ``input``) may hold a lone surrogate, written as its escape, or a number JSON has no
    word for (``1e999``, ``NaN``), written as a string; neither is a 500."""

    def render(self, content: object) -> bytes:
        try:
            return super().render(content)
        except (UnicodeEncodeError, ValueError):
            return json.dumps(_finite(content), allow_nan=False,
                              separators=(",", ":")).encode()


def _finite(value: object) -> object:
    """``value`` with every float JSON cannot write (infinite, NaN) as its Python text."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


@dataclass(frozen=True)
class Settings:
    db: str
    timing: Timing = field(default_factory=Timing)
    origins: tuple[str, ...] = ()  # more Origins allowed on the WebSocket
    workers: int = 2  # threads in which computer players think
    rate: float = 10.0  # messages a second one seat may send (all its connections)
    trim_every: float = 60.0  # seconds between giving free memory back (memory.py)
    # seconds between the server's own full garbage collections (memory.Collector);
    # ``jokeren serve`` gives memory.EVERY. 0: Python's collector as it comes, for an app in
    # a process that is not the server's own (the tests' servers), since the collector's
    # settings and its freeze are the whole process's
    collect_every: float = 0.0
    limits: Limits = field(default_factory=Limits)  # fair shares (limits.py)
    # the names a request's Host may carry besides an IP address (headers.py): the one
    # setting for the served names (--host, this computer's, a public name)
    hosts: tuple[str, ...] = field(default_factory=allowed_hosts)
    # scheme://host[:port] that invite links use (--public-url, or the house network's
    # address when listening on every address); empty: the address the browser used
    public_url: str = ""
    # redis://HOST:PORT/N: several processes share the rooms (bus.py; the store must then
    # be PostgreSQL); empty: this process runs every table
    redis: str = ""


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        memory.fix_mmap_threshold()
        store = Store(settings.db)
        await store.migrate()
        pool = ThreadPoolExecutor(settings.workers, thread_name_prefix="computer")
        rooms = Rooms(store, settings.timing, pool, settings.limits)
        app.state.rooms = rooms
        app.state.public_url = settings.public_url
        app.state.opened = Buckets(settings.limits.sockets)  # sockets by address
        cluster = None
        if settings.redis:
            from .bus import Cluster

            cluster = rooms.cluster = Cluster(settings.redis, rooms)
            await cluster.start()
        await rooms.resume_all()
        trimming = asyncio.create_task(memory.keep_trimmed(settings.trim_every))
        collector = memory.Collector(settings.collect_every) if settings.collect_every \
            else None
        if collector is not None:
            collector.start()
            collecting = asyncio.create_task(collector.run())
        app.state.collector = collector
        try:
            yield
        finally:
            trimming.cancel()
            if collector is not None:
                collecting.cancel()
                collector.stop()
            await rooms.close()
            if cluster is not None:
                await cluster.close()
            pool.shutdown(wait=True, cancel_futures=True)
            replaying = getattr(app.state, "replayer", None)  # replay.py's process
            if replaying is not None:
                replaying.shutdown(wait=True, cancel_futures=True)
            await store.close()

    app = FastAPI(title="Jokeren", version="1", lifespan=lifespan,
                  default_response_class=SafeJSON,
                  description="Rooms, invite links and the table's WebSocket "
                              "(docs/server.md, docs/protocol.md).")
    app.include_router(router)
    app.include_router(score_router)
    app.include_router(club_router)
    app.include_router(replay_router)
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # a replay's steps: 40x smaller
    app.add_middleware(Guard, limits=settings.limits)  # sizes and rates, before any handler
    app.add_middleware(Shield, hosts=settings.hosts)  # outermost: Host, security headers
    keep_tokens_out_of_logs()

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return SafeJSON(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's 422 (``detail``: where and why) with a sentence, as other refusals. A
        body that is not JSON at all is a 400 that says so (FastAPI files it as a 422 whose
        place is the character where reading stopped: "(1)" told nobody anything)."""
        if any(e.get("type") == "json_invalid" for e in exc.errors()):
            return SafeJSON({**refusal("http_400"), "detail": jsonable_encoder(exc.errors())},
                            status_code=400)
        if request.url.path in NO_BODY and any(
                e.get("type") == "missing" and tuple(e.get("loc", ())) == ("body",)
                for e in exc.errors()):  # the body stays required in the OpenAPI
            return SafeJSON(ApiError(422, NO_BODY[request.url.path]).body(), status_code=422)
        where = ", ".join(".".join(str(p) for p in e.get("loc", ())[1:]) or "body"
                          for e in exc.errors()[:3])
        return SafeJSON({**refusal("invalid", where=where),
                         "detail": jsonable_encoder(exc.errors())}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        """Starlette's own refusals (a body that is not JSON, an address or a method that
        does not exist) with a sentence in both languages, as every other refusal."""
        code = exc.status_code
        said = (refusal(f"http_{code}", method=request.method) if code in (400, 404, 405)
                else refusal(f"http_{code}", "api_http_other", detail=str(exc.detail)))
        return SafeJSON({**said, "detail": exc.detail}, status_code=code, headers=exc.headers)

    async def store_error(request: Request, exc: Exception) -> JSONResponse:
        """The store failed (a full or read-only disk, a database gone): one line in the
        log and a 503 with a sentence; what was asked was not done."""
        log.error("%s %s: the store failed: %s", request.scope.get("method", "WS"),
                  request.url.path, one_line(exc))
        return SafeJSON(STORE_FAILED.body(), status_code=503)

    for kind in (SQLAlchemyError, sqlite3.Error, OSError):
        app.add_exception_handler(kind, store_error)

    @app.websocket("/ws/{room}")
    async def socket(ws: WebSocket, room: str) -> None:
        await table_socket(ws, room, ws.app.state.rooms, settings.origins, settings.rate,
                           ws.app.state.opened)

    @app.websocket("/ws/{room}/lobby")
    async def lobby(ws: WebSocket, room: str) -> None:
        await lobby_socket(ws, room, ws.app.state.rooms, origin_ok(ws, settings.origins),
                           ws.app.state.opened)

    mount_web(app)
    return app
