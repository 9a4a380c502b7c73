"""Melds: sets and runs with jokers, under every house-rule option.

A run is stored in ascending order with the position of its first card (``start``): position
1 is a low ace, 2..13 the ranks, 14 a high ace; a run never wraps (K-A-2). A joker in a meld
always carries the card it stands for. Where a joker's card is not written, it is inferred:
in a run by its written position (000: "joker, ruiten 3, ruiten 4 ... = ruiten 2"), else
filling gaps and then the high end; in a set the one missing suit, the suit of the other
cards when they all share one (000: "2x harten 3, joker (duidelijk: harten 3)"), else the
first missing suit in ♠♥♦♣ order. A player who wants another card writes it (``*4h``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..support.memo import BUDGET, ByIdentity, budget, drop_oldest, register
from .cards import Card
from .house import Rules
from .reasons import Rank, Reason, Suit


class MeldError(Reason):
    """Cards that do not form a valid meld; ``text(lang)`` says why in a player's words."""


@dataclass(frozen=True, slots=True)
class Meld:
    kind: Literal["set", "run"]
    cards: tuple[Card, ...]
    start: int = 0  # runs: position of cards[0] (1 = low ace ... 14 = high ace)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    # Written out, so that compiled they are native: the memos of melds.py and engine/core.py
    # hash melds thousands of times a second (the dataclass's own are interpreted).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self.kind == other.kind and self.start == other.start \
            and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.start))

    def __reduce__(self) -> tuple[type[Meld], tuple[object, ...]]:
        """Pickled as its fields: compiled (mypyc), a frozen dataclass cannot be unpickled
        by setting them."""
        return Meld, (self.kind, self.cards, self.start)

    @property
    def rank(self) -> int:
        """A set's rank."""
        return self.cards[0].rank

    @property
    def suit(self) -> int:
        """A run's suit."""
        return self.cards[0].suit

    @property
    def end(self) -> int:
        return self.start + len(self.cards) - 1

    def value(self) -> int:
        """Meld value for point requirements: ace 1 in A-2-3, 11 elsewhere; joker as its card."""
        if self.kind == "set":
            return len(self.cards) * card_value(self.rank, low_ace=False)
        return sum(
            card_value(p if p <= 13 else 1, low_ace=(p == 1))
            for p in range(self.start, self.end + 1)
        )

    def jokers(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.joker)


def card_value(rank: int, low_ace: bool) -> int:
    if rank == 1:
        return 1 if low_ace else 11
    return min(rank, 10)


def jokers_apart(flags: Sequence[bool], gap: int) -> bool:
    """In a run: no two jokers closer than ``gap`` natural cards apart."""
    if gap == 0:
        return True
    last = -100
    for i, is_joker in enumerate(flags):
        if is_joker:
            if i - last <= gap:
                return False
            last = i
    return True


def _check_common(cards: Sequence[Card], rules: Rules) -> None:
    if len(cards) < 3:
        raise MeldError("meld_min_3")
    if all(c.joker for c in cards):
        raise MeldError("meld_natural")


# --- sets -------------------------------------------------------------------------------

def _read_set(cards: Sequence[Card], rules: Rules, round_index: int,
              blocked: frozenset[Card] = frozenset()) -> Meld:
    ranks = {c.rank for c in cards if c.declared}
    if len(ranks) != 1:
        raise MeldError("set_one_rank")
    rank = ranks.pop()
    return _complete_set(rank, [c for c in cards if c.declared],
                         sum(1 for c in cards if not c.declared), rules, round_index, blocked)


