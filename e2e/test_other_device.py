"""A person takes her seat along to another device (docs/together.md, "Another device"):
on her phone she opens "Verder op een ander apparaat" under ⚙, a second browser opens the
link of that panel and sits at the same seat with the same hand, its address bar no longer
holding the token; both play on without throwing the other out. A seat opened on more
devices than the server keeps says so on the oldest page, which does not connect again by
itself; a link cut short or one the server does not know is said in one sentence; a
spectator is offered no such link. A spectator's token, or another seat's number, written
into a seat's link keeps no seat (her invite still seats her) and is refused at the table;
a seated browser keeps its own table under a link's sentence; the token leaves the address
bar even when the page cannot load. A seat's link pasted into the tab of that table takes
the seat there; a page at 127.0.0.1 makes its link on the address other devices reach."""

from __future__ import annotations

import io
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
import zxingcpp
from driver import (
    Person,
    make_room,
    open_settings,
    play_against_computers,
    play_until,
    start,
    take_seat,
)
from PIL import Image
from playwright.sync_api import Page, expect
from serving import running_server

from conftest import _Patient

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def _table_sockets(page: Page, room: str) -> list[int]:
    """How many table sockets the page has opened so far (one a connection), counted from
    now on: a page that fights for its seat opens one after another."""
    opened = [0]

    def count(ws: Any) -> None:
        if ws.url.endswith(f"/ws/{room}"):
            opened[0] += 1

    page.on("websocket", count)
    return opened


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own with the limits a real one has: the shared one runs without
    them (JOKEREN_LIMITS=off), where a seat keeps a thousand connections, not four."""
    with running_server(tmp_path_factory.mktemp("limited"), "--bot-delay", "0.05",
                        limits=True) as base:
        yield base


# where other devices reach the server (--public-url, as --lan names the house network's)
LAN = "http://192.168.1.20:8000"


@pytest.fixture(scope="module")
def on_lan(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own that knows the address other devices reach it at; the browser
    of the test opens it on 127.0.0.1, as `jokeren serve --lan --open` does."""
    with running_server(tmp_path_factory.mktemp("lan"), "--public-url", LAN,
                        "--bot-delay", "0.05") as base:
        yield base


def _hand(page: Page) -> list[str]:
    cards: list[str] = page.locator(".hand button").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return sorted(cards)


def _anna_at_the_table(base: str, chromium: _Patient) -> tuple[dict[str, Any], Any, Page]:
    """Anna on a Dutch phone at a started table with two computer players: the room, her
    browser context and her page."""
    room = make_room(base, {"preset": "jokeren-7", "rounds": 1}, computers=2)
    phone_c = chromium.new_context(locale="nl-NL", viewport=PHONE)
    phone = phone_c.new_page()
    take_seat(phone, room, "Anna")
    start(base, room)
    phone.locator(".hand button").first.wait_for()
    return room, phone_c, phone


def _device_link(phone: Page) -> str:
    """The link to her seat, from the Dutch page's panel under the settings."""
    open_settings(phone)
    phone.get_by_role("button", name="Verder op een ander apparaat").click()
    return phone.get_by_label("Link naar je plaats").input_value()


