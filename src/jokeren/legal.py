"""Legal actions: the simple actions of the seat to act, each confirmed by ``engine.check``.

Melds are listed as single melds (or, before coming out, a few ways to meet the round's
requirement), lay-offs as one card at a time; bigger combined moves are legal too, but are
not listed.
"""

from __future__ import annotations

from .actions import BUY, DRAW, PASS, TAKE, Action, Verb
from .cards import JOKER, NATURALS, Card
from .engine import check
from .melds import Meld
from .rearrange import table_candidates
from .search import candidate_melds, coming_out_options
from .state import Phase, State


def candidate_actions(state: State) -> list[Action]:
    """Actions worth checking for the seat to act (not all of them legal)."""
    seat = state.to_act
    hand = state.hands[seat] if state.hands else ()
    distinct = sorted(set(hand))
    phase = state.phase
    if phase is Phase.EXCHANGE:
        return [PASS, *(Action(Verb.GIVE, (c,)) for c in distinct
                        if c.natural and hand.count(c) >= 2)]
    if phase is Phase.UPCARD_OFFER:
        return [PASS, TAKE]
    if phase is Phase.BUYING:
        return [PASS, BUY]
    if phase is Phase.UPCARD_SWAP:
        return [Action(Verb.DISCARD, (c,)) for c in distinct]
    if phase is Phase.DRAW:
        return [DRAW, TAKE]
    if phase is not Phase.PLAY:
        return []
    rules = state.rules
    actions: list[Action] = [Action(Verb.DISCARD, (c,)) for c in distinct]
    if rules.turbo:
        actions.append(DRAW)
    if state.come_out[seat] or rules.act_before_out:
        actions.extend(_lay_and_swap(state.table, distinct, rules.set_joker_fixed))
    if state.come_out[seat]:
        actions.extend(Action(Verb.MELD, melds=(g,))
                       for g in candidate_melds(hand, rules, state.round_index))
    else:
        actions.extend(Action(Verb.MELD, melds=o)
                       for o in coming_out_options(hand, rules, state.round_index,
                                                   state.requirement))
    if rules.rearrange and state.table:
        actions.extend(table_candidates(state.table, hand, rules, state.round_index))
    return list(dict.fromkeys(actions))


def _lay_and_swap(table: tuple[Meld, ...], distinct: list[Card],
                  set_joker_fixed: bool) -> list[Action]:
    """Lay-offs that touch a meld (a set's rank, a run's ends, any joker) and joker swaps;
    the engine decides."""
    held = set(distinct)
    joker = JOKER in held
    by_rank: dict[int, list[Card]] = {}
    for c in distinct:
        if c.natural:
            by_rank.setdefault(c.rank, []).append(c)
    actions: list[Action] = []
    for n, meld in enumerate(table, 1):
        if meld.kind == "set":
            fits = by_rank.get(meld.rank, [])
        else:
            fits = []
            for p in (meld.start - 1, meld.end + 1):
                if 1 <= p <= 14:
                    card = NATURALS[meld.suit * 13 + (p - 1) % 13]
                    if card in held:
                        fits.append(card)
        actions.extend(Action(Verb.LAY, (c,), target=n) for c in fits)
        if joker:
            actions.append(Action(Verb.LAY, (JOKER,), target=n))
        for card in meld.cards:
            if card.joker and card.face in held:
                actions.append(Action(Verb.SWAP, (card.face,), target=n))
        if not set_joker_fixed and meld.kind == "set":
            actions.extend(Action(Verb.SWAP, (c,), target=n) for c in by_rank.get(meld.rank, []))
    return actions


def legal_actions(state: State) -> list[Action]:
    """The listed legal actions of ``state.to_act`` (empty when nobody is to act)."""
    if not state.live:
        return []
    seat = state.to_act
    verdict: dict[bool, bool] = {}
    legal = []
    for a in candidate_actions(state):
        if a.verb is Verb.DISCARD and state.phase is Phase.PLAY:
            # Whether a discard is legal depends on the card only through "is it a joker"
            # (pending cards, going out and the turn rule do not look at which card).
            key = a.card.joker
            if key not in verdict:
                verdict[key] = check(state, seat, a) is None
            if verdict[key]:
                legal.append(a)
        elif check(state, seat, a) is None:
            legal.append(a)
    return legal
