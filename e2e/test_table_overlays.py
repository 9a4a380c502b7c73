"""What lies over the table moves nothing on it and is read whole: the host's pause lies
over the foot of the table (as who is away and the welcome back do), so the seats, the
stock, the pile, the dock and the hand stay where they were when it comes and goes, on a
360 x 740 phone and at 1280 x 800, and taps go through it; while it lasts the stock, the
pile and the move buttons are disabled and a tap sends nothing (the server would refuse
it), and they are enabled again when the host goes on; the log's panel hides the table
behind it, and its numbers of three digits fit inside it on a phone."""

from __future__ import annotations

import io
import time
from typing import Any

from driver import Person, frames_of, log_lines, make_room, play_until, seat_in, start, tap
from PIL import Image
from playwright.sync_api import Browser, Page, expect
from serving import call

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESK = {"viewport": {"width": 1280, "height": 800}}

# Where the things a finger taps are, and the header's tools.
PLACES = """() => Object.fromEntries(
  ['.seats', '.centre .stock', '.centre .pile', '.dock', '.hand button', '.tools .ticker']
    .map(s => { const e = document.querySelector(s);
                if (!e) return [s, null];
                const r = e.getBoundingClientRect();
                return [s, [r.x, r.y, r.width, r.height].map(Math.round)]; }))"""

# The pause banner: inside the table's stage, over none of the seats, the stock and the pile
# (the ring), the dock or the header; taps at its middle reach what lies under it.
COVERS = """() => {
  const banner = document.querySelector('.foot .paused');
  if (!banner) return ['no banner'];
  const b = banner.getBoundingClientRect(), bad = [];
  const meets = (r) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
  const stage = document.querySelector('.stage').getBoundingClientRect();
  if (b.top < stage.top - 0.5 || b.bottom > stage.bottom + 0.5) bad.push('outside the stage');
  for (const s of ['.head', '.ring', '.dock', '.centre .stock', '.centre .pile'])
    for (const e of document.querySelectorAll(s))
      if (meets(e.getBoundingClientRect())) bad.push(`over ${s}`);
  const under = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
  if (under && banner.contains(under)) bad.push('catches taps');
  return bad;
}"""


def _paused(page: Page) -> Any:
    return page.get_by_role("status").filter(has_text="paused the table")


def test_the_pause_lies_over_the_foot_and_moves_nothing(server: str, chromium: Browser) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=1, people=2)
    (ann_context, ann), (bea_context, bea) = (
        seat_in(chromium, room, name, locale="en-GB", **screen)
        for name, screen in (("Ann", PHONE), ("Bea", DESK)))
    start(server, room)
    pages = (ann, bea)
    for page in pages:
        page.locator(".hand button").first.wait_for()
    # the deal's first question waits for Ann (give a double card): the table stands still
    before = {id(page): page.evaluate(PLACES) for page in pages}
    assert before[id(ann)][".centre .stock"] is not None

    pause = f"{server}/api/rooms/{room['room']}/pause"
    call(pause, {"token": room["host_token"], "on": True})
    for page in pages:
        expect(_paused(page)).to_be_visible()
        assert page.evaluate(PLACES) == before[id(page)], page.viewport_size
        assert page.evaluate(COVERS) == [], page.viewport_size
    # Ann's answers (give, pass) stay where they were, disabled
    expect(ann.locator(".controls button")).not_to_have_count(0)
    for button in ann.locator(".controls button").all():
        expect(button).to_be_disabled()
    # each size at the other's: still over nothing a finger needs
    ann.set_viewport_size(DESK["viewport"])
    bea.set_viewport_size(PHONE["viewport"])
    for page in pages:
        page.wait_for_timeout(200)
        assert page.evaluate(COVERS) == [], page.viewport_size
    ann.set_viewport_size(PHONE["viewport"])
    bea.set_viewport_size(DESK["viewport"])

    call(pause, {"token": room["host_token"], "on": False})
    for page in pages:
        expect(_paused(page)).to_have_count(0)
        page.wait_for_timeout(200)
        assert page.evaluate(PLACES) == before[id(page)], page.viewport_size
    for button in ann.locator(".controls button").all():
        expect(button).to_be_enabled()
    ann_context.close()
    bea_context.close()


def _acts(page: Page) -> list[str]:
    """The moves among the page's last frames sent (each with the moment it went)."""
    return [f for f in frames_of(page) if f.split(" ", 2)[1] == ">" and '"type":"act"' in f]


