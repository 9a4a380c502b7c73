"""Legal actions: the simple actions of the seat to act, each confirmed by the engine.

Melds are listed as single melds (or, before coming out, a few ways to meet the round's
requirement), lay-offs as one card at a time; bigger combined moves are legal too, but are
not listed, except where a card that must be used needs one (``engine.ways_to_use``).
``candidate_actions`` lists what is worth asking; ``legal_actions`` keeps what the engine
accepts, asking it in bulk where the turn's conditions are shared
(``engine.legal_lays``, ``engine.legal_melds``): random play and the bots' search list
moves thousands of times a second.
"""

from __future__ import annotations

from ..engine import allowed, legal_lays, legal_melds, meld_joker_lays, ways_to_use
from ..engine.actions import BUY, DEAL, DRAW, PASS, TAKE, Action, Verb, built
from ..engine.phase import Phase
from ..engine.rearrange import table_candidates
from ..engine.state import State
from ..engine.usable import joker_swaps
from ..rules.cards import JOKER, NATURALS, Card
from ..rules.patterns import set_readings
from .search import candidate_melds, coming_out_options


def candidate_actions(state: State) -> list[Action]:
    """Actions worth checking for the seat to act (not all of them legal)."""
    seat = state.to_act
    hand = state.hands[seat] if state.hands else ()
    phase = state.phase
    if phase is Phase.EXCHANGE:
        return [PASS, *(Action(Verb.GIVE, (c,)) for c in sorted(set(hand))
                        if c.natural and hand.count(c) >= 2)]
    if phase is Phase.UPCARD_OFFER:
        return [PASS, TAKE]
    if phase is Phase.BUYING:
        return [PASS, BUY]
    if phase is Phase.UPCARD_SWAP:
        return [_DISCARD[c] for c in sorted(set(hand))]
    if phase is Phase.DRAW:
        return [DRAW, TAKE]
    if phase is not Phase.PLAY:
        return []
    return [*_discards(state), *_lays(state), *_swaps(state), *_melds(state),
            *_rearrangements(state)]


# Listed at every play decision: one shared action per card.
_DISCARD = {c: Action(Verb.DISCARD, (c,)) for c in (*NATURALS, JOKER)}


def _discards(state: State) -> list[Action]:
    # The distinct cards in order. A hand is kept sorted, so after dict.fromkeys the sort
    # only confirms the order (one comparison a card; sorting a set takes three or four).
    distinct = list(dict.fromkeys(state.hands[state.to_act]))
    distinct.sort()
    actions = [_DISCARD[c] for c in distinct]
    if state.rules.turbo:
        actions.append(DRAW)
    return actions


def _held_if_may_touch_table(state: State) -> set[Card]:
    """The distinct cards of the seat to act, or none while it may not touch the table
    (not come out, and the rules do not allow it before)."""
    seat = state.to_act
    if not state.come_out[seat] and not state.rules.act_before_out:
        return set()
    return set(state.hands[seat])


def _lays(state: State) -> list[Action]:
    """One-card lay-offs that touch a meld: a set's rank, a run's ends, a joker on any
    meld (``engine.meld_joker_lays``)."""
    held = _held_if_may_touch_table(state)
    if not held:
        return []
    joker = JOKER in held
    ranks: dict[int, list[Card]] = {}
    for c in sorted(held):
        if c.natural:
            ranks.setdefault(c.rank, []).append(c)
    actions: list[Action] = []
    for n, meld in enumerate(state.table, 1):
        if meld.kind == "set":
            actions.extend(built(Verb.LAY, (c,), (), n) for c in ranks.get(meld.rank, ()))
        else:
            for p in (meld.start - 1, meld.end + 1):
                if 1 <= p <= 14:
                    card = NATURALS[meld.suit * 13 + (p - 1) % 13]
                    if card in held:
                        actions.append(built(Verb.LAY, (card,), (), n))
        if joker:
            actions.extend(meld_joker_lays(n, meld))
    return actions


def _swaps(state: State) -> list[Action]:
    """Joker swaps: the card a table joker stands for (or, 001, any card of a set's rank)."""
    return joker_swaps(state, _held_if_may_touch_table(state))


def _melds(state: State) -> list[Action]:
    """Single new melds of a seat that has come out; else ways to come out."""
    seat = state.to_act
    if state.come_out[seat]:
        return [built(Verb.MELD, (), (g,)) for g in _groups(state)]
    return [built(Verb.MELD, (), o) for o in coming_out_options(
        state.hands[seat], state.rules, state.round_index, state.requirement)]


def _groups(state: State) -> list[tuple[Card, ...]]:
    return candidate_melds(state.hands[state.to_act], state.rules, state.round_index)


def _rearrangements(state: State) -> list[Action]:
    if not state.rules.rearrange or not state.table:
        return []
    return table_candidates(state.table, state.hands[state.to_act], state.rules,
                            state.round_index)


