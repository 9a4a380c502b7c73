"""The checks a move is judged by, each written once and asked by both the handlers
(``core``) and the fast listing (``legal_lays``, ``legal_melds``): the cards held, what the
turn allows (only the requirement, going out, everyone a turn), the round's requirement,
the freed jokers, a lay-off's meld.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations

from ..rules.cards import JOKER, Card, holds, remove_cards, to_hand
from ..rules.melds import Meld, MeldError, extension
from ..rules.requirements import Requirement
from .actions import Action
from .copies import blocked_cards, check_copies, over_copies
from .errors import IllegalMoveError, illegal
from .state import State


def remove_held(state: State, seat: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    hand = remove_cards(state.hands[seat], cards)
    if hand is None:
        raise not_held(state, seat, cards)
    return hand


def hand_less(state: State, seat: int, cards: Sequence[Card],
               dry: bool) -> tuple[int, tuple[Card, ...]]:
    """How many cards stay in hand when ``cards`` go, and that hand; in a dry run (move
    listing) only the count, as building the sorted hand is most of the cost."""
    if not dry:
        hand = remove_held(state, seat, cards)
        return len(hand), hand
    if not holds(state.hands[seat], cards):
        raise not_held(state, seat, cards)
    return len(state.hands[seat]) - len(cards), ()


def not_held(state: State, seat: int, cards: Sequence[Card]) -> IllegalMoveError:
    have = Counter(state.hands[seat])
    need = Counter(to_hand(c) for c in cards)
    missing = next(c for c, k in need.items() if have[c] < k)
    return illegal("not_held", name=state.players[seat], card=missing)


def check_going_out(state: State, seat: int, left: int, coming_out: bool = False) -> None:
    """Cards the player may still keep after a meld or lay-off (``coming_out``: the action
    is the player's coming-out)."""
    if left == 0 and state.rules.going_out == "discard":
        raise illegal("keep_a_card")
    if left <= 1:
        # One card left ends the round this turn (by the discard, or by laying it): before
        # every player has had a turn that cannot be, and the player would be stuck.
        check_may_end(state, seat)
        # 000: "een joker pikken is bij één-keer-uit gaan NIET toegestaan" (docs/rules.md: in
        # every round, every preset): a turn with a swap does not both come out and go out.
        if state.swapped and (coming_out or state.came_out_now):
            raise illegal("swap_then_out_at_once")


def check_may_end(state: State, seat: int) -> None:
    if state.turns_done < len(state.active) - 1:
        raise illegal("everyone_a_turn")


def requirement_met(req: Requirement, melds: Sequence[Meld], exact: bool) -> bool:
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


def check_meld_turn(state: State, seat: int, left: int) -> None:
    """What the turn allows of new melds (after coming out) that leave ``left`` cards."""
    check_going_out(state, seat, left)
    if state.came_out_now and state.rules.opening_only_contract and left > 1:
        raise illegal("only_requirement")


def requirement_reason(req: Requirement, melds: Sequence[Meld],
                        exact: bool) -> IllegalMoveError:
    if req.points:
        return illegal("points_short", total=sum(m.value() for m in melds), needed=req.points)
    return illegal("requirement_only" if exact else "requirement", requirement=req)


def check_lay_turn(state: State, seat: int, left: int) -> None:
    """What the turn allows of a lay-off that leaves ``left`` cards in hand."""
    if state.came_out_now and state.rules.opening_only_contract and left > 1:
        raise illegal("only_requirement")
    check_going_out(state, seat, left)


def keeps_freed_jokers(state: State, seat: int, cards: Sequence[Card]) -> bool:
    """Under ``freed_joker: new-meld`` (001: "meteen weer inzetten voor een nieuwe
    sequentie of set"), whether a lay-off of ``cards`` keeps in hand the freed jokers that
    must still go into a new meld this turn."""
    if state.rules.freed_joker != "new-meld" or JOKER not in state.pending:
        return True
    laid = sum(1 for c in cards if c.joker)
    return not laid or state.hands[seat].count(JOKER) - laid >= state.pending.count(JOKER)


def laid_meld(state: State, action: Action) -> Meld:
    """The table meld after the lay-off ``action`` (cards held, target on the table)."""
    before, meld = extension_of(state, action)
    if isinstance(meld, MeldError):
        raise illegal("cannot_lay", cards=tuple(action.cards),
                       n=action.target, reason=meld)
    check_copies(state, (before,), (meld,))
    return meld


def lay_extends(state: State, action: Action) -> bool:
    """Whether ``laid_meld`` would accept the lay-off, without wording or raising a refusal
    (move listing)."""
    before, meld = extension_of(state, action)
    return not isinstance(meld, MeldError) and over_copies(state, (before,), (meld,)) is None


def extension_of(state: State, action: Action) -> tuple[Meld, Meld | MeldError]:
    """The target meld, and what it becomes with the lay-off's cards (or why it cannot)."""
    before = state.table[action.target - 1]
    return before, extension(before, action.cards, state.rules, state.round_index,
                             blocked_cards(state, action.cards))


__all__ = ["check_going_out", "check_lay_turn", "check_may_end", "check_meld_turn",
           "extension_of", "hand_less", "keeps_freed_jokers", "laid_meld", "lay_extends",
           "not_held", "remove_held", "requirement_met", "requirement_reason"]