def test_the_seat_goes_along_to_another_device_and_neither_throws_the_other_out(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1, "max_turns": 200},
                     computers=2)
    rid = str(room["room"])
    phone_c = chromium.new_context(locale="nl-NL", viewport=PHONE, is_mobile=True,
                                   has_touch=True,
                                   permissions=["clipboard-read", "clipboard-write"])
    phone = phone_c.new_page()
    phone_opened = _table_sockets(phone, rid)
    take_seat(phone, room, "Anna")
    start(server, room)
    phone.locator(".hand button").first.wait_for()
    phone_opened[0] = 0  # the lobby's asks before the start are not counted

    # the panel: under ⚙, the QR code, the link, the one warning
    open_settings(phone)
    phone.get_by_role("button", name="Verder op een ander apparaat").click()
    panel = phone.get_by_role("dialog", name="Verder op een ander apparaat")
    expect(panel).to_be_visible()
    expect(panel.get_by_text("Wie deze link opent, speelt met jouw kaarten: stuur hem alleen "
                             "naar jezelf.")).to_be_visible()
    qr = panel.get_by_role("img", name=re.compile("^De link naar je plaats als QR-code"))
    expect(qr).to_be_visible()
    link = panel.get_by_label("Link naar je plaats").input_value()
    # the code is the link, and whole in sight on the phone, between the status and the hand
    assert [f.text for f in zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))] \
        == [link]
    box, dock = qr.bounding_box(), phone.locator(".dock").bounding_box()
    assert box is not None and dock is not None and box["y"] + box["height"] <= dock["y"]
    panel.get_by_role("button", name="Link kopiëren").click()
    expect(panel.get_by_role("button", name="Gekopieerd")).to_be_visible()
    assert phone.evaluate("() => navigator.clipboard.readText()") == link
    path, _, fragment = link.partition("#")
    assert path == f"{server}/table/{rid}", link
    assert "?" not in link and re.fullmatch(r"seat=0&token=[\w-]{16,}", fragment), link
    token = fragment.split("token=")[1]

    # the laptop opens the link: the same seat, the same hand, the token out of the bar
    laptop_c = chromium.new_context(locale="en-GB", viewport=LAPTOP)
    laptop = laptop_c.new_page()
    laptop_opened = _table_sockets(laptop, rid)
    laptop.goto(link)
    laptop.locator(".hand button").first.wait_for()
    assert laptop.evaluate("location.href") == f"{server}/table/{rid}"
    assert token not in laptop.evaluate("location.href + history.state")
    expect(laptop.get_by_role("alert")).to_have_count(0)
    expect(phone.locator(".hand button")).to_have_count(laptop.locator(".hand button").count())
    assert _hand(phone) == _hand(laptop)
    assert laptop.evaluate(f"JSON.parse(localStorage.getItem('jokeren-seat-{rid}')).seat") == 0

    # the laptop plays; the phone, still at the table, follows: one seat on two devices
    player = Person(laptop, "en")
    play_until([player], lambda: player.draws >= 1, timeout=120)
    expect(laptop.locator(".controls button", has_text="Discard")).to_be_visible()
    expect(phone.locator(".controls button", has_text="Afleggen")).to_be_visible()
    assert _hand(phone) == _hand(laptop)
    phone.wait_for_timeout(2000)
    assert (phone_opened[0], laptop_opened[0]) == (0, 1)  # neither connected again
    expect(phone.get_by_role("alert")).to_have_count(0)

    phone_c.close()
    laptop_c.close()


def test_more_devices_than_a_seat_keeps_close_the_oldest_which_says_so_and_stays_closed(
        limited: str, chromium: _Patient) -> None:
    room, phone_c, phone = _anna_at_the_table(limited, chromium)
    rid = str(room["room"])
    phone_opened = _table_sockets(phone, rid)
    link = _device_link(phone)
    laptop_c = chromium.new_context(locale="en-GB", viewport=LAPTOP)
    laptop = laptop_c.new_page()
    laptop_opened = _table_sockets(laptop, rid)
    laptop.goto(link)
    laptop.locator(".hand button").first.wait_for()

    # three more pages of the seat make five, one more than the server keeps: the oldest,
    # the phone's, is told in words and stays closed; taken back by hand, the next oldest
    # (the laptop's first) is told instead, and no page connects again by itself
    more = [laptop_c.new_page() for _ in range(3)]
    counts = [_table_sockets(p, rid) for p in more]
    for page in more:
        page.goto(f"{limited}/table/{rid}")
        page.locator(".hand button").first.wait_for()
    expect(phone.get_by_role("alert")).to_have_text(
        "Deze plaats is elders geopend: deze verbinding is gesloten.")
    phone.wait_for_timeout(3000)
    assert phone_opened[0] == 0
    phone.get_by_role("button", name="Hier verder spelen").click()
    phone.locator(".hand button").first.wait_for()
    expect(laptop.get_by_role("alert")).to_have_text(
        "This seat was opened elsewhere: this connection is closed.")
    phone.wait_for_timeout(3000)
    assert [phone_opened[0], laptop_opened[0], *(c[0] for c in counts)] == [1, 1, 1, 1, 1]
    for page in (phone, *more):
        expect(page.get_by_role("alert")).to_have_count(0)
        expect(page.locator(".hand button").first).to_be_visible()
    phone_c.close()
    laptop_c.close()


