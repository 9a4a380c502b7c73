"""The terminal table as a tester met it under tmux (80x24 and 60 columns): a typed move
that skipped the question the keys ask, q on the score sheet that quit unasked, one thing
with two words, a sentence that said what had not happened, words cut at 60 columns and a
hint written in arrows. Driven through Textual's pilot, as tests/test_tui_newcomer.py.

Helpers and the fixed deal come from tests/test_tui.py.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, Input

from jokeren.engine import Deal
from jokeren.engine.actions import Action, Verb
from jokeren.engine.state import Phase, RoundResult
from jokeren.engine.views import SeatView
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import Rules
from jokeren.tui.app import JokerenApp
from jokeren.tui.hints import Hints, hint_text
from jokeren.tui.screens import ConfirmScreen, HelpScreen, MoveLine, ScoreScreen
from jokeren.tui.session import Session, TableConfig
from jokeren.words.keys import key, keyed
from test_tui import CAS, DEAL, SHORT, Scripted, key_cards, log_text, run, screen_text, status
from test_tui_newcomer import to_play

TWO_ROUNDS = Rules.load({"preset": "amerikaans", "schedule": ["set 3"], "rounds": 2})
MELD_OUT_RULES = replace(SHORT, going_out="discard-or-meld")
# Ann discards 2♣ in her first turn (no one goes out in the first round of turns), then
# holds four sets after her second draw, 9♦: thirteen cards for the table and 4♥ to go out
# with (``OUT_DEAL``), or all fourteen for the table (``ALL_DEAL``; nobody buys).
OUT_HAND = "5h 5d 5s 7c 7d 7s Kh Kd Ks Kc 9h 9s 2c"
OUT_BOB = "10d 2h 3d 4c 6s 6h 8d 8s 10h Jc Jd Qh 2d"
OUT_DEAL = Deal(tuple(parse_cards(h) for h in (OUT_HAND, OUT_BOB, CAS)), Card.parse("Qc"),
                parse_cards("4h 3h 3s 9d 8h 4s 5c"))
ALL_DEAL = replace(OUT_DEAL, stock=parse_cards("9c 3h 3s 9d 8h 4s 5c"))
OUT_TYPED = {"en": "meld 5h 5d 5s / 7c 7d 7s / Kh Kd Ks Kc / 9h 9s 9d",
             "nl": "leg 5h 5r 5s / 7k 7r 7s / Hh Hr Hs Hk / 9h 9s 9r"}
ALL_TYPED = {"en": OUT_TYPED["en"] + " 9c", "nl": OUT_TYPED["nl"] + " 9k"}
LAST_TYPED = {"en": "discard 4h", "nl": "leg af 4h"}
LAST_OUT = {"en": "Go out with 4♥?", "nl": "Uitgaan met 4♥?"}
MELD_OUT = {"en": "Go out by melding everything?",
            "nl": "Uitgaan door alles op tafel te leggen?"}
STOP = {"en": "Stop now?", "nl": "Nu stoppen?"}
YES = {"en": "y", "nl": "j"}


async def second_turn(pilot: Pilot[Any], app: JokerenApp, lang: str) -> None:
    """Ann's first turn, 2♣ discarded (typed), and the draw of her second."""
    await to_play(pilot, app, lang)
    await type_line(pilot, app, {"en": "discard 2c", "nl": "leg af 2k"}[lang])
    await to_play(pilot, app, lang)


