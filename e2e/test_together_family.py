"""A family plays from two homes (h10), as e2e/test_together.py does, at the moments it
found wanting: the host's "End the room" in the lobby, beside the start, ended it for
everyone at one tap; on a phone the start was below the QR code; and the host who closed
the room after the match took the final standings, the score sheet and the record from
every other page, which showed one sentence instead."""

from __future__ import annotations

import json

from driver import Person, make_room, play_until, seat_in, start
from playwright.sync_api import Dialog, expect

from conftest import _Patient


def test_the_lobby_asks_before_it_ends_and_puts_the_start_in_sight(
        server: str, chromium: _Patient) -> None:
    phone = chromium.new_context(locale="en-GB", viewport={"width": 360, "height": 740},
                                 is_mobile=True, has_touch=True)
    host = phone.new_page()
    host.goto(f"{server}/new")
    host.get_by_role("button", name="Make a room").click()
    host.get_by_role("button", name="Take a seat yourself").click()
    host.get_by_label("Your name").fill("Oma")
    host.get_by_role("button", name="Join a table").click()
    lobby = host.locator(".lobby")
    expect(lobby).to_be_visible()
    qr = lobby.get_by_role("img", name="QR code")
    expect(qr).to_be_visible()
    # the start comes before the invite: in sight on a phone once everyone has joined
    begin = lobby.get_by_role("button", name="Start the match")
    start_box, qr_box = begin.bounding_box(), qr.bounding_box()
    assert start_box is not None and qr_box is not None
    assert start_box["y"] + start_box["height"] <= qr_box["y"], (start_box, qr_box)
    assert start_box["y"] + start_box["height"] <= 740
    # "End the room" asks first; saying no leaves the room as it was
    asked: list[str] = []

    def say_no(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    host.on("dialog", say_no)
    lobby.get_by_role("button", name="End the room").click()
    host.wait_for_timeout(500)
    assert asked and "everyone" in asked[0], asked
    expect(lobby).to_be_visible()
    room = host.url.split("/table/")[1].split("#")[0]
    kept = json.loads(host.evaluate(f"() => localStorage.getItem('jokeren-host-{room}')"))
    status = host.evaluate("""async ([room, token]) => (await (await fetch(`/api/rooms/${room}`,
        {headers: {authorization: `Bearer ${token}`}})).json()).status""",
                           [room, kept["host_token"]])
    assert status == "open"
    phone.close()


def test_closing_the_room_after_the_match_keeps_the_standings_on_every_page(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1, "max_turns": 40},
                     computers=1, people=2)
    ann_c, ann = seat_in(chromium, room, "Ann", locale="en-GB")
    bea_c, bea = seat_in(chromium, room, "Bea", locale="en-GB",
                         viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    start(server, room)
    people = [Person(ann, "en"), Person(bea, "en")]
    play_until(people, lambda: ann.locator(".match-end").count() > 0
               and bea.locator(".match-end").count() > 0)
    expect(bea.get_by_text("Waiting for the host to play again")).to_be_visible()
    # the host closes the room (the settings' "End the room", here through the API)
    closed = bea.evaluate("""async ([room, token]) => (await fetch(`/api/rooms/${room}/end`,
        {method: "POST", headers: {"content-type": "application/json"},
         body: JSON.stringify({token})})).status""", [room["room"], room["host_token"]])
    assert closed == 200
    for page in (ann, bea):
        # told that no rematch comes, the standings still there
        expect(page.get_by_text("The host has ended this room.")).to_be_visible()
        expect(page.get_by_text("Waiting for the host to play again")).to_have_count(0)
        expect(page.locator(".match-end")).to_be_visible()
        expect(page.locator(".match-end .standings li")).to_have_count(3)
    # the score sheet and the record still download
    match = bea.locator(".matches li")
    expect(match).to_have_count(1)
    with bea.expect_download() as sheet:
        match.get_by_role("button", name="score sheet (xlsx)").click()
    assert sheet.value.suggested_filename.endswith(".xlsx")
    with bea.expect_download() as record:
        bea.get_by_role("button", name="Download the match (record)").click()
    assert record.value.suggested_filename.endswith(".json")
    # a reload still shows the final standings
    bea.reload()
    expect(bea.locator(".match-end")).to_be_visible()
    expect(bea.get_by_text("The host has ended this room.")).to_be_visible()
    ann_c.close()
    bea_c.close()
