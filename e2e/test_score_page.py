"""The score card page on a phone (issue 31): a card for three players playing with real
cards, two rounds entered by tapping the cards left, the totals the server counted."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page


def _totals(page: Page) -> list[int]:
    return [int(x) for x in page.locator("table.totals tfoot td").all_inner_texts()]


def _tap(page: Page, player: str, *cards: str) -> None:
    hand = page.locator(f".hand[data-player='{player}']")
    if not hand.locator(".picker").count():
        hand.get_by_role("button", name="Kaarten", exact=True).tap()
    for card in cards:
        hand.locator(f".picker button[data-card='{card}']").tap()


def test_a_phone_keeps_the_score_of_two_rounds(server: str, chromium: Browser) -> None:
    context = chromium.new_context(locale="nl-NL", viewport={"width": 360, "height": 740},
                                   has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.get_by_role("link", name="Scorekaart voor een potje met echte kaarten").tap()
    for i, name in enumerate(["Ann", "Bob", "Cor"], 1):
        page.get_by_label(f"Speler {i}").fill(name)
    page.get_by_role("button", name="Begin de scorekaart").tap()
    page.get_by_role("heading", name="Ronde 1: drie dezelfde").wait_for()

    # round 1 (amerikaans: 2-9 5, 10 J Q K 10, ace 15, joker 20): Ann goes out
    page.get_by_label("Ann", exact=True).check()
    _tap(page, "Bob", "Ks", "7h", "*")
    page.locator(".hand[data-player='Bob'] .penalty").get_by_text("35 strafpunten").wait_for()
    picker = page.locator(".hand[data-player='Bob'] .picker button")
    assert picker.count() == 53
    sizes = [picker.nth(k).bounding_box() for k in (0, 26, 52)]
    assert all(b is not None and b["width"] >= 44 and b["height"] >= 44 for b in sizes)
    _tap(page, "Cor", "Ah")
    page.get_by_role("button", name="Ronde opschrijven").tap()
    page.get_by_role("heading", name="Ronde 2: een rij van drie").wait_for()
    assert _totals(page) == [0, 35, 15]

    # round 2: Bob goes out; Ann keeps 2♣ 3♣ and a joker she takes back; Cor a ten
    page.get_by_label("Bob", exact=True).check()
    _tap(page, "Ann", "2c", "3c", "*")
    page.get_by_role("button", name="joker terugnemen").tap()
    _tap(page, "Cor", "10d")
    page.get_by_role("button", name="Ronde opschrijven").tap()
    page.get_by_role("heading", name="Ronde 3", exact=False).wait_for()
    assert _totals(page) == [10, 35, 25]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.reload()  # the card stays in this browser
    page.locator("table.totals").wait_for()
    assert _totals(page) == [10, 35, 25]
    page.get_by_role("button", name="Laatste ronde terugdraaien").tap()
    page.get_by_role("heading", name="Ronde 2", exact=False).wait_for()
    assert _totals(page) == [0, 35, 15] and not errors
    with page.expect_download() as saved:  # the card file keeps its name in the player's words
        page.get_by_role("button", name="kaartbestand (.json)").tap()
    assert saved.value.suggested_filename == "scorekaart.json"
    context.close()


def test_a_card_file_from_the_terminal_opens_and_goes_on(server: str, chromium: Browser) -> None:
    card = {"format": "jokeren-score/1", "rules": "amerikaans", "players": ["Ann", "Bob"],
            "rounds": [{"out": "Ann", "left": {"Bob": "Ks 7h * Ah"}}]}
    context = chromium.new_context(locale="en-GB", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{server}/score")
    page.get_by_label("Or open a card file").set_input_files(
        files=[{"name": "ours.json", "mimeType": "application/json",
                "buffer": json.dumps(card).encode()}])
    page.get_by_role("heading", name="Round 2: a run of three").wait_for()
    assert _totals(page) == [0, 50]
    page.get_by_label("Bob", exact=True).check()
    page.locator(".hand[data-player='Ann']").get_by_role("button", name="Points").click()
    page.get_by_label("Penalty points of Ann").fill("15")
    page.get_by_role("button", name="Write down the round").click()
    page.get_by_role("heading", name="Round 3", exact=False).wait_for()
    assert _totals(page) == [15, 50]
    context.close()
