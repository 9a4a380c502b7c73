"""What lies over the table moves nothing on it and is read whole: the host's pause takes the
status line's place (of its height), so the seats, the stock, the pile, the dock and the
hand stay where they were when it comes and goes, on a 360 x 740 phone and at 1280 x 800,
and it covers nothing of the table; with who is away over the table's foot too, a phone
still shows most of the table under the seats, the stock and the pile. While the pause
lasts the stock, the pile and the move buttons are disabled and a tap sends nothing (the
server would refuse it), and they are enabled again when the host goes on; the log's panel
hides the table behind it, and its numbers of three digits fit inside it on a phone."""

from __future__ import annotations

import io
import json
import re
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

# The pause: in the header, in the status line's place (no status line beside it), over
# none of the header's tools, the table's stage (the seats, the stock, the pile, the
# combinations) or the dock.
COVERS = """() => {
  const banner = document.querySelector('.head .paused');
  if (!banner) return ['no pause in the header'];
  const b = banner.getBoundingClientRect(), bad = [];
  const meets = (r) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
  const head = document.querySelector('.head').getBoundingClientRect();
  if (b.top < head.top - 0.5 || b.bottom > head.bottom + 0.5) bad.push('outside the header');
  if (document.querySelectorAll('.head .status').length !== 1) bad.push('beside the status line');
  for (const s of ['.tools', '.stage', '.dock'])
    for (const e of document.querySelectorAll(s))
      if (meets(e.getBoundingClientRect())) bad.push(`over ${s}`);
  return bad;
}"""

# On a phone, the part of the table below the seats, the stock and the pile (the ring) that
# shows the combinations down to the dock, and how much of it the pause and the notices over
# the table's foot (who is away) cover; the pause is the status element that says so.
SIGHT = """() => {
  const box = (e) => e.getBoundingClientRect();
  const stage = box(document.querySelector('.stage'));
  const ring = box(document.querySelector('.ring'));
  const top = ring.bottom, bottom = stage.bottom, covered = [];
  const pause = [...document.querySelectorAll('[role=status]')]
    .filter(e => /paused|stil/.test(e.textContent));
  const foot = [...document.querySelectorAll('.foot')]
    .filter(e => e.getBoundingClientRect().height > 0);
  for (const e of [...pause, ...foot]) {
    const r = box(e);
    if (r.left < stage.right && stage.left < r.right)
      covered.push([Math.max(r.top, top), Math.min(r.bottom, bottom)]);
  }
  // the length of the window's parts under any of them (they may overlap one another)
  covered.sort((a, b) => a[0] - b[0]);
  let hidden = 0, end = top;
  for (const [a, b] of covered) { if (b > end) { hidden += b - Math.max(a, end); end = b; } }
  // the pause is read whole in the status line's two lines (no line cut off)
  const text = document.createRange(), line = document.querySelector('.head .status');
  text.selectNodeContents(line);
  const whole = text.getBoundingClientRect().bottom <= box(line).bottom + 1
    && line.scrollWidth <= line.clientWidth + 1;
  return { window: Math.round(bottom - top), hidden: Math.round(hidden), pauses: pause.length,
           away: document.querySelectorAll('.foot .presence li').length, whole };
}"""


def _paused(page: Page) -> Any:
    return page.get_by_role("status").filter(has_text=re.compile("paused"))


def test_the_pause_takes_the_status_line_and_moves_nothing(server: str, chromium: Browser) -> None:
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
    # the status line is back, saying what Ann is to do
    expect(ann.locator(".head .status")).to_have_count(1)
    expect(ann.locator(".head .paused")).to_have_count(0)
    ann_context.close()
    bea_context.close()


def test_on_a_phone_the_pause_and_who_is_away_leave_the_table_in_sight(
        server: str, chromium: Browser) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2, people=2)
    (ann_context, ann), (bea_context, _) = (
        seat_in(chromium, room, name, locale="en-GB", **PHONE) for name in ("Ann", "Bea"))
    # Ann's page is the host's: who is away then has its button ("Let the computer play"),
    # the tallest the line gets
    host = json.dumps(json.dumps(room))
    ann.evaluate(f"localStorage.setItem('jokeren-host-{room['room']}', {host})")
    ann.reload()
    start(server, room)
    ann.locator(".hand button").first.wait_for()
    bea_context.close()  # Bea's page is closed: she is away
    expect(ann.locator(".foot .presence li")).to_have_count(1)
    expect(ann.locator(".foot .presence button")).to_be_visible()
    call(f"{server}/api/rooms/{room['room']}/pause", {"token": room["host_token"], "on": True})
    expect(_paused(ann)).to_be_visible()
    ann.wait_for_timeout(200)
    seen = ann.evaluate(SIGHT)
    assert seen["pauses"] == 1 and seen["away"] == 1 and seen["whole"], seen
    assert seen["window"] >= 100, seen  # the combinations have room on a phone
    # most of it shows: the pause covers none of it, who is away at most a strip at its foot
    assert seen["hidden"] <= seen["window"] / 2, seen
    ann.locator("header.top .lang").click()  # the same in Dutch
    expect(ann.locator(".head .status")).to_contain_text("tafel stilgezet")
    seen = ann.evaluate(SIGHT)
    assert seen["pauses"] == 1 and seen["whole"] and seen["hidden"] <= seen["window"] / 2, seen
    ann_context.close()


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
    assert stock.inner_text() == count
    # the status line says the table stands still, and when the host goes on what Ann is
    # to do again, as before: nothing happened meanwhile
    expect(page.locator(".head .status")).to_have_text(
        "De tafel staat stil: wacht tot de gastheer verder speelt")

    call(pause, {"token": room["host_token"], "on": False})
    expect(page.get_by_role("status").filter(has_text="gastheer")).to_have_count(0)
    expect(page.locator(".head .status")).to_have_text(status)
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
