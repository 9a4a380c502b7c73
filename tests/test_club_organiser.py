"""A club evening run as an organiser runs it: the standings while a round's forms
come in, a form entered at the wrong table, the table numbers drawn by lot, a player who
went home drawn again, a season of two evenings with one player written two ways and one
who left after two rounds."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.club.clubfile import from_obj, to_json
from jokeren.club.clubgrids import season_grid, standings_grid
from jokeren.club.evening import (
    Evening,
    Form,
    add_player,
    draw_next,
    enter_form,
    look_alike,
    new_evening,
    round_points,
    season,
    standings,
)
from jokeren.club.stats import per_player

runner = CliRunner()
MEMBERS = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk", "Ineke", "Jan",
           "Karin", "Lies"]


def club(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["club", *args])
    return result.exit_code, result.stdout, result.stderr


def _form(seats: int, rng: random.Random, games: int = 4) -> Form:
    rows = []
    for _ in range(games):
        points = [rng.randint(5, 60) for _ in range(seats)]
        points[rng.randrange(seats)] = 0
        rows.append(tuple(points))
    return Form(tuple(rows))


def _play_round(ev: Evening, rng: random.Random, tables: list[int] | None = None) -> Evening:
    r = len(ev.draws)
    for k, seats in enumerate(ev.draws[-1], 1):
        if tables is None or k in tables:
            ev = enter_form(ev, r, k, _form(len(seats), rng))
    return ev


def _evening(rounds: int = 3, seed: int = 5, players: list[str] | None = None) -> Evening:
    rng = random.Random(seed)
    ev = new_evening(players or MEMBERS, rounds=rounds, seed=seed, date="2026-12-02")
    for _ in range(rounds):
        ev = _play_round(draw_next(ev), rng)
    return ev


def test_a_round_counts_in_the_standings_once_all_its_forms_are_in() -> None:
    """With round 3's first form entered, the players of the tables still to enter had 0
    for round 3 and led the standings (and the projector), and "not everyone played every
    game" named them: they had played, their form was not in yet."""
    rng = random.Random(1)
    ev = new_evening(MEMBERS, rounds=3, seed=2)
    for _ in range(2):
        ev = _play_round(draw_next(ev), rng)
    after_two = standings(ev)
    ev = _play_round(draw_next(ev), rng, tables=[1])
    assert [(s.name, s.points, s.games) for s in standings(ev)] == \
        [(s.name, s.points, s.games) for s in after_two]
    assert all(row[p] is None for row in round_points(ev)[2:] for p in row)
    notes = standings_grid(ev, "nl").notes
    assert "Ronde 3 telt mee zodra alle formulieren binnen zijn (nog in te voeren: tafels 2 "\
        "en 3)." in notes
    assert not any("Niet iedereen" in n for n in notes)
    assert "Round 3 counts once all its forms are in (still to enter: tables 2 and 3)." in \
        standings_grid(ev, "en").notes
    ev = _play_round(ev, rng, tables=[2, 3])
    assert all(s.games == 12 for s in standings(ev))
    assert not any("Ronde 3 telt" in n for n in standings_grid(ev, "nl").notes)