async def type_line(pilot: Pilot[Any], app: JokerenApp, text: str) -> None:
    """Open the move line, type ``text`` over what it holds and press Enter."""
    await pilot.press("colon")
    assert isinstance(app.screen, MoveLine)
    app.screen.query_one(Input).value = text
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_typed_joker_discard_asks_as_the_key_does(lang: str) -> None:
    """With confirmation on, "leg af *" on the move line discarded the joker unasked, where
    x asks "Een joker afleggen?". The line asks the same; no keeps the joker and the text
    (to mend), yes discards it and empties the line."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=True)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    typed = {"en": "discard *", "nl": "leg af *"}
    asked = {"en": "Discard a joker?", "nl": "Een joker afleggen?"}
    joker = Card.parse("*")

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, lang)
        await key_cards(pilot, "*")  # the key asks: the question the line must ask too
        await pilot.press(key("discard", lang))
        assert isinstance(app.screen, ConfirmScreen) and asked[lang] in screen_text(app)
        await pilot.press("n")
        await pilot.press("escape")
        await type_line(pilot, app, typed[lang])
        assert isinstance(app.screen, ConfirmScreen), status(app)
        assert asked[lang] in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert joker in app.view().hand and app.view().phase is Phase.PLAY
        assert app.typed == typed[lang]
        await type_line(pilot, app, typed[lang])
        await pilot.press(YES[lang])
        await pilot.pause()
        assert joker not in app.view().hand and joker in app.view().discard_pile
        assert app.typed == ""

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_typed_going_out_asks_as_the_keys_do(lang: str) -> None:
    """Going out typed on the move line asks as x (or o) does: the last card discarded
    ("Uitgaan met 4♥?"), or, where the rules let one go out by melding, every card melded;
    no changes nothing, yes goes out. Rummikub's new table with every hand card in it is
    going out too (the question is one for every way of making a move)."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=True)
    app = JokerenApp(config, lang=lang, deal=OUT_DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def last_card(pilot: Pilot[Any]) -> None:
        await second_turn(pilot, app, lang)
        hand = app.view().hand
        assert len(hand) == 14
        assert app.question(Action(Verb.TABLE, melds=(tuple(hand),))) == MELD_OUT[lang]
        assert app.question(Action(Verb.TABLE, melds=(tuple(hand[:3]),))) is None
        await type_line(pilot, app, OUT_TYPED[lang])  # 13 cards: not out, not asked
        assert not isinstance(app.screen, ConfirmScreen), status(app)
        assert app.view().hand == (Card.parse("4h"),), status(app)
        await type_line(pilot, app, LAST_TYPED[lang])
        assert isinstance(app.screen, ConfirmScreen), status(app)
        assert LAST_OUT[lang] in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.view().hand == (Card.parse("4h"),) and not app.round_done
        await type_line(pilot, app, LAST_TYPED[lang])
        await pilot.press(YES[lang])
        await pilot.pause()
        assert app.round_done and not app.view().hand

    run(app, last_card)

    config = TableConfig(MELD_OUT_RULES, ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=True)
    app = JokerenApp(config, lang=lang, deal=ALL_DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def every_card(pilot: Pilot[Any]) -> None:
        await second_turn(pilot, app, lang)
        await type_line(pilot, app, ALL_TYPED[lang])
        assert isinstance(app.screen, ConfirmScreen), status(app)
        assert MELD_OUT[lang] in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.view().hand) == 14 and not app.view().table
        await type_line(pilot, app, ALL_TYPED[lang])
        await pilot.press(YES[lang])
        await pilot.pause()
        assert app.round_done and not app.view().hand

    run(app, every_card)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_q_on_the_score_sheet_asks_first(lang: str, tmp_path: Path) -> None:
    """q on the score sheet after a round saved and quit at once, where q elsewhere asks
    first: it asks the same question; no leaves the sheet as it was, yes saves and stops.
    On the sheet looked at during play q asks too (it went back to the table)."""
    save = tmp_path / "potje.json"
    config = TableConfig(TWO_ROUNDS, ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=False)
    app = JokerenApp(config, lang=lang, deal=OUT_DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0, save=save)

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press(key("scores", lang))
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen) and STOP[lang] in screen_text(app)
        await pilot.press("n")
        assert isinstance(app.screen, ScoreScreen) and app.is_running
        await pilot.press("escape")
        await second_turn(pilot, app, lang)
        await type_line(pilot, app, OUT_TYPED[lang])
        await type_line(pilot, app, LAST_TYPED[lang])
        assert app.round_done, status(app)
        await pilot.press("enter")
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and STOP[lang] in screen_text(app)
        assert app.is_running and not save.exists()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen) and app.is_running
        await pilot.press("q", YES[lang])
        await pilot.pause()
        assert not app.is_running

    run(app, script)
    assert save.exists() and app.saved_note.endswith(str(save))


