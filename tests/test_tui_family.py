"""The terminal table as a Dutch family met it: what they stumbled on, driven through
Textual's pilot (keys only), each fixed and kept so.

Helpers and the fixed deal come from tests/test_tui.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from jokeren.engine import Deal
from jokeren.engine.state import Phase
from jokeren.play.table import people_table
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import Rules
from jokeren.tui.app import JokerenApp
from jokeren.tui.session import TableConfig
from jokeren.words.keys import key
from test_tui import (
    BOB,
    CAS,
    DEAL,
    SHORT,
    Scripted,
    bar_names,
    key_cards,
    run,
    screen_text,
    status,
    until,
)


def test_a_move_made_right_after_a_hint_shows_in_the_log() -> None:
    """A hint scrolls to its top after the next refresh. Keys typed quickly after it (the
    cards, then "o") played the move before that refresh came: the scroll then took the
    log back to its oldest lines, and the move just made was not to be seen."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang="en", deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        for _ in range(3):  # more log than its four lines
            while app.view().phase is not Phase.PLAY:
                await pilot.press("d" if app.view().phase is Phase.DRAW else "p")
            await key_cards(pilot, str(app.news.of(0, app.view().hand)[0]))
            await pilot.press("x")
        while app.view().phase is not Phase.PLAY:
            await pilot.press("d" if app.view().phase is Phase.DRAW else "p")
        await pilot.press("h")
        assert "You can lay" in screen_text(app)
        await key_cards(pilot, "5h 5d")
        app.cursor = [str(c) for c in app.hand()].index("*")
        app.action_select()  # the last card's key: its refresh has not come yet
        app.action_act("meld")  # ... when "m" follows
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "You can lay" not in text
        assert "You came out with 5♥ 5♦ ★5♠" in text, text
        box = app.query_one("#log-box")
        assert box.scroll_y == box.max_scroll_y > 0

    run(app, script)


TURBO = Rules.load({"preset": "turbo"})


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_turbo_offers_a_second_draw_only_when_the_rules_allow_it(lang: str) -> None:
    """Turbo draws again only before melding and while no meld can be made: the bar showed
    "d Draw" after Ann had come out, and with a meld in hand, and the key was refused."""
    config = TableConfig(TURBO, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press(key("draw", lang))
        await until(pilot, lambda: app.view().phase is Phase.PLAY)
        await pilot.pause()
        # Ks Kh Kd Kc make 40 points: the engine refuses a second draw, the bar says none
        assert "draw" not in bar_names(app), bar_names(app)
        assert "meld" in bar_names(app)

    run(app, script)

    # A hand without a meld of 30 points may draw again: the button is there, and works.
    hands = ("5h 5d 7c 9s Jh 2d 4c 6s 8h 10d Qc Ks Ah", BOB, CAS)
    deal = Deal(tuple(parse_cards(h) for h in hands), Card.parse("Qc"),
                parse_cards("9d 5s 3h 3s 8h 4s"))
    assert people_table(TURBO, ["Ann", "Bob", "Cas"], 1, deal).state.phase is Phase.DRAW
    app = JokerenApp(config, lang=lang, deal=deal, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def again(pilot: Pilot[Any]) -> None:
        await pilot.press(key("draw", lang))
        await until(pilot, lambda: app.view().phase is Phase.PLAY)
        await pilot.pause()
        assert "draw" in bar_names(app), bar_names(app)
        await pilot.press(key("draw", lang))
        await pilot.pause()
        assert len(app.view().hand) == 15

    run(app, again)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_status_says_a_card_is_for_sale_while_others_may_buy_it(lang: str) -> None:
    """Ann drew; while the computer players were asked to buy her upcard the status line
    said "Bob is aan de beurt…", as if her turn had gone: it says the card is for sale and
    who may buy it."""
    from dataclasses import replace

    from jokeren.tui.session import Session
    from jokeren.words.moves import status_line

    session = Session(TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1), DEAL,
                      [Scripted(), Scripted()])
    v = session.view(0)
    buying = replace(v, phase=Phase.BUYING, to_act=1, turn=0)
    said = {"en": "Q♣ is for sale: Bob may buy it.", "nl": "V♣ is te koop: Bob mag hem kopen."}
    assert status_line(buying, lang) == said[lang]
    waiting = {"en": "Bob to play…", "nl": "Bob is aan de beurt…"}
    assert status_line(replace(v, phase=Phase.DRAW, to_act=1, turn=1), lang) == waiting[lang]


def test_a_refused_lay_off_says_it_once_in_dutch() -> None:
    """"Dat mag niet: H♥ H♦ aanleggen bij combinatie 3 kan niet: een set heeft hoogstens 4
    kaarten": refused twice in one sentence. Now: "Dat mag niet: H♥ H♦ aanleggen bij
    combinatie 3: ..."."""
    from jokeren.rules.reasons import Rank, Reason

    queens = Reason("not_this_set", card=Card.parse("5h"), rank=Rank(12))
    lay = Reason("cannot_lay", cards=(Card.parse("5h"),), n=2, reason=queens)
    assert lay.text("nl").startswith("5♥ aanleggen bij combinatie 2: 5♥ past niet")
    assert "kan niet" not in lay.text("nl")
    assert "cannot" not in lay.text("en") and "meld 2: " in lay.text("en")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_preset_typed_on_the_setup_screen_is_the_one_played(lang: str) -> None:
    """The setup screen opened with its Start button focused: "mexicaans" typed at once
    went nowhere, and Enter started Amerikaans Jokeren. The rules' field has the focus, its
    text selected: what is typed replaces it, and Enter starts that."""
    from jokeren.tui.screens import SetupScreen

    app = JokerenApp(lang=lang, bot_delay=0, seed=4)

    async def script(pilot: Pilot[Any]) -> None:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press(*"mexicaans")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, SetupScreen))
        assert app.config is not None and app.config.rules.preset == "mexicaans"

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_help_says_how_to_get_back_to_the_table(lang: str) -> None:
    """The help ("?") filled the screen and never said which key closes it: its first line
    does, and that key closes it."""
    from jokeren.tui.screens import HelpScreen

    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    said = {"en": "Enter, Esc or ?: back to the table",
            "nl": "Enter, Esc of ?: terug naar de tafel"}

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert said[lang] in screen_text(app)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)

    run(app, script)


