"""The joker-copies bookkeeping (the 2010 text's copies limit): how often each card is on the
table, natural or as a joker, kept by the table's identity; which cards a joker may not
stand for; whether an action's new jokers stay within the packs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from ..rules.cards import JOKER, Card
from ..rules.melds import Meld
from ..support.memo import ByIdentity
from .errors import illegal
from .state import State


def blocked_cards(state: State, cards: Sequence[Card]) -> frozenset[Card]:
    """Cards the jokers written without a card had better not stand for (000's copies limit).

    Only needed to choose the card of a joker that was written without one: a card whose
    copies left (the natural cards being laid count too) are fewer than those jokers. Two
    7h and a joker, two packs: the joker is no 7h; 7h and two jokers: neither is (one 7h
    would fit, the other not), so they take other suits and the set stays valid (docs/rules.md:
    jokers in a set stand for any cards that keep it valid).
    """
    if not state.rules.joker_copies_limit or JOKER not in cards:  # every joker declared
        return frozenset()
    packs = state.rules.pack_count(state.n)
    full = full_on_table(state.table, packs)
    laid = [c for c in cards if c.natural]
    if not laid:
        return full
    faces = table_faces(state.table)
    free = sum(1 for c in cards if c == JOKER)
    return full | frozenset(c for c in laid if laid.count(c) + faces.get(c, 0) + free > packs)


class OnTable(NamedTuple):
    faces: Counter[Card]  # how often each card is on the table, natural or as a joker
    full: dict[int, frozenset[Card]]  # by number of packs: cards with every copy laid


def count_table(table: tuple[Meld, ...]) -> OnTable:
    return OnTable(Counter(c.face for m in table for c in m.cards), {})


# Kept by the table's identity: a table is shared by the states until it changes, and
# hashing it would cost more than counting.
# a table of melds (by identity) -> its card counts
on_table = ByIdentity(count_table, size=256, name="engine.table")


def table_faces(table: tuple[Meld, ...]) -> Counter[Card]:
    """How often each card is on the table, natural or as a joker (do not mutate)."""
    return on_table(table).faces


def full_on_table(table: tuple[Meld, ...], packs: int) -> frozenset[Card]:
    """Cards whose every copy is on the table."""
    faces, full = on_table(table)
    found = full.get(packs)
    if found is None:
        found = full[packs] = frozenset(c for c, k in faces.items() if k >= packs)
    return found


def check_copies(state: State, before: Sequence[Meld], after: Sequence[Meld]) -> None:
    """No joker placed by this action (``before`` becomes ``after`` on the table) may stand
    for a card whose every copy is on the table already (000)."""
    over = over_copies(state, before, after)
    if over is not None:
        raise illegal("copies_limit", card=over)


def over_copies(state: State, before: Sequence[Meld], after: Sequence[Meld]) -> Card | None:
    """The card a new joker would stand for beyond its copies (``check_copies``), or None."""
    if not state.rules.joker_copies_limit:
        return None
    new_jokers = jokers_placed(before, after)
    if not new_jokers:
        return None
    packs = state.rules.pack_count(state.n)
    base = table_faces(state.table)
    for joker in new_jokers:
        rank, suit = joker.rank, joker.suit
        count = base.get(joker.face, 0) + sum(
            (c.rank == rank and c.suit == suit) for m in after for c in m.cards) - sum(
            (c.rank == rank and c.suit == suit) for m in before for c in m.cards)
        if count > packs:
            return joker.face
    return None


def jokers_placed(before: Sequence[Meld], after: Sequence[Meld]) -> list[Card]:
    """Jokers in ``after`` that were not in ``before`` (placed by this action)."""
    new = [c for m in after for c in m.cards if c.joker]
    if new and before:
        for c in (c for m in before for c in m.cards if c.joker):
            if c in new:
                new.remove(c)
    return new


__all__ = ["OnTable", "blocked_cards", "check_copies", "count_table", "full_on_table",
           "jokers_placed", "on_table", "over_copies", "table_faces"]
