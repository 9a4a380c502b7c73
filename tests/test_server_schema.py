"""Fuzz the HTTP API from its own OpenAPI description (schemathesis): no server error."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from jokeren.server.app import Settings, create_app
from jokeren.server.headers import allowed_hosts
from jokeren.server.limits import Limits

from server_harness import FAST


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    db = tmp_path_factory.mktemp("schema") / "j.db"
    app = create_app(Settings(db=f"sqlite+aiosqlite:///{Path(db)}", timing=FAST,
                                limits=Limits.off(),
                                hosts=allowed_hosts("testserver")))  # the ASGI client's
    loop = asyncio.new_event_loop()
    context = app.router.lifespan_context(app)
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(context.__aenter__(), loop).result(60)
    try:
        yield schemathesis.openapi.from_asgi("/openapi.json", app)
    finally:
        asyncio.run_coroutine_threadsafe(context.__aexit__(None, None, None), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])
