"""The stock: cards taken from it, rebuilt from the discard pile when it runs out (shuffled
from the seed, or turned over), and the small tuple helpers the handlers share.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from ..rules.cards import Card, to_hand
from .state import State
from .state import evolve as replace


class Taken(NamedTuple):
    """Cards taken from the stock, and the fields that taking them changed."""

    cards: list[Card]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    rebuilds: int


def take_stock(state: State, k: int, discard: tuple[Card, ...] | None = None) -> Taken:
    """Up to ``k`` stock cards, rebuilding the stock from the discard pile (``discard`` if
    given) when it is out; the caller sets the changed fields in its one copy of the state
    (a copy per card drawn was a good part of a draw's cost)."""
    stock = state.stock
    if discard is None:
        discard = state.discard
    if len(stock) >= k:  # the usual case: no rebuild
        left = len(stock) - k
        return Taken(list(reversed(stock[left:])), stock[:left], discard, state.rebuilds)
    state = replace(state, discard=discard)
    cards: list[Card] = []
    for _ in range(k):
        if not state.stock:
            rebuilt = rebuild(state)
            if rebuilt is None:
                break
            state = rebuilt
        cards.append(state.stock[-1])
        state = replace(state, stock=state.stock[:-1])
    return Taken(cards, state.stock, state.discard, state.rebuilds)


def rebuild(state: State) -> State | None:
    """The stock rebuilt from the discard pile minus its top card, or None if it cannot be."""
    rules = state.rules
    if len(state.discard) <= 1:
        return None
    if rules.max_reshuffles is not None and state.rebuilds >= rules.max_reshuffles:
        return None
    under = list(state.discard[:-1])
    if rules.stock_empty == "reshuffle":
        random.Random(f"jokeren/{state.seed}/{state.round_index}/rebuild/{state.rebuilds}") \
            .shuffle(under)
        stock = tuple(under)
    else:  # turn the pile over: its bottom card becomes the top of the stock
        stock = tuple(reversed(under))
    return replace(state, stock=stock, discard=state.discard[-1:], rebuilds=state.rebuilds + 1)


T = TypeVar("T")


def set_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def forget_known(known: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Public knowledge of a hand, less the cards that left it."""
    if not known:
        return known
    left = list(known)
    for c in cards:
        face = to_hand(c)
        if face in left:
            left.remove(face)
    return tuple(left)


def used_pending(pending: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    return forget_known(pending, cards)


__all__ = ["Taken", "forget_known", "rebuild", "set_at", "take_stock", "used_pending"]
