"""Drag as an option beside tapping (issue 38), by a finger: Chromium's touch events
(DevTools' Input.dispatchTouchEvent, which the page receives as pointer events of type
touch) drag the stock to the hand to draw, the pile to the hand to take, a card onto a
combination to lay it off, a card onto another to move it, and a card onto the pile to
discard it. The moves the server lists are read from the socket's frames."""

from __future__ import annotations

import json
import time
from pathlib import Path

from driver import make_room, press, set_seed, start, take_seat, tap
from playwright.sync_api import Browser, Locator, Page, expect


def touch_drag(page: Page, source: Locator, target: Locator) -> None:
    """A finger presses ``source`` (near its top-left corner, which an overlapped card
    always shows), moves in steps and lifts over the middle of ``target``."""
    a, b = source.bounding_box(), target.bounding_box()
    assert a is not None and b is not None
    x0, y0 = a["x"] + min(14, a["width"] / 2), a["y"] + min(16, a["height"] / 2)
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp = page.context.new_cdp_session(page)
    touch = "Input.dispatchTouchEvent"
    cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 11):
        x, y = x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10
        cdp.send(touch, {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


class Listed:
    """The moves the server last listed for the seat, from the socket's frames."""

    def __init__(self, page: Page) -> None:
        self.moves: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        try:
            frame = json.loads(payload)
        except ValueError:
            return
        # every frame that carries moves replaces them; protocol 2 (the page's) sends them
        # only when they changed
        if isinstance(frame, dict) and isinstance(frame.get("moves"), list):
            self.moves = [m for m in frame["moves"] if isinstance(m, str)]


def _card(page: Page, card: str) -> Locator:
    return page.locator(f'.hand button[data-card="{card}"]').first


def _hand(page: Page) -> list[str]:
    cards: list[str] = page.locator(".hand button").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return cards


def test_a_finger_drags_stock_pile_and_cards(
        server: str, serve_dir: Path, chromium: Browser) -> None:
    # seed 1: the person may lay a set at the first turn (found by the engine)
    room = make_room(server, {"preset": "amerikaans", "rounds": 1}, computers=2)
    set_seed(serve_dir, room, 1)
    context = chromium.new_context(locale="en-GB", viewport={"width": 390, "height": 844},
                                   has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    listed = Listed(page)
    take_seat(page, room, "Mens8")
    start(server, room)
    page.locator(".hand button").first.wait_for()
    stock, pile = page.locator(".centre .stock"), page.locator(".centre .pile")
    melds = page.locator(".melds .meld")
    did: set[str] = set()

    def my_draw() -> None:
        """Waits for the person's draw, passing whatever else is asked."""
        end = time.monotonic() + 60
        while not stock.is_enabled():
            assert time.monotonic() < end, ("the person's turn did not come: "
                                            + page.locator(".status").inner_text() + " / "
                                            + page.locator(".controls").inner_text())
            # a buy offer or a card to give (amerikaans): pass, by tapping
            passing = page.locator(".controls button", has_text="Pass")
            if passing.count():
                tap(passing.first)
            page.wait_for_timeout(100)
        page.wait_for_timeout(200)

    deadline = time.monotonic() + 400
    while did != {"draw", "take", "lay", "move", "discard"}:
        assert time.monotonic() < deadline, f"only {did}"
        if page.locator(".match-end, .round-end").count():
            break
        my_draw()
        before = len(_hand(page))
        if "take" not in did and "draw" in did and pile.is_enabled():
            touch_drag(page, pile, page.locator(".hand-box"))
            did.add("take")
        else:
            touch_drag(page, stock, page.locator(".hand button").first)
            did.add("draw")
        expect(page.locator(".hand button")).to_have_count(before + 1)
        expect(page.locator(".controls button", has_text="Discard")).to_be_visible()
        page.wait_for_timeout(300)
        melds_of = [m for m in listed.moves if m.startswith("meld ") and "/" not in m
                    and "*" not in m]
        if melds_of and not page.locator(".seats li.me", has_text="✓").count():
            # come out by tapping, the main way
            for card in melds_of[0].split()[1:]:
                free = f'.hand button[data-card="{card}"]:not([aria-pressed=true])'
                page.locator(free).first.click()
            press(page, "Lay on the table")
            expect(page.locator(".seats li.me")).to_contain_text("✓")
            page.wait_for_timeout(300)
        lays = [m.split() for m in listed.moves if m.startswith("lay ") and len(m.split()) == 3
                and "*" not in m]
        if "lay" not in did and lays and len(_hand(page)) > 2:
            _, n, card = lays[0]
            meld = melds.nth(int(n) - 1)
            size = meld.locator(".tiny").count()
            touch_drag(page, _card(page, card), meld)
            expect(meld.locator(".tiny")).to_have_count(size + 1)
            did.add("lay")
            page.wait_for_timeout(300)
        hand = _hand(page)
        if "move" not in did and len(hand) >= 3:
            touch_drag(page, page.locator(".hand button").first,
                       page.locator(".hand button").nth(2))
            moved = _hand(page)
            assert moved != hand and sorted(moved) == sorted(hand)
            assert moved.index(hand[0]) == 2
            did.add("move")
        # discard a card that is not a joker by dragging it onto the pile
        hand = _hand(page)
        card = next(c for c in reversed(hand) if c != "*")
        left = len(hand)
        touch_drag(page, _card(page, card), pile)
        expect(page.locator(".controls button", has_text="Discard")).to_have_count(0)
        expect(page.locator(".hand button")).to_have_count(left - 1)
        did.add("discard")
    assert did == {"draw", "take", "lay", "move", "discard"}
    context.close()
