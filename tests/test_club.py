"""Club evenings (003): the draw by lot, the form's checks, standings, seasons, printables."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.club.clubfile import from_obj, to_json
from jokeren.club.evening import (
    ClubError,
    Evening,
    Form,
    draw_next,
    enter_form,
    new_evening,
    season,
    standings,
)
from jokeren.club.seating import Meetings, draw_evening, spread_of, table_sizes

NAMES = [f"P{i:02}" for i in range(60)]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(6, 60), seed=st.integers(0, 10**6), absent=st.sets(st.integers(0, 59)))
def test_every_player_sits_at_exactly_one_table_of_3_or_4(n: int, seed: int,
                                                        absent: set[int]) -> None:
    evening = new_evening(NAMES[:n], seed=seed)
    away = {a for a in absent if a < n}
    for r in range(7):
        gone = away if r == 3 and n - len(away) >= 6 else set()  # some miss round 4
        evening = draw_next(evening, gone)
        tables = evening.draws[-1]
        seated = sorted(p for table in tables for p in table)
        assert seated == sorted(set(range(n)) - gone)
        assert all(len(table) in (3, 4) for table in tables)
        assert sorted(len(t) for t in tables) == sorted(table_sizes(n - len(gone)))


def test_table_sizes_use_as_few_tables_of_3_as_possible() -> None:
    assert table_sizes(6) == [3, 3] and table_sizes(7) == [4, 3] and table_sizes(9) == [3] * 3
    assert table_sizes(12) == [4] * 3 and table_sizes(13) == [4, 3, 3, 3]
    with pytest.raises(ValueError):
        table_sizes(5)


@pytest.mark.parametrize("n", [12, 24, 40])
def test_the_draw_spreads_meetings_better_than_a_plain_draw(n: int) -> None:
    """docs/club.md's figures, on one seed each (the docs average 20)."""
    ours = spread_of(n, draw_evening(n, 7, seed=1))
    plain = spread_of(n, draw_evening(n, 7, seed=1, spread=False))
    assert ours.opponents_mean > plain.opponents_mean
    assert ours.extra_meetings < plain.extra_meetings
    assert ours.most_met < plain.most_met
    if n == 40:  # room for everyone to meet 21 new players: nobody meets anyone twice
        assert ours.extra_meetings == 0 and ours.opponents_min == 21


def test_the_draw_is_seeded() -> None:
    assert draw_evening(20, 7, seed=5) == draw_evening(20, 7, seed=5)
    assert draw_evening(20, 7, seed=5) != draw_evening(20, 7, seed=6)


def test_tables_of_3_go_round() -> None:
    rounds = draw_evening(10, 7, seed=2)  # 4 + 3 + 3: six seats at tables of 3 a round
    assert max(Meetings.of(10, rounds).threes) <= 5  # 42 seats over 10 players


def evening_of_7() -> Evening:
    ev = draw_next(new_evening(["Ann", "Bob", "Cor", "Dirk", "Eva", "Finn", "Gijs"],
                               rounds=2, games=4, seed=1))
    return ev


def play(ev: Evening, rng: random.Random) -> Evening:
    """Every table of the last round drawn gets a valid form."""
    r = len(ev.draws)
    for k, seats in enumerate(ev.draws[-1], 1):
        games = []
        for g in range(ev.games):
            points = [rng.randint(1, 60) for _ in seats]
            points[(g + k) % len(seats)] = 0
            games.append(tuple(points))
        ev = enter_form(ev, r, k, Form(tuple(games)))
    return ev


def test_the_form_checks_of_003() -> None:
    ev = evening_of_7()
    size = len(ev.draws[0][0])
    good = tuple(tuple(0 if s == g % size else 5 + s for s in range(size)) for g in range(4))
    sums = tuple(sum(g[s] for g in good) for s in range(size))
    ev2 = enter_form(ev, 1, 1, Form(good, totals=sums))
    assert ev2.forms[0][0] is not None
    bad = [
        (Form(good[:3]), "the form has 3 games"),
        (Form((tuple(5 for _ in range(size)), *good[1:])), "game 1 has 0 players with 0"),
        (Form(((0,) * size, *good[1:])), f"game 1 has {size} players with 0"),
        (Form(good, frozenset({0})), "game 1: the stock ran out"),
        (Form(good, totals=(sums[0] + 1, *sums[1:])), "adds up to"),
        (Form(((0, 1), *good[1:])), "gives 2 scores for a table of"),
    ]
    for form, words in bad:
        with pytest.raises(ClubError, match=words):
            enter_form(ev, 1, 1, form)
    stock = (tuple(7 for _ in range(size)), *good[1:])
    assert enter_form(ev, 1, 1, Form(stock, frozenset({0}))).forms[0][0] is not None
    with pytest.raises(ClubError, match="no table 9"):
        enter_form(ev, 1, 9, Form(good))