def test_the_log_grows_on_a_tall_screen() -> None:
    """At 120x40 the log kept its four lines under twenty-five empty lines of table: it
    grows a line for every two rows above 24, to twelve, and shrinks back at a resize."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang="nl", deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        box = app.query_one("#log-box")
        assert box.region.height == 4
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: box.region.height == 12)
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: box.region.height == 4)
        await pilot.resize_terminal(80, 30)
        await until(pilot, lambda: box.region.height == 7)

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_save_to_a_folder_says_it_is_a_folder(lang: str, tmp_path: Path) -> None:
    """`play --save FOLDER` said "FOLDER exists already: ... go on with that match with
    --resume FOLDER", a folder being no match to go on with: it says it is a folder."""
    from typer.testing import CliRunner

    from jokeren import cli

    result = CliRunner().invoke(cli.app, ["play", "--save", str(tmp_path), "--lang", lang,
                                          "--no-setup"])
    assert result.exit_code == 2
    said = {"en": "that is a folder, not a file", "nl": "dat is een map, geen bestand"}
    assert said[lang] in result.output and "--resume" not in result.output, result.output
    assert "Traceback" not in result.output


ONE_PACK = Rules.load({"preset": "amerikaans", "schedule": ["set 3"], "rounds": 1,
                       "packs": 1, "joker_copies_limit": True})
LOW_JOKER = Deal(tuple(parse_cards(h) for h in (
    "9h 9s 9d 5h 6h 7h 8h * Kc Qd 2s 3c 4d",
    "10d 2h 3d 4c 6s 10h 7d 8s Jh Jc Jd Qh 2d",
    "2c 5c 4s 6c 6d 10c 8d 7s 10s Js Qs Ah Ac")), Card.parse("Qc"),
    parse_cards("Kd Ks 3h 3s 8c 5s"))


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_joker_laid_off_goes_low_where_the_high_end_is_refused(lang: str) -> None:
    """A joker laid off on a run stands for its high end. With that card's every copy on
    the table (one pack: 9♥ lies in a set) the engine refused "lay 2 *" and the table had
    no other way: the legal lay-off, the joker as 4♥, could only be typed as notation."""
    config = TableConfig(ONE_PACK, ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=False)
    app = JokerenApp(config, lang=lang, deal=LOW_JOKER, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def to_play(pilot: Pilot[Any]) -> None:
        while not (app.view().my_turn and app.view().phase is Phase.PLAY):
            phase = app.view().phase
            await pilot.press(key("draw" if phase is Phase.DRAW else "pass", lang))
            await pilot.pause()

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot)
        await key_cards(pilot, "9h 9s 9d")
        await pilot.press(key("meld", lang))
        await key_cards(pilot, "Kc")
        await pilot.press(key("discard", lang))
        await to_play(pilot)
        await key_cards(pilot, "5h 6h 7h 8h")
        await pilot.press(key("meld", lang))
        assert [str(m) for m in app.view().table] == ["9h 9s 9d", "5h 6h 7h 8h"]
        await key_cards(pilot, "*")
        await pilot.press("2", key("lay", lang))
        await pilot.pause()
        assert [str(m) for m in app.view().table][1] == "*4h 5h 6h 7h 8h", status(app)

    run(app, script)
