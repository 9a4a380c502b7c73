"""The browser table as a card table on a phone (issue 38): the hand and the actions docked
at the bottom on every screen with ten combinations on the table, nothing moving under a
finger over a whole round (cumulative layout shift), tap targets of at least 44 x 44 px,
every preset played to its end by tapping the stock and the pile, a reload that restores
the hand's order, the tray, the log and the panels, reduced motion, and axe-core."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from driver import (
    Person,
    at_table,
    buttons,
    log_lines,
    make_room,
    open_settings,
    play_until,
    press,
    seat_in,
    serious_violations,
    set_seed,
    start,
)
from playwright.sync_api import Browser, Page, expect

from jokeren.rules.house import PRESETS

SCREENS = ({"width": 360, "height": 740}, {"width": 390, "height": 844},
           {"width": 1280, "height": 800})

# Sums every layout shift not caused by the person's own input (as the browser's
# cumulative layout shift counts them), from the page's first paint.
CLS_OBSERVER = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
}).observe({ type: 'layout-shift', buffered: true });
"""


# The status line as it shows: its text and whether the whole of it is shown (no line
# below its two lines, none wider than its box: it is clamped with "…" past two lines).
STATUS_SEEN = """() => {
  const p = document.querySelector('.status');
  if (!p) return null;
  const text = document.createRange();
  text.selectNodeContents(p);
  const r = text.getBoundingClientRect(), box = p.getBoundingClientRect();
  const whole = p.scrollHeight <= p.clientHeight + 1 && p.scrollWidth <= p.clientWidth + 1
    && r.bottom <= box.bottom + 1 && r.right <= box.right + 1;
  return { text: p.textContent.trim(), whole };
}"""


