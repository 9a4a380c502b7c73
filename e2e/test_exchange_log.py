"""The duplicate exchange's end in the browser's log says what the terminal table says
(words/moves.py, ``exchange_lines``): what the reader gave and got in one line ("Je gaf B♥
aan Bea en kreeg 4♦ terug"), never a line of its own for the card given or got; a lone
giver reads that it keeps its card, named, and the others that nothing was exchanged; a
reload says the same again. Two people at one known deal (seed 3 of Amerikaans for two:
Ann holds 9♣ and J♥ twice, Bea 4♦), one on a phone in Dutch, one at a desk in English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driver import log_lines, make_room, seat_in, set_seed, start
from playwright.sync_api import Browser, BrowserContext, Page, expect

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 800}}


def _two(server: str, serve_dir: Path, chromium: Browser
         ) -> tuple[list[BrowserContext], Page, Page]:
    room: dict[str, Any] = make_room(server, {"preset": "amerikaans", "rounds": 1}, people=2)
    set_seed(serve_dir, room, 3)
    (ann_context, ann), (bea_context, bea) = (
        seat_in(chromium, room, name, locale=locale, **screen)
        for name, locale, screen in (("Ann", "nl-NL", PHONE), ("Bea", "en-GB", DESK)))
    start(server, room)
    for page in (ann, bea):
        page.locator(".hand button").first.wait_for()
    return [ann_context, bea_context], ann, bea


def _give(page: Page, card: str, verb: str) -> None:
    """Selects the first ``card`` of the hand and gives it, when it is this page's turn."""
    button = page.locator(f".controls button[data-verb={verb}]")
    expect(button).to_be_visible()
    page.locator(f'.hand button[data-card="{card}"]').first.click()
    button.click()


def _pass(page: Page) -> None:
    button = page.locator(".controls button[data-verb=pass]")
    expect(button).to_be_visible()
    button.click()


def _said(page: Page, line: str) -> None:
    page.wait_for_function("line => [...document.querySelectorAll('.log li')]"
                           ".some((e) => e.textContent === line)", arg=line)


def test_two_givers_read_what_they_gave_and_got_in_one_line(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    contexts, ann, bea = _two(server, serve_dir, chromium)
    _give(ann, "Jh", "give")
    _give(bea, "4d", "give")
    _said(ann, "Je gaf B♥ aan Bea en kreeg 4♦ terug")
    _said(bea, "You gave 4♦ to Ann and got J♥ back")
    # the newest line, in the ticker; no line of its own for the card given or got
    expect(ann.locator(".ticker")).to_have_text("Je gaf B♥ aan Bea en kreeg 4♦ terug")
    assert log_lines(ann) == ["Je bood een dubbele kaart aan", "Bea bood een dubbele kaart aan",
                              "Je gaf B♥ aan Bea en kreeg 4♦ terug"]
    assert log_lines(bea) == ["Ann offered a duplicate card", "You offered a duplicate card",
                              "You gave 4♦ to Ann and got J♥ back"]
    # a reload: the whole log again, the same
    ann.reload()
    _said(ann, "Je gaf B♥ aan Bea en kreeg 4♦ terug")
    assert log_lines(ann)[-1] == "Je gaf B♥ aan Bea en kreeg 4♦ terug"
    for context in contexts:
        context.close()


def test_a_lone_giver_keeps_the_card_and_reads_which(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    contexts, ann, bea = _two(server, serve_dir, chromium)
    _give(ann, "Jh", "give")  # of her two doubles, J♥: only the page knows which
    _pass(bea)
    _said(ann, "Niemand anders gaf een kaart, dus je houdt B♥")
    _said(bea, "Only Ann gave a card, so nothing was exchanged")
    assert log_lines(ann) == ["Je bood een dubbele kaart aan",
                              "Niemand anders gaf een kaart, dus je houdt B♥"]
    assert log_lines(bea) == ["Ann offered a duplicate card",
                              "Only Ann gave a card, so nothing was exchanged"]
    ann.reload()
    _said(ann, "Niemand anders gaf een kaart, dus je houdt B♥")
    assert log_lines(ann) == ["Je bood een dubbele kaart aan",
                              "Niemand anders gaf een kaart, dus je houdt B♥"]
    for context in contexts:
        context.close()
