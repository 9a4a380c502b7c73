"""The replay page (issue 29, point 2): a finished room's game stepped through move by move
with buttons and keys, every hand open; and a record file opened from disk."""

from __future__ import annotations

import json
import re
from pathlib import Path

from driver import serious_violations
from playwright.sync_api import Browser, Page
from serving import call, finished_room


def _where(page: Page) -> str:
    return page.locator(".where").inner_text()


def test_a_finished_games_replay_steps_move_by_move(server: str, chromium: Browser) -> None:
    room = finished_room(server)
    context = chromium.new_context(locale="nl-NL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/replay/{room['room']}#{room['host_token']}")
    page.locator(".where").wait_for()
    found = re.fullmatch(r"Ronde 1 van 1 · zet 0 van (\d+)", _where(page))
    assert found, _where(page)
    moves = int(found.group(1))
    assert "Ronde 1 is gedeeld" in page.locator(".said").inner_text()
    # every hand open: seven cards each after the deal
    assert page.locator(".players > li").count() == 3
    assert page.locator(".players .hand li").count() == 21
    page.keyboard.press("ArrowRight")
    assert _where(page).endswith(f"zet 1 van {moves}")
    assert page.locator(".said").inner_text().strip()  # what the move did, in words
    page.get_by_role("button", name="Zet verder").click()
    assert _where(page).endswith(f"zet 2 van {moves}")
    page.keyboard.press("ArrowLeft")
    assert _where(page).endswith(f"zet 1 van {moves}")
    page.keyboard.press("End")
    assert _where(page).endswith(f"zet {moves} van {moves}")
    assert page.locator("table.sheet tbody tr").count() == 1  # the round's score
    assert page.get_by_role("button", name="Zet verder").is_disabled()
    # a hand can be put away, and shown again
    shown = page.locator(".players .hand").count()
    page.locator(".players input[type=checkbox]").first.uncheck()
    assert page.locator(".players .hand").count() == shown - 1
    page.keyboard.press("Home")
    assert _where(page).endswith(f"zet 0 van {moves}")
    assert [v["id"] for v in serious_violations(page)] == []
    assert not errors
    context.close()


def test_a_record_file_opens_and_a_bad_one_is_one_sentence(server: str, chromium: Browser,
                                                           tmp_path: Path) -> None:
    room = finished_room(server)
    record = call(f"{server}/api/rooms/{room['room']}/record", token=str(room["host_token"]))
    good, bad = tmp_path / "game.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    bad.write_text('{"format": "jokeren-record/1"}', encoding="utf-8")
    context = chromium.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"{server}/")
    page.get_by_role("link", name="Replay a match from its record").click()
    page.locator("input[type=file]").set_input_files(str(bad))
    alert = page.get_by_role("alert")
    alert.wait_for()
    # the refusal's own sentence (begun with a capital, ended with a full stop), as the join
    # page says one: not "Something went wrong: this is not a match record..."
    said = alert.inner_text()
    assert said.startswith("This is not a match record that can be replayed: "), said
    assert said.endswith(".") and "went wrong" not in said
    page.locator("input[type=file]").set_input_files(str(good))
    page.locator(".where").wait_for()
    assert _where(page).startswith("Round 1 of 1 · move 0 of ")
    page.keyboard.press("PageDown")  # no next round: the end
    assert page.locator("table.sheet").count() == 1
    context.close()
