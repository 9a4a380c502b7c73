"""The house-rules editor as a family uses it (issue 40): every rule in words in Dutch and
English (no key, no JSON), numbers typed as numbers, the rounds added and reordered, a
contradiction beside the rules it concerns, and a room made with those rules starts with
them."""

from __future__ import annotations

import re

from driver import serious_violations
from playwright.sync_api import Locator, Page, expect
from serving import call

from conftest import _Patient

VALUE_WORDS = ("by-players", "after-round-1", "if-used", "new-meld", "discard-or-meld",
               "turn-over", "reshuffle", "3+", "null", "true", "false", "*-before-out")


def _rule(page: Page, key: str) -> Locator:
    return page.locator(f'.rule[data-key="{key}"]')


def _words_shown(page: Page) -> str:
    """Everything a person reads on the page, the choices of every list included (but the
    preset's own rules text, which tests/test_dutch.py and the rules' tests read)."""
    text: str = page.evaluate("""() => {
        const about = document.querySelector(".description")?.innerText ?? "";
        return document.body.innerText.replace(about, "");
    }""")
    options = page.locator("option").all_inner_texts()
    return "\n".join([text, *options])


def _no_program_words(shown: str, keys: list[str], lang: str, where: str) -> None:
    # a key is a program word where it is not a word of the language ("packs" is English,
    # "jokers" Dutch too); "opening_only_contract" is one in both
    words = {"en": {"packs", "jokers", "players", "upcard", "schedule", "buying", "penalty",
                    "rounds", "money", "rearrange", "turbo", "draws"},
             "nl": {"jokers", "turbo"}}[lang]
    for key in (k for k in keys if k not in words):
        assert not re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", shown), (where, key)
    for word in VALUE_WORDS:
        assert not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", shown), (where, word)
    assert not re.search(r"\b(editor|web)_\w+", shown), where  # a catalogue key not found
    assert "[" not in shown and "{" not in shown, (where, re.findall(r".{20}[\[{].{20}", shown))


def test_the_editor_speaks_words_in_both_languages(server: str, chromium: _Patient) -> None:
    keys = [str(k["key"]) for k in call(f"{server}/api/rules/keys")["keys"]]  # type: ignore[union-attr]
    assert "opening_only_contract" in keys and "set_distinct_suits" in keys
    context = chromium.new_context(locale="en-GB", viewport={"width": 360, "height": 740})
    page = context.new_page()
    for path in ("/rules", "/new"):
        page.goto(f"{server}{path}")
        expect(_rule(page, "packs")).to_be_attached()
        if path == "/new":
            page.locator(".editor summary").click()
        for lang in ("en", "nl"):
            if page.evaluate("() => document.documentElement.lang") != lang:
                page.get_by_role("button", name="Nederlands" if lang == "nl" else "English").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator(".summary .good")).to_be_visible()
            # the schedule in words, and every preset with one
            expect(_rule(page, "schedule")).to_contain_text(
                "Ronde 1: drie dezelfde" if lang == "nl" else "Round 1: a set of three")
            for preset in ("amerikaans", "jokeren-7", "mexicaans"):
                page.locator(".preset select").select_option(preset)
                expect(_rule(page, "schedule").locator(".words").first).to_be_visible()
                _no_program_words(_words_shown(page), keys, lang, f"{path} {lang} {preset}")
            page.locator(".preset select").select_option("amerikaans")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 360, (path, lang, width)  # no sideways scrolling on a phone
            assert serious_violations(page) == [], (path, lang)
    context.close()


