"""Bad input at every HTTP endpoint and WebSocket message of ``jokeren serve``: a 4xx with a
reason sentence in English and Dutch (or the protocol's refusal frame), never a 500, and
never a traceback in the server's log.

The server is the command people run (``python -m jokeren serve --db sqlite:///FILE``, the
package under test), on 127.0.0.1 in a process of its own; its log is read after every
case and at the end.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

import jokeren
from jokeren.rules.house import PRESETS, Rules
from jokeren.score.scorecard import points_step

KEYS = sorted({*(f.name for f in fields(Rules)), "format", "rules", "players", "seed",
               "rounds", "hands", "moves", "dealer", "upcard", "stock"}, key=len, reverse=True)
TREE = str(Path(jokeren.__file__).parents[1])
WAIT = 120.0  # a bound on waiting, not a measure
RECORD = {"format": "jokeren-record/1", "rules": "jokeren", "players": ["Ann", "Bob", "Cas"],
          "seed": 3, "rounds": [{"moves": ["Ann: draw"]}]}
SEATS = [{"kind": "person"}, {"kind": "computer", "level": "basic"}]
PLAYERS7 = ["Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hans"]


@dataclass
class Server:
    base: str
    log: Path
    http: httpx.Client
    room: dict[str, Any]  # a room made for the cases (its tokens)
    seat: dict[str, Any]  # a seat of play-now (its socket and token)
    read: int = 0  # how much of the log the cases have read

    def new_log(self) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        new, self.read = text[self.read:], len(text)
        return new


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    log = folder / "server.log"
    port = _free_port()
    # JOKEREN_LIMITS=off: every case asks from one address, faster than the rate limits
    # allow one person (those refusals are test_server_limits'); each case is refused for
    # what it sends
    env = {**os.environ, "PYTHONPATH": TREE, "JOKEREN_LANG": "en", "JOKEREN_LIMITS": "off"}
    # --db as people type it (sqlite:///, not sqlite+aiosqlite:///): issue 36
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jokeren", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", f"sqlite:///{folder / 'games.db'}", "--bot-delay", "0",
             "--round-pause", "0"], env=env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=60) as http:
            ends = time.monotonic() + WAIT
            while True:
                try:
                    if http.get("/api/presets").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < ends, "the server did not answer"
                time.sleep(0.2)
            assert (folder / "games.db").is_file()  # sqlite:/// was served by aiosqlite
            made = http.post("/api/rooms", json={"rules": "jokeren-7", "seats": SEATS})
            assert made.status_code == 201, made.text
            seat = http.post("/api/play-now", json={"name": "Ann", "rules": "jokeren-7",
                                                    "computers": ["basic"]})
            assert seat.status_code == 201, seat.text
            yield Server(base, log, http, made.json(), seat.json())
    finally:
        proc.terminate()
        proc.wait(60)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text, text
    assert " 500 " not in text and "Exception in ASGI" not in text, text


# English words a Dutch sentence does not need (what was sent is quoted, and left out).
ENGLISH = {"the", "and", "not", "must", "cannot", "unknown", "player", "players", "round",
           "rounds", "missing", "invalid", "value", "error", "should", "expected", "with",
           "from", "card", "cards", "field", "required", "input", "valid", "rules", "room"}


def _refusal(body: dict[str, Any]) -> dict[str, str]:
    """The refusal's sentence in both languages; the Dutch one in Dutch."""
    text = body.get("text")
    assert isinstance(text, dict), body
    assert text.get("en") and text.get("nl"), body
    dutch = re.sub(r"'[^']*'|\"[^\"]*\"|\([^)]*\)", "", text["nl"])
    dutch = re.sub(r"\b(?:" + "|".join(KEYS) + r")\b", "", dutch)  # keys as they are typed
    assert [w for w in re.findall(r"[A-Za-z]+", dutch) if w.lower() in ENGLISH] == [], text
    return {"en": text["en"], "nl": text["nl"]}


