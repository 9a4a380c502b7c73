"""The seats strip on a phone (issue 38): with 4 and 6 seats, on 360, 390 and 1280 px wide
screens, every seat's name, card count, points and turn / away / thinking mark is read
whole inside the viewport (no seat off the edge, no text cut off by an ellipsis). A seat
whose person is away says "weg"; once the host lets the computer play it, "computer
speelt" (not "weg": someone plays it), read whole too."""

from __future__ import annotations

import pytest
from driver import make_room, seat_in, start
from playwright.sync_api import Browser, expect
from serving import call

SCREENS = ({"width": 360, "height": 740}, {"width": 390, "height": 844},
           {"width": 1280, "height": 800})

# For every seat: each part's box inside the viewport and inside its seat, and its text not
# cut (scrollWidth within clientWidth); then whether the widest text each part may show
# fits the same box: every mark the state line shows (to play, thinking, away) and the
# points with three digits. A probe span inherits the part's font and is removed at once.
MEASURE = """(words) => {
  const vw = innerWidth, vh = innerHeight, bad = [];
  const inside = (r, o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5
    && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5;
  const view = {left: 0, top: 0, right: vw, bottom: vh};
  const fits = (el, text) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
    probe.textContent = text;
    el.appendChild(probe);
    const w = probe.getBoundingClientRect().width;
    probe.remove();
    return w <= el.clientWidth + 0.5;
  };
  const seats = [...document.querySelectorAll('.seats li')];
  for (const li of seats) {
    const who = li.querySelector('.name')?.textContent ?? '?';
    const box = li.getBoundingClientRect();
    if (!inside(box, view)) bad.push(`${who}: the seat leaves the screen`);
    for (const part of ['.name', '.count', '.pts', '.state']) {
      const el = li.querySelector(part);
      if (!el) { bad.push(`${who}: no ${part}`); continue; }
      const r = el.getBoundingClientRect();
      if (!inside(r, view) || !inside(r, box)) bad.push(`${who}: ${part} outside`);
      if (el.scrollWidth > el.clientWidth + 0.5) bad.push(`${who}: ${part} cut: ${el.textContent}`);
    }
    const state = li.querySelector('.state'), pts = li.querySelector('.pts');
    for (const w of words) if (state && !fits(state, w)) bad.push(`${who}: '${w}' does not fit`);
    const most = (pts?.textContent ?? '').replace(/\\d+/, '999');
    if (pts && !fits(pts, most)) bad.push(`${who}: '${most}' does not fit`);
  }
  return {n: seats.length, bad};
}"""


@pytest.mark.parametrize("seats", [4, 6])
def test_every_seat_is_read_whole_on_three_screens(
        server: str, chromium: Browser, seats: int) -> None:
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=seats - 2,
                     people=2)
    words = call(f"{server}/api/messages")
    pages = [seat_in(chromium, room, name, locale="nl-NL", viewport=SCREENS[0],
                     has_touch=True, is_mobile=True) for name in ("Oma Truus", "Jan")]
    start(server, room)
    (context, page), (other, gone) = pages
    gone.locator(".hand button").first.wait_for()
    other.close()  # Jan's page closes: his seat is marked away
    page.locator(".hand button").first.wait_for()
    away = page.locator(".seats li", has_text="Jan").locator(".state")
    expect(away).to_contain_text(str(words["web_away"]["nl"]))  # type: ignore[index]
    expect(page.locator(".seats li.turn .state")).not_to_be_empty()
    marks = [f"● {words[k]['nl']}" for k in ("web_turn_of", "web_thinking", "web_away")]  # type: ignore[index]
    for screen in SCREENS:
        page.set_viewport_size(screen)
        page.wait_for_timeout(200)
        seen = page.evaluate(MEASURE, marks)
        assert seen["n"] == seats
        assert seen["bad"] == [], (screen, seen["bad"])

    # the host lets the computer play Jan's seat: it says so, no longer "weg" (at its move,
    # "denkt na…" as at any computer player's)
    page.set_viewport_size(SCREENS[0])
    call(f"{server}/api/rooms/{room['room']}/seats/1/computer",
         {"token": room["host_token"], "level": "basic"})
    plays = str(words["web_seat_computer"]["nl"])  # type: ignore[index]
    jan = page.locator(".seats li", has_text="Jan")
    expect(jan.locator(".state.stand-in")).to_have_text(plays)
    expect(page.locator(".seats .state.away")).to_have_count(0)
    for screen in SCREENS:
        page.set_viewport_size(screen)
        page.wait_for_timeout(200)
        seen = page.evaluate(MEASURE, [])  # whatever each seat shows now, whole
        assert seen["bad"] == [], (screen, seen["bad"])
        # and the stand-in's words fit the seat's line, whether or not it is at its move now
        assert jan.locator(".state").evaluate("""(el, w) => {
            const probe = document.createElement('span');
            probe.style.cssText =
                'position:absolute;visibility:hidden;white-space:nowrap;font-weight:400';
            probe.textContent = w;
            el.appendChild(probe);
            const fits = probe.getBoundingClientRect().width <= el.clientWidth + 0.5;
            probe.remove();
            return fits; }""", plays), screen
    context.close()
