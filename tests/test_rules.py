"""The presets against docs/rules.md, column by column, and house-rules files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jokeren.engine import DealError, new_match
from jokeren.rules.house import PRESETS, Rules, RulesError, contradictions
from jokeren.words.rules import contradiction_lines, describe

SIX = ["amerikaans", "amerikaans-40", "jokeren-13", "jokeren-7", "jokeren", "jokeren-30"]


def test_six_presets_with_descriptions() -> None:
    for name in SIX:
        rules = PRESETS[name]
        assert describe(rules, "nl") and describe(rules, "en")
        assert describe(rules, "nl") != describe(rules, "en")


@pytest.mark.parametrize(("preset", "key", "value"), [
    # packs / jokers (000: 2-4 players 2/4; 5-6: 3/6; 7+: 3/9)
    ("amerikaans", "packs", "by-players"), ("jokeren-7", "packs", 1), ("jokeren-7", "jokers", 2),
    ("jokeren-7", "hand_size", 7), ("amerikaans", "hand_size", 13),
    ("amerikaans", "upcard", "3+"), ("jokeren", "upcard", False), ("jokeren-30", "upcard", True),
    ("amerikaans-40", "upcard_offer", True), ("amerikaans", "upcard_offer", False),
    ("amerikaans", "duplicate_exchange", True), ("amerikaans-40", "duplicate_exchange", False),
    ("amerikaans", "opening_only_contract", True), ("amerikaans-40", "opening_only_contract", True),
    ("jokeren", "opening_only_contract", False), ("jokeren-30", "opening_only_contract", False),
    ("jokeren-7", "act_before_out", True), ("jokeren-30", "act_before_out", True),
    ("jokeren-13", "act_before_out", False), ("jokeren", "wait_first_turn", True),
    ("amerikaans", "set_distinct_suits", "after-round-1"), ("jokeren", "set_distinct_suits", True),
    ("jokeren-30", "set_distinct_suits", False), ("amerikaans-40", "set_max", None),
    ("jokeren-13", "set_max", None), ("jokeren", "set_max", 4), ("amerikaans", "joker_gap", 1),
    ("jokeren", "joker_gap", 2), ("amerikaans", "joker_copies_limit", True),
    ("jokeren-30", "freed_joker", "hand"), ("amerikaans", "freed_joker", "use"),
    ("jokeren", "take_discard", "if-used"), ("amerikaans", "take_discard", "always"),
    ("jokeren-13", "going_out", "discard-or-meld"), ("jokeren-30", "going_out", "discard-or-meld"),
    ("amerikaans", "going_out", "discard"), ("jokeren", "going_out", "discard"),
    ("jokeren-30", "discard_joker", False), ("amerikaans", "discard_joker", True),
    ("amerikaans", "rounds", 6), ("amerikaans-40", "rounds", 6), ("jokeren-13", "rounds", 5),
    ("jokeren-30", "all_at_once_bonus", 0), ("amerikaans", "money", None),
])
def test_preset_values(preset: str, key: str, value: object) -> None:
    assert PRESETS[preset].to_dict()[key] == value


@pytest.mark.parametrize(("preset", "schedule"), [
    ("amerikaans", ["set 3", "run 3", "run 4", "run 5", "run 6", "all"]),
    ("amerikaans-40", ["set 3", "run 3", "points 40", "run 4", "run 5", "all"]),
    ("jokeren-13", ["set 3 | run 3", "points 40", "set 4 | run 4", "set 5 | run 5", "all"]),
    ("jokeren", ["points 40"]), ("jokeren-30", ["points 30"]),
])
def test_schedules(preset: str, schedule: list[str]) -> None:
    assert [str(r) for r in PRESETS[preset].schedule] == schedule


@pytest.mark.parametrize(("preset", "penalties"), [
    # 2-9 / 10 / JQK / ace / joker
    ("amerikaans", (5, 10, 10, 15, 20)), ("amerikaans-40", (7, 10, 10, 11, 25)),
    ("jokeren-13", (7, 10, 10, 11, 25)), ("jokeren", (7, 10, 10, 1, 50)),
    ("jokeren-30", (7, 10, 10, 15, 25)),
])
def test_penalties(preset: str, penalties: tuple[int, ...]) -> None:
    r = PRESETS[preset]
    got = (r.penalty_of(7, False, True), r.penalty_of(10, False, True),
           r.penalty_of(12, False, True), r.penalty_of(1, False, True), r.penalty_of(0, True, True))
    assert got == penalties


def test_joker_counts_ten_before_coming_out_in_001() -> None:
    assert PRESETS["amerikaans-40"].penalty_of(0, True, come_out=False) == 10
    assert PRESETS["jokeren-13"].penalty_of(0, True, come_out=False) == 25


@pytest.mark.parametrize("preset", ["amerikaans", "amerikaans-40", "jokeren"])
def test_a_penalty_override_changes_only_the_cards_it_names(preset: str) -> None:
    base = PRESETS[preset].penalty
    got = Rules.load({"preset": preset, "penalty": {"A": 11, "*": 30}}).penalty
    assert got == {**base, "A": 11, "*": 30}  # "*-before-out" too stays the preset's


def test_packs_by_players() -> None:
    r = PRESETS["amerikaans"]
    assert [(r.pack_count(n), r.joker_count(n)) for n in (2, 4, 5, 6, 7, 8)] == [
        (2, 4), (2, 4), (3, 6), (3, 6), (3, 9), (3, 9)]
    assert not r.has_upcard(2) and r.has_upcard(3)
    assert not r.buying_on(2) and r.buying_on(3)


def test_amerikaans_deals_up_to_twelve_players() -> None:
    """000 "bij 6 tot 8 of meer spelers": 3 packs and 9 jokers deal 13 cards to 12 players
    with the upcard and a stock of 8 left; a thirteenth hand is not there."""
    r = PRESETS["amerikaans"]
    assert r.players == (2, 12) and not contradictions(r)
    state = new_match(r, [f"P{i}" for i in range(12)], seed=1)
    assert all(len(h) == 13 for h in state.hands) and len(state.stock) == 8
    with pytest.raises(DealError, match="2 to 12 players, not 13"):
        new_match(r, [f"P{i}" for i in range(13)], seed=1)


def test_overrides_and_round_trip() -> None:
    r = Rules.load({"preset": "jokeren-30", "eliminate_at": 500, "discard_joker": True})
    assert r.eliminate_at == 500 and r.discard_joker
    assert Rules.load(r.to_obj()) == r
    assert Rules.load("jokeren").to_obj() == "jokeren"


def test_schedule_override_sets_the_rounds() -> None:
    r = Rules.load({"preset": "amerikaans", "schedule": ["run 3", "set 3", "run 4", "set 4",
                                                           "run 5", "run 6", "all"]})
    assert r.rounds == 7 and str(r.requirement(6)) == "all"


@pytest.mark.parametrize(("obj", "message"), [
    ({"preset": "nope"}, "unknown preset"),
    ({"jokers_gap": 1}, "unknown rule key 'jokers_gap'; valid keys: packs"),
    ({"joker_gap": 3}, "joker_gap must be one of 0, 1, 2"),
    ({"going_out": "meld"}, 'going_out must be one of "discard", "discard-or-meld"'),
    ({"schedule": ["set 2"]}, "at least 3 cards"),
    ({"schedule": ["triple 3"]}, "use 'set N'"),
    ({"set_max": "four"}, "set_max must be a whole number"),
    ({"penalty": {"Z": 3}}, "penalty key 'Z'"),
    ({"upcard": "yes"}, "upcard must be one of"),
    ({"rounds": None, "eliminate_at": None}, "a match needs an end"),
    ({"max_turns": 0}, "max_turns must be a whole number 1..100000 or null"),
])
def test_bad_rules_are_refused_with_the_valid_values(obj: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("|", r"\|")):
        Rules.load(obj)


def test_house_rules_files(tmp_path: Path) -> None:
    toml = tmp_path / "ours.toml"
    toml.write_text('preset = "jokeren-13"\nschedule = ["run 3", "set 3", "all"]\n'
                    'take_discard = "if-used"\n', encoding="utf-8")
    r = Rules.from_file(toml)
    assert r.rounds == 3 and r.take_discard == "if-used"
    js = tmp_path / "ours.json"
    js.write_text(json.dumps({"preset": "jokeren", "joker_gap": 1}), encoding="utf-8")
    assert Rules.from_file(js).joker_gap == 1
    bad = tmp_path / "bad.toml"
    bad.write_text("preset = ", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid TOML"):
        Rules.from_file(bad)


def test_contradictions_are_pointed_at() -> None:
    r = Rules.load({"preset": "amerikaans", "set_max": 4, "schedule": ["set 5"]})
    assert any("set of 5" in c for c in contradiction_lines(r))
    assert contradictions(PRESETS["jokeren-13"]) == []


def test_a_set_larger_than_the_packs_hold_of_a_rank_is_a_contradiction() -> None:
    """h1 B7: jokeren-13 (2 packs, 4 jokers: at most 8 + 4 cards of a rank) passed
    ``schedule = ["set 13"]``; a run of 99 was pointed at, an impossible set not."""
    r = Rules.load({"preset": "jokeren-13", "schedule": ["set 13"]})
    assert [c.key for c in contradictions(r)] == ["set_rank"]
    assert contradiction_lines(r, "en") == [
        "round 1 asks for a set of 13, but with 2 players the packs and jokers hold at most "
        "12 cards of one rank"]
    assert contradictions(Rules.load({"preset": "jokeren-13", "schedule": ["set 12"]})) == []
    apart = Rules.load({"preset": "jokeren-13", "jokers": 12, "joker_gap": 1,
                        "schedule": ["set 18"]})  # 8 naturals keep at most 9 jokers apart
    assert [c.params["most"] for c in contradictions(apart) if c.key == "set_rank"] == [17]
