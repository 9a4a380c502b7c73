"""The tabs of the xlsx workbooks (score/xlsx.py): Excel takes 31 characters for a sheet's
name, and the name was cut there in the middle of a word ("Scorekaart · Jokeren met 7
kaar"; a club's seating lists "... · Ronde 1 · taf", or with a long evening title every tab
the same title numbered 2, 3, 4). Every tab the program makes is now whole words, at most
31 characters, and says what the sheet is in the glossary's word."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

import pytest
from openpyxl import load_workbook

from jokeren.club.clubgrids import season_grid, seating_grids, standings_book
from jokeren.club.evening import Form, draw_next, enter_form, new_evening
from jokeren.play.table import Seat, Table
from jokeren.rules.house import PRESETS, Rules
from jokeren.score.grids import Grid, score_grid
from jokeren.score.scorecard import new_card
from jokeren.score.xlsx import SHEET_MOST, sheet_name, xlsx_bytes
from jokeren.server.rooms import match_sheet
from jokeren.words.catalogue import t

LANGS = ("nl", "en")


def _tabs(grids: Sequence[Grid]) -> list[str]:
    return list(load_workbook(io.BytesIO(xlsx_bytes(grids))).sheetnames)


def _words(text: str) -> list[str]:
    """The words of a title or a tab, as a tab may write them (no ? or *)."""
    return [w for w in re.sub(r"[?*]", "", text).split() if w]


def _whole(tab: str, title: str) -> bool:
    """Whether ``tab`` is a run of ``title``'s words, none of them cut."""
    tab_words, words = _words(tab), _words(title)
    n = len(tab_words)
    return n > 0 and any(words[i:i + n] == tab_words for i in range(len(words) - n + 1))


def _fits(tabs: list[str], grids: Sequence[Grid]) -> None:
    assert len({tab.lower() for tab in tabs}) == len(tabs), tabs
    for tab, grid in zip(tabs, grids, strict=True):
        assert 0 < len(tab) <= SHEET_MOST, tab
        assert _whole(tab, grid.sheet or grid.title), (tab, grid.title)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_score_sheets_tab_is_whole_and_says_what_it_is(preset: str, lang: str) -> None:
    rules = Rules.load(preset)
    players = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fien"][:rules.players[0]]
    card = score_grid(new_card(rules, players), lang)  # jokeren score, the /score page
    table = Table(rules, [Seat(p) for p in players], seed=1)
    played = match_sheet(table, lang)  # a match played in a room: its score sheet
    for grid, word in ((card, t("score_title", lang)), (played, t("web_score_sheet", lang))):
        tabs = _tabs([grid])
        _fits(tabs, [grid])
        assert tabs[0].startswith(word), tabs  # Scorekaart, Scoreblad: what it is
        assert grid.title.startswith(word)  # and the rules with it, on the printed page
    assert played.title.startswith("Scoreblad · " if lang == "nl" else "Score sheet · ")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", ["", "Jokerclub De Klaverheer, najaarscompetitie"])
def test_a_club_evenings_tabs_are_whole_and_name_their_round(lang: str, title: str) -> None:
    players = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk"]
    ev = new_evening(players, rounds=3, seed=1, title=title, date="2026-12-02")
    for _ in range(3):
        ev = draw_next(ev)
    for k, seats in enumerate(ev.draws[0], 1):
        games = tuple(tuple(0 if s == g % len(seats) else 5 + s for s in range(len(seats)))
                      for g in range(4))
        ev = enter_form(ev, 1, k, Form(games))
    seating = seating_grids(ev, lang)
    tabs = _tabs(seating)
    _fits(tabs, seating)
    round_word = "Ronde" if lang == "nl" else "Round"
    assert [tab.split(" · ")[0] for tab in tabs[:3]] == [f"{round_word} {r}" for r in (1, 2, 3)]
    one = seating_grids(ev, lang, round_no=2)  # one round's list and who sits where
    _fits(_tabs(one), one)
    book = standings_book(ev, lang)
    tabs = _tabs(book)
    _fits(tabs, book)
    # the standings' formulas read the forms' sheets by these names: kept exactly
    assert tabs == [grid.sheet for grid in book]
    assert tabs[0] == t("club_standings_sheet", lang)
    season = [season_grid([], lang)]
    _fits(_tabs(season), season)


def test_a_long_title_is_shortened_at_a_word() -> None:
    assert sheet_name("Scorekaart · Jokeren met 7 kaarten") == "Scorekaart"
    assert sheet_name("Scorekaart · Amerikaans Jokeren") == "Scorekaart · Amerikaans Jokeren"
    assert sheet_name("Kerst 2026 bij oma en opa thuis in Zeeland") == \
        "Kerst 2026 bij oma en opa thuis"
    assert sheet_name("Waar zit ik? (tafel per ronde, alle rondes samen)") == "Waar zit ik"
    assert sheet_name("a:b/c\\d?[e]*") == "a-b-c-d(e)"  # what Excel refuses in a name
    assert sheet_name("'x'") == "x" and sheet_name("") == "Sheet"
    assert len(sheet_name("x" * 40)) == SHEET_MOST  # one word longer than a tab: cut
    # the same long title twice: numbered, the number after a whole word
    grids = [Grid("Kerst 2026 bij oma en opa thuis in Zeeland", ["a"])] * 3
    assert _tabs(grids) == ["Kerst 2026 bij oma en opa thuis", "Kerst 2026 bij oma en opa 2",
                            "Kerst 2026 bij oma en opa 3"]
    assert _tabs([Grid("History", ["a"])]) == ["History 2"]  # a name Excel keeps for itself
