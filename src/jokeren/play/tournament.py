"""The tournament runner behind ``jokeren simulate``: paired deals, worker processes, a report.

A game is a whole match or a single round (``--rounds``: round i plays requirement i of the
schedule, cycling). Deals are paired: every seed is played once per rotation of the seats,
so each computer player gets each hand (with n players, n rotations; the last group may be
cut short when the count is not a multiple of n). A round is won by the player who goes
out; when nobody goes out (the stock cap), the lowest penalty wins, a tie shared. A match is
won by the engine's match winner. Win rates carry a 95% Wilson interval.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..bots import Player, make_player
from ..engine.actions import Action
from ..engine.state import State
from ..rules.house import Rules
from .table import BotTurn, Seat, Table, decide

NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees",
         "Lot", "Mees", "Noor", "Otto", "Pien")  # one per seat, up to rules.MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class Job:
    index: int
    rules: Rules
    kinds: tuple[str, ...]  # one per list position (--bots order)
    seed: int  # the deal's seed
    rotation: int  # list position p sits at seat (p - rotation) % n
    round_index: int | None  # None: a whole match
    keep_game: bool = False  # return the score sheet's state and the record


@dataclass
class Outcome:
    """One game, by list position (the order of --bots)."""

    job: Job
    wins: list[float]
    penalties: list[int]
    decisions: list[int]
    seconds: list[float]
    rounds: int = 1
    state: State | None = None
    record: str | None = None


@dataclass
class SeatStats:
    bot: str
    wins: float = 0.0
    penalty: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def report(self, games: int) -> dict[str, Any]:
        rate = self.wins / games if games else 0.0
        lo, hi = wilson(self.wins, games)
        return {"bot": self.bot, "wins": round(self.wins, 2), "win_rate": round(rate, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_penalty": round(self.penalty / games, 2) if games else 0.0,
                "ms_per_decision": round(1000 * self.seconds / self.decisions, 3)
                if self.decisions else 0.0}


@dataclass
class Report:
    rounds: int = 0  # rounds played (in matches too)
    matches: int = 0
    single: bool = True  # the games are single rounds (else matches)
    seats: list[SeatStats] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)  # the deals' seeds, each once

    @property
    def games(self) -> int:
        return self.rounds if self.single else self.matches

    def to_json(self) -> dict[str, Any]:
        games = self.games
        return {"rounds": self.rounds, "matches": self.matches, "seeds": self.seeds,
                "seats": [{"name": NAMES[p], **s.report(games)}
                          for p, s in enumerate(self.seats)]}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def jobs(rules: Rules, kinds: Sequence[str], count: int, seed: int, rounds: bool,
         paired: bool = True, keep_games: bool = False) -> list[Job]:
    """``count`` games: seeds ``seed, seed+1, ...``, each played in every seat rotation."""
    n = len(kinds)
    per = n if paired else 1
    out = []
    for g in range(count):
        deal, rotation = divmod(g, per)
        out.append(Job(g, rules, tuple(kinds), seed + deal, rotation,
                       deal % len(rules.schedule) if rounds else None, keep_games))
    return out


def play_job(job: Job) -> Outcome:
    """Play one game; every bot sees only its own seat's view."""
    n = len(job.kinds)
    seat_of = [(p - job.rotation) % n for p in range(n)]
    bots: list[Player] = [make_player(job.kinds[p], job.seed * 7919 + job.rotation * 31 + p)
                          for p in range(n)]
    by_seat = [bots[seat_of.index(s)] for s in range(n)]
    decisions = [0] * n
    seconds = [0.0] * n

    def timed(turn: BotTurn) -> Action:
        start = time.perf_counter()
        action = decide(turn, by_seat[turn.seat])
        seconds[turn.seat] += time.perf_counter() - start
        decisions[turn.seat] += 1
        return action

    # A name belongs to a computer player, not to a seat: the score sheets of every rotation
    # and the report's rows then speak of the same Ann, Bob and Cas.
    seats = [Seat(NAMES[seat_of.index(s)], job.kinds[seat_of.index(s)]) for s in range(n)]
    single = job.round_index is not None
    table = Table(job.rules, seats, job.seed, players=dict(enumerate(by_seat)),
                  round_index=job.round_index or 0, dealer=n - 1 if single else None,
                  keep_events=False)
    table.play_bots(deal=not single, chooser=timed)
    state = table.state
    wins = _wins(state, job.round_index is not None)
    penalties = list(state.results[-1].penalties) if job.round_index is not None \
        else list(state.totals)
    by_pos = [seat_of[p] for p in range(n)]
    return Outcome(job, [wins[s] for s in by_pos], [penalties[s] for s in by_pos],
                   [decisions[s] for s in by_pos], [seconds[s] for s in by_pos],
                   len(state.results), state if job.keep_game else None,
                   table.record.dumps() if job.keep_game and not single else None)


