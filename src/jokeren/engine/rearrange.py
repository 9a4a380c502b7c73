"""Rummikub-style rearranging of the table (004, the ``table`` action of docs/notation.md).

``table <cards> / <cards> / ...`` writes the complete new arrangement of all table melds.
It is legal when, exactly:

- every meld of the new arrangement is valid under the rules (``melds.read_meld``);
- every card that was on the table is still on the table: natural cards are compared by face
  (two copies of 7♠ are one card twice), jokers only by number, since a joker may move to
  another meld and stand for another card there;
- the cards that are new on the table come from the player's hand, and there is at least one
  of them (rearranging without adding a card is no move);
- before coming out (where the rules allow acting before it), no new meld is made of hand
  cards alone: that is a ``meld``, and the first meld must meet the round's requirement.

The check is a few multiset sums and one ``read_meld`` per meld: a table of 20 melds is
checked in well under a millisecond (benchmarks/bench_rearrange.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..rules.cards import Card, to_hand
from ..rules.house import Rules
from ..rules.melds import Meld, MeldError, read_meld
from ..rules.patterns import BITS, CompiledHand, Pattern, compile_hand, meld_params, pattern_meld
from ..rules.reasons import Reason
from .actions import Action, Verb


class RearrangeError(Reason):
    """A new arrangement of the table that the rules forbid; ``text(lang)`` says why
    (the catalogue's ``refuse_rearrange_*``)."""


@dataclass(frozen=True, slots=True)
class Rearrangement:
    melds: tuple[Meld, ...]  # the new table, numbered in the order written
    from_hand: tuple[Card, ...]  # the cards that left the hand (jokers as ``*``)

    def __reduce__(self) -> tuple[type[Rearrangement], tuple[object, ...]]:
        return Rearrangement, (self.melds, self.from_hand)  # see state.State.__reduce__


def _faces(melds: Sequence[Meld]) -> Counter[Card]:
    """The table as a multiset of hand cards: naturals by face, every joker as ``*``."""
    return Counter(to_hand(c) for meld in melds for c in meld.cards)


def check_table(old: Sequence[Meld], groups: Sequence[Sequence[Card]],
                hand: Sequence[Card], rules: Rules, round_index: int,
                blocked: frozenset[Card] = frozenset(),
                come_out: bool = True) -> Rearrangement:
    """The new table that ``groups`` write, or RearrangeError saying why it is not allowed.

    ``old`` is the table now, ``hand`` the player's hand, ``come_out`` whether the player has
    come out this round (before that no new meld of hand cards alone).
    """
    if not groups:
        raise RearrangeError("rearrange_empty")
    melds: list[Meld] = []
    for i, group in enumerate(groups, 1):
        try:
            melds.append(read_meld(group, rules, round_index, blocked))
        except MeldError as exc:
            raise RearrangeError("rearrange_meld", i=i, cards=tuple(group),
                                 reason=exc) from None
    before, after = _faces(old), _faces(melds)
    gone = before - after
    if gone:
        card = min(gone)
        if card.joker:
            raise RearrangeError("rearrange_missing_joker")
        raise RearrangeError("rearrange_missing", card=card)
    added = after - before
    if not added:
        raise RearrangeError("rearrange_nothing")
    have = Counter(hand)
    lacking = [c for c, k in added.items() if have[c] < k]
    if lacking:
        raise RearrangeError("rearrange_not_held", card=min(lacking))
    if not come_out:
        for i, meld in enumerate(melds, 1):
            need = _faces([meld])
            if all(added[c] >= k for c, k in need.items()):
                raise RearrangeError("rearrange_hand_only", i=i, meld=meld)
    return Rearrangement(tuple(melds), tuple(sorted(added.elements())))


def new_owners(old: Sequence[Meld], owners: Sequence[int], new: Sequence[Meld],
               seat: int) -> tuple[int, ...]:
    """Who laid each new meld: a meld left exactly as it was keeps its owner, the rest are
    the rearranging seat's."""
    unchanged: dict[tuple[Card, ...], list[int]] = {}
    for meld, owner in zip(old, owners, strict=True):
        unchanged.setdefault(meld.cards, []).append(owner)
    result = []
    for meld in new:
        same = unchanged.get(meld.cards)
        result.append(same.pop(0) if same else seat)
    return tuple(result)


# --- a few candidate rearrangements, for the listed legal actions -------------------------

def table_candidates(table: Sequence[Meld], hand: Sequence[Card], rules: Rules,
                     round_index: int, limit: int = 4) -> list[Action]:
    """Simple rearrangements worth checking (the engine confirms each): a run split by a
    second copy of one of its middle cards, and a card taken from a long meld to make a new
    meld with two hand cards. Not every legal rearrangement is listed."""
    found: list[Action] = []
    for groups in _candidate_tables(table, hand, rules, round_index):
        found.append(Action(Verb.TABLE, melds=groups))
        if len(found) >= limit:
            break
    return found


def _candidate_tables(table: Sequence[Meld], hand: Sequence[Card], rules: Rules,
                      round_index: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
    rows = [m.cards for m in table]
    naturals = sorted({c for c in hand if c.natural})
    # A run split in two by a second copy of a card in its middle: 3-8 + 5 = 3-5 / 5-8.
    for i, meld in enumerate(table):
        if meld.kind != "run" or len(meld.cards) < 5:
            continue
        for k in range(2, len(meld.cards) - 2):
            card = meld.cards[k]
            if card.natural and card in naturals:
                yield (*rows[:i], meld.cards[: k + 1], (card, *meld.cards[k + 1 :]),
                       *rows[i + 1 :])
    # A card taken from a meld of four or more, with two hand cards, makes a new meld.
    for i, meld in enumerate(table):
        if len(meld.cards) < 4:
            continue
        ends = (0, len(meld.cards) - 1) if meld.kind == "run" else range(len(meld.cards))
        for k in ends:
            card = meld.cards[k]
            if card.joker:
                continue
            rest = (*meld.cards[:k], *meld.cards[k + 1 :])
            for pair in _partners(card, naturals):
                try:
                    new = read_meld((card, *pair), rules, round_index)
                except MeldError:
                    continue
                yield (*rows[:i], rest, *rows[i + 1 :], new.cards)


def _partners(card: Card, naturals: Sequence[Card]) -> Iterator[tuple[Card, Card]]:
    same_rank = [c for c in naturals if c.rank == card.rank]
    for a in range(len(same_rank)):
        for b in range(a + 1, len(same_rank)):
            yield same_rank[a], same_rank[b]
    suited = {c.rank for c in naturals if c.suit == card.suit}
    for lo in (card.rank - 2, card.rank - 1, card.rank + 1):
        ranks = [r for r in (lo, lo + 1, lo + 2) if r != card.rank]
        if len(ranks) == 2 and all(r in suited for r in ranks):
            yield Card(ranks[0], card.suit), Card(ranks[1], card.suit)


# --- every rearrangement that puts one card on the table -------------------------------------

def tables_with(table: Sequence[Meld], hand: Sequence[Card], card: Card, rules: Rules,
                round_index: int, most_left: int | None = None) -> Iterator[Action]:
    """Every ``table`` action that puts ``card`` (a hand card) on the table: every way to
    arrange all the table's cards, the card and any other hand cards into melds (the
    patterns of rules/patterns.py), leaving at most ``most_left`` hand cards, if given.

    A search over the lowest card left, as in analysis/hands.py: the table's cards and the card
    must each go into a meld; another hand card may also stay in hand. A position from
    which no arrangement was found is not searched again. The engine judges each.
    """
    on_table = [to_hand(c) for m in table for c in m.cards]
    h = compile_hand((*on_table, *hand), meld_params(rules, round_index, False), frozenset())
    index = {c: i for i, c in enumerate(h.cards)}
    required = 0
    for c in (*on_table, card):
        if c.natural:
            required += 1 << (BITS * index[c])
    table_jokers = sum(1 for c in on_table if c.joker) + (1 if card.joker else 0)
    by_pair: dict[tuple[int, int], list[Pattern]] = {}
    for pt in h.patterns:
        by_pair.setdefault((pt.need, pt.jokers), []).append(pt)
    left_most = len(hand) if most_left is None else most_left
    search = _TablesSearch(h, by_pair, left_most)
    for chosen in search.rec(h.full, required, h.jokers, table_jokers, 0, ()):
        yield Action(Verb.TABLE, melds=tuple(pattern_meld(pt).cards for pt in chosen))


class _TablesSearch:
    """``tables_with``'s search over the lowest card left; ``dead``: the positions from which
    no arrangement was found. A class, not a function nested in ``tables_with``: compiled, a
    nested function and the frame it reads refer to each other (in pure Python a recursive
    one refers to itself), a cycle only the gc frees on every call."""

    __slots__ = ("by_pair", "dead", "h", "left_most")

    def __init__(self, h: CompiledHand, by_pair: dict[tuple[int, int], list[Pattern]],
                 left_most: int) -> None:
        self.h = h
        self.by_pair = by_pair
        self.left_most = left_most
        self.dead: set[tuple[int, int, int, int, int]] = set()

    def rec(self, avail: int, req: int, jokers: int, must: int, left: int,
            chosen: tuple[Pattern, ...]) -> Iterator[tuple[Pattern, ...]]:
        h, left_most = self.h, self.left_most
        found = False
        if not req and must <= 0 and left + h.count(avail) + jokers <= left_most:
            found = True
            yield chosen  # and, if the engine refuses it, the ways with more hand cards
        if not avail:
            return
        key = (avail, req, jokers, must, left)
        if key in self.dead:
            return
        by_pair = self.by_pair
        i = ((avail & -avail).bit_length() - 1) // BITS
        for need, k in h.by_low[i]:
            if k > jokers or ((avail | h.guard) - need) & h.guard != h.guard:
                continue
            rest = _less_required(req, need)
            for pt in by_pair[(need, k)]:
                for found_tables in self.rec(avail - need, rest, jokers - k, must - k, left,
                                             (*chosen, pt)):
                    found = True
                    yield found_tables
        have, want = avail >> (BITS * i) & 0x7, req >> (BITS * i) & 0x7
        if have > want and left < left_most:  # a copy of this hand card stays in hand
            for found_tables in self.rec(avail - (1 << (BITS * i)), req, jokers, must,
                                         left + 1, chosen):
                found = True
                yield found_tables
        if not found:
            self.dead.add(key)


def _less_required(req: int, need: int) -> int:
    """The cards still required once a meld takes ``need``: each field less what it takes,
    never below nothing."""
    out, shift = 0, 0
    while req:
        r, n = req & 0xF, need & 0xF
        if r > n:
            out |= (r - n) << shift
        req >>= BITS
        need >>= BITS
        shift += BITS
    return out


__all__ = ["RearrangeError", "Rearrangement", "check_table", "new_owners",
           "table_candidates", "tables_with"]