def test_a_form_entered_at_a_table_entered_before_is_refused_without_correct(
        tmp_path: Path) -> None:
    """Entering table 2's paper as table 1 silently replaced table 1's form: lost. It is
    refused (the file unchanged), saying what is there; --correct (--verbeter) replaces
    it, and the same form again is no change."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", ",".join(MEMBERS), "--seed", "3")[0] == 0
    size = len(json.loads(f.read_text())["draw"][0][0])
    first = ["0" + " 10" * (size - 1)] * 4
    other = ["0" + " 20" * (size - 1)] * 4
    games = [w for g in first for w in ("--game", g)]
    assert club("enter", str(f), "--round", "1", "--table", "1", *games)[0] == 0
    kept = f.read_bytes()
    assert club("enter", str(f), "--round", "1", "--table", "1", *games)[0] == 0  # again
    assert f.read_bytes() == kept
    again = [w for g in other for w in ("--game", g)]
    code, _, err = club("enter", str(f), "--ronde", "1", "--tafel", "1", *again,
                        "--lang", "nl")
    seats = json.loads(f.read_text())["draw"][0][0]
    was = ", ".join(f"{name} {0 if s == 0 else 40}" for s, name in enumerate(seats))
    assert code == 2 and err.strip() == (
        f"jokeren: het formulier van ronde 1, tafel 1 is al ingevoerd (totalen {was}): klopt "
        "de tafel? Om het te vervangen: geef --verbeter")
    assert f.read_bytes() == kept
    code, _, err = club("enter", str(f), "--round", "1", "--table", "1", *again,
                        "--verbeter")
    assert code == 0, err
    assert json.loads(f.read_text())["forms"][0]["games"][0][1] == 20


def test_the_table_numbers_are_drawn_by_lot_too() -> None:
    """The draw listed its tables by their first player: the first member registered sat
    at table 1 in every round of every evening."""
    at_one = 0
    for seed in range(6):
        ev = new_evening([*MEMBERS, "Mien"], rounds=7, seed=seed)
        for _ in range(7):
            ev = draw_next(ev)
        at_one += sum(1 for tables in ev.draws if 0 in tables[0])
    assert at_one < 6 * 7 * 2 / 3  # 42 before; by lot about a third (4 tables, one of 4)


def test_a_draw_is_shown_only_once_it_is_kept(tmp_path: Path) -> None:
    """`club new` into a folder that does not exist printed round 1's tables, then said it
    could not write the file: tables announced that no file held."""
    code, out, err = club("new", str(tmp_path / "nergens" / "avond.json"), "--players",
                          ",".join(MEMBERS), "--lang", "nl")
    assert code == 2 and "Ronde 1 geloot" not in out and "de map bestaat niet" in err


def test_a_trailing_comma_and_a_capital_in_the_rules_are_no_mistakes(tmp_path: Path) -> None:
    f = tmp_path / "avond.json"
    code, _, err = club("new", str(f), "--spelers", "Ans,Bert,Corrie,Dirk,Els,Frans,",
                          "--regels", "Jokeren", "--lang", "nl")
    assert code == 0, err
    obj = json.loads(f.read_text())
    assert obj["players"] == ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans"]
    assert obj["rules"] == "jokeren"


def test_a_player_gone_home_and_drawn_again_is_said(tmp_path: Path) -> None:
    """--absent counts for one draw: Henk, gone home after round 2 and named absent at
    round 3's draw, was drawn again at round 4 without a word. The draw says so, with how
    to draw the round again; a latecomer's first round is not said."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", ",".join(MEMBERS[:8]), "--seed", "4")[0] == 0
    assert club("add", str(f), "Hanneke")[0] == 0
    code, out, _ = club("draw", str(f), "--lang", "nl")
    assert code == 0 and "niet gespeeld" not in out
    assert club("draw", str(f), "--afwezig", "Henk")[0] == 0
    code, out, _ = club("draw", str(f), "--lang", "nl")
    assert code == 0 and ("Ronde 3 niet gespeeld, nu weer meegeloot: Henk (naar huis? "
                          "Loot ronde 4 opnieuw met --ronde 4 --afwezig NAAM)") in out
    code, out, _ = club("draw", str(f), "--round", "4", "--absent", "Henk", "--lang", "en")
    assert code == 0 and "drawn again now" not in out


def test_a_season_takes_a_name_written_in_two_capitals_as_one_player() -> None:
    """"hanneke" one evening and "Hanneke" the next were two players of the season, each
    with half her games (as everywhere else in the program a name is found whatever its
    capitals); and "look alike" asked to merge them by hand."""
    one = _evening(players=[*MEMBERS[:11], "hanneke"], seed=1)
    two = replace_date(_evening(players=[*MEMBERS[:10], "Hanneke"], seed=2), "2026-12-09")
    rows = season([one, two])
    names = [r.name for r in rows]
    assert "hanneke" not in names and names.count("Hanneke") == 1
    hanneke = next(r for r in rows if r.name == "Hanneke")
    assert (hanneke.evenings, hanneke.games) == (2, 24)
    assert look_alike(["hanneke", "Hanneke", "Corrie", "Corry"]) == [("Corrie", "Corry")]
    assert "Hanneke" in per_player([one, two]) and "hanneke" not in per_player([one, two])
    assert all(len(evs) == 2 for evs in per_player([one, two]).values())


