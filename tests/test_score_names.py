"""A score card's names as a club's (bc36bb2): one Unicode form, the ends trimmed, spaces
inside as one. An older card holding one name typed two ways still opens, the later as
"Éva (2)" with her own rounds; a card of "Jan  Smit" opens as "Jan Smit" with his."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.rules.house import Rules
from jokeren.score.scorecard import ScoreError, add_round, new_card, tally
from jokeren.score.scorefile import from_obj, kept_apart, make_round, to_json

runner = CliRunner()
EVA = "\u00c9va"  # one code point
EVA_NFD = unicodedata.normalize("NFD", EVA)  # E and a combining acute accent


def score(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["score", *args])
    return result.exit_code, result.stdout, result.stderr


def _played(players: list[str]) -> dict[str, Any]:
    """A card of three rounds in which every player's name is used (out, left, not come
    out, buys), as the program writes it."""
    card = new_card(Rules.load("amerikaans"), players)
    a, b, c = card.players
    for out, left, late, buys in ((b, {a: 20, c: 35}, [], {a: 1}),
                                  (a, {b: "Ks 7h", c: 5}, [b], {b: 2}),
                                  (c, {a: 15, b: 10}, [], {})):
        card = add_round(card, make_round(card.players, out, left, not_come_out=late,
                                          buys=buys))
    obj: dict[str, Any] = json.loads(to_json(card))
    return obj


def _spelled(obj: dict[str, Any], spell: dict[str, str]) -> dict[str, Any]:
    """``obj`` as a version before bc36bb2 (or 60f1975) wrote it: names as ``spell`` says,
    in the players and every round (it kept a name's code points as typed)."""
    def name(p: str) -> str:
        return spell.get(p, p)

    rounds = []
    for r in obj["rounds"]:
        r = dict(r)
        r["out"] = name(r["out"]) if r["out"] is not None else None
        r["left"] = {name(p): v for p, v in r["left"].items()}
        if "not_come_out" in r:
            r["not_come_out"] = [name(p) for p in r["not_come_out"]]
        if "buys" in r:
            r["buys"] = {name(p): k for p, k in r["buys"].items()}
        rounds.append(r)
    return {**obj, "players": [name(p) for p in obj["players"]], "rounds": rounds}


@pytest.mark.parametrize(("first", "later", "kept"), [
    (EVA, EVA_NFD, EVA), (EVA_NFD, EVA, EVA),
    ("Jan  Smit", "Jan Smit", "Jan Smit"), ("Jan Smit", " Jan   Smit ", "Jan Smit")])
def test_an_older_card_with_one_name_typed_two_ways_still_opens(
        tmp_path: Path, first: str, later: str, kept: str) -> None:
    """Before, "Éva" as one character and as E and an accent (or "Jan  Smit" beside "Jan
    Smit") could be two players of one card. Alike now, the card was refused ("players
    need different names") and the match lost: the later one opens as "Éva (2)", with her
    own rounds, as a club file's (bc36bb2); written back, the card reads the same."""
    made = _played(["A", "B", "Oma"])
    old = _spelled(made, {"A": first, "B": later})
    opened = from_obj(old)
    assert opened.players == (kept, f"{kept} (2)", "Oma")
    assert tally(opened).totals == tally(from_obj(made)).totals
    assert [e.buys for e in opened.rounds] == [e.buys for e in from_obj(made).rounds]
    assert from_obj(json.loads(to_json(opened))) == opened
    # on the command line: shown, a round added, the file written back and read again
    card = tmp_path / "oud.json"
    card.write_text(json.dumps(old, ensure_ascii=False), encoding="utf-8")
    code, out, err = score("show", str(card), "--lang", "nl")
    assert code == 0, err
    assert f"{kept} (2)" in out and EVA_NFD not in out
    code, _, err = score("round", str(card), "--uit", f"{kept} (2)", "--over", f"{kept}=5",
                         "--over", "Oma=10", "--lang", "nl")
    assert code == 0, err
    again = from_obj(json.loads(card.read_text(encoding="utf-8")))
    assert again.players == opened.players and len(again.rounds) == 4
    assert tally(again).totals == tuple(t + d for t, d in zip(
        tally(opened).totals, (5, 0, 10), strict=True))


def test_a_name_written_the_same_twice_is_refused_still() -> None:
    """Only a name typed two ways is kept apart; one written twice (capitals aside) was
    refused before as now."""
    for twice in ([EVA, "éva", "Oma"], ["Ann", "Ann ", "Oma"]):
        with pytest.raises(ScoreError) as refused:
            from_obj({"format": "jokeren-score/1", "players": twice})
        assert refused.value.key == "score_err_names", twice
    assert kept_apart([EVA, EVA_NFD, f"{EVA} (2)"]) == [EVA, f"{EVA} (3)", f"{EVA} (2)"]


def test_a_card_with_jan_typed_with_two_spaces_opens_his_rounds_found() -> None:
    """A card of "Jan  Smit" (two spaces, as typed before) opens as "Jan Smit", every
    round's "Jan  Smit" found as him."""
    made = _played(["Jan Smit", "Oma", "Bob"])
    old = _spelled(made, {"Jan Smit": "Jan  Smit"})
    assert "Jan  Smit" in json.dumps(old)
    opened = from_obj(old)
    assert opened.players == ("Jan Smit", "Oma", "Bob")
    assert opened.rounds == from_obj(made).rounds
    assert tally(opened).totals == tally(from_obj(made)).totals
    assert "Jan  Smit" not in to_json(opened)


def test_score_new_names_a_player_given_twice_and_takes_a_comma_at_the_end(
        tmp_path: Path) -> None:
    """Read aloud by a family: "spelers hebben verschillende namen nodig, niet leeg" for
    Éva typed twice (once on a phone, E and an accent) left them to find which, and for
    "Oma,Opa," a comma at the end, which club new takes; a new card was "bewaard (ronde
    0)"."""
    card = tmp_path / "kaart.json"
    code, _, err = score("new", str(card), "--spelers", f"Oma,Opa,{EVA},Sander,{EVA_NFD}",
                         "--lang", "nl")
    assert code == 2 and err.strip() == (f"jokeren: {EVA} staat twee keer tussen de spelers: "
                                         f"geef elke speler een eigen naam (zoals {EVA} B)")
    code, _, err = score("new", str(card), "--players", "Ann,bob,Bob ", "--lang", "en")
    assert code == 2 and err.strip().startswith("jokeren: bob is among the players twice")
    assert not card.exists()
    code, out, err = score("new", str(card), "--spelers", f"Oma, Opa, {EVA_NFD},", "--lang",
                           "nl")
    assert code == 0, err
    assert json.loads(card.read_text(encoding="utf-8"))["players"] == ["Oma", "Opa", EVA]
    assert out.splitlines()[-1] == f"{card} bewaard, nog zonder rondes."
    code, _, err = score("new", str(tmp_path / "leeg.json"), "--spelers", "Oma, ,", "--lang",
                         "nl")
    assert code == 2 and "minstens 2 spelers" in err, err
