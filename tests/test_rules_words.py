"""Issue 40's wording points in the rules texts and around them, each as the reader met it:
one name per rule set, a round's end and a winner in one word, how many play, the club's
help, the score card's title. (The glossary check of ``jokeren rules PRESET --lang nl`` for
every preset is tests/test_glossary.py's.)"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.rules.cards import Card
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.reasons import Rank, Reason
from jokeren.rules.requirements import Requirement
from jokeren.score.scorecard import new_card
from jokeren.score.sheet import card_text
from jokeren.support.messages import catalogue
from jokeren.words.catalogue import t
from jokeren.words.rules import explain, preset_name
from test_glossary import problems

runner = CliRunner()


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


def test_the_round_of_all_at_once_has_one_name() -> None:
    """Issue 40: the two sides said "everything at once" and "all at once"; a round's
    requirement and the house-rules editor now say it one way in each language."""
    texts = [(key, lang, text) for key, entry in catalogue().items() for lang, value in
             entry.items() for text in (value.values() if isinstance(value, dict) else [value])]
    assert [k for k, lang, text in texts if lang == "en" and "everything at once" in text] == []
    assert t("editor_kind_all", "nl") == Requirement.parse("all").describe("nl")
    assert t("editor_kind_all", "en") == Requirement.parse("all").describe("en") == "all at once"


def test_the_rules_lines_the_reader_met() -> None:
    """Issue 40: "strafpunten: 2-9 5, 10 10", "in één keer uit: 0 punten eraf", "als
    iedereen een beurt had"."""
    amerikaans, club = PRESETS["amerikaans"], PRESETS["jokeren"]
    assert explain(amerikaans, "penalty", "nl") == \
        "strafpunten: 2 tot en met 9 elk 5; 10, boer, vrouw en heer elk 10; aas 15; joker 20"
    assert explain(club, "penalty", "en") == ("penalty points: 2 to 10 their face value; jack, "
                                              "queen and king: 10 each; ace 1; joker 50")
    assert explain(amerikaans, "all_at_once_bonus", "nl") == \
        "wie in één keer uitgaat, krijgt geen punten eraf"
    bonus = Rules.load({"preset": "jokeren-30", "all_at_once_bonus": 25})
    assert explain(bonus, "all_at_once_bonus", "nl") == \
        "wie in één keer uitgaat, krijgt 25 punten eraf"
    assert explain(club, "wait_first_turn", "nl") == \
        "pas uitkomen als iedereen een beurt heeft gehad: ja"
