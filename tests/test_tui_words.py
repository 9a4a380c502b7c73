"""The terminal table's words in Dutch (issue 40, "wording"), through Textual's pilot: an
empty discard pile reads "leeg" (not "- (0)"), and a round and a match that end say so in
one word ("afgelopen"), the winner with "heeft gewonnen"."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from jokeren.engine import Deal
from jokeren.rules.cards import parse_cards
from jokeren.rules.house import Rules
from jokeren.tui.app import JokerenApp
from jokeren.tui.session import TableConfig
from jokeren.words.catalogue import t
from test_tui import Scripted, run, screen_text, status, until

NO_UPCARD = Rules.load({"preset": "amerikaans", "schedule": ["set 3"], "rounds": 1,
                        "upcard": False, "players": [2, 4]})
ANN = "5h 5d 5s 7c 8c 9c Ks Kh Kd Kc As 2s Qs"
BOB = "10d 2h 3d 4c 6s 6h 7d 8s 9h Jc Jd Qh 2d"
DEAL = Deal((parse_cards(ANN), parse_cards(BOB)), None, parse_cards("9d 3h 3s 8h 4s 4h"))


def test_an_empty_discard_pile_reads_empty_in_dutch() -> None:
    config = TableConfig(NO_UPCARD, ("Ann",), ("scripted",), seed=1)
    app = JokerenApp(config, lang="nl", deal=DEAL, bots=[Scripted()], bot_delay=0)

    async def script(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: "Aflegstapel" in screen_text(app))
        text = screen_text(app)
        assert "Aflegstapel: leeg" in text and "- (0)" not in text
        await pilot.press("t")  # Ann draws (trekken): the pile is still empty
        await until(pilot, lambda: "Trek" not in status(app))
        assert "Aflegstapel: leeg" in screen_text(app)

    run(app, script)


def test_the_end_of_a_round_and_a_match_in_one_word() -> None:
    assert t("tui_st_round_over", "nl") == "De ronde is afgelopen."
    for key in ("tui_st_match_over", "tui_ev_match_over", "web_st_match_over"):
        assert "Het potje is afgelopen: Bob heeft gewonnen" in t(key, "nl", name="Bob"), key
    for key in ("web_st_round_over", "web_round_end_title", "web_match_end_title"):
        assert "afgelopen" in t(key, "nl", n=1) and " is uit" not in t(key, "nl", n=1), key


def test_the_end_of_the_exchange_names_only_the_readers_own_cards() -> None:
    """Three gave (Ann 5♥ to Bob, Bob 10♦ to Dirk, Dirk 7♣ to Ann): each reads what they
    gave and got in one line, last; the others' cards are never named. Two gave: the
    card came back from the one it went to."""
    from jokeren.rules.cards import Card
    from jokeren.words.moves import exchange_lines

    players = ("Ann", "Bob", "Cas", "Dirk")
    five, ten, seven = (Card.parse(c) for c in ("5h", "10d", "7c"))
    passed = ((0, five, 1), (1, ten, 3), (3, seven, 0))
    assert exchange_lines(passed, players, "en", 0) == [
        ("Bob gave a card to Dirk", False), ("You gave 5♥ to Bob and got 7♣ from Dirk", True)]
    assert exchange_lines(passed, players, "nl", 1) == [
        ("Dirk gaf een kaart aan Ann", False), ("Je gaf 10♦ aan Dirk en kreeg 5♥ van Ann", True)]
    assert exchange_lines(passed, players, "nl", 2) == [
        ("Ann gaf een kaart aan Bob", False), ("Bob gaf een kaart aan Dirk", False),
        ("Dirk gaf een kaart aan Ann", False)]
    two = ((0, five, 1), (1, ten, 0))
    assert exchange_lines(two, players, "nl", 0) == [("Je gaf 5♥ aan Bob en kreeg 10♦ terug",
                                                      True)]
    assert exchange_lines(two, players, "en", 1) == [("You gave 10♦ to Ann and got 5♥ back",
                                                      True)]
    assert exchange_lines(((2, ten, None),), players, "en", 0) == [
        ("Only Cas gave a card, so nothing was exchanged", False)]