def _complete_set(rank: int, fixed: list[Card], free_jokers: int, rules: Rules,
                  round_index: int, blocked: frozenset[Card] = frozenset()) -> Meld:
    size = len(fixed) + free_jokers
    if size < 3:
        raise MeldError("meld_min_3")
    if rules.set_max is not None and size > rules.set_max:
        raise MeldError("set_max", n=rules.set_max)
    distinct = rules.distinct_suits(round_index)
    suits = [c.suit for c in fixed]
    if distinct and len(set(suits)) != len(suits):
        dup = next(c for c in fixed if suits.count(c.suit) > 1)
        after = rules.set_distinct_suits == "after-round-1"
        raise MeldError("set_twice_after_1" if after else "set_twice", card=dup.face)
    naturals = sum(1 for c in fixed if c.natural)
    jokers = size - naturals
    if naturals == 0:
        raise MeldError("meld_natural")
    if rules.joker_gap and naturals < (jokers - 1) * rules.joker_gap:
        raise _gap_error(rules)
    # Free jokers take missing suits, preferring cards not every copy of which is out.
    missing = sorted((s for s in range(4) if s not in suits),
                     key=lambda s: Card(rank, s) in blocked)
    added: list[Card] = []
    for _ in range(free_jokers):
        if distinct:
            if not missing:
                raise MeldError("set_suits")
            suit = missing.pop(0)
        elif len(set(suits)) == 1 and Card(rank, suits[0]) not in blocked:
            suit = suits[0]
        else:
            suit = missing.pop(0) if missing else suits[0]
        added.append(Card(rank, suit, True))
    return Meld("set", (*fixed, *added))


# --- runs -------------------------------------------------------------------------------

def _positions(card: Card, rules: Rules) -> tuple[int, ...]:
    if card.rank == 1:
        return (1, 14) if rules.ace_high else (1,)
    return (card.rank,)


def _as_written(cards: Sequence[Card], rules: Rules) -> list[tuple[int, list[Card | None]]]:
    """Readings that keep the written order (ascending, or descending reversed)."""
    readings = []
    for seq in (list(cards), list(reversed(cards))):
        anchors = [(i, c) for i, c in enumerate(seq) if c.declared]
        i0, c0 = anchors[0]
        for p0 in _positions(c0, rules):
            start = p0 - i0
            if all(start + i in _positions(c, rules) for i, c in anchors):
                readings.append((start, [c if c.declared else None for c in seq]))
    return readings


def _fillings(fixed: dict[int, Card], free: int,
              top: int) -> Iterator[tuple[int, list[Card | None]]]:
    """The ways to place ``free`` jokers around fixed positions, the first preferred: the
    gaps between them first, then the high end, then the low end (so a joker that may not
    lie at the high end, say beside another joker, goes to the low end)."""
    lo, hi = min(fixed), max(fixed)
    gaps = (hi - lo + 1) - len(fixed)
    if gaps > free:
        return
    extra = free - gaps
    for up in range(min(extra, top - hi), -1, -1):
        start = lo - (extra - up)
        if start < 1:
            return
        yield start, [fixed.get(p) for p in range(start, hi + up + 1)]


def _reading_to_meld(start: int, slots: list[Card | None], suit: int, rules: Rules) -> Meld:
    top = 14 if rules.ace_high else 13
    end = start + len(slots) - 1
    if start < 1 or end > top:
        if end > 14 or start < 1:
            raise MeldError("run_wrap")
        raise MeldError("ace_low_only")
    if start == 1 and end == 14:
        raise MeldError("ace_both")
    cards = tuple(
        c if c is not None else Card(p if p <= 13 else 1, suit, True)
        for p, c in zip(range(start, end + 1), slots, strict=True)
    )
    if not jokers_apart([c.joker for c in cards], rules.joker_gap):
        raise _gap_error(rules)
    return Meld("run", cards, start)


def _read_run(cards: Sequence[Card], rules: Rules) -> Meld:
    declared = [c for c in cards if c.declared]
    suits = {c.suit for c in declared}
    if len(suits) != 1:
        raise MeldError("run_one_suit")
    suit = suits.pop()
    errors: list[MeldError] = []
    for start, slots in _as_written(cards, rules):
        try:
            return _reading_to_meld(start, slots, suit, rules)
        except MeldError as exc:  # kept without this frame: else a cycle for the gc
            errors.append(exc.with_traceback(None))
    free = len(cards) - len(declared)
    has_ace = any(c.rank == 1 for c in declared)
    for ace_pos in ((1, 14) if has_ace and rules.ace_high else (1,)):
        fixed: dict[int, Card] = {}
        for c in declared:
            p = ace_pos if c.rank == 1 else c.rank
            if p in fixed:
                errors.append(MeldError("run_twice", card=c.face))
                break
            fixed[p] = c
        else:
            # the preferred filling only: a meld laid may read as a set too (``7h * *``: a
            # run with a joker at the low end would read it another way than it always has)
            first = next(_fillings(fixed, free, 14 if rules.ace_high else 13), None)
            if first is None:
                errors.append(MeldError("run_follow"))
                continue
            try:
                return _reading_to_meld(first[0], first[1], suit, rules)
            except MeldError as exc:
                errors.append(exc.with_traceback(None))
    ranks = {c.rank for c in declared}
    if 1 in ranks and ranks & {12, 13}:
        if ranks & {2, 3}:
            raise MeldError("run_wrap")
        if not rules.ace_high:
            raise MeldError("ace_low_only")
    raise next((e for e in errors if e.key != "run_follow"), MeldError("run_follow"))


