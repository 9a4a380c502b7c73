"""Headers and logs (server/headers.py): every answer carries the security headers, a Host
that is not one of the served names is refused (DNS rebinding), and no token reaches the
access log (the browser sends them in headers; an old URL's is written as ***)."""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from jokeren.server.headers import CSP, NoTokens, allowed_hosts, host_name, redact

from server_harness import bearer, make_room, serve


def sqlite(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"


def _secured(r: httpx.Response) -> None:
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] == "no-referrer"
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp


@pytest.mark.anyio
async def test_every_answer_carries_the_security_headers(http: httpx.AsyncClient) -> None:
    room = await make_room(http, 0, ["random", "random"])
    answers = [await http.get(path) for path in (
        "/", "/play", "/replay", f"/table/{room['room']}", "/api/messages", "/nowhere",
        "/openapi.json")]
    answers.append(await http.get(f"/api/rooms/{room['room']}",
                                  headers=bearer(room["host_token"])))
    answers.append(await http.post("/api/play-now", json={}))  # a 422
    index = answers[0].text
    script = index.split('src="', 1)[1].split('"', 1)[0]
    answers.append(await http.get(script))
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 200, 404, 200, 200, 422,
                                                200]
    for r in answers:
        _secured(r)
    assert answers[0].headers["content-security-policy"] == CSP
    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
    docs = await http.get("/docs")
    _secured(docs)  # FastAPI's documentation page loads its scripts from a CDN


def test_the_served_names_are_one_setting() -> None:
    hosts = allowed_hosts("127.0.0.1", public=["jokeren.example.org"])
    assert "localhost" in hosts and "jokeren.example.org" in hosts
    assert "127.0.0.1" not in hosts  # any IP address is let through by itself
    assert "kaart.lan" in allowed_hosts("kaart.lan")
    assert [host_name(h) for h in ("Example.org:8000", "[::1]:80", "::1", "a.b.")] == [
        "example.org", "::1", "::1", "a.b"]


@pytest.mark.anyio
async def test_a_host_that_is_not_served_is_refused(tmp_path: Path) -> None:
    async with serve(sqlite(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        port = server.base.rsplit(":", 1)[1]
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", "[::1]", "LOCALHOST"):
            assert (await http.get("/api/messages", headers={"host": host})).status_code == 200
        for host in ("attacker.example", f"rebind.attacker.example:{port}"):
            r = await http.get("/api/messages", headers={"host": host})
            assert r.status_code == 400, host
            body = r.json()
            assert body["key"] == "host" and body["text"]["en"] and body["text"]["nl"]
            _secured(r)
        with pytest.raises(InvalidStatus):
            await websockets.connect(f"{server.ws}/ws/x",
                                     additional_headers={"Host": "attacker.example"})
    (tmp_path / "x").mkdir()
    async with serve(sqlite(tmp_path / "x"),
                     hosts=allowed_hosts("127.0.0.1", ["kaart.example"])) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        ok = await http.get("/api/messages", headers={"host": "kaart.example"})
        assert ok.status_code == 200


def test_no_token_reaches_the_access_log(caplog: pytest.LogCaptureFixture) -> None:
    """uvicorn's access line with an old ``?token=`` URL is written with *** (its filter),
    and the built browser table sends no token in a URL."""
    secret = "lUdIJ5dYfoKL92mhRV_FR9XY4EfmIFrx"
    assert redact(f"/api/rooms/r/record?token={secret}&x=1") == \
        "/api/rooms/r/record?token=***&x=1"
    access = logging.getLogger("uvicorn.access")
    access.addFilter(NoTokens())
    access.addHandler(caplog.handler)  # uvicorn's access log does not propagate
    try:
        with caplog.at_level(logging.INFO, logger="uvicorn.access"):
            access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                        f"/api/rooms/r?token={secret}", "1.1", 200)
    finally:
        access.removeHandler(caplog.handler)
        for f in [f for f in access.filters if isinstance(f, NoTokens)]:
            access.removeFilter(f)
    assert caplog.records and secret not in caplog.text and "token=***" in caplog.text
    built = Path(str(resources.files("jokeren") / "web"))
    code = "".join(p.read_text(encoding="utf-8") for p in built.glob("assets/*.js"))
    assert "record?token" not in code and "?token=" not in code
    assert "authorization" in code.lower()


@pytest.mark.anyio
async def test_a_real_servers_access_log_holds_no_token(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture
                                                        ) -> None:
    async with serve(sqlite(tmp_path)) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 0, ["random", "random"])
        access = logging.getLogger("uvicorn.access")
        access.addHandler(caplog.handler)  # uvicorn's access log does not propagate
        try:
            with caplog.at_level(logging.INFO, logger="uvicorn.access"):
                await http.get(f"/api/rooms/{room['room']}",
                               headers=bearer(room["host_token"]))
                await http.get(f"/api/rooms/{room['room']}",
                               params={"token": room["spectate_token"]})  # an old script
        finally:
            access.removeHandler(caplog.handler)
        lines = [r.getMessage() for r in caplog.records if r.name == "uvicorn.access"]
        assert len(lines) == 2, lines
        assert not any(room["host_token"] in line or room["spectate_token"] in line
                       for line in lines)
