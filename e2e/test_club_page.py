"""A club evening of 13 players run in the browser (issue 41): the secretary lists the
members, one has not come yet, draws round 1, marks her present when she arrives, draws the
other six rounds and enters all 27 forms (a wrong column total caught, its sentence beside
the column); a member's projector view (no secretary link) shows standings equal to an
independent sum of the points entered, the missed round counted as that round's average."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page

MEMBERS = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frits", "Gerda", "Henk", "Ineke", "Jan",
           "Kees", "Lies", "Mies"]
LATE = "Mies"


def _points(r: int, t: int, size: int, games: int = 4) -> list[list[int]]:
    """Game g is won by seat g % size; the others keep 5 to 35 (jokeren's face values)."""
    return [[0 if s == g % size else 5 * ((r + t + g + s) % 7 + 1) for s in range(size)]
            for g in range(games)]


def _seating(page: Page, r: int) -> list[list[str]]:
    tables = page.locator(f".round[data-round='{r}'] article.table")
    return [tables.nth(i).locator("ol.seats li").all_inner_texts()
            for i in range(tables.count())]


def _enter(page: Page, r: int, t: int, rows: list[list[int]], totals: list[int]) -> None:
    table = page.locator(f".round[data-round='{r}'] article.table[data-table='{t}']")
    boxes = table.locator("table.form input[inputmode='numeric']")
    values = [v for row in rows for v in row] + totals
    assert boxes.count() == len(values)
    for i, v in enumerate(values):
        boxes.nth(i).fill(str(v))
    table.get_by_role("button", name="Formulier invoeren").click()


def test_an_evening_of_13_in_the_browser(server: str, chromium: Browser, tmp_path: Path) -> None:
    context = chromium.new_context(locale="nl-NL", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.get_by_role("link", name="Een clubavond: tafels loten, formulieren invoeren, "
                     "de stand").click()
    page.get_by_label("Aanwezige leden, één per regel").fill("\n".join(MEMBERS))
    page.get_by_label("Datum").fill("2026-12-03")
    page.get_by_role("button", name="Begin de avond").click()
    page.get_by_role("button", name="Loot ronde 1").wait_for()
    evening = page.url.rstrip("/").rsplit("/", 1)[1]
    assert "#" not in page.url  # the secretary's token is kept in this browser, not shown
    page.get_by_text("De link van de secretaris (houd hem voor jezelf)").click()
    secretary_link = page.get_by_label(
        "De link van de secretaris (houd hem voor jezelf)").input_value()
    assert secretary_link.startswith(f"{server}/club/{evening}#")
    assert len(secretary_link.split("#")[1]) >= 32

    # Mies has not come yet: round 1 is drawn for 12, three tables of 4.
    page.locator(".players li", has_text=LATE).locator("input").uncheck()
    page.locator(".players li", has_text=LATE).get_by_text("(afwezig)").wait_for()
    page.get_by_role("button", name="Loot ronde 1").click()
    page.locator(".round[data-round='1']").wait_for()
    first = _seating(page, 1)
    assert sorted(len(t) for t in first) == [4, 4, 4]
    assert sorted(n for t in first for n in t) == sorted(set(MEMBERS) - {LATE})

    # She arrives: the six other rounds for 13 (a table of 4 and three of 3).
    page.locator(".players li", has_text=LATE).locator("input").check()
    page.locator(".players li", has_text=LATE).get_by_text("(afwezig)").wait_for(state="detached")
    for r in range(2, 8):
        page.get_by_role("button", name=f"Loot ronde {r}").click()
        page.locator(f".round[data-round='{r}']").wait_for()
    page.get_by_text("Alle 7 rondes zijn geloot.").wait_for()
    with page.expect_response(lambda r: r.url.endswith("/redraw")) as redrawn:
        page.get_by_role("button", name="Loot ronde 7 opnieuw (voor wie er nu is)").click()
    assert redrawn.value.status == 200  # the same players: the same draw (seeded per round)
    assert page.locator("p.error").count() == 0
    draws = [_seating(page, r) for r in range(1, 8)]
    for tables in draws[1:]:
        assert sorted(len(t) for t in tables) == [3, 3, 3, 4]
        assert sorted(n for t in tables for n in t) == sorted(MEMBERS)

    # The seating list as printed (print CSS: no forms, no buttons).
    shots = Path(os.environ.get("JOKEREN_E2E_SHOTS", tmp_path))
    page.emulate_media(media="print")
    page.locator(".round[data-round='2']").screenshot(path=str(shots / "web-club-seating-nl.png"))
    assert not page.get_by_role("button", name="Loot ronde 1").is_visible()
    page.emulate_media(media="screen")

    # A wrong column total on round 2's first form: refused, the sentence beside it.
    seats = draws[1][0]
    rows = _points(2, 1, len(seats))
    totals = [sum(row[s] for row in rows) for s in range(len(seats))]
    wrong = totals[:]
    wrong[1] += 10
    _enter(page, 2, 1, rows, wrong)
    refusal = page.locator(".round[data-round='2'] article.table[data-table='1'] "
                           "td.wrong [data-testid='column-refusal']")
    refusal.wait_for()
    assert refusal.inner_text() == (f"De kolom van {seats[1]} telt op tot {totals[1]}, niet de "
                                    f"{wrong[1]} die er staat")
    table = page.locator(".round[data-round='2'] article.table[data-table='1']")
    assert table.locator("td.wrong").count() == 1
    assert table.locator("td.wrong input").input_value() == str(wrong[1])
    table.screenshot(path=str(shots / "web-club-form-nl.png"))

    # Every form entered (the wrong one corrected): 3 + 6 x 4 = 27.
    own = {name: 0 for name in MEMBERS}
    round1 = {}
    for r, tables in enumerate(draws, 1):
        for t, seats in enumerate(tables, 1):
            rows = _points(r, t, len(seats))
            totals = [sum(row[s] for row in rows) for s in range(len(seats))]
            _enter(page, r, t, rows, totals)
            page.locator(f".round[data-round='{r}'] article.table[data-table='{t}'] h3 small"
                         ).wait_for()
            for name, total in zip(seats, totals, strict=True):
                own[name] += total
                if r == 1:
                    round1[name] = total
    assert page.locator("article.table h3 small").count() == 27
    with page.expect_download() as got:
        page.get_by_role("link", name="Stand als xlsx-bestand (met de formulieren)").click()
    assert got.value.suggested_filename == "stand.xlsx"

    # Mies missed round 1: it counts as that round's average, rounded half up.
    average = (2 * sum(round1.values()) + len(round1)) // (2 * len(round1))
    expected = {name: own[name] + (average if name == LATE else 0) for name in MEMBERS}

    # A member's projector view (no secretary link): large type, the same standings.
    wall = chromium.new_context(locale="nl-NL", viewport={"width": 1600, "height": 900})
    projector = wall.new_page()
    projector.on("pageerror", lambda e: errors.append(str(e)))
    projector.goto(f"{server}/club/{evening}/projector")
    rows_shown = projector.locator("[data-testid='projector-standings'] tbody tr")
    rows_shown.first.wait_for()
    shown = {}
    places = []
    for i in range(rows_shown.count()):
        place, name, points, games = rows_shown.nth(i).locator("td").all_inner_texts()
        shown[name] = int(points)
        places.append((int(place), int(points)))
        assert int(games) == (24 if name == LATE else 28)
    assert shown == expected
    assert [p for p, _ in places] == sorted(p for p, _ in places)  # lowest points first
    assert [pts for _, pts in places] == sorted(pts for _, pts in places)
    size = projector.locator("[data-testid='projector-standings'] td").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 28  # large type for the wall
    projector.screenshot(path=str(shots / "web-club-projector-nl.png"), full_page=True)

    # The member reads, and cannot change anything: no draw, no forms, no presence.
    reader = wall.new_page()
    reader.goto(f"{server}/club/{evening}")
    reader.get_by_text("Je leest mee").wait_for()
    assert reader.locator("table.form").count() == 0
    assert reader.locator(".players input:not([disabled])").count() == 0
    # The secretary's link opens the evening for change on another computer, and leaves
    # the address bar without its token.
    laptop = chromium.new_context(locale="nl-NL")
    other = laptop.new_page()
    other.goto(secretary_link)
    other.get_by_text("Je bent de secretaris.", exact=False).wait_for()
    assert "#" not in other.url and other.locator("table.form").count() == 27
    laptop.close()
    assert errors == []
    wall.close()
    context.close()