def test_a_link_cut_short_or_unknown_says_so_and_a_spectator_has_none(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1}, computers=2)
    rid = str(room["room"])
    context = chromium.new_context(locale="en-GB", viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/table/{rid}#seat=0&token=cut-sh")
    expect(page.get_by_role("alert")).to_have_text(
        "This link to a seat is not whole: make a new one on your other device.")
    assert page.evaluate("location.hash") == ""

    unknown = secrets.token_urlsafe(24)
    page.goto("about:blank")  # a link opened from another app lands on a page of its own
    page.goto(f"{server}/table/{rid}#seat=0&token={unknown}")
    expect(page.get_by_role("alert")).to_have_text(
        "This link no longer opens a seat at this table.")
    assert unknown not in page.evaluate("location.href")
    # forgotten: this browser may take the right link after it
    page.wait_for_function(f"localStorage.getItem('jokeren-seat-{rid}') === null"
                           f" && localStorage.getItem('jokeren-link-{rid}') === null")

    # waiting in the lobby, the seat's link is under it already
    take_seat(page, room, "Bea")
    page.get_by_role("button", name="Continue on another device").click()
    expect(page.get_by_role("img", name=re.compile("^The link to your seat as a QR code"))) \
        .to_be_visible()
    assert page.get_by_label("Link to your seat").input_value().startswith(
        f"{server}/table/{rid}#seat=0&token=")

    # a spectator's settings offer no link to a seat
    start(server, room)
    watcher = context.new_page()
    watcher.goto(str(room["spectate"]))
    watcher.locator(".status").wait_for()
    open_settings(watcher)
    expect(watcher.get_by_role("button", name="Continue on another device")).to_have_count(0)
    open_settings(page)
    expect(page.get_by_role("button", name="Continue on another device")).to_have_count(1)
    context.close()


def test_a_spectators_token_or_another_seats_number_in_a_seat_link_keeps_no_seat(
        server: str, chromium: _Patient) -> None:
    """Anyone with the watch link can write its token into a seat's link: the page keeps no
    seat of it, marks no one as "you", offers no link, and her own invite still seats her;
    at the table the welcome says whose the token is, and the link is refused in a sentence,
    nothing of the table shown. A seat's token under another seat's number is refused too."""
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1}, people=2, computers=1)
    rid = str(room["room"])
    forged = f"{server}/table/{rid}#seat=0&token={room['spectate_token']}"
    anna_c = chromium.new_context(locale="en-GB", viewport=PHONE)
    take_seat(anna_c.new_page(), room, "Anna")

    context = chromium.new_context(locale="en-GB", viewport=PHONE)
    page = context.new_page()
    page.goto(forged)
    anna = page.locator('.seats li[data-seat="0"]')
    expect(anna).to_contain_text("Anna")
    expect(anna.locator(".mark")).to_have_text("here")  # hers, not "you"
    expect(page.get_by_role("button", name="Continue on another device")).to_have_count(0)
    assert page.evaluate("location.hash") == ""
    assert page.evaluate(f"localStorage.getItem('jokeren-seat-{rid}')") is None
    take_seat(page, room, "Bea")  # the invite asks her name: not sent on to the table
    expect(page.locator('.seats li[data-seat="1"] .mark')).to_have_text("you")
    expect(anna.locator(".mark")).to_have_text("here")
    assert page.evaluate(f"JSON.parse(localStorage.getItem('jokeren-seat-{rid}')).seat") == 1
    bea_token = page.evaluate(f"JSON.parse(localStorage.getItem('jokeren-seat-{rid}')).token")

    start(server, room)
    page.locator(".hand button").first.wait_for()
    for link in (forged, f"{server}/table/{rid}#seat=0&token={bea_token}"):
        other = chromium.new_context(locale="en-GB", viewport=PHONE)
        opened = other.new_page()
        opened.goto(link)
        expect(opened.get_by_role("alert")).to_have_text(
            "This link does not open a seat: make a new one under ⚙ on the device you play on.")
        expect(opened.locator(".tp")).to_have_count(0)
        expect(opened.locator(".hand button")).to_have_count(0)
        assert opened.evaluate("location.hash") == ""
        assert opened.evaluate(f"[localStorage.getItem('jokeren-seat-{rid}'), "
                               f"localStorage.getItem('jokeren-link-{rid}')]") == [None, None]
        other.close()
    context.close()
    anna_c.close()


