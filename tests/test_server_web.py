"""What the browser table asks of the server besides the rooms: the catalogue, the presets
in plain words, the rules' own check for the house-rules editor, and every page path."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import httpx
import pytest

from jokeren.engine.actions import Action
from jokeren.server.web import PAGES, check_rules, rule_keys

from server_harness import FAST, SHORT, Client, make_room, serve


@pytest.mark.anyio
async def test_the_catalogue_is_the_terminals_own(http: httpx.AsyncClient) -> None:
    served = (await http.get("/api/messages")).json()
    shipped = json.loads(
        resources.files("jokeren.words").joinpath("messages.json").read_text("utf-8"))
    assert served == shipped
    assert served["web_act_draw"] == {"en": "Draw", "nl": "Trekken"}


@pytest.mark.anyio
async def test_a_page_that_has_the_catalogue_is_not_sent_it_again(
        http: httpx.AsyncClient) -> None:
    first = await http.get("/api/messages")
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache" and tag.startswith('"')
    assert first.headers["content-encoding"] == "gzip"  # packed once, not at every load
    plain = await http.get("/api/messages", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == first.json()
    again = await http.get("/api/messages", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    weak = await http.get("/api/messages", headers={"If-None-Match": f'"old", W/{tag}'})
    assert weak.status_code == 304
    other = await http.get("/api/messages", headers={"If-None-Match": '"old"'})
    assert other.status_code == 200 and other.json() == first.json()


@pytest.mark.anyio
async def test_presets_in_plain_words_with_every_key(http: httpx.AsyncClient) -> None:
    presets = {p["preset"]: p for p in (await http.get("/api/presets")).json()}
    assert {"amerikaans", "amerikaans-40", "jokeren-13", "jokeren-7", "jokeren",
            "jokeren-30"} <= set(presets)
    ours = presets["amerikaans"]
    assert ours["rules"]["schedule"][0] == "set 3"
    assert "Amerikaans" in ours["description"]["nl"]
    assert ours["description"]["en"] != ours["description"]["nl"]


@pytest.mark.anyio
async def test_the_rules_check_names_contradictions_and_errors(
        http: httpx.AsyncClient) -> None:
    fine = (await http.post("/api/rules/check", json={"rules": "jokeren-13"})).json()
    assert fine["ok"] and fine["contradictions"] == [] and fine["error"] is None
    clash = (await http.post("/api/rules/check", json={
        "rules": {"preset": "amerikaans", "set_max": 3, "schedule": ["set 4"]}})).json()
    assert clash["ok"] and len(clash["contradictions"]) == 1
    assert "set_max" in clash["contradictions"][0]["en"]
    assert clash["contradictions"][0]["nl"] != clash["contradictions"][0]["en"]
    broken = (await http.post("/api/rules/check", json={
        "rules": {"preset": "amerikaans", "no_such_key": 1}})).json()
    assert not broken["ok"] and broken["error"]["nl"]
    assert (await http.post("/api/rules/check", json={"rules": 7})).status_code == 422


@pytest.mark.anyio
async def test_the_check_says_which_rules_a_contradiction_concerns(
        http: httpx.AsyncClient) -> None:
    clash = (await http.post("/api/rules/check", json={
        "rules": {"preset": "amerikaans", "set_max": 3, "schedule": ["set 4"]}})).json()
    assert clash["contradictions"][0]["keys"] == ["schedule", "set_max"]
    packs = (await http.post("/api/rules/check", json={
        "rules": {"preset": "jokeren-7", "players": [2, 9]}})).json()
    assert packs["contradictions"][0]["keys"] == ["packs", "jokers", "hand_size", "players"]
    bad = (await http.post("/api/rules/check", json={
        "rules": {"preset": "amerikaans", "packs": "1"}})).json()
    assert bad["error"]["keys"] == ["packs"] and "packs" in bad["error"]["en"]
    endless = (await http.post("/api/rules/check", json={
        "rules": {"preset": "amerikaans", "rounds": None}})).json()
    assert endless["error"]["keys"] == ["rounds", "eliminate_at"]


def _accepted(key: str, value: object) -> bool:
    return check_rules({"preset": "amerikaans", key: value}).ok


@pytest.mark.anyio
async def test_every_house_rule_key_is_described_as_the_rules_check_it(
        http: httpx.AsyncClient) -> None:
    """GET /api/rules/keys, from which the editor draws its controls: every key of a rule
    set once, grouped, and each value it says a key takes is one the rules accept (and the
    next one past either end is refused)."""
    answer = (await http.get("/api/rules/keys")).json()
    keys = {k["key"]: k for k in answer["keys"]}
    every = set(check_rules("amerikaans").rules or {}) - {"preset"}
    assert [k["key"] for k in answer["keys"]].count("packs") == 1 and set(keys) == every
    assert answer["groups"][:2] == ["dealing", "coming-out"]
    assert {k["group"] for k in answer["keys"]} == set(answer["groups"])
    assert keys["packs"] == {"key": "packs", "group": "dealing", "kind": "int", "min": 1,
                             "max": 4, "nullable": False, "choices": ["by-players"],
                             "fields": []}
    for key, spec in keys.items():
        kind = spec["kind"]
        if kind == "bool":
            assert _accepted(key, True) and _accepted(key, False) and not _accepted(key, 1)
        elif kind == "choice":
            assert spec["choices"] and all(_accepted(key, c) for c in spec["choices"]), key
            assert not _accepted(key, "no-such-choice")
        elif kind == "int":
            lo, hi = spec["min"], spec["max"]
            assert _accepted(key, lo) and not _accepted(key, lo - 1), key
            assert hi is None or (_accepted(key, hi) and not _accepted(key, hi + 1)), key
            assert _accepted(key, None) == spec["nullable"] or key == "rounds", key
            assert all(_accepted(key, c) for c in spec["choices"])
            assert not _accepted(key, str(lo)), key  # a number is sent as a number
        elif kind == "players":
            assert _accepted(key, [spec["min"], spec["max"]])
            assert not _accepted(key, [spec["min"] - 1, 4])
            assert not _accepted(key, [2, spec["max"] + 1])
        elif kind == "schedule":
            assert _accepted(key, [f"run {spec['min']}", "points 40", "all", "none"])
            assert not _accepted(key, [f"set {spec['min'] - 1}"])
        else:
            assert kind in ("penalty", "buying", "money"), key
            assert _accepted(key, None) == spec["nullable"], key
            for f in spec["fields"]:
                assert _accepted(key, {f["name"]: f["min"]}), (key, f)
                assert not _accepted(key, {f["name"]: f["min"] - 1}), (key, f)
                assert f["max"] is None or not _accepted(key, {f["name"]: f["max"] + 1})


def _slug(value: object) -> str:
    """web/src/lib/rules.ts's slug: the catalogue key part of a value."""
    return re.sub(r"[^A-Za-z0-9]", "_", json.dumps(value).strip('"').replace("+", "plus"))


