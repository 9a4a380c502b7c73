"""Every page says a refusal as the sentence it is (as the join page does, e2e/
test_together_phones.py): what the server refused and the person can put right (a 4xx) in
its own sentence, begun with a capital and ended with a full stop; "Er ging iets mis: ..."
only for a failure, and no answer at all in the person's words, never the browser's
"TypeError: Failed to fetch". The start page's name field takes the server's 24
characters, and a longer name kept from before is cut, not refused. At the match's end a
phone says who won twice (the log's newest line, the heading), not three times."""

from __future__ import annotations

import json
from pathlib import Path

from driver import Person, at_table, make_room, play_until, seat_in, start, take_seat
from playwright.sync_api import Locator, Page, Route, expect
from serving import call, finished_room

from conftest import _Patient

PHONE = {"width": 360, "height": 740}
WORDS = json.loads((Path(__file__).resolve().parents[1] / "src" / "jokeren" / "words"
                    / "messages.json").read_text(encoding="utf-8"))


def said(key: str, **values: object) -> str:
    """The catalogue's Dutch sentence ``key`` as a page says a refusal on its own: begun with
    a capital, ended with a full stop (read from the catalogue, so a rewording of the words
    does not break the test, and the page shows no other words than those)."""
    text = str(WORDS[key]["nl"]).format(**values)
    return f"{text[0].upper()}{text[1:]}{'' if text.endswith(('.', '!', '?')) else '.'}"


NO_ANSWER = str(WORDS["web_error"]["nl"]).format(text=WORDS["web_no_answer"]["nl"])


def _in_sight(page: Page, alert: Locator) -> None:
    """The refusal is on the phone's screen as it is, without a scroll: a person who tapped
    and saw nothing would tap again."""
    box = alert.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert page.evaluate("scrollY") == 0


def _phone(chromium: _Patient, locale: str = "nl-NL") -> Page:
    context = chromium.new_context(locale=locale, viewport=PHONE, is_mobile=True,
                                   has_touch=True)
    return context.new_page()


def test_the_start_page_takes_the_servers_name_and_says_a_refused_one(
        server: str, chromium: _Patient) -> None:
    page = _phone(chromium)
    page.goto(server)
    # a name kept when the field took 64 characters: cut to the server's 24, so it plays
    long = "Grootmoeder Wilhelmina van Oranje-Nassau"
    page.evaluate("n => localStorage.setItem('jokeren-name', n)", long)
    page.reload()
    name = page.get_by_label("Je naam")
    assert name.get_attribute("maxlength") == "24"
    expect(name).to_have_value(long[:24])
    name.press_sequentially("x")  # full: no more
    expect(name).to_have_value(long[:24])

    play = page.get_by_role("button", name="Speel nu tegen de computer")
    alert = page.get_by_role("alert")
    # a name the server refuses: its own sentence, for it can be put right
    name.fill("Oma: de beste")
    play.click()
    expect(alert).to_have_text(said("api_name", most=24))
    assert alert.inner_text().startswith("Een naam heeft")
    _in_sight(page, alert)
    # no answer: a failure, said in the person's words
    page.route("**/api/play-now", lambda route: route.abort())
    name.fill("Oma")
    play.click()
    expect(alert).to_have_text(NO_ANSWER)
    page.unroute("**/api/play-now")

    # the rules page plays under the kept name: refused, it says why (it said nothing)
    page.evaluate("n => localStorage.setItem('jokeren-name', n)", "Oma: de beste")
    page.goto(f"{server}/rules")
    these = page.get_by_role("button", name="Speel met deze regels")
    expect(these).to_be_enabled()
    these.click()
    expect(page.get_by_role("alert")).to_have_text(said("api_name", most=24))

    # and the kept long name plays from the start page, cut
    page.evaluate("n => localStorage.setItem('jokeren-name', n)", long)
    page.goto(server)
    page.get_by_role("button", name="Speel nu tegen de computer").click()
    at_table(page)
    page.context.close()


