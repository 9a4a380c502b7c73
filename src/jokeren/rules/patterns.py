"""Every meld a hand can make, listed once: the rules layer's meld enumerator.

A hand becomes one Python int: four bits per distinct natural card (its count, up to 7
copies), with the top bit of each field a guard, so "does the hand still hold these cards"
is one subtraction and one AND. Every valid meld the hand can make is listed once as a
*pattern* (the naturals it takes as such an int, and the jokers it needs); a pattern is
filed under its lowest natural card. What a set may hold (``set_patterns``) and what a run
may hold (``run_patterns``) are written here only: the exact solver (analysis/hands.py), the
engine's legality (engine/usable.py), the move lists and the computer players all read them.

Jokers are written with the card they stand for (``Card(rank, suit, True)``), never for a
card in ``blocked`` (every copy already on the table). ``meld_cards`` lists the same
melds as card tuples (move listing, hints, the computer players), and ``set_limit`` says how
many cards a set may hold.

The searches above the rules (analysis/hands.py, engine/usable.py, engine/rearrange.py) use:

- ``meld_params(rules, round_index, come_out)``: the rule values melding depends on in one
  round (``MeldParams``, hashable);
- ``compile_hand(hand, params, blocked)``: the hand as a ``CompiledHand`` (cached): its
  distinct natural cards (``cards``, the fields' order), ``full`` (the whole hand as a hand
  int), ``jokers``, ``pen`` (each field's penalty), ``patterns`` (every ``Pattern``) and
  ``by_low`` (each field's distinct (need, jokers) pairs, more cards first);
- a ``Pattern``: ``need`` (the naturals it takes, as a hand int), ``jokers``, ``kind``,
  ``value``, ``size``; ``pattern_meld`` builds its ``Meld``, ``pattern_of`` finds the most
  valuable pattern of a (need, jokers) pair;
- the hand int: field ``i`` (the count of ``cards[i]``) is ``(mask >> (BITS * i)) & 0x7``,
  one card of it is ``1 << (BITS * i)``, the lowest field of a mask is
  ``((mask & -mask).bit_length() - 1) // BITS``. The searches do this arithmetic in their
  inner loops themselves (compiled, a call per step would cost more than the step).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise, product
from typing import NamedTuple, final

from ..support.memo import budget, drop_oldest, register
from .cards import NATURALS, Card
from .house import PENALTY_KEYS, Rules
from .melds import Meld, card_value, memo_for

BITS = 4  # bits per card field: a count of 0..7 plus a guard bit
_FIELD = (1 << BITS) - 1  # one card field of a hand int
NO_BLOCK: frozenset[Card] = frozenset()
_ANY_SIZE = 99  # no set_max: a set is bounded only by the cards there are

Group = tuple[Card, ...]


def set_readings(naturals: Sequence[Card], rank: int, jokers: int) -> list[Group]:
    """``naturals`` (of ``rank``) and ``jokers`` jokers as a set, the jokers written as every
    choice of suits: what a caller offers the engine, which judges each."""
    return [(*naturals, *(Card(rank, s, True) for s in suits))
            for suits in combinations_with_replacement(range(4), jokers)]


def _set_top(distinct: bool, set_max: int | None) -> int:
    """The most cards a set may hold: ``set_max``, and one per suit where suits may not
    repeat. Every enumerator of sets reads it here."""
    top = set_max if set_max is not None else _ANY_SIZE
    return min(top, 4) if distinct else top


def set_limit(rules: Rules, round_index: int) -> int:
    """The most cards a set may hold in round ``round_index`` under ``rules``."""
    return _set_top(rules.distinct_suits(round_index), rules.set_max)


class MeldParams(NamedTuple):
    """The rule values that matter to melding in one round (hashable, for the cache)."""

    distinct: bool
    set_max: int | None
    ace_high: bool
    gap: int
    penalties: tuple[int, ...]  # index = rank (0 unused)
    joker_penalty: int


def meld_params(rules: Rules, round_index: int, come_out: bool) -> MeldParams:
    """The rule values of round ``round_index`` that melding depends on."""
    table = rules.penalty
    return MeldParams(
        rules.distinct_suits(round_index), rules.set_max, rules.ace_high, rules.joker_gap,
        (0, *(table[k] for k in PENALTY_KEYS[:13])),
        rules.penalty_of(0, True, come_out),
    )


@final
class Pattern:
    """One meld a hand can make. A plain class, not a NamedTuple: compiled by mypyc it is a
    native class, built and read many times faster (listing a hand's melds builds thousands;
    a NamedTuple is built by its interpreted ``__new__``)."""

    __slots__ = ("jokers", "kind", "naturals", "need", "size", "spec", "value")

    def __init__(self, need: int, jokers: int, kind: str, value: int, size: int,
                 spec: tuple[int, ...], naturals: int = 0) -> None:
        self.need = need  # naturals taken, as a hand int
        self.jokers = jokers
        self.kind = kind
        self.value = value  # meld value (points requirements)
        self.size = size
        self.spec = spec  # set: rank, suits (naturals' first); run: suit, start, joker places
        self.naturals = naturals  # sets: how many of the suits are naturals


def pattern_meld(pt: Pattern) -> Meld:
    """The meld a pattern stands for (built only when asked: most patterns never are)."""
    return Meld("set", _cards(pt)) if pt.kind == "set" else Meld("run", _cards(pt), pt.spec[1])


def _cards(pt: Pattern) -> Group:
    """The cards of a pattern's meld (jokers written with their card)."""
    if pt.kind == "set":
        spec, base, naturals = pt.spec, pt.spec[0] - 1, pt.naturals
        return tuple(_AS_JOKER[spec[i] * 13 + base] if i > naturals
                     else NATURALS[spec[i] * 13 + base] for i in range(1, len(spec)))
    spec = pt.spec
    suit, start = spec[0], spec[1]
    cards = list(_RUN_CARDS[suit][start:start + pt.size])
    jokers = _RUN_JOKERS[suit]
    for i in range(2, len(spec)):
        cards[spec[i] - start] = jokers[spec[i]]
    return tuple(cards)


