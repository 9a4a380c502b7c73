"""Starting a match and dealing a round: from the seed held in the state, or from a given
deal as a record fixes it; then the duplicate exchange and the upcard offer, as the rules say.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.cards import Card, full_deck
from ..rules.house import Rules
from .errors import DealError, IllegalMoveError
from .events import Event
from .phase import Phase
from .state import State
from .state import evolve as replace


@dataclass(frozen=True, slots=True)
class Deal:
    """What a record fixes of a deal; the rest comes from the seed."""

    hands: tuple[tuple[Card, ...], ...] | None = None  # one per active seat, in seat order
    upcard: Card | None = None
    stock: tuple[Card, ...] = ()  # top card first, as written

    def __reduce__(self) -> tuple[type[Deal], tuple[object, ...]]:
        return Deal, (self.hands, self.upcard, self.stock)  # see State.__reduce__


def check_players(rules: Rules, n: int) -> None:
    """Refuse (DealError) ``n`` players where ``rules`` play fewer or more: every screen asks
    here before it seats anyone, none counts again."""
    lo, hi = rules.players
    if not lo <= n <= hi:
        raise DealError("deal_players", preset=rules.preset, lo=lo, hi=hi, n=n)


def new_match(rules: Rules, players: Sequence[str], seed: int, deal: Deal | None = None,
              dealer: int | None = None) -> State:
    n = len(players)
    check_players(rules, n)
    if len(set(players)) != n or any(not p or ":" in p for p in players):
        raise DealError("deal_names")
    if rules.hand_size * n + (1 if rules.has_upcard(n) else 0) > len(
        full_deck(rules.pack_count(n), rules.joker_count(n))
    ):
        raise DealError("deal_hand_size", size=rules.hand_size, n=n)
    state = State(rules=rules, players=tuple(players), seed=seed, totals=(0,) * n,
                  dealer=(n - 1) if dealer is None else dealer, phase=Phase.ROUND_OVER)
    return deal_round(state, deal, dealer=state.dealer)


def deal_round(state: State, deal: Deal | None = None, dealer: int | None = None) -> State:
    """Deal the next round (or the first, from ``new_match``)."""
    if state.phase is Phase.MATCH_OVER:
        raise IllegalMoveError("match_over")
    if state.phase is not Phase.ROUND_OVER:
        raise IllegalMoveError("round_playing")
    first = not state.results and not state.hands
    index = state.round_index if first else state.round_index + 1
    if dealer is None:
        dealer = state.dealer if first else state.next_seat(state.dealer)
    rules, n = state.rules, state.n
    active = state.active
    rng = random.Random(f"jokeren/{state.seed}/{index}")
    deck = full_deck(rules.pack_count(n), rules.joker_count(n))
    deal = deal or Deal()
    given: list[Card] = [c for h in (deal.hands or ()) for c in h] + list(deal.stock)
    if deal.upcard is not None:
        if not rules.has_upcard(len(active)):  # docs/notation.md: a round key the rules do not use
            raise DealError("deal_upcard_unused", n=len(active))
        given.append(deal.upcard)
    left = Counter(deck)
    for card in given:
        if card.joker and card.rank:
            raise DealError("deal_joker_for")
        if left[card] == 0:
            raise DealError("deal_copies", card=card)
        left[card] -= 1
    rest = list(left.elements())
    rest.sort()
    rng.shuffle(rest)
    hands: list[tuple[Card, ...]] = [() for _ in range(n)]
    if deal.hands is not None:
        if len(deal.hands) != len(active):
            raise DealError("deal_hands", given=len(deal.hands), n=len(active))
        for seat, hand in zip(active, deal.hands, strict=True):
            if len(hand) != rules.hand_size:
                raise DealError("deal_hand", name=state.players[seat], given=len(hand),
                                size=rules.hand_size)
            hands[seat] = tuple(sorted(hand))
    else:
        for seat in active:
            if len(rest) < rules.hand_size:
                raise DealError("deal_short")
            hands[seat] = tuple(sorted(rest[: rules.hand_size]))
            del rest[: rules.hand_size]
    upcard = deal.upcard
    if upcard is None and rules.has_upcard(len(active)):
        if not rest and not deal.stock:
            raise DealError("deal_no_upcard")
        upcard = rest.pop(0) if rest else None
    stock = tuple(reversed((*deal.stock, *rest)))
    voorhand = state.next_seat(dealer)
    state = replace(
        state, round_index=index, dealer=dealer, hands=tuple(hands), stock=stock,
        discard=(upcard,) if upcard is not None else (), table=(), owners=(),
        come_out=(False,) * n, turns_done=0, rebuilds=0, gives=(None,) * n, played=(), drawn=(),
        came_out_now=False, pending=(), turn_draws=0, acted=False, swapped=False, known=((),) * n,
        turn=voorhand,
        to_act=voorhand, offer=(), phase=Phase.DRAW,
    )
    if rules.exchange_on(len(active)):
        order = (voorhand, *state.seats_after(voorhand))
        return replace(state, phase=Phase.EXCHANGE, offer=order, to_act=order[0])
    return after_exchange(state)


def deal_events(state: State) -> list[Event]:
    """What a deal shows: each active seat its own hand (the others see its size), and
    the upcard to everyone."""
    events = [Event("deal", s, state.hands[s], public=False) for s in state.active]
    if state.discard:
        events.append(Event("upcard", state.dealer, (state.discard[-1],)))
    return events


def after_exchange(state: State) -> State:
    if state.rules.upcard_offer and state.discard:
        order = (state.turn, *state.seats_after(state.turn))
        return replace(state, phase=Phase.UPCARD_OFFER, offer=order, to_act=order[0])
    return replace(state, phase=Phase.DRAW, offer=(), to_act=state.turn)


__all__ = ["Deal", "after_exchange", "check_players", "deal_events", "deal_round", "new_match"]