# (id, method, path, body): a dict or list is sent as JSON, a str as it is (with a JSON
# content type). {room}, {host}, {invite} are the made room's.
HTTP: list[tuple[str, str, str, Any]] = [
    ("rooms-not-json", "POST", "/api/rooms", "{not json"),
    ("rooms-a-list", "POST", "/api/rooms", [1, 2]),
    ("rooms-seats-wrong-type", "POST", "/api/rooms", {"seats": "two"}),
    ("rooms-no-seats", "POST", "/api/rooms", {"seats": []}),
    ("rooms-unknown-preset", "POST", "/api/rooms", {"rules": "klaverjas", "seats": SEATS}),
    ("rooms-bad-house-value", "POST", "/api/rooms",
     {"rules": {"preset": "amerikaans", "packs": "x"}, "seats": SEATS}),
    ("rooms-unknown-house-key", "POST", "/api/rooms",
     {"rules": {"preset": "amerikaans", "kleur": 1}, "seats": SEATS}),
    ("rooms-too-many-players", "POST", "/api/rooms",
     {"rules": "jokeren-7", "seats": [{"kind": "person"}] * 9}),
    ("rooms-unknown-level", "POST", "/api/rooms",
     {"seats": [{"kind": "computer", "level": "godlike"}]}),
    ("rooms-timer-word", "POST", "/api/rooms", {"seats": SEATS, "turn_timer": "long"}),
    ("rooms-window", "POST", "/api/rooms", {"seats": SEATS, "buying_window": 2}),
    ("join-unknown-room", "POST", "/api/rooms/nope/join", {"token": "x", "name": "Bob"}),
    ("join-bad-token", "POST", "/api/rooms/{room}/join", {"token": "x", "name": "Bob"}),
    ("join-token-a-number", "POST", "/api/rooms/{room}/join", {"token": 5, "name": "Bob"}),
    ("join-no-name", "POST", "/api/rooms/{room}/join", {"token": "{invite}"}),
    ("join-not-json", "POST", "/api/rooms/{room}/join", "{"),
    ("start-unknown-room", "POST", "/api/rooms/nope/start", {"token": "x"}),
    ("start-bad-token", "POST", "/api/rooms/{room}/start", {"token": "x"}),
    ("start-not-everyone", "POST", "/api/rooms/{room}/start", {"token": "{host}"}),
    ("computer-seat-word", "POST", "/api/rooms/{room}/seats/x/computer", {"token": "{host}"}),
    ("computer-no-seat", "POST", "/api/rooms/{room}/seats/99/computer", {"token": "{host}"}),
    ("computer-bad-level", "POST", "/api/rooms/{room}/seats/0/computer",
     {"token": "{host}", "level": "godlike"}),
    ("end-bad-token", "POST", "/api/rooms/{room}/end", {"token": "x"}),
    ("kind-bad-token", "POST", "/api/rooms/{room}/seats/1/kind",
     {"token": "x", "kind": "computer"}),
    ("kind-bad-kind", "POST", "/api/rooms/{room}/seats/1/kind",
     {"token": "{host}", "kind": "robot"}),
    ("kind-no-seat", "POST", "/api/rooms/{room}/seats/99/kind",
     {"token": "{host}", "kind": "computer"}),
    ("kind-bad-level", "POST", "/api/rooms/{room}/seats/1/kind",
     {"token": "{host}", "kind": "computer", "level": "godlike"}),
    ("rematch-bad-token", "POST", "/api/rooms/{room}/rematch", {"token": "x"}),
    ("rematch-not-over", "POST", "/api/rooms/{room}/rematch", {"token": "{host}"}),
    ("rematch-unknown-room", "POST", "/api/rooms/nope/rematch", {"token": "x"}),
    ("info-unknown-room", "GET", "/api/rooms/nope?token=x", None),
    ("info-no-token", "GET", "/api/rooms/{room}", None),
    ("info-bad-token", "GET", "/api/rooms/{room}?token=x", None),
    ("record-bad-token", "GET", "/api/rooms/{room}/record?token=x", None),
    ("record-unknown-room", "GET", "/api/rooms/nope/record?token=x", None),
    ("play-now-unknown-preset", "POST", "/api/play-now", {"name": "Ann", "rules": "klaverjas"}),
    ("play-now-bad-house-value", "POST", "/api/play-now",
     {"name": "Ann", "rules": {"preset": "amerikaans", "jokers": -1}}),
    ("play-now-name-a-number", "POST", "/api/play-now", {"name": 5}),
    ("play-now-unknown-level", "POST", "/api/play-now", {"name": "Ann",
                                                        "computers": ["godlike"]}),
    ("play-now-too-many", "POST", "/api/play-now",
     {"name": "Ann", "rules": "jokeren-7", "computers": ["basic"] * 8}),
    ("play-now-not-json", "POST", "/api/play-now", "name=Ann"),
    ("score-new-unknown-preset", "POST", "/api/score/new",
     {"rules": "klaverjas", "players": ["Ann", "Bob"]}),
    ("score-new-bad-house-value", "POST", "/api/score/new",
     {"rules": {"preset": "amerikaans", "packs": 0}, "players": ["Ann", "Bob"]}),
    ("score-new-one-player", "POST", "/api/score/new", {"players": ["Ann"]}),
    ("score-new-odd-name", "POST", "/api/score/new", {"players": ["A\u0000nn", "Bob"]}),
    ("score-new-players-a-word", "POST", "/api/score/new", {"players": "Ann,Bob"}),
    ("score-round-not-a-card", "POST", "/api/score/round",
     {"card": {"hello": 1}, "entry": {"out": "Ann", "left": {}}}),
    ("score-round-bad-card", "POST", "/api/score/round",
     {"card": "{card}", "entry": {"out": "Ann", "left": {"Bob": "7x"}}}),
    ("score-round-unknown-player", "POST", "/api/score/round",
     {"card": "{card}", "entry": {"out": "Zorro", "left": {"Bob": 3}}}),
    ("score-undo-empty", "POST", "/api/score/undo", {"card": "{card}"}),
    ("score-show-a-list", "POST", "/api/score/show", {"card": [1]}),
    ("score-penalty-bad-card", "POST", "/api/score/penalty", {"left": "Ks 7x"}),
    ("score-penalty-two-signs", "POST", "/api/score/penalty", {"left": "--5"}),
    ("score-penalty-superscript", "POST", "/api/score/penalty", {"left": "\u00b2"}),
    ("score-penalty-negative", "POST", "/api/score/penalty", {"left": -5}),
    ("score-penalty-negative-text", "POST", "/api/score/penalty", {"left": "-5"}),
    ("score-penalty-huge", "POST", "/api/score/penalty", {"left": 999_999_995}),
    ("score-penalty-not-a-step", "POST", "/api/score/penalty", {"left": 37}),
    ("score-penalty-copies", "POST", "/api/score/penalty", {"left": "Ks " * 40}),
    ("score-round-left-huge", "POST", "/api/score/round",
     {"card": "{card}", "entry": {"out": "Ann", "left": {"Bob": "9" * 5000}}}),
    ("score-penalty-unknown-preset", "POST", "/api/score/penalty",
     {"rules": "klaverjas", "left": 3}),
    ("score-export-kind", "POST", "/api/score/export/doc", {"card": "{card}"}),
    ("score-export-lang", "POST", "/api/score/export/csv?lang=de", {"card": "{card}"}),
    ("replay-not-a-record", "POST", "/api/replay", {"record": {"hello": 1}}),
    ("replay-text-not-json", "POST", "/api/replay", {"record": "{not json"}),
    ("replay-a-number", "POST", "/api/replay", {"record": 5}),
    ("replay-unknown-preset", "POST", "/api/replay", {"record": dict(RECORD, rules="x")}),
    ("replay-bad-card", "POST", "/api/replay",
     {"record": dict(RECORD, rounds=[{"moves": ["Ann: discard 7x"]}])}),
    ("replay-upcard-not-used", "POST", "/api/replay",
     {"record": dict(RECORD, rounds=[{"upcard": "Kd", "moves": []}])}),
    ("replay-illegal-move", "POST", "/api/replay",
     {"record": dict(RECORD, rounds=[{"moves": ["Ann: lay 1 8h"]}])}),
    ("replay-no-body", "POST", "/api/replay", "{}"),
    ("check-not-json", "POST", "/api/rules/check", "{"),
    ("check-rules-a-number", "POST", "/api/rules/check", {"rules": 5}),
    # club evenings (/api/club)
    ("club-odd-name", "POST", "/api/club", {"players": ["A\u202enn", *PLAYERS7]}),
    ("club-unknown-preset", "POST", "/api/club", {"players": PLAYERS7, "rules": "klaverjas"}),
    ("club-few-players", "POST", "/api/club", {"players": PLAYERS7[:3]}),
    ("club-unknown", "GET", "/api/club/nope", None),
    ("club-draw-no-token", "POST", "/api/club/nope/draw", None),
    ("club-export-kind", "GET", "/api/club/nope/standings.doc", None),
    # bodies Starlette cannot parse (its own 400): more digits than Python reads, too deep
    ("rooms-huge-number", "POST", "/api/rooms", '{"seats": [], "turn_timer": ' + "9" * 5000
     + "}"),
    ("check-nested-too-deep", "POST", "/api/rules/check",
     '{"rules": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("replay-huge-number", "POST", "/api/replay", '{"record": {"seed": ' + "9" * 5000 + "}}"),
    ("no-such-address", "GET", "/api/nope", None),
    ("wrong-method", "DELETE", "/api/rooms", None),
]


def _fill(value: Any, server: Server, card: dict[str, Any]) -> Any:
    marks = {"{room}": server.room["room"], "{host}": server.room["host_token"],
             "{invite}": server.room["invite_token"]}
    if value == "{card}":
        return card
    if isinstance(value, str):
        for mark, real in marks.items():
            value = value.replace(mark, real)
        return value
    if isinstance(value, dict):
        return {k: _fill(v, server, card) for k, v in value.items()}
    return value


@pytest.mark.parametrize(("method", "path", "body"), [c[1:] for c in HTTP],
                         ids=[c[0] for c in HTTP])
def test_http_bad_input_is_a_4xx_with_a_sentence(server: Server, method: str, path: str,
                                                 body: Any) -> None:
    card = server.http.post("/api/score/new", json={"players": ["Ann", "Bob"]}).json()["card"]
    url = _fill(path, server, card)
    if isinstance(body, str):
        answer = server.http.request(method, url, content=_fill(body, server, card),
                                     headers={"content-type": "application/json"})
    else:
        answer = server.http.request(method, url, json=_fill(body, server, card))
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    said = _refusal(answer.json())
    assert said["en"] != said["nl"] or said["en"].startswith("{"), said
    assert "Traceback" not in answer.text
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


def test_points_and_buys_past_their_bounds_are_refused(server: Server) -> None:
    """/api/score/penalty echoed -5 and 999999999, /api/score/round took a billion buys:
    now one sentence each (docs/score.md, the bounds), and a hand that can be is counted."""
    assert server.http.post("/api/score/penalty", json={"left": 35}).json() == {"points": 35}
    assert server.http.post("/api/score/penalty", json={"left": "Ks *"}).json() == \
        {"points": 30}
    made = server.http.post("/api/score/new", json={"players": ["Ann", "Bob", "Cor"]})
    entry = {"out": "Ann", "left": {"Bob": 10, "Cor": 5}, "buys": {"Bob": 10**12}}
    answer = server.http.post("/api/score/round", json={"card": made.json()["card"],
                                                         "entry": entry})
    assert answer.status_code == 400, answer.text
    assert answer.json()["key"] == "score_err_buys_most"
    said = _refusal(answer.json())
    assert said["en"] == ("Bob cannot have bought 1000000000000 cards in one round: the "
                          "packs hold 108 cards"), said
    entry["buys"] = {"Bob": 3}
    answer = server.http.post("/api/score/round", json={"card": made.json()["card"],
                                                         "entry": entry})
    assert answer.status_code == 200, answer.text


@settings(max_examples=100, deadline=None)
@given(points=st.integers(-10**15, 10**15) | st.integers(-20, 2000),
       preset=st.sampled_from(["amerikaans", "jokeren", "jokeren-7"]), as_text=st.booleans())
def test_the_penalty_of_any_points_is_a_hands_or_a_sentence(server: Server, points: int,
                                                            preset: str,
                                                            as_text: bool) -> None:
    """Any points, as a number or as text: the same points back when a hand of the rules
    can cost them, else 400 with the sentence (never an echo of -5 or a billion)."""
    rules = PRESETS[preset]
    answer = server.http.post("/api/score/penalty", json={
        "rules": preset, "left": str(points) if as_text else points})
    if answer.status_code == 200:
        assert answer.json() == {"points": points}
        assert 0 <= points <= 1320 and not points % points_step(rules)
        return
    assert answer.status_code == 400, answer.text
    assert answer.json()["key"] in ("score_err_hand_negative", "score_err_hand_step",
                                    "score_err_hand_most", "score_err_hand_value"), answer.text
    said = _refusal(answer.json())
    assert said["en"] != said["nl"]


def test_rules_check_says_why_house_rules_cannot_be_played(server: Server) -> None:
    """The house-rules editor's live check answers every rule set (200), with the reason
    in both languages when they cannot be played."""
    for rules in ("klaverjas", {"preset": "amerikaans", "packs": "x"},
                  {"preset": "amerikaans", "kleur": 1}, {"schedule": ["fly 3"]}):
        answer = server.http.post("/api/rules/check", json={"rules": rules})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["ok"] is False and body["error"]["en"] and body["error"]["nl"], body
        assert body["error"]["en"] != body["error"]["nl"]
    assert "Traceback" not in server.new_log()


# --- the WebSocket ------------------------------------------------------------------------

def _frames(ws: Any, want: str, bound: float = WAIT) -> dict[str, Any]:
    """The next frame of type ``want`` (computer players' events may come between)."""
    ends = time.monotonic() + bound
    while True:
        left = ends - time.monotonic()
        assert left > 0, f"no {want} frame"
        frame = json.loads(ws.recv(timeout=left))
        if frame.get("type") == want:
            return frame


def _socket_url(server: Server, seat: dict[str, Any]) -> str:
    return server.base.replace("http://", "ws://") + seat["socket"]


# (id, the frame sent after the hello: a str as it is, bytes as a binary frame)
MESSAGES: list[tuple[str, str | bytes]] = [
    ("not-json", "{not json"),
    ("a-list", "[1, 2]"),
    ("binary", b"\x00\x01"),
    ("unknown-type", json.dumps({"type": "dance"})),
    ("act-no-id", json.dumps({"type": "act", "version": 0, "action": "draw"})),
    ("act-id-a-number", json.dumps({"type": "act", "id": 7, "version": 0, "action": "draw"})),
    ("act-version-a-word", json.dumps({"type": "act", "id": "a1", "version": "x",
                                       "action": "draw"})),
    ("act-action-a-list", json.dumps({"type": "act", "id": "a2", "version": 0,
                                      "action": ["draw"]})),
    ("act-bad-card", json.dumps({"type": "act", "id": "a3", "version": "{version}",
                                 "action": "discard 7x"})),
    ("act-unknown-verb", json.dumps({"type": "act", "id": "a4", "version": "{version}",
                                     "action": "fly away"})),
    ("act-stale-version", json.dumps({"type": "act", "id": "a5", "version": -5,
                                      "action": "draw"})),
    ("act-meld-of-nothing", json.dumps({"type": "act", "id": "a6", "version": "{version}",
                                        "action": "meld 2c 9h Kd"})),
    ("too-big", json.dumps({"type": "act", "id": "a7", "version": 0, "action": "x" * 5000})),
]


@pytest.mark.parametrize(("message",), [(m,) for _, m in MESSAGES],
                         ids=[n for n, _ in MESSAGES])
def test_socket_bad_message_gets_the_refusal_frame(server: Server,
                                                   message: str | bytes) -> None:
    seat = server.seat
    with connect(_socket_url(server, seat), open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "token": seat["token"], "since": None}))
        welcome = _frames(ws, "welcome")
        if isinstance(message, str):
            message = message.replace('"{version}"', str(welcome["version"]))
        ws.send(message)
        refused = _frames(ws, "refused")
        said = _refusal(refused["reason"])
        assert said["en"] != said["nl"], said
        ws.send(json.dumps({"type": "ping"}))  # the connection goes on
        assert _frames(ws, "pong")["version"] >= 0
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


# (id, the first frame: the hello), each answered by an error frame with a reason
HELLOS: list[tuple[str, str, str | bytes]] = [
    ("unknown-room", "/ws/nope", json.dumps({"type": "hello", "token": "x"})),
    ("bad-token", "{socket}", json.dumps({"type": "hello", "token": "x"})),
    ("token-a-number", "{socket}", json.dumps({"type": "hello", "token": 5})),
    ("not-json", "{socket}", "{not json"),
    ("a-list", "{socket}", "[1]"),
    ("binary", "{socket}", b"\x00"),
]


@pytest.mark.parametrize(("path", "hello"), [h[1:] for h in HELLOS], ids=[h[0] for h in HELLOS])
def test_socket_bad_hello_gets_an_error_frame(server: Server, path: str,
                                              hello: str | bytes) -> None:
    url = server.base.replace("http://", "ws://") + path.replace("{socket}",
                                                                 server.seat["socket"])
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(hello)
        error = _frames(ws, "error")
        said = _refusal(error["reason"])
        assert said["en"] != said["nl"], said
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


def _closed_code(ws: Any, bound: float = WAIT) -> int | None:
    """The close code of a socket the server closes (frames before it are skipped)."""
    from websockets.exceptions import ConnectionClosed

    ends = time.monotonic() + bound
    with pytest.raises(ConnectionClosed):
        while True:
            left = ends - time.monotonic()
            assert left > 0, "the socket was not closed"
            ws.recv(timeout=left)
    code: int | None = ws.close_code
    return code


@pytest.mark.parametrize("size", [70_000, 250_000])
def test_a_message_over_64_kib_is_refused_in_words_then_closed(server: Server,
                                                               size: int) -> None:
    """uvicorn closed a frame over 64 KiB itself (1009) before the table saw it, so the page
    got no sentence; now it reads up to 256 KiB and the table's socket says why (``too_big``,
    both languages) before it closes (1009). The server answers on."""
    seat = server.seat
    for message in ("x" * size, b"\x00" * size):
        with connect(_socket_url(server, seat), open_timeout=WAIT) as ws:
            ws.send(json.dumps({"type": "hello", "token": seat["token"], "since": None}))
            _frames(ws, "welcome")
            ws.send(message)
            refused = _frames(ws, "refused")
            assert refused["reason"]["key"] == "too_big" and refused["id"] is None
            said = _refusal(refused["reason"])
            assert said["en"] != said["nl"], said
            assert _closed_code(ws) == 1009
    assert server.http.get("/api/presets").status_code == 200
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


def test_a_lobby_message_over_64_kib_is_refused_in_words_then_closed(server: Server) -> None:
    """The lobby socket had the same gap: a frame over 64 KiB closed by uvicorn unsaid."""
    url = f"{server.base.replace('http://', 'ws://')}/ws/{server.room['room']}/lobby"
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "token": server.room["host_token"]}))
        _frames(ws, "lobby")
        ws.send("x" * 100_000)
        error = _frames(ws, "error")
        assert error["reason"]["key"] == "too_big"
        said = _refusal(error["reason"])
        assert said["en"] != said["nl"], said
        assert _closed_code(ws) == 1009
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