_AS_JOKER = tuple(c.as_joker() for c in NATURALS)
# run place q (1..14, 14 the high ace) of each suit: the natural card, the joker written
_RUN_CARDS = tuple(tuple(NATURALS[s * 13 + (q - 1) % 13] for q in range(15)) for s in range(4))
_RUN_JOKERS = tuple(tuple(_AS_JOKER[s * 13 + (q - 1) % 13] for q in range(15)) for s in range(4))


def _counted(hand: Iterable[Card]) -> tuple[dict[tuple[int, int], int], int]:
    """The hand's natural cards counted by (suit, rank), and its jokers."""
    counts: dict[tuple[int, int], int] = {}
    jokers = 0
    for c in hand:
        if c.joker:
            jokers += 1
        else:
            key = (c.suit, c.rank)
            counts[key] = counts.get(key, 0) + 1
    return counts, jokers


class CompiledHand:
    """A hand compiled for the search: card fields, patterns, and penalties."""

    __slots__ = ("by_low", "cards", "coverable", "full", "guard", "jokers", "patterns", "pen")

    def __init__(self, hand: Sequence[Card], p: MeldParams, blocked: frozenset[Card],
                 hard_first: bool = False) -> None:
        counts, jokers = _counted(hand)
        order = sorted(counts)
        index = {k: i for i, k in enumerate(order)}
        patterns = _patterns(counts, index, jokers, p, blocked)
        if hard_first:
            order = _hard_first(order, counts, patterns)
            moved = [0] * len(order)
            for i, k in enumerate(order):
                moved[index[k]] = i
            done: dict[int, int] = {}  # a need moved (melds of other shapes share one)
            shifted: list[Pattern] = []
            for pt in patterns:
                need = done.get(pt.need)
                if need is None:
                    need = done[pt.need] = _moved(pt.need, moved)
                shifted.append(Pattern(need, pt.jokers, pt.kind, pt.value, pt.size, pt.spec,
                                        pt.naturals))
            patterns = shifted
            index = {k: i for i, k in enumerate(order)}
        self.cards = [Card(r, s) for s, r in order]
        self.pen = [p.penalties[r] for _, r in order]
        self.jokers = jokers
        self.full = sum(counts[k] << (BITS * i) for k, i in index.items())
        self.guard = sum(1 << (BITS * i + BITS - 1) for i in range(len(order)))
        self.patterns = patterns
        by_low: list[list[tuple[int, int]]] = [[] for _ in order]
        seen: set[tuple[int, int]] = set()
        for pat in self.patterns:
            key = (pat.need, pat.jokers)
            if key in seen:
                continue
            seen.add(key)
            low = ((pat.need & -pat.need).bit_length() - 1) // BITS
            by_low[low].append(key)
        for options in by_low:  # more cards first: good answers early, for the cut-off at 0
            options.sort(key=lambda o: -(o[0].bit_count() * 8 + o[1]))
        self.by_low = by_low
        # whether melds can take the cards of a mask (engine/usable.py's ``_coverable``, kept
        # with its answers: the same hand is asked again and again; None until asked)
        self.coverable: Callable[[int, int, bool], bool] | None = None

    def count(self, mask: int) -> int:
        total = 0
        while mask:
            total += mask & 0x7
            mask >>= BITS
        return total

    def naturals(self, mask: int) -> list[Card]:
        out: list[Card] = []
        i = 0
        while mask:
            out.extend([self.cards[i]] * (mask & 0x7))
            mask >>= BITS
            i += 1
        return out


