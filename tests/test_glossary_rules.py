"""The rules in Dutch, as a player reads them, in the words of /work/shared/GLOSSARY.md
(docs/words.md): ``jokeren rules PRESET --lang nl`` for every preset, the list of presets,
``rules --check`` of a house-rules file and its contradictions hold no English word, no word
the glossary says "not", no source number ("000", "(2010)") and no program word (preset,
seed, a house-rule key such as ``opening_only_contract``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.rules.cards import Card
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.reasons import Rank, Reason
from jokeren.score.scorecard import new_card
from jokeren.score.sheet import card_text
from jokeren.words.catalogue import t
from jokeren.words.rules import explain, preset_name

# The glossary's "not" column (Dutch words we do not use), and English and program words a
# Dutch rules text once held. "partij" is the club's word for one game at a table.
NOT_DUTCH = ("voorinstelling", "melding", "groep", "setje", "reeks", "straat", "bijleggen",
             "weggooien", "weggooistapel", "deler", "cent", "kamer", "scorebriefje",
             "rekenblad", "schudnummer", "inpikken", "ingepikt", "ingepikte", "pikt",
             "vrijgekomen", "klaar", "spelletje", "tips", "gewoon")
ENGLISH = ("the", "and", "with", "card", "cards", "player", "players", "round", "rounds",
           "stock", "discard", "upcard", "pack", "packs", "meld", "run", "penalty", "points",
           "yes", "no", "random", "basic", "strong", "room", "hint", "help", "match", "preset",
           "seed", "true", "false", "null", "by-players", "if-used", "new-meld", "turn-over",
           "reshuffle", "schedule", "buying", "money", "draws", "rearrange")
SOURCE = re.compile(r"\b00[0-4]\b|\(\d{4}\)|\b20(10|14)\b")
PROGRAM = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:set|run|points) \d+\b")


def problems(text: str) -> list[str]:
    """What a Dutch rules text must not hold, each with the line it is in."""
    found = []
    for line in text.splitlines():
        words = set(re.findall(r"[\w-]+", line.lower()))
        found += [f"{w!r} in {line!r}" for w in sorted(words & {*NOT_DUTCH, *ENGLISH})]
        found += [f"{m.group()!r} in {line!r}" for m in SOURCE.finditer(line)]
        found += [f"{m.group()!r} in {line!r}" for m in PROGRAM.finditer(line)]
    return found


def test_the_check_finds_what_it_looks_for() -> None:
    """Each kind of word the glossary keeps out is found (the texts of the first reading)."""
    for line in ("Voorinstelling: amerikaans", "strafpunten: 2-9 5, the rest",
                 "Amerikaans Jokeren (000, 2010)", "een ingepikte joker",
                 "opening_only_contract: ja", "een rij van 3; 2. set 3", "de vrijgekomen joker",
                 "Jokeren in de familie (004)"):
        assert problems(line), line
    assert problems("Spelvorm: Jokeren in de familie; 2 tot en met 9 elk 5; een rij van "
                    "drie") == []


runner = CliRunner()


def _dutch(*args: str) -> str:
    result = runner.invoke(app, ["rules", *args, "--lang", "nl"])
    assert result.exit_code in (0, 2), result.output
    return result.stdout + result.stderr


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_in_dutch_is_in_the_glossary_words(preset: str) -> None:
    text = _dutch(preset)
    assert text.startswith("Spelvorm: ") and "strafpunten" in text
    assert problems(text) == []


def test_the_list_of_presets_in_dutch() -> None:
    text = _dutch()
    assert "Jokeren in de familie" in text and "Jokeren zoals Rummikub" in text
    assert problems("\n".join(line.split(maxsplit=1)[1] for line in text.splitlines())) == []


def test_a_checked_house_rules_file_in_dutch(tmp_path: Path) -> None:
    """A family's file that changes every kind of key, and contradicts itself: the check,
    the rules and the contradictions in Dutch words."""
    path = tmp_path / "huisregels.json"
    path.write_text(json.dumps({
        "preset": "amerikaans", "schedule": ["set 5", "run 3 + run 3", "points 40", "all"],
        "set_max": 4, "rounds": 6, "packs": 1, "jokers": 2, "upcard": False,
        "upcard_offer": True, "buying": {"extra": 2, "min_players": 3}, "draws": 3,
        "turbo": True, "money": {"per_buy": 5, "per_point": 1}, "max_reshuffles": 2,
        "max_turns": 300, "all_at_once_bonus": 25, "eliminate_at": 200,
        "freed_joker": "hand", "take_discard": "if-used", "stock_empty": "turn-over",
        "set_joker_fixed": False, "joker_gap": 0, "set_distinct_suits": True,
        "penalty": {"A": 1, "*-before-out": 10}}), encoding="utf-8")
    text = _dutch("--check", str(path))
    assert "ronde 1 vraagt een set van 5" in text and "€ 0,05 per koop" in text
    assert problems(text.replace(str(path), "huisregels.json")) == []


def test_the_wordings_the_reader_met() -> None:
    """Issue 40's wording points in the rules' refusals and the table's words: a card that
    does not fit says "past niet" once; the Rummikub variant by its one name; a suit is a
    "kleur", so the four-colour deck is not "kaarten in vier kleuren"."""
    queens = Reason("not_this_set", card=Card.parse("5h"), rank=Rank(12))
    lay = Reason("cannot_lay", cards=(Card.parse("5h"),), n=2, reason=queens).text("nl")
    assert lay.count("past niet") == 1 and "5♥" in lay and "combinatie 2" in lay
    assert "Rummikub-stijl" not in Reason("no_rearrange").text("nl")
    assert "Jokeren zoals Rummikub" in Reason("no_rearrange").text("nl")
    assert "vier kleuren" not in t("web_four_colour", "nl")


def test_the_club_help_says_drawn_rounds_in_dutch() -> None:
    """Issue 40: "elke geloote ronde" (a misspelt word) in the help of --round."""
    for command in ("seating", "forms"):
        result = runner.invoke(app, ["club", command, "--help", "--lang", "nl"])
        text = " ".join(result.stdout.replace("│", " ").split())
        assert result.exit_code == 0 and "elke ronde die al geloot is" in text, text
        assert "geloote" not in text


def test_a_score_card_names_its_rules_in_words() -> None:
    """The score card's title names the preset as a player does, not by its program name."""
    card = new_card(Rules.load("jokeren-30"), ["Ann", "Bob"])
    text = card_text(card, "nl")
    assert "Scorekaart · Jokeren in de familie" in text and "jokeren-30" not in text
    assert problems(text.splitlines()[0]) == []
    assert "Jokeren in the family" in card_text(card, "en")


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_each_preset_has_one_name(lang: str) -> None:
    """One name per rule set: the browser's one-line summary (web_preset_NAME) begins with
    the name the rules texts, the score card and ``jokeren rules`` give it."""
    for name, rules in PRESETS.items():
        line = t(f"web_preset_{name}", lang)
        assert line.split(":")[0] == preset_name(rules, lang), (name, line)


def test_how_many_play_in_words() -> None:
    def players(lo: int, hi: int) -> str:
        return explain(Rules.load({"preset": "amerikaans", "players": [lo, hi]}), "players", "nl")

    assert players(3, 4) == "3 of 4 spelers" and players(2, 12) == "2 tot 12 spelers"
    assert players(4, 4) == "4 spelers"
