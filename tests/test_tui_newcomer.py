"""The terminal table as a newcomer in a Dutch family met it: what could not be found or
was misread, driven through Textual's pilot (keys only), each fixed and kept so.

Helpers and the fixed deal come from tests/test_tui.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input

from jokeren.engine import Deal
from jokeren.engine.state import Phase
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.tui.app import JokerenApp, bar_labels, bar_width
from jokeren.tui.screens import HelpScreen, MoveLine, ScoreScreen, SetupScreen
from jokeren.tui.session import TableConfig
from jokeren.words.keys import key
from test_tui import (
    ANN,
    CAS,
    DEAL,
    SHORT,
    STOCK,
    Closer,
    Scripted,
    bar_names,
    key_cards,
    log_text,
    markup_plain,
    run,
    screen_text,
    status,
    until,
)

RUMMIKUB = Rules.load("rummikub")


async def to_play(pilot: Pilot[Any], app: JokerenApp, lang: str) -> None:
    """Ann draws (and passes any offer) until she is to play."""
    while not (app.view().my_turn and app.view().phase is Phase.PLAY):
        phase = app.view().phase
        await pilot.press(key("draw" if phase is Phase.DRAW else "pass", lang))
        await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_rummikubs_rearranging_is_on_the_bar_the_status_and_the_help(lang: str) -> None:
    """Rearranging the table (Jokeren zoals Rummikub) could only be typed on the move line
    as the complete new table: no button, and neither the status line nor the help said
    so. With a meld on the table the status line names its key, the bar shows it whole at
    80 columns, the help says how; the key opens the move line filled with the table as it
    lies and the selected cards, ready to be made the new table, and Enter plays it."""
    config = TableConfig(RUMMIKUB, ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=False)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    said = {"en": "rearrange the table (r)", "nl": "herschik de tafel (h)"}
    label = {"en": "r Rearrange", "nl": "h Herschikken"}
    filled = {"en": "table Kh Ks Kd / Kc", "nl": "tafel Hh Hs Hr / Hk"}  # as they lie
    logged = {"en": "You rearranged the table with K♣", "nl": "Je herschikte de tafel met H♣"}

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, lang)
        assert "rearrange" not in bar_names(app) and said[lang] not in status(app)
        await key_cards(pilot, "Ks Kh Kd")
        await pilot.press(key("meld", lang))  # 30 points: out
        await pilot.pause()
        assert [str(m) for m in app.view().table] == ["Kh Ks Kd"]
        assert said[lang] in status(app), status(app)
        assert "rearrange" in bar_names(app), bar_names(app)
        button = app.query_one("#act-rearrange", Button)
        assert button.label.plain == label[lang] and button.region.right <= 80
        assert label[lang] in screen_text(app).splitlines()[button.region.y]

        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        how = {"en": "Press r: the line at the foot", "nl": "Druk op h: onderaan"}
        assert how[lang] in " ".join(screen_text(app).split())
        await pilot.press("escape")

        await key_cards(pilot, "Kc")
        await pilot.press(key("rearrange", lang))
        assert isinstance(app.screen, MoveLine)
        assert app.screen.query_one(Input).value == filled[lang]
        await pilot.press("enter")  # K♣ alone is no meld: refused, the text kept to mend
        await pilot.pause()
        assert status(app).startswith(("Not allowed: ", "Dat mag niet: ")), status(app)
        assert [str(m) for m in app.view().table] == ["Kh Ks Kd"]
        await pilot.press(key("rearrange", lang))
        assert isinstance(app.screen, MoveLine)
        field = app.screen.query_one(Input)
        assert field.value == filled[lang]
        field.value = filled[lang].replace(" / ", " ")  # the new table: four kings
        await pilot.press("enter")
        await pilot.pause()
        assert [str(m) for m in app.view().table] == ["Kh Ks Kd Kc"], status(app)
        assert logged[lang] in log_text(app)

    run(app, script)


def test_the_help_says_nothing_of_rearranging_where_the_rules_have_none() -> None:
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang="nl", deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "herschik" not in screen_text(app)
        await pilot.press("escape")
        await to_play(pilot, app, "nl")
        await pilot.press("h")  # herschikken: the engine's reason, no move line
        assert not isinstance(app.screen, MoveLine)
        assert status(app).startswith("Dat mag niet: combinaties op tafel mogen bij deze"
                                      " regels niet anders gelegd worden"), status(app)

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_narrow_bar_keeps_its_words_and_leaves_rearranging_to_the_status(lang: str) -> None:
    """At 60 columns Rummikub's button made the whole bar of play bare keys ("z o l j h x
    ? Hulp"): it leaves first (the status line names its key); at 80 all moves show."""
    moves = ["group", "meld", "lay", "swap", "rearrange", "discard", "hint", "scores", "help"]
    wide = bar_labels(moves, Phase.PLAY, lang, 78)
    assert [n for n in moves if n not in ("hint", "scores")] == \
        [n for n in wide if n not in ("hint", "scores")]
    narrow = bar_labels(moves, Phase.PLAY, lang, 58)
    assert bar_width(narrow) <= 58 and "rearrange" not in narrow
    assert all(" " in markup_plain(label) for label in narrow.values()), narrow


