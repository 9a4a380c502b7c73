"""Write docs/screenshots/web-score-phone-nl.png: the score card page (/score) on a
360 x 740 phone in Dutch, a card for three players playing for money, one round written and
the second being tapped in, from a real `jokeren serve` and Debian's chromium.

Run: ``python scripts/score_screenshot.py [FOLDER]`` (needs `pip install ".[server,e2e]"`
and `apt-get install chromium`).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # e2e's helpers

from playwright.sync_api import sync_playwright
from serving import CHROMIUM, CHROMIUM_ARGS, running_server

ROOT = Path(__file__).resolve().parents[1]


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work, running_server(Path(work)) as base, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(locale="nl-NL", viewport={"width": 360, "height": 740},
                                   is_mobile=True, has_touch=True,
                                   device_scale_factor=1).new_page()
        page.goto(f"{base}/score")
        for i, name in enumerate(["Ann", "Bob", "Cor"], 1):
            page.get_by_label(f"Speler {i}").fill(name)
        page.get_by_label("Om geld", exact=False).check()
        page.get_by_role("button", name="Begin de scorekaart").tap()
        page.get_by_label("Ann", exact=True).check()
        for card in ("Ks", "7h", "*"):
            page.locator(f".hand[data-player='Bob'] button[data-card='{card}']").tap()
        page.locator(".hand[data-player='Cor']").get_by_role("button", name="Punten").tap()
        page.get_by_label("Strafpunten van Cor").fill("12")
        page.get_by_role("button", name="Ronde opschrijven").tap()
        page.get_by_role("heading", name="Ronde 2", exact=False).wait_for()
        page.get_by_label("Bob", exact=True).check()
        for card in ("Qd", "Qd", "Ah"):
            page.locator(f".hand[data-player='Ann'] button[data-card='{card}']").tap()
        page.get_by_text("35 strafpunten").last.wait_for()
        page.screenshot(path=str(folder / "web-score-phone-nl.png"), full_page=True)
        print(folder / "web-score-phone-nl.png")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