def test_the_lobby_says_a_seat_taken_meanwhile_as_the_refusal_it_is(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, "amerikaans", computers=1, people=2)
    oma = _phone(chromium)
    oma.goto(server)
    oma.evaluate("([k, v]) => localStorage.setItem(k, v)",
                 [f"jokeren-host-{room['room']}", json.dumps(room)])
    take_seat(oma, room, "Oma")
    give = oma.get_by_role("button", name="Laat de computer hier zitten")
    expect(give).to_be_visible()

    # Bea takes the free seat just as the host gives it to the computer: the server refuses
    def meanwhile(route: Route) -> None:
        call(f"{server}/api/rooms/{room['room']}/join",
             {"token": str(room["invite"]).rsplit("#", 1)[1], "name": "Bea"})
        route.continue_()

    oma.route("**/seats/1/kind", meanwhile)
    give.click()
    expect(oma.get_by_role("alert")).to_have_text(said("api_taken"))
    _in_sight(oma, oma.get_by_role("alert"))
    expect(oma.locator(".seats li[data-seat='1'] .name")).to_have_text("Bea")
    oma.context.close()


def test_the_score_card_says_what_it_refuses_as_its_sentence(
        server: str, chromium: _Patient) -> None:
    page = _phone(chromium)
    page.goto(f"{server}/score")
    page.get_by_label("Speler 1").fill("Ann")
    page.get_by_label("Speler 2").fill("Ann")
    page.get_by_role("button", name="Begin de scorekaart").tap()
    expect(page.get_by_role("alert")).to_have_text(said("score_err_names"))
    _in_sight(page, page.get_by_role("alert"))
    # a file that is no card: a sentence too, not "Er ging iets mis"
    page.get_by_label("Of open een kaartbestand").set_input_files(
        files=[{"name": "boodschappen.json", "mimeType": "application/json",
                "buffer": b'{"melk": 2}'}])
    expect(page.get_by_role("alert")).to_have_text(said("web_score_not_a_card"))
    page.context.close()


def test_the_replay_says_a_refused_record_and_no_answer_in_words(
        server: str, chromium: _Patient, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "jokeren-record/1"}', encoding="utf-8")
    page = _phone(chromium)
    page.goto(f"{server}/replay")
    page.locator("input[type=file]").set_input_files(str(bad))
    alert = page.get_by_role("alert")
    first = str(WORDS["api_record"]["nl"]).split("{error}")[0]  # "dit is geen ...: "
    first = first[0].upper() + first[1:]
    expect(alert).to_contain_text(first)
    assert alert.inner_text().startswith(first) and alert.inner_text().endswith(".")

    # a finished room's record without an answer: the person's words, not "TypeError"
    room = finished_room(server)
    page.route("**/record", lambda route: route.abort())
    page.goto(f"{server}/replay/{room['room']}#{room['host_token']}")
    expect(page.get_by_role("alert")).to_have_text(NO_ANSWER)
    page.context.close()


def test_a_phone_says_who_won_twice_and_the_status_line_what_to_look_at(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, {"preset": "jokeren-7", "rounds": 1, "max_turns": 40},
                     computers=2)
    context, page = seat_in(chromium, room, "Oma", locale="nl-NL", viewport=PHONE,
                            is_mobile=True, has_touch=True)
    start(server, room)
    me = Person(page, "nl")
    end = page.locator(".match-end")
    play_until([me], lambda: end.count() > 0, timeout=240)
    heading = end.get_by_role("heading", level=2)
    over, has_won = str(WORDS["web_st_match_over"]["nl"]).split("{name}")
    expect(heading).to_contain_text(over)
    won = heading.inner_text()  # "Het potje is afgelopen: Bob heeft gewonnen"
    assert won.startswith(over) and won.endswith(has_won), won
    # the status line says what to look at now, not the winner again
    expect(page.locator(".status")).to_have_text(str(WORDS["web_st_match_end"]["nl"]))
    said = [page.locator(sel).inner_text() for sel in (".status", ".ticker", ".match-end h2")]
    assert sum(won in text for text in said) <= 2, said
    expect(end.locator(".standings li")).to_have_count(3)
    context.close()


def test_a_closed_room_is_said_as_a_sentence_at_the_table(
        server: str, chromium: _Patient) -> None:
    room = make_room(server, "amerikaans", computers=1, people=2)
    context, page = seat_in(chromium, room, "Oma", locale="nl-NL", viewport=PHONE)
    expect(page.get_by_role("heading", name="Wie zit er aan tafel")).to_be_visible()
    call(f"{server}/api/rooms/{room['room']}/end", {"token": room["host_token"]})
    expect(page.get_by_role("alert")).to_have_text(said("api_ended"))
    context.close()
