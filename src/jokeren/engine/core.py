"""The engine: ``apply(state, seat, action) -> (state, events)``; pure, no I/O, no clock.

Chance is explicit: a round is dealt from the seed held in the state (or from a given
deal, as a record fixes it), and a rebuilt stock is shuffled from the seed too. Every rules
error is an ``IllegalMoveError`` whose message says why in a player's words.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import NamedTuple, TypeVar

from ..rules.cards import JOKER, NATURALS, Card, add_cards, full_deck, holds, remove_cards, to_hand
from ..rules.house import Rules
from ..rules.melds import Meld, MeldError, extension, read_meld, reading, replace_joker
from ..rules.reasons import Reason
from ..rules.requirements import Requirement
from ..rules.scoring import (
    hand_penalty,
    match_over,
    match_winner,
    newly_eliminated,
    pot_gain,
    round_penalties,
)
from ..support.memo import ByIdentity
from .actions import Action, Verb, built
from .events import Event
from .phase import OFFER_PHASES, Phase
from .rearrange import RearrangeError, check_table, new_owners
from .state import RoundResult, State
from .state import evolve as replace
from .usable import can_meld_now, can_use, witness


class IllegalMoveError(Reason):
    """A well-formed action that the rules forbid now (``text(lang)`` words it)."""


class DealError(Reason):
    """A deal that the packs cannot make (too many copies of a card, too few cards)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What a record fixes of a deal; the rest comes from the seed."""

    hands: tuple[tuple[Card, ...], ...] | None = None  # one per active seat, in seat order
    upcard: Card | None = None
    stock: tuple[Card, ...] = ()  # top card first, as written

    def __reduce__(self) -> tuple[type[Deal], tuple[object, ...]]:
        return Deal, (self.hands, self.upcard, self.stock)  # see State.__reduce__


# --- starting ---------------------------------------------------------------------------

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
    return _after_exchange(state)


def deal_events(state: State) -> list[Event]:
    """What a deal shows: each active seat its own hand (the others see its size), and
    the upcard to everyone."""
    events = [Event("deal", s, state.hands[s], public=False) for s in state.active]
    if state.discard:
        events.append(Event("upcard", state.dealer, (state.discard[-1],)))
    return events


def _deal(state: State, seat: int, action: Action,
          dry: bool = False) -> tuple[State, list[Event]]:
    """The next round, dealt by the seat whose deal it is (``to_act`` after a round)."""
    if dry:
        return state, []
    state = deal_round(state)
    return state, deal_events(state)


def _after_exchange(state: State) -> State:
    if state.rules.upcard_offer and state.discard:
        order = (state.turn, *state.seats_after(state.turn))
        return replace(state, phase=Phase.UPCARD_OFFER, offer=order, to_act=order[0])
    return replace(state, phase=Phase.DRAW, offer=(), to_act=state.turn)


# --- applying ---------------------------------------------------------------------------

def apply(state: State, seat: int, action: Action,
          dry: bool = False) -> tuple[State, list[Event]]:
    """The state after ``seat`` does ``action``, and what happened; or IllegalMoveError.

    ``dry``: only decide whether the action is legal (the state returned is then the same).
    """
    if state.phase is Phase.MATCH_OVER:
        raise IllegalMoveError("match_over")
    if state.phase is Phase.ROUND_OVER and action.verb is not Verb.DEAL:
        raise IllegalMoveError("round_over")
    if seat != state.to_act:
        name = state.players[seat] if 0 <= seat < state.n else "?"
        raise IllegalMoveError("not_your_turn", name=name, other=state.players[state.to_act])
    handler = _HANDLERS.get((state.phase, action.verb))
    if handler is None:
        raise _wrong_verb(state, action)
    return handler(state, seat, action, dry)


def check(state: State, seat: int, action: Action) -> IllegalMoveError | None:
    """Why ``action`` is illegal now (a Reason: key, values, ``text(lang)``), or None."""
    try:
        apply(state, seat, action, dry=True)
    except IllegalMoveError as exc:
        return exc
    return None


def _tried(state: State, seat: int, action: Action, dry: bool) -> State | str:
    """The state after ``action``, or the key of its refusal (usable.py asks this). A
    one-card lay-off only judged is asked as move listing asks it, without a raise."""
    if dry and action.verb is Verb.LAY and len(action.cards) == 1 \
            and state.phase is Phase.PLAY and seat == state.to_act:
        return state if legal_lays(state, seat, [action]) else "cannot_lay"
    try:
        return apply(state, seat, action, dry)[0]
    except IllegalMoveError as exc:
        return exc.key


def allowed(state: State, seat: int, action: Action) -> bool:
    """Whether ``action`` is legal now: ``check`` without wording the refusal (move listing
    refuses many candidates and reads none of the reasons)."""
    try:
        apply(state, seat, action, dry=True)
    except IllegalMoveError:
        return False
    return True


def legal_lays(state: State, seat: int, candidates: Sequence[Action],
               first: bool = False) -> list[Action]:
    """The one-card lay-offs among ``candidates`` that ``apply`` accepts now, in the play
    phase of ``seat``; each candidate's meld number is on the table. ``first``: stop at the
    first one found.

    Move listing asks this for dozens of lay-offs a turn: what the turn allows is the same
    for all of them, so it is asked once; the meld itself is asked per candidate.
    """
    if not candidates or (not state.come_out[seat] and not state.rules.act_before_out):
        return []
    try:
        _lay_turn(state, seat, len(state.hands[seat]) - 1)
    except IllegalMoveError:
        return []
    held = set(state.hands[seat])
    legal = []
    for action in candidates:
        if not (to_hand(action.cards[0]) in held if len(action.cards) == 1
                else remove_cards(state.hands[seat], action.cards)):
            continue  # a card not held
        if not _extends(state, action):  # a third are refused, none read the reason
            continue
        if not _keeps_freed_jokers(state, seat, action.cards):
            continue
        legal.append(action)
        if first:
            break
    return legal


def legal_melds(state: State, seat: int,
                groups: Sequence[tuple[Card, ...]]) -> list[Action]:
    """The single new melds among ``groups`` that ``apply`` accepts now from a seat that has
    come out, in its play phase; as ``legal_lays``, the turn is asked once per number of
    cards left."""
    rules, hand, hand_size = state.rules, state.hands[seat], len(state.hands[seat])
    turn: dict[int, bool] = {}
    legal = []
    for group in groups:
        left = hand_size - len(group)
        if left not in turn:
            try:
                _meld_turn(state, seat, left)
                turn[left] = True
            except IllegalMoveError:
                turn[left] = False
        if not turn[left] or not holds(hand, group):
            continue
        meld = reading(group, rules, state.round_index, _blocked(state, group))
        if isinstance(meld, MeldError) or _over_copies(state, (), (meld,)) is not None:
            continue  # refusals are not raised: listing reads no reason
        legal.append(built(Verb.MELD, (), (group,)))
    return legal


def _wrong_verb(state: State, action: Action) -> IllegalMoveError:
    key = "phase_" + state.phase.value.replace("-", "_")
    return IllegalMoveError(key, verb=action.verb.value, name=state.players[state.to_act])


def _illegal(key: str, **params: object) -> IllegalMoveError:
    return IllegalMoveError(key, **params)


# --- offers -----------------------------------------------------------------------------

def _offer_next(state: State) -> State:
    rest = state.offer[1:]
    return replace(state, offer=rest, to_act=rest[0] if rest else state.turn)


def _exchange_give(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    card = action.card
    if card.joker or state.hands[seat].count(card) < 2:
        raise _illegal("give_twice", name=state.players[seat])
    if dry:
        return state, []
    gives = list(state.gives)
    gives[seat] = card
    return _exchange_answered(replace(state, gives=tuple(gives)), seat, True)


def _exchange_pass(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    return _exchange_answered(state, seat, False)


def _exchange_answered(state: State, seat: int, gave: bool) -> tuple[State, list[Event]]:
    events = [Event("give" if gave else "pass", seat)]
    state = _offer_next(state)
    if state.offer:
        return state, events
    # Everyone answered: the givers pass their card on to the next giver (000: two swap,
    # all three pass clockwise); a lone giver keeps his card.
    givers = [s for s in state.active if state.gives[s] is not None]
    hands = list(state.hands)
    if len(givers) >= 2:
        for i, s in enumerate(givers):
            to = givers[(i + 1) % len(givers)]
            card = state.gives[s]
            assert card is not None
            hands[s] = remove_cards(hands[s], [card]) or hands[s]
            hands[to] = add_cards(hands[to], [card])
            events.append(Event("exchanged", s, (card,), to=to, public=False))
    state = replace(state, hands=tuple(hands), gives=(None,) * state.n)
    return _after_exchange(state), events


def _upcard_take(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    card = state.discard[-1]
    state = replace(state, discard=state.discard[:-1],
                    hands=_set(state.hands, seat, add_cards(state.hands[seat], [card])),
                    known=_set(state.known, seat, (*state.known[seat], card)),
                    phase=Phase.UPCARD_SWAP, offer=(), to_act=seat, drawn=(card,))
    return state, [Event("take", seat, (card,))]


def _upcard_swap(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    card = to_hand(action.card)
    hand = remove_cards(state.hands[seat], [card])
    if hand is None:
        raise _illegal("not_held", name=state.players[seat], card=card)
    if card in state.drawn:  # 001: "wisselen met een andere kaart", not the upcard back
        raise _illegal("upcard_back", name=state.players[seat], card=card)
    if dry:
        return state, []
    state = replace(state, hands=_set(state.hands, seat, hand), discard=(*state.discard, card),
                    known=_set(state.known, seat, _forget(state.known[seat], [card])),
                    drawn=())
    return replace(state, phase=Phase.DRAW, to_act=state.turn), [Event("discard", seat, (card,))]


def _upcard_pass(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    state = _offer_next(state)
    if not state.offer:
        state = replace(state, phase=Phase.DRAW, to_act=state.turn)
    return state, [Event("pass", seat)]


def _buy(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    rules = state.rules
    assert rules.buying is not None
    card = state.discard[-1]
    taken = _take_stock(state, rules.buying.extra, discard=state.discard[:-1])
    extra = taken.cards
    state = replace(
        state, hands=_set(state.hands, seat, add_cards(state.hands[seat], [card, *extra])),
        known=_set(state.known, seat, (*state.known[seat], card)),
        pot=state.pot + (rules.money.per_buy if rules.money else 0), stock=taken.stock,
        discard=taken.discard, rebuilds=taken.rebuilds,
    )
    events = [Event("buy", seat, (card,)), Event("draw", seat, tuple(extra), public=False)]
    state, more = _turn_draws_stock(state)
    return state, events + more


def _buy_pass(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    events = [Event("pass", seat)]
    if len(state.offer) > 1:
        return _offer_next(state), events
    # The last seat passed: the turn draws (which closes the offer itself).
    state, more = _turn_draws_stock(state)
    return state, events + more


def _turn_draws_stock(state: State) -> tuple[State, list[Event]]:
    seat = state.turn
    taken = _take_stock(state, state.rules.draws)
    cards = taken.cards
    state = replace(state, hands=_set(state.hands, seat, add_cards(state.hands[seat], cards)),
                    phase=Phase.PLAY, offer=(), to_act=seat, drawn=tuple(cards),
                    turn_draws=state.turn_draws + 1, stock=taken.stock,
                    discard=taken.discard, rebuilds=taken.rebuilds)
    return state, [Event("draw", seat, tuple(cards), public=False)]


# --- drawing ----------------------------------------------------------------------------

class _Taken(NamedTuple):
    """Cards taken from the stock, and the fields that taking them changed."""

    cards: list[Card]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    rebuilds: int


def _take_stock(state: State, k: int, discard: tuple[Card, ...] | None = None) -> _Taken:
    """Up to ``k`` stock cards, rebuilding the stock from the discard pile (``discard`` if
    given) when it is out; the caller sets the changed fields in its one copy of the state
    (a copy per card drawn was a good part of a draw's cost)."""
    stock = state.stock
    if discard is None:
        discard = state.discard
    if len(stock) >= k:  # the usual case: no rebuild
        left = len(stock) - k
        return _Taken(list(reversed(stock[left:])), stock[:left], discard, state.rebuilds)
    state = replace(state, discard=discard)
    cards: list[Card] = []
    for _ in range(k):
        if not state.stock:
            rebuilt = _rebuild(state)
            if rebuilt is None:
                break
            state = rebuilt
        cards.append(state.stock[-1])
        state = replace(state, stock=state.stock[:-1])
    return _Taken(cards, state.stock, state.discard, state.rebuilds)


def _rebuild(state: State) -> State | None:
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


def _draw(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    if state.rules.buying_on(len(state.active)) and state.discard and len(state.active) > 1:
        order = state.seats_after(seat)
        return (replace(state, phase=Phase.BUYING, offer=order, to_act=order[0]),
                [Event("for-sale", seat, (state.discard[-1],))])
    return _turn_draws_stock(state)


def _take(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if not state.discard:
        raise _illegal("pile_empty")
    card = state.discard[-1]
    pending: tuple[Card, ...] = ()
    if state.rules.take_discard == "if-used":
        if not can_use(state, seat, card, _tried, extra=card):
            raise _illegal("take_if_used", name=state.players[seat], card=card)
        pending = (card,)
    if dry:
        return state, []
    state = replace(
        state, discard=state.discard[:-1],
        hands=_set(state.hands, seat, add_cards(state.hands[seat], [card])),
        known=_set(state.known, seat, (*state.known[seat], card)),
        phase=Phase.PLAY, drawn=(card,), pending=pending, turn_draws=state.turn_draws + 1,
    )
    return state, [Event("take", seat, (card,))]


def _turbo_draw(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules = state.rules
    if not rules.turbo:
        raise _illegal("drawn_already", name=state.players[seat])
    if len(state.drawn) >= 3:
        raise _illegal("turbo_three")
    if state.acted:
        raise _illegal("turbo_before_meld")
    if can_meld_now(state, seat, _tried):
        raise _illegal("turbo_cannot_meld")
    if not state.stock and _rebuild(state) is None:
        raise _illegal("stock_empty")
    if dry:
        return state, []
    taken = _take_stock(state, 1)
    cards = taken.cards
    if not cards:
        raise _illegal("stock_empty")
    state = replace(state, hands=_set(state.hands, seat, add_cards(state.hands[seat], cards)),
                    drawn=(*state.drawn, *cards), turn_draws=state.turn_draws + 1,
                    stock=taken.stock, discard=taken.discard, rebuilds=taken.rebuilds)
    return state, [Event("draw", seat, tuple(cards), public=False)]


# --- melding ----------------------------------------------------------------------------

def _blocked(state: State, cards: Sequence[Card]) -> frozenset[Card]:
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
    full = _full(state.table, packs)
    laid = [c for c in cards if c.natural]
    if not laid:
        return full
    faces = _faces(state.table)
    free = sum(1 for c in cards if c == JOKER)
    return full | frozenset(c for c in laid if laid.count(c) + faces.get(c, 0) + free > packs)


class _OnTable(NamedTuple):
    faces: Counter[Card]  # how often each card is on the table, natural or as a joker
    full: dict[int, frozenset[Card]]  # by number of packs: cards with every copy laid


def _count_table(table: tuple[Meld, ...]) -> _OnTable:
    return _OnTable(Counter(c.face for m in table for c in m.cards), {})


# Kept by the table's identity: a table is shared by the states until it changes, and
# hashing it would cost more than counting.
# a table of melds (by identity) -> its card counts
_on_table = ByIdentity(_count_table, size=256, name="engine.table")


def _faces(table: tuple[Meld, ...]) -> Counter[Card]:
    """How often each card is on the table, natural or as a joker (do not mutate)."""
    return _on_table(table).faces


def _full(table: tuple[Meld, ...], packs: int) -> frozenset[Card]:
    """Cards whose every copy is on the table."""
    faces, full = _on_table(table)
    found = full.get(packs)
    if found is None:
        found = full[packs] = frozenset(c for c, k in faces.items() if k >= packs)
    return found


def _check_copies(state: State, before: Sequence[Meld], after: Sequence[Meld]) -> None:
    """No joker placed by this action (``before`` becomes ``after`` on the table) may stand
    for a card whose every copy is on the table already (000)."""
    over = _over_copies(state, before, after)
    if over is not None:
        raise _illegal("copies_limit", card=over)


def _over_copies(state: State, before: Sequence[Meld], after: Sequence[Meld]) -> Card | None:
    """The card a new joker would stand for beyond its copies (``_check_copies``), or None."""
    if not state.rules.joker_copies_limit:
        return None
    new_jokers = _new_jokers(before, after)
    if not new_jokers:
        return None
    packs = state.rules.pack_count(state.n)
    base = _faces(state.table)
    for joker in new_jokers:
        rank, suit = joker.rank, joker.suit
        count = base.get(joker.face, 0) + sum(
            (c.rank == rank and c.suit == suit) for m in after for c in m.cards) - sum(
            (c.rank == rank and c.suit == suit) for m in before for c in m.cards)
        if count > packs:
            return joker.face
    return None


def _remove(state: State, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    hand = remove_cards(state.hands[seat], cards)
    if hand is None:
        raise _not_held(state, seat, cards)
    return hand


def _hand_less(state: State, seat: int, cards: Sequence[Card],
               dry: bool) -> tuple[int, tuple[Card, ...]]:
    """How many cards stay in hand when ``cards`` go, and that hand; in a dry run (move
    listing) only the count, as building the sorted hand is most of the cost."""
    if not dry:
        hand = _remove(state, seat, cards)
        return len(hand), hand
    if not holds(state.hands[seat], cards):
        raise _not_held(state, seat, cards)
    return len(state.hands[seat]) - len(cards), ()


def _not_held(state: State, seat: int, cards: Sequence[Card]) -> IllegalMoveError:
    have = Counter(state.hands[seat])
    need = Counter(to_hand(c) for c in cards)
    missing = next(c for c, k in need.items() if have[c] < k)
    return _illegal("not_held", name=state.players[seat], card=missing)


def _check_going_out(state: State, seat: int, left: int, coming_out: bool = False) -> None:
    """Cards the player may still keep after a meld or lay-off (``coming_out``: the action
    is the player's coming-out)."""
    if left == 0 and state.rules.going_out == "discard":
        raise _illegal("keep_a_card")
    if left <= 1:
        # One card left ends the round this turn (by the discard, or by laying it): before
        # every player has had a turn that cannot be, and the player would be stuck.
        _check_may_end(state, seat)
        # 000: "een joker pikken is bij één-keer-uit gaan NIET toegestaan" (docs/rules.md: in
        # every round, every preset): a turn with a swap does not both come out and go out.
        if state.swapped and (coming_out or state.came_out_now):
            raise _illegal("swap_then_out_at_once")


def _check_may_end(state: State, seat: int) -> None:
    if state.turns_done < len(state.active) - 1:
        raise _illegal("everyone_a_turn")


def _new_jokers(before: Sequence[Meld], after: Sequence[Meld]) -> list[Card]:
    """Jokers in ``after`` that were not in ``before`` (placed by this action)."""
    new = [c for m in after for c in m.cards if c.joker]
    if new and before:
        for c in (c for m in before for c in m.cards if c.joker):
            if c in new:
                new.remove(c)
    return new


def _requirement_met(req: Requirement, melds: Sequence[Meld], exact: bool) -> bool:
    if req.none or req.all_at_once:
        return bool(melds)
    if req.points:
        return sum(m.value() for m in melds) >= req.points
    for alt in req.alternatives:
        if exact and len(melds) != len(alt):
            continue
        if len(melds) < len(alt):
            continue
        for chosen in permutations(range(len(melds)), len(alt)):
            if all(melds[i].kind == k and len(melds[i].cards) >= n
                   for i, (k, n) in zip(chosen, alt, strict=True)):
                return True
    return False


def _meld(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules = state.rules
    groups = action.melds
    tokens = [c for g in groups for c in g]
    left, hand = _hand_less(state, seat, tokens, dry)
    blocked = _blocked(state, tokens)
    melds = []
    for i, group in enumerate(groups, 1):
        try:
            melds.append(read_meld(group, rules, state.round_index, blocked))
        except MeldError as exc:
            cards = tuple(group)
            where = Reason("meld_number", i=i, cards=cards) if len(groups) > 1 else cards
            raise _illegal("meld_invalid", where=where, reason=exc) from None
    coming_out = not state.come_out[seat]
    if not coming_out:
        _meld_turn(state, seat, left)
        _check_copies(state, (), melds)
    else:
        _coming_out(state, seat, melds, tokens, left)
    table = (*state.table, *melds)
    if dry:
        return state, []
    state = replace(
        state, hands=_set(state.hands, seat, hand), table=table,
        owners=(*state.owners, *(seat,) * len(melds)),
        come_out=_set(state.come_out, seat, True),
        came_out_now=state.came_out_now or coming_out,
        pending=_used(state.pending, tokens), acted=True,
        known=_set(state.known, seat, _forget(state.known[seat], tokens)),
    )
    events = [Event("come-out" if coming_out else "meld", seat, tuple(tokens),
                    melds=tuple(melds), to=len(state.table) - len(melds) + 1)]
    if left == 0:
        return _round_won(state, seat, events)
    return state, events


def _meld_turn(state: State, seat: int, left: int) -> None:
    """What the turn allows of new melds (after coming out) that leave ``left`` cards."""
    _check_going_out(state, seat, left)
    if state.came_out_now and state.rules.opening_only_contract and left > 1:
        raise _illegal("only_requirement")


def _coming_out(state: State, seat: int, melds: Sequence[Meld], tokens: Sequence[Card],
                left: int) -> None:
    rules, req = state.rules, state.requirement
    _check_going_out(state, seat, left, coming_out=True)
    if rules.wait_first_turn and state.turns_done < len(state.active):
        raise _illegal("wait_first_turn", name=state.players[seat])
    if not rules.joker_in_first_meld and any(c.joker for c in tokens):
        raise _illegal("no_joker_first")
    if req.all_at_once and left > 1:
        raise _illegal("all_at_once")
    if rules.opening_only_contract and state.acted and left > 1:
        # A lay-off or swap earlier this turn: the turn of coming out then goes out, as
        # after coming out (docs/rules.md: "unless the player goes out in that same turn").
        raise _illegal("only_requirement")
    exact = rules.opening_only_contract and left > 1
    if not _requirement_met(req, melds, exact):
        raise _requirement_reason(req, melds, exact)
    _check_copies(state, (), melds)


def _requirement_reason(req: Requirement, melds: Sequence[Meld],
                        exact: bool) -> IllegalMoveError:
    if req.points:
        return _illegal("points_short", total=sum(m.value() for m in melds), needed=req.points)
    return _illegal("requirement_only" if exact else "requirement", requirement=req)


def _lay(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules, name = state.rules, state.players[seat]
    if not state.come_out[seat] and not rules.act_before_out:
        raise _illegal("not_out_yet", name=name)
    if not 1 <= action.target <= len(state.table):
        raise _illegal("no_meld_number", n=action.target)
    left, hand = _hand_less(state, seat, action.cards, dry)
    _lay_turn(state, seat, left)
    if not _keeps_freed_jokers(state, seat, action.cards):
        raise _illegal("freed_joker_new_meld")
    index = action.target - 1
    meld = _laid(state, action)
    table = _set(state.table, index, meld)
    if dry:
        return state, []
    used = action.cards if rules.freed_joker != "new-meld" else [
        c for c in action.cards if c.natural]  # a joker laid off is not the freed one
    state = replace(state, hands=_set(state.hands, seat, hand), table=table,
                    pending=_used(state.pending, used), acted=True,
                    known=_set(state.known, seat, _forget(state.known[seat], action.cards)))
    events = [Event("lay", seat, action.cards, to=action.target, melds=(meld,))]
    if left == 0:
        return _round_won(state, seat, events)
    return state, events


def _lay_turn(state: State, seat: int, left: int) -> None:
    """What the turn allows of a lay-off that leaves ``left`` cards in hand."""
    if state.came_out_now and state.rules.opening_only_contract and left > 1:
        raise _illegal("only_requirement")
    _check_going_out(state, seat, left)


def _keeps_freed_jokers(state: State, seat: int, cards: Sequence[Card]) -> bool:
    """Under ``freed_joker: new-meld`` (001: "meteen weer inzetten voor een nieuwe
    sequentie of set"), whether a lay-off of ``cards`` keeps in hand the freed jokers that
    must still go into a new meld this turn."""
    if state.rules.freed_joker != "new-meld" or JOKER not in state.pending:
        return True
    laid = sum(1 for c in cards if c.joker)
    return not laid or state.hands[seat].count(JOKER) - laid >= state.pending.count(JOKER)


def _laid(state: State, action: Action) -> Meld:
    """The table meld after the lay-off ``action`` (cards held, target on the table)."""
    before, meld = _extension(state, action)
    if isinstance(meld, MeldError):
        raise _illegal("cannot_lay", cards=tuple(action.cards),
                       n=action.target, reason=meld)
    _check_copies(state, (before,), (meld,))
    return meld


def _extends(state: State, action: Action) -> bool:
    """Whether ``_laid`` would accept the lay-off, without wording or raising a refusal
    (move listing)."""
    before, meld = _extension(state, action)
    return not isinstance(meld, MeldError) and _over_copies(state, (before,), (meld,)) is None


def _extension(state: State, action: Action) -> tuple[Meld, Meld | MeldError]:
    """The target meld, and what it becomes with the lay-off's cards (or why it cannot)."""
    before = state.table[action.target - 1]
    return before, extension(before, action.cards, state.rules, state.round_index,
                             _blocked(state, action.cards))


def _swap(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules, name = state.rules, state.players[seat]
    natural = action.card
    if natural.joker:
        raise _illegal("swap_natural")
    if not state.come_out[seat] and not rules.act_before_out:
        raise _illegal("not_out_yet", name=name)
    if state.requirement.all_at_once and not rules.swap_in_all_round:
        raise _illegal("no_swap_all_round")
    if state.came_out_now and (rules.opening_only_contract or len(state.hands[seat]) <= 1):
        # 000: "een joker pikken is bij één-keer-uit gaan NIET toegestaan". In the turn of
        # coming out, a swap is either part of going out at once (only the requirement may
        # be laid, else: docs/rules.md) or, with one card left, the discard after it goes out.
        raise _illegal("no_swap_out_at_once")
    if not 1 <= action.target <= len(state.table):
        raise _illegal("no_meld_number", n=action.target)
    hand = _remove(state, seat, [natural])
    found = replace_joker(state.table[action.target - 1], natural, rules, state.round_index)
    if found is None:
        raise _illegal("no_joker_for", n=action.target, card=natural)
    meld, i = found
    use = rules.freed_joker != "hand"
    if dry and not use:
        return state, []
    hand = add_cards(hand, [JOKER])
    table = _set(state.table, action.target - 1, meld)
    if state.table[action.target - 1].cards[i].face == natural:
        _on_table.share(table, state.table)  # the same faces: no need to count them again
    after = replace(state, hands=_set(state.hands, seat, hand), table=table, acted=True,
                    swapped=True, pending=_used(state.pending, [natural]))
    if use:
        if not can_use(after, seat, JOKER, _tried, lay=rules.freed_joker != "new-meld"):
            raise _illegal("freed_joker_no_new_meld" if rules.freed_joker == "new-meld"
                           else "freed_joker_unusable")
        if dry:
            return state, []
        after = replace(after, pending=(*after.pending, JOKER))
    return after, [Event("swap", seat, (natural,), to=action.target, melds=(meld,))]


def _table(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    """Rummikub-style (004): the complete new arrangement of the table; see rearrange.py."""
    rules, name = state.rules, state.players[seat]
    if not rules.rearrange:
        raise _illegal("no_rearrange")
    if not state.come_out[seat] and not rules.act_before_out:
        raise _illegal("not_out_yet", name=name)
    written = [c for g in action.melds for c in g]
    try:
        new = check_table(state.table, action.melds, state.hands[seat], rules,
                          state.round_index, _blocked(state, written), state.come_out[seat])
    except RearrangeError as exc:
        raise _illegal("rearrange_invalid", reason=exc) from None
    hand = _remove(state, seat, new.from_hand)
    left = len(hand)
    if state.came_out_now and rules.opening_only_contract and left > 1:
        raise _illegal("only_requirement")
    _check_going_out(state, seat, left)
    _check_copies(state, state.table, new.melds)
    if dry:
        return state, []
    state = replace(state, hands=_set(state.hands, seat, hand), table=new.melds,
                    owners=new_owners(state.table, state.owners, new.melds, seat),
                    pending=_used(state.pending, new.from_hand), acted=True,
                    known=_set(state.known, seat, _forget(state.known[seat], new.from_hand)))
    events = [Event("table", seat, new.from_hand, melds=new.melds)]
    if left == 0:
        return _round_won(state, seat, events)
    return state, events


def _usable_pending(state: State) -> tuple[Card, ...]:
    """The pending cards (taken to use, or a freed joker) that the player to act can still
    put on the table this turn: it must, before it discards."""
    new_meld = state.rules.freed_joker == "new-meld"  # the freed joker: not a lay-off
    return tuple(c for c in state.pending
                 if can_use(state, state.to_act, c, _tried, lay=not (new_meld and c.joker)))


# Asked for every discard listed: kept by the state's identity.
# a state (by identity) -> the cards it must still use
_waiting = ByIdentity(_usable_pending, size=16, name="engine.pending")


def ways_to_use(state: State) -> list[Action]:
    """For each pending card that must still be used before the discard, the first action
    of a way to use it (move listing offers them: a turn is never stuck)."""
    if not state.pending or state.phase is not Phase.PLAY:
        return []
    new_meld = state.rules.freed_joker == "new-meld"  # the freed joker: not a lay-off
    found = (witness(state, state.to_act, c, _tried, lay=not (new_meld and c.joker))
             for c in _waiting(state))
    return [a for a in found if a is not None]


def _discard(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules, name = state.rules, state.players[seat]
    card = to_hand(action.card)
    left, hand = _hand_less(state, seat, [card], dry)
    if state.pending:
        waiting = _waiting(state)
        if waiting:
            if waiting[0].joker and rules.freed_joker == "new-meld":
                raise _illegal("use_first_new_meld", name=name)
            what = Reason("the_freed_joker") if waiting[0].joker else waiting[0]
            raise _illegal("use_first", name=name, what=what)
    if card.joker and not rules.discard_joker:
        _check_joker_discard(state, seat)
    if not left:
        _check_may_end(state, seat)
    if dry:
        return state, []
    events = [Event("discard", seat, (card,))]
    hands = _set(state.hands, seat, hand)
    known = _set(state.known, seat, _forget(state.known[seat], [card]))
    if not left:
        state = replace(state, hands=hands, discard=(*state.discard, card), known=known)
        return _round_won(state, seat, events)
    return _end_turn(state, events, hands, (*state.discard, card), known)


def _check_joker_discard(state: State, seat: int) -> None:
    """004: "Je mag de joker NIET afleggen", also not as the last card. Only a hand of
    jokers none of which can be laid off now has nothing else to do: then one is discarded
    (as the last card, that goes out)."""
    if any(c.natural for c in state.hands[seat]):
        raise _illegal("no_joker_discard")
    if legal_lays(state, seat, joker_lays(state.table), first=True):
        raise _illegal("lay_joker_instead")


def joker_lays(table: Sequence[Meld]) -> list[Action]:
    """Every one-joker lay-off worth asking (``meld_joker_lays``) on the table."""
    return [a for n, meld in enumerate(table, 1) for a in meld_joker_lays(n, meld)]


def meld_joker_lays(n: int, meld: Meld) -> list[Action]:
    """The one-joker lay-offs worth asking on table meld ``n``: the joker left to infer its
    card, and on a run also saying it stands at either end (inferred, it takes the high end
    even when every copy of that card is out and the low end is free)."""
    plain = built(Verb.LAY, (JOKER,), (), n)
    if meld.kind == "set":
        return [plain]
    return [plain, *(built(Verb.LAY, (NATURALS[meld.suit * 13 + (p - 1) % 13].as_joker(),),
                           (), n) for p in (meld.start - 1, meld.end + 1) if 1 <= p <= 14)]


def _end_turn(state: State, events: list[Event], hands: tuple[tuple[Card, ...], ...],
              discard: tuple[Card, ...], known: tuple[tuple[Card, ...], ...],
              ) -> tuple[State, list[Event]]:
    """The next player's turn, after a discard that left ``hands``, ``discard`` and
    ``known`` (set in the same copy of the state)."""
    nxt = state.next_seat(state.turn)
    played = state.played
    if state.acted and not (played and played[state.turn]):
        played = _set(played or (False,) * state.n, state.turn, True)
    state = replace(state, turns_done=state.turns_done + 1, turn=nxt, to_act=nxt,
                    phase=Phase.DRAW, drawn=(), came_out_now=False, pending=(), turn_draws=0,
                    acted=False, swapped=False, hands=hands, discard=discard, known=known,
                    played=played)
    limit = state.rules.max_turns
    if limit is not None and state.turns_done >= limit:
        return _round_over(state, None, [*events, Event("turn-limit", None)])
    if not state.stock:
        rebuilt = _rebuild(state)
        if rebuilt is None:
            return _round_over(state, None, [*events, Event("stock-out", None)])
        state = rebuilt
        events.append(Event("rebuild", None))
    return state, events


# --- the end of a round and of the match -------------------------------------------------

def _round_won(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    return _round_over(state, seat, [*events, Event("out", seat)])


def _round_over(state: State, winner: int | None,
                events: list[Event]) -> tuple[State, list[Event]]:
    rules = state.rules
    # 004's "in één keer": out in the turn of coming out, with no card put on the table in
    # an earlier turn (a lay-off or swap before coming out forfeits it).
    all_at_once = winner is not None and state.came_out_now and not (
        state.played and state.played[winner])
    left = [hand_penalty(rules, state.hands[s], state.come_out[s]) for s in range(state.n)]
    penalties = round_penalties(rules, winner, left, state.eliminated, all_at_once)
    result = RoundResult(winner, penalties, str(state.requirement), state.dealer,
                         state.hands, all_at_once)
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    pot = state.pot + pot_gain(rules, penalties, winner)
    out = newly_eliminated(rules, state.active, totals)
    eliminated = (*state.eliminated, *out)
    state = replace(state, results=(*state.results, result), totals=totals, pot=pot,
                    eliminated=eliminated, phase=Phase.ROUND_OVER, offer=(), pending=())
    state = replace(state, to_act=state.next_seat(state.dealer))  # who deals next
    events.append(Event("round-over", winner))
    still = [s for s in range(state.n) if s not in eliminated]
    if match_over(rules, len(state.results), still):
        match_winner_ = match_winner(rules, totals, still, out)
        state = replace(state, phase=Phase.MATCH_OVER, winner=match_winner_,
                        pot_winner=winner if rules.money else None)
        events.append(Event("match-over", match_winner_))
    return state, events


# --- helpers ----------------------------------------------------------------------------

T = TypeVar("T")


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _forget(known: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Public knowledge of a hand, less the cards that left it."""
    if not known:
        return known
    left = list(known)
    for c in cards:
        face = to_hand(c)
        if face in left:
            left.remove(face)
    return tuple(left)


def _used(pending: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    return _forget(pending, cards)


_HANDLERS = {
    (Phase.EXCHANGE, Verb.GIVE): _exchange_give,
    (Phase.EXCHANGE, Verb.PASS): _exchange_pass,
    (Phase.UPCARD_OFFER, Verb.TAKE): _upcard_take,
    (Phase.UPCARD_OFFER, Verb.PASS): _upcard_pass,
    (Phase.UPCARD_SWAP, Verb.DISCARD): _upcard_swap,
    (Phase.DRAW, Verb.DRAW): _draw,
    (Phase.DRAW, Verb.TAKE): _take,
    (Phase.BUYING, Verb.BUY): _buy,
    (Phase.BUYING, Verb.PASS): _buy_pass,
    (Phase.PLAY, Verb.MELD): _meld,
    (Phase.PLAY, Verb.LAY): _lay,
    (Phase.PLAY, Verb.SWAP): _swap,
    (Phase.PLAY, Verb.TABLE): _table,
    (Phase.PLAY, Verb.DISCARD): _discard,
    (Phase.PLAY, Verb.DRAW): _turbo_draw,
    (Phase.ROUND_OVER, Verb.DEAL): _deal,
}

__all__ = ["OFFER_PHASES", "Deal", "DealError", "IllegalMoveError", "allowed", "apply", "check",
           "deal_events", "deal_round", "joker_lays", "legal_lays", "legal_melds",
           "meld_joker_lays", "new_match", "ways_to_use"]