def replace_date(ev: Evening, date: str) -> Evening:
    return from_obj({**json.loads(to_json(ev)), "date": date})


def test_a_season_of_two_does_not_rank_a_player_of_two_rounds_among_the_regulars(
        tmp_path: Path) -> None:
    """By default a season ranked players with half its evenings: of two evenings, one.
    Henk, who went home after 2 rounds of 7 (8 games), ranked among the regulars' 56 by
    points per game, and a guest of one round who went out in its 4 games won the season.
    A place also needs half the season's rounds played (an evening ranked per game asks
    half its rounds), said under the table; the club's own --minimum still decides."""
    rng = random.Random(8)
    evenings = []
    for night in range(2):
        members = MEMBERS if night == 0 else [m for m in MEMBERS if m != "Henk"]
        ev = new_evening(members, rounds=7, seed=night, date=f"2026-12-0{night + 2}")
        for r in range(7):
            if night == 1 and r == 6:
                ev = add_player(ev, "Gast")
            away = [ev.players.index("Henk")] if night == 0 and r >= 2 else []
            ev = _play_round(draw_next(ev, away), rng)
            if night == 1 and r == 6:  # the guest goes out in every game of his round
                guest = ev.players.index("Gast")
                k = next(k for k, seats in enumerate(ev.draws[6], 1) if guest in seats)
                seats = ev.draws[6][k - 1]
                ev = enter_form(ev, 7, k, Form(tuple(
                    tuple(0 if p == guest else 10 + i for i, p in enumerate(seats))
                    for _ in range(4))))
        evenings.append(ev)
    rows = season(evenings)
    by = {r.name: r for r in rows}
    assert by["Henk"].place is None and by["Henk"].games == 8
    assert by["Gast"].place is None and rows[0].name in MEMBERS
    assert all(by[n].place is not None for n in MEMBERS if n != "Henk")
    assert season(evenings, minimum=1)[0].name == "Gast"  # the club's own choice
    assert "Een plaats vanaf 7 gespeelde rondes, de helft van het seizoen; de anderen staan "\
        "er zonder plaats." in season_grid(rows, "nl", None, 1, 7).notes
    files = []
    for k, ev in enumerate(evenings):
        files.append(tmp_path / f"avond{k}.json")
        files[-1].write_text(to_json(ev), encoding="utf-8")
    code, out, err = club("season", *map(str, files), "--lang", "nl")
    assert code == 0, err
    assert f"Winnaar van het seizoen: {rows[0].name}" in out
    assert "Een plaats vanaf 7 gespeelde rondes" in out
    code, out, err = club("season", *map(str, files), "--minimum", "1", "--lang", "en")
    assert code == 0 and "Season winner: Gast" in out and "rounds played" not in out


def test_the_season_words_say_the_dutch_option_and_one_evening() -> None:
    code, _, err = club("season", "x.json", "--beste", "0", "--lang", "nl")
    assert code == 2 and err.strip() == "jokeren: --beste en --minimum zijn 1 of meer"
    one = _evening(seed=1)
    rows = season([one])
    assert "De beste 1 avond van elke speler telt (laagste punten per partij)." in \
        season_grid(rows, "nl", 1).notes


