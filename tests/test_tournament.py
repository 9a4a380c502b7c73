"""The tournament runner: paired deals, the win rule, the report, the command."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.play import tournament
from jokeren.rules.house import Rules

AMERIKAANS = replace(Rules.load("amerikaans"), max_reshuffles=2)
runner = CliRunner()


def test_wilson_interval() -> None:
    lo, hi = tournament.wilson(95, 100)
    assert 0.888 < lo < 0.889 and 0.978 < hi < 0.979
    assert tournament.wilson(0, 10)[0] == 0.0 and tournament.wilson(10, 10)[1] == 1.0


def test_a_round_ends_at_the_turn_limit() -> None:
    """``max_turns`` ends a round with nobody out, everyone scoring (``jokeren simulate``
    sets one, so that no round of computer players can run for ever)."""
    for limit in (6, 10):
        rules = replace(AMERIKAANS, max_turns=limit)
        out = tournament.play_job(tournament.Job(0, rules, ("basic", "basic"), 77296, 0, 2,
                                                 keep_game=True))
        assert out.state is not None and out.state.turns_done == limit
        assert out.state.results[-1].winner is None and sum(out.wins) == 1.0


def test_the_round_two_basic_players_looped_in_ends_by_itself() -> None:
    """On this deal two ``basic`` players passed one discard back and forth, never drawing
    again, until a turn limit ended the round; the player now keeps what it takes, and
    someone goes out."""
    out = tournament.play_job(tournament.Job(0, AMERIKAANS, ("basic", "basic"), 77296, 0, 2,
                                             keep_game=True))
    assert out.state is not None and out.state.results[-1].winner is not None


def test_deals_are_paired_over_seat_rotations_and_cycle_the_schedule() -> None:
    jobs = tournament.jobs(AMERIKAANS, ["basic", "random", "random"], 7, 50, rounds=True)
    assert [(j.seed, j.rotation, j.round_index) for j in jobs] == [
        (50, 0, 0), (50, 1, 0), (50, 2, 0), (51, 0, 1), (51, 1, 1), (51, 2, 1), (52, 0, 2)]
    unpaired = tournament.jobs(AMERIKAANS, ["a", "b"], 3, 5, rounds=False, paired=False)
    assert [(j.seed, j.rotation, j.round_index) for j in unpaired] == [
        (5, 0, None), (6, 0, None), (7, 0, None)]


def test_a_paired_deal_gives_each_hand_to_each_player() -> None:
    # Two identical deterministic players: the swapped game is the same game, mirrored.
    jobs = tournament.jobs(AMERIKAANS, ["basic", "basic"], 4, 8, rounds=True)
    outcomes = tournament.run(jobs)
    for a, b in zip(outcomes[::2], outcomes[1::2], strict=True):
        assert a.wins == b.wins[::-1] and a.penalties == b.penalties[::-1]
        assert a.decisions == b.decisions[::-1]


def test_round_winner_is_who_went_out_else_the_lowest_penalty_shared() -> None:
    jobs = tournament.jobs(AMERIKAANS, ["basic", "random"], 4, 3, rounds=True)
    for o in tournament.run(jobs):
        assert sum(o.wins) == pytest.approx(1.0)
        if max(o.wins) == 1.0 and o.penalties[o.wins.index(1.0)] == 0:
            continue
        low = min(o.penalties)
        assert all((w > 0) == (p == low) for w, p in zip(o.wins, o.penalties, strict=True))


def test_workers_give_the_same_results_as_one_process() -> None:
    jobs = tournament.jobs(AMERIKAANS, ["basic", "random"], 4, 21, rounds=True)
    one = tournament.run(jobs, workers=1)
    two = tournament.run(jobs, workers=2)
    assert [o.wins for o in one] == [o.wins for o in two]
    assert [o.penalties for o in one] == [o.penalties for o in two]


def test_simulate_json_report() -> None:
    result = runner.invoke(app, ["simulate", "--bots", "basic,random", "--rounds", "4",
                                 "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["rounds"] == 4 and report["matches"] == 0
    assert [s["bot"] for s in report["seats"]] == ["basic", "random"]
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(4)
    for s in report["seats"]:
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
        assert s["ms_per_decision"] > 0 and s["mean_penalty"] >= 0


def test_simulate_matches_prints_sheets_then_the_report() -> None:
    result = runner.invoke(app, ["simulate", "--rules", "jokeren-7", "--bots", "basic,random",
                                 "--matches", "2", "--seed", "3", "--lang", "nl"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Totaal") == 2 and "2 potjes" in result.stdout
    bad = runner.invoke(app, ["simulate", "--bots", "basic,nobody", "--rounds", "2"])
    assert bad.exit_code == 2 and "unknown computer player" in bad.stderr
    both = runner.invoke(app, ["simulate", "--rounds", "2", "--matches", "2"])
    assert both.exit_code == 2
    saving = runner.invoke(app, ["simulate", "--rounds", "2", "--save", "somewhere"])
    assert saving.exit_code == 2 and "--matches" in saving.stderr


@pytest.mark.slow
def test_basic_beats_random_in_paired_two_player_rounds() -> None:
    jobs = tournament.jobs(AMERIKAANS, ["basic", "random"], 60, 1000, rounds=True)
    rep = tournament.report(tournament.run(jobs, workers=2), ["basic", "random"], True)
    assert rep.seats[0].wins / rep.rounds >= 0.9
