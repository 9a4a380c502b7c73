"""A person at the browser table who plays simply: passes every offer, draws by tapping
the stock (or takes by tapping the discard pile, once, when asked to), and discards the
card just drawn (never a joker). The computer players go out; the test follows the match
through the screen alone, as a person would. And the few steps every table test begins
with: a room made through the API, a person seated at it by its invite link, the match
started."""

from __future__ import annotations

import re
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import axe_playwright_python
from playwright.sync_api import Browser, BrowserContext, Locator, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from serving import call

ACT = {"nl": {"draw": "Trekken", "pass": "Passen", "discard": "Afleggen", "buy": "Kopen",
              "take": "Pakken"},
       "en": {"draw": "Draw", "pass": "Pass", "discard": "Discard", "buy": "Buy",
              "take": "Take"}}


STALL = 8.0  # seconds of an unchanged screen, where this person may act, before trying again

# axe-core, as the axe-playwright-python package ships it (no npm needed to run the tests)
AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"


def make_room(server: str, rules: object, computers: int = 0, people: int = 1,
              level: str = "basic", **options: object) -> dict[str, Any]:
    """A room made through the API: ``people`` seats for persons, then ``computers``
    computer players of ``level``; ``options`` (a ``turn_timer``) go with the request. The
    server's answer: the room's id, its invite link and host token."""
    return call(f"{server}/api/rooms", {
        "rules": rules, **options,
        "seats": [*[{"kind": "person"}] * people,
                  *[{"kind": "computer", "level": level}] * computers]})


def set_seed(serve_dir: Path, room: dict[str, Any], seed: int | str) -> None:
    """Sets the room's seed in the server's SQLite file, before its start: a known deal."""
    with sqlite3.connect(serve_dir / "jokeren.sqlite") as db:
        db.execute("UPDATE room SET seed = ? WHERE id = ?", (str(seed), room["room"]))


def frames_of(page: Page) -> deque[str]:
    """The page's last socket frames each way, kept from the first call on (made before the
    page opens its table): a stalled test's sentence says whether the server went quiet,
    or answered and the page did not follow."""
    kept: deque[str] | None = getattr(page, "_jokeren_frames", None)
    if kept is not None:
        return kept
    frames: deque[str] = deque(maxlen=12)

    def keep(way: str) -> Callable[[str | bytes], None]:
        return lambda frame: frames.append(f"{time.monotonic():.1f} {way} {str(frame)[:240]}")

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", keep("<"))
        socket.on("framesent", keep(">"))
        socket.on("close", lambda _: frames.append(f"{time.monotonic():.1f} closed"))

    page.on("websocket", listen)
    page._jokeren_frames = frames  # type: ignore[attr-defined]
    return frames


def at_table(page: Page) -> None:
    """Waits for the page to move to its table (the pages change the path without loading a
    page)."""
    page.wait_for_function("location.pathname.startsWith('/table/')")


def take_seat(page: Page, room: dict[str, Any], name: str) -> None:
    """A person takes a seat of the room by its invite link, under ``name``, and is shown
    the table."""
    frames_of(page)
    page.goto(str(room["invite"]))
    page.locator("input").first.fill(name)
    page.locator("button[type=submit]").click()
    at_table(page)


def seat_in(chromium: Browser, room: dict[str, Any], name: str, **options: Any
            ) -> tuple[BrowserContext, Page]:
    """``take_seat`` in a browser context of its own (``options``: its locale, screen, touch);
    the context (to close) and the page."""
    context = chromium.new_context(**options)
    page = context.new_page()
    take_seat(page, room, name)
    return context, page


def play_against_computers(page: Page, server: str, name: str, opponents: int,
                           preset: str | None = None) -> None:
    """From the home page, ``name`` plays against ``opponents`` computer players (the
    ``preset`` chosen first, else the page's own); waits for the table's status line."""
    frames_of(page)
    page.goto(f"{server}/")
    page.locator("input").first.fill(name)
    if preset is not None:
        page.locator("select").nth(0).select_option(preset)
    page.locator("select").nth(1).select_option(str(opponents))
    page.locator("button[type=submit]").click()
    at_table(page)
    page.locator(".status").wait_for()


