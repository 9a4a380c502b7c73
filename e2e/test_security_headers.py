"""The built browser table under the server's Content-Security-Policy (issue 43, point 6):
the table, the replay and the score pages load and work with no violation reported, in the
console or as a ``securitypolicyviolation`` event; and the record is fetched with its token
in a header, not in the URL."""

from __future__ import annotations

from playwright.sync_api import Browser, ConsoleMessage, Page, Request
from serving import call, finished_room

WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations = [...(window.__violations || []), e.violatedDirective + " " + e.blockedURI];
});"""


def _watched(page: Page, found: list[str], urls: list[str]) -> None:
    page.add_init_script(WATCH)

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            found.append(message.text)

    def request(req: Request) -> None:
        urls.append(req.url)

    page.on("console", console)
    page.on("request", request)


def _violations(page: Page) -> list[str]:
    seen: list[str] = page.evaluate("() => window.__violations || []")
    return seen


def test_the_pages_pass_the_content_security_policy(server: str, chromium: Browser) -> None:
    room = finished_room(server)
    context = chromium.new_context(locale="en-GB", bypass_csp=False)  # under the policy
    page = context.new_page()
    found: list[str] = []
    urls: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _watched(page, found, urls)

    page.goto(f"{server}/play")  # the table against the computer: a match, a socket
    page.locator(".hand button").first.wait_for()
    assert page.locator(".hand button").count() >= 7
    assert _violations(page) == []

    page.goto(f"{server}/replay/{room['room']}#{room['host_token']}")
    page.locator(".where").wait_for()
    page.keyboard.press("End")
    assert page.locator(".players > li").count() == 3
    assert _violations(page) == []

    page.goto(f"{server}/score")
    page.get_by_label("Player 1").fill("Ann")
    assert _violations(page) == []
    club = call(f"{server}/api/club", {"players": ["Ann", "Bob", "Cor", "Dan", "Eve", "Fay"]})
    call(f"{server}/api/club/{club['id']}/draw", {}, str(club["secretary_token"]))
    page.goto(str(club["secretary_link"]))  # the club evening: forms, and its projector
    page.locator("table.form").first.wait_for()
    assert _violations(page) == []
    page.goto(f"{server}/club/{club['id']}/projector")
    page.locator("[data-testid='projector-standings']").wait_for()
    assert _violations(page) == []
    for path in ("/", "/rules", "/new", "/club"):
        page.goto(f"{server}{path}")
        page.locator("h1").first.wait_for()
        assert _violations(page) == [], path
    assert found == [] and not errors
    assert not any("token" in url for url in urls), [u for u in urls if "token" in u]
    assert any(url.endswith(f"/api/rooms/{room['room']}/record") for url in urls)
    context.close()