def test_the_editor_words_every_key_group_and_choice_in_both_languages() -> None:
    """The house-rules editor's words (messages.json ``editor_*``): a title and an
    explanation for every key, a heading for every group, words for every choice and for
    'none', in English and Dutch."""
    words = json.loads(
        resources.files("jokeren.words").joinpath("messages.json").read_text("utf-8"))
    keys = rule_keys()
    wanted = [f"editor_group_{g}" for g in keys.groups]
    for k in keys.keys:
        wanted += [f"editor_key_{k.key}", f"editor_help_{k.key}"]
        wanted += [f"editor_{k.key}_{_slug(c)}" for c in k.choices]
        if k.nullable and k.kind == "int":
            wanted.append(f"editor_{k.key}_null")
        if k.kind in ("buying", "money"):
            wanted += [f"editor_{k.key}_{f.name}" for f in k.fields]
    missing = [w for w in wanted if set(words.get(w, {})) != {"en", "nl"}]
    assert missing == []
    assert words["editor_upcard_3plus"]["nl"] == "alleen bij 3 of meer spelers"


@pytest.mark.anyio
async def test_every_page_path_answers_with_the_page(http: httpx.AsyncClient) -> None:
    for path in PAGES:
        page = await http.get(path.replace("{room}", "abc"))
        assert page.status_code == 200 and "<div id=\"app\">" in page.text, path
    assert (await http.get("/no-such-page")).status_code == 404


def test_check_rules_is_what_rules_check_says() -> None:
    deep: object = {"preset": "amerikaans"}
    for _ in range(2000):
        deep = [deep]
    assert not check_rules({"preset": "amerikaans", "schedule": deep}).ok  # type: ignore[dict-item]


@pytest.mark.anyio
async def test_the_seat_to_act_gets_the_engines_listed_moves_and_no_one_else(
        tmp_path: Path) -> None:
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'j.db'}", FAST) as server, \
            httpx.AsyncClient(base_url=server.base) as http:
        room = await make_room(http, 1, ["basic"], rules=SHORT)
        rid = room["room"]
        runner = server.runner(rid)
        client = Client(f"{server.ws}/ws/{rid}", room["seats"][0]["token"])
        await client.connect()
        frame = await client.until("welcome")
        for _ in range(200):  # frames until it is the person's move
            if runner.table.to_act == 0 and frame.get("moves"):
                break
            frame = await client.recv()
        table = runner.table
        assert table.to_act == 0
        assert frame["moves"] == [str(a) for a in table.legal()]
        for move in frame["moves"]:  # every hint is a move the engine accepts
            assert table.check(0, Action.parse(move)) is None
        await client.send(frame["moves"][0])
        ack = await client.until("ack")
        assert ack["version"] == table.version
        await client.close()
        watcher = Client(f"{server.ws}/ws/{rid}", room["spectate_token"])
        await watcher.connect()
        assert (await watcher.until("welcome"))["moves"] == []
        await watcher.close()
