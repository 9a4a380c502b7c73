"""Drawing a club round's tables of 3 and 4 by lot, spreading the meetings (003).

"Voor iedere ronde wordt er geloot aan welke tafel je speelt": the program draws, but not
blindly, and round by round, for whoever is present.

1. **Tables of 3 go round.** Each player has a share of the seats at tables of 3: the sum,
   over the rounds they were present, of that round's seats at tables of 3 divided by the
   players present. The seats at tables of 3 go to those furthest below their share (a
   lot among equals; ``draw_round`` says when a round may depart from that order). So
   players present at the same rounds sit at a table of 3 a number of times within one
   of each other's over the evening, and a latecomer or an absent player catches up.
2. **Meetings spread.** Within that, a seeded random draw is improved by local search
   (swap two players while that lowers the cost) from several random starts. A table's
   cost is what its pairs met before: 3^m - 1 for a pair that met m times (0, 2, 8, ...),
   so players meet as many others and as few the same as possible.

The bound: the most any pair meets is at most one more than ``meeting_bound`` of the rounds
drawn, the least possible: for each player p, the smallest M with Σ_q min(M, rounds p and q
were both present) ≥ p's opponents over the evening; the largest over the players.
(``tests/test_club.py`` checks this and the tables of 3 with hypothesis, 7-40 players with
absences and latecomers.) docs/club.md measures the result against a plain random draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import combinations

Tables = tuple[tuple[int, ...], ...]


def table_sizes(n: int) -> list[int]:
    """Tables of 4 and 3 for ``n`` players (6 or more): as few tables of 3 as possible."""
    if n < 6:
        raise ValueError(f"a club round needs at least 6 players, not {n}")
    threes = (-n) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def _pair_cost(met: int) -> float:
    return 3.0**met - 1.0


class Meetings:
    """How often each pair sat at one table, how often each player sat at a table of 3,
    and each player's share of the seats at tables of 3 (over the rounds present)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.met = [[0] * n for _ in range(n)]
        self.threes = [0] * n
        self.share = [Fraction(0)] * n
        self.present = [0] * n
        self.together = [[0] * n for _ in range(n)]  # rounds both present
        self.opponents = [0] * n  # opponents over the rounds, counted with repeats

    def add(self, tables: Tables) -> None:
        seated = [p for table in tables for p in table]
        seats3 = Fraction(sum(len(t) for t in tables if len(t) == 3), len(seated) or 1)
        for table in tables:
            for a, b in combinations(table, 2):
                self.met[a][b] += 1
                self.met[b][a] += 1
            if len(table) == 3:
                for p in table:
                    self.threes[p] += 1
        for p in seated:
            self.share[p] += seats3
            self.present[p] += 1
            for q in seated:
                self.together[p][q] += 1
        for table in tables:
            for p in table:
                self.opponents[p] += len(table) - 1

    def copy(self) -> Meetings:
        m = Meetings(self.n)
        m.met, m.together = [r[:] for r in self.met], [r[:] for r in self.together]
        m.threes, m.share = self.threes[:], self.share[:]
        m.present, m.opponents = self.present[:], self.opponents[:]
        return m

    def most(self) -> int:
        """The most often one pair met."""
        return max((max(row) for row in self.met), default=0)

    def bound(self) -> int:
        """``meeting_bound`` of the rounds added."""
        found = 0
        for p in range(self.n):
            if not self.opponents[p]:
                continue
            both = [self.together[p][q] for q in range(self.n) if q != p]
            m = found
            while sum(min(m, c) for c in both) < self.opponents[p]:
                m += 1
            found = m
        return found

    def behind(self, p: int) -> Fraction:
        """Tables of 3 had, less the share: the lowest goes to a table of 3 first."""
        return self.threes[p] - self.share[p]

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


def _threes_seats(players: Sequence[int]) -> int:
    return sum(s for s in table_sizes(len(players)) if s == 3)


def _fair(three: Sequence[int], four: Sequence[int], behind: dict[int, float]) -> bool:
    """Whether no one at a table of 3 is a whole table of 3 or more ahead of someone at a
    table of 4 (so players present at the same rounds stay within one)."""
    if not three or not four:
        return True
    return max(behind[p] for p in three) < min(behind[p] for p in four) + 1 - 1e-9


def _near_share(three: Sequence[int], four: Sequence[int], behind: dict[int, float],
                step: float) -> bool:
    """Whether everyone ends the round less than 1.5 from their share (as ``within_one``):
    a player a little behind, left at a table of 4 round after round, could fall 1.5
    behind though no one at a table of 3 is a whole table ahead of them (``_fair``)."""
    return (all(abs(behind[p] + 1 - step) < 1.5 - 1e-9 for p in three)
            and all(abs(behind[p] - step) < 1.5 - 1e-9 for p in four))


