"""Write docs/screenshots/web-table-nl.png (a 1280 x 800 laptop, in Dutch) and
web-table-phone-en.png (a 360 x 740 phone, in English): the browser table against three
computer players, once several combinations lie on the table and it is the person's move;
web-replay-nl.png: the replay page of a finished game of
three computer players, some moves in; and web-rules-phone-nl.png (360 x 740, Dutch) and
web-rules-en.png (1280 x 800, English): the house-rules editor with one pack and two jokers
chosen, its contradiction beside the rules it concerns. From a real `jokeren serve` and
Debian's chromium.

Run: ``python scripts/web_screenshots.py [FOLDER]`` (needs `pip install ".[server,e2e]"`
and `apt-get install chromium`).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # e2e's helpers

from driver import Person, play_against_computers, play_until
from playwright.sync_api import Browser, sync_playwright
from serving import CHROMIUM, CHROMIUM_ARGS, finished_room, running_server

ROOT = Path(__file__).resolve().parents[1]

SHOTS = (("web-table-nl.png", "nl-NL", "nl", {"width": 1280, "height": 800}, False),
         ("web-table-phone-en.png", "en-GB", "en", {"width": 360, "height": 740}, True))


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work, \
            running_server(Path(work), "--bot-delay", "0.05") as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, locale, lang, viewport, phone in SHOTS:
            context = browser.new_context(locale=locale, viewport=viewport, is_mobile=phone,
                                          has_touch=phone, device_scale_factor=1,
                                          bypass_csp=True)
            page = context.new_page()
            play_against_computers(page, base, "Anna" if lang == "nl" else "Ann", 3)
            page.locator(".hand button").first.wait_for()
            me = Person(page, lang)
            play_until([me], lambda page=page: page.locator(".scroll .melds .meld").count() >= 5
                       and not page.locator(".round-end").count()
                       and bool(page.locator(".controls button").count()), timeout=300)
            page.locator(".hand button").nth(1).click()  # a card selected, as in play
            page.wait_for_timeout(600)
            page.screenshot(path=str(folder / name))
            print(folder / name)
            context.close()
        replay(browser, base, folder / "web-replay-nl.png")
        rules_editor(browser, base, folder)
        browser.close()


def replay(browser: Browser, base: str, path: Path) -> None:
    """The replay page of a finished game, a dozen moves into it."""
    room = finished_room(base)
    context = browser.new_context(locale="nl-NL", viewport={"width": 1100, "height": 820},
                                  device_scale_factor=1)
    page = context.new_page()
    page.goto(f"{base}/replay/{room['room']}#{room['host_token']}")
    page.locator(".where").wait_for()
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    print(path)
    context.close()


def rules_editor(browser: Browser, base: str, folder: Path) -> None:
    """The house-rules editor: one pack and two jokers, which cannot deal 13 cards to more
    than four, said beside the rules it concerns."""
    shots = (("web-rules-phone-nl.png", "nl-NL", {"width": 360, "height": 740}),
             ("web-rules-en.png", "en-GB", {"width": 1280, "height": 800}))
    for name, locale, viewport in shots:
        context = browser.new_context(locale=locale, viewport=viewport, device_scale_factor=1)
        page = context.new_page()
        page.goto(f"{base}/rules")
        for key, number in (("packs", "1"), ("jokers", "2")):
            rule = page.locator(f'.rule[data-key="{key}"]')
            rule.locator("input[type=radio]").first.check()
            rule.get_by_role("spinbutton").fill(number)
        page.locator('.rule[data-key="jokers"] .problem-text').first.wait_for()
        packs = page.locator('.rule[data-key="packs"]')
        packs.evaluate("(e) => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 8)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / name))
        print(folder / name)
        context.close()


if __name__ == "__main__":
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):  # --help too
        sys.exit(__doc__)
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