def test_a_link_that_opens_no_seat_here_leaves_her_own_table_in_sight(
        server: str, chromium: _Patient) -> None:
    """A browser seated at the table opens a link cut short, or another seat's: the sentence
    over her own table, which stays, its seat kept; Close takes the sentence away."""
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1}, computers=2)
    rid = str(room["room"])
    context = chromium.new_context(locale="en-GB", viewport=PHONE)
    page = context.new_page()
    take_seat(page, room, "Anna")
    start(server, room)
    page.locator(".hand button").first.wait_for()
    kept = page.evaluate(f"localStorage.getItem('jokeren-seat-{rid}')")
    hand = _hand(page)
    for link, said in (
            (f"{server}/table/{rid}#seat=0&token=cut-sh",
             "This link to a seat is not whole: make a new one on your other device."),
            (f"{server}/table/{rid}#seat=1&token={secrets.token_urlsafe(24)}",
             "This browser already has another seat at this table: open the link in another "
             "browser.")):
        page.goto(link)  # the fragment only: the tab opens the table anew
        expect(page.get_by_role("alert")).to_have_text(said)
        page.locator(".hand button").first.wait_for()
        assert _hand(page) == hand
        assert page.evaluate("location.hash") == ""
        assert page.evaluate(f"localStorage.getItem('jokeren-seat-{rid}')") == kept
    page.get_by_role("button", name="Close").first.click()
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.locator(".hand button").first).to_be_visible()
    page.reload()  # opened anew from the address bar: the same table, no sentence
    page.locator(".hand button").first.wait_for()
    expect(page.get_by_role("alert")).to_have_count(0)
    context.close()


def test_the_token_leaves_the_address_bar_when_the_page_cannot_load(
        server: str, chromium: _Patient) -> None:
    """The words do not load (the server does not answer them): the page says so, and the
    seat's token is out of the address bar all the same."""
    context = chromium.new_context(locale="en-GB", viewport=PHONE)
    context.route("**/api/messages", lambda route: route.abort())
    page = context.new_page()
    token = secrets.token_urlsafe(24)
    page.goto(f"{server}/table/r1#seat=0&token={token}")
    expect(page.get_by_text("The server does not answer.")).to_be_visible()
    assert page.evaluate("location.href") == f"{server}/table/r1"
    assert token not in page.evaluate("location.href + JSON.stringify(history.state)")
    context.close()


def test_a_seat_link_pasted_into_the_tab_of_that_table_takes_the_seat(
        server: str, chromium: _Patient) -> None:
    """The link typed cut short shows a sentence; the whole link pasted into that same tab
    changes only the fragment (no page load): the tab takes the seat as on opening."""
    room, phone_c, phone = _anna_at_the_table(server, chromium)
    rid = str(room["room"])
    link = _device_link(phone)

    laptop_c = chromium.new_context(locale="en-GB", viewport=LAPTOP)
    laptop = laptop_c.new_page()
    laptop.goto(f"{server}/table/{rid}")
    expect(laptop.get_by_role("alert")).to_have_text(
        "This browser has no seat at this table. Open your invite link again.")
    laptop.evaluate("window.loads = (window.loads || 0) + 1")  # gone if the page loads
    laptop.goto(link)
    laptop.locator(".hand button").first.wait_for()
    expect(laptop.get_by_role("alert")).to_have_count(0)
    assert laptop.evaluate("window.loads") == 1  # the same page, opened anew
    assert laptop.evaluate("location.href") == f"{server}/table/{rid}"
    assert _hand(laptop) == _hand(phone)

    # a link cut short, then the whole one, in one tab
    other = laptop_c.new_page()
    other.goto(f"{server}/table/{rid}#seat=0&token=cut-sh")
    expect(other.get_by_role("alert")).to_have_text(
        "This link to a seat is not whole: make a new one on your other device.")
    other.goto(link)
    other.locator(".hand button").first.wait_for()
    expect(other.get_by_role("alert")).to_have_count(0)
    assert other.evaluate("location.hash") == ""
    phone_c.close()
    laptop_c.close()


def test_a_page_at_this_computers_address_links_where_other_devices_reach(
        on_lan: str, chromium: _Patient) -> None:
    """Play-now on her own computer (127.0.0.1): the link and its code are on the address
    the server's invite links use, which the phone reaches; no sentence that it does not."""
    assert on_lan.startswith("http://127.0.0.1:")
    for viewport, locale, label in ((LAPTOP, "en-GB", "Link to your seat"),
                                    (PHONE, "nl-NL", "Link naar je plaats")):
        context = chromium.new_context(locale=locale, viewport=viewport)
        page = context.new_page()
        play_against_computers(page, on_lan, "Anna", 2)
        rid = page.evaluate("location.pathname").split("/")[2]
        open_settings(page)
        page.get_by_role("button", name=re.compile("^(Continue on another device|Verder op "
                                                   "een ander apparaat)$")).click()
        link = page.get_by_label(label).input_value()
        assert link.startswith(f"{LAN}/table/{rid}#seat=0&token="), link
        qr = page.get_by_role("img", name=re.compile("QR"))
        assert [f.text for f in zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))] \
            == [link]
        expect(page.locator(".device .local")).to_have_count(0)
        context.close()
