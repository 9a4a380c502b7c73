"""Coming-out options for move listing and hints, from the melds rules/patterns.py lists.

What a meld may hold is rules/patterns.py's (the rules layer's one meld enumerator); options are
always confirmed by the engine (``allowed``, a silent ``check``). The search is bounded
(``limit``); it lists simple options, not every possible combination.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ..rules.cards import JOKER, Card, to_hand
from ..rules.house import Rules
from ..rules.melds import read_meld
from ..rules.patterns import Group, meld_cards
from ..rules.requirements import Requirement
from .hands import can_come_out


def candidate_melds(hand: Sequence[Card], rules: Rules, round_index: int,
                    max_jokers: int = 2, sets: bool = True, runs: bool = True) -> list[Group]:
    """The melds worth listing from ``hand``: the rules layer's melds (``patterns``), with
    at most ``max_jokers`` jokers, each standing for a card the hand lacks (a run that
    needs a card held gets it as itself); only runs without ``sets``, only sets without
    ``runs``."""
    return meld_cards(hand, rules, round_index, max_jokers=max_jokers, sets=sets, runs=runs,
                      held=False)


def _take_from(have: Counter[Card], group: Group) -> Counter[Card] | None:
    need = Counter(to_hand(c) for c in group)
    for card, k in need.items():
        if have[card] < k:
            return None
    return have - need


def _could_lay_all(hand: Sequence[Card], rules: Rules, round_index: int) -> bool:
    """A quick necessary test for laying the whole hand but one card.

    A natural card in no joker-free meld the hand can make ("lonely") can only go in a
    meld with a joker, and there are at most as many such melds as jokers held. So the
    melds with jokers that the hand can make must hold all lonely cards but one, using no
    more jokers than held (``_cover``). Checked for up to three jokers; with more, the
    exact solver answers.

    Most hands are settled by the joker-free melds alone (a short, memoised listing). Only
    then are melds with jokers listed, and only those that can hold a lonely card: the sets
    of its rank, the runs of its suit (a listing of the whole hand with three jokers runs to
    thousands of melds).
    """
    jokers = sum(1 for c in hand if c.joker)
    if jokers > 3:
        return True
    covered: set[Card] = set()
    for g in candidate_melds(hand, rules, round_index, max_jokers=0):
        covered.update(g)
    lonely = frozenset(c for c in hand if c.natural and c not in covered)
    if len(lonely) <= 1:
        return True
    if not jokers:
        return False
    ranks = {c.rank for c in lonely}
    suits = {c.suit for c in lonely}
    by_rank = [c for c in hand if c.joker or c.rank in ranks]
    by_suit = [c for c in hand if c.joker or c.suit in suits]
    groups = [*candidate_melds(by_rank, rules, round_index, max_jokers=jokers, runs=False),
              *candidate_melds(by_suit, rules, round_index, max_jokers=jokers, sets=False)]
    reach: dict[frozenset[Card], int] = {}  # lonely cards of a meld with jokers: fewest jokers
    for g in groups:
        mine = lonely.intersection(g)  # none in a meld without jokers: they are covered
        if mine:
            used = sum(1 for c in g if c.joker)
            if used < reach.get(mine, 99):
                reach[mine] = used
    return _cover(lonely, reach, jokers, spare=True)


def _cover(lonely: frozenset[Card], reach: dict[frozenset[Card], int], jokers: int,
           spare: bool) -> bool:
    """Whether melds of ``reach`` (lonely cards held: jokers used), with ``jokers`` in all,
    can hold every card of ``lonely`` (all but one while ``spare``, the discard).

    The lowest card is either the one left over or in one of the melds: each step spends a
    joker or the spare, so the search is at most four deep. The melds are looked up by
    card, and each position is answered once (big hands, as buying makes them, reach
    hundreds of melds and the same positions by many paths)."""
    by_card: dict[Card, list[tuple[frozenset[Card], int]]] = {}
    for mine, used in reach.items():
        if used <= jokers:
            for c in mine:
                by_card.setdefault(c, []).append((mine, used))
    return _cover_from(lonely, by_card, jokers, spare, {})


def _cover_from(lonely: frozenset[Card], by_card: dict[Card, list[tuple[frozenset[Card], int]]],
                jokers: int, spare: bool, seen: dict[tuple[frozenset[Card], int, bool], bool],
                ) -> bool:
    if not lonely or (spare and len(lonely) == 1):
        return True
    key = (lonely, jokers, spare)
    known = seen.get(key)
    if known is not None:
        return known
    low = min(lonely)
    found = (spare and _cover_from(lonely - {low}, by_card, jokers, False, seen)) or any(
        used <= jokers and _cover_from(lonely - mine, by_card, jokers - used, spare, seen)
        for mine, used in by_card.get(low, ()))
    seen[key] = found
    return found


def coming_out_options(hand: Sequence[Card], rules: Rules, round_index: int,
                       req: Requirement, must_include: Card | None = None,
                       limit: int = 12) -> list[tuple[Group, ...]]:
    """Sets of melds from ``hand`` that meet ``req`` (the engine confirms each)."""
    if req.all_at_once and not _could_lay_all(hand, rules, round_index):
        return []
    single = all(len(alt) == 1 for alt in req.alternatives)  # "set 3 | run 4", "none"
    # Combinations of melds are slow to list: ask the exact solver first whether there is
    # any way at all (single melds are listed faster than it answers).
    if (not single or req.points or req.all_at_once) and \
            can_come_out(hand, rules, round_index, req) is None:
        return []
    kinds = {"set", "run"} if not single or req.points or req.none or req.all_at_once \
        else {kind for alt in req.alternatives for kind, _ in alt}
    candidates = candidate_melds(hand, rules, round_index,
                                 sets="set" in kinds, runs="run" in kinds)
    have = Counter(hand)
    options: list[tuple[Group, ...]] = []
    target = to_hand(must_include) if must_include is not None else None

    if req.all_at_once:
        for option in _partitions(have, candidates, len(hand), limit * 4):
            if _uses(option, target):
                options.append(option)
                if len(options) >= limit:
                    break
        return options
    if req.points:
        values = {g: read_meld(g, rules, round_index).value() for g in candidates}
        ordered = sorted(candidates, key=lambda g: -values[g])
        _PointsSearch(ordered, values, req.points, target, options, limit).rec(
            0, have, (), 0)
        return options
    if req.none:
        singles: list[tuple[Group, ...]] = [(g,) for g in candidates if _uses((g,), target)]
        return singles[:limit]
    if single:  # every candidate is held: each one of the asked kind and size will do
        for (kind, size), in req.alternatives:
            for g in candidates:
                if _kind(g) == kind and len(g) >= size and _uses((g,), target):
                    options.append((g,))
                    if len(options) >= limit:
                        return options
        return options
    for alt in req.alternatives:
        for option in _fill(alt, candidates, have):
            if _uses(option, target):
                options.append(option)
                if len(options) >= limit:
                    return options
    return options


def _fill(alt: tuple[tuple[str, int], ...], candidates: list[Group],
          have: Counter[Card]) -> Iterator[tuple[Group, ...]]:
    kinds = {g: _kind(g) for g in candidates}
    yield from _fill_from(alt, candidates, kinds, 0, have, ())


def _fill_from(alt: tuple[tuple[str, int], ...], candidates: list[Group],
               kinds: dict[Group, str], i: int, left: Counter[Card],
               chosen: tuple[Group, ...]) -> Iterator[tuple[Group, ...]]:
    """``chosen`` completed with melds of ``candidates`` for ``alt[i:]``, from ``left``."""
    if i == len(alt):
        yield chosen
        return
    kind, size = alt[i]
    for g in candidates:
        if kinds[g] == kind and len(g) >= size:
            rest = _take_from(left, g)
            if rest is not None:
                yield from _fill_from(alt, candidates, kinds, i + 1, rest, (*chosen, g))


# The searches here are functions of the module, not nested ones: compiled, a nested
# function and the frame it reads refer to each other, a cycle only the gc frees (each
# listing of the moves left one behind).

def _uses(groups: tuple[Group, ...], target: Card | None) -> bool:
    """Whether ``groups`` hold ``target`` (None: any groups will do)."""
    return target is None or any(to_hand(c) == target for g in groups for c in g)


class _PointsSearch:
    """Sets of melds worth ``points``, depth first over the melds in order of value, into
    ``options`` (at most ``limit``, 4,000 nodes)."""

    def __init__(self, ordered: list[Group], values: dict[Group, int], points: int,
                 target: Card | None, options: list[tuple[Group, ...]], limit: int) -> None:
        self.ordered = ordered
        self.values = values
        self.points = points
        self.target = target
        self.options = options
        self.limit = limit
        self.budget = 4000


    def rec(self, start: int, left: Counter[Card], chosen: tuple[Group, ...],
            total: int) -> None:
        if len(self.options) >= self.limit or self.budget <= 0:
            return
        self.budget -= 1
        if total >= self.points:
            if _uses(chosen, self.target):
                self.options.append(chosen)
            return
        ordered = self.ordered
        for i in range(start, len(ordered)):
            rest = _take_from(left, ordered[i])
            if rest is not None:
                self.rec(i + 1, rest, (*chosen, ordered[i]), total + self.values[ordered[i]])


def _kind(group: Group) -> str:
    """A candidate meld's kind: a set's cards (jokers written with their card) share a rank."""
    rank = group[0].rank
    return "set" if all(c.rank == rank for c in group) else "run"


def _partitions(have: Counter[Card], candidates: list[Group], size: int,
                budget: int) -> Iterator[tuple[Group, ...]]:
    """Ways to lay the whole hand but at most one card (the discard)."""
    yield from _partitions_from(candidates, [budget], have, (), True)


def _partitions_from(candidates: list[Group], nodes: list[int], left: Counter[Card],
                     chosen: tuple[Group, ...], spare: bool) -> Iterator[tuple[Group, ...]]:
    """``chosen`` completed with melds of ``candidates`` laying all of ``left`` (but one card
    while ``spare``); ``nodes[0]``: the positions the search may still visit."""
    nodes[0] -= 1
    if nodes[0] < 0:
        return
    remaining = sum(left.values())
    if remaining == 0 or (remaining == 1 and spare):
        yield chosen
        return
    naturals = sorted(c for c in left.elements() if c.natural)
    first = naturals[0] if naturals else JOKER
    for g in candidates:
        if first in g or (first.joker and any(c.joker for c in g)):
            rest = _take_from(left, g)
            if rest is not None:
                yield from _partitions_from(candidates, nodes, rest, (*chosen, g), spare)
    if spare:
        rest = left.copy()
        rest[first] -= 1
        yield from _partitions_from(candidates, nodes, +rest, chosen, False)
