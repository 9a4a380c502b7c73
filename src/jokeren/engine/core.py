"""The engine: ``apply(state, seat, action) -> (state, events)``; pure, no I/O, no clock.

Here: ``apply`` and its handlers (one per phase and verb: the offers, drawing, melding,
laying off, joker swaps, rearranging, the discard), ``check`` and the fast listing
(``legal_lays``, ``legal_melds``). Beside it: dealing (``dealing``), the checks a move is
judged by (``checks``), the joker-copies bookkeeping (``copies``), the stock (``stock``),
the end of a turn, a round and the match (``roundend``), the refusals (``errors``).

Chance is explicit: a round is dealt from the seed held in the state (or from a given
deal, as a record fixes it), and a rebuilt stock is shuffled from the seed too. Every rules
error is an ``IllegalMoveError`` whose message says why in a player's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import JOKER, NATURALS, Card, add_cards, holds, remove_cards, to_hand
from ..rules.melds import Meld, MeldError, read_meld, reading, replace_joker
from ..rules.reasons import Reason
from ..support.memo import ByIdentity
from .actions import Action, Verb, built
from .checks import (
    check_going_out,
    check_lay_turn,
    check_may_end,
    check_meld_turn,
    hand_less,
    keeps_freed_jokers,
    laid_meld,
    lay_extends,
    remove_held,
    requirement_met,
    requirement_reason,
)
from .copies import blocked_cards, check_copies, on_table, over_copies
from .dealing import Deal, after_exchange, deal_events, deal_round, new_match
from .errors import DealError, IllegalMoveError, illegal
from .events import Event
from .phase import OFFER_PHASES, Phase
from .rearrange import RearrangeError, check_table, new_owners
from .roundend import end_turn, round_won
from .state import State
from .state import evolve as replace
from .stock import forget_known, rebuild, set_at, take_stock, used_pending
from .usable import can_meld_now, can_use, witness

# --- starting ---------------------------------------------------------------------------


def _deal(state: State, seat: int, action: Action,
          dry: bool = False) -> tuple[State, list[Event]]:
    """The next round, dealt by the seat whose deal it is (``to_act`` after a round)."""
    if dry:
        return state, []
    state = deal_round(state)
    return state, deal_events(state)


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
        check_lay_turn(state, seat, len(state.hands[seat]) - 1)
    except IllegalMoveError:
        return []
    held = set(state.hands[seat])
    legal = []
    for action in candidates:
        if not (to_hand(action.cards[0]) in held if len(action.cards) == 1
                else remove_cards(state.hands[seat], action.cards)):
            continue  # a card not held
        if not lay_extends(state, action):  # a third are refused, none read the reason
            continue
        if not keeps_freed_jokers(state, seat, action.cards):
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
                check_meld_turn(state, seat, left)
                turn[left] = True
            except IllegalMoveError:
                turn[left] = False
        if not turn[left] or not holds(hand, group):
            continue
        meld = reading(group, rules, state.round_index, blocked_cards(state, group))
        if isinstance(meld, MeldError) or over_copies(state, (), (meld,)) is not None:
            continue  # refusals are not raised: listing reads no reason
        legal.append(built(Verb.MELD, (), (group,)))
    return legal


def _wrong_verb(state: State, action: Action) -> IllegalMoveError:
    key = "phase_" + state.phase.value.replace("-", "_")
    return IllegalMoveError(key, verb=action.verb.value, name=state.players[state.to_act])


# --- offers -----------------------------------------------------------------------------

def _offer_next(state: State) -> State:
    rest = state.offer[1:]
    return replace(state, offer=rest, to_act=rest[0] if rest else state.turn)


def _exchange_give(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    card = action.card
    if card.joker or state.hands[seat].count(card) < 2:
        raise illegal("give_twice", name=state.players[seat])
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
    return after_exchange(state), events


def _upcard_take(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    if dry:  # always allowed in this phase
        return state, []
    card = state.discard[-1]
    state = replace(state, discard=state.discard[:-1],
                    hands=set_at(state.hands, seat, add_cards(state.hands[seat], [card])),
                    known=set_at(state.known, seat, (*state.known[seat], card)),
                    phase=Phase.UPCARD_SWAP, offer=(), to_act=seat, drawn=(card,))
    return state, [Event("take", seat, (card,))]


def _upcard_swap(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    card = to_hand(action.card)
    hand = remove_cards(state.hands[seat], [card])
    if hand is None:
        raise illegal("not_held", name=state.players[seat], card=card)
    if card in state.drawn:  # 001: "wisselen met een andere kaart", not the upcard back
        raise illegal("upcard_back", name=state.players[seat], card=card)
    if dry:
        return state, []
    state = replace(state, hands=set_at(state.hands, seat, hand), discard=(*state.discard, card),
                    known=set_at(state.known, seat, forget_known(state.known[seat], [card])),
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
    taken = take_stock(state, rules.buying.extra, discard=state.discard[:-1])
    extra = taken.cards
    state = replace(
        state, hands=set_at(state.hands, seat, add_cards(state.hands[seat], [card, *extra])),
        known=set_at(state.known, seat, (*state.known[seat], card)),
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
    taken = take_stock(state, state.rules.draws)
    cards = taken.cards
    state = replace(state, hands=set_at(state.hands, seat, add_cards(state.hands[seat], cards)),
                    phase=Phase.PLAY, offer=(), to_act=seat, drawn=tuple(cards),
                    turn_draws=state.turn_draws + 1, stock=taken.stock,
                    discard=taken.discard, rebuilds=taken.rebuilds)
    return state, [Event("draw", seat, tuple(cards), public=False)]


# --- drawing ----------------------------------------------------------------------------


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
        raise illegal("pile_empty")
    card = state.discard[-1]
    pending: tuple[Card, ...] = ()
    if state.rules.take_discard == "if-used":
        if not can_use(state, seat, card, _tried, extra=card):
            raise illegal("take_if_used", name=state.players[seat], card=card)
        pending = (card,)
    if dry:
        return state, []
    state = replace(
        state, discard=state.discard[:-1],
        hands=set_at(state.hands, seat, add_cards(state.hands[seat], [card])),
        known=set_at(state.known, seat, (*state.known[seat], card)),
        phase=Phase.PLAY, drawn=(card,), pending=pending, turn_draws=state.turn_draws + 1,
    )
    return state, [Event("take", seat, (card,))]


def _turbo_draw(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules = state.rules
    if not rules.turbo:
        raise illegal("drawn_already", name=state.players[seat])
    if len(state.drawn) >= 3:
        raise illegal("turbo_three")
    if state.acted:
        raise illegal("turbo_before_meld")
    if can_meld_now(state, seat, _tried):
        raise illegal("turbo_cannot_meld")
    if not state.stock and rebuild(state) is None:
        raise illegal("stock_empty")
    if dry:
        return state, []
    taken = take_stock(state, 1)
    cards = taken.cards
    if not cards:
        raise illegal("stock_empty")
    state = replace(state, hands=set_at(state.hands, seat, add_cards(state.hands[seat], cards)),
                    drawn=(*state.drawn, *cards), turn_draws=state.turn_draws + 1,
                    stock=taken.stock, discard=taken.discard, rebuilds=taken.rebuilds)
    return state, [Event("draw", seat, tuple(cards), public=False)]


# --- melding ----------------------------------------------------------------------------


def _meld(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules = state.rules
    groups = action.melds
    tokens = [c for g in groups for c in g]
    left, hand = hand_less(state, seat, tokens, dry)
    blocked = blocked_cards(state, tokens)
    melds = []
    for i, group in enumerate(groups, 1):
        try:
            melds.append(read_meld(group, rules, state.round_index, blocked))
        except MeldError as exc:
            cards = tuple(group)
            where = Reason("meld_number", i=i, cards=cards) if len(groups) > 1 else cards
            raise illegal("meld_invalid", where=where, reason=exc) from None
    coming_out = not state.come_out[seat]
    if not coming_out:
        check_meld_turn(state, seat, left)
        check_copies(state, (), melds)
    else:
        _coming_out(state, seat, melds, tokens, left)
    table = (*state.table, *melds)
    if dry:
        return state, []
    state = replace(
        state, hands=set_at(state.hands, seat, hand), table=table,
        owners=(*state.owners, *(seat,) * len(melds)),
        come_out=set_at(state.come_out, seat, True),
        came_out_now=state.came_out_now or coming_out,
        pending=used_pending(state.pending, tokens), acted=True,
        known=set_at(state.known, seat, forget_known(state.known[seat], tokens)),
    )
    events = [Event("come-out" if coming_out else "meld", seat, tuple(tokens),
                    melds=tuple(melds), to=len(state.table) - len(melds) + 1)]
    if left == 0:
        return round_won(state, seat, events)
    return state, events


def _coming_out(state: State, seat: int, melds: Sequence[Meld], tokens: Sequence[Card],
                left: int) -> None:
    rules, req = state.rules, state.requirement
    check_going_out(state, seat, left, coming_out=True)
    if rules.wait_first_turn and state.turns_done < len(state.active):
        raise illegal("wait_first_turn", name=state.players[seat])
    if not rules.joker_in_first_meld and any(c.joker for c in tokens):
        raise illegal("no_joker_first")
    if req.all_at_once and left > 1:
        raise illegal("all_at_once")
    if rules.opening_only_contract and state.acted and left > 1:
        # A lay-off or swap earlier this turn: the turn of coming out then goes out, as
        # after coming out (docs/rules.md: "unless the player goes out in that same turn").
        raise illegal("only_requirement")
    exact = rules.opening_only_contract and left > 1
    if not requirement_met(req, melds, exact):
        raise requirement_reason(req, melds, exact)
    check_copies(state, (), melds)


def _lay(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules, name = state.rules, state.players[seat]
    if not state.come_out[seat] and not rules.act_before_out:
        raise illegal("not_out_yet", name=name)
    if not 1 <= action.target <= len(state.table):
        raise illegal("no_meld_number", n=action.target)
    left, hand = hand_less(state, seat, action.cards, dry)
    check_lay_turn(state, seat, left)
    if not keeps_freed_jokers(state, seat, action.cards):
        raise illegal("freed_joker_new_meld")
    index = action.target - 1
    meld = laid_meld(state, action)
    table = set_at(state.table, index, meld)
    if dry:
        return state, []
    used = action.cards if rules.freed_joker != "new-meld" else [
        c for c in action.cards if c.natural]  # a joker laid off is not the freed one
    state = replace(state, hands=set_at(state.hands, seat, hand), table=table,
                    pending=used_pending(state.pending, used), acted=True,
                    known=set_at(state.known, seat, forget_known(state.known[seat], action.cards)))
    events = [Event("lay", seat, action.cards, to=action.target, melds=(meld,))]
    if left == 0:
        return round_won(state, seat, events)
    return state, events


def _swap(state: State, seat: int, action: Action,
        dry: bool = False) -> tuple[State, list[Event]]:
    rules, name = state.rules, state.players[seat]
    natural = action.card
    if natural.joker:
        raise illegal("swap_natural")
    if not state.come_out[seat] and not rules.act_before_out:
        raise illegal("not_out_yet", name=name)
    if state.requirement.all_at_once and not rules.swap_in_all_round:
        raise illegal("no_swap_all_round")
    if state.came_out_now and (rules.opening_only_contract or len(state.hands[seat]) <= 1):
        # 000: "een joker pikken is bij één-keer-uit gaan NIET toegestaan". In the turn of
        # coming out, a swap is either part of going out at once (only the requirement may
        # be laid, else: docs/rules.md) or, with one card left, the discard after it goes out.
        raise illegal("no_swap_out_at_once")
    if not 1 <= action.target <= len(state.table):
        raise illegal("no_meld_number", n=action.target)
    hand = remove_held(state, seat, [natural])
    found = replace_joker(state.table[action.target - 1], natural, rules, state.round_index)
    if found is None:
        raise illegal("no_joker_for", n=action.target, card=natural)
    meld, i = found
    use = rules.freed_joker != "hand"
    if dry and not use:
        return state, []
    hand = add_cards(hand, [JOKER])
    table = set_at(state.table, action.target - 1, meld)
    if state.table[action.target - 1].cards[i].face == natural:
        on_table.share(table, state.table)  # the same faces: no need to count them again
    after = replace(state, hands=set_at(state.hands, seat, hand), table=table, acted=True,
                    swapped=True, pending=used_pending(state.pending, [natural]))
    if use:
        if not can_use(after, seat, JOKER, _tried, lay=rules.freed_joker != "new-meld"):
            raise illegal("freed_joker_no_new_meld" if rules.freed_joker == "new-meld"
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
        raise illegal("no_rearrange")
    if not state.come_out[seat] and not rules.act_before_out:
        raise illegal("not_out_yet", name=name)
    written = [c for g in action.melds for c in g]
    try:
        new = check_table(state.table, action.melds, state.hands[seat], rules,
                          state.round_index, blocked_cards(state, written), state.come_out[seat])
    except RearrangeError as exc:
        raise illegal("rearrange_invalid", reason=exc) from None
    hand = remove_held(state, seat, new.from_hand)
    left = len(hand)
    if state.came_out_now and rules.opening_only_contract and left > 1:
        raise illegal("only_requirement")
    check_going_out(state, seat, left)
    check_copies(state, state.table, new.melds)
    if dry:
        return state, []
    state = replace(state, hands=set_at(state.hands, seat, hand), table=new.melds,
                    owners=new_owners(state.table, state.owners, new.melds, seat),
                    pending=used_pending(state.pending, new.from_hand), acted=True,
                    known=set_at(state.known, seat, forget_known(state.known[seat], new.from_hand)))
    events = [Event("table", seat, new.from_hand, melds=new.melds)]
    if left == 0:
        return round_won(state, seat, events)
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
    left, hand = hand_less(state, seat, [card], dry)
    if state.pending:
        waiting = _waiting(state)
        if waiting:
            if waiting[0].joker and rules.freed_joker == "new-meld":
                raise illegal("use_first_new_meld", name=name)
            what = Reason("the_freed_joker") if waiting[0].joker else waiting[0]
            raise illegal("use_first", name=name, what=what)
    if card.joker and not rules.discard_joker:
        _check_joker_discard(state, seat)
    if not left:
        check_may_end(state, seat)
    if dry:
        return state, []
    events = [Event("discard", seat, (card,))]
    hands = set_at(state.hands, seat, hand)
    known = set_at(state.known, seat, forget_known(state.known[seat], [card]))
    if not left:
        state = replace(state, hands=hands, discard=(*state.discard, card), known=known)
        return round_won(state, seat, events)
    return end_turn(state, events, hands, (*state.discard, card), known)


def _check_joker_discard(state: State, seat: int) -> None:
    """004: "Je mag de joker NIET afleggen", also not as the last card. Only a hand of
    jokers none of which can be laid off now has nothing else to do: then one is discarded
    (as the last card, that goes out)."""
    if any(c.natural for c in state.hands[seat]):
        raise illegal("no_joker_discard")
    if legal_lays(state, seat, joker_lays(state.table), first=True):
        raise illegal("lay_joker_instead")


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
