"""Drawing a club round's tables of 3 and 4 by lot, spreading the meetings (003).

"Voor iedere ronde wordt er geloot aan welke tafel je speelt": the program draws, but not
blindly. Each round is a seeded random draw improved by local search (swap two players at
different tables while that lowers the cost), from several random starts. The cost of a
table is what its pairs have met before: a pair meeting for the second time costs 2, the
third 8 (3^m - 1), so players meet as many others and as few the same as possible; a
player sent to a table of 3 again costs a little, so those seats go round as well.
docs/club.md measures the result against a plain random draw. (Sweeps that redrew each
round against all the others found nothing better for 12, 24 or 40 players.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

Tables = tuple[tuple[int, ...], ...]
_THREE_COST = 0.5


def table_sizes(n: int) -> list[int]:
    """Tables of 4 and 3 for ``n`` players (6 or more): as few tables of 3 as possible."""
    if n < 6:
        raise ValueError(f"a club round needs at least 6 players, not {n}")
    threes = (-n) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def _pair_cost(met: int) -> float:
    return 3.0**met - 1.0


class Meetings:
    """How often each pair sat at one table, and how often each player sat at a table of 3."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.met = [[0] * n for _ in range(n)]
        self.threes = [0] * n

    def add(self, tables: Tables) -> None:
        for table in tables:
            for a, b in combinations(table, 2):
                self.met[a][b] += 1
                self.met[b][a] += 1
            if len(table) == 3:
                for p in table:
                    self.threes[p] += 1

    @classmethod
    def of(cls, n: int, rounds: Sequence[Tables]) -> Meetings:
        m = cls(n)
        for tables in rounds:
            m.add(tables)
        return m


def random_draw(players: Sequence[int], rng: random.Random) -> Tables:
    """A plain draw by lot: shuffle, then deal the players out to the tables in turn."""
    order = list(players)
    rng.shuffle(order)
    tables, start = [], 0
    for size in table_sizes(len(order)):
        tables.append(tuple(sorted(order[start:start + size])))
        start += size
    return tuple(tables)


def draw_round(players: Sequence[int], meetings: Meetings, rng: random.Random,
               starts: int = 8) -> Tables:
    """Tables for ``players`` (indices into ``meetings``) that spread the meetings."""
    cost = [[_pair_cost(x) for x in row] for row in meetings.met]
    best: list[list[int]] | None = None
    best_cost = 0.0
    for _ in range(max(1, starts)):
        tables = [list(t) for t in random_draw(players, rng)]
        _improve(tables, cost, meetings.threes, rng)
        total = sum(_table_cost(t, cost, meetings.threes) for t in tables)
        if best is None or total < best_cost - 1e-9:
            best, best_cost = tables, total
    assert best is not None
    return tuple(sorted(tuple(sorted(t)) for t in best))


def _table_cost(table: Sequence[int], cost: list[list[float]], threes: list[int]) -> float:
    pairs = sum(cost[a][b] for a, b in combinations(table, 2))
    return pairs + (_THREE_COST * sum(threes[p] for p in table) if len(table) == 3 else 0.0)


def _improve(tables: list[list[int]], cost: list[list[float]], threes: list[int],
             rng: random.Random) -> None:
    """Swap players between tables, first improvement in random order, until none helps."""
    where = [(t, i) for t in range(len(tables)) for i in range(len(tables[t]))]
    improved = True
    while improved:
        improved = False
        rng.shuffle(where)
        for k, (t1, i1) in enumerate(where):
            for t2, i2 in where[k + 1:]:
                if t1 == t2:
                    continue
                a, b = tables[t1][i1], tables[t2][i2]
                delta = _swap_delta(tables[t1], tables[t2], a, b, cost, threes)
                if delta < -1e-9:
                    tables[t1][i1], tables[t2][i2] = b, a
                    improved = True


def _swap_delta(one: list[int], two: list[int], a: int, b: int, cost: list[list[float]],
                threes: list[int]) -> float:
    delta = sum(cost[b][x] - cost[a][x] for x in one if x != a)
    delta += sum(cost[a][y] - cost[b][y] for y in two if y != b)
    if len(one) != len(two):  # the one moving to the table of 3 pays for it
        to_three = b if len(one) == 3 else a
        from_three = a if len(one) == 3 else b
        delta += _THREE_COST * (threes[to_three] - threes[from_three])
    return delta


def draw_evening(n: int, rounds: int, seed: int, spread: bool = True, starts: int = 8,
                 history: Sequence[Tables] = (),
                 present: Sequence[int] | None = None) -> list[Tables]:
    """``rounds`` more rounds for players 0..n-1 (or ``present``), after ``history``:
    spread (the optimiser, round by round) or plain random."""
    players = list(range(n)) if present is None else sorted(present)
    out: list[Tables] = []
    for r in range(rounds):
        rng = random.Random(f"jokeren-club/{seed}/{len(history) + r}")
        if not spread:
            out.append(random_draw(players, rng))
            continue
        out.append(draw_round(players, Meetings.of(n, [*history, *out]), rng, starts))
    return out


@dataclass(frozen=True)
class Spread:
    """How well an evening's draw spread the meetings."""

    players: int
    rounds: int
    opponents_mean: float  # different opponents met, per player
    opponents_min: int
    opponents_best: int  # at most: n - 1, or the seats of 7 rounds
    pairs_twice: int  # pairs that met more than once
    extra_meetings: int  # meetings beyond the first, over all pairs
    extra_best: int  # at least: table pairs over the evening minus the number of pairs
    most_met: int  # the most often one pair met
    threes_most: int  # the most rounds one player sat at a table of 3


def spread_of(n: int, rounds: Sequence[Tables]) -> Spread:
    m = Meetings.of(n, rounds)
    opponents = [sum(1 for j in range(n) if j != i and m.met[i][j]) for i in range(n)]
    pair_counts = [m.met[i][j] for i, j in combinations(range(n), 2)]
    seats = sum(len(t) - 1 for tables in rounds for t in tables if 0 in t)
    table_pairs = sum(len(t) * (len(t) - 1) // 2 for tables in rounds for t in tables)
    return Spread(n, len(rounds), sum(opponents) / n, min(opponents), min(n - 1, seats),
                  sum(1 for c in pair_counts if c > 1), sum(max(0, c - 1) for c in pair_counts),
                  max(0, table_pairs - len(pair_counts)), max(pair_counts), max(m.threes))


__all__ = ["Meetings", "Spread", "Tables", "draw_evening", "draw_round", "random_draw",
           "spread_of", "table_sizes"]