def start(server: str, room: dict[str, Any]) -> None:
    """The host starts the room's match."""
    call(f"{server}/api/rooms/{room['room']}/start", {"token": room["host_token"]})


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


MISSED: list[str] = []  # why the last taps did not happen (Playwright's words), newest last


def tap(target: Locator) -> bool:
    """Taps a button that was there a moment ago; False when it went (the others played
    on, an offer closed) before the tap: the next step reads the screen again. Why a tap
    did not happen is kept (``MISSED``) for a stalled test's sentence."""
    try:
        target.click(timeout=3000)
    except PlaywrightTimeout as exc:
        MISSED[:] = [*MISSED[-2:], " | ".join(str(exc).splitlines()[-4:]) or repr(exc)]
        return False
    return True


def press(page: Page, text: str) -> bool:
    return tap(page.locator(".controls button, .buy button").filter(
        has_text=re.compile(f"^{re.escape(text)}$")).first)


def log_lines(page: Page) -> list[str]:
    """The whole log (its panel stays in the page while closed)."""
    lines: list[str] = page.locator(".log li").evaluate_all("els => els.map(e => e.textContent)")
    return lines


def open_settings(page: Page) -> None:
    """Opens the table's settings panel (the sorts, hints, learning mode, animations)."""
    if not page.locator(".settings").count():
        page.locator(".tools button").last.click()
    page.locator(".settings").wait_for()


def round_text(page: Page) -> str:
    """The round and its requirement, as the table shows them beside the stock."""
    return page.evaluate("document.querySelector('.centre .round')?.innerText ?? ''")


