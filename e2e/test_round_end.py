"""The end of a round before the score sheet (issue 29, point 3): the table as it stood,
with what the winner laid in the turn they went out marked, then the score sheet."""

from __future__ import annotations

from driver import Person, play_until
from playwright.sync_api import Browser

from jokeren.rules.house import Rules


def test_the_table_with_what_the_winner_laid_then_the_score_sheet(
        server: str, chromium: Browser) -> None:
    rules = Rules.load("jokeren-7")
    assert (rules.stock_empty, rules.max_reshuffles, rules.max_turns) == ("reshuffle", None, None)
    context = chromium.new_context(locale="nl-NL")
    page = context.new_page()
    page.goto(f"{server}/")
    page.locator("input").first.fill("Dina")
    page.locator("select").nth(0).select_option("jokeren-7")
    page.locator("select").nth(1).select_option("1")
    page.locator("button[type=submit]").click()
    page.wait_for_function("location.pathname.startsWith('/table/')")
    page.locator(".status").wait_for()
    me = Person(page, "nl")
    panel = page.locator(".round-end")
    play_until([me], lambda: panel.count() > 0, timeout=300)
    assert panel.get_by_role("heading").inner_text() == "Ronde 1 is uit"
    # only Bob can end the round: the person never lays a meld, and these rules rebuild the
    # stock without limit and set no turn limit, so it never runs out
    said = panel.locator("p").first.inner_text()
    assert said.startswith("Bob ging uit"), said
    assert panel.locator(".meld.marked").count() >= 1
    # the server deals the next round after its pause; the end of round 1 stays shown
    page.wait_for_function(
        "(document.querySelector('.bar')?.innerText ?? '').startsWith('Ronde 2')")
    assert panel.count() == 1
    panel.get_by_role("button", name="Scorebriefje").click()
    assert panel.count() == 0
    assert page.locator("table.sheet tbody tr").count() == 1
    context.close()