def can_even_out(after: Sequence[float], later: int, seats: int) -> bool:
    """Whether players ``after`` (tables of 3 had less their share, after this round) can
    end the evening within one of each other if all of them play the ``later`` rounds,
    ``seats`` seats at tables of 3 a round: some window [v, v + 1] holds every player's
    last figure ``after[p] + x_p - later * seats / n``, with 0 <= x_p <= later whole and
    the x_p summing to ``later * seats``."""
    n = len(after)
    if not n:
        return True
    total = later * seats
    g = [x - total / n for x in after]
    mean = (sum(g) + total) / n
    eps = 1e-9
    candidates = {x + j - d for x in g for j in range(later + 2) for d in (0, 1)}
    for v in sorted(c for c in candidates if mean - 1 - eps <= c <= mean + eps):
        lo_sum = hi_sum = 0
        for x in g:
            lo = max(0, math.ceil(v - x - eps))
            hi = min(later, math.floor(v + 1 - x + eps))
            if lo > hi:
                break
            lo_sum += lo
            hi_sum += hi
        else:
            if lo_sum <= total <= hi_sum:
                return True
    return False


_LOOK_AHEAD = 12  # players present, at most, for whom the rest of the evening is played out


def draw_round(players: Sequence[int], meetings: Meetings, rng: random.Random,
               starts: int = 8, later: int = 0) -> Tables:
    """Tables for ``players``, drawn by turn (``_draw_by_turn``); when that order would
    make a pair meet more often than one over ``meeting_bound`` (absences can leave only
    players who met often due a table of 3 together; or the cost, a sum over the pairs,
    prefers one pair meeting once too often to several meeting once more), the tables
    of 3 are given looser: each player stays within one of everyone present at the same
    rounds and within 1.5 of the share (``within_one``), and the draw with the fewest
    meetings of the most-met pair is taken. Up to 12 present that draw is searched for
    among every seating (``_fewest_meetings``), so it is found whenever one exists; for
    more, by local search with a pair beyond the bound costing more than any other."""
    chosen = _draw_by_turn(players, meetings, rng, starts, later)
    cap = _bound_after(meetings, chosen) + 1
    if most_after(meetings, chosen) <= cap:
        return chosen
    if len(players) <= _LOOK_AHEAD:
        fewest = _fewest_meetings(players, meetings, rng)
        looser = [] if fewest is None else [fewest]
    else:
        looser = [_draw_round(players, meetings, rng, starts, later, False, cap=cap)
                  for _ in range(4)]
    return min([chosen, *looser], key=lambda t: most_after(meetings, t))


def _fewest_meetings(players: Sequence[int], meetings: Meetings,
                     rng: random.Random) -> Tables | None:
    """Of every seating of ``players`` (at most 5775, for 12) whose tables of 3 are fair
    (``within_one``), one with the fewest meetings of the most-met pair, then the lowest
    cost (``_table_cost``), by lot among equals; None if none is fair."""
    met = meetings.met
    cost = [[_pair_cost(x) for x in row] for row in met]
    behind = {p: float(meetings.behind(p)) for p in players}
    floor = meetings.most()
    fair: dict[frozenset[int], bool] = {}
    best: tuple[int, float, list[tuple[int, ...]]] | None = None

    def seat(left: list[int], sizes: list[int], tables: list[tuple[int, ...]], most: int,
             total: float) -> None:
        nonlocal best
        if best is not None and most > best[0]:
            return
        if not left:
            three = frozenset(p for t in tables if len(t) == 3 for p in t)
            if three not in fair:
                fair[three] = within_one(meetings, sorted(three),
                                         [p for p in players if p not in three])
            if fair[three] and (best is None or most < best[0] or total < best[1] - 1e-9):
                best = (most, total, list(tables))
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes)):
            others = list(sizes)
            others.remove(size)
            for mates in combinations(rest, size - 1):
                table = (first, *mates)
                seat([p for p in rest if p not in mates], others, [*tables, table],
                     max(most, *(met[a][b] + 1 for a, b in combinations(table, 2))),
                     total + _table_cost(table, cost, behind))

    order = list(players)
    rng.shuffle(order)  # the lot among equals: the first found of the fewest is kept
    seat(order, table_sizes(len(order)), [], floor, 0.0)
    return None if best is None else tuple(sorted(tuple(sorted(t)) for t in best[2]))


def most_after(meetings: Meetings, tables: Tables) -> int:
    m = meetings.copy()
    m.add(tables)
    return m.most()


def _bound_after(meetings: Meetings, tables: Tables) -> int:
    m = meetings.copy()
    m.add(tables)
    return m.bound()


