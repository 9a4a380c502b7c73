"""The variants that change the game (004), the variants of 001 as keys, schedules written by
players, and ``jokeren rules --check``. The records in tests/scenarios/variants/ show each
rule move by move; these tests cover what records cannot show."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.analysis.legal import legal_actions
from jokeren.bots.random_player import RandomPlayer
from jokeren.cli.app import app
from jokeren.engine import Deal, check, deal_round, new_match
from jokeren.engine.actions import DRAW, TAKE, Action, Verb
from jokeren.engine.record import apply_line
from jokeren.engine.state import Phase
from jokeren.engine.views import SeatView, view
from jokeren.play.table import Table
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import PRESETS, Rules, contradictions, find_preset
from jokeren.rules.variants import VARIANTS, changed_keys
from jokeren.words.rules import check_text, contradiction_lines, describe, explain

from conftest import assert_replays, capped, check_invariants, play_out

FAMILY_SCHEDULE = ["run 3", "set 3", "run 4", "set 4", "run 5", "run 6", "all"]
# What each variant changes on top of jokeren-30 (004), and nothing else.
CHANGES = {
    "mexicaans": {"schedule"},
    "contract": {"schedule", "rounds", "eliminate_at", "act_before_out"},
    "turbo": {"turbo"},
    "rummikub": {"rearrange"},
    "open": {"open_hands"},
}


# --- the presets -------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CHANGES))
def test_each_variant_is_a_preset_on_top_of_jokeren_30(name: str) -> None:
    rules = find_preset(name)
    base = PRESETS["jokeren-30"]
    differ = {f.name for f in fields(Rules)
              if f.name != "preset"
              and getattr(rules, f.name) != getattr(base, f.name)}
    assert differ == CHANGES[name]
    assert rules.players == (2, 4)
    assert describe(rules, "nl") != describe(rules, "en")
    assert "Verder als Jokeren in de familie" in describe(rules, "nl")
    assert Rules.load(rules.to_obj()) == rules == Rules.load(name)
    assert contradictions(rules) == []


def test_variants_are_found_by_alias_and_combine_as_keys() -> None:
    assert find_preset("Mexican") is find_preset("mexicaans")
    assert find_preset("rummikub-stijl").rearrange
    assert [v.preset for v in VARIANTS] == ["mexicaans", "contract", "turbo", "rummikub", "open"]
    both = Rules.load({"preset": "contract", "turbo": True})
    assert both.turbo and str(both.schedule[0]) == "set 3 + set 3"
    assert Rules.load(json.loads(json.dumps(both.to_obj()))) == both


def test_the_numbers_of_the_variants() -> None:
    assert str(find_preset("mexicaans").schedule[0]) == "points 51"
    contract = find_preset("contract")
    assert [str(r) for r in contract.schedule] == ["set 3 + set 3", "set 3 + run 3",
                                                  "run 3 + run 3"]
    assert contract.match_rounds() == 3 and not contract.act_before_out
    assert find_preset("open").open_hands and find_preset("turbo").turbo


# --- schedules written by players ----------------------------------------------------------

def test_a_family_schedule_of_seven_rounds() -> None:
    rules = Rules.load({"preset": "amerikaans", "schedule": FAMILY_SCHEDULE})
    assert [str(rules.requirement(i)) for i in range(7)] == FAMILY_SCHEDULE
    assert rules.rounds == 7 and contradictions(rules) == []
    # On an elimination preset the schedule starts again after round 7.
    cycling = Rules.load({"preset": "jokeren-30", "schedule": FAMILY_SCHEDULE})
    assert cycling.rounds is None and str(cycling.requirement(7)) == "run 3"


def test_a_family_schedule_is_played_round_by_round() -> None:
    rules = Rules.load({"preset": "amerikaans", "schedule": FAMILY_SCHEDULE, "players": [2, 4]})
    s = new_match(rules, ["Ann", "Bob"], 3)
    assert str(s.requirement) == "run 3"
    s = deal_round(replace(s, phase=Phase.ROUND_OVER))
    assert str(s.requirement) == "set 3"


@pytest.mark.parametrize("text", ["set 3 + set 3", "set 4 | run 4", "run 3 + run 3 + run 3",
                                  "points 51", "all", "none"])
def test_requirements_round_trip(text: str) -> None:
    rules = Rules.load({"preset": "jokeren-30", "schedule": [text]})
    assert [str(r) for r in rules.schedule] == [text]
    assert rules.schedule[0].describe("nl") != rules.schedule[0].describe("en")


# --- contradictions and rules --check -------------------------------------------------------

@pytest.mark.parametrize(("keys", "en", "nl"), [
    ({"set_max": 4, "schedule": ["set 5"]}, "set of 5, but set_max is 4", "set van 5"),
    ({"set_max": None, "set_distinct_suits": True, "schedule": ["set 5"]},
     "different suits only", "verschillende kleuren"),
    ({"schedule": ["run 15"]}, "a run of 15 cannot exist", "bestaat niet"),
    ({"hand_size": 7, "schedule": ["run 5 + run 4"]}, "more cards than a hand holds",
     "meer kaarten"),
    ({"hand_size": 7, "schedule": ["points 100"]}, "100 points", "100 punten"),
    ({"hand_size": 20, "packs": 1, "jokers": 0}, "do not hold 20 cards", "geen 20 kaarten"),
    ({"upcard": False, "upcard_offer": True}, "no upcard", "geen open kaart"),
    ({"packs": 3, "duplicate_exchange": True}, "needs 2 packs", "2 spellen"),
    ({"turbo": True, "draws": 3}, "Turbo does nothing", "Turbo doet niets"),
    ({"buying": None, "money": {"per_buy": 1, "per_point": 1}}, "buying is off",
     "kopen staat uit"),
])
def test_contradictions_in_dutch_and_english(keys: dict[str, object], en: str, nl: str) -> None:
    rules = Rules.load({"preset": "amerikaans-40", **keys})
    assert any(en in c for c in contradiction_lines(rules, "en")), contradiction_lines(rules)
    assert any(nl in c for c in contradiction_lines(rules, "nl")), contradiction_lines(rules, "nl")


def test_no_preset_contradicts_itself() -> None:
    for rules in PRESETS.values():
        assert contradictions(rules) == [], rules.preset


def test_every_key_is_explained_in_both_languages() -> None:
    for rules in (*PRESETS.values(), Rules.load({"preset": "amerikaans",
                                                 "money": {"per_buy": 1, "per_point": 1},
                                                 "max_reshuffles": 2})):
        for f in fields(Rules):
            if f.name == "preset":
                continue
            en, nl = explain(rules, f.name, "en"), explain(rules, f.name, "nl")
            assert en and nl and "=" not in en, f.name
    assert explain(find_preset("rummikub"), "rearrange", "nl").endswith("ja")


def test_check_text_marks_the_changed_keys() -> None:
    rules = Rules.load({"preset": "jokeren-30", "turbo": True, "hand_size": 7})
    assert changed_keys(rules) == ["hand_size", "turbo"]
    text = check_text(rules, "nl", "huis.toml")
    assert "huis.toml" in text and "2 regels anders" in text
    assert " * 7 kaarten per hand" in text and "   2 spellen" in text and "hand_size" not in text
    assert " * hand_size" in check_text(rules, "en")
    assert "2 rules changed" in check_text(rules, "en")


runner = CliRunner()


def test_rules_check_command(tmp_path: Path) -> None:
    good = tmp_path / "familie.toml"
    good.write_text('preset = "amerikaans"\nschedule = ' + json.dumps(FAMILY_SCHEDULE) + "\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["rules", "--check", str(good), "--lang", "nl"])
    assert result.exit_code == 0, result.stdout
    assert "7 rondes" in result.stdout and "een rij van drie; 2. drie dezelfde" in result.stdout
    result = runner.invoke(app, ["rules", "--check", str(good), "--lang", "en"])
    assert result.exit_code == 0 and "7 rounds" in result.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"preset": "jokeren-30", "set_max": 4,
                               "schedule": ["set 5", "run 4"]}), encoding="utf-8")
    result = runner.invoke(app, ["rules", "--check", str(bad), "--lang", "nl"])
    assert result.exit_code == 2 and "ronde 1 vraagt een set van 5" in result.stderr
    result = runner.invoke(app, ["rules", "--check", str(bad), "--lang", "en", "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["set_max"] == 4
    assert "round 1 asks for a set of 5" in result.stderr


# --- the variants of 001, each a key ---------------------------------------------------------

def two_players(rules: Rules, ann: str, bob: str, stock: str, upcard: str = "Qc"):
    return new_match(rules, ["Ann", "Bob"], 1,
                     Deal((parse_cards(ann), parse_cards(bob)), Card.parse(upcard),
                          parse_cards(stock)))


def play(state, *lines: str):
    """Lines as a record writes them (offers closed by the implicit passes)."""
    for line in lines:
        name, _, text = line.partition(": ")
        state, _ = apply_line(state, state.players.index(name), Action.parse(text))
    return state


ANN = "7h 7d * 2c 4d 6s 8c 10d 3h 5c Jd Qs Kh"
BOB = "9h 9d 9s 7c 7s 2h 4h 6h 8h 10s Jc Qc Kc"


def test_a_set_joker_without_a_fixed_card_may_be_swapped_by_any_suit() -> None:
    rules = Rules.load({"preset": "amerikaans-40", "set_joker_fixed": False})
    s = two_players(rules, ANN, BOB, "As 5d 6d Js", "3s")
    s = play(s, "Ann: draw", "Ann: meld 7h 7d *7s", "Ann: discard As", "Bob: draw",
             "Bob: meld 9h 9d 9s", "Bob: discard 5d", "Ann: draw", "Ann: discard 6d",
             "Bob: draw")
    listed = legal_actions(s)
    assert Action.parse("swap 1 7c") in listed and Action.parse("swap 1 7s") in listed
    fixed = replace(s, rules=PRESETS["amerikaans-40"])
    assert check(fixed, 1, Action.parse("swap 1 7c")) is not None
    assert check(fixed, 1, Action.parse("swap 1 7s")) is None


def test_no_joker_in_the_first_meld() -> None:
    rules = Rules.load({"preset": "amerikaans-40", "joker_in_first_meld": False})
    s = two_players(rules, ANN, BOB, "7c 5d")
    s = play(s, "Ann: draw")
    assert "no joker in the first meld" in str(check(s, 0, Action.parse("meld 7h 7d *7s")) or "")
    assert check(s, 0, Action.parse("meld 7h 7d 7c")) is None


def test_take_the_discard_only_to_use_it_at_once() -> None:
    rules = Rules.load({"preset": "amerikaans-40", "take_discard": "if-used"})
    s = two_players(rules, "9c 2c 4d 6s 8c 10d 3h 5c Jd Qs Kh Ah 7d",
                    "9h 9d 3s 7c 7s 2h 4h 6h 8h 10s Jc Qc Kc", "As 5d", "5s")
    s = play(s, "Ann: draw", "Ann: discard 9c", "Bob: take")
    assert s.pending == (Card.parse("9c"),)
    assert "must first use 9c" in str(check(s, 1, Action.parse("discard 3s")) or "")
    s = play(s, "Bob: meld 9h 9d 9c", "Bob: discard 3s")
    assert s.phase is Phase.DRAW


def test_seven_cards_and_two_draws_a_turn() -> None:
    rules = Rules.load({"preset": "amerikaans-40", "hand_size": 7, "draws": 2})
    s = new_match(rules, ["Ann", "Bob", "Cas"], 9)
    assert [len(h) for h in s.hands] == [7, 7, 7]
    s = play(s, "Ann: draw")
    assert len(s.hands[0]) == 9 and len(s.drawn) == 2
    assert check(s, 0, DRAW) is not None  # one draw action a turn, of two cards
    check_invariants(s)


def test_turbo_counts_cards_also_with_two_draws() -> None:
    rules = Rules.load({"preset": "turbo", "draws": 2})
    s = two_players(rules, "2h 5h 8h Jh 3d 6d 9d Qd 4s 7s 10s Ks Ac",
                    "2c 3c 5c 6c 8c 9c Jc Qc 2s 3s 6s 9s Ad", "5d 8s Jd 10c 4c", "4h")
    s = play(s, "Ann: draw", "Ann: draw")
    assert len(s.drawn) == 3
    assert "at most 3 cards" in str(check(s, 0, DRAW) or "")


def test_turbo_only_while_unable_to_meld() -> None:
    turbo = find_preset("turbo")
    s = two_players(turbo, "2h 5h 8h Jh 3d 6d 9d Qd 4s 7s 10s Ks Ac",
                    "2c 3c 5c 6c 8c 9c Jc Qc 2s 3s 6s 9s Ad", "Kh Kd Jd 10c", "4h")
    s = play(s, "Ann: draw")
    assert DRAW in legal_actions(s)
    s = play(s, "Ann: draw")  # Kh Kd Ks: 30 points, enough to come out
    assert DRAW not in legal_actions(s)
    assert "cannot meld" in str(check(s, 0, DRAW) or "")
    assert TAKE not in legal_actions(s)


# --- open hands ---------------------------------------------------------------------------

def test_open_hands_show_every_hand_but_never_the_stock() -> None:
    for name, shown in (("open", True), ("jokeren-30", False)):
        s = new_match(find_preset(name), ["Ann", "Bob", "Cas"], 4)
        for seat in (0, 1, 2, None):
            v = view(s, seat)
            assert (v.open_hands == s.hands) if shown else v.open_hands is None
            assert v.stock_size == len(s.stock) and not hasattr(v, "stock")


# --- random play-outs of every new preset ----------------------------------------------------

class VariantPlayer(RandomPlayer):
    """Random, but plays the variant's own moves (rearranging, Turbo draws) and melds
    whenever they are listed, so that play-outs exercise them."""

    name = "variant"

    def choose(self, view: SeatView, legal):  # type: ignore[no-untyped-def, override]
        special = [a for a in legal if a.verb is Verb.TABLE
                   or (a.verb is Verb.DRAW and view.phase is Phase.PLAY)]
        if special and self.rng.random() < 0.8:
            return self.rng.choice(special)
        moves = [a for a in legal if a.verb in (Verb.MELD, Verb.LAY, Verb.SWAP)]
        if moves and self.rng.random() < 0.9:
            return self.rng.choice(moves)
        return legal[self.rng.randrange(len(legal))]


def play_variant(rules: Rules, n_players: int, seed: int) -> tuple[Table, list[Action]]:
    """A whole match, the invariants checked after every action (conftest.play_out)."""
    played: list[Action] = []
    game = play_out(rules, ["Ann", "Bob", "Cas", "Dirk"][:n_players], seed,
                    player=VariantPlayer, played=played)
    return game, played


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_random_playouts_of_the_variants(name: str) -> None:
    rules = replace(capped(find_preset(name)), eliminate_at=120)
    if name == "contract":
        rules = capped(find_preset(name))
    played: list[Action] = []
    for seed in range(3):
        game, actions = play_variant(rules, 2 + seed, 7000 + seed)
        assert game.state.winner is not None
        assert_replays(game)
        played += actions
    if name == "rummikub":
        assert any(a.verb is Verb.TABLE for a in played)
    if name == "turbo":
        assert sum(a.verb is Verb.DRAW for a in played) > sum(a.verb is Verb.DISCARD
                                                              for a in played)
