"""Hand analysis: the exact best arrangement of a hand into melds, coming out, and outs.

Bots call this inside their search, so it is built for speed. A hand becomes one Python
int: four bits per distinct natural card (its count, up to 7 copies), with the top bit of
each field a guard, so "does the hand still hold these cards" is one subtraction and one AND.
Every valid meld the hand can make is listed once as a *pattern* (the naturals it takes as
such an int, and the jokers it needs); a pattern is filed under its lowest natural card.

The search then follows van Rijn, Takes & Vis ("The Complexity of Rummikub Problems"): a
memoised recursion that always decides the lowest card left (suit, then rank), either
keeping it in hand or putting it in one of the melds whose lowest card it is. The lowest
card of any meld is decided before the meld's other cards, so every partition of the hand is
reached, and the memo (remaining cards, jokers left) makes it a DP over what is left.

Jokers are written with the card they stand for (``Card(rank, suit, True)``), never for a
card in ``blocked`` (every copy already on the table). The engine also refuses a joker whose
card would then exceed the packs' copies counting the table *and* the new melds; a caller that
needs that exactly passes the cards with a copy left on the table as ``blocked`` as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, product
from typing import NamedTuple

from .cards import JOKER, NATURALS, Card
from .melds import Meld, card_value
from .memo import BUDGET, drop_oldest, register
from .requirements import Requirement
from .rules import PENALTY_KEYS, Rules

_BITS = 4  # bits per card field: a count of 0..7 plus a guard bit
_FIELD = (1 << _BITS) - 1  # one card field of a hand int
BIG_HAND = 20  # "all at once" on more cards than this covers the hardest cards first
_NO_BLOCK: frozenset[Card] = frozenset()


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds chosen from a hand, the cards left over, and their penalty."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    penalty: int


class _Params(NamedTuple):
    """The rule values that matter to melding in one round (hashable, for the cache)."""

    distinct: bool
    set_max: int | None
    ace_high: bool
    gap: int
    penalties: tuple[int, ...]  # index = rank (0 unused)
    joker_penalty: int


def _params(rules: Rules, round_index: int, come_out: bool) -> _Params:
    table = rules.penalty
    return _Params(
        rules.distinct_suits(round_index), rules.set_max, rules.ace_high, rules.joker_gap,
        (0, *(table[k] for k in PENALTY_KEYS[:13])),
        rules.penalty_of(0, True, come_out),
    )


class _Pattern(NamedTuple):
    need: int  # naturals taken, as a hand int
    jokers: int
    kind: str
    value: int  # meld value (points requirements)
    size: int
    spec: tuple[int, ...]  # set: rank, suits (naturals' first); run: suit, start, joker places
    naturals: int = 0  # sets: how many of the suits are naturals


def _build(pt: _Pattern) -> Meld:
    """The meld a pattern stands for (built only when asked: most patterns never are)."""
    if pt.kind == "set":
        rank, suits = pt.spec[0], pt.spec[1:]
        return Meld("set", tuple(Card(rank, s, True) if i >= pt.naturals
                                 else NATURALS[s * 13 + rank - 1] for i, s in enumerate(suits)))
    suit, start, wild = pt.spec[0], pt.spec[1], pt.spec[2:]
    return Meld("run", tuple(Card(q if q <= 13 else 1, suit, True) if q in wild
                             else NATURALS[suit * 13 + (q - 1) % 13]
                             for q in range(start, start + pt.size)), start)


class _Hand:
    """A hand compiled for the search: card fields, patterns, and penalties."""

    __slots__ = ("by_low", "cards", "full", "guard", "jokers", "patterns", "pen")

    def __init__(self, hand: Sequence[Card], p: _Params, blocked: frozenset[Card],
                 hard_first: bool = False) -> None:
        counts: dict[tuple[int, int], int] = {}
        jokers = 0
        for c in hand:
            if c.joker:
                jokers += 1
            else:
                key = (c.suit, c.rank)
                counts[key] = counts.get(key, 0) + 1
        order = sorted(counts)
        index = {k: i for i, k in enumerate(order)}
        patterns = _patterns(counts, index, jokers, p, blocked)
        if hard_first:
            order = _hard_first(order, counts, patterns)
            moved = [0] * len(order)
            for i, k in enumerate(order):
                moved[index[k]] = i
            patterns = [pt._replace(need=_moved(pt.need, moved)) for pt in patterns]
            index = {k: i for i, k in enumerate(order)}
        self.cards = [Card(r, s) for s, r in order]
        self.pen = [p.penalties[r] for _, r in order]
        self.jokers = jokers
        self.full = sum(counts[k] << (_BITS * i) for k, i in index.items())
        self.guard = sum(1 << (_BITS * i + _BITS - 1) for i in range(len(order)))
        self.patterns = patterns
        by_low: list[list[tuple[int, int]]] = [[] for _ in order]
        seen: set[tuple[int, int]] = set()
        for pat in self.patterns:
            key = (pat.need, pat.jokers)
            if key in seen:
                continue
            seen.add(key)
            low = ((pat.need & -pat.need).bit_length() - 1) // _BITS
            by_low[low].append(key)
        for options in by_low:  # more cards first: good answers early, for the cut-off at 0
            options.sort(key=lambda o: -(o[0].bit_count() * 8 + o[1]))
        self.by_low = by_low

    def count(self, mask: int) -> int:
        total = 0
        while mask:
            total += mask & 0x7
            mask >>= _BITS
        return total

    def naturals(self, mask: int) -> list[Card]:
        out: list[Card] = []
        i = 0
        while mask:
            out.extend([self.cards[i]] * (mask & 0x7))
            mask >>= _BITS
            i += 1
        return out


def _hard_first(order: list[tuple[int, int]], counts: dict[tuple[int, int], int],
                patterns: list[_Pattern]) -> list[tuple[int, int]]:
    """The card fields reordered so that the cards fewest melds can take come first.

    The searches cover the lowest field first. In (suit, rank) order a card no meld can
    take is found only after every way to lay the cards below it, which on a big hand
    (buying: 40 cards and more) is millions of ways; first, it ends the search at once.
    """
    cover = [0] * len(order)
    for pt in patterns:
        need, i = pt.need, 0
        while need:
            if need & 0x7:
                cover[i] += 1
            need >>= _BITS
            i += 1
    return [k for _, k in sorted(((cover[i] / counts[k], k) for i, k in enumerate(order)))]


def _moved(need: int, moved: list[int]) -> int:
    """A hand int with card field i moved to field ``moved[i]``."""
    out, i = 0, 0
    while need:
        out |= (need & _FIELD) << (_BITS * moved[i])
        need >>= _BITS
        i += 1
    return out


def _patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
              jokers: int, p: _Params, blocked: frozenset[Card]) -> list[_Pattern]:
    found: list[_Pattern] = []
    _set_patterns(counts, index, jokers, p, blocked, found)
    _run_patterns(counts, index, jokers, p, blocked, found)
    return found


def _set_patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
                  jokers: int, p: _Params, blocked: frozenset[Card],
                  found: list[_Pattern]) -> None:
    by_rank: dict[int, list[tuple[int, int]]] = {}
    for (s, r), n in counts.items():
        by_rank.setdefault(r, []).append((s, n))
    top = p.set_max if p.set_max is not None else 99
    if p.distinct:
        top = min(top, 4)
    each = 1 if p.distinct else 7
    for rank, suits in by_rank.items():
        if sum(min(n, each) for _, n in suits) + jokers < 3:
            continue
        free_suits = [s for s in range(4) if Card(rank, s) not in blocked] if blocked \
            else [0, 1, 2, 3]
        for take in product(*(range(min(n, each) + 1) for _, n in suits)):
            naturals = sum(take)
            if naturals == 0:
                continue
            need = sum(k << (_BITS * index[(s, rank)]) for (s, _), k in zip(suits, take,
                                                                         strict=True))
            used = {s: k for (s, _), k in zip(suits, take, strict=True) if k}
            natural_suits = tuple(sorted(s for s, k in used.items() for _ in range(k)))
            for j in range(jokers + 1):
                size = naturals + j
                if size > top:
                    break
                if size < 3:
                    continue
                if j and p.gap and naturals < (j - 1) * p.gap:
                    break
                faces = _set_joker_suits(used, j, free_suits, p.distinct)
                if faces is None:
                    break
                found.append(_Pattern(need, j, "set", size * card_value(rank, False), size,
                                      (rank, *natural_suits, *faces), naturals))


def _set_joker_suits(used: dict[int, int], j: int, free: list[int],
                     distinct: bool) -> list[int] | None:
    """Suits for ``j`` set jokers: a missing suit each (distinct), else the least used."""
    if not j:
        return []
    if distinct:
        missing = [s for s in free if s not in used]
        return missing[:j] if len(missing) >= j else None
    if not free:
        return None
    load = {s: used.get(s, 0) for s in free}
    out = []
    for _ in range(j):
        s = min(free, key=lambda x: (load[x], x))
        load[s] += 1
        out.append(s)
    return sorted(out)


def _run_patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
                  jokers: int, p: _Params, blocked: frozenset[Card],
                  found: list[_Pattern]) -> None:
    top = 14 if p.ace_high else 13
    gap = p.gap
    # value of each position (ace 1 low, 11 high), as prefix sums
    prefix = [0]
    for q in range(1, 15):
        prefix.append(prefix[-1] + card_value(q if q <= 13 else 1, q == 1))
    for suit in range(4):
        bits = [0] * 15
        for q in range(1, top + 1):
            rank = q if q <= 13 else 1
            if (suit, rank) in counts:
                bits[q] = 1 << (_BITS * index[(suit, rank)])
        places = [q for q in range(1, top + 1) if bits[q]]
        if not places:
            continue
        if blocked:
            ok_joker = [q <= top and Card(q if q <= 13 else 1, suit) not in blocked
                        for q in range(15)]
        else:
            ok_joker = [q <= top for q in range(15)]
        # a run starts at a natural card or at most ``jokers`` places below one
        starts = sorted({a for q in places for a in range(max(1, q - jokers), q + 1)})
        for a in starts:
            if a > top - 2:
                break
            missing: list[int] = []
            present: list[int] = []
            need = 0
            for b in range(a, top + 1):
                if a == 1 and b == 14:
                    break
                if bits[b]:
                    present.append(b)
                    need += bits[b]
                else:
                    if not ok_joker[b] or len(missing) == jokers:
                        break
                    if gap and missing and b - missing[-1] <= gap:
                        break
                    missing.append(b)
                if b - a < 2 or not present:
                    continue
                size = b - a + 1
                value = prefix[b] - prefix[a - 1]
                found.append(_Pattern(need, len(missing), "run", value, size,
                                      (suit, a, *missing)))
                spare = jokers - len(missing)
                for k in range(1, min(spare, len(present) - 1) + 1):
                    for extra in combinations(present, k):
                        if not all(ok_joker[q] for q in extra):
                            continue
                        wild = sorted((*missing, *extra))
                        if gap and any(y - x <= gap for x, y in pairwise(wild)):
                            continue
                        found.append(_Pattern(need - sum(bits[q] for q in extra), len(wild),
                                              "run", value, size, (suit, a, *wild)))


_CACHE: dict[tuple[object, ...], _Hand] = {}  # the bound: memo.BUDGET["analysis"]
register("analysis", _CACHE.__len__, lambda: _CACHE, _CACHE.clear)
_CACHE_SIZE = BUDGET["analysis"]


def _compile(hand: Iterable[Card], p: _Params, blocked: frozenset[Card],
             hard_first: bool = False) -> _Hand:
    cards = tuple(sorted(hand))
    key = (cards, p, blocked, hard_first)
    compiled = _CACHE.get(key)
    if compiled is None:
        if len(_CACHE) >= _CACHE_SIZE:
            drop_oldest(_CACHE, _CACHE_SIZE // 2)
        compiled = _CACHE[key] = _Hand(cards, p, blocked, hard_first)
    return compiled


def _pattern_of(h: _Hand, need: int, jokers: int, kind: str | None = None) -> _Pattern:
    best: _Pattern | None = None
    for pat in h.patterns:
        if pat.need == need and pat.jokers == jokers and kind in (None, pat.kind) and (
            best is None or pat.value > best.value
        ):
            best = pat
    assert best is not None
    return best


# --- the minimum-penalty arrangement -------------------------------------------------------

def arrange(hand: Sequence[Card], rules: Rules, round_index: int,
            blocked: frozenset[Card] = _NO_BLOCK, *, come_out: bool = True) -> Arrangement:
    """The melds that leave the least penalty in ``hand`` (jokers left count as jokers).

    ``come_out`` picks the joker penalty where the rules have one for "not yet come out".
    """
    p = _params(rules, round_index, come_out)
    h = _compile(hand, p, blocked)
    return _arrange(h, p, h.jokers)


def arrange_penalty(hand: Sequence[Card], rules: Rules, round_index: int,
                    blocked: frozenset[Card] = _NO_BLOCK, *, come_out: bool = True) -> int:
    """Only the penalty of :func:`arrange` (no melds built): the cheapest call for a bot."""
    p = _params(rules, round_index, come_out)
    h = _compile(hand, p, blocked)
    return _min_penalty(h, p.joker_penalty)(h.full, h.jokers)


def _min_penalty(h: _Hand, joker_penalty: int) -> Callable[[int, int], int]:
    memo: dict[int, int] = {}
    guard, by_low, pen = h.guard, h.by_low, h.pen

    def f(mask: int, jokers: int) -> int:
        if not mask:
            return jokers * joker_penalty
        key = mask << 5 | jokers
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        best = pen[i] + f(mask - (1 << (_BITS * i)), jokers)
        if best:
            for need, j in by_low[i]:
                if j <= jokers and ((mask | guard) - need) & guard == guard:
                    v = f(mask - need, jokers - j)
                    if v < best:
                        best = v
                        if not v:
                            break
        memo[key] = best
        return best

    return f


def _arrange(h: _Hand, p: _Params, jokers: int) -> Arrangement:
    f = _min_penalty(h, p.joker_penalty)
    total = f(h.full, jokers)
    melds: list[Meld] = []
    left: list[Card] = []
    mask, j = h.full, jokers
    while mask:
        value = f(mask, j)
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (_BITS * i))
        if h.pen[i] + f(rest, j) == value:
            left.append(h.cards[i])
            mask = rest
            continue
        for need, k in h.by_low[i]:
            if k <= j and ((mask | h.guard) - need) & h.guard == h.guard \
                    and f(mask - need, j - k) == value:
                melds.append(_build(_pattern_of(h, need, k)))
                mask, j = mask - need, j - k
                break
        else:  # pragma: no cover - the recursion above found this value
            raise AssertionError("arrangement lost")
    left.extend([Card(0, -1, True)] * (j + h.jokers - jokers))
    return Arrangement(tuple(melds), tuple(left), total + (h.jokers - jokers) * p.joker_penalty)


# --- coming out ------------------------------------------------------------------------------

def can_come_out(hand: Sequence[Card], rules: Rules, round_index: int,
                 requirement: Requirement | None = None,
                 blocked: frozenset[Card] = _NO_BLOCK) -> tuple[Meld, ...] | None:
    """Melds from ``hand`` that meet the round's requirement in one coming-out action, or None.

    As the engine asks: "set 3 + run 3" is two separate melds (exactly the melds named, so
    it also holds under ``opening_only_contract``); "points N" is melds worth N together;
    "all" lays the whole hand but one card (or all of it where going out by melding is
    allowed); jokers only where ``joker_in_first_meld``; where going out is by discarding, a
    card must stay in hand. Among the options it returns one with the fewest jokers.
    """
    req = requirement if requirement is not None else rules.requirement(round_index)
    p = _params(rules, round_index, False)
    h = _compile(hand, p, blocked, hard_first=req.all_at_once and len(hand) > BIG_HAND)
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
        return next(((_build(pt),) for pt in h.patterns
                     if pt.jokers <= jokers and pt.size <= total - keep), None)
    return _alternatives(h, req, jokers, total - keep)


def _alternatives(h: _Hand, req: Requirement, jokers: int,
                  most: int) -> tuple[Meld, ...] | None:
    """Disjoint melds, one per named meld, laying at most ``most`` cards; fewest jokers."""
    guard = h.guard
    pats = sorted((pt for pt in h.patterns if pt.jokers <= jokers),
                  key=lambda pt: (pt.jokers, -pt.size))
    best: tuple[int, tuple[_Pattern, ...]] | None = None
    for alt in req.alternatives:
        lists = [[pt for pt in pats if pt.kind == kind and pt.size >= size]
                 for kind, size in alt]
        found = _fill_alt(lists, alt, guard, h.full, jokers, most,
                          best[0] if best is not None else jokers + 1)
        if found is not None and (best is None or found[0] < best[0]):
            best = found
            if not best[0]:
                break
    return tuple(_build(pt) for pt in best[1]) if best is not None else None


def _fill_alt(lists: list[list[_Pattern]], alt: tuple[tuple[str, int], ...], guard: int,
              full: int, jokers: int, most: int,
              bound: int) -> tuple[int, tuple[_Pattern, ...]] | None:
    best: tuple[int, tuple[_Pattern, ...]] | None = None
    limit = bound

    def rec(i: int, mask: int, j: int, laid: int, chosen: tuple[_Pattern, ...],
            start: int) -> None:
        nonlocal best, limit
        if jokers - j >= limit:
            return
        if i == len(lists):
            best, limit = (jokers - j, chosen), jokers - j
            return
        same = i > 0 and alt[i] == alt[i - 1]  # identical named melds: take them in order
        for n in range(start if same else 0, len(lists[i])):
            pt = lists[i][n]
            size = pt.size
            if pt.jokers <= j and laid + size <= most \
                    and ((mask | guard) - pt.need) & guard == guard:
                rec(i + 1, mask - pt.need, j - pt.jokers, laid + size, (*chosen, pt), n)
                if not limit:
                    return

    rec(0, full, jokers, 0, (), 0)
    return best


def _points(h: _Hand, points: int, jokers: int, most: int) -> tuple[Meld, ...] | None:
    """Melds worth ``points`` together laying at most ``most`` cards, with fewest jokers."""
    memo: dict[int, int] = {}
    guard = h.guard
    best_pat: dict[tuple[int, int], _Pattern] = {}
    for pt in h.patterns:
        key = (pt.need, pt.jokers)
        if pt.jokers <= jokers and (key not in best_pat or pt.value > best_pat[key].value):
            best_pat[key] = pt
    by_low: list[list[_Pattern]] = [[] for _ in h.cards]
    for (need, _), pt in best_pat.items():
        by_low[((need & -need).bit_length() - 1) >> 2].append(pt)

    def g(mask: int, j: int) -> int:
        if not mask:
            return 0
        key = mask << 5 | j
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        best = g(mask - (1 << (_BITS * i)), j)
        for pt in by_low[i]:
            if pt.jokers <= j and ((mask | guard) - pt.need) & guard == guard:
                v = pt.value + g(mask - pt.need, j - pt.jokers)
                if v > best:
                    best = v
        memo[key] = best
        return best

    # Laying at most ``most`` cards: a packing that keeps a card keeps some card c, so it
    # is a packing of the hand without c (a natural, or a joker).
    total = h.count(h.full) + h.jokers
    starts = [(h.full, 0)]
    if most < total:
        starts = [(h.full - (1 << (_BITS * i)), 0) for i in range(len(h.cards))]
        if h.jokers:
            starts.append((h.full, 1))
    for budget in range(jokers + 1):
        for mask0, held in starts:
            j0 = min(budget, h.jokers - held)
            if g(mask0, j0) >= points:
                return _points_melds(g, by_low, guard, mask0, j0)
    return None


def _points_melds(g: Callable[[int, int], int], by_low: list[list[_Pattern]], guard: int,
                  mask: int, j: int) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    while mask:
        value = g(mask, j)
        if not value:
            break
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (_BITS * i))
        if g(rest, j) == value:
            mask = rest
            continue
        for pt in by_low[i]:
            if pt.jokers <= j and ((mask | guard) - pt.need) & guard == guard \
                    and pt.value + g(mask - pt.need, j - pt.jokers) == value:
                melds.append(_build(pt))
                mask, j = mask - pt.need, j - pt.jokers
                break
    return tuple(melds)


def _all_at_once(h: _Hand, rules: Rules, jokers: int) -> tuple[Meld, ...] | None:
    """The whole hand in melds but one card (none left only where going out by melding)."""
    exact_one = rules.going_out == "discard"
    if h.jokers - jokers > 1:  # jokers that may not be melded stay in hand: one at most
        return None
    spare = 1 if h.jokers == jokers else 0  # a joker kept back is the card left over
    memo: dict[int, bool] = {}
    guard = h.guard

    def a(mask: int, j: int, spare: int) -> bool:
        if not mask:
            return j == spare if exact_one else j <= spare
        key = (mask << 5 | j) << 1 | spare
        got = memo.get(key)
        if got is not None:
            return got
        i = ((mask & -mask).bit_length() - 1) >> 2
        ok = bool(spare) and a(mask - (1 << (_BITS * i)), j, 0)
        if not ok:
            for need, k in h.by_low[i]:
                if k <= j and ((mask | guard) - need) & guard == guard \
                        and a(mask - need, j - k, spare):
                    ok = True
                    break
        memo[key] = ok
        return ok

    if not a(h.full, jokers, spare):
        return None
    melds: list[Meld] = []
    mask, j = h.full, jokers
    while mask:
        i = ((mask & -mask).bit_length() - 1) >> 2
        rest = mask - (1 << (_BITS * i))
        if spare and a(rest, j, 0):
            mask, spare = rest, 0
            continue
        for need, k in h.by_low[i]:
            if k <= j and ((mask | guard) - need) & guard == guard \
                    and a(mask - need, j - k, spare):
                melds.append(_build(_pattern_of(h, need, k)))
                mask, j = mask - need, j - k
                break
    return tuple(melds) if melds else None


def outs(hand: Sequence[Card], rules: Rules, round_index: int,
         requirement: Requirement | None = None,
         blocked: frozenset[Card] = _NO_BLOCK) -> set[Card]:
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
                 blocked: frozenset[Card] = _NO_BLOCK) -> None:
        base = _params(rules, round_index, False)
        unit = base._replace(penalties=(0, *(1,) * 13), joker_penalty=1)
        self._hand = h = _Hand(tuple(sorted(cards)), unit, blocked)
        self._index = {c: 1 << (_BITS * i) for i, c in enumerate(h.cards)}
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
        if budget and self.fits(mask - (1 << (_BITS * i)), jokers, budget - 1):
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
            ok = self.leaves(mask - (1 << (_BITS * i)), jokers, lo - 1, hi - 1)
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
