"""The browser table as people use it (issue 29): a whole match against the computer, two
people with one buying, a reload in mid-round, a phone, and an accessibility check."""

from __future__ import annotations

import re

from driver import (
    Person,
    at_table,
    buttons,
    log_lines,
    make_room,
    open_settings,
    play_against_computers,
    play_until,
    round_text,
    seat_in,
    start,
    take_seat,
)
from driver import serious_violations as _axe
from playwright.sync_api import Browser, expect


def test_a_whole_amerikaans_match_against_two_computer_players(server: str,
                                                              chromium: Browser) -> None:
    # A turn limit, as a table would agree on: only the computer players go out here (the
    # person never lays a meld), and in Amerikaans' first round they can be left with one
    # card each while every set on the table holds the four it may: they cannot go out,
    # they do not buy, the stock is rebuilt without end (seen here: both at one card
    # beside six full sets; a CI run still in round 1 after 600 s). The home page's own
    # room is played in test_round_end.py.
    room = make_room(server, {"preset": "amerikaans", "max_turns": 90}, computers=2)
    context = chromium.new_context(locale="nl-NL", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    take_seat(page, room, "Anna")
    start(server, room)
    page.locator(".status").wait_for()
    me = Person(page, "nl")
    play_until([me], lambda: "Het potje is afgelopen" in me.status(), timeout=600)
    page.locator(".tools").get_by_role("button", name="Scoreblad").click()
    rows = page.locator("table.sheet tbody tr")
    assert rows.count() == 6  # amerikaans: six rounds, from "three alike" to "all at once"
    totals = [int(x) for x in page.locator("table.sheet tfoot td").all_inner_texts()]
    assert len(totals) == 3 and min(totals) >= 0
    assert me.moves > 6 and not errors
    context.close()


def test_two_people_play_a_round_in_which_one_buys(server: str, chromium: Browser) -> None:
    room = make_room(server, "amerikaans", computers=1, people=2)
    pages = [seat_in(chromium, room, name, locale="nl-NL")[1] for name in ("Anna", "Bram")]
    start(server, room)
    for page in pages:
        page.locator(".status").wait_for()
    anna, bram = Person(pages[0], "nl"), Person(pages[1], "nl", buy=True)

    def bram_bought() -> bool:
        return any("Bram kocht" in line for line in log_lines(pages[0]))

    play_until([anna, bram], bram_bought, timeout=300)
    # Bram's own screen says his buy to him, in the second person; Anna's moves in the third
    own = log_lines(pages[1])
    assert any(line.startswith("Je kocht") for line in own), own
    assert not any(line.startswith("Bram ") for line in own), own
    assert any(line.startswith("Anna ") for line in own), own
    assert not any(line.startswith("Anna ") for line in log_lines(pages[0]))
    for page in pages:
        page.context.close()


def test_a_room_with_a_turn_timer_shows_the_persons_turn_clock(server: str,
                                                                chromium: Browser) -> None:
    room = make_room(server, "amerikaans", computers=1, turn_timer=30)
    context, page = seat_in(chromium, room, "Dirk", locale="nl-NL")
    start(server, room)
    clock = page.locator(".turn-clock")
    expect(clock).to_have_text(re.compile(r"^nog ([1-9]|[12][0-9]|30) s"), timeout=30_000)
    assert buttons(page)  # the clock runs for Dirk: it is his to act
    context.close()


def test_a_reload_in_mid_round_resumes_the_game(server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="en-GB")
    page = context.new_page()
    play_against_computers(page, server, "Cas", 1)
    me = Person(page, "en")
    play_until([me], lambda: me.moves >= 4, timeout=120)
    page.wait_for_timeout(500)

    def hand() -> list[str]:
        return sorted(page.locator(".hand button").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label').split(',')[0])"))

    before = hand()
    page.reload()
    page.locator(".status").wait_for()
    page.wait_for_function("document.querySelectorAll('.hand button').length > 0")
    assert hand() == before
    play_until([me], lambda: me.moves >= 8, timeout=120)
    context.close()


def test_a_phone_plays_a_round(server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="en-GB", viewport={"width": 360, "height": 740},
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/play")
    at_table(page)
    page.locator(".status").wait_for()
    # every card reachable and at least 44 px to touch, without scrolling sideways
    for box in page.locator(".hand button").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44 and box["height"] >= 44
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    me = Person(page, "en")
    play_until([me], lambda: "round is over" in me.status()
               or round_text(page).startswith("Round 2"), timeout=300)
    context.close()


def test_no_serious_accessibility_violations(server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="nl-NL")
    page = context.new_page()
    page.goto(f"{server}/")
    page.locator("form").wait_for()
    assert _axe(page) == []
    page.goto(f"{server}/play")
    at_table(page)
    page.locator(".hand button").first.wait_for()
    assert _axe(page) == []
    context.close()


def test_hints_come_from_the_engines_listing(server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{server}/play")
    at_table(page)
    open_settings(page)
    page.get_by_label("Hints").check()
    page.locator(".panel:not([hidden]) .close").click()
    me = Person(page, "en")
    play_until([me], lambda: page.locator(".hints").count() > 0, timeout=120)
    lines = page.locator(".hints p").all_inner_texts()
    assert lines and all(line.startswith(("You can lay", "Lay off", "Swap the joker", "No meld"))
                         for line in lines)
    context.close()