def test_standings_and_their_tie_breaks() -> None:
    ev = new_evening(["Ann", "Bob", "Cor", "Dirk", "Eva", "Finn"], rounds=2, games=2)
    ev = draw_next(ev)
    (a, b) = ev.draws[0]
    ev = enter_form(ev, 1, 1, Form(((0, 10, 20), (10, 0, 20))))  # 10, 10, 40
    ev = enter_form(ev, 1, 2, Form(((0, 5, 5), (10, 0, 5))))  # 10, 5, 10
    ev = draw_next(ev)
    rows = standings(ev)
    by = {r.name: r for r in rows}
    names = ev.players
    assert by[names[b[1]]].place == 1  # 5 points
    tied = [names[a[0]], names[a[1]], names[b[0]]]  # 10 points, 1 game won each
    assert {by[n].place for n in tied} == {2}
    assert by[names[b[2]]].place == 5  # 10 points, no game won
    assert by[names[a[2]]].place == 6
    assert [r.place for r in rows] == sorted(r.place for r in rows)


def test_a_season_ranks_by_penalty_per_game() -> None:
    rng = random.Random(4)
    evenings = []
    for s in range(3):
        ev = new_evening(NAMES[: 8 + s], rounds=2, seed=s)
        for _ in range(2):
            ev = play(draw_next(ev), rng)
        evenings.append(ev)
    rows = season(evenings)
    assert {r.name for r in rows} == set(NAMES[:10])
    assert [r.per_game for r in rows] == sorted(r.per_game for r in rows)
    p09 = next(r for r in rows if r.name == "P09")
    assert (p09.evenings, p09.games) == (1, 8)
    assert sum(r.won for r in rows) == sum(len(ev.draws[0]) + len(ev.draws[1])
                                           for ev in evenings) * 4


def test_the_file_round_trips_and_refuses_a_bad_draw() -> None:
    ev = play(evening_of_7(), random.Random(1))
    obj = json.loads(to_json(ev))
    assert from_obj(obj) == ev
    obj["draw"][0][0] = obj["draw"][0][0][:2]
    with pytest.raises(ClubError, match="draw of round 1"):
        from_obj(obj)


runner = CliRunner()


def club(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["club", *args])
    return result.exit_code, result.stdout, result.stderr


def test_an_evening_from_the_command_line(tmp_path: Path) -> None:
    f = tmp_path / "e.json"
    code, out, _ = club("new", str(f), "--players", "Ann,Bob,Cor,Dirk,Eva,Finn,Gijs",
                        "--rounds", "2", "--seed", "9", "--lang", "en")
    assert code == 0 and "Table 2" in out
    seats = json.loads(f.read_text())["draw"][0]
    size = len(seats[0])
    games = ["0" + " 5" * (size - 1)] * 4
    code, _, err = club("enter", str(f), "--round", "1", "--table", "1",
                        *[w for g in games for w in ("--game", g)], "--lang", "nl")
    assert code == 0, err
    before = f.read_bytes()
    code, _, err = club("enter", str(f), "--round", "1", "--table", "1",
                        *["--game", "5" + " 5" * (size - 1)] * 4)
    assert code == 2 and "game 1 has 0 players with 0" in err and f.read_bytes() == before
    code, _, err = club("enter", str(f), "--round", "1", "--table", "1", "--game", "x y")
    assert code == 2 and "write a game's points" in err
    assert club("draw", str(f), "--absent", "Gijs")[0] == 0
    code, _, err = club("draw", str(f))
    assert code == 2 and "all 2 rounds are drawn" in err
    code, out, _ = club("show", str(f), "--lang", "en")
    assert "Forms to enter" in out and "Lowest penalty total wins" in out
    assert club("forms", str(f), str(tmp_path / "forms.pdf"))[0] == 0
    assert club("forms", str(f), str(tmp_path / "forms.xlsx"), "--round", "1")[0] == 0
    assert club("standings", str(f), str(tmp_path / "s.pdf"))[0] == 0
    code, _, err = club("forms", str(f), str(tmp_path / "forms.pdf"), "--round", "5")
    assert code == 2 and "no round 5" in err
    pages = subprocess.run(["pdfinfo", str(tmp_path / "forms.pdf")], capture_output=True,
                           text=True, check=True).stdout
    count = next(line.split()[1] for line in pages.splitlines() if line.startswith("Pages:"))
    assert count == "4"  # 2 tables a round, 2 rounds, a page each


def test_season_plots(tmp_path: Path) -> None:
    rng = random.Random(2)
    files = []
    for s in range(3):
        ev = new_evening(NAMES[:9], rounds=3, seed=s, title=f"Avond {s + 1}")
        for _ in range(3):
            ev = play(draw_next(ev), rng)
        files.append(tmp_path / f"e{s}.json")
        files[-1].write_text(to_json(ev), encoding="utf-8")
    out = tmp_path / "plots"
    code, text, err = club("season", *map(str, files), "--plots", str(out), "--to",
                           str(tmp_path / "season.xlsx"), "--lang", "nl")
    assert code == 0, err
    assert "Per partij" in text
    for name in ("penalty_per_game.png", "games_won.png", "spread.png"):
        image = Image.open(out / name)
        assert image.size == (800, 450)
        assert len(set(image.convert("RGB").tobytes()[::97])) > 5  # not a blank picture


@pytest.mark.parametrize(("doc", "reader"), [("club.md", "jokeren.club.clubfile"),
                                             ("score.md", "jokeren.score.scorefile")])
def test_the_documented_file_examples_are_read(doc: str, reader: str) -> None:
    import importlib
    import re

    text = (Path(__file__).parents[1] / "docs" / doc).read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.S)
    assert example is not None
    value = importlib.import_module(reader).from_obj(json.loads(example.group(1)))
    assert value.players[:2] in (("Ans", "Bert"), ("Ann", "Bob"))
