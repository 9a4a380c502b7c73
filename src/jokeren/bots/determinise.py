"""Possible worlds for a seat: the hidden cards dealt again, consistently with its view.

The unseen cards are the whole deck less what the seat sees: its own hand, the table, the
discard pile, and the cards others were seen to take or buy (``known``, placed back in their
hands). They are shuffled into the other hands (to their sizes) and the stock. Only the view
is read; chance comes from the caller's own ``random.Random``.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.state import State
from ..engine.views import SeatView
from ..rules.cards import Card, full_deck, to_hand


def unseen(view: SeatView) -> Counter[Card]:
    """Copies of each card the seat has not seen (in other hands or the stock)."""
    n = len(view.players)
    left = Counter(full_deck(view.rules.pack_count(n), view.rules.joker_count(n)))
    seen = [*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards)]
    seen += [c for s, known in enumerate(view.known) if s != view.seat for c in known]
    left.subtract(to_hand(c) for c in seen)
    return +left


def determinise(view: SeatView, rng: random.Random) -> State:
    """One world the seat cannot tell from the real one."""
    assert view.seat is not None, "a spectator has no hand to search from"
    pool = sorted(unseen(view).elements())
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for s, size in enumerate(view.hand_sizes):
        if s == view.seat:
            hands.append(view.hand)
            continue
        known = tuple(to_hand(c) for c in view.known[s]) if s < len(view.known) else ()
        need = max(0, size - len(known))
        hands.append(tuple(sorted((*known, *pool[:need]))))
        del pool[:need]
    stock = tuple(pool[: view.stock_size])
    return State(
        rules=view.rules, players=view.players, seed=rng.randrange(2**31),
        round_index=view.round_index, dealer=view.dealer, totals=view.totals,
        results=view.results, eliminated=view.eliminated, pot=view.pot,
        phase=view.phase, turn=view.turn, to_act=view.to_act, offer=view.offer,
        hands=tuple(hands), stock=stock, discard=view.discard_pile, table=view.table,
        owners=view.owners, come_out=view.come_out, turns_done=view.turns_done,
        rebuilds=view.rebuilds, gives=(None,) * len(view.players), drawn=view.drawn,
        came_out_now=view.came_out_now, pending=view.pending,
        turn_draws=1 if view.drawn else 0, known=view.known,
    )
