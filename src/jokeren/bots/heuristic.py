"""How good a hand is: a fast heuristic shared by the basic and the strong player.

The engine decides what is legal; this module only estimates. A hand is split into melds
(natural sets and runs as the rules layer lists them, rules/patterns.py, chosen by a small
exact search), partial melds (two cards one card short, completed by a joker when the
hand has one) and dead cards. The score is
what the hand would cost if the round ended now, with partial melds at a fraction of their
penalty, plus a term for how far the seat is from the round's requirement. Lower is better.

The strong player passes ``live``: how many copies of each card it has not seen. Partial
melds whose missing cards are all gone then count almost as dead cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.cards import JOKER, Card
from ..rules.house import Rules
from ..rules.patterns import meld_cards, set_limit
from ..rules.requirements import Requirement
from ..support.memo import drop_oldest

REQ_WEIGHT = 12.0  # one missing card for the requirement weighs about one dead high card
PARTIAL_SHARE = 0.5  # a partial meld costs this share of its penalty (without ``live``)
JOKER_HELD = 2.0  # an unused joker in hand: nearly free, it completes what comes
CACHE_SIZE = 4096  # hands scored and kept per evaluator (about 0.6 KB each; a strong
#                    player's evaluator meets about 1,000 in a round)


@dataclass(frozen=True, slots=True)
class Arrangement:
    score: float
    melded: tuple[Card, ...]
    partial: tuple[Card, ...]
    dead: tuple[Card, ...]
    req_missing: int  # cards still missing for the requirement (0 once out or met)

    def __reduce__(self) -> tuple[type[Arrangement], tuple[object, ...]]:
        return Arrangement, (self.score, self.melded, self.partial, self.dead,
                             self.req_missing)  # see engine.state.State.__reduce__


def keep_round(evals: dict[tuple[Any, ...], HandEval], round_index: int) -> None:
    """Forget the evaluators (keyed by round first) of other rounds: a computer player
    keeps what one round needs, however long the match (a server holds many)."""
    for key in [k for k in evals if k[0] != round_index]:
        del evals[key]


class HandEval:
    """Scores hands for one round under one rule set (``come_out``: the seat is out)."""

    def __init__(self, rules: Rules, round_index: int, requirement: Requirement,
                 come_out: bool, live: Counter[Card] | None = None,
                 race: bool = False) -> None:
        self.rules = rules
        self.requirement = requirement
        self.come_out = come_out
        self.live = live
        self.race = race
        self.round_index = round_index
        self.distinct = rules.distinct_suits(round_index)
        self.set_max = set_limit(rules, round_index)
        self.ace_high = rules.ace_high
        self.pen = {r: rules.penalty_of(r, False, come_out) for r in range(1, 14)}
        # ``race``: every loose card weighs about the same (what counts is how many cards
        # are still to place), the penalty only breaks ties
        self.weight: dict[int, float] = (
            {r: 8 + 0.2 * p for r, p in self.pen.items()} if race else dict(self.pen))
        self.joker_pen = rules.penalty_of(0, True, come_out)
        self._cache: dict[tuple[Card, ...], Arrangement] = {}

    def penalty(self, card: Card) -> int:
        return self.joker_pen if card.joker else self.pen[card.rank]

    def score(self, hand: Iterable[Card]) -> float:
        return self.arrange(hand).score

    def arrange(self, hand: Iterable[Card]) -> Arrangement:
        key = tuple(sorted(hand))
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= CACHE_SIZE:
                drop_oldest(self._cache, CACHE_SIZE // 2)
            found = self._cache[key] = self._arrange(key)
        return found

    # --- the search ---------------------------------------------------------------------
    def _arrange(self, hand: tuple[Card, ...]) -> Arrangement:
        naturals = [c for c in hand if c.natural]
        jokers = len(hand) - len(naturals)
        counts = Counter(naturals)
        melds = self._candidates(counts)
        order = sorted(counts, key=lambda c: (-self.weight[c.rank], c))
        needs = [tuple(Counter(m).items()) for m in melds]
        by_card = {c: [i for i, m in enumerate(melds) if c in m] for c in order}
        order = [c for c in order if by_card[c]]
        search = _MeldSearch(self, melds, needs, by_card, order, dict(counts), jokers)
        search.search([], [])
        assert search.best is not None  # the first leaf of the search sets it
        cost, melded, partial, dead = search.best
        missing = self._req_missing(counts, jokers) if not self.come_out else 0
        score = cost + REQ_WEIGHT * missing
        if self.requirement.all_at_once and not self.come_out:
            score += len(dead) * REQ_WEIGHT / 4  # every card must go in one turn
        return Arrangement(score, tuple(melded), tuple(partial), tuple(dead), missing)

    def _rest(self, cards: list[Card], jokers: int) -> tuple[list[Card], list[Card], float]:
        """Cost of the cards outside melds: partial melds (jokers complete the best ones)
        and dead cards."""
        pen = self.weight
        cards.sort(key=lambda c: (-pen[c.rank], c))
        n = len(cards)
        pairs: list[tuple[float, int, int]] = []
        groups: dict[tuple[int, int], list[int]] = {}
        for i, c in enumerate(cards):
            groups.setdefault((0, c.rank), []).append(i)
            groups.setdefault((1, c.suit), []).append(i)
        for (kind, _), members in groups.items():
            if len(members) < 2:
                continue
            for x, i in enumerate(members):
                a = cards[i]
                for j in members[x + 1:]:
                    b = cards[j]
                    if kind == 0:
                        if a.suit == b.suit and self.distinct:
                            continue
                    elif a.rank == b.rank or not self._near(a.rank, b.rank):
                        continue
                    pairs.append((pen[a.rank] + pen[b.rank], i, j))
        pairs.sort(key=lambda p: -p[0])
        used = [False] * n
        partial: list[Card] = []
        cost = 0.0
        free = jokers
        for w, i, j in pairs:
            if used[i] or used[j]:
                continue
            used[i] = used[j] = True
            if free > 0:
                free -= 1  # a joker completes this partial meld
                continue
            partial += [cards[i], cards[j]]
            cost += w * self._share(cards[i], cards[j])
        dead = [c for c, u in zip(cards, used, strict=True) if not u]
        cost += sum(pen[c.rank] for c in dead)
        cost += free * JOKER_HELD
        return partial, dead, cost

    def _near(self, a: int, b: int) -> bool:
        gap = abs(a - b)
        if self.ace_high and (a == 1 or b == 1):
            gap = min(gap, 14 - (b if a == 1 else a))
        return gap <= 2

    def _share(self, a: Card, b: Card) -> float:
        if self.live is None:
            return PARTIAL_SHARE
        outs = sum(self.live[c] for c in self._completions(a, b)) + self.live[JOKER]
        return (0.9, 0.7, 0.55, 0.45)[min(outs, 3)]

    def _completions(self, a: Card, b: Card) -> list[Card]:
        if a.rank == b.rank:
            return [Card(a.rank, s) for s in range(4) if not (self.distinct and s in
                                                               (a.suit, b.suit))]
        lo, hi = sorted((a.rank, b.rank))
        if self.ace_high and lo == 1 and hi >= 12:
            lo, hi = hi, 14
        ranks = [lo + 1] if hi - lo == 2 else [lo - 1, hi + 1]
        return [Card(14 - 13 if r == 14 else r, a.suit) for r in ranks if 1 <= r <= 14]

    def _candidates(self, counts: Counter[Card]) -> list[tuple[Card, ...]]:
        """Natural melds the hand holds: the rules layer's melds without jokers."""
        return meld_cards(counts.elements(), self.rules, self.round_index, max_jokers=0)

    # --- the requirement ----------------------------------------------------------------
    def _req_missing(self, counts: Counter[Card], jokers: int) -> int:
        req = self.requirement
        if req.none or req.all_at_once:
            return 0
        if req.points:
            value = 0
            for meld in self._candidates(counts):
                value = max(value, sum(min(c.rank, 10) if c.rank > 1 else 11 for c in meld))
            return max(0, (req.points - value + 9) // 10 - jokers)
        grid = _grid(counts)
        best = 99
        for alt in req.alternatives:
            need = sum(self._missing(kind, size, grid) for kind, size in alt)
            best = min(best, need)
        return max(0, best - jokers)

    def _missing(self, kind: str, size: int, grid: list[list[int]]) -> int:
        if kind == "set":
            most = 0
            for rank in range(1, 14):
                held = [grid[s][rank] for s in range(4)]
                most = max(most, sum(1 for h in held if h) if self.distinct else sum(held))
            return max(0, min(size, self.set_max) - most)
        top = 14 if self.ace_high else 13
        best = size
        for suit in range(4):
            have = [1 if h else 0 for h in grid[suit]]
            got = sum(have[1: 1 + size])
            best = min(best, size - got)
            for lo in range(2, top - size + 2):
                got += have[lo + size - 1] - have[lo - 1]
                best = min(best, size - got)
        return best


def _grid(counts: Counter[Card]) -> list[list[int]]:
    """Copies held per suit and position (1..13, and 14 = the ace again)."""
    grid = [[0] * 15 for _ in range(4)]
    for c, k in counts.items():
        if c.natural:
            grid[c.suit][c.rank] += k
            if c.rank == 1:
                grid[c.suit][14] += k
    return grid


def without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of ``card``."""
    out = list(hand)
    out.remove(JOKER if card.joker else card)
    return tuple(out)


class _MeldSearch:
    """The exact search of ``HandEval._arrange``: which melds to lay, depth first, the
    cards by weight, at most 400 nodes. A class, not functions nested in ``_arrange``:
    compiled, a nested function and the frame it reads refer to each other, a cycle that
    only the gc frees (every hand scored left one behind)."""

    def __init__(self, evaluator: HandEval, melds: list[tuple[Card, ...]],
                 needs: list[tuple[tuple[Card, int], ...]], by_card: dict[Card, list[int]],
                 order: list[Card], left: dict[Card, int], jokers: int) -> None:
        self.evaluator = evaluator
        self.melds = melds
        self.needs = needs
        self.by_card = by_card
        self.order = order
        self.left = left  # copies of each card not yet in a meld nor set aside
        self.jokers = jokers
        self.best: tuple[float, list[Card], list[Card], list[Card]] | None = None
        self.budget = 400

    def fits(self, i: int) -> bool:
        left = self.left
        return all(left[c] >= k for c, k in self.needs[i])

    def search(self, chosen: list[Card], aside: list[Card]) -> None:
        left = self.left
        self.budget -= 1
        first = None
        if self.budget > 0:
            for c in self.order:
                if left[c] > 0 and any(self.fits(i) for i in self.by_card[c]):
                    first = c
                    break
        if first is None:
            rest = [c for c, k in left.items() for _ in range(k)]
            partial, dead, cost = self.evaluator._rest([*rest, *aside], self.jokers)
            if self.best is None or cost < self.best[0]:
                self.best = (cost, list(chosen), partial, dead)
            return
        needs, melds = self.needs, self.melds
        for i in self.by_card[first]:
            if self.fits(i):
                for c, k in needs[i]:
                    left[c] -= k
                self.search([*chosen, *melds[i]], aside)
                for c, k in needs[i]:
                    left[c] += k
        k = left[first]
        left[first] = 0  # no copy of ``first`` in a meld: the search moves on
        self.search(chosen, [*aside, *(first,) * k])
        left[first] = k
