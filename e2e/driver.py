"""A person at the browser table who plays simply: passes every offer, draws, and
discards the card just drawn (never a joker). The computer players go out; the test
follows the match through the screen alone, as a person would."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import axe_playwright_python
from playwright.sync_api import Page

ACT = {"nl": {"draw": "Trekken", "pass": "Passen", "discard": "Afleggen", "buy": "Kopen",
              "take": "Pakken"},
       "en": {"draw": "Draw", "pass": "Pass", "discard": "Discard", "buy": "Buy",
              "take": "Take"}}


# axe-core, as the axe-playwright-python package ships it (no npm needed to run the tests)
AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"


def serious_violations(page: Page) -> list[dict[str, object]]:
    """What axe-core finds serious or critical on the page as it is now."""
    # evaluated through the driver, not as a <script> tag: the page's Content-Security-Policy
    # (script-src 'self') refuses inline scripts, as it should
    page.evaluate(f"() => {{ {AXE.read_text(encoding='utf-8')}\n }}")
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def buttons(page: Page) -> list[str]:
    """The action buttons' words, read at one moment (the screen changes as others play)."""
    words: list[str] = page.locator(".controls button, .buy button").evaluate_all(
        "els => els.map(e => e.innerText.trim())")
    return words


def press(page: Page, text: str) -> None:
    page.locator(".controls button, .buy button").filter(
        has_text=re.compile(f"^{re.escape(text)}$")).first.click()


def discard_one(page: Page, lang: str) -> None:
    """Selects the card just drawn (else the last card that is not a joker) and discards."""
    cards = page.locator(".hand button")
    fresh = page.locator(".hand button.fresh")
    pick = None
    if fresh.count():
        pick = fresh.last
    else:
        for i in reversed(range(cards.count())):
            if "joker" not in (cards.nth(i).get_attribute("aria-label") or ""):
                pick = cards.nth(i)
                break
    assert pick is not None, "a hand of jokers only"
    if "joker" in (pick.get_attribute("aria-label") or ""):
        page.once("dialog", lambda d: d.accept())
    pick.click()
    press(page, ACT[lang]["discard"])


class Person:
    """One browser page playing simply; ``step`` makes at most one move."""

    def __init__(self, page: Page, lang: str, buy: bool = False) -> None:
        self.page, self.lang, self.buy = page, lang, buy
        self.moves = 0
        self._last = ""

    def status(self) -> str:
        return self.page.locator(".status").inner_text()

    def step(self) -> None:
        page, words = self.page, ACT[self.lang]
        available = buttons(page)
        # a move waits for the screen to change, so one click is never sent twice
        key = f"{self.status()}|{available}|{page.locator('.hand button').count()}"
        if not available or key == self._last:
            return
        self._last = key
        if self.buy and words["buy"] in available:
            press(page, words["buy"])
        elif words["pass"] in available:
            press(page, words["pass"])
        elif words["draw"] in available:
            press(page, words["draw"])
        elif words["discard"] in available:
            discard_one(page, self.lang)
        else:
            return
        self.moves += 1


def play_until(people: list[Person], done: Callable[[], bool], timeout: float = 300.0) -> None:
    """Lets everyone play until ``done()``; fails with each status line after ``timeout``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return
        for person in people:
            person.step()
        people[0].page.wait_for_timeout(100)
    raise AssertionError("not done in time; status lines: "
                         + " / ".join(p.status() for p in people))