def test_the_pause_disables_the_stock_the_pile_and_the_moves(
        server: str, chromium: Browser) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
    context, page = seat_in(chromium, room, "Ann", locale="nl-NL", **PHONE)
    start(server, room)
    stock, pile = page.locator(".centre .stock"), page.locator(".centre .pile")
    # every offer passed (a double to give, the upcard, a card for sale) until Ann draws
    end = time.monotonic() + 120
    while "live" not in (stock.get_attribute("class") or ""):
        assert time.monotonic() < end, page.locator(".status").inner_text()
        answer = page.locator(".controls button[data-verb=pass]")
        if answer.count():
            tap(answer)
        page.wait_for_timeout(100)
    status = page.locator(".status").inner_text()
    count = stock.inner_text()
    moves = page.locator(".controls button")
    expect(moves.first).to_be_enabled()

    pause = f"{server}/api/rooms/{room['room']}/pause"
    call(pause, {"token": room["host_token"], "on": True})
    expect(page.get_by_role("status").filter(has_text="gastheer")).to_be_visible()
    expect(stock).to_be_disabled()
    expect(pile).to_be_disabled()
    assert "live" not in (stock.get_attribute("class") or "")
    assert "live" not in (pile.get_attribute("class") or "")
    for button in moves.all():
        expect(button).to_be_disabled()
    # a tap on the stock or on Trekken sends nothing, and nothing is refused
    sent = _acts(page)
    stock.click(force=True)
    moves.first.click(force=True)
    page.wait_for_timeout(1000)
    assert [f for f in _acts(page) if f not in sent] == []
    expect(page.locator(".refusal")).to_have_count(0)
    assert (page.locator(".status").inner_text(), stock.inner_text()) == (status, count)

    call(pause, {"token": room["host_token"], "on": False})
    expect(page.get_by_role("status").filter(has_text="gastheer")).to_have_count(0)
    expect(stock).to_be_enabled()
    for button in moves.all():
        expect(button).to_be_enabled()
    stock.click()  # Ann draws
    expect(page.locator(".controls button[data-verb=discard]")).to_be_visible()
    assert [f for f in _acts(page) if f not in sent] != []
    expect(page.locator(".refusal")).to_have_count(0)
    context.close()


# The log's panel: its background wholly opaque, and the widest number it shows ("500.",
# the log keeps 500 lines) inside the list's room for its numbers, and that room inside the
# screen. A probe span inherits the list's font and is removed at once.
LOG_ROOM = """() => {
  const ol = document.querySelector('.log ol'), panel = ol.closest('.panel');
  const colour = getComputedStyle(panel).backgroundColor;
  const alpha = colour.startsWith('rgba') ? Number(colour.split(',')[3].replace(')', '')) : 1;
  const li = ol.querySelector('li');
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  probe.textContent = '500. ';
  li.appendChild(probe);
  const number = probe.getBoundingClientRect().width;
  probe.remove();
  return { alpha, number, room: parseFloat(getComputedStyle(ol).paddingLeft),
           left: ol.getBoundingClientRect().left };
}"""


def test_the_log_panel_hides_the_table_and_fits_three_digits(
        server: str, chromium: Browser) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
    context, page = seat_in(chromium, room, "Mens", locale="nl-NL", **PHONE)
    start(server, room)
    page.locator(".hand button").first.wait_for()
    me = Person(page, "nl")
    play_until([me], lambda: len(log_lines(page)) >= 12)
    page.locator(".ticker").click()
    expect(page.get_by_role("dialog", name="Wat er gebeurde")).to_be_visible()
    seen = page.evaluate(LOG_ROOM)
    assert seen["alpha"] == 1, seen
    assert seen["left"] >= 0, seen
    assert seen["number"] <= seen["room"], seen
    # scrolled to its end, nothing of the table shows at the panel's foot either: the table
    # is painted red to be seen, the log made long enough to scroll
    page.add_style_tag(content=".scroll, .ring { background: #ff0000 !important }"
                       " .log { padding-bottom: 2000px }")
    panel = page.get_by_role("dialog", name="Wat er gebeurde")
    panel.evaluate("e => { e.scrollTop = e.scrollHeight; }")
    page.wait_for_timeout(200)
    box = panel.bounding_box()
    assert box is not None
    foot = Image.open(io.BytesIO(page.screenshot(clip={
        "x": box["x"], "y": box["y"] + box["height"] - 4, "width": box["width"], "height": 4})))
    red = [xy for xy in ((x, y) for x in range(foot.width) for y in range(foot.height))
           if foot.convert("RGB").getpixel(xy) == (255, 0, 0)]
    assert red == [], f"{len(red)} pixels of the table at the panel's foot"
    context.close()
