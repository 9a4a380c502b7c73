"""The browser table asks what an ambiguous joker stands for, with the choices the engine
lists, and shows live how far the selection goes toward the round's requirement; in
learning mode (open cards) it shows the others' hands and why the computer played so.

The joker test needs a known hand: the room is made through the API, its seed set in the
server's SQLite file before the start (the table is dealt from it at the start), with a
seed found here by the engine itself."""

from __future__ import annotations

import re
from pathlib import Path

from driver import (
    Person,
    at_table,
    log_lines,
    make_room,
    open_settings,
    play_until,
    seat_in,
    serious_violations,
    set_seed,
    start,
)
from playwright.sync_api import Browser, expect

from jokeren.engine.actions import DRAW
from jokeren.engine.phase import Phase
from jokeren.play.table import Seat, Table
from jokeren.rules.house import Rules
from jokeren.server.frames import listing

RULES = {"preset": "jokeren-7", "upcard": False}  # 7 cards; round 1: a set or run of 3


def _seed_with_a_run_joker() -> tuple[int, list[str], list[str]]:
    """A seed where Anna, first to play, holds a joker and two cards of a run after her
    draw, and the engine lists the run with the joker at either end: the seed, the two
    cards, the two readings."""
    rules = Rules.load(RULES)
    for seed in range(10_000):
        table = Table(rules, [Seat("Anna"), Seat("Bob", "basic")], seed)
        if table.to_act != 0 or table.phase is not Phase.DRAW:
            continue
        table.play(0, DRAW)
        readings: dict[tuple[str, ...], list[str]] = {}
        for move in listing(table, 0)["moves"]:
            cards = move.removeprefix("meld ").split()
            naturals = tuple(sorted(c for c in cards if not c.startswith("*")))
            if move.startswith("meld ") and "/" not in move and len(cards) == 3 \
                    and len(naturals) == 2 and naturals[0][-1] == naturals[1][-1] \
                    and naturals[0][:-1] != naturals[1][:-1]:
                readings.setdefault(naturals, []).append(move.removeprefix("meld "))
        for naturals, found in readings.items():
            if len(found) == 2:
                return seed, list(naturals), found
    raise AssertionError("no such seed")


def test_a_joker_asks_what_it_stands_for_and_progress_shows(server: str, serve_dir: Path,
                                                            chromium: Browser) -> None:
    seed, naturals, readings = _seed_with_a_run_joker()
    room = make_room(server, RULES, computers=1)
    set_seed(serve_dir, room, seed)
    context, page = seat_in(chromium, room, "Anna", locale="nl-NL")
    start(server, room)
    page.get_by_role("button", name="Trekken", exact=True).click()
    expect(page.locator(".status")).to_contain_text("Om uit te komen")

    hand = page.locator(".hand button")
    words = hand.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    spoken = {"s": "schoppen", "h": "harten", "d": "ruiten", "c": "klaveren"}
    ranks = {"A": "aas", "J": "boer", "Q": "vrouw", "K": "heer"}

    def card(text: str) -> int:
        name = f"{spoken[text[-1]]} {ranks.get(text[:-1], text[:-1])}"
        return next(i for i, w in enumerate(words) if w.split(",")[0] == name)

    hand.nth(card(naturals[0])).click()
    hand.nth(card(naturals[1])).click()
    progress = page.locator(".progress")
    expect(progress).to_contain_text("0 van 1 combinaties voor de eis")
    expect(progress).to_contain_text("een rij van drie: 2 van 3 kaarten")
    hand.nth(next(i for i, w in enumerate(words) if w.startswith("joker"))).click()
    expect(progress).to_contain_text("1 van 1 combinaties voor de eis")
    expect(page.locator(".fits")).to_contain_text("Dit kun je zo op tafel leggen")

    page.get_by_role("button", name="Op tafel leggen").click()
    question = page.get_by_role("group", name="Waar staat de joker voor?")
    options = question.locator("button.reading")
    expect(options).to_have_count(2)  # the two ends the engine lists, nothing else
    expect(options.first).to_be_focused()
    assert serious_violations(page) == []  # the question as a screen reader meets it
    labels = options.all_inner_texts()
    named = sorted(label.split(":")[0].removeprefix("joker als ") for label in labels)
    assert named == sorted(_nl(_joker(r)) for r in readings)  # the engine's readings
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the second choice, by keyboard
    meld = page.locator(".melds .meld").first
    second = labels[1].split(":")[0].removeprefix("joker als ")
    expect(meld).to_have_attribute("aria-label", re.compile(
        rf"combinatie 1: .*joker \({re.escape(second)}\)"))
    context.close()


def _nl(card: str) -> str:
    """A card as the Dutch table writes it: V♠ for Qs."""
    rank = {"J": "B", "Q": "V", "K": "H"}.get(card[:-1], card[:-1])
    return rank + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[card[-1]]


def _joker(reading: str) -> str:
    """The card the joker of a reading stands for: "7s" of "*7s 8s 9s"."""
    return next(c for c in reading.split() if c.startswith("*"))[1:]


def test_learning_mode_shows_open_cards_and_why_and_ends_with_its_game(
        server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{server}/")
    page.locator("input").first.fill("Dora")
    page.get_by_label("Learning mode: open cards, explained").check()
    page.locator("button[type=submit]").click()
    at_table(page)
    open_settings(page)
    expect(page.get_by_label("Learning mode: why the computer players move")).to_be_checked()
    page.locator(".panel:not([hidden]) .close").click()
    others = page.locator(".open .open-hand")
    expect(others.first).to_contain_text("Bob's cards")
    expect(others).to_have_count(2)
    me = Person(page, "en")
    play_until([me], lambda: any(line.startswith("→ ") for line in log_lines(page)),
               timeout=120)
    # the next table, started without the box ticked, starts without learning mode
    page.goto(f"{server}/")
    page.locator("button[type=submit]").click()
    at_table(page)
    open_settings(page)
    expect(page.get_by_label("Learning mode: why the computer players move")).not_to_be_checked()
    context.close()