def test_the_cards_set_aside_have_one_word_in_dutch() -> None:
    """The button and the help said "Opzij", the piles and the status line "klaargelegd"
    for the same cards: "opzij" everywhere (its key z is opZij)."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang="nl", deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, "nl")
        assert app.query_one("#act-group", Button).label.plain == "z Opzij"
        await key_cards(pilot, "Kh Kd Kc")
        await pilot.press("z")
        text = " ".join(screen_text(app).split())
        assert status(app).startswith("1 combinatie opzij gelegd: kies er meer"), status(app)
        assert "opzij gelegd: H♥ H♦ H♣" in text and "klaargelegd" not in text
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "z combinatie opzij leggen" in keyed("tui_help", "nl")
        assert "klaargelegd" not in screen_text(app)

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_draw_says_the_card_is_for_sale_not_that_you_offered_it(lang: str) -> None:
    """Ann drew from the stock and read "Je bood V♣ te koop aan": the card she left is
    for sale, and the log says so ("V♣ is te koop"); others' lines are as they were."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    said = {"en": "Q♣ is for sale", "nl": "V♣ is te koop"}
    drew = {"en": "You drew a card", "nl": "Je trok een kaart"}

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press(key("draw", lang))
        await pilot.pause()
        log = log_text(app)
        assert log[-2:] == [said[lang], drew[lang]], log
        assert not any(line.startswith(("Je bood", "You put")) for line in log)

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_piles_line_breaks_between_groups_at_60_columns(lang: str) -> None:
    """At 60 columns the piles line cut the second group set aside ("... / 7♠"): it takes
    a second line, broken between two groups, each whole; at 80 columns one line."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    groups = ["5h 5d *", "Ks Kh Kd", "7c 8c 9c"]

    async def main() -> None:
        async with app.run_test(size=(60, 24)) as pilot:
            await pilot.pause()
            await to_play(pilot, app, lang)
            await pilot.press("1")  # a table meld chosen (none there): the line as it is
            for group in groups:
                await key_cards(pilot, group)
                await pilot.press(key("group", lang))
            await pilot.pause()
            piles = app.query_one("#piles")
            lines = screen_text(app).splitlines()[piles.region.y:piles.region.bottom]
            shown = [" ".join(c.symbol(lang) for c in sorted(
                parse_cards(g), key=app.order().cards.index)) for g in groups]
            assert piles.region.height == 3, lines  # its rule, then two lines
            for group in shown:
                assert any(group in line for line in lines), (group, lines)
            assert lines[1].rstrip().endswith("/") and "…" not in "".join(lines)
            assert lines[1].rstrip().startswith((" Discard pile", " Aflegstapel"))
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert piles.region.height == 2
            assert all(group in screen_text(app) for group in shown)

    asyncio.run(main())


def sheet_view(players: int) -> SeatView:
    """A view after four rounds of ``players``, totals in the hundreds."""
    bots = ("scripted",) * (players - 1)
    v = Session(TableConfig(Rules.load("amerikaans"), ("Ann",), bots, seed=1), None,
                [Scripted() for _ in bots]).view(0)
    reqs = ["set 3 + set 3", "set 3 + run 4", "run 4 + run 4", "set 3 + set 3 + set 3"]
    results = tuple(RoundResult(i % players, tuple(0 if s == i % players else 35 + 10 * s
                                                   for s in range(players)),
                                req, i % players, tuple(() for _ in range(players)))
                    for i, req in enumerate(reqs))
    return replace(v, results=results, totals=tuple(sum(r.penalties[s] for r in results)
                                                    for s in range(players)))


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_sheet_cuts_no_heading_and_no_number_at_60_columns(lang: str,
                                                                      players: int) -> None:
    """At 60 columns the English sheet's heading read "Requireme…" (and with five players
    a total "(11…"): every heading and number shows whole, the requirement's words
    wrapping; at 80 columns with four players each round is one line of points."""
    v = sheet_view(players)
    heads = {"en": ["Requirement"], "nl": ["Eis"]}

    class Sheet(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ScoreScreen(v, lang, lambda: "", ""))

    async def main() -> None:
        app = Sheet()
        async with app.run_test(size=(60, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "…" not in text.replace("(…)", ""), text
            for word in (*heads[lang], *v.players, "(165)", str(v.totals[-1])):
                assert word in text, (word, text)
            assert max(cell_len(line.rstrip()) for line in text.splitlines()) <= 60
            if players == 3:  # room for every column: the round and the dealer stay
                assert {"en": "Dealer", "nl": "Gever"}[lang] in text
            await pilot.resize_terminal(80, 40)
            await pilot.pause()
            if players == 4:
                assert "35 (105)" in screen_text(app)

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_hint_says_lay_offs_in_words_not_arrows(lang: str) -> None:
    """"Aanleggen: 10♦→3": "10♦ bij 3" (the move line takes "leg aan 3 10r", no arrow)."""
    v = Session(TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1), DEAL,
                [Scripted(), Scripted()]).view(0)
    v = replace(v, phase=Phase.PLAY, to_act=0, come_out=(True, False, False))
    h = Hints((), ((Card.parse("10d"), 3), (Card.parse("Qs"), 1)), ((Card.parse("5s"), 2),),
              ())
    text = str(hint_text(v, h, lang))
    said = {"en": ["Lay off: 10♦ on 3, Q♠ on 1", "Swap a joker: 5♠ in 2"],
            "nl": ["Aanleggen: 10♦ bij 3, V♠ bij 1", "Joker ruilen: 5♠ in 2"]}
    assert all(line in text for line in said[lang]) and "→" not in text, text