def _hard_first(order: list[tuple[int, int]], counts: dict[tuple[int, int], int],
                patterns: list[Pattern]) -> list[tuple[int, int]]:
    """The card fields reordered so that the cards fewest melds can take come first.

    The searches cover the lowest field first. In (suit, rank) order a card no meld can
    take is found only after every way to lay the cards below it, which on a big hand
    (buying: 40 cards and more) is millions of ways; first, it ends the search at once.
    """
    times: dict[int, int] = {}  # each need, and how many patterns take it
    for pt in patterns:
        times[pt.need] = times.get(pt.need, 0) + 1
    cover = [0] * len(order)
    for need, n in times.items():
        while need:  # each card field the need takes (its lowest first)
            i = ((need & -need).bit_length() - 1) // BITS
            cover[i] += n
            need &= ~(_FIELD << (BITS * i))
    return [k for _, k in sorted(((cover[i] / counts[k], k) for i, k in enumerate(order)))]


def _moved(need: int, moved: list[int]) -> int:
    """A hand int with card field i moved to field ``moved[i]``."""
    out = 0
    while need:  # each field that is not 0 (a meld takes a few of a big hand's many)
        i = ((need & -need).bit_length() - 1) // BITS
        field = need >> (BITS * i) & _FIELD
        out |= field << (BITS * moved[i])
        need -= field << (BITS * i)
    return out


def _patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
              jokers: int, p: MeldParams, blocked: frozenset[Card]) -> list[Pattern]:
    found: list[Pattern] = []
    _set_patterns(counts, index, jokers, p, blocked, found)
    _run_patterns(counts, index, jokers, p, blocked, found)
    return found