def test_the_best_round_is_counted_as_its_column_shows_it() -> None:
    """With tables of 3 scaled (times 9/8), "Best round" (the second tie-break) was the raw
    total: 69 beside a round column of 78, and a round at a table of 3 won ties by an
    eighth it does not count for."""
    rng = random.Random(31)
    ev = new_evening(MEMBERS[:11], rounds=3, seed=11, threes="scaled")
    for _ in range(3):
        ev = _play_round(draw_next(ev), rng)
    counted = round_points(ev)
    index = {name: i for i, name in enumerate(ev.players)}
    scaled_best = 0
    for row in standings(ev):
        p = index[row.name]
        assert row.best_round == min(counted[r][p] for r in range(3)), row
        at_three = [r for r, tables in enumerate(ev.draws) for t in tables
                    if p in t and len(t) == 3]
        scaled_best += any(counted[r][p] == row.best_round for r in at_three)
    assert scaled_best  # some player's best round was at a table of 3: the case in point


def test_a_latecomer_with_a_comma_is_refused(tmp_path: Path) -> None:
    """`club add avond.json "Jan, Piet"` registered one player called "Jan, Piet" (the
    players of `club new` are split at commas), listed as "Jan, Piet 0" among the others."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", ",".join(MEMBERS[:6]))[0] == 0
    kept = f.read_bytes()
    code, _, err = club("add", str(f), "Jan, Piet", "--lang", "nl")
    assert code == 2 and err.strip() == ("jokeren: geef één naam, zonder komma ('Jan, Piet'): "
                                         "schrijf twee laatkomers één voor één in")
    assert f.read_bytes() == kept


def test_show_names_the_forms_to_enter_in_words(tmp_path: Path) -> None:
    """It said "Nog in te voeren formulieren: 7/2, 7/3"."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", ",".join(MEMBERS), "--seed", "2")[0] == 0
    code, out, _ = club("show", str(f), "--lang", "nl")
    assert code == 0 and "Nog in te voeren formulieren: ronde 1 tafels 1, 2 en 3" in out
    code, out, _ = club("show", str(f), "--lang", "en")
    assert "Forms to enter: round 1 tables 1, 2 and 3" in out


def test_a_game_without_one_0_names_the_stock_out_flag_on_the_command_line(
        tmp_path: Path) -> None:
    """The command line said "partij 2 heeft 0 spelers met 0: precies één gaat uit (of geef
    aan dat de stok op was)", the browser's sentence, without saying how: it names
    --stok-op (--stock-out) with the game, and a game with no 0 says so in words. The
    club's own sentence stays without a flag (the browser and a club file meet it)."""
    from jokeren.club.evening import ClubError

    f = tmp_path / "avond.json"
    assert club("new", str(f), "--players", ",".join(MEMBERS), "--seed", "3")[0] == 0
    size = len(json.loads(f.read_text())["draw"][0][0])
    won, none, two = "0" + " 10" * (size - 1), " ".join(["10"] * size), "0 0" + " 10" * (size - 2)
    kept = f.read_bytes()
    for games, lang, said in (
            ([won, none, won, won], "nl", "partij 2 heeft geen 0: precies één speler gaat uit "
                                          "(of geef --stok-op 2 als de stok op was)"),
            ([won, none, won, won], "en", "game 2 has no 0: exactly one player goes out "
                                          "(or give --stock-out 2 if the stock ran out)"),
            ([won, won, won, two], "nl", "partij 4 heeft 2 spelers met 0: precies één gaat uit "
                                         "(of geef --stok-op 4 als de stok op was)")):
        code, _, err = club("enter", str(f), "--ronde", "1", "--tafel", "1",
                            *[w for g in games for w in ("--partij", g)], "--lang", lang)
        assert code == 2 and err.strip() == f"jokeren: {said}", err
        assert f.read_bytes() == kept
    assert club("enter", str(f), "--ronde", "1", "--tafel", "1", "--stok-op", "2",
                *[w for g in [won, none, won, won] for w in ("--partij", g)])[0] == 0
    for lang in ("en", "nl"):  # the club's own sentences, the browser's too, name no flag
        assert "--" not in ClubError("club_err_one_winner", game=2, n=2).text(lang)
        assert "--" not in ClubError("club_err_no_winner", game=2, n=0).text(lang)
    # and the browser's form is not told "game 2 has 0 players with 0"
    assert ClubError("club_err_no_winner", game=2, n=0).text("nl").startswith(
        "partij 2 heeft geen 0")