def _outside(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly inside the viewport (as it is, unscrolled)."""
    found: list[str] = page.locator(selector).evaluate_all("""els => els.filter(e => {
        const r = e.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5
          || r.bottom > innerHeight + 0.5;
      }).map(e => e.getAttribute('aria-label') || e.innerText)""")
    return found


def _small_targets(page: Page) -> list[str]:
    """Visible buttons, links, inputs and selects smaller than 44 x 44 CSS px."""
    found: list[str] = page.locator("button, a[href], select, input").evaluate_all("""els => els
      .filter(e => e.offsetParent !== null && e.type !== 'checkbox')
      .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
      .map(e => (e.getAttribute('aria-label') || e.innerText) + ' ' +
                Math.round(e.getBoundingClientRect().width) + 'x' +
                Math.round(e.getBoundingClientRect().height))""")
    return found


def test_with_ten_combinations_the_hand_and_actions_fit_three_screens(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    # six players of amerikaans: seed 21 (found by the engine with this simple person)
    # puts ten combinations on the table within the first round
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=5)
    set_seed(serve_dir, room, 21)
    context, page = seat_in(chromium, room, "Mens1", locale="nl-NL",
                            viewport=SCREENS[0], has_touch=True, is_mobile=True)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "nl")
    melds = page.locator(".melds .meld")
    play_until([me], lambda: melds.count() >= 10 and page.locator(".controls button").count() > 0,
               timeout=300)
    for screen in SCREENS:
        page.set_viewport_size(screen)
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0
        assert page.locator(".hand button").count() >= 1
        assert _outside(page, ".hand button") == [], screen
        assert _outside(page, ".controls button") == [], screen
        assert _outside(page, ".centre button") == [], screen  # the stock and the pile
        assert _small_targets(page) == [], screen
        # the table scrolls above the dock; the page itself does not
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    context.close()


def test_a_whole_round_on_a_phone_moves_nothing_under_a_finger(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    # a known deal: with a random one a computer player could go out before the person had
    # drawn three times (one failure in CI)
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
    set_seed(serve_dir, room, 21)
    context, page = seat_in(chromium, room, "Mens2", locale="nl-NL",
                            viewport=SCREENS[0], has_touch=True, is_mobile=True)
    page.add_init_script(CLS_OBSERVER)
    page.reload()
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "nl", take=True)
    play_until([me], lambda: page.locator(".match-end").count() > 0, timeout=400)
    shift = page.evaluate("window.__shift")
    print(f"layout shift over the round, not from input: {shift:.4f}; "  # shown with -s
          f"{me.draws} draws, {me.takes} takes")
    assert shift < 0.05, shift
    assert me.draws >= 3 and me.takes == 1
    context.close()


def test_a_buy_offer_is_read_whole_on_a_phone(server: str, chromium: Browser) -> None:
    """At 360 x 740 the status line of a buy offer (the card te koop, and the card from the
    stock a buyer also gets) is read whole in Dutch and in English, never cut with "…";
    so is every other status line met on the way."""
    room = make_room(server, {"preset": "amerikaans", "rounds": 2}, computers=2)
    context, page = seat_in(chromium, room, "Mens9", locale="nl-NL",
                            viewport=SCREENS[0], has_touch=True, is_mobile=True)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "nl")
    cut: set[str] = set()
    offer: dict[str, Any] = {}

    def offered() -> bool:
        seen = page.evaluate(STATUS_SEEN)
        if seen and not seen["whole"]:
            cut.add(seen["text"])
        if "Kopen" not in buttons(page):
            return False
        # the offer waits for this person: nothing moves until Kopen or Passen
        offer["nl"] = page.evaluate(STATUS_SEEN)
        page.locator("button.lang").click()
        expect(page.locator(".controls button", has_text="Buy")).to_be_visible()
        offer["en"] = page.evaluate(STATUS_SEEN)
        return True

    play_until([me], offered, timeout=300)
    assert "te koop" in offer["nl"]["text"] and "van de stok" in offer["nl"]["text"], offer
    assert "for sale" in offer["en"]["text"] and "from the stock" in offer["en"]["text"], offer
    assert offer["nl"]["whole"] and offer["en"]["whole"], offer
    assert cut == set()
    # the check sees a line cut: three offers in a row do not fit two lines
    page.locator(".status").evaluate("(p, t) => { p.textContent = t + ' ' + t + ' ' + t; }",
                                     offer["en"]["text"])
    assert page.evaluate(STATUS_SEEN)["whole"] is False
    context.close()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_is_played_to_its_end_by_tapping_stock_and_pile(
        server: str, serve_dir: Path, chromium: Browser, preset: str) -> None:
    """One round of each preset (a turn limit keeps it short), the person drawing by
    tapping the stock and taking once by tapping the pile; Turbo's further draws and
    Rummikub's table come from the moves the server lists. A known deal: with a random one
    a computer player now and then went out before the person's second turn (contract),
    so she never drew."""
    rules = {"preset": preset, "rounds": 1, "max_turns": 24}
    room = make_room(server, rules, computers=2)
    set_seed(serve_dir, room, 2)
    context, page = seat_in(chromium, room, "Mens3", locale="en-GB",
                            viewport=SCREENS[1], has_touch=True, is_mobile=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start(server, room)
    page.locator(".hand button").first.wait_for()
    # in `jokeren` the pile's card may only be taken to be laid at once: this person draws
    me = Person(page, "en", take=preset != "jokeren")
    end = page.locator(".match-end")
    play_until([me], lambda: end.count() > 0, timeout=240)
    expect(end.get_by_role("heading", name="The match is over")).to_be_visible()
    assert end.locator(".standings li").count() == 3
    assert me.draws >= 1 and not errors
    if preset != "jokeren":
        assert me.takes == 1
    if preset == "amerikaans":
        assert serious_violations(page) == []  # the match's end as a screen reader meets it
    context.close()


def test_a_reload_restores_the_hand_order_the_tray_the_log_and_the_panel(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    # seed 1: the person may lay a set at their first turn (found by the engine)
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
    set_seed(serve_dir, room, 1)
    context, page = seat_in(chromium, room, "Mens4", locale="en-GB",
                            viewport=SCREENS[0], has_touch=True, is_mobile=True)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "en")
    # the person's own play: draw, then compose
    play_until([me], lambda: "Discard" in page.locator(".controls").inner_text()
               and "Set aside" in page.locator(".controls").inner_text(), timeout=120)
    open_settings(page)
    page.get_by_role("button", name="Sort by rank").click()
    page.locator(".panel:not([hidden]) .close").click()
    hand = page.locator(".hand button")
    hand.nth(0).click()
    hand.nth(1).click()
    press(page, "Set aside")
    expect(page.locator(".tray li")).to_have_count(1)
    page.locator(".ticker").click()  # the log's panel open

    def seen() -> tuple[list[str], list[str], list[str], bool]:
        cards = hand.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        tray = page.locator(".tray .cards").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        return cards, tray, log_lines(page), page.locator(".log").is_visible()

    before = seen()
    assert before[1] and before[2] and before[3]
    page.reload()
    page.locator(".hand button").first.wait_for()
    page.wait_for_function(f"document.querySelectorAll('.log li').length >= {len(before[2])}")
    assert seen() == before
    context.close()


def test_reduced_motion_removes_the_animations(server: str, chromium: Browser) -> None:
    def animations(reduced: bool) -> int:
        room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
        context, page = seat_in(chromium, room, "Mens5", locale="en-GB",
                                reduced_motion="reduce" if reduced else "no-preference")
        start(server, room)
        page.locator(".hand button").first.wait_for()
        me = Person(page, "en")
        most = 0

        def sample() -> bool:
            nonlocal most
            most = max(most, page.evaluate("document.getAnimations().length"))
            return me.moves >= 8 or page.locator(".match-end").count() > 0

        play_until([me], sample, timeout=120)
        motion = page.locator(".tp").get_attribute("data-motion")
        context.close()
        assert motion == ("off" if reduced else "normal")
        return most

    assert animations(reduced=False) > 0  # the check can see animations
    assert animations(reduced=True) == 0


def test_no_serious_accessibility_violations_on_the_other_pages(
        server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="nl-NL", viewport=SCREENS[0])
    page = context.new_page()
    for path in ("/new", "/rules", "/score", "/replay"):
        page.goto(f"{server}{path}")
        page.locator("main *").first.wait_for()
        page.wait_for_timeout(300)
        assert serious_violations(page) == [], path
    room = make_room(server, "amerikaans", computers=1)
    page.goto(str(room["invite"]))
    page.locator("input").first.wait_for()
    assert serious_violations(page) == [], "join"
    page.locator("input").first.fill("Mens6")
    page.locator("button[type=submit]").click()
    at_table(page)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    open_settings(page)
    assert serious_violations(page) == [], "settings"
    page.locator(".tools button").nth(1).click()  # the score sheet
    assert serious_violations(page) == [], "sheet"
    context.close()