@pytest.mark.parametrize("size", [5_000, 200_000])
def test_an_oversized_hello_is_refused_in_words_as_other_bad_hellos(server: Server,
                                                                    size: int) -> None:
    """A hello of 200 KB with a right token was read and welcomed (the table's socket
    refuses any later message over 4 KB, the lobby's over 1 KiB): now it is refused before
    it is read, with the sentence and close (4400) of any other bad hello. A page's hello
    is some 100 bytes."""
    from jokeren.server import tokens

    page = json.dumps({"type": "hello", "token": tokens.new_token(), "since": 2**31,
                       "protocol": 2, "learn": True})
    assert len(page) < 200
    base = server.base.replace("http://", "ws://")
    for url, token, most in ((_socket_url(server, server.seat), server.seat["token"], 4096),
                             (f"{base}/ws/{server.room['room']}/lobby",
                              server.room["host_token"], 1024)):
        for hello in (json.dumps({"type": "hello", "token": token, "pad": "x" * size}),
                      json.dumps({"type": "hello", "token": "é" * (size // 2)},
                                 ensure_ascii=False)):  # size bytes, half the characters
            with connect(url, open_timeout=WAIT) as ws:
                ws.send(hello)
                error = _frames(ws, "error")
                assert error["reason"]["key"] == "hello", error
                said = _refusal(error["reason"])
                assert said["en"] != said["nl"] and str(most) in said["en"], said
                assert _closed_code(ws) == 4400
        with connect(url, open_timeout=WAIT) as ws:  # one just under the bound: read
            pad = most - len(json.dumps({"type": "hello", "token": token, "pad": ""}))
            ws.send(json.dumps({"type": "hello", "token": token, "pad": "x" * pad}))
            assert _frames(ws, "lobby" if most == 1024 else "welcome")
    log = server.new_log()
    assert "Traceback" not in log and " 500 " not in log, log


def test_the_table_socket_is_not_compressed_even_when_the_browser_offers_it(
        server: Server) -> None:
    """A browser offers per-message deflate and uvicorn would take it: every frame then
    compressed (a tenth more CPU an action, some 45 KB a socket). ``jokeren serve`` says no,
    and the socket works as ever."""
    seat = server.seat
    with connect(_socket_url(server, seat), open_timeout=WAIT, compression="deflate") as ws:
        assert "Sec-WebSocket-Extensions" not in ws.response.headers
        ws.send(json.dumps({"type": "hello", "token": seat["token"], "since": None}))
        assert _frames(ws, "welcome")["type"] == "welcome"
