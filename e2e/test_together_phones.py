"""A family plays together from two homes on phones (h11), as e2e/test_together.py does,
at the moments a tester found wanting: a page whose score sheet was open at the match's
end stayed on the old table when the host played again; on a 360 x 740 phone the host's
"Nog een potje" only peeked at the bottom, under the docked hand; the match's record was
offered twice; the invite's page still said "Maak een tafel"; and the join page said "Er
ging iets mis" of a name that was merely taken, and took 64 characters where the server
takes 24."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from driver import Person, make_room, play_until, seat_in, start, take_seat
from playwright.sync_api import Locator, Page, expect
from serving import call

from conftest import _Patient

PHONE = {"width": 360, "height": 740}


def _in_sight(page: Page, target: Locator) -> None:
    """``target`` is seen whole without a scroll: inside the screen and its scrolling panel
    (which is not scrolled), and nothing lies over its middle."""
    box = target.bounding_box()
    assert box is not None
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (box, height)
    panel = page.locator(".stage > .panel:not([hidden])")
    assert panel.evaluate("p => p.scrollTop") == 0
    inside = panel.evaluate("""(p, b) => { const r = p.getBoundingClientRect();
        return b.y >= r.top && b.y + b.height <= r.bottom; }""", box)
    assert inside, box
    on_top = target.evaluate("""(t, b) => t.contains(
        document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2))""", box)
    assert on_top, box


def test_the_rematch_is_in_sight_on_a_phone_and_followed_with_the_score_sheet_open(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1, "max_turns": 40},
                     computers=1, people=2)
    # Oma is the host, on a phone in Dutch (her page keeps the host's token, as /new does)
    oma_c = chromium.new_context(locale="nl-NL", viewport=PHONE, is_mobile=True,
                                 has_touch=True)
    oma = oma_c.new_page()
    oma.goto(server)
    oma.evaluate("([k, v]) => localStorage.setItem(k, v)",
                 [f"jokeren-host-{room['room']}", json.dumps(room)])
    take_seat(oma, room, "Oma")
    bea_c, bea = seat_in(chromium, room, "Bea", locale="en-GB",
                         viewport={"width": 1280, "height": 800})
    start(server, room)
    people = [Person(oma, "nl"), Person(bea, "en")]
    play_until(people, lambda: oma.locator(".match-end").count() > 0
               and bea.locator(".match-end").count() > 0)

    # on the phone: the winner and the host's rematch in sight, no hand docked under them
    again = oma.get_by_role("button", name="Nog een potje: dezelfde plaatsen en regels")
    expect(again).to_be_visible()
    expect(oma.locator(".dock")).to_have_count(0)
    _in_sight(oma, oma.locator(".match-end h2"))
    _in_sight(oma, oma.locator(".match-end .standings li").first)
    _in_sight(oma, again)

    # each download is offered once: the match's record beside the rematch, the score
    # sheets in the list of the room's matches
    for page, record in ((oma, "verslag"), (bea, "record")):
        panel = page.locator(".stage > .panel:not([hidden])")
        expect(panel.locator(".matches li")).to_have_count(1)
        expect(panel.get_by_role("button", name=record)).to_have_count(1)
        expect(panel.get_by_role("button", name="xlsx")).to_have_count(1)
        expect(panel.get_by_role("button", name="pdf")).to_have_count(1)
    with bea.expect_download() as got:
        bea.get_by_role("button", name="Download the match (record)").click()
    assert got.value.suggested_filename.endswith(".json")

    # Bea reads the score sheet while the host plays again: her page follows all the same
    bea.locator(".match-end").get_by_role("button", name="Score sheet").click()
    sheet = bea.get_by_role("dialog", name="Score sheet")
    expect(sheet).to_be_visible()
    expect(bea.locator(".match-end")).to_be_hidden()
    old = bea.url
    again.click()
    for page in (oma, bea):
        page.wait_for_url(lambda url: "/table/" in url and url != old, timeout=20_000)
        expect(page.locator(".hand button").first).to_be_visible()
    assert oma.url == bea.url
    oma_c.close()
    bea_c.close()


def test_the_invite_says_what_it_is_and_a_refused_name_says_why(
        server: str, chromium: _Patient) -> None:
    host_c = chromium.new_context(locale="nl-NL", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    host = host_c.new_page()
    host.goto(f"{server}/new")
    expect(host.get_by_role("heading", level=1)).to_have_text("Maak een tafel")
    host.get_by_role("button", name="Maak een tafel").click()
    expect(host.get_by_role("img", name="QR-code")).to_be_visible()
    # the page is the invite now, and its heading says so
    expect(host.get_by_role("heading", level=1)).to_have_text("Nodig de spelers uit")
    link = host.locator("#invite-link").input_value()
    parts = urlsplit(link)
    room = parts.path.rsplit("/", 1)[1]
    call(f"{server}/api/rooms/{room}/join", {"token": parts.fragment, "name": "Ann"})

    guest_c = chromium.new_context(locale="nl-NL", viewport=PHONE, is_mobile=True,
                                   has_touch=True)
    guest = guest_c.new_page()
    guest.goto(link)
    name = guest.get_by_label("Je naam")
    # the field takes what the server takes (server/names.py: 24 characters), no more
    assert name.get_attribute("maxlength") == "24"
    name.press_sequentially("Grootmoeder van de familie")
    assert name.input_value() == "Grootmoeder van de famil"
    join = guest.get_by_role("button", name="Aan tafel gaan")
    alert = guest.get_by_role("alert")
    # a name that is taken, or holds a ':': the refusal's own sentence, for it can be put right
    name.fill("Ann")
    join.click()
    expect(alert).to_have_text("Ann zit al aan deze tafel.")
    name.fill("Oma: de beste")
    join.click()
    expect(alert).to_have_text("Een naam heeft 1 tot 24 tekens en geen ':'.")
    # no answer at all is a failure, said as one, in Dutch
    guest.route("**/join", lambda route: route.abort())
    name.fill("Oma")
    join.click()
    expect(alert).to_have_text(
        "Er ging iets mis: de server antwoordt niet: kijk of je verbinding hebt en probeer het "
        "opnieuw")
    guest.unroute("**/join")
    join.click()
    guest.wait_for_url("**/table/**")
    host_c.close()
    guest_c.close()
