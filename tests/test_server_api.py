"""The HTTP API: rooms, links, tokens, the host's powers, refusals in Dutch and English."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import httpx
import pytest

from jokeren.bots import LEVELS
from jokeren.server import api, tokens

from server_harness import bearer, make_room


def test_tokens_are_long_random_and_compared_as_digests() -> None:
    made = {tokens.new_token() for _ in range(100)}
    assert len(made) == 100
    assert all(len(t) >= 22 for t in made)  # 24 bytes: 192 bits (at least 128)
    token = made.pop()
    assert tokens.matches(token, tokens.digest(token))
    assert not tokens.matches(token + "x", tokens.digest(token))
    assert not tokens.matches("", tokens.digest(""))
    assert not tokens.matches(token, None)


@pytest.mark.anyio
async def test_a_room_from_creation_to_the_end(http: httpx.AsyncClient) -> None:
    r = await http.post("/api/rooms", json={
        "rules": "amerikaans", "money": True, "buying_window": 6,
        "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "basic"}]})
    assert r.status_code == 201, r.text
    room = r.json()
    rid = room["room"]
    assert room["invite"].endswith(f"/join/{rid}#{room['invite_token']}")
    assert room["spectate"].endswith(f"/watch/{rid}#{room['spectate_token']}")
    assert len({room["host_token"], room["invite_token"], room["spectate_token"]}) == 3
    # Starting before everyone is in is refused, in both languages.
    early = await http.post(f"/api/rooms/{rid}/start", json={"token": room["host_token"]})
    assert early.status_code == 409
    assert early.json()["text"]["nl"] and early.json()["text"]["en"]
    ann = await http.post(f"/api/rooms/{rid}/join",
                          json={"token": room["invite_token"], "name": "Ann"})
    assert ann.status_code == 200 and ann.json()["seat"] == 0
    same = await http.post(f"/api/rooms/{rid}/join",
                           json={"token": room["invite_token"], "name": "ann"})
    assert same.status_code == 409 and same.json()["key"] == "name_taken"
    wrong = await http.post(f"/api/rooms/{rid}/join",
                            json={"token": room["spectate_token"], "name": "Eve"})
    assert wrong.status_code == 403
    bea = await http.post(f"/api/rooms/{rid}/join",
                          json={"token": room["invite_token"], "name": "Bea"})
    assert bea.json()["seat"] == 1
    full = await http.post(f"/api/rooms/{rid}/join",
                           json={"token": room["invite_token"], "name": "Cor"})
    assert full.status_code == 409 and full.json()["key"] == "full"
    # Only the host starts and ends; a seat token is not the host's.
    assert (await http.post(f"/api/rooms/{rid}/start",
                            json={"token": ann.json()["token"]})).status_code == 403
    assert (await http.post(f"/api/rooms/{rid}/start",
                            json={"token": room["host_token"]})).status_code == 200
    info = (await http.get(f"/api/rooms/{rid}", headers=bearer(bea.json()["token"]))).json()
    assert info["status"] == "playing"
    assert info["rules"]["money"] == {"per_buy": 1, "per_point": 1}
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bea", "Bob"]
    assert "seed" not in str(info) and "host_hash" not in str(info)
    # The record is for after the match.
    early_record = await http.get(f"/api/rooms/{rid}/record",
                                  headers=bearer(room["spectate_token"]))
    assert early_record.status_code == 409
    # Present people keep their seats: nobody is connected, but the grace period runs.
    assert (await http.post(f"/api/rooms/{rid}/end",
                            json={"token": room["host_token"]})).status_code == 200
    info = (await http.get(f"/api/rooms/{rid}", headers=bearer(room["host_token"]))).json()
    assert info["status"] == "ended"


@pytest.mark.anyio
async def test_rules_are_checked_and_contradictions_shown(http: httpx.AsyncClient) -> None:
    seats = [{"kind": "person"}, {"kind": "computer", "level": "random"},
             {"kind": "computer", "level": "basic"}]
    bad = await http.post("/api/rooms", json={"rules": {"preset": "jokeren", "nonsense": 1},
                                              "seats": seats})
    assert bad.status_code == 422 and bad.json()["key"] == "rules"
    assert "nonsense" in bad.json()["text"]["en"]
    odd = await http.post("/api/rooms", json={
        "rules": {"preset": "jokeren", "set_max": 3, "schedule": ["set 4"]}, "seats": seats})
    assert odd.status_code == 201
    warnings = odd.json()["warnings"]
    assert warnings and all(w["nl"] and w["en"] for w in warnings)
    assert "set_max" in warnings[0]["en"]
    few = await http.post("/api/rooms", json={"rules": "jokeren", "seats": seats[:2]})
    assert few.status_code == 422 and few.json()["text"]["nl"]
    level = await http.post("/api/rooms", json={
        "rules": "jokeren", "seats": [{"kind": "computer", "level": "genius"}] * 3})
    assert level.status_code == 422
    window = await http.post("/api/rooms", json={"rules": "amerikaans", "seats": seats,
                                                 "buying_window": 2})
    assert window.status_code == 422 and window.json()["key"] == "window"


@pytest.mark.anyio
async def test_unknown_rooms_and_tokens_say_nothing(http: httpx.AsyncClient) -> None:
    room = await make_room(http, 1, ["random"])
    rid = room["room"]
    invite = room["invite_token"]
    # one letter changed (never to itself: a token ending in "A" was the same, 1 in 64 rooms)
    for token in ("x" * 32, invite[:-1] + ("B" if invite.endswith("A") else "A")):
        r = await http.get(f"/api/rooms/{rid}", headers=bearer(token))
        assert r.status_code == 403
    # no token, or one in the URL (where it would reach the access log): 401, a sentence
    for asked in (http.get(f"/api/rooms/{rid}"),
                  http.get(f"/api/rooms/{rid}", params={"token": room["host_token"]}),
                  http.get(f"/api/rooms/{rid}/record", headers={"Authorization": "Basic x"})):
        r = await asked
        assert r.status_code == 401 and r.json()["key"] == "no_token", r.text
        assert "Authorization" in r.json()["text"]["en"] and r.json()["text"]["nl"]
    missing = await http.get("/api/rooms/nope", headers=bearer(room["host_token"]))
    assert missing.status_code == 404 and missing.json()["text"]["nl"]


@pytest.mark.anyio
async def test_play_now_is_one_step(http: httpx.AsyncClient) -> None:
    r = await http.post("/api/play-now", json={"name": "Ann", "rules": "jokeren-7",
                                               "computers": ["random", "basic"]})
    assert r.status_code == 201, r.text
    seat: dict[str, Any] = r.json()
    assert seat["seat"] == 0 and seat["socket"] == f"/ws/{seat['room']}"
    info = (await http.get(f"/api/rooms/{seat['room']}", headers=bearer(seat["token"]))).json()
    assert info["status"] == "playing"
    assert [s["kind"] for s in info["seats"]] == ["person", "computer", "computer"]


@pytest.mark.anyio
@pytest.mark.parametrize("public", ["", "http://192.168.1.20:8000"])
async def test_a_seat_is_told_where_other_devices_reach_the_server(
        tmp_path: Path, public: str) -> None:
    """A person at 127.0.0.1 (``jokeren serve --lan --open``, play-now on her own computer)
    made her link for another device from her page's own address, which no other device
    reaches: a seat's answer (play-now, join) says the address the invite links use."""
    from server_harness import serve

    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}", public_url=public) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        expected = public or server.base
        now = await http.post("/api/play-now", json={"name": "Ann", "computers": ["basic"]})
        assert now.status_code == 201, now.text
        assert now.json()["base"] == expected
        made = (await http.post("/api/rooms", json={"seats": [{"kind": "person"}] * 2})).json()
        assert made["invite"].startswith(f"{expected}/join/")
        joined = await http.post(f"/api/rooms/{made['room']}/join",
                                 json={"token": made["invite_token"], "name": "Bea"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["base"] == expected and not expected.endswith("/")
        spec = (await http.get("/openapi.json")).json()
        assert "base" in spec["components"]["schemas"]["SeatOut"]["required"]


@pytest.mark.anyio
async def test_play_now_names_no_computer_player_like_the_person(
        http: httpx.AsyncClient) -> None:
    """A tester named Bob was refused ("Bob is already at this table": the first computer
    player's name), and a room was left behind; a name refused makes no room."""
    r = await http.post("/api/play-now", json={"name": "B0b", "computers": ["basic"] * 2})
    assert r.status_code == 201, r.text
    seat = r.json()
    info = (await http.get(f"/api/rooms/{seat['room']}", headers=bearer(seat["token"]))).json()
    assert [s["name"] for s in info["seats"]] == ["B0b", "Cas", "Dirk"]
    bad = await http.post("/api/play-now", json={"name": "a:b", "computers": ["basic"]})
    assert bad.status_code == 422 and bad.json()["key"] == "name"


@pytest.mark.anyio
async def test_openapi_and_the_browser_table(http: httpx.AsyncClient) -> None:
    spec = (await http.get("/openapi.json")).json()
    assert {"/api/rooms", "/api/rooms/{room}/join", "/api/play-now",
            "/api/rooms/{room}/record"} <= set(spec["paths"])
    page = await http.get("/join/abc")
    assert page.status_code == 200 and "<html" in page.text.lower()
    asset = re.search(r'src="(/assets/[^"]+\.js)"', page.text)
    assert asset is not None
    script = await http.get(asset.group(1))
    assert script.status_code == 200
    # named by its content's hash: kept by the browser for good; the page is asked each time
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert page.headers["cache-control"] == "no-cache"


def test_serve_says_one_sentence_and_exits_2(tmp_path: Path) -> None:
    import socket

    from typer.testing import CliRunner

    from jokeren.cli.app import app

    cli = CliRunner()
    assert cli.invoke(app, ["serve", "--help"]).exit_code == 0

    def serve(*args: str) -> dict[str, str]:
        """The one sentence of ``jokeren serve ARGS`` in English and in Dutch."""
        said = {}
        for lang in ("en", "nl"):
            done = cli.invoke(app, ["serve", *args, "--lang", lang])
            assert done.exit_code == 2, (args, done.output)
            assert "Traceback" not in done.output and done.output.count("\n") == 1
            said[lang] = done.output
        return said

    def free_port() -> str:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return str(s.getsockname()[1])

    db = f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"
    bad = serve("--port", "0")
    assert "--port" in bad["en"] and "moet tussen 1 en 65535" in bad["nl"]
    url = serve("--db", "mysql://x/y")
    assert "sqlite+aiosqlite" in url["en"] and "moet beginnen met" in url["nl"]
    assert "geen database-URL" in serve("--db", "::nonsense")["nl"]
    missing = serve("--db", f"sqlite+aiosqlite:///{tmp_path / 'no' / 'dir' / 'j.db'}")
    assert "does not exist" in missing["en"] and "bestaat niet" in missing["nl"]
    unusable = serve("--port", free_port(), "--db", f"sqlite+aiosqlite:///{tmp_path}")
    assert "cannot use the database" in unusable["en"]
    assert "kan de database niet gebruiken" in unusable["nl"]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = serve("--port", str(taken.getsockname()[1]), "--db", db)
    assert "in use already" in busy["en"] and "al in gebruik" in busy["nl"]
    away = serve("--host", "192.0.2.1", "--port", free_port(), "--db", db)  # TEST-NET-1
    assert "not an address of this computer" in away["en"]
    assert "geen adres van deze computer" in away["nl"]


def test_every_listen_error_is_one_sentence() -> None:
    import errno
    import socket

    from jokeren.server.serve import listen_error

    unknown = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert "geen adres" in listen_error(unknown, "nergens", 8000, "nl")
    denied = OSError(errno.EACCES, "Permission denied")
    assert "boven 1023" in listen_error(denied, "127.0.0.1", 80, "nl")
    assert "above 1023" in listen_error(denied, "127.0.0.1", 80, "en")
    other = OSError(errno.EMFILE, "Too many open files")
    assert listen_error(other, "h", 1, "en") == "cannot listen on h:1: Too many open files"


def test_db_urls_as_users_type_them(tmp_path: Path) -> None:
    """``--db sqlite:///games.db`` and ``--db postgresql://...`` are what people type; the
    server uses the async drivers for them (aiosqlite, asyncpg). A serve with
    ``sqlite:///`` runs in tests/test_bad_input_server.py."""
    from typer.testing import CliRunner

    from jokeren.cli import app
    from jokeren.server.serve import check_db
    from jokeren.server.store import Store, async_url, check_url

    assert async_url("sqlite:///games.db") == "sqlite+aiosqlite:///games.db"
    assert async_url("postgresql://ann@127.0.0.1/j") == "postgresql+asyncpg://ann@127.0.0.1/j"
    assert async_url("postgres://ann@db/j") == "postgresql+asyncpg://ann@db/j"
    assert async_url("sqlite+aiosqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert check_url("sqlite:///games.db") is True
    assert check_url("postgresql://ann@127.0.0.1/j") is False
    store = Store("postgresql://ann@127.0.0.1/j")  # nothing is opened yet
    assert store.engine.url.drivername == "postgresql+asyncpg" and not store.sqlite
    file = tmp_path / "games.db"
    check_db(async_url(f"sqlite:///{file}"))
    assert file.is_file()
    done = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path}/no/games.db"])
    assert done.exit_code == 2 and "does not exist" in done.output  # past the driver check


def test_the_api_offers_exactly_the_computer_players_levels() -> None:
    """The OpenAPI description spells the levels out; they are the registry's (bots.LEVELS)."""
    assert get_args(api.Level) == LEVELS


@pytest.mark.anyio
async def test_an_empty_rule_set_is_refused_not_taken_for_amerikaans(
        http: httpx.AsyncClient) -> None:
    """``"rules": {}`` made an Amerikaans room without a word: the API takes a preset's name
    or ``{"preset": NAME, ...}`` (docs/server.md), and the pages send a name; an empty
    object chooses nothing, so the client hears so."""
    seats = [{"kind": "person"}, {"kind": "computer", "level": "basic"}]
    for path, body in (("/api/rooms", {"rules": {}, "seats": seats}),
                       ("/api/play-now", {"name": "Ann", "rules": {}, "computers": ["basic"]})):
        r = await http.post(path, json=body)
        assert r.status_code == 422 and r.json()["key"] == "rules_empty", r.text
        text = r.json()["text"]
        assert "rule set" in text["en"] and "spelvorm" in text["nl"]
    # a preset's name, or an object that names one or changes a key, as before
    for rules in ("amerikaans", {"preset": "amerikaans-40"}, {"rounds": 2}):
        made = await http.post("/api/rooms", json={"rules": rules, "seats": seats})
        assert made.status_code == 201, (rules, made.text)