def _gap_error(rules: Rules) -> MeldError:
    if rules.joker_gap == 1:
        return MeldError("jokers_adjacent")
    return MeldError("jokers_gap", n=rules.joker_gap)


# --- public -----------------------------------------------------------------------------

_MAX_RULE_SETS = 32  # rule sets with answers kept; the oldest goes first
_tables: dict[str, dict[tuple[object, ...], Any]] = {}  # by the rules' content
_share = budget("melds", 50_000)  # meld answers, all rule sets together (0.4-0.8 KB each);
# ``_share``: the most answers one rule set keeps, the budget over the sets


def _table_for(rules: Rules) -> dict[tuple[object, ...], Any]:
    key = repr(rules)
    table = _tables.get(key)
    if table is None:
        if len(_tables) >= _MAX_RULE_SETS:
            del _tables[next(iter(_tables))]
            _by_identity.clear()  # it may still hold the dropped table
        table = _tables[key] = {}
        _reshare()
    return table


def _reshare() -> None:
    """Split the budget between the rule sets in use, so that together they stay in it."""
    global _share
    _share = BUDGET["melds"] // max(1, len(_tables))
    for table in _tables.values():
        if len(table) > _share:
            drop_oldest(table, _share // 2)


def _clear() -> None:
    for table in _tables.values():
        table.clear()  # freed by reference counting at once, before any collection
    _tables.clear()
    _by_identity.clear()
    _reshare()


_by_identity = ByIdentity(_table_for, size=256, name="melds.rules")  # rule set -> its answers
register("melds", lambda: sum(map(len, _tables.values())), lambda: _tables, _clear)


def memo_for(rules: Rules) -> dict[tuple[object, ...], Any]:
    """The answers already found under ``rules`` (pure functions, asked again and again by
    move listing and search). Rules hold a dict, so they are unhashable: the table is found
    by the rules' content (equal rules share it, e.g. every match of a tournament), and
    cached by the rules' identity. All rule sets together keep at most ``BUDGET["melds"]``
    answers: each its share, the older half dropped when it is over."""
    table = _by_identity(rules)
    if len(table) > _share:
        drop_oldest(table, _share // 2)
    return table


def _answer(found: Meld | MeldError) -> Meld:
    if isinstance(found, MeldError):
        # a fresh error each time: a raised error keeps its frames alive through its
        # traceback, which the memo must not
        raise MeldError(found.key, **found.params)
    return found


def read_meld(cards: Sequence[Card], rules: Rules, round_index: int,
              blocked: frozenset[Card] = frozenset()) -> Meld:
    """The meld these written cards form under ``rules``, or MeldError saying why not."""
    return _answer(reading(cards, rules, round_index, blocked))


def reading(cards: Sequence[Card], rules: Rules, round_index: int,
            blocked: frozenset[Card] = frozenset()) -> Meld | MeldError:
    """``read_meld`` without raising: the meld, or the error it would raise (move listing
    asks about many candidates and reads no reason; a raise costs more than the answer)."""
    memo = memo_for(rules)
    # The round matters only through "may a suit come twice in a set": rounds alike share.
    key = ("read", tuple(cards), rules.distinct_suits(round_index), blocked)
    found = memo.get(key)
    if found is None:
        try:
            found = _read_meld(cards, rules, round_index, blocked)
        except MeldError as exc:
            found = exc.with_traceback(None)
        memo[key] = found
    return found


def _read_meld(cards: Sequence[Card], rules: Rules, round_index: int,
               blocked: frozenset[Card]) -> Meld:
    _check_common(cards, rules)
    declared = [c for c in cards if c.declared]
    same_rank = len({c.rank for c in declared}) == 1
    same_suit = len({c.suit for c in declared}) == 1
    if same_rank and not (same_suit and len(declared) == 1):
        return _read_set(cards, rules, round_index, blocked)
    if same_suit and not same_rank:
        return _read_run(cards, rules)
    if len(declared) == 1:
        # One natural card and jokers: a run or a set; a run reads as written first.
        try:
            return _read_run(cards, rules)
        except MeldError:
            return _read_set(cards, rules, round_index, blocked)
    raise MeldError("set_or_run")


def extend_meld(meld: Meld, cards: Sequence[Card], rules: Rules, round_index: int,
                blocked: frozenset[Card] = frozenset()) -> Meld:
    """``meld`` with ``cards`` laid off onto it, or MeldError saying why not."""
    return _answer(extension(meld, cards, rules, round_index, blocked))


def extension(meld: Meld, cards: Sequence[Card], rules: Rules, round_index: int,
              blocked: frozenset[Card] = frozenset()) -> Meld | MeldError:
    """``extend_meld`` without raising (see ``reading``)."""
    memo = memo_for(rules)
    key = ("extend", meld, tuple(cards), rules.distinct_suits(round_index), blocked)
    found = memo.get(key)
    if found is None:
        try:
            found = _extend_meld(meld, cards, rules, round_index, blocked)
        except MeldError as exc:
            found = exc.with_traceback(None)
        memo[key] = found
    return found


def _extend_meld(meld: Meld, cards: Sequence[Card], rules: Rules, round_index: int,
                 blocked: frozenset[Card]) -> Meld:
    if not cards:
        raise MeldError("lay_one")
    declared = [c for c in cards if c.declared]
    free = len(cards) - len(declared)
    if meld.kind == "set":
        for c in declared:
            if c.rank != meld.rank:
                raise MeldError("not_this_set", card=c.face, rank=Rank(meld.rank))
        return _complete_set(meld.rank, [*meld.cards, *declared], free, rules, round_index,
                             blocked)
    suit = meld.suit
    for c in declared:
        if c.suit != suit:
            raise MeldError("not_this_suit", card=c.face, suit=Suit(suit))
    placed = {p: c for p, c in zip(range(meld.start, meld.end + 1), meld.cards, strict=True)}
    for c in declared:
        options = [p for p in _positions(c, rules) if p not in placed]
        near = [p for p in options if meld.start - len(cards) <= p <= meld.end + len(cards)]
        if not near:
            raise MeldError("not_this_run", card=c.face)
        placed[near[0]] = c
    first: MeldError | None = None
    for start, slots in _fillings(placed, free, 14 if rules.ace_high else 13):  # each tried
        try:
            return _reading_to_meld(start, slots, suit, rules)
        except MeldError as exc:  # kept without this frame: else a cycle for the gc
            first = first or exc.with_traceback(None)
    raise first or MeldError("not_joined")


def replace_joker(meld: Meld, natural: Card, rules: Rules,
                  round_index: int) -> tuple[Meld, int] | None:
    """``meld`` with the joker that stands for ``natural`` replaced by it, and its index.

    With ``set_joker_fixed`` off (001 variant) any natural of a set's rank may take the
    place of a set joker, as long as the set stays valid.
    """
    for i, c in enumerate(meld.cards):
        if c.joker and c.face == natural:
            return Meld(meld.kind, (*meld.cards[:i], natural, *meld.cards[i + 1 :]),
                        meld.start), i
    if meld.kind == "set" and not rules.set_joker_fixed and natural.rank == meld.rank:
        for i, c in enumerate(meld.cards):
            if c.joker:
                others = [*meld.cards[:i], *meld.cards[i + 1 :]]
                try:
                    _complete_set(meld.rank, [*others, natural], 0, rules, round_index)
                except MeldError:
                    return None
                return Meld("set", (*meld.cards[:i], natural, *meld.cards[i + 1 :])), i
    return None