TURBO = Rules.load({"preset": "turbo"})


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_turbos_status_says_when_you_may_draw_again(lang: str) -> None:
    """Turbo: a second draw while no meld can be made. The bar showed "Draw" then, but the
    status line never said it: it does, and only while the engine allows it."""
    again = {"en": "Draw another card (d), ", "nl": "Trek nog een kaart (t), "}
    hands = ("5h 5d 7c 9s Jh 2d 4c 6s 8h 10d Qc Ks Ah", "10d 2h 3d 4c 6s 6h 7d 8s 9h Jc Jd "
             "Qh 2d", CAS)
    deal = Deal(tuple(parse_cards(h) for h in hands), Card.parse("Qc"),
                parse_cards("9d 5s 3h 3s 8h 4s"))
    config = TableConfig(TURBO, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang=lang, deal=deal, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press(key("draw", lang))
        await until(pilot, lambda: app.view().phase is Phase.PLAY)
        await pilot.pause()
        assert status(app).startswith(again[lang]), status(app)
        assert "draw" in bar_names(app)

    run(app, script)

    # Ks Kh Kd Kc make 40 points: no second draw, and the status line does not offer one.
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def meld_first(pilot: Pilot[Any]) -> None:
        await pilot.press(key("draw", lang))
        await until(pilot, lambda: app.view().phase is Phase.PLAY)
        await pilot.pause()
        assert again[lang].rstrip(", ").lower() not in status(app).lower(), status(app)

    run(app, meld_first)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_setup_screen_says_the_preset_in_one_line(lang: str) -> None:
    """The setup screen named the presets only (UX.md 18: a named rule set with one line):
    the one in the rules' field is said in a line, which follows what is typed, fits 60
    columns and keeps the Start button on a screen of 20 rows."""
    from jokeren.tui.screens import preset_line

    app = JokerenApp(lang=lang, bot_delay=0, seed=4)
    first = {"en": "American Jokeren: 6 rounds", "nl": "Amerikaans Jokeren: 6 rondes"}
    typed = {"en": "Jokeren as in Rummikub: you may rearrange",
             "nl": "Jokeren zoals Rummikub: de combinaties op tafel mag je herschikken"}

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            line = app.screen.query_one("#preset-line")
            assert first[lang] in " ".join(screen_text(app).split())
            await pilot.press(*"rummikub")
            await pilot.pause()
            assert typed[lang] in " ".join(screen_text(app).split())
            assert line.region.right <= 60
            for name in PRESETS:  # each in at most two lines, Start still on the screen
                app.screen.query_one("#rules", Input).value = name
                await pilot.pause()
                assert preset_line(name, lang) and line.region.height <= 2, name
                assert app.screen.query_one("#start").region.bottom <= 20, name
            app.screen.query_one("#rules", Input).value = "rummi"  # no preset (yet)
            await pilot.pause()
            assert typed[lang] not in screen_text(app)

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_discarding_with_nothing_chosen_asks_for_one_card(lang: str) -> None:
    """"Kies eerst kaarten" where one card is discarded: "Kies eerst een kaart"."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    said = {"en": "Select a card first (space or click)",
            "nl": "Kies eerst een kaart (spatie of klik)"}

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, lang)
        await pilot.press(key("discard", lang))
        assert status(app) == said[lang]

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_upcard_offer_says_upcard_on_the_bar_as_on_the_status(lang: str) -> None:
    """In the upcard offer the status line said "de open kaart" and the bar "pak de
    aflegkaart": the bar says "open kaart" too (001's "Draai één kaart open")."""
    rules = Rules.load({"preset": "amerikaans-40", "schedule": ["set 3"], "rounds": 1})
    config = TableConfig(rules, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    word = {"en": "upcard", "nl": "open kaart"}
    bar = {"en": "t Take the upcard", "nl": "a pak de open kaart"}

    async def script(pilot: Pilot[Any]) -> None:
        assert app.view().phase is Phase.UPCARD_OFFER and app.view().my_turn
        assert word[lang] in status(app)
        text = screen_text(app)
        assert bar[lang] in text and "aflegkaart" not in text, text

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_final_sheet_says_the_end_of_the_match_as_the_table_does(lang: str) -> None:
    """The sheet said "Potje uit. Winnaar: Bob" where the table says "Het potje is
    afgelopen: Bob heeft gewonnen.": one way."""
    bob = "2h 2d 2c 2s 3h 3d 3c 4h 4d 4c 6s 6h 6d"
    deal = Deal(tuple(parse_cards(h) for h in (ANN, bob, CAS)), Card.parse("Qc"),
                parse_cards(STOCK))
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    closer = Closer("2h 2d 2c 2s/3h 3d 3c/4h 4d 4c/6s 6h 6d")
    app = JokerenApp(config, lang=lang, deal=deal, bots=[closer, Scripted()], bot_delay=0)
    said = {"en": "The match is over: Bob has won.",
            "nl": "Het potje is afgelopen: Bob heeft gewonnen."}

    async def script(pilot: Pilot[Any]) -> None:
        for _ in range(10):
            if app.round_done:
                break
            await pilot.press(key("draw" if app.view().phase is Phase.DRAW else "pass", lang))
            if app.view().phase is Phase.PLAY:
                await key_cards(pilot, str(next(c for c in app.hand() if c.natural)))
                await pilot.press(key("discard", lang))
        assert app.round_done and app.view().phase is Phase.MATCH_OVER
        await pilot.press("enter")
        assert isinstance(app.screen, ScoreScreen)
        text = " ".join(screen_text(app).split())
        assert said[lang] in text and "Winnaar" not in text and "Winner" not in text

    run(app, script)


def test_the_english_bar_says_group_for_the_cards_grouped() -> None:
    """"g Aside" said neither what it does nor its key's word: "g Group", and the status
    and the piles say the cards are grouped."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang="en", deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, "en")
        assert "g Group" in screen_text(app) and "Aside" not in screen_text(app)
        await key_cards(pilot, "Kh Kd Kc")
        await pilot.press("g")
        assert status(app).startswith("1 meld grouped: select more or meld it (m)")
        assert "grouped: K♥ K♦ K♣" in screen_text(app)

    run(app, script)


@pytest.mark.parametrize(("ending", "lang"), [("out", "en"), ("out", "nl"),
                                              ("turns", "en"), ("turns", "nl")])
def test_resuming_at_a_rounds_end_says_how_it_ended(ending: str, lang: str,
                                                    tmp_path: Path) -> None:
    """`play --resume` of a match saved at the end of a round showed "Enter: scoreblad."
    alone: it says how the round ended ("Bob ging uit!"), on the table and the sheet."""
    from jokeren.tui.resume import resume_match

    save = tmp_path / "m.json"
    if ending == "out":
        bob = "2h 2d 2c 2s 3h 3d 3c 4h 4d 4c 6s 6h 6d"
        deal = Deal(tuple(parse_cards(h) for h in (ANN, bob, CAS)), Card.parse("Qc"),
                    parse_cards(STOCK))
        rules = Rules.load({"preset": "amerikaans", "schedule": ["set 3", "set 3"],
                            "rounds": 2})
        bots: list[Any] = [Closer("2h 2d 2c 2s/3h 3d 3c/4h 4d 4c/6s 6h 6d"), Scripted()]
    else:
        deal = DEAL
        rules = Rules.load({"preset": "amerikaans", "schedule": ["set 3", "set 3"],
                            "rounds": 2, "max_turns": 2})
        bots = [Scripted(), Scripted()]
    config = TableConfig(rules, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False,
                         save=save)
    app = JokerenApp(config, lang=lang, deal=deal, bots=bots, bot_delay=0)

    async def play(pilot: Pilot[Any]) -> None:
        for _ in range(10):
            if app.round_done:
                break
            await pilot.press(key("draw" if app.view().phase is Phase.DRAW else "pass", lang))
            if app.view().phase is Phase.PLAY:
                await key_cards(pilot, str(next(c for c in app.hand() if c.natural)))
                await pilot.press(key("discard", lang))
        assert app.round_done and app.view().phase is Phase.ROUND_OVER

    run(app, play)
    said = {("out", "en"): "Bob went out!", ("out", "nl"): "Bob ging uit!",
            ("turns", "en"): "The turn limit is reached: the round ends",
            ("turns", "nl"): "Het maximum aantal beurten werd bereikt: einde van de ronde"}
    config2, game = resume_match(save, "", save, False, lang)
    again = JokerenApp(config2, lang=lang, bots=[Scripted(), Scripted()], bot_delay=0,
                       game=game)

    async def resumed(pilot: Pilot[Any]) -> None:
        assert again.round_done
        assert status(again).startswith(said[ending, lang]), status(again)
        # a sentence, then the key: "..., einde van de ronde. Enter: scoreblad."
        stop = "" if ending == "out" else "."
        enter = {"en": "Enter: score sheet.", "nl": "Enter: scoreblad."}[lang]
        assert f"{said[ending, lang]}{stop} {enter}" in status(again), status(again)
        assert said[ending, lang] in log_text(again)
        await pilot.press("enter")
        assert isinstance(again.screen, ScoreScreen)
        assert said[ending, lang] in screen_text(again)

    run(again, resumed)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_long_hint_keeps_the_status_and_the_buttons_on_a_small_screen(lang: str) -> None:
    """At 60x20 the hint's twelve lines (Ann's kings can be laid six ways) pushed the
    status line and the buttons below the screen, and the screen's scroll bar cut the
    header's end ("Jij:" without Ann). The hint now takes what the table leaves it, and
    PageDown shows the rest of it; after the move the log is back at its height."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1, confirm=False)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    you = {"en": "You: Ann", "nl": "Jij: Ann"}[lang]

    def whole() -> None:
        rows = screen_text(app).splitlines()
        header = " ".join(r.strip() for r in rows[:app.query_one("#header").region.height])
        assert header.endswith(you), header
        for name in ("#status", "#actions"):
            region = app.query_one(name).region
            assert region.bottom <= 20 and region.right == 60, (name, region)
        assert status(app).strip() in " ".join(r.strip() for r in rows[-4:]), rows[-4:]
        assert not app.screen.show_vertical_scrollbar

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await to_play(pilot, app, lang)
            await pilot.press(key("hint", lang))
            await pilot.pause()
            await pilot.pause()
            assert app.hint is not None and len(app.hint.plain.splitlines()) > 8
            whole()
            last = app.hint.plain.splitlines()[-1].strip()
            assert last not in screen_text(app)  # below: PageDown brings it
            await pilot.press("pagedown", "pagedown")
            await pilot.pause()
            assert last in screen_text(app)
            whole()
            await key_cards(pilot, "Ks Kh Kd")
            await pilot.press(key("meld", lang))
            await pilot.pause()
            assert app.hint is None and app.query_one("#log-box").region.height == 4
            whole()

    asyncio.run(main())


@pytest.mark.parametrize(("preset", "lang", "width"), [("contract", "en", 80),
                                                       ("jokeren-13", "nl", 60)])
def test_the_header_shows_whose_hand_under_a_long_requirement(preset: str, lang: str,
                                                              width: int) -> None:
    """Contract's header in English ("Requirement: a set of three and a set of three") is
    85 columns, jokeren-13's in Dutch 76: the line was cut and whose hand it is ("You:
    Ann") was lost. The header takes a second line where one does not hold it."""
    config = TableConfig(Rules.load(preset), ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=False)
    app = JokerenApp(config, lang=lang, bots=[Scripted(), Scripted()], bot_delay=0)
    you = {"en": "You: Ann", "nl": "Jij: Ann"}[lang]

    async def main() -> None:
        async with app.run_test(size=(width, 20 if width == 60 else 24)) as pilot:
            await pilot.pause()
            header = app.query_one("#header")
            rows = screen_text(app).splitlines()[:header.region.height]
            assert " ".join(r.strip() for r in rows).endswith(you), rows
            assert app.query_one("#actions").region.bottom <= app.size.height

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_short_hint_shows_every_line(lang: str) -> None:
    """Rummikub's first turn: the hint "Je kunt op tafel leggen:" and its two sets of three
    lines showed only its first line, at the log's foot: the log, shorter than its box,
    sits at the box's foot, and the hint kept that place (the box cannot scroll back to
    its top where all of it fits). A hint shorter than the box shows whole from its top."""
    config = TableConfig(RUMMIKUB, ("Ann",), ("scripted", "scripted"), seed=1,
                         confirm=False)
    deal = Deal(tuple(parse_cards(h) for h in
                      ("5h 9h Qh Kh 6s 7s Qs Ks 2d 3d Qd Kd 2c", CAS, ANN)),
                Card.parse("As"), parse_cards(STOCK))
    app = JokerenApp(config, lang=lang, deal=deal, bots=[Scripted(), Scripted()],
                     bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await to_play(pilot, app, lang)
        await pilot.press(key("hint", lang))
        await pilot.pause()
        assert app.hint is not None
        lines = [line.strip() for line in app.hint.plain.splitlines()]
        assert 1 < len(lines) < 4, lines  # shorter than the log's four lines
        text = [line.strip() for line in screen_text(app).splitlines()]
        start = text.index(lines[0])
        assert text[start:start + len(lines)] == lines, text

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_help_names_the_score_sheets_key_among_the_keys(lang: str) -> None:
    """The score sheet's key was said only at the end of the help's paragraph on the
    duplicate exchange, where nobody looking for it reads: and the bar leaves its button
    out where it is narrow (Rummikub's play at 80 columns, any at 60). The help's list of
    keys names it, next to the hint's."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    said = {"en": ("h hint · o score sheet ·", "Duplicate exchange"),
            "nl": ("i tip · b scoreblad ·", "Dubbele kaart ruilen")}[lang]

    async def script(pilot: Pilot[Any]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(line.strip("┃ ") for line in screen_text(app).splitlines())
        assert said[0] in text and text.index(said[0]) < text.index(said[1]), text

    run(app, script)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_move_line_leaves_room_to_read_what_is_typed_at_60_columns(lang: str) -> None:
    """At 60 columns the move line's words ("Zet of kaarten (Enter speelt of selecteert,
    Esc sluit): ") left the field two columns: what was typed could not be read. Where
    they leave less than twenty, they stand on a line of their own above the field."""
    config = TableConfig(SHORT, ("Ann",), ("scripted", "scripted"), seed=1)
    app = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                     bot_delay=0)
    typed = {"en": "discard 5h", "nl": "leg af 5h"}[lang]
    words = {"en": "Move or cards", "nl": "Zet of kaarten"}[lang]

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await to_play(pilot, app, lang)
            await pilot.press("colon")
            assert isinstance(app.screen, MoveLine)
            await pilot.press(*typed)
            await pilot.pause()
            text = screen_text(app)
            assert words in text and typed in text, text.splitlines()[-3:]
            field = app.screen.query_one(Input)
            assert field.region.width >= 20 and field.region.bottom <= 20, field.region
            await pilot.press("enter")
            await pilot.pause()
            assert Card.parse("5h") not in app.hand()
        app2 = JokerenApp(config, lang=lang, deal=DEAL, bots=[Scripted(), Scripted()],
                          bot_delay=0)
        async with app2.run_test(size=(80, 24)) as pilot:  # 80 columns: one line, as before
            await pilot.pause()
            await pilot.press("colon")
            assert isinstance(app2.screen, MoveLine)
            assert app2.screen.query_one(Input).region.height == 1
            assert words in screen_text(app2).splitlines()[-1]

    asyncio.run(main())


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_players_line_breaks_between_players(lang: str) -> None:
    """Five players at 60 columns: the line of opponents broke inside one ("Eva 13" and
    "kaarten" on the next line, which began with "│"). It breaks between two players."""
    rules = Rules.load({"preset": "amerikaans", "schedule": ["set 3"], "rounds": 1})
    config = TableConfig(rules, ("Ann",), ("scripted",) * 4, seed=3)
    app = JokerenApp(config, lang=lang, bots=[Scripted() for _ in range(4)], bot_delay=0)
    cards = {"en": "13 cards", "nl": "13 kaarten"}[lang]

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            box = app.query_one("#players")
            rows = [r.strip() for r in screen_text(app).splitlines()[
                box.region.y:box.region.bottom]]
            assert len(rows) <= 2, rows
            for name in ("Bob", "Cas", "Dirk", "Eva"):
                assert any(f"{name} {cards}" in r for r in rows), rows
            assert not any(r.startswith("│") for r in rows), rows
            await pilot.resize_terminal(100, 24)  # all on one line where it holds them
            await pilot.pause()
            assert app.query_one("#players").region.height == 1

    asyncio.run(main())
