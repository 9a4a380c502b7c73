"""Hand analysis: the exact best arrangement of a hand into melds, coming out, and outs.

Bots call this inside their search, so it is built for speed. The hand and every meld it
can make come from rules/patterns.py (the one meld enumerator), as hand ints and patterns.

The search then follows van Rijn, Takes & Vis ("The Complexity of Rummikub Problems"): a
memoised recursion that always decides the lowest card left (suit, then rank), either
keeping it in hand or putting it in one of the melds whose lowest card it is. The lowest
card of any meld is decided before the meld's other cards, so every partition of the hand is
reached, and the memo (remaining cards, jokers left) makes it a DP over what is left.

The engine also refuses a joker whose card would then exceed the packs' copies counting the
table *and* the new melds; a caller that needs that exactly passes the cards with a copy left
on the table as ``blocked`` as well (the engine's own legality, engine/usable.py, confirms every
option with the engine instead).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..rules.cards import JOKER, Card
from ..rules.house import Rules
from ..rules.melds import Meld
from ..rules.patterns import (
    BITS,
    NO_BLOCK,
    CompiledHand,
    MeldParams,
    Pattern,
    compile_hand,
    meld_params,
    pattern_meld,
    pattern_of,
)
from ..rules.requirements import Requirement


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds chosen from a hand, the cards left over, and their penalty."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    penalty: int

    def __reduce__(self) -> tuple[type[Arrangement], tuple[object, ...]]:
        return Arrangement, (self.melds, self.left, self.penalty)  # see State.__reduce__


BIG_HAND = 20  # "all at once" on more cards than this covers the hardest cards first


# --- the minimum-penalty arrangement -------------------------------------------------------

def arrange(hand: Sequence[Card], rules: Rules, round_index: int,
            blocked: frozenset[Card] = NO_BLOCK, *, come_out: bool = True) -> Arrangement:
    """The melds that leave the least penalty in ``hand`` (jokers left count as jokers).

    ``come_out`` picks the joker penalty where the rules have one for "not yet come out".
    """
    p = meld_params(rules, round_index, come_out)
    h = compile_hand(hand, p, blocked)
    return _arrange(h, p, h.jokers)


def arrange_penalty(hand: Sequence[Card], rules: Rules, round_index: int,
                    blocked: frozenset[Card] = NO_BLOCK, *, come_out: bool = True) -> int:
    """Only the penalty of :func:`arrange` (no melds built): the cheapest call for a bot."""
    p = meld_params(rules, round_index, come_out)
    h = compile_hand(hand, p, blocked)
    return _min_penalty(h, p.joker_penalty)(h.full, h.jokers)


# The searches here are methods of small classes or functions of the module, never functions
# nested in another: compiled, a nested function and the environment it reads refer to each
# other (in pure Python a recursive one and its cell do), a cycle that only the gc frees, left
# by every call. A memo or a best-so-far is an attribute; a method recurses via ``self``.

class _MinPenalty:
    """The least penalty of a sub-hand (``f``), memoised over (cards left, jokers left)."""

    def __init__(self, h: CompiledHand, joker_penalty: int) -> None:
        self.memo: dict[int, int] = {}
        self.guard = h.guard
        self.by_low = h.by_low
        self.pen = h.pen
        self.joker_penalty = joker_penalty

    def f(self, mask: int, jokers: int) -> int:
        if not mask:
            return jokers * self.joker_penalty
        key = mask << 5 | jokers
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        best = self.pen[i] + self.f(mask - (1 << (BITS * i)), jokers)
        if best:
            guard = self.guard
            for need, j in self.by_low[i]:
                if j <= jokers and ((mask | guard) - need) & guard == guard:
                    v = self.f(mask - need, jokers - j)
                    if v < best:
                        best = v
                        if not v:
                            break
        memo[key] = best
        return best


def _min_penalty(h: CompiledHand, joker_penalty: int) -> Callable[[int, int], int]:
    return _MinPenalty(h, joker_penalty).f


def _arrange(h: CompiledHand, p: MeldParams, jokers: int) -> Arrangement:
    f = _min_penalty(h, p.joker_penalty)
    total = f(h.full, jokers)
    melds: list[Meld] = []
    left: list[Card] = []
    mask, j = h.full, jokers
    while mask:
        value = f(mask, j)
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (BITS * i))
        if h.pen[i] + f(rest, j) == value:
            left.append(h.cards[i])
            mask = rest
            continue
        for need, k in h.by_low[i]:
            if k <= j and ((mask | h.guard) - need) & h.guard == h.guard \
                    and f(mask - need, j - k) == value:
                melds.append(pattern_meld(pattern_of(h, need, k)))
                mask, j = mask - need, j - k
                break
        else:  # pragma: no cover - the recursion above found this value
            raise AssertionError("arrangement lost")
    left.extend([Card(0, -1, True)] * (j + h.jokers - jokers))
    return Arrangement(tuple(melds), tuple(left), total + (h.jokers - jokers) * p.joker_penalty)


# --- coming out ------------------------------------------------------------------------------

def can_come_out(hand: Sequence[Card], rules: Rules, round_index: int,
                 requirement: Requirement | None = None,
                 blocked: frozenset[Card] = NO_BLOCK) -> tuple[Meld, ...] | None:
    """Melds from ``hand`` that meet the round's requirement in one coming-out action, or None.

    As the engine asks: "set 3 + run 3" is two separate melds (exactly the melds named, so
    it also holds under ``opening_only_contract``); "points N" is melds worth N together;
    "all" lays the whole hand but one card (or all of it where going out by melding is
    allowed); jokers only where ``joker_in_first_meld``; where going out is by discarding, a
    card must stay in hand. Among the options it returns one with the fewest jokers.
    """
    req = requirement if requirement is not None else rules.requirement(round_index)
    p = meld_params(rules, round_index, False)
    h = compile_hand(hand, p, blocked, hard_first=req.all_at_once and len(hand) > BIG_HAND)
    jokers = h.jokers if rules.joker_in_first_meld else 0
    keep = 1 if rules.going_out == "discard" else 0  # cards that must stay in hand
    total = h.count(h.full) + h.jokers
    if req.all_at_once:
        return _all_at_once(h, rules, jokers)
    if req.points:
        return _points(h, req.points, jokers, total - keep)
    if req.none:
        melds = _arrange(h, p, jokers).melds
        if sum(len(m.cards) for m in melds) <= total - keep:
            return melds or None
        if len(melds) > 1:
            return melds[1:]
        return next(((pattern_meld(pt),) for pt in h.patterns
                     if pt.jokers <= jokers and pt.size <= total - keep), None)
    return _alternatives(h, req, jokers, total - keep)


def _alternatives(h: CompiledHand, req: Requirement, jokers: int,
                  most: int) -> tuple[Meld, ...] | None:
    """Disjoint melds, one per named meld, laying at most ``most`` cards; fewest jokers."""
    guard = h.guard
    pats = sorted((pt for pt in h.patterns if pt.jokers <= jokers),
                  key=lambda pt: (pt.jokers, -pt.size))
    best: tuple[int, tuple[Pattern, ...]] | None = None
    for alt in req.alternatives:
        lists = [[pt for pt in pats if pt.kind == kind and pt.size >= size]
                 for kind, size in alt]
        found = _fill_alt(lists, alt, guard, h.full, jokers, most,
                          best[0] if best is not None else jokers + 1)
        if found is not None and (best is None or found[0] < best[0]):
            best = found
            if not best[0]:
                break
    return tuple(pattern_meld(pt) for pt in best[1]) if best is not None else None


class _FillAlt:
    """The search of ``_fill_alt``: the best fill found so far and the jokers it beats."""

    def __init__(self, lists: list[list[Pattern]], alt: tuple[tuple[str, int], ...],
                 guard: int, jokers: int, most: int, bound: int) -> None:
        self.lists = lists
        self.alt = alt
        self.guard = guard
        self.jokers = jokers
        self.most = most
        self.best: tuple[int, tuple[Pattern, ...]] | None = None
        self.limit = bound

    def rec(self, i: int, mask: int, j: int, laid: int, chosen: tuple[Pattern, ...],
            start: int) -> None:
        jokers = self.jokers
        if jokers - j >= self.limit:
            return
        lists = self.lists
        if i == len(lists):
            self.best, self.limit = (jokers - j, chosen), jokers - j
            return
        alt = self.alt
        same = i > 0 and alt[i] == alt[i - 1]  # identical named melds: take them in order
        guard, most = self.guard, self.most
        for n in range(start if same else 0, len(lists[i])):
            pt = lists[i][n]
            size = pt.size
            if pt.jokers <= j and laid + size <= most \
                    and ((mask | guard) - pt.need) & guard == guard:
                self.rec(i + 1, mask - pt.need, j - pt.jokers, laid + size, (*chosen, pt), n)
                if not self.limit:
                    return


def _fill_alt(lists: list[list[Pattern]], alt: tuple[tuple[str, int], ...], guard: int,
              full: int, jokers: int, most: int,
              bound: int) -> tuple[int, tuple[Pattern, ...]] | None:
    search = _FillAlt(lists, alt, guard, jokers, most, bound)
    search.rec(0, full, jokers, 0, (), 0)
    return search.best


class _Points:
    """The most points melds of a sub-hand are worth (``g``), memoised."""

    def __init__(self, by_low: list[list[Pattern]], guard: int) -> None:
        self.memo: dict[int, int] = {}
        self.by_low = by_low
        self.guard = guard

    def g(self, mask: int, j: int) -> int:
        if not mask:
            return 0
        key = mask << 5 | j
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        best = self.g(mask - (1 << (BITS * i)), j)
        guard = self.guard
        for pt in self.by_low[i]:
            if pt.jokers <= j and ((mask | guard) - pt.need) & guard == guard:
                v = pt.value + self.g(mask - pt.need, j - pt.jokers)
                if v > best:
                    best = v
        memo[key] = best
        return best


def _points(h: CompiledHand, points: int, jokers: int, most: int) -> tuple[Meld, ...] | None:
    """Melds worth ``points`` together laying at most ``most`` cards, with fewest jokers."""
    guard = h.guard
    best_pat: dict[tuple[int, int], Pattern] = {}
    for pt in h.patterns:
        key = (pt.need, pt.jokers)
        if pt.jokers <= jokers and (key not in best_pat or pt.value > best_pat[key].value):
            best_pat[key] = pt
    by_low: list[list[Pattern]] = [[] for _ in h.cards]
    for (need, _), pt in best_pat.items():
        by_low[((need & -need).bit_length() - 1) >> 2].append(pt)

    g = _Points(by_low, guard).g
    # Laying at most ``most`` cards: a packing that keeps a card keeps some card c, so it
    # is a packing of the hand without c (a natural, or a joker).
    total = h.count(h.full) + h.jokers
    starts = [(h.full, 0)]
    if most < total:
        starts = [(h.full - (1 << (BITS * i)), 0) for i in range(len(h.cards))]
        if h.jokers:
            starts.append((h.full, 1))
    for budget in range(jokers + 1):
        for mask0, held in starts:
            j0 = min(budget, h.jokers - held)
            if g(mask0, j0) >= points:
                return _points_melds(g, by_low, guard, mask0, j0)
    return None


def _points_melds(g: Callable[[int, int], int], by_low: list[list[Pattern]], guard: int,
                  mask: int, j: int) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    while mask:
        value = g(mask, j)
        if not value:
            break
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (BITS * i))
        if g(rest, j) == value:
            mask = rest
            continue
        for pt in by_low[i]:
            if pt.jokers <= j and ((mask | guard) - pt.need) & guard == guard \
                    and pt.value + g(mask - pt.need, j - pt.jokers) == value:
                melds.append(pattern_meld(pt))
                mask, j = mask - pt.need, j - pt.jokers
                break
    return tuple(melds)


class _AllAtOnce:
    """Whether a sub-hand can all be melded but ``spare`` cards (``a``), memoised."""

    def __init__(self, h: CompiledHand, exact_one: bool) -> None:
        self.memo: dict[int, bool] = {}
        self.guard = h.guard
        self.by_low = h.by_low
        self.exact_one = exact_one

    def a(self, mask: int, j: int, spare: int) -> bool:
        if not mask:
            return j == spare if self.exact_one else j <= spare
        key = (mask << 5 | j) << 1 | spare
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        ok = bool(spare) and self.a(mask - (1 << (BITS * i)), j, 0)
        if not ok:
            guard = self.guard
            for need, k in self.by_low[i]:
                if k <= j and ((mask | guard) - need) & guard == guard \
                        and self.a(mask - need, j - k, spare):
                    ok = True
                    break
        memo[key] = ok
        return ok


def _all_at_once(h: CompiledHand, rules: Rules, jokers: int) -> tuple[Meld, ...] | None:
    """The whole hand in melds but one card (none left only where going out by melding)."""
    exact_one = rules.going_out == "discard"
    if h.jokers - jokers > 1:  # jokers that may not be melded stay in hand: one at most
        return None
    spare = 1 if h.jokers == jokers else 0  # a joker kept back is the card left over
    guard = h.guard
    a = _AllAtOnce(h, exact_one).a
    if not a(h.full, jokers, spare):
        return None
    melds: list[Meld] = []
    mask, j = h.full, jokers
    while mask:
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (BITS * i))
        if spare and a(rest, j, 0):
            mask, spare = rest, 0
            continue
        for need, k in h.by_low[i]:
            if k <= j and ((mask | guard) - need) & guard == guard \
                    and a(mask - need, j - k, spare):
                melds.append(pattern_meld(pattern_of(h, need, k)))
                mask, j = mask - need, j - k
                break
    return tuple(melds) if melds else None


def outs(hand: Sequence[Card], rules: Rules, round_index: int,
         requirement: Requirement | None = None,
         blocked: frozenset[Card] = NO_BLOCK) -> set[Card]:
    """The natural cards that, drawn into ``hand``, would let it come out this turn."""
    req = requirement if requirement is not None else rules.requirement(round_index)
    deck = [Card(r, s) for s in range(4) for r in range(1, 14)]
    if not req.all_at_once and can_come_out(hand, rules, round_index, req, blocked):
        return set(deck)
    base = tuple(hand)
    return {c for c in deck if can_come_out((*base, c), rules, round_index, req, blocked)}


# --- sub-hands of one pool of cards (the bots' look-ahead) ---------------------------------

class Pool:
    """A pool of cards compiled once; questions about any sub-hand of it are then cheap.

    A bot that looks ahead asks the same questions of many hands drawn from one set of
    cards (its hand less each candidate discard, plus the first t cards of a sampled draw
    order). Compiling the pool once shares the meld patterns and the memo of the leftover
    count between all of them. A sub-hand is ``(mask, jokers)``: ``mask`` as from
    :meth:`mask`, ``jokers`` the jokers it holds.
    """

    __slots__ = ("_come_out", "_count", "_exact", "_failed", "_hand", "_index", "_lists",
                 "_most_keep", "_req", "_round", "_rules")

    def __init__(self, cards: Sequence[Card], rules: Rules, round_index: int,
                 requirement: Requirement | None = None,
                 blocked: frozenset[Card] = NO_BLOCK) -> None:
        base = meld_params(rules, round_index, False)
        unit = base._replace(penalties=(0, *(1,) * 13), joker_penalty=1)
        self._hand = h = CompiledHand(tuple(sorted(cards)), unit, blocked)
        self._index = {c: 1 << (BITS * i) for i, c in enumerate(h.cards)}
        self._count = _min_penalty(h, 1)
        self._failed: dict[int, int] = {}  # (mask, jokers) -> the largest budget that failed
        self._exact: dict[tuple[int, int, int], bool] = {}
        self._req = req = requirement if requirement is not None \
            else rules.requirement(round_index)
        self._rules, self._round = rules, round_index
        self._most_keep = 1 if rules.going_out == "discard" else 0
        self._come_out = rules.joker_in_first_meld
        pats = sorted(h.patterns, key=lambda pt: (pt.jokers, -pt.size))
        self._lists = [[[pt for pt in pats if pt.kind == kind and pt.size >= size]
                        for kind, size in alt] for alt in req.alternatives]

    def mask(self, cards: Iterable[Card]) -> int:
        """The natural cards of ``cards`` (all in the pool) as a sub-hand mask."""
        index = self._index
        return sum(index[c] for c in cards if not c.joker)

    def left(self, mask: int, jokers: int) -> int:
        """The fewest cards a sub-hand keeps outside melds (the leftover jokers count)."""
        return self._count(mask, jokers)

    def fits(self, mask: int, jokers: int, budget: int) -> bool:
        """Whether the sub-hand can be melded but for at most ``budget`` cards.

        The same search as :meth:`left`, but it stops at the first arrangement within the
        budget and cuts every branch that exceeds it, so a tight budget is cheap.
        """
        if not mask:
            return jokers <= budget
        key = mask << 5 | jokers
        failed = self._failed.get(key, -1)
        if budget <= failed:
            return False
        h = self._hand
        guard = h.guard
        i = ((mask & -mask).bit_length() - 1) >> 2
        for need, j in h.by_low[i]:
            if j <= jokers and ((mask | guard) - need) & guard == guard \
                    and self.fits(mask - need, jokers - j, budget):
                return True
        if budget and self.fits(mask - (1 << (BITS * i)), jokers, budget - 1):
            return True
        self._failed[key] = budget
        return False

    def leaves(self, mask: int, jokers: int, lo: int, hi: int) -> bool:
        """Whether some arrangement leaves between ``lo`` and ``hi`` cards outside melds.

        Going out by discarding needs the cards left over to be exactly the discards:
        fewer is no good (a meld of three cannot give up a card), so :meth:`fits` is only
        the necessary condition ``lo <= 0``.
        """
        if hi < 0:
            return False
        if not mask:
            return lo <= jokers <= hi
        key = (mask << 5 | jokers, lo, hi)
        got = self._exact.get(key)
        if got is not None:
            return got
        h = self._hand
        guard = h.guard
        i = ((mask & -mask).bit_length() - 1) >> 2
        ok = False
        for need, j in h.by_low[i]:
            if j <= jokers and ((mask | guard) - need) & guard == guard \
                    and self.leaves(mask - need, jokers - j, lo, hi):
                ok = True
                break
        if not ok:
            ok = self.leaves(mask - (1 << (BITS * i)), jokers, lo - 1, hi - 1)
        self._exact[key] = ok
        return ok

    def can_come_out(self, mask: int, jokers: int) -> bool:
        """Whether the sub-hand meets the requirement ("all at once": melds leave exactly
        the card to discard, or at most one card where going out by melding is allowed)."""
        req = self._req
        if req.all_at_once and self._come_out:
            total = self._hand.count(mask) + jokers
            return total >= 2 and self.leaves(mask, jokers, self._most_keep, 1)
        if req.none:
            return True
        if req.points or req.all_at_once:  # rare in the bots' presets: the plain solver
            cards = [*self._hand.naturals(mask), *[JOKER] * jokers]
            return can_come_out(cards, self._rules, self._round, req) is not None
        use = jokers if self._come_out else 0
        most = self._hand.count(mask) + jokers - self._most_keep
        guard = self._hand.guard
        return any(_fill_alt(lists, alt, guard, mask, use, most, use + 1) is not None
                   for lists, alt in zip(self._lists, req.alternatives, strict=True))


__all__ = ["Arrangement", "Pool", "arrange", "arrange_penalty", "can_come_out", "outs"]