def _set_patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
                  jokers: int, p: MeldParams, blocked: frozenset[Card],
                  found: list[Pattern]) -> None:
    by_rank: dict[int, list[tuple[int, int]]] = {}
    for (s, r), n in counts.items():
        by_rank.setdefault(r, []).append((s, n))
    top = _set_top(p.distinct, p.set_max)
    each = 1 if p.distinct else 7
    for rank, suits in by_rank.items():
        if sum(min(n, each) for _, n in suits) + jokers < 3:
            continue
        free_suits = [s for s in range(4) if Card(rank, s) not in blocked] if blocked \
            else [0, 1, 2, 3]
        # fewer naturals first, then the earlier suits (as combinations of the cards list)
        takes = sorted(product(*(range(min(n, each) + 1) for _, n in suits)),
                       key=lambda t: (sum(t), tuple(-k for k in t)))
        for take in takes:
            naturals = sum(take)
            if naturals == 0:
                continue
            need = sum(k << (BITS * index[(s, rank)]) for (s, _), k in zip(suits, take,
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
                found.append(Pattern(need, j, "set", size * card_value(rank, False), size,
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


# the value of each run position (ace 1 low, 11 high), as prefix sums
_PREFIX = [0]
for _q in range(1, 15):
    _PREFIX.append(_PREFIX[-1] + card_value(_q if _q <= 13 else 1, _q == 1))


def _run_patterns(counts: dict[tuple[int, int], int], index: dict[tuple[int, int], int],
                  jokers: int, p: MeldParams, blocked: frozenset[Card],
                  found: list[Pattern], held: bool = True) -> None:
    """Runs of the hand; without ``held`` a joker stands only for a card the hand lacks."""
    top = 14 if p.ace_high else 13
    gap = p.gap
    prefix = _PREFIX
    for suit in sorted({s for s, _ in counts}):
        bits = [0] * 15
        for q in range(1, top + 1):
            rank = q if q <= 13 else 1
            if (suit, rank) in counts:
                bits[q] = 1 << (BITS * index[(suit, rank)])
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
                found.append(Pattern(need, len(missing), "run", value, size,
                                      (suit, a, *missing)))
                spare = jokers - len(missing) if held else 0
                for k in range(1, min(spare, len(present) - 1) + 1):
                    for extra in combinations(present, k):
                        if not all(ok_joker[q] for q in extra):
                            continue
                        wild = sorted((*missing, *extra))
                        if gap and any(y - x <= gap for x, y in pairwise(wild)):
                            continue
                        found.append(Pattern(need - sum(bits[q] for q in extra), len(wild),
                                              "run", value, size, (suit, a, *wild)))


_CACHE: dict[tuple[object, ...], CompiledHand] = {}  # bounded by _CACHE_SIZE
register("analysis", _CACHE.__len__, lambda: _CACHE, _CACHE.clear)
_CACHE_SIZE = budget("analysis", 256)  # compiled hands of the solver (5-60 KB each)


def compile_hand(hand: Iterable[Card], p: MeldParams, blocked: frozenset[Card],
                 hard_first: bool = False) -> CompiledHand:
    """``hand`` compiled for the searches (kept: the same hand is asked again and again).
    ``hard_first`` orders the fields so that the cards fewest melds take come first."""
    cards = tuple(sorted(hand))
    key = (cards, p, blocked, hard_first)
    compiled = _CACHE.get(key)
    if compiled is None:
        if len(_CACHE) >= _CACHE_SIZE:
            drop_oldest(_CACHE, _CACHE_SIZE // 2)
        compiled = _CACHE[key] = CompiledHand(cards, p, blocked, hard_first)
    return compiled


def pattern_of(h: CompiledHand, need: int, jokers: int, kind: str | None = None) -> Pattern:
    """The most valuable pattern of ``h`` that takes ``need`` and ``jokers`` (of ``kind``)."""
    best: Pattern | None = None
    for pat in h.patterns:
        if pat.need == need and pat.jokers == jokers and kind in (None, pat.kind) and (
            best is None or pat.value > best.value
        ):
            best = pat
    assert best is not None
    return best


def meld_cards(hand: Iterable[Card], rules: Rules, round_index: int, *,
               max_jokers: int = _ANY_SIZE, sets: bool = True, runs: bool = True,
               held: bool = True) -> list[Group]:
    """Every meld ``hand`` can make, as its cards (jokers written with their card): the
    patterns' melds, sets by rank, then runs by suit.

    ``max_jokers`` caps the jokers of a meld; only runs without ``sets``, only sets without
    ``runs``; without ``held`` a joker in a run stands only for a card the hand lacks. The
    sets of one rank and the runs of one suit depend only on the hand's cards of that rank
    or suit, so each part is memoised under the rules (``melds.memo_for``), under a key
    built in one pass over the hand (move listing asks this for every decision).
    """
    jokers = 0
    count = [0] * 14  # natural cards of each rank
    suits = [0] * 14  # of each rank, the count of each suit (a field of BITS bits a suit)
    masks = [0, 0, 0, 0]  # of each suit, bit r: rank r held
    for rank, suit, joker in hand:
        if joker:
            jokers += 1
        else:
            count[rank] += 1
            suits[rank] += 1 << (BITS * suit)
            masks[suit] |= 1 << rank
    if jokers > max_jokers:
        jokers = max_jokers
    memo = memo_for(rules)
    found: list[Group] = []
    if sets:
        distinct = rules.distinct_suits(round_index)
        for rank in range(1, 14):
            n = count[rank]
            if not n or n + jokers < 3:
                continue  # too few cards for any set
            mkey: tuple[object, ...] = ("set-melds", rank, suits[rank], jokers, distinct)
            of_rank = memo.get(mkey)
            if of_rank is None:
                of_rank = memo[mkey] = _sets_of_rank(rank, suits[rank], jokers, rules,
                                                     round_index, distinct)
            found.extend(of_rank)
    if runs:
        for suit in range(4):
            mask = masks[suit]
            if not _may_run(mask, jokers):
                continue
            mkey = ("run-melds", suit, mask, jokers, held)
            of_suit = memo.get(mkey)
            if of_suit is None:
                # the runs of one suit's ranks are those of any other suit's, the suit changed
                skey = ("run-shapes", mask, jokers, held)
                shapes = memo.get(skey)
                if shapes is None:
                    part = {(0, r): 1 for r in range(1, 14) if mask >> r & 1}
                    shapes = memo[skey] = _melds_of(part, jokers, rules, round_index, "run",
                                                    held)
                of_suit = memo[mkey] = [_in_suit(g, suit) for g in shapes] if suit else shapes
            found.extend(of_suit)
    return found


def _sets_of_rank(rank: int, suits: int, jokers: int, rules: Rules, round_index: int,
                  distinct: bool) -> list[Group]:
    """The sets of ``rank`` of a hand holding ``suits`` (a count of each suit): those of the
    aces with the same suits (one listing for every rank), the rank changed."""
    skey = ("set-shapes", suits, jokers, distinct)
    memo = memo_for(rules)
    shapes: list[Group] | None = memo.get(skey)
    if shapes is None:
        part = {(s, 1): suits >> (BITS * s) & _FIELD for s in range(4)
                if suits >> (BITS * s) & _FIELD}
        shapes = memo[skey] = _melds_of(part, jokers, rules, round_index, "set", True)
    if rank == 1:
        return shapes
    base = rank - 1
    return [tuple(_AS_JOKER[c.suit * 13 + base] if c.joker else NATURALS[c.suit * 13 + base]
                  for c in g) for g in shapes]


def _may_run(mask: int, jokers: int) -> bool:
    """A quick necessary test for a run in a suit's ``mask`` (bit r: rank r held): without
    jokers three ranks in a row, with one joker two held ranks at most two apart."""
    if jokers >= 2:
        return bool(mask)
    mask |= (mask >> 1 & 1) << 14  # the ace, high
    if jokers:
        return bool(mask & (mask >> 1 | mask >> 2))
    return bool(mask & mask >> 1 & mask >> 2)


def _in_suit(group: Group, suit: int) -> Group:
    """A run of suit 0 moved to ``suit``."""
    base = suit * 13 - 1
    return tuple(_AS_JOKER[base + c.rank] if c.joker else NATURALS[base + c.rank]
                 for c in group)


def _melds_of(counts: dict[tuple[int, int], int], jokers: int, rules: Rules,
              round_index: int, kind: str, held: bool) -> list[Group]:
    """The sets (or runs) of ``counts``, one rank's (or one suit's) cards, as card tuples."""
    memo = memo_for(rules)
    pkey = ("params", round_index)
    p = memo.get(pkey)
    if p is None:
        p = memo[pkey] = meld_params(rules, round_index, True)
    counts = dict(sorted(counts.items()))  # the same order however the hand was given
    index = {k: i for i, k in enumerate(counts)}
    pats: list[Pattern] = []
    if kind == "set":
        _set_patterns(counts, index, jokers, p, NO_BLOCK, pats)
    else:
        _run_patterns(counts, index, jokers, p, NO_BLOCK, pats, held)
    return [_cards(pt) for pt in pats]


__all__ = ["BITS", "NO_BLOCK", "CompiledHand", "Group", "MeldParams", "Pattern", "compile_hand",
           "meld_cards", "meld_params", "pattern_meld", "pattern_of", "set_limit",
           "set_readings"]
