"""The end of a round before the score sheet (issue 29, point 3): the table as it stood,
with what the winner laid in the turn they went out marked, then the score sheet."""

from __future__ import annotations

from driver import Person, play_against_computers, play_until
from playwright.sync_api import Browser, BrowserContext, Page

from jokeren.rules.house import Rules


def table_against_bob(chromium: Browser, server: str, locale: str, name: str,
                      ) -> tuple[BrowserContext, Page]:
    """A jokeren-7 room of the person ``name`` and one computer player (Bob), at its table."""
    context = chromium.new_context(locale=locale)
    page = context.new_page()
    play_against_computers(page, server, name, 1, preset="jokeren-7")
    return context, page


def test_the_table_with_what_the_winner_laid_then_the_score_sheet(
        server: str, chromium: Browser) -> None:
    rules = Rules.load("jokeren-7")
    assert (rules.stock_empty, rules.max_reshuffles, rules.max_turns) == ("reshuffle", None, None)
    context, page = table_against_bob(chromium, server, "nl-NL", "Dina")
    me = Person(page, "nl", rotate=True)
    panel = page.locator(".round-end")
    play_until([me], lambda: panel.count() > 0, timeout=300)
    assert panel.get_by_role("heading").inner_text() == "Ronde 1 is afgelopen"
    # only Bob can end the round: the person never lays a meld, and these rules rebuild the
    # stock without limit and set no turn limit, so it never runs out (she discards every
    # card in turn, so Bob can get what his melds need)
    said = panel.locator("p").first.inner_text()
    assert said.startswith("Bob ging uit"), said
    assert panel.locator(".meld.marked").count() >= 1
    # the server deals the next round after its pause; the end of round 1 stays shown
    page.wait_for_function(
        "(document.querySelector('.centre .round')?.innerText ?? '').startsWith('Ronde 2')")
    assert panel.count() == 1
    panel.get_by_role("button", name="Scoreblad").click()
    assert panel.count() == 0
    assert page.locator("table.sheet tbody tr").count() == 1
    context.close()


def test_a_reload_at_the_end_of_a_round_brings_the_panel_back(
        server: str, chromium: Browser) -> None:
    """The round's end panel came from the events the page had seen: a reload lost it.
    The server's welcome now brings the last round's end (docs/protocol.md, round_end),
    so it comes back, marks the same, until the person closes it."""
    context, page = table_against_bob(chromium, server, "en-GB", "Eva")
    me = Person(page, "en", rotate=True)
    panel = page.locator(".round-end")
    play_until([me], lambda: panel.count() > 0, timeout=300)
    said = panel.locator("p").first.inner_text()
    marked = panel.locator(".meld.marked").count()
    assert marked >= 1
    page.reload()  # the server has dealt round 2 by now, or does so soon
    panel.wait_for()
    assert panel.get_by_role("heading").inner_text() == "Round 1 is over"
    assert panel.locator("p").first.inner_text() == said
    assert panel.locator(".meld.marked").count() == marked
    page.wait_for_function(
        "(document.querySelector('.centre .round')?.innerText ?? '').startsWith('Round 2')")
    panel.get_by_role("button", name="Go on").click()
    assert panel.count() == 0
    page.reload()  # closed: it stays closed
    page.locator(".status").wait_for()
    page.wait_for_timeout(500)
    assert panel.count() == 0
    context.close()