def legal_actions(state: State) -> list[Action]:
    """The listed legal actions of ``state.to_act`` (empty when nobody is to act; after a
    round, the next dealer's ``deal``)."""
    if not state.live:
        return [DEAL] if state.phase is Phase.ROUND_OVER else []
    if state.phase is not Phase.PLAY:
        return [a for a in candidate_actions(state) if allowed(state, state.to_act, a)]
    seat = state.to_act
    legal: list[Action] = []
    verdict: dict[bool, bool] = {}
    for a in _discards(state):  # distinct cards: no repeats
        if a.verb is Verb.DISCARD:
            # Whether a discard is legal depends on the card only through "is it a joker"
            # (pending cards, going out and the turn rule do not look at which card).
            key = a.cards[0].joker
            if key not in verdict:
                verdict[key] = allowed(state, seat, a)
            if verdict[key]:
                legal.append(a)
        elif allowed(state, seat, a):
            legal.append(a)
    # The other verbs may repeat (a run's two ends can be one ace, options can share melds):
    # only they are deduplicated.
    more = legal_lays(state, seat, _lays(state))
    more.extend(a for a in _swaps(state) if allowed(state, seat, a))
    if state.come_out[seat]:
        more.extend(legal_melds(state, seat, _groups(state)))
    else:
        more.extend(a for a in _melds(state) if allowed(state, seat, a))
    more.extend(a for a in _rearrangements(state) if allowed(state, seat, a))
    more.extend(ways_to_use(state))  # a card that must be used may need a bigger move
    legal.extend(dict.fromkeys(more))
    return legal


# --- every card a joker may stand for (a person chooses; the bots need one reading) -------

def joker_readings(state: State, listed: list[Action]) -> list[Action]:
    """The other readings of the jokers in ``listed`` (the seat's legal actions) that the
    engine accepts: which end of a run a joker takes (5h * 7h *: 4h or 8h), which card of a
    set it names. Each new meld of a listed ``meld`` in every reading, the others kept; a
    joker laid off onto a set as each of the rank's cards. Not part of ``legal_actions``:
    the bots need one reading, a person at the browser table is asked."""
    if state.phase is not Phase.PLAY or not state.live:
        return []
    seat, rules = state.to_act, state.rules
    # A listed meld or lay-off holds a joker only if the hand does (most hands hold none):
    # then nothing is read and no action is written in its canonical order.
    if not any(c.joker for c in state.hands[seat]):
        return []
    # The readings in order, then the new ones the engine accepts (not offered one by one by
    # a nested function: compiled, it and the frame it reads would be a cycle for the gc).
    readings: list[Action] = []
    for action in listed:
        if action.verb is Verb.MELD:
            for i, group in enumerate(action.melds):
                if any(c.joker for c in group):
                    for other in _group_readings(group, rules.ace_high):
                        readings.append(action._replace(melds=(
                            *action.melds[:i], other, *action.melds[i + 1:])))
        elif action.verb is Verb.LAY and action.cards == (JOKER,):
            meld = state.table[action.target - 1]
            if meld.kind == "set":
                for suit in range(4):
                    readings.append(action._replace(cards=(Card(meld.rank, suit, True),)))
    seen = {_canonical(a) for a in listed}
    found: list[Action] = []
    for action in readings:
        key = _canonical(action)
        if key not in seen:
            seen.add(key)
            if allowed(state, seat, action):
                found.append(action)
    return found


def _canonical(action: Action) -> tuple[object, ...]:
    """An action with its melds' cards in one order (a meld's cards may be written in any)."""
    return (action.verb, tuple(sorted(action.cards)), action.target,
            tuple(sorted(tuple(sorted(g)) for g in action.melds)))


def _group_readings(group: tuple[Card, ...], ace_high: bool) -> list[tuple[Card, ...]]:
    """Every way to say what the jokers of ``group`` stand for, as a set and as a run, in
    play order; the engine judges which it accepts."""
    naturals = [c for c in group if c.natural]
    jokers = len(group) - len(naturals)
    if not naturals:
        return []
    out: list[tuple[Card, ...]] = []
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1:
        out.extend(set_readings(naturals, naturals[0].rank, jokers))
    suit = naturals[0].suit
    if all(c.suit == suit for c in naturals) and len(ranks) == len(naturals):
        top, size = (14 if ace_high else 13), len(group)
        for ace in ((1, 14) if 1 in ranks and ace_high else (1,)):
            at = {(ace if c.rank == 1 else c.rank): c for c in naturals}
            lo, hi = min(at), max(at)
            for start in range(max(1, hi - size + 1), min(lo, top - size + 1) + 1):
                out.append(tuple(at.get(p) or Card(p if p <= 13 else 1, suit, True)
                                 for p in range(start, start + size)))
    return out
