"""A reload at any moment restores what the person saw (issue 38): during the draw, with
cards composed in the tray, during a buy offer, at the end of a round and at the end of the
match, the hand's order, the tray, the whole log, the open panel, the status line and the
buttons are the same before and after the reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from driver import (
    Person,
    buttons,
    make_room,
    open_settings,
    play_until,
    press,
    seat_in,
    set_seed,
    start,
)
from playwright.sync_api import Browser, Page, expect

# What the person sees that a reload must keep, read at one moment.
SEEN = """() => {
  const labels = (sel) => [...document.querySelectorAll(sel)]
    .map((e) => e.getAttribute('aria-label'));
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText.trim());
  const open = [...document.querySelectorAll('.stage > .panel:not([hidden])')];
  return {
    hand: labels('.hand button'),
    tray: labels('.tray .cards'),
    log: [...document.querySelectorAll('.log li')].map((e) => e.textContent),
    panels: open.map((p) => p.getAttribute('aria-label') || p.firstElementChild?.className || ''),
    panel_text: open.filter((p) => !p.querySelector('.log')).map((p) => p.innerText),
    status: text('.status'),
    buttons: text('.controls button, .centre button:enabled'),
  };
}"""


def _seen(page: Page) -> dict[str, Any]:
    seen: dict[str, Any] = page.evaluate(SEEN)
    return seen


def _reload_keeps(page: Page, moment: str) -> dict[str, Any]:
    """Reloads the page and asserts it shows what it showed before; what it showed."""
    page.wait_for_timeout(300)  # nothing in flight
    before = _seen(page)
    assert before["hand"] or moment == "match end", moment
    page.reload()
    page.locator(".status").wait_for()
    page.wait_for_function("n => document.querySelectorAll('.log li').length >= n",
                           arg=len(before["log"]))
    page.wait_for_timeout(500)
    after = _seen(page)
    for key in before:
        assert after[key] == before[key], (moment, key, before[key], after[key])
    return before


def test_a_reload_at_five_moments_of_a_match_restores_what_was_seen(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 2, "max_turns": 30},
                     computers=2)
    # A known deal: "Set aside" stands beside "Meld" only while a meld is listed, and a
    # random deal lets the person come out at the first turn 5 times in 6 (CI failed on
    # the sixth). Seed 1 does (found by the engine with this simple person).
    set_seed(serve_dir, room, 1)
    context, page = seat_in(chromium, room, "Mens7", locale="en-GB",
                            viewport={"width": 360, "height": 740}, has_touch=True,
                            is_mobile=True)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "en")
    stock = page.locator(".centre .stock")
    done: set[str] = set()

    # 1. during the draw: the hand sorted by rank, the score sheet open
    play_until([me], lambda: stock.is_enabled() and "Buy" not in buttons(page), timeout=120)
    open_settings(page)
    page.get_by_role("button", name="Sort by rank").click()
    page.locator(".tools button").nth(1).click()  # the score sheet instead
    seen = _reload_keeps(page, "draw")
    assert seen["panels"] == ["Score sheet"]
    page.locator(".stage > .panel:not([hidden]) .close").click()
    done.add("draw")

    # 2. cards composed in the tray (two groups), the log open
    stock.click()
    expect(page.locator(".controls button", has_text="Discard")).to_be_visible()
    expect(page.locator(".controls button", has_text="Set aside")).to_be_visible()
    hand = page.locator(".hand button")
    for group in range(2):
        hand.nth(0).click()
        hand.nth(1).click()
        press(page, "Set aside")
        expect(page.locator(".tray li")).to_have_count(group + 1)
    page.locator(".ticker").click()
    seen = _reload_keeps(page, "tray")
    assert len(seen["tray"]) == 2 and seen["panels"] == ["What happened"]
    page.locator(".stage > .panel:not([hidden]) .close").click()
    done.add("tray")

    # 3-5. a buy offer, the end of round 1 and the end of the match, as they come
    round_end, match_end = page.locator(".round-end"), page.locator(".match-end")

    def moment() -> bool:
        if "buy" not in done and "Buy" in buttons(page):
            _reload_keeps(page, "buy")
            done.add("buy")
        if "round end" not in done and round_end.count():
            # the panel stays over the next round: once it is dealt and waits for the
            # person (nothing moves), the hand's order is the person's own
            page.wait_for_function("""
              (document.querySelector('.centre .round')?.innerText ?? '').startsWith('Round 2')
              && document.querySelectorAll('.controls button').length > 0""")
            open_settings(page)
            page.get_by_role("button", name="Sort by rank").click()
            page.locator(".stage > .panel:not([hidden]) .close").click()
            seen = _reload_keeps(page, "round end")
            assert any("Round 1 is over" in t for t in seen["panel_text"])
            done.add("round end")
        if match_end.count():
            _reload_keeps(page, "match end")
            done.add("match end")
            return True
        return False

    play_until([me], moment, timeout=400)
    assert done == {"draw", "tray", "buy", "round end", "match end"}
    context.close()
