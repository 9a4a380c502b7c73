"""Playing together (issue 39): the host makes a room for three people; one joins through
the invite link decoded from the page's QR code, one through the copied link; the lobby
shows every one of them to every one of them, live, and the host starts. At the table a
page closes: the others see it away, the host gives the seat to the computer; the person
comes back, is shown the moves missed and takes the seat back. Words go to the table, the
host pauses it and switches the chat off; the match ends, its record and score sheet are
listed, and the rematch starts a new match with the same seats."""

from __future__ import annotations

import io
import time

import zxingcpp
from driver import Person, play_until
from PIL import Image
from playwright.sync_api import Page, expect

from conftest import _Patient


def _join(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join a table").click()
    page.wait_for_url("**/table/**")


def _lobby_names(page: Page) -> list[str]:
    return page.locator(".lobby li.joined .name").all_inner_texts()


def test_the_lobby_from_the_qr_code_and_the_copied_link(server: str, chromium: _Patient) -> None:
    contexts = [chromium.new_context(locale="en-GB") for _ in range(3)]
    contexts[0].grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    host, bea, cor = (c.new_page() for c in contexts)
    host.goto(f"{server}/new")
    # one short round (the house rules page hands them over this way), so the match ends
    host.evaluate("""() => sessionStorage.setItem("jokeren-house-rules",
        JSON.stringify({preset: "jokeren-7", rounds: 1, max_turns: 40}))""")
    host.reload()
    host.get_by_label("Seat 3", exact=True).select_option("person")
    host.get_by_role("button", name="Make a room").click()
    qr = host.get_by_role("img", name="QR code")
    expect(qr).to_be_visible()
    link = host.locator("#invite-link").input_value()
    assert link.startswith(f"{server}/join/") and "#" in link
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))
    assert [f.text for f in found] == [link]
    spectate = host.get_by_label("Spectator link").input_value()
    assert spectate.startswith(f"{server}/") and spectate != link
    host.get_by_role("button", name="Copy link").click()
    expect(host.get_by_role("button", name="Copied")).to_be_visible()
    copied = host.evaluate("() => navigator.clipboard.readText()")
    assert copied == link

    host.get_by_role("button", name="Take a seat yourself").click()
    host.get_by_label("Your name").fill("Ann")
    host.get_by_role("button", name="Join a table").click()
    expect(host.locator(".lobby")).to_be_visible()
    # the host's lobby keeps the invite (it is gone from the old waiting page)
    expect(host.locator(".lobby").get_by_role("img", name="QR code")).to_be_visible()
    # and the spectator link its words mention
    expect(host.locator(".lobby").get_by_label("Spectator link")).to_have_value(spectate)
    start = host.get_by_role("button", name="Start the match")
    expect(start).to_be_disabled()
    # the host arranges a free seat: a computer player sits there, then it is kept for Cor
    third = host.locator('.lobby li[data-seat="2"]')
    third.get_by_role("button", name="Let the computer sit here").click()
    expect(third).to_contain_text("computer")
    third.get_by_role("button", name="Keep it for a person").click()
    expect(third).to_contain_text("waiting for a person")

    _join(bea, found[0].text, "Bea")
    _join(cor, copied, "Cor")
    for page in (host, bea, cor):
        expect(page.locator(".lobby li.joined .name")).to_have_count(3)
        assert sorted(_lobby_names(page)) == ["Ann", "Bea", "Cor"]
    expect(bea.locator(".lobby li.joined", has_text="Bea")).to_contain_text("you")
    expect(bea.locator(".lobby li.joined", has_text="Cor")).to_contain_text("here")
    expect(bea.get_by_role("button", name="Start the match")).to_have_count(0)
    bea.get_by_text("The rules in words").click()
    expect(bea.locator(".lobby .rules li").first).to_be_visible()

    expect(start).to_be_enabled()
    start.click()
    for page in (host, bea, cor):
        expect(page.locator(".lobby")).to_have_count(0)
        expect(page.locator(".tp")).to_be_visible()

    # Cor closes the page: the others see "away" within 5 s
    table = cor.url
    cor.close()
    for page in (host, bea):
        expect(page.locator(".presence li.away", has_text="Cor")).to_contain_text(
            "away", timeout=5_000)
    expect(bea.get_by_role("button", name="Let the computer play")).to_have_count(0)
    host.get_by_role("button", name="Let the computer play").click()
    for page in (host, bea):
        expect(page.locator(".presence li", has_text="Cor")).to_contain_text(
            "played by the computer")
    people = [Person(host, "en"), Person(bea, "en")]
    play_until(people, lambda: sum(p.moves for p in people) >= 5)  # Cor's turn came and went

    # Cor comes back: shown the moves missed (lines, not only their number), the seat
    # Cor's again
    cor = contexts[2].new_page()
    cor.goto(table)
    back = cor.get_by_role("status").filter(has_text="Welcome back")
    expect(back).to_contain_text("moves were made while you were away")
    expect(back.locator("ol.back li").first).to_be_visible()
    assert any(name in line for line in back.locator("ol.back li").all_inner_texts()
               for name in ("Ann", "Bea", "Cor"))
    for page in (host, bea):
        expect(page.locator(".presence")).to_have_count(0)  # every person present

    # a word to the table: Bea reacts, every page shows it; Ann writes in the chat
    bea.get_by_role("button", name="React with 👍").click()
    for page in (host, cor):
        expect(page.locator(".words .fresh")).to_contain_text("Bea: 👍")
    host.locator(".words").get_by_role("button", name="Chat").click()
    host.get_by_label("A word to the table").fill("Goed gespeeld!")
    host.get_by_role("button", name="Send").click()
    cor.locator(".words").get_by_role("button", name="Chat").click()
    chat = cor.get_by_role("dialog", name="Table chat")
    expect(chat).to_contain_text("Ann Goed gespeeld!")
    # the host pauses the table and switches the chat off, then goes on
    host.get_by_role("dialog", name="Table chat").get_by_role("button", name="Close").click()
    host.get_by_role("button", name="Settings").click()
    host.get_by_role("button", name="Pause the table").click()
    host.get_by_role("button", name="Switch the table chat off").click()
    for page in (bea, cor):
        expect(page.get_by_role("status").filter(has_text="paused the table")).to_be_visible()
    expect(chat).to_contain_text("switched the table chat off")
    expect(chat.get_by_role("button", name="Send")).to_have_count(0)
    host.get_by_role("button", name="Go on playing").click()
    for page in (bea, cor):
        expect(page.get_by_role("status").filter(has_text="paused the table")).to_have_count(0)
    host.get_by_role("dialog", name="Settings").get_by_role("button", name="Close").click()
    chat.get_by_role("button", name="Close").click()

    # the match ends; the host plays again in one tap and every page follows, told by the
    # finished room's lobby socket (no page asks for the room again and again)
    people = [Person(host, "en"), Person(bea, "en"), Person(cor, "en")]
    play_until(people, lambda: host.locator(".match-end").count() > 0)
    old = host.url
    room = old.split("/table/")[1].split("#")[0]
    asked: list[str] = []
    for page in (bea, cor):
        page.on("request", lambda r: asked.append(r.url)
                if r.url.split("?")[0].endswith(f"/api/rooms/{room}") else None)
    expect(bea.get_by_text("Waiting for the host to play again")).to_be_visible()
    waited = time.monotonic()
    with bea.expect_download() as got:
        bea.get_by_role("button", name="Download the match (record)").click()
    assert got.value.suggested_filename.endswith(".json")
    # the room's matches: this one, with its score sheet
    match = bea.locator(".matches li")
    expect(match).to_have_count(1)
    with bea.expect_download() as sheet:
        match.get_by_role("button", name="score sheet (xlsx)").click()
    assert sheet.value.suggested_filename.endswith(".xlsx")
    # the pages wait on the room's lobby socket, which stays open (before, they asked for
    # the room every 2 s): none asks over two of those periods
    bea.wait_for_timeout(max(0, 4500 - int(1000 * (time.monotonic() - waited))))
    assert asked == []
    host.get_by_role("button", name="Play again: same seats and rules").click()
    for page in (host, bea, cor):
        page.wait_for_url(lambda url: "/table/" in url and url != old)
        expect(page.locator(".hand button").first).to_be_visible()
    assert host.url == bea.url == cor.url
    expect(host.locator(".status")).not_to_be_empty()
    for c in contexts:
        c.close()
