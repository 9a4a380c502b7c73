"""Club evenings (003): the draw by lot, the form's checks, standings, seasons, printables."""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.club.clubfile import from_obj, to_json
from jokeren.club.evening import (
    ClubError,
    Evening,
    Form,
    add_player,
    draw_next,
    enter_form,
    new_evening,
    player_games,
    redraw,
    season,
    standings,
)
from jokeren.club.seating import (
    Meetings,
    draw_evening,
    meeting_bound,
    most_after,
    spread_of,
    table_sizes,
    within_one,
)

NAMES = [f"P{i:02}" for i in range(60)]


def _partitions(players: list[int], sizes: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to seat ``players`` at tables of ``sizes`` (the first player's table first)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in _partitions(others, left):
                yield ((first, *mates), *tail)


@settings(max_examples=25, deadline=None)
# 10 players, 0 away in round 5, 4 and 8 in round 6: by turn, the six due a table of 3 in
# round 7 had all met often (a pair met 4 times where 2 is the bound)
@example(n=10, late=0, seed=108436, away=[set(), set(), set(), set(), {0}, {4, 8}, set()])
# 8 players, 0, 1 and 6 away in rounds 3-5: in round 5 the cost (a sum over the pairs)
# preferred one pair meeting 4 times to six meeting 3 times, and the looser draws, by the
# same cost, found the same tables; seating 2, 4 and 7 at the table of 3 keeps the bound + 1
@example(n=8, late=0, seed=6911, away=[set(), set(), {0}, {1}, {6}, set(), set()])
# 12 players and a latecomer: player 4, a little behind, was left at a table of 4 in
# rounds 6 and 7 (no one at a table of 3 a whole table ahead of him) and ended 1.57 behind
@example(n=12, late=1, seed=789783,
         away=[{11, 12}, set(), {3}, {4, 11, 13}, {6, 8, 10, 11}, set(), {2, 10, 12}])
@given(n=st.integers(7, 40), late=st.integers(0, 2), seed=st.integers(0, 10**6),
       away=st.lists(st.sets(st.integers(0, 41), max_size=4), min_size=7, max_size=7))
def test_every_draw_is_fair(n: int, late: int, seed: int, away: list[set[int]]) -> None:
    """Done-means of #41: for 7-40 players, with absences and latecomers, every round puts
    each present player at one table, tables of 3 and 4 only; the most one pair meets is
    within one of ``meeting_bound`` (the draw's docstring); players present at the same
    rounds sit at a table of 3 a number of times within one of each other's, and everyone
    within 1.5 of their share, over the evening (a round may send someone to a table of 3
    ahead of turn, when the evening still evens out)."""
    evening = new_evening(NAMES[:n], seed=seed)
    evening = replace(evening, draws=(), forms=())
    for r in range(7):
        if r in (2, 4) and late:  # latecomers from round 3 and 5
            evening = add_player(evening, NAMES[len(evening.players)])
            late -= 1
        players = len(evening.players)
        gone = {a for a in away[r] if a < players}
        if players - len(gone) < 7:
            gone = set()
        evening = draw_next(evening, gone)
        tables = evening.draws[-1]
        seated = sorted(p for table in tables for p in table)
        assert seated == sorted(set(range(players)) - gone)
        assert sorted(len(t) for t in tables) == sorted(table_sizes(players - len(gone)))
        spread = spread_of(players, evening.draws)
        bound = meeting_bound(players, evening.draws)
        if spread.most_met > bound + 1:  # only where no draw fair in tables of 3 could
            before = Meetings.of(players, evening.draws[:-1])
            assert len(seated) <= 12, (n, late, seed, away)
            assert not any(within_one(before, [p for t in ts if len(t) == 3 for p in t],
                                       [p for t in ts if len(t) == 4 for p in t])
                           and most_after(before, ts) <= bound + 1
                           for ts in _partitions(seated, table_sizes(len(seated)))), \
                (n, late, seed, away)
    m = Meetings.of(players, evening.draws)  # over the evening
    groups: dict[tuple[bool, ...], list[int]] = {}
    for p in range(players):
        here = tuple(any(p in t for t in tables) for tables in evening.draws)
        groups.setdefault(here, []).append(m.threes[p])
    even = 2 if n == 7 and len(evening.players) > 7 else 1  # the draw's docstring
    assert all(max(g) - min(g) <= even for g in groups.values()), (n, late, seed, away, groups)
    assert all(abs(m.behind(p)) < 1.5 for p in range(players)), (n, late, seed, away)


def test_a_round_is_drawn_again_for_who_is_present() -> None:
    ev = new_evening(NAMES[:13], seed=4)
    ev = draw_next(draw_next(ev))
    again = redraw(ev, 2, [5])
    assert len(again.draws) == 2 and again.draws[0] == ev.draws[0]
    assert 5 not in {p for t in again.draws[1] for p in t}
    assert len(again.draws[1]) == 3  # 12 present: three tables of 4
    assert redraw(ev, 1, [5, 6]).draws[0] != ev.draws[0] and len(redraw(ev, 1).draws) == 1
    entered = play(ev, random.Random(1))
    with pytest.raises(ClubError, match="a form of round 2 is entered"):
        redraw(entered, 1)
    assert len(redraw(entered, 3).draws) == 3  # the next round, as draw does
    with pytest.raises(ClubError, match="no round 5"):
        redraw(entered, 5)


def test_thirteen_players_share_the_tables_of_3_evenly() -> None:
    """The issue's case: 9 seats at tables of 3 a round; over 7 rounds 4 or 5 each."""
    for seed in range(5):
        m = Meetings.of(13, draw_evening(13, 7, seed=seed))
        assert sorted(set(m.threes)) == [4, 5]


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
    assert set(Meetings.of(10, rounds).threes) == {4, 5}  # 42 seats over 10 players


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
        (Form((tuple(5 for _ in range(size)), *good[1:])), "game 1 has no 0"),
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
    rows = season(evenings, minimum=1)
    assert {r.name for r in rows} == set(NAMES[:10])
    assert [r.per_game for r in rows] == sorted(r.per_game for r in rows)
    # by default a place needs half the evenings (2 of 3): P09 came once
    assert [r.name for r in season(evenings) if r.place is None] == ["P09"]
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
    assert code == 2 and "game 1 has no 0: exactly one player goes out (or give --stock-out 1" \
        in err and f.read_bytes() == before
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
    assert count == "2"  # 2 tables a round, 2 rounds, two forms to a page


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


def henk_evening(missed: str) -> Evening:
    """13 players; Henk (index 7) goes home after round 2, Hanneke comes in round 3."""
    names = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk", "Ineke", "Jan",
             "Kees", "Loes", "Mien"]
    ev = new_evening(names, seed=3, missed=missed)
    rng = random.Random(1)
    for r in range(7):
        if r == 2:
            ev = add_player(ev, "Hanneke")
        ev = play(draw_next(ev, [7] if r >= 2 else []), rng)
    return ev


@pytest.mark.parametrize("missed", ["average", "highest", "per-game"])
def test_a_missed_round_counts_as_the_club_chose(missed: str) -> None:
    """Independent sums: every player's table totals per round, a missed round filled in
    with the round's average (rounded half up) or highest; or points per game."""
    ev = henk_evening(missed)
    per_round: list[dict[str, int]] = []
    for tables, forms in zip(ev.draws, ev.forms, strict=True):
        row = {}
        for seats, form in zip(tables, forms, strict=True):
            assert form is not None
            for s, p in enumerate(seats):
                row[ev.players[p]] = sum(g[s] for g in form.games)
        per_round.append(row)
    rows = {r.name: r for r in standings(ev)}
    for name in ev.players:
        played = [row[name] for row in per_round if name in row]
        fills = [(sum(row.values()) * 2 + len(row)) // (2 * len(row)) if missed == "average"
                 else max(row.values()) for row in per_round if name not in row]
        expect = sum(played) + (sum(fills) if missed != "per-game" else 0)
        assert rows[name].points == expect
        assert rows[name].games == 4 * len(played)
        assert rows[name].missed == 7 - len(played)
    assert (rows["Henk"].games, rows["Henk"].missed) == (8, 5)
    assert (rows["Hanneke"].games, rows["Hanneke"].missed) == (20, 2)
    order = [r.name for r in standings(ev)]
    if missed == "per-game":  # Henk's 2 rounds of 7 are fewer than half: no place, last
        assert order[-1] == "Henk" and rows["Henk"].place is None
        order = order[:-1]
        key = [rows[n].points / rows[n].games for n in order]
    else:
        key = [rows[n].points for n in order]
    assert key == sorted(key)
    from jokeren.club.clubgrids import standings_grid

    notes = standings_grid(ev, "en").notes
    assert "Not everyone played every game: Hanneke 20, Henk 8 (of 28)." in notes


def test_an_absent_player_is_not_rewarded_by_default() -> None:
    """The issue's case: with the default, Henk's 8 games do not beat 28 games by being few;
    his missed rounds count as the rounds' averages."""
    ev = henk_evening("average")
    assert ev.missed == "average"
    henk = next(r for r in standings(ev) if r.name == "Henk")
    full = [r for r in standings(ev) if r.games == 28]
    assert henk.points > min(r.points for r in full)  # no longer 130 against 570
    assert henk.points >= 0.5 * max(r.points for r in full)


def test_the_club_commands_refuse_unknown_choices(tmp_path: Path) -> None:
    f = tmp_path / "e.json"
    seven = ["--players", "Ann,Bob,Cor,Dirk,Eva,Finn,Gijs", "--lang", "en"]
    for args, words in [
        (["--rules", "klaverjassen"], "there are no rules called 'klaverjassen'"),
        (["--missed", "never"], "--missed is average, highest or per-game, not 'never'"),
        (["--threes", "double"], "--threes is alike or scaled, not 'double'"),
        (["--date", "2026-13-01"], "write the date as YYYY-MM-DD"),
    ]:
        code, _, err = club("new", str(f), *seven, *args)
        assert code == 2 and words in err and not f.exists(), err
    # a Dutch secretary reads the choices as typed in Dutch (it listed the English words)
    for args, words in [(["--gemist", "nooit"], "--gemist is gemiddelde, hoogste of per-partij"),
                        (["--drietallen", "dubbel"], "--drietallen is gelijk of geschaald")]:
        code, _, err = club("new", str(f), *seven[:2], "--lang", "nl", *args)
        assert code == 2 and words in err and not f.exists(), err
    code, _, err = club("new", str(f), *seven, "--gemist", "highest", "--datum", "2026-12-02")
    assert code == 0, err
    obj = json.loads(f.read_text())
    assert (obj["missed"], obj["date"]) == ("highest", "2026-12-02")
    assert club("draw", str(f), "--afwezig", "Gijs")[0] == 0
    code, out, err = club("draw", str(f), "--ronde", "2", "--lang", "en")  # Gijs is back
    assert code == 0 and "Gijs" in out, err
    assert len(json.loads(f.read_text())["draw"]) == 2


def test_a_form_refuses_points_no_hand_can_hold() -> None:
    """003's rules: 13 cards and one drawn cost 300 at most (4 jokers of 50, ten of 10);
    in Amerikaans every card counts a multiple of 5."""
    ev = evening_of_7()
    size = len(ev.draws[0][0])
    good = [tuple(0 if s == g % size else 5 + s for s in range(size)) for g in range(4)]
    for points, words in [(999, "999 points cannot be: 14 cards cost 300 at most"),
                          (301, "14 cards cost 300 at most")]:
        bad = [tuple(points if s == 1 else v for s, v in enumerate(good[0])), *good[1:]]
        with pytest.raises(ClubError, match=words) as err:
            enter_form(ev, 1, 1, Form(tuple(bad)))
        assert err.value.text("nl").startswith("partij 1: ")
    top = [tuple(300 if s == 1 else v for s, v in enumerate(good[0])), *good[1:]]
    assert enter_form(ev, 1, 1, Form(tuple(top))).forms[0][0] is not None
    amerikaans = replace(ev, rules="amerikaans")
    odd = [tuple(37 if s == 1 else v for s, v in enumerate(good[0])), *good[1:]]
    with pytest.raises(ClubError, match="every card counts a multiple of 5"):
        enter_form(amerikaans, 1, 1, Form(tuple(odd)))


def test_the_xlsx_standings_recompute_in_libreoffice_to_the_standings(tmp_path: Path) -> None:
    """Done-means of #41: the secretary's xlsx standings (formulas reading the forms'
    sheets, missed rounds as the round's average) recompute in LibreOffice to the program's
    standings; and after a form's cell is changed, to the standings of the changed form."""
    import csv
    import shutil

    from openpyxl import load_workbook

    ev = henk_evening("average")
    f = tmp_path / "e.json"
    f.write_text(to_json(ev), encoding="utf-8")
    xlsx = tmp_path / "stand.xlsx"
    code, _, err = club("standings", str(f), str(xlsx), "--lang", "nl")
    assert code == 0, err
    book = load_workbook(xlsx)
    assert book.sheetnames[:3] == ["Stand", "Ronde 1 Tafel 1", "Ronde 1 Tafel 2"]
    assert all(len(name) <= 31 for name in book.sheetnames)
    # Change a form: the first player at round 1, table 1 gets 5 more in game 2.
    seats = ev.draws[0][0]
    form = ev.forms[0][0]
    assert form is not None
    book["Ronde 1 Tafel 1"]["C3"] = form.games[1][0] + 5
    changed = tmp_path / "changed.xlsx"
    book.save(changed)
    games = list(form.games)
    games[1] = (games[1][0] + 5, *games[1][1:])
    ev2 = enter_form(ev, 1, 1, Form(tuple(games)))
    for path, evening in ((xlsx, ev), (changed, ev2)):
        out = tmp_path / f"lo-{path.stem}"
        subprocess.run([shutil.which("soffice") or "soffice", "--headless",
                        f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to",
                        "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out),
                        str(path)], check=True, capture_output=True, timeout=180)
        rows = list(csv.reader((out / f"{path.stem}.csv").read_text(encoding="utf-8")
                               .splitlines()))
        assert rows[0][:3] == ["Plaats", "Speler", "R1"]
        points_col = rows[0].index("Strafpunten")
        theirs = {r[1]: int(r[points_col]) for r in rows[1:15]}
        ours = {s.name: s.points for s in standings(evening)}
        assert theirs == ours
        henk = next(r for r in rows[1:15] if r[1] == "Henk")  # gone home after round 2
        played = [int(r[4]) for r in rows[1:15] if r[1] != "Henk"]
        assert int(henk[4]) == (2 * sum(played) + len(played)) // (2 * len(played))
    assert ours[ev.players[seats[0]]] == {s.name: s.points for s in standings(ev)}[
        ev.players[seats[0]]] + 5


def test_a_season_by_its_rules_and_names_merged_on_purpose(tmp_path: Path) -> None:
    """#41: the same evening twice is refused; 'Corry' and 'Corrie' are said to look alike
    but stay two until renamed; --best and --minimum decide the season's winner."""
    rng = random.Random(7)
    files = []
    for s in range(3):
        names = ["Ans", "Bert", "Corrie" if s < 2 else "Corry", "Dirk", "Els", "Frans",
                 "Gerda", *(["Henk"] if s == 0 else [])]
        ev = new_evening(names, rounds=2, seed=s, date=f"2026-12-0{s + 1}")
        for _ in range(2):
            ev = play(draw_next(ev), rng)
        files.append(tmp_path / f"e{s}.json")
        files[-1].write_text(to_json(ev), encoding="utf-8")
    code, out, err = club("season", str(files[0]), str(files[1]), str(files[0]), "--lang", "en")
    assert code == 2 and f"{files[0]} and {files[0]} hold the same evening" in err
    code, out, err = club("season", *map(str, files), "--lang", "en")
    assert code == 0, err
    assert "Corrie and Corry look alike" in out and "| Corry " not in out
    rows = season([from_obj(json.loads(f.read_text())) for f in files])
    assert {"Corrie", "Corry"} <= {r.name for r in rows}
    code, out, err = club("rename", str(files[2]), "Corry", "Corrie", "--lang", "en")
    assert code == 0 and "Corry is now Corrie." in out, err
    evenings = [from_obj(json.loads(f.read_text())) for f in files]
    rows = season(evenings)
    corrie = next(r for r in rows if r.name == "Corrie")
    assert (corrie.evenings, corrie.games) == (3, 24)
    assert "Corry" not in {r.name for r in rows}
    # Henk came once: unranked with --minimum 2, listed last without a place.
    rows = season(evenings, best=2, minimum=2)
    assert rows[-1].name == "Henk" and rows[-1].place is None
    assert all(r.counted == 2 and r.place is not None for r in rows[:-1])
    for r in rows[:-1]:  # the best 2 of 3 evenings by points per game, independently
        own = []
        for ev in evenings:
            games = player_games(ev)[ev.players.index(r.name)]
            own.append((sum(p for _, p in games), len(games)))
        kept = sorted(own, key=lambda e: e[0] / e[1])[:2]
        assert r.points == sum(e[0] for e in kept) and r.games == sum(e[1] for e in kept)
    code, out, err = club("season", *map(str, files), "--best", "2", "--minimum", "2",
                          "--lang", "nl")
    assert code == 0 and f"Winnaar van het seizoen: {rows[0].name}" in out, err
    assert "Een plaats vanaf 2 avonden" in out
    with pytest.raises(ClubError, match="evenings 1 and 2 are the same evening"):
        season([evenings[0], evenings[0]])
    code, _, err = club("rename", str(files[2]), "Ans", "bert", "--lang", "en")
    assert code == 2 and "already a player" in err


def test_the_printables_a_club_uses(tmp_path: Path) -> None:
    """#41: forms named by round and table (sheet and page), with the date, the rules in
    words and a 'stok op' box, two to a portrait A4; the seating per round for the wall
    and per player."""
    from openpyxl import load_workbook

    f = tmp_path / "e.json"
    names = "Ans,Bert,Corrie,Dirk,Els,Frans,Gerda,Henk,Ineke,Jan,Kees,Loes,Mien"
    code, _, err = club("new", str(f), "--players", names, "--datum", "2026-12-02",
                        "--title", "Clubavond De Klaverheer", "--lang", "nl")
    assert code == 0, err
    assert club("draw", str(f), "--afwezig", "Mien")[0] == 0
    pdf = tmp_path / "forms.pdf"
    assert club("forms", str(f), str(pdf), "--round", "1", "--lang", "nl")[0] == 0
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    assert "Pages:           2" in info and "595.276 x 841.89" in info  # 4 tables, portrait A4
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    for words in ("Clubavond De Klaverheer · 2 december 2026 ·", "ronde 1 · tafel 4",
                  "Stok op", "☐", "Regels: Jokeren, clubregels.",
                  "Kolommen opgeteld en gecontroleerd"):
        assert words in text, words
    xlsx = tmp_path / "forms.xlsx"
    assert club("forms", str(f), str(xlsx), "--lang", "nl")[0] == 0
    book = load_workbook(xlsx)
    assert book.sheetnames == [f"Ronde {r} Tafel {k}" for r, k in
                               [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3)]]
    assert "ronde 2 · tafel 3" in book["Ronde 2 Tafel 3"].oddHeader.center.text
    seat = tmp_path / "seating.pdf"
    assert club("seating", str(f), str(seat), "--lang", "nl")[0] == 0
    text = subprocess.run(["pdftotext", "-layout", str(seat), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Ronde 1 · tafelindeling" in text and "Ronde 2 · tafelindeling" in text
    assert "Waar zit ik?" in " ".join(text.split())
    mien = next(line for line in text.splitlines() if line.strip().startswith("Mien"))
    assert "afwezig" in mien  # absent in round 2
    code, _, err = club("seating", str(f), str(seat), "--round", "3", "--lang", "en")
    assert code == 2 and "no round 3" in err


def test_a_secretary_may_write_the_options_in_dutch(tmp_path: Path) -> None:
    f = tmp_path / "e.json"
    code, out, err = club("new", str(f), "--spelers", "Ans,Bert,Corrie,Dirk,Els,Frans,Gerda",
                          "--rondes", "2", "--partijen", "2", "--gemist", "hoogste",
                          "--drietallen", "geschaald", "--titel", "Clubavond", "--lang", "nl")
    assert code == 0 and "Ronde 1 geloot:" in out, err
    obj = json.loads(f.read_text())
    assert (obj["missed"], obj["threes"], obj["games"], obj["title"]) == (
        "highest", "scaled", 2, "Clubavond")
    size = len(obj["draw"][0][0])
    game = "0" + " 5" * (size - 1)
    code, _, err = club("enter", str(f), "--ronde", "1", "--tafel", "1", "--partij", game,
                        "--partij", game, "--totalen", " ".join(["0"] + ["10"] * (size - 1)))
    assert code == 0, err
    code, out, _ = club("new", "--help", "--lang", "nl")
    assert "--spelers" in out and "--gemist" in out and "hoogste" in out


def test_an_evening_without_a_seed_is_a_new_lot_kept_in_its_file(tmp_path: Path) -> None:
    """Without --seed every evening was drawn with seed 0: the same members sat down alike
    every week. Now each evening draws a new lot (as the browser's does), and its file
    keeps the number, so that --seed with it draws the same tables again."""
    seven = ["--players", "Ann,Bob,Cor,Dirk,Eva,Finn,Gijs", "--rounds", "2"]
    seeds, draws = [], []
    for n in range(3):
        f = tmp_path / f"e{n}.json"
        assert club("new", str(f), *seven)[0] == 0
        obj = json.loads(f.read_text())
        seeds.append(obj["seed"])
        draws.append(obj["draw"])
    assert len(set(seeds)) == 3
    again = tmp_path / "again.json"
    assert club("new", str(again), *seven, "--seed", str(seeds[0]))[0] == 0
    assert json.loads(again.read_text())["draw"] == draws[0]


def test_a_bad_club_file_is_refused_in_dutch_with_its_key_named(tmp_path: Path) -> None:
    """#40: `games` in a club file that is not a list of whole numbers was refused with
    'games moeten lijsten met hele getallen zijn' (an English word read as a Dutch plural):
    the file's key is quoted as what it is, and the sentence says what it must be."""
    f = tmp_path / "e.json"
    made = club("new", str(f), "--players", "Ann,Bob,Cor,Dirk,Eva,Finn,Gijs", "--rounds", "2",
                "--seed", "9", "--lang", "nl")
    assert made[0] == 0, made
    obj = json.loads(f.read_text())
    obj["forms"] = [{"round": 1, "table": 1, "games": "veel"}]
    f.write_text(json.dumps(obj))
    before = f.read_bytes()
    code, _, err = club("standings", str(f), str(tmp_path / "stand.csv"), "--lang", "nl")
    assert code == 2 and "Traceback" not in err
    assert ('het formulier van ronde 1, tafel 1: de partijen ("games" in het bestand) moeten '
            "een lijst zijn, met per partij een lijst met hele getallen") in err, err
    assert "games moeten" not in err
    assert f.read_bytes() == before  # nothing the secretary made is lost
    assert not (tmp_path / "stand.csv").exists()


def _eighths_evening() -> Evening:
    """Six players, two rounds of 4 games: Ann's 265 points in 8 games are 33.125 a game."""
    ev = draw_next(new_evening(["Ann", "Bob", "Cor", "Dirk", "Eva", "Finn"], rounds=2,
                               games=4, seed=3))
    for r, own in ((1, (20, 25, 10, 10)), (2, (50, 50, 50, 50))):
        if r == 2:
            ev = draw_next(ev)
        for k, seats in enumerate(ev.draws[r - 1], 1):
            games = []
            for g in range(4):
                points = [5 + s for s in range(len(seats))]
                if 0 in seats:
                    points[seats.index(0)] = own[g]
                    points[(seats.index(0) + 1 + g % 2) % len(seats)] = 0
                else:
                    points[g % len(seats)] = 0
                games.append(tuple(points))
            ev = enter_form(ev, r, k, Form(tuple(games)))
    return ev


def test_points_per_game_round_half_up_and_are_written_as_the_language_writes(
        tmp_path: Path) -> None:
    """Ann's 265 / 8 = 33.125 a game: the xlsx's ROUND(..., 2) says 33.13, so the standings
    do too (round() said 33.12); a Dutch reader reads 33,13 (the glossary: a decimal
    comma), on the terminal, in the pdf and in a season."""
    from jokeren.club.clubgrids import season_grid, standings_grid

    ev = _eighths_evening()
    ann = next(r for r in standings(ev) if r.name == "Ann")
    assert (ann.points, ann.games) == (265, 8)
    grid = standings_grid(ev, "nl")
    row = next(row for row in grid.rows if row[1].value == "Ann")
    assert row[-1].value == 33.13 and row[-1].formula is not None
    f = tmp_path / "avond.json"
    f.write_text(to_json(ev), encoding="utf-8")
    code, out, err = club("show", str(f), "--lang", "nl")
    assert code == 0, err
    assert "33,13" in out and "33.1" not in out
    code, out, err = club("show", str(f), "--lang", "en")
    assert "33.13" in out
    code, _, err = club("standings", str(f), str(tmp_path / "stand.pdf"), "--lang", "nl")
    assert code == 0, err
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "stand.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "33,13" in text and "33.1" not in text
    rows = season([ev])
    season_row = next(r for r in season_grid(rows, "nl").rows if r[1].value == "Ann")
    assert season_row[-1].value == 33.13


def test_a_guest_of_one_round_does_not_win_the_season(tmp_path: Path) -> None:
    """Ranked by points per game, Jan, who came for the last round of one evening and went
    out in its 4 games, headed three evenings of regulars (7.5 a game against 27 or more)
    and was said the season's winner. By default a place needs half the evenings: Jan is
    listed without one; ``--minimum 1`` is the club's own choice to rank him."""
    rng = random.Random(11)
    regulars = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk"]
    files = []
    for s in range(3):
        ev = new_evening(regulars, rounds=3, seed=s, date=f"2026-12-0{s + 1}")
        for r in range(3):
            if s == 1 and r == 2:
                ev = add_player(ev, "Jan")
            ev = play(draw_next(ev), rng)
            if s == 1 and r == 2:  # Jan goes out in every game of his round
                k = next(k for k, seats in enumerate(ev.draws[2], 1) if 8 in seats)
                seats = ev.draws[2][k - 1]
                games = tuple(tuple(0 if p == 8 else 10 + i for i, p in enumerate(seats))
                              for _ in range(4))
                ev = enter_form(ev, 3, k, Form(games))
        files.append(tmp_path / f"avond{s}.json")
        files[-1].write_text(to_json(ev), encoding="utf-8")
    evenings = [from_obj(json.loads(f.read_text())) for f in files]
    jan = next(r for r in season(evenings, minimum=1) if r.name == "Jan")
    assert (jan.place, jan.games, jan.points) == (1, 4, 0)  # the club may still choose it
    rows = season(evenings)
    jan = next(r for r in rows if r.name == "Jan")
    assert jan.place is None and rows[-1] is jan
    assert rows[0].name in regulars and rows[0].place == 1
    code, out, err = club("season", *map(str, files), "--lang", "nl")
    assert code == 0, err
    assert f"Winnaar van het seizoen: {rows[0].name}" in out
    assert "Een plaats vanaf 2 avonden" in out
    code, out, err = club("season", *map(str, files), "--minimum", "1", "--lang", "en")
    assert code == 0 and "Season winner: Jan" in out, err


def test_a_member_who_never_came_is_not_ranked_among_those_who_played() -> None:
    """The browser keeps the members' list for the next evening and the secretary unticks
    who did not come: such a member, filled in with each round's average, ranked 4th of 8
    above four players who played all 12 games. Now a player with no game has no place
    and is listed last (a latecomer too, until the first form of theirs is in)."""
    from jokeren.club.clubgrids import standings_grid
    from jokeren.server.club_api import shown

    ev = new_evening(["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk"],
                     rounds=3, seed=2)
    rng = random.Random(2)
    for _ in range(3):
        ev = play(draw_next(ev, [7]), rng)
    rows = standings(ev)
    assert [r.name for r in rows][-1] == "Henk"
    henk = rows[-1]
    assert (henk.games, henk.missed, henk.place) == (0, 3, None)
    assert henk.points > 0  # still filled in, for whoever wants to see it
    assert sorted(r.place for r in rows[:-1] if r.place is not None) == [
        r.place for r in rows[:-1]]
    assert [r.place for r in rows[:-1]] == list(range(1, 8))
    grid = standings_grid(ev, "nl")
    assert [c.value for c in grid.rows[-1][:2]] == ["-", "Henk"]
    page = shown("x", ev, ["Henk"], False)
    assert (page.standings[-1].name, page.standings[-1].place) == ("Henk", None)
    late = add_player(ev, "Jan")
    assert next(r for r in standings(late) if r.name == "Jan").place is None
    # the page says so under its standings, as the printed standings do
    assert "Niet iedereen speelde alle partijen: Henk 0 (van 12)." in [n.nl for n in page.notes]


def test_an_evening_over_says_its_winner() -> None:
    """Once every round is drawn and every form is in, the standings (printed, on the
    terminal, on the page) say who won the evening; before, they do not."""
    from jokeren.club.clubgrids import standings_grid
    from jokeren.server.club_api import shown

    ev = new_evening(["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda"], rounds=2,
                     seed=5)
    rng = random.Random(5)
    ev = play(draw_next(ev), rng)
    ev = draw_next(ev)
    assert not any("Winnaar" in n for n in standings_grid(ev, "nl").notes)
    ev = play(ev, rng)
    first = [r.name for r in standings(ev) if r.place == 1]
    assert f"Winnaar van de avond: {' / '.join(first)}" in standings_grid(ev, "nl").notes
    assert shown("x", ev, [], False).notes[0].en == f"Winner of the evening: {' / '.join(first)}"


def test_the_plots_name_an_evening_by_its_title_else_its_date() -> None:
    """A dated evening without a title was 'Avond 2' under the plots; now its date in words."""
    from jokeren.club.stats import evening_label

    ev = new_evening(NAMES[:6], date="2026-12-09")
    assert evening_label(ev, 2, "nl") == "9 december 2026"
    assert evening_label(replace(ev, title="Kerstavond"), 2, "nl") == "Kerstavond"
    assert evening_label(replace(ev, date=""), 2, "nl") == "Avond 2"
    assert evening_label(replace(ev, date=""), 2, "en") == "Evening 2"


def test_a_latecomer_with_a_players_name_is_told_so(tmp_path: Path) -> None:
    """'club add avond.json ans' with Ans playing said 'players need different, non-empty
    names'; now who has the name and what to do, and an empty name its own sentence."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", "Ans,Bert,Corrie,Dirk,Els,Frans")[0] == 0
    code, _, err = club("add", str(f), "ans", "--lang", "nl")
    assert code == 2 and err.startswith("jokeren: Ans speelt deze avond al mee: geef de "
                                        "laatkomer een andere naam"), err
    code, _, err = club("add", str(f), " ", "--lang", "en")
    assert code == 2 and "give the latecomer's name" in err, err
    assert len(json.loads(f.read_text())["players"]) == 6



def test_a_latecomer_of_one_round_does_not_win_an_evening_ranked_per_game() -> None:
    """With --missed per-game, Jan came for the last of 4 rounds and went out in its 4
    games: 0 a game, 1st above everyone who played 16 games. Now a place needs half the
    rounds played (2 of 4); Jan is listed last without one and the note says so."""
    from jokeren.club.clubgrids import standings_grid

    ev = new_evening(["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk"],
                     rounds=4, seed=4, missed="per-game")
    rng = random.Random(4)
    for r in range(4):
        if r == 3:
            ev = add_player(ev, "Jan")
        ev = play(draw_next(ev), rng)
    k = next(k for k, seats in enumerate(ev.draws[3], 1) if 8 in seats)
    seats = ev.draws[3][k - 1]
    ev = enter_form(ev, 4, k, Form(tuple(tuple(0 if p == 8 else 10 + i
                                                for i, p in enumerate(seats))
                                          for _ in range(4))))
    rows = standings(ev)
    assert (rows[-1].name, rows[-1].place, rows[-1].per_game) == ("Jan", None, 0.0)
    assert [r.place for r in rows[:-1]] == sorted(r.place or 0 for r in rows[:-1])
    assert rows[0].place == 1 and rows[0].name != "Jan"
    assert "Een plaats vanaf 2 gespeelde rondes; de anderen staan er zonder plaats." in \
        standings_grid(ev, "nl").notes


def test_the_dutch_help_gives_the_dutch_defaults_and_one_game_is_singular(
        tmp_path: Path) -> None:
    """h1 D17, D18: "[standaard: average]" beside the Dutch choices; "het formulier heeft 1
    partijen"."""
    out = runner.invoke(app, ["--lang", "nl", "club", "new", "--help"]).stdout
    assert "standaard: gemiddelde" in out and "standaard: gelijk" in out
    assert "average" not in out and "alike" not in out
    file = tmp_path / "e.json"
    assert runner.invoke(app, ["club", "new", str(file), "--players", "A1,A2,A3,A4,A5,A6",
                               "--seed", "1"]).exit_code == 0
    for lang, said in (("en", "the form has 1 game, the evening plays 4 a table"),
                       ("nl", "het formulier heeft 1 partij, de avond speelt er 4 per tafel")):
        result = runner.invoke(app, ["club", "enter", str(file), "--round", "1", "--table",
                                     "1", "--game", "0 1 2", "--lang", lang])
        assert result.exit_code == 2 and result.stderr.strip() == f"jokeren: {said}"


def _small_evening(tmp_path: Path, games: str = "1") -> Path:
    file = tmp_path / "e.json"
    made = runner.invoke(app, ["club", "new", str(file), "--players", "A1,A2,A3,A4,A5,A6",
                               "--seed", "1", "--games", games])
    assert made.exit_code == 0, made.stderr
    return file


@pytest.mark.parametrize("game", ["5", "0", "-1", str(10**21)])
def test_a_stock_out_game_that_is_not_played_is_named(tmp_path: Path, game: str) -> None:
    """h1 C8: `--stock-out 5` at an evening of 1 game a table said "the form has 5 games",
    blaming the form's length (1 game) for the --stock-out number."""
    file = _small_evening(tmp_path)
    before = file.read_bytes()
    for lang, said in (
            ("en", f"there is no game {game} in which the stock ran out: the evening plays "
                   "1 game a table"),
            ("nl", f"er is geen partij {game} waarin de stok op was: de avond speelt 1 partij "
                   "per tafel")):
        result = runner.invoke(app, ["club", "enter", str(file), "--round", "1", "--table", "1",
                                     "--game", "0 1 2", "--stock-out", game, "--lang", lang])
        assert result.exit_code == 2 and result.stderr.strip() == f"jokeren: {said}"
    assert file.read_bytes() == before


def test_totals_of_the_wrong_length_say_numbers_for_players(tmp_path: Path) -> None:
    """h1 C10: `--totals "20 33"` at a table of 3 said "game Σ gives 2 scores for a table
    of 3"."""
    file = _small_evening(tmp_path)
    for totals, lang, said in (("20 33", "en", "the totals give 2 numbers for 3 players"),
                               ("20", "en", "the totals give 1 number for 3 players"),
                               ("20 33", "nl", "de totalen geven 2 getallen voor 3 spelers"),
                               ("3", "nl", "de totalen geven 1 getal voor 3 spelers")):
        result = runner.invoke(app, ["club", "enter", str(file), "--round", "1", "--table", "1",
                                     "--game", "0 1 2", "--totals", totals, "--lang", lang])
        assert result.exit_code == 2 and result.stderr.strip() == f"jokeren: {said}"


def _file_with(**changes: object) -> dict[str, object]:
    obj: dict[str, object] = json.loads(to_json(draw_next(new_evening(
        ["A1", "A2", "A3", "A4", "A5", "A6"], games=1, seed=1))))
    obj.update(changes)
    return obj


ONE_FORM = {"round": 1, "table": 1, "games": [[0, 1, 2]]}


@pytest.mark.parametrize(("changes", "en", "nl"), [
    ({"format": "jokeren-score/1"},
     "this is a score card (format jokeren-score/1), not a club evening (jokeren-club/1)",
     "dit is een scorekaart (formaat jokeren-score/1), geen clubavond (jokeren-club/1)"),
    ({"format": "jokeren-record/1"}, "not a club evening (format jokeren-club/1)",
     "geen clubavond (formaat jokeren-club/1)"),
    ({"foo": 1}, "unknown key 'foo' in the club file",
     "onbekend onderdeel 'foo' in het clubbestand"),
    ({"seed": "x"}, 'the number of the draw by lot ("seed" in the file) must be a whole number',
     'het nummer van de loting ("seed" in het bestand) moet een heel getal zijn'),
    ({"seed": 1.5}, 'the number of the draw by lot ("seed" in the file) must be a whole number',
     'het nummer van de loting ("seed" in het bestand) moet een heel getal zijn'),
    ({"seed": None}, 'the number of the draw by lot ("seed" in the file) must be a whole number',
     'het nummer van de loting ("seed" in het bestand) moet een heel getal zijn'),
    ({"rounds": 1, "draw": [[["A1", "A2", "A3"], ["A4", "A5", "A6"]]] * 2},
     'the draw ("draw" in the file) has 2 rounds, but the evening plays 1',
     'de loting ("draw" in het bestand) heeft 2 rondes, maar de avond speelt er 1'),
    ({"draw": "x"},
     'the draw ("draw" in the file) must be a list of rounds, each a list of tables of names',
     'de loting ("draw" in het bestand) moet een lijst met rondes zijn, elk een lijst met '
     "tafels met namen"),
    ({"forms": {}}, 'the forms ("forms" in the file) must be a list',
     'de formulieren ("forms" in het bestand) moeten een lijst zijn'),
    ({"forms": ["x"]},
     'form 1 in the file (under "forms") is not a form with its round, table and games '
     '("round", "table" and "games")',
     'formulier 1 in het bestand (bij "forms") is geen formulier met ronde, tafel en partijen '
     '("round", "table" en "games")'),
    ({"forms": [{"round": 1, "games": [[0, 1, 2]]}]},
     'form 1 in the file (under "forms") needs its round and table ("round" and "table") as '
     "whole numbers",
     'formulier 1 in het bestand (bij "forms") heeft de ronde en de tafel ("round" en "table") '
     "nodig als hele getallen"),
    ({"forms": [dict(ONE_FORM, foo=1)]},
     "the form of round 1, table 1: unknown key 'foo' in the file (a form has \"round\", "
     '"table", "games", "stock_out" and "totals")',
     "het formulier van ronde 1, tafel 1: onbekend onderdeel 'foo' in het bestand (een "
     'formulier heeft "round", "table", "games", "stock_out" en "totals")'),
    ({"forms": [dict(ONE_FORM, games=[[0, "1", 2]])]},
     'the form of round 1, table 1: the games ("games" in the file) must be a list of games, '
     "each a list of whole numbers",
     'het formulier van ronde 1, tafel 1: de partijen ("games" in het bestand) moeten een '
     "lijst zijn, met per partij een lijst met hele getallen"),
    ({"forms": [dict(ONE_FORM, totals="3")]},
     'the form of round 1, table 1: the column totals ("totals" in the file) must be a list '
     "of whole numbers",
     'het formulier van ronde 1, tafel 1: de totalen ("totals" in het bestand) moeten een '
     "lijst met hele getallen zijn"),
    ({"forms": [dict(ONE_FORM, stock_out=1)]},
     'the form of round 1, table 1: the games in which the stock ran out ("stock_out" in the '
     "file) must be a list of whole numbers",
     'het formulier van ronde 1, tafel 1: de partijen waarin de stok op was ("stock_out" in '
     "het bestand) moeten een lijst met hele getallen zijn"),
    # a bad value in the file is the file's, not the command line's --missed (--gemist)
    ({"missed": "nooit"},
     'how a missed round counts ("missed" in the file) is "average", "highest" or '
     "\"per-game\", not 'nooit'",
     'hoe een gemiste ronde telt ("missed" in het bestand) is "average" (het gemiddelde), '
     "\"highest\" (het hoogste totaal) of \"per-game\" (per partij), niet 'nooit'"),
    ({"threes": "dubbel"},
     "how a table of 3 counts (\"threes\" in the file) is \"alike\" or \"scaled\", not 'dubbel'",
     'hoe een tafel van 3 telt ("threes" in het bestand) is "alike" (gelijk) of "scaled" '
     "(geschaald), niet 'dubbel'"),
    ({"title": 5},
     'the rules, title, date and how missed rounds and tables of 3 count ("rules", "title", '
     '"date", "missed" and "threes" in the file) must be text',
     "de spelregels, de titel, de datum en hoe gemiste rondes en tafels van 3 tellen "
     '("rules", "title", "date", "missed" en "threes" in het bestand) moeten tekst zijn'),
    ({"forms": [dict(ONE_FORM, games=[[0, 1000, 2]])]},
     "the form of round 1, table 1: game 1: A3's 1000 points cannot be: 14 cards cost 300 "
     "at most",
     "het formulier van ronde 1, tafel 1: partij 1: A3 kan geen 1000 punten hebben: 14 "
     "kaarten kosten hoogstens 300"),
    ({"forms": [dict(ONE_FORM, stock_out=[5])]},
     "the form of round 1, table 1: there is no game 5 in which the stock ran out: the "
     "evening plays 1 game a table",
     "het formulier van ronde 1, tafel 1: er is geen partij 5 waarin de stok op was: de "
     "avond speelt 1 partij per tafel"),
    ({"forms": [ONE_FORM, dict(ONE_FORM, games=[[0, 2, 2]])]},
     "the file has two forms of round 1, table 1",
     "het bestand heeft twee formulieren van ronde 1, tafel 1"),
])
def test_a_club_file_is_refused_in_the_club_files_words(changes: dict[str, object], en: str,
                                                        nl: str) -> None:
    """h1 C9: a score card given to a club command said "not a score card (format
    jokeren-club/1)", an unknown key "in the score card", a bad seed "rounds are 1 to 20
    and games per table 1 to 12", a draw of too many rounds "the draw of round 0", a key
    unknown in a form "forms must be lists of whole numbers"; a bad form did not say which
    round and table it is."""
    with pytest.raises(ClubError) as refused:
        from_obj(_file_with(**changes))
    assert (refused.value.text("en"), refused.value.text("nl")) == (en, nl)


def test_a_score_card_given_to_a_club_command_is_said_to_be_one(tmp_path: Path) -> None:
    card = tmp_path / "c.json"
    assert runner.invoke(app, ["score", "new", str(card), "--players", "a,b"]).exit_code == 0
    result = runner.invoke(app, ["club", "show", str(card), "--lang", "en"])
    assert result.exit_code == 2 and result.stderr.strip() == (
        f"jokeren: {card}: this is a score card (format jokeren-score/1), not a club evening "
        "(jokeren-club/1)")
    evening = _small_evening(tmp_path)
    result = runner.invoke(app, ["score", "show", str(evening), "--lang", "nl"])
    assert result.exit_code == 2 and result.stderr.strip() == (
        f"jokeren: {evening}: dit is een clubavond (formaat jokeren-club/1), geen scorekaart "
        "(jokeren-score/1)")


def test_club_show_speaks_of_no_sheets_the_spreadsheet_does(tmp_path: Path) -> None:
    """h1 C15: `club show` said "R1, R2, ...: the points of each round, read from the
    forms' sheets" in the terminal, where there are no sheets; the xlsx has them."""
    from jokeren.club.clubgrids import standings_book, standings_grid

    file = _small_evening(tmp_path)
    for lang, sheets in (("en", "sheets"), ("nl", "gelezen van de formulieren")):
        out = runner.invoke(app, ["club", "show", str(file), "--lang", lang]).stdout
        assert "R1, R2, ...:" in out and sheets not in out
    ev = draw_next(new_evening(["A1", "A2", "A3", "A4", "A5", "A6"], seed=1))
    assert not any("sheets" in note for note in standings_grid(ev, "en").notes)
    assert any("read from the forms' sheets" in note
               for note in standings_book(ev, "en")[0].notes)


def test_season_plots_of_evenings_without_a_game_are_one_sentence(tmp_path: Path) -> None:
    """`club season --plots` of an evening with no form entered ended in matplotlib's
    traceback (a box plot of no players)."""
    file = _small_evening(tmp_path)
    for lang, said in (("en", "no form is entered yet, so there is nothing to plot"),
                       ("nl", "er is nog geen formulier ingevoerd, dus er is niets om een "
                              "grafiek van te maken")):
        result = runner.invoke(app, ["club", "season", str(file), "--plots",
                                     str(tmp_path / "p"), "--lang", lang])
        assert result.exit_code == 2 and result.stderr.strip() == f"jokeren: {said}"
        assert result.stdout == "" and not (tmp_path / "p").exists()
