"""The end of a turn, of a round and of the match: the next player, the stock rebuilt or the
round over (stock out, turn limit, a player out), penalties, totals, elimination, the pot.
"""

from __future__ import annotations

from ..rules import scoring
from ..rules.cards import Card
from .events import Event
from .phase import Phase
from .state import RoundResult, State
from .state import evolve as replace
from .stock import rebuild, set_at


def end_turn(state: State, events: list[Event], hands: tuple[tuple[Card, ...], ...],
              discard: tuple[Card, ...], known: tuple[tuple[Card, ...], ...],
              ) -> tuple[State, list[Event]]:
    """The next player's turn, after a discard that left ``hands``, ``discard`` and
    ``known`` (set in the same copy of the state)."""
    nxt = state.next_seat(state.turn)
    played = state.played
    if state.acted and not (played and played[state.turn]):
        played = set_at(played or (False,) * state.n, state.turn, True)
    state = replace(state, turns_done=state.turns_done + 1, turn=nxt, to_act=nxt,
                    phase=Phase.DRAW, drawn=(), came_out_now=False, pending=(), turn_draws=0,
                    acted=False, swapped=False, hands=hands, discard=discard, known=known,
                    played=played)
    limit = state.rules.max_turns
    if limit is not None and state.turns_done >= limit:
        return round_over(state, None, [*events, Event("turn-limit", None)])
    if not state.stock:
        rebuilt = rebuild(state)
        if rebuilt is None:
            return round_over(state, None, [*events, Event("stock-out", None)])
        state = rebuilt
        events.append(Event("rebuild", None))
    return state, events


def round_won(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    return round_over(state, seat, [*events, Event("out", seat)])


def round_over(state: State, winner: int | None,
                events: list[Event]) -> tuple[State, list[Event]]:
    rules = state.rules
    # 004's "in één keer": out in the turn of coming out, with no card put on the table in
    # an earlier turn (a lay-off or swap before coming out forfeits it).
    all_at_once = winner is not None and state.came_out_now and not (
        state.played and state.played[winner])
    left = [scoring.hand_penalty(rules, state.hands[s], state.come_out[s]) for s in range(state.n)]
    penalties = scoring.round_penalties(rules, winner, left, state.eliminated, all_at_once)
    result = RoundResult(winner, penalties, str(state.requirement), state.dealer,
                         state.hands, all_at_once)
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    pot = state.pot + scoring.pot_gain(rules, penalties, winner)
    out = scoring.newly_eliminated(rules, state.active, totals)
    eliminated = (*state.eliminated, *out)
    state = replace(state, results=(*state.results, result), totals=totals, pot=pot,
                    eliminated=eliminated, phase=Phase.ROUND_OVER, offer=(), pending=())
    state = replace(state, to_act=state.next_seat(state.dealer))  # who deals next
    events.append(Event("round-over", winner))
    still = [s for s in range(state.n) if s not in eliminated]
    if scoring.match_over(rules, len(state.results), still):
        match_winner_ = scoring.match_winner(rules, totals, still, out)
        state = replace(state, phase=Phase.MATCH_OVER, winner=match_winner_,
                        pot_winner=winner if rules.money else None)
        events.append(Event("match-over", match_winner_))
    return state, events


__all__ = ["end_turn", "round_over", "round_won"]
