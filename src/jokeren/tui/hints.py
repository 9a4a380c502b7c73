"""Hints on request: melds the seat can lay now and cards that would complete the requirement.

Computed from the seat's own view only (its hand and the table), with the search module.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..melds import MeldError, extension
from ..search import candidate_melds, coming_out_options
from ..views import SeatView

Group = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Hints:
    melds: tuple[tuple[Group, ...], ...]  # options to lay now (each one or more melds)
    lay_offs: tuple[tuple[Card, int], ...]  # (hand card, table meld number)
    wanted: tuple[Card, ...]  # cards that would let the seat come out


def hints(v: SeatView, limit: int = 4) -> Hints:
    hand, rules, rnd = v.hand, v.rules, v.round_index
    if not v.come_out[v.seat or 0]:
        options = coming_out_options(hand, rules, rnd, v.requirement, limit=limit)
        wanted: tuple[Card, ...] = ()
        if not options:
            wanted = tuple(c for c in _naturals()
                           if coming_out_options((*hand, c), rules, rnd, v.requirement,
                                                 must_include=c, limit=1))
        return Hints(tuple(options), (), wanted)
    melds = tuple((g,) for g in candidate_melds(hand, rules, rnd)[:limit])
    lays = [(card, n) for card in sorted(set(hand)) for n, meld in enumerate(v.table, 1)
            if not isinstance(extension(meld, (card,), rules, rnd), MeldError)]
    return Hints(melds, tuple(lays), ())


def _naturals() -> list[Card]:
    return [Card(r, s) for s in (1, 0, 2, 3) for r in range(1, 14)]