def _wins(state: State, single_round: bool) -> list[float]:
    n = state.n
    if not single_round:
        return [1.0 if s == state.winner else 0.0 for s in range(n)]
    result = state.results[-1]
    if result.winner is not None:
        return [1.0 if s == result.winner else 0.0 for s in range(n)]
    low = min(result.penalties)
    best = [s for s in range(n) if result.penalties[s] == low]
    return [1.0 / len(best) if s in best else 0.0 for s in range(n)]


def run(job_list: Sequence[Job], workers: int = 1,
        progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Play every job (in ``workers`` processes), in job order."""
    outcomes: list[Outcome] = []
    if workers <= 1:
        for job in job_list:
            outcomes.append(play_job(job))
            if progress:
                progress(1)
        return outcomes
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for outcome in pool.map(play_job, job_list, chunksize=1):
            outcomes.append(outcome)
            if progress:
                progress(1)
    return outcomes


def report(outcomes: Sequence[Outcome], kinds: Sequence[str], rounds: bool) -> Report:
    rep = Report(rounds=sum(o.rounds for o in outcomes),
                 matches=0 if rounds else len(outcomes), single=rounds,
                 seats=[SeatStats(k) for k in kinds],
                 seeds=sorted({o.job.seed for o in outcomes}))
    for o in outcomes:
        for p, stats in enumerate(rep.seats):
            stats.wins += o.wins[p]
            stats.penalty += o.penalties[p]
            stats.decisions += o.decisions[p]
            stats.seconds += o.seconds[p]
    return rep


def report_text(rep: Report, lang: str) -> str:
    """The report as a small table (Dutch or English)."""
    from ..bots import level_name
    from ..support.messages import decimals, number
    from ..words.catalogue import t

    games = rep.games
    key = "sim_report_rounds" if rep.single else "sim_report_matches"
    seeds = t("sim_report_seeds", lang, n=len(rep.seeds), seeds=_span(rep.seeds))
    lines = [t(key, lang, n=games, seeds=seeds), t("sim_report_header", lang)]
    for p, s in enumerate(rep.seats):
        r = s.report(games)
        who = f"{NAMES[p]} ({level_name(r['bot'], lang)})"
        wins = number(r["wins"], lang, group=False)  # 1.5 for a shared round: nl 1,5
        lo, hi = (decimals(100 * x, lang, 1) for x in r["ci95"])
        lines.append(f"{who:<20} {wins:>6} {decimals(100 * r['win_rate'], lang, 1):>6}% "
                     f"[{lo}-{hi}] {decimals(r['mean_penalty'], lang, 2):>9} "
                     f"{decimals(r['ms_per_decision'], lang, 3):>8}")
    return "\n".join(lines)


def _span(seeds: Sequence[int]) -> str:
    """The seeds played, as ``4`` or ``4-9``."""
    if not seeds:
        return "-"
    lo, hi = min(seeds), max(seeds)
    return str(lo) if lo == hi else f"{lo}-{hi}"