def test_a_room_made_with_house_rules_starts_with_them(server: str, chromium: _Patient) -> None:
    context = chromium.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{server}/new")
    page.get_by_text("Change the house rules").click()
    packs, jokers = _rule(page, "packs"), _rule(page, "jokers")
    packs.get_by_label("a number").check()
    packs.get_by_role("spinbutton").fill("1")
    expect(packs).to_contain_text("differs from the preset")
    jokers.get_by_label("a number").check()
    jokers.get_by_role("spinbutton").fill("2")
    expect(jokers).to_contain_text("differs from the preset")

    # swapping double cards needs two packs: said beside both, gone with the switch off
    exchange = _rule(page, "duplicate_exchange")
    expect(exchange.locator(".problem-text")).to_contain_text("needs 2 packs")
    expect(packs.locator(".problem-text").filter(has_text="needs 2 packs")).to_have_count(1)
    exchange.get_by_role("switch").uncheck()
    expect(exchange.locator(".problem-text")).to_have_count(0)

    # one pack and two jokers cannot deal 13 cards to 12: said beside the rules concerned
    problem = "the packs do not hold 13 cards for 5 players"
    for key in ("packs", "jokers", "hand_size", "players"):
        expect(_rule(page, key).locator(".problem-text")).to_contain_text(problem)
    expect(_rule(page, "upcard").locator(".problem-text")).to_have_count(0)
    assert "problem" in (_rule(page, "players").get_attribute("class") or "")
    # the summary's contradiction leads to its first rule
    summary = page.locator(".summary li", has_text=problem)
    summary.get_by_role("button", name="show the rule").click()
    expect(packs.locator("input").first).to_be_focused()
    players = _rule(page, "players")
    players.get_by_label("at most").fill("4")
    expect(players.locator(".problem-text")).to_have_count(0)
    expect(page.locator(".summary .good")).to_be_visible()

    # a seventh round asking for 50 points, moved before the last
    schedule = _rule(page, "schedule")
    schedule.get_by_role("button", name="Add a round").click()
    schedule.get_by_label("Round 7 asks for").select_option("points")
    schedule.get_by_label("Points needed in round 7").fill("50")
    schedule.get_by_role("button", name="Move round 7 earlier").click()
    expect(schedule).to_contain_text("Round 6: at least 50 points")
    expect(schedule).to_contain_text("Round 7: all at once")
    expect(page.locator(".summary .good")).to_be_visible()

    for seat in ("Seat 1", "Seat 2"):
        page.get_by_label(seat, exact=True).select_option("computer")
    page.get_by_role("button", name="Make a room").click()
    link = page.locator("#invite-link").input_value()
    room = link.split("/join/")[1].split("#")[0]
    token = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem(`jokeren-host-${id}`)).host_token", room)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/table/**")
    info = call(f"{server}/api/rooms/{room}", token=token)
    assert info["status"] in ("playing", "finished")
    assert info["rules"] == {
        "preset": "amerikaans", "packs": 1, "jokers": 2, "players": [2, 4], "rounds": 7,
        "duplicate_exchange": False,
        "schedule": ["set 3", "run 3", "run 4", "run 5", "run 6", "points 50", "all"]}
    context.close()


def test_a_refused_number_is_said_and_not_sent_a_good_one_played(
        server: str, chromium: _Patient) -> None:
    context = chromium.new_context(locale="nl-NL")
    page = context.new_page()
    page.goto(f"{server}/rules")
    hand = _rule(page, "hand_size")
    hand.get_by_role("spinbutton").fill("30")
    expect(hand).to_contain_text("Typ een heel getal van 3 tot en met 20.")
    expect(page.get_by_role("button", name="Speel met deze regels")).to_be_disabled()
    hand.get_by_role("spinbutton").fill("7")
    expect(hand).not_to_contain_text("Typ een heel getal")
    expect(hand).to_contain_text("anders dan de spelvorm")
    expect(page.get_by_role("button", name="Speel met deze regels")).to_be_enabled()
    hand.get_by_role("button", name="Terug naar de spelvorm").click()
    expect(hand.get_by_role("spinbutton")).to_have_value("13")
    expect(page.locator(".summary")).to_contain_text("niets veranderd")

    # played at once with a house rule: the room has it
    hand.get_by_role("spinbutton").fill("7")
    page.get_by_role("button", name="Speel met deze regels").click()
    page.wait_for_url("**/table/**")
    room = page.url.split("/table/")[1]
    token = page.evaluate(
        "(id) => JSON.parse(localStorage.getItem(`jokeren-seat-${id}`)).token", room)
    info = call(f"{server}/api/rooms/{room}", token=token)
    assert info["rules"] == {"preset": "amerikaans", "hand_size": 7}
    context.close()
