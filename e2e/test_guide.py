"""A first game that teaches (issue 38): the start page names every rule set in words with
one line saying what it is, and offers a first game; its first round shows short steps at
the moment they apply (the goal, the turn, the requirement, then coming out, laying off,
the joker, buying as they come), each put away with one tap and not shown again after a
reload; at the round's end the hints are on."""

from __future__ import annotations

import time

from driver import Person, at_table, play_until, serious_violations
from playwright.sync_api import Browser, Page, expect
from serving import call

from jokeren.rules.house import PRESETS


def _step(page: Page) -> str | None:
    guide = page.locator(".guide")
    return guide.get_attribute("data-step") if guide.count() else None


def test_the_start_page_names_every_rule_set_in_words(server: str, chromium: Browser) -> None:
    words = call(f"{server}/api/messages")
    context = chromium.new_context(locale="nl-NL", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{server}/")
    rules = page.locator("select").first
    expect(rules.locator("option")).to_have_count(len(PRESETS))
    for preset in PRESETS:
        line = str(words[f"web_preset_{preset}"]["nl"])  # type: ignore[index]
        option = rules.locator(f'option[value="{preset}"]')
        assert option.inner_text() == line.split(":")[0] != preset
        rules.select_option(preset)
        expect(page.locator(".start .line")).to_have_text(line)
    expect(page.locator(".first .line")).to_have_text(str(words["guide_start_line"]["nl"]))  # type: ignore[index]
    context.close()


def test_a_guided_first_round_then_hints(server: str, chromium: Browser) -> None:
    words = call(f"{server}/api/messages")
    said = {k[len("guide_"):]: str(v["nl"]) for k, v in words.items()  # type: ignore[index]
            if k.startswith("guide_")}
    context = chromium.new_context(locale="nl-NL", viewport={"width": 360, "height": 740},
                                   has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/")
    page.evaluate("localStorage.setItem('jokeren-hints', '0')")
    page.locator("input").first.fill("Leerling")
    page.get_by_role("button", name=said["start"]).click()
    at_table(page)
    page.locator(".hand button").first.wait_for()
    guide = page.locator(".guide")
    expect(guide).to_have_attribute("data-step", "goal")
    expect(guide.locator("p")).to_have_text(said["goal"])
    box, viewport = guide.bounding_box(), page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    # it lies over the table, never over the dock's buttons and the hand
    dock = page.locator(".dock").bounding_box()
    assert dock is not None and box["y"] + box["height"] <= dock["y"]
    assert serious_violations(page) == []
    guide.get_by_role("button", name=said["ok"]).click()

    # until the person's first draw nobody but the guide's reader acts for the person:
    # the doubles to give and a buy offer are passed by hand, each step put away first
    seen = ["goal"]
    end = time.monotonic() + 120
    while _step(page) != "turn":
        assert time.monotonic() < end, (seen, page.locator(".status").inner_text(),
                                        page.locator(".controls").inner_text())
        step = _step(page)
        if step in ("give", "buying"):
            seen.append(step)
            guide.get_by_role("button", name=said["ok"]).click()
            page.get_by_role("button", name="Passen").click()
        page.wait_for_timeout(100)
    expect(guide.locator("p")).to_have_text(said["turn"])
    seen.append("turn")
    guide.get_by_role("button", name=said["ok"]).click()
    me = Person(page, "nl")
    # the person's first draw, then the requirement is waited for before any other move:
    # read once between two moves, a re-render could hide it until after the discard
    end = time.monotonic() + 60
    while not me.draws:
        assert time.monotonic() < end, page.locator(".status").inner_text()
        me.step()
        page.wait_for_timeout(100)
    expect(guide).to_have_attribute("data-step", "requirement")

    def put_away() -> bool:
        step = _step(page)
        if step and step not in seen:
            seen.append(step)
            if step == "requirement":  # the round's requirement in words
                round_words = page.locator(".centre .round").inner_text().split("·")[-1].strip()
                assert round_words in guide.locator("p").inner_text()
                page.reload()  # seen steps stay put away; this one comes back until put away
                page.locator(".hand button").first.wait_for()
                expect(guide).to_have_attribute("data-step", "requirement")
            if step == "done":
                return True
            guide.get_by_role("button", name=said["ok"]).click()
        return False

    play_until([me], put_away, timeout=400)
    # turn, then requirement: the waits after the first draw check that order
    assert seen[0] == "goal" and "requirement" in seen, seen
    if "give" in seen:  # Amerikaans asks for doubles right after the deal
        assert seen.index("give") < seen.index("turn")
    assert set(seen) <= {"goal", "give", "turn", "requirement", "come_out", "lay_off",
                         "jokers", "buying", "done"}
    assert seen[-1] == "done"
    expect(guide.locator("p")).to_have_text(said["done"])
    guide.get_by_role("button", name=said["ok"]).click()
    expect(guide).to_have_count(0)
    assert page.evaluate("localStorage.getItem('jokeren-hints')") == "1"
    # the hints show at the person's next play
    play_until([me], lambda: page.locator(".hints").count() > 0, timeout=200)
    page.reload()
    page.locator(".status").wait_for()
    page.wait_for_timeout(500)
    expect(guide).to_have_count(0)  # the guide is over
    context.close()