def within_one(meetings: Meetings, three: Sequence[int], four: Sequence[int]) -> bool:
    """Whether, after this round, every player is within one table of 3 of everyone present
    at the same rounds and within 1.5 of the share: the draw's promise over the evening."""
    step = Fraction(len(three), len(three) + len(four))
    had = {p: meetings.threes[p] + 1 for p in three} | {p: meetings.threes[p] for p in four}
    if any(abs(had[p] - meetings.share[p] - step) >= Fraction(3, 2) for p in had):
        return False
    alike = meetings.together
    return not any(had[p] - had[q] > 1 for p in had for q in had
                   if alike[p][q] == meetings.present[p] == meetings.present[q])


def _draw_by_turn(players: Sequence[int], meetings: Meetings, rng: random.Random,
                  starts: int = 8, later: int = 0) -> Tables:
    """Tables for ``players`` (indices into ``meetings``): the tables of 3 to those due,
    the meetings spread; ``later``: the rounds still to come after this one.

    The tables of 3 go strictly by turn: no one is given one while someone present is a
    whole table of 3 behind, or would end the round 1.5 below their share. For up to 12
    players present with tables of 3, where that order leaves little choice, four such
    draws are made and the rest of the evening played out from each for who is present
    now (up to 24 play-outs for 7 or 8 players, 6 for more, until one reaches
    ``meeting_bound``); the draw whose evening ends with the fewer meetings of the most-met
    pair, then the lower cost, is taken. 7 players (a table of 4
    and one of 3) who keep to the order at every round meet someone 5 times at best (an
    exhaustive search), where a Fano plane seats every pair together exactly 3 times; so
    when the same 7 were present at every round, draws by turn over the evening (whoever can
    still be evened out by the last round) are played out too. A latecomer to those 7 (8
    players: no tables of 3) may then leave a player two tables of 3 ahead of another."""
    strict = _draw_round(players, meetings, rng, starts, later, False)
    if later == 0 or len(players) > _LOOK_AHEAD or not _threes_seats(players):
        return strict  # (without tables of 3 the order leaves every choice open)
    stable = len(players) == 7 == meetings.n and all(
        c == meetings.present[0] for c in meetings.present)
    choices = {strict: False}
    for _ in range(3):
        choices.setdefault(_draw_round(players, meetings, rng, starts, later, False), False)
    if stable:
        for _ in range(4):
            choices.setdefault(_draw_round(players, meetings, rng, starts, later, True), True)
    if len(choices) == 1:
        return strict

    def outlook(tables: Tables, over_evening: bool) -> tuple[int, float]:
        found: list[tuple[int, float]] = []
        for _ in range(24 if len(players) <= 8 else 6):  # until one reaches the bound
            ahead = random.Random(f"{rng.random()}")
            m = meetings.copy()
            m.add(tables)
            for k in range(later):
                m.add(_draw_round(players, m, ahead, 4, later - k - 1, over_evening))
            found.append((max(max(m.met[p][q] for q in players) for p in players),
                          sum(_pair_cost(m.met[p][q]) for p in players for q in players)))
            if found[-1][0] <= m.bound():
                break
        return min(found)

    return min(sorted(choices), key=lambda t: outlook(t, choices[t]))


def _draw_round(players: Sequence[int], meetings: Meetings, rng: random.Random,
                starts: int, later: int, over_evening: bool, loose: bool = False,
                cap: int | None = None) -> Tables:
    """A draw by turn (``over_evening``: by turn over the evening); ``loose``, or a
    ``cap``: the tables of 3 fair as ``within_one``, and with a cap a pair meeting more
    often than ``cap`` costs more than any seating within it."""
    cost = [[_pair_cost(x) for x in row] for row in meetings.met]
    if cap is not None:
        loose = True
        beyond = 2 * sum(map(sum, cost)) + len(players) + 1.0
        met = meetings.met
        cost = [[cost[a][b] + beyond * max(0, met[a][b] + 1 - cap) for b in range(len(row))]
                for a, row in enumerate(cost)]
    behind = {p: float(meetings.behind(p)) for p in players}
    sizes = table_sizes(len(players))
    seats = _threes_seats(players)
    share = seats / len(players)
    order = sorted(players, key=meetings.behind)

    def even(three: Sequence[int], four: Sequence[int]) -> bool:
        return can_even_out([behind[p] + 1 - share for p in three]
                            + [behind[p] - share for p in four], later, seats)

    near = _near_share(order[:seats], order[seats:], behind, share)  # else none can be

    def strict(three: Sequence[int], four: Sequence[int]) -> bool:
        return _fair(three, four, behind) and (
            not near or _near_share(three, four, behind, share))

    fair: Callable[[Sequence[int], Sequence[int]], bool]
    if loose:  # the by-turn order would make a pair meet too often (draw_round)
        fair = partial(within_one, meetings)
    elif over_evening and even(order[:seats], order[seats:]):
        fair = even
    else:  # someone came or left and the evening cannot even out: the strict order
        fair = strict
    best: list[list[int]] | None = None
    best_cost = 0.0
    for _ in range(max(1, starts)):
        order = list(players)
        rng.shuffle(order)
        order.sort(key=meetings.behind)  # a lot among equals
        three, rest = order[:seats], order[seats:]
        rng.shuffle(three)
        rng.shuffle(rest)
        tables: list[list[int]] = []
        for size in sizes:
            source = three if size == 3 else rest
            tables.append(source[:size])
            del source[:size]
        _improve(tables, cost, behind, rng, fair)
        total = sum(_table_cost(t, cost, behind) for t in tables)
        if best is None or total < best_cost - 1e-9:
            best, best_cost = tables, total
    assert best is not None
    return tuple(sorted(tuple(sorted(t)) for t in best))


