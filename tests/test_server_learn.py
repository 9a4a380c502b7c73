"""The browser table's joker readings, requirement values and learning mode, server side:
every card a joker may stand for is in a seat's listed moves and each one the engine
accepts; learning mode sends why a computer player moved only to the seats that asked, and
only where the room plays with open hands."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from jokeren.analysis.legal import _canonical, joker_readings, legal_actions
from jokeren.engine import Deal, apply, check, new_match
from jokeren.engine.actions import DRAW, Action, Verb
from jokeren.engine.state import State
from jokeren.play.table import Seat, Table
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.server.frames import listing

from server_harness import Client, make_room, play_person, serve

OTHER = parse_cards("2d 3d 4d 5d 6d 7d 8h 9h 10h Jd Qd Kd Ad")



def _come_out_then_draw(hand: str) -> tuple[State, list[Action]]:
    """Ann (jokeren-30: 30 points to come out) melds Jc Qc Kc, discards, Bob draws and
    discards, Ann draws: her listed moves and their joker readings."""
    hands = (parse_cards(hand), OTHER)
    s = new_match(PRESETS["jokeren-30"], ["Ann", "Bob"], 1,
                  Deal(hands, Card.parse("As"), parse_cards("2c 9c 4c")))
    s, _ = apply(s, 0, DRAW)
    s, _ = apply(s, 0, Action.parse("meld Jc Qc Kc"))
    s, _ = apply(s, 0, Action.parse("discard 2c"))
    s, _ = apply(s, 1, DRAW)
    s, _ = apply(s, 1, Action.parse("discard 9c"))
    s, _ = apply(s, 0, DRAW)
    legal = legal_actions(s)
    return s, [*legal, *joker_readings(s, legal)]


def test_both_ends_of_a_run_with_jokers_are_listed() -> None:
    _, moves = _come_out_then_draw("5h * 7h * Jc Qc Kc 2s 4d 9s 3d 8d 10s")
    texts = {str(a) for a in moves}
    assert {"meld *4h 5h *6h 7h", "meld 5h *6h 7h *8h"} <= texts


def test_every_card_a_set_joker_may_name_is_listed_and_accepted() -> None:
    s, moves = _come_out_then_draw("7h 7s * Jc Qc Kc 2s 4d 9s 3d 8d 10s 5h")
    sets = {" ".join(sorted(str(c) for c in a.melds[0])) for a in moves
            if a.verb is Verb.MELD and a.melds[0][0].rank == 7 and len(a.melds[0]) == 3}
    # two packs: the joker may name either missing suit, or a copy of a card in the set
    assert {"*7d 7h 7s", "*7c 7h 7s"} <= sets
    for a in moves:
        assert check(s, 0, a) is None, a


def test_readings_are_new_and_legal_in_random_play() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        s = new_match(PRESETS["jokeren-30" if seed % 2 else "amerikaans"],
                      ["Ann", "Bob", "Cas"], seed)
        for _ in range(400):
            if not s.live:
                break
            legal = legal_actions(s)
            readings = joker_readings(s, legal)
            known = {_canonical(a) for a in legal}
            if not any(c.joker for c in s.hands[s.to_act]):  # readings skip such a hand:
                assert not readings  # no listed move then holds a joker to read
                assert not any(c.joker for a in legal if a.verb in (Verb.MELD, Verb.LAY)
                               for c in (*a.cards, *(c for g in a.melds for c in g))), legal
            for a in readings:
                assert _canonical(a) not in known, a
                assert check(s, s.to_act, a) is None, a
                checked += 1
            s, _ = apply(s, s.to_act, rng.choice(legal + readings))
    assert checked > 20


def test_values_come_with_the_moves_while_points_are_required() -> None:
    rules = PRESETS["jokeren-30"]
    hands = (parse_cards("5h * 7h * Jc Qc Kc 2s 4d 9s 3d 8d 10s"), OTHER)
    table = Table(rules, [Seat("Ann"), Seat("Bob")], 1,
                  deal=Deal(hands, Card.parse("As"), parse_cards("2c 9c")))
    table.play(0, DRAW)
    frame = listing(table, 0)
    assert "meld Jc Qc Kc" in frame["moves"]
    assert frame["values"]["Jc Qc Kc"] == 30
    assert frame["values"]["*10c Jc Qc Kc *Ac"] == 51  # the ace high: 11
    assert listing(table, 1) == {"moves": []}  # not Bob's move


Frames = list[dict[str, Any]]


async def _learning_frames(tmp_path: Path, open_hands: bool) -> tuple[Frames, Frames]:
    """One person with learning mode and one without, at a table with a computer player;
    every frame each receives in a whole short match."""
    rules = {"preset": "jokeren-7", "rounds": 1, "max_turns": 40, "open_hands": open_hands}
    async with serve(f"sqlite+aiosqlite:///{tmp_path / 'learn.db'}") as server, \
            httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        room = await make_room(http, 2, ["basic"], rules=rules)
        url = f"{server.ws}/ws/{room['room']}"
        learner = Client(url, room["seats"][0]["token"], learn=True)
        other = Client(url, room["seats"][1]["token"])
        for c in (learner, other):
            await c.connect()
        await asyncio.gather(*(play_person(c, server, room["room"], i, random.Random(i))
                               for i, c in enumerate((learner, other))))
        for c in (learner, other):
            await c.close()
        return learner.frames, other.frames


@pytest.mark.anyio
async def test_learning_mode_explains_the_computer_to_the_seat_that_asked(
        tmp_path: Path) -> None:
    learner, other = await _learning_frames(tmp_path, open_hands=True)
    whys = [f["why"] for f in learner if "why" in f]
    assert whys, "no explanation came"
    assert all(w["seat"] == 2 for w in whys)  # only the computer player's moves
    assert all(w["text"]["en"] and w["text"]["nl"] for w in whys)
    assert any(w["action"].startswith("discard") for w in whys)
    assert not any("why" in f for f in other)  # the other person did not ask
    assert all(f["view"]["open_hands"] is not None for f in learner if "view" in f)


@pytest.mark.anyio
async def test_learning_mode_says_nothing_where_hands_are_hidden(tmp_path: Path) -> None:
    learner, _ = await _learning_frames(tmp_path, open_hands=False)
    assert not any("why" in f for f in learner)
    assert all(f["view"]["open_hands"] is None for f in learner if "view" in f)


def test_open_hands_rule_is_a_key() -> None:
    assert Rules.load({"preset": "jokeren-7", "open_hands": True}).open_hands