def discard_one(page: Page, lang: str, fresh_ok: bool = True, turn: int | None = None
                ) -> None:
    """Selects the card just drawn (else, or with ``fresh_ok`` False, the last card not just
    taken), never a joker, and discards; a confirmation (going out, a joker) is accepted by the
    Person's own handler. The hand is read at one moment (it re-renders as others play).
    With ``turn``, every third turn discards a card held before, in turn through the hand."""
    hand: list[dict[str, object]] = page.locator(".hand button").evaluate_all(
        """els => els.map(e => ({label: e.getAttribute('aria-label') ?? '',
                                 fresh: e.classList.contains('fresh'),
                                 selected: e.getAttribute('aria-pressed') === 'true'}))""")
    # a joker is never the pick (Mexicaans refuses its discard): a drawn joker is kept
    fresh = [c for c in hand if c["fresh"] and "joker" not in str(c["label"])]
    plain = [c for c in hand if not c["fresh"] and "joker" not in str(c["label"])]
    choice = (fresh if fresh_ok else []) or plain or fresh
    assert choice, "a hand of jokers only"
    pick = choice[-1]
    if turn is not None and turn % 3 == 0 and plain:
        pick = plain[(turn // 3) % len(plain)]
    # a card left selected by a tap whose discard did not happen would make two: unselect
    # the others first, and never tap the pick off again
    for card in hand:
        if card["selected"] and card["label"] != pick["label"]:
            tap(_card(page, str(card["label"])))
    if pick["selected"] or tap(_card(page, str(pick["label"]))):
        press(page, ACT[lang]["discard"])


def _card(page: Page, label: str) -> Locator:
    return page.locator(f'.hand button[aria-label="{label}"]').first


class Person:
    """One browser page playing simply; ``step`` makes at most one move. ``take``: take
    the discard pile's card (by tapping the pile) the first time it may. ``rotate``: now and
    then discard a card held before rather than the one just drawn, so no card is kept for
    ever (a person who keeps her dealt cards can hold the only ones a computer player's
    melds need: about 2 jokeren-7 rounds in 1,000 then never end)."""

    def __init__(self, page: Page, lang: str, buy: bool = False, take: bool = False,
                 rotate: bool = False) -> None:
        self.page, self.lang, self.buy, self.take = page, lang, buy, take
        self.rotate = rotate
        self.moves = self.draws = self.takes = 0
        self._took = False  # took this turn: discard another card than the one taken
        self._last = ""
        self._since = 0.0  # when the screen last changed while this person could act
        # Every confirmation the table asks (going out, discarding a joker) is accepted, by
        # one handler for the page's life: a handler per discard stayed when no dialog came,
        # so the next dialog was accepted twice (an error) or, with none, dismissed by
        # Playwright, and the discard never happened (the person waited for ever).
        if not getattr(page, "_jokeren_accepts", False):  # one handler, however many Persons
            page.on("dialog", lambda dialog: dialog.accept())
            page._jokeren_accepts = True  # type: ignore[attr-defined]
        frames_of(page)

    def status(self) -> str:
        return self.page.locator(".status").inner_text()

    def step(self) -> None:
        page, words = self.page, ACT[self.lang]
        available = buttons(page)
        stock, pile = page.locator(".centre .stock"), page.locator(".centre .pile")
        can_draw = stock.count() > 0 and stock.is_enabled()
        can_take = pile.count() > 0 and pile.is_enabled()
        # a move waits for the screen to change, so one click is never sent twice
        key = (f"{self.status()}|{available}|{page.locator('.hand button').count()}|"
               f"{page.locator('.hand button[aria-pressed=true]').count()}|"
               f"{can_draw}{can_take}|{page.locator('.msg').all_inner_texts()}")
        if not (available or can_draw or can_take):
            return
        # ... but a move that did nothing (a tap lost on a busy machine) is tried again after
        # STALL seconds of the same screen, as a person would
        now = time.monotonic()
        if key == self._last and now - self._since < STALL:
            return
        self._last, self._since = key, now
        go_on = page.locator(".round-end .actions button").last
        if go_on.count():  # the last round's end lies over the table: go on
            tap(go_on)
            self._last = ""  # the screen under it is read afresh
            return
        if self.buy and words["buy"] in available:
            if not press(page, words["buy"]):
                return
        elif words["pass"] in available:
            if not press(page, words["pass"]):
                return
        elif self.take and can_take and words["discard"] not in available:
            if not tap(pile):  # take the discard by tapping the pile
                return
            self.take, self._took = False, True
            self.takes += 1
        elif can_draw:
            if not tap(stock):  # draw by tapping the stock (Turbo: again, while it may)
                return
            self.draws += 1
        elif words["discard"] in available:
            discard_one(page, self.lang, fresh_ok=not self._took,
                        turn=self.draws if self.rotate else None)
            self._took = False
        else:
            return
        self.moves += 1


def play_until(people: list[Person], done: Callable[[], bool], timeout: float = 300.0) -> None:
    """Lets everyone play until ``done()``; fails with each status line after ``timeout``."""
    MISSED.clear()  # the misses of this play, not an earlier test's
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if done():
            return
        for person in people:
            person.step()
        people[0].page.wait_for_timeout(100)
    raise AssertionError("not done in time; status lines: "
                         + " / ".join(p.status() for p in people)
                         + "; screens: " + " / ".join(describe(p.page) for p in people)
                         + "; the last taps that did not happen: " + " / ".join(MISSED)
                         + f"; now {time.monotonic():.1f}, the last frames: "
                         + " / ".join(f for p in people for f in frames_of(p.page)))


def describe(page: Page) -> str:
    """What a stalled page shows: its buttons (disabled marked), the hand (selected marked),
    the messages; for the failure's sentence."""
    return str(page.evaluate("""() => ({
        buttons: [...document.querySelectorAll('.controls button, .buy button')].map(
            b => b.innerText.trim() + (b.disabled ? ' (disabled)' : '')),
        hand: [...document.querySelectorAll('.hand button')].map(
            b => b.getAttribute('aria-label') + (b.getAttribute('aria-pressed') === 'true'
                                                   ? ' [selected]' : '')),
        msg: [...document.querySelectorAll('.msg')].map(m => m.innerText),
        stock: document.querySelector('.centre .stock')?.disabled,
        pile: document.querySelector('.centre .pile')?.disabled})"""))