_DUE = 0.5  # the cost of a table of 3 for each table of 3 a player is ahead of the share


def _table_cost(table: Sequence[int], cost: list[list[float]], behind: dict[int, float]) -> float:
    pairs = sum(cost[a][b] for a, b in combinations(table, 2))
    return pairs + (_DUE * sum(behind[p] for p in table) if len(table) == 3 else 0.0)


def _improve(tables: list[list[int]], cost: list[list[float]], behind: dict[int, float],
             rng: random.Random,
             fair: Callable[[Sequence[int], Sequence[int]], bool]) -> None:
    """Swap players between tables, first improvement in random order, until none helps;
    between a table of 3 and one of 4 only while the tables of 3 stay fair (``_fair``)."""
    where = [(t, i) for t in range(len(tables)) for i in range(len(tables[t]))]
    improved = True
    while improved:
        improved = False
        rng.shuffle(where)
        for k, (t1, i1) in enumerate(where):
            for t2, i2 in where[k + 1:]:
                if t1 == t2:
                    continue
                one, two = tables[t1], tables[t2]
                a, b = one[i1], two[i2]
                delta = _swap_delta(one, two, a, b, cost)
                if len(one) != len(two):  # the one moving to the table of 3 pays for it
                    to_three, from_three = (b, a) if len(one) == 3 else (a, b)
                    delta += _DUE * (behind[to_three] - behind[from_three])
                if delta >= -1e-9:
                    continue
                one[i1], two[i2] = b, a
                if len(one) != len(two) and not fair(
                        [p for t in tables if len(t) == 3 for p in t],
                        [p for t in tables if len(t) == 4 for p in t]):
                    one[i1], two[i2] = a, b
                    continue
                improved = True


def _swap_delta(one: list[int], two: list[int], a: int, b: int,
                cost: list[list[float]]) -> float:
    delta = sum(cost[b][x] - cost[a][x] for x in one if x != a)
    return delta + sum(cost[a][y] - cost[b][y] for y in two if y != b)


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
        out.append(draw_round(players, Meetings.of(n, [*history, *out]), rng, starts,
                              rounds - r - 1))
    return out


def meeting_bound(n: int, rounds: Sequence[Tables]) -> int:
    """The least possible "most one pair meets" for these rounds' presence: for each player
    p, the smallest M with Σ_q min(M, rounds p and q were both present) ≥ p's opponents
    over the evening; the largest over the players. The draw stays within one of it."""
    return Meetings.of(n, rounds).bound()


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
    most_best: int  # at least: meeting_bound
    threes_most: int  # the most rounds one player sat at a table of 3
    threes_least: int  # the fewest


def spread_of(n: int, rounds: Sequence[Tables]) -> Spread:
    m = Meetings.of(n, rounds)
    opponents = [sum(1 for j in range(n) if j != i and m.met[i][j]) for i in range(n)]
    pair_counts = [m.met[i][j] for i, j in combinations(range(n), 2)]
    seats = sum(len(t) - 1 for tables in rounds for t in tables if 0 in t)
    table_pairs = sum(len(t) * (len(t) - 1) // 2 for tables in rounds for t in tables)
    return Spread(n, len(rounds), sum(opponents) / n, min(opponents), min(n - 1, seats),
                  sum(1 for c in pair_counts if c > 1), sum(max(0, c - 1) for c in pair_counts),
                  max(0, table_pairs - len(pair_counts)), max(pair_counts),
                  meeting_bound(n, rounds), max(m.threes), min(m.threes))


__all__ = ["Meetings", "Spread", "Tables", "draw_evening", "draw_round", "meeting_bound",
           "random_draw", "spread_of", "table_sizes"]
