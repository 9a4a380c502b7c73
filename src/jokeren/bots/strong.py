"""The strong player: determinised Monte Carlo search over the seat's own decisions.

For each decision worth searching (draw or take, buy, the upcard offer, which card to
discard) the player deals the unseen cards again many times (``determinise``), plays each
candidate action in every such world (the same worlds for every candidate), follows it with
a short play-out by a fast greedy policy for every seat, and scores the world it reaches:
the others' hand scores minus its own (a finished round scores its penalties). The
candidate with the best mean wins. Its hand scores also count which cards are still unseen,
so a partial meld whose cards are all gone is worth little. Melds, lay-offs and joker
swaps follow the basic player's rules. The budget is ``samples`` worlds per decision, with
an optional ``time_limit`` in seconds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from ..actions import BUY, DRAW, PASS, TAKE, Action, Verb
from ..cards import Card
from ..engine import IllegalMoveError, apply
from ..state import Phase, State
from ..views import SeatView
from .basic import TAKE_MARGIN, BasicPlayer
from .determinise import determinise, unseen
from .hand import HandEval, without

WIN = 40.0  # a rollout that ends with this seat out


class StrongPlayer(BasicPlayer):
    name = "strong"

    def __init__(self, seed: int = 0, samples: int = 16, horizon: int = 2,
                 width: int = 4, time_limit: float | None = None) -> None:
        super().__init__(seed)
        self.samples = samples
        self.horizon = horizon
        self.width = width
        self.time_limit = time_limit
        self._live: Counter[Card] | None = None
        self._world_evals: dict[tuple[int, int, bool], HandEval] = {}

    def evaluator(self, view: SeatView, come_out: bool | None = None) -> HandEval:
        out = view.come_out[view.seat or 0] if come_out is None else come_out
        key = (view.round_index, out, view.rules.preset)
        ev = self._evals.get(key)
        if ev is None or ev.live is not self._live:
            ev = self._evals[key] = HandEval(view.rules, view.round_index, view.requirement,
                                             out, live=self._live)
        return ev

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._live = unseen(view)
        phase = view.phase
        verbs = {a.verb for a in legal}
        if phase is Phase.DRAW and Verb.TAKE in verbs and Verb.DRAW in verbs:
            return self.search(view, [DRAW, TAKE])
        if phase is Phase.BUYING and Verb.BUY in verbs:
            return self.search(view, [PASS, BUY])
        if phase is Phase.UPCARD_OFFER and Verb.TAKE in verbs:
            return self.search(view, [PASS, TAKE])
        if phase is Phase.PLAY:
            action = self.greedy_play(view, legal)
            if action is not None:
                return action
            ranked = self.ranked_discards(view, legal)
            if not ranked:
                return legal[0]
            if len(ranked) == 1:
                return ranked[0][1]
            return self.search(view, [a for _, a in ranked[: self.width]])
        return super().choose(view, legal)

    # --- the search ---------------------------------------------------------------------
    def search(self, view: SeatView, candidates: Sequence[Action]) -> Action:
        seat = view.seat
        assert seat is not None
        totals = [0.0] * len(candidates)
        start = time.perf_counter()
        for i in range(self.samples):
            world = determinise(view, self.rng)
            for j, action in enumerate(candidates):
                totals[j] += self.rollout(world, seat, action)
            if self.time_limit is not None and i and \
                    time.perf_counter() - start > self.time_limit:
                break
        best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
        return candidates[best]

    def rollout(self, world: State, seat: int, action: Action) -> float:
        try:
            state, _ = apply(world, seat, action)
        except IllegalMoveError:
            return -1e6
        mine = 1 if action.verb is Verb.DISCARD else 0
        steps = 0
        while state.live and mine < self.horizon and steps < 60:
            steps += 1
            actor = state.to_act
            move = self.policy(state, actor)
            try:
                after, _ = apply(state, actor, move)
            except IllegalMoveError:
                move = self.fallback(state, actor)
                after, _ = apply(state, actor, move)
            if actor == seat and move.verb is Verb.DISCARD and state.phase is Phase.PLAY:
                mine += 1
            state = after
        return self.value(state, seat)

    def value(self, state: State, seat: int) -> float:
        others = [s for s in state.active if s != seat]
        if not state.live:
            result = state.results[-1]
            bonus = WIN if result.winner == seat else (-WIN if result.winner is not None
                                                      else 0.0)
            mean = sum(result.penalties[s] for s in others) / max(1, len(others))
            return bonus + mean - result.penalties[seat]
        mine = self._world_eval(state, seat).score(state.hands[seat])
        theirs = sum(self._world_eval(state, s).score(state.hands[s]) for s in others)
        return theirs / max(1, len(others)) - mine

    def _world_eval(self, state: State, seat: int) -> HandEval:
        out = state.come_out[seat]
        key = (state.round_index, id(state.rules), out)
        ev = self._world_evals.get(key)
        if ev is None:
            if len(self._world_evals) > 8:
                self._world_evals.clear()
            ev = self._world_evals[key] = HandEval(state.rules, state.round_index,
                                                   state.requirement, out)
        return ev

    # --- the play-out policy: fast, greedy, for every seat of the sampled world --------
    def policy(self, state: State, actor: int) -> Action:
        phase = state.phase
        hand = state.hands[actor]
        ev = self._world_eval(state, actor)
        if phase in (Phase.EXCHANGE, Phase.UPCARD_OFFER, Phase.BUYING):
            return PASS
        if phase is Phase.DRAW:
            if state.discard:
                top = state.discard[-1]
                with_top = (*hand, top)
                worst = _worst(ev, with_top, avoid=top)
                if ev.score(without(with_top, worst)) <= ev.score(hand) - TAKE_MARGIN:
                    return TAKE
            return DRAW
        # upcard swap or play: discard the worst card
        return Action(Verb.DISCARD, (_worst(ev, hand),))

    def fallback(self, state: State, actor: int) -> Action:
        from ..legal import legal_actions

        legal = legal_actions(state)
        discards = [a for a in legal if a.verb is Verb.DISCARD]
        return discards[0] if discards else (
            next((a for a in legal if a.verb in (Verb.DRAW, Verb.PASS)), legal[0]))


def _worst(ev: HandEval, hand: tuple[Card, ...], avoid: Card | None = None) -> Card:
    """The card to throw: the dearest dead card, else the dearest of a partial meld."""
    arr = ev.arrange(hand)
    for group in (arr.dead, arr.partial):
        pool = [c for c in group if c != avoid]
        if pool:
            return max(pool, key=lambda c: (ev.penalty(c), c))
    naturals = [c for c in hand if c.natural and c != avoid] or list(hand)
    return max(naturals, key=lambda c: (ev.penalty(c), c))
