"""The strong player: search over the seat's own decisions under hidden information.

Which card to discard: the few best candidates of the basic player's ranking are each
scored by (1) the hand's expected score after the next stock card and a discard, averaged
exactly over the cards the seat has not seen (the limit of dealing the unseen cards again
and again), plus (2) what the card would give the next player, measured in ``samples``
possible worlds (``determinise``: the unseen cards dealt again, consistently with the view,
with the cards others were seen to take kept in their hands). Draw or take: the take is
compared with the expected draw the same way. Hand scores count cards still to place
rather than their penalty until someone is close to going out, and weigh a partial meld by
how many of its missing cards are still unseen. Melds, lay-offs, joker swaps, buying and
the duplicate exchange follow the basic player's rules. The budget is ``samples`` worlds
and ``width`` candidates per decision, with an optional ``time_limit`` in seconds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from ..actions import DRAW, PASS, TAKE, Action, Verb
from ..cards import Card
from ..state import Phase, State
from ..views import SeatView
from .basic import TAKE_MARGIN, BasicPlayer, _extends
from .determinise import determinise, unseen
from .hand import HandEval, without

TAKE_EDGE = 0.5  # taking shows the others a card: it must beat a blind draw
RACE = True  # score hands by cards left to place, until someone is close to out
GIFT_WEIGHT = 1.0  # what the next player gains from a discard, against what it costs us


class StrongPlayer(BasicPlayer):
    name = "strong"

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 4,
                 time_limit: float | None = None) -> None:
        super().__init__(seed)
        self.samples = samples
        self.width = width
        self.time_limit = time_limit
        self._live: Counter[Card] | None = None
        self._world_evals: dict[tuple[int, int, bool], HandEval] = {}

    def evaluator(self, view: SeatView, come_out: bool | None = None) -> HandEval:
        out = view.come_out[view.seat or 0] if come_out is None else come_out
        key = (view.round_index, out, view.rules.preset)
        race = RACE and not self.someone_close(view)
        ev = self._evals.get(key)
        if ev is None or ev.live is not self._live or ev.race is not race:
            ev = self._evals[key] = HandEval(view.rules, view.round_index, view.requirement,
                                             out, live=self._live, race=race)
        return ev

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._live = unseen(view)
        phase = view.phase
        verbs = {a.verb for a in legal}
        top = view.discard_top
        if phase is Phase.DRAW and Verb.TAKE in verbs and Verb.DRAW in verbs and top:
            take = self.after_draw(view, view.hand, top, may_throw=False)
            return TAKE if take < self.draw_value(view, view.hand) - TAKE_EDGE else DRAW
        if phase is Phase.UPCARD_OFFER and Verb.TAKE in verbs and top:
            take = self.after_draw(view, view.hand, top, may_throw=False)
            return TAKE if take < self.evaluator(view).score(view.hand) - TAKE_MARGIN \
                else PASS
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
        """The discard whose hand draws best, less what it gives the next player."""
        seat = view.seat
        assert seat is not None
        worlds = []
        start = time.perf_counter()
        for i in range(self.samples):
            worlds.append(determinise(view, self.rng))
            if self.time_limit is not None and i and \
                    time.perf_counter() - start > self.time_limit / 2:
                break
        nxt = worlds[0].next_seat(seat) if worlds else seat
        scores = []
        for action in candidates:
            card = action.card
            mine = self.draw_value(view, without(view.hand, card))
            theirs = 0.0
            if nxt != seat and card.natural:
                for world in worlds:
                    theirs += self.gift(world, nxt, card)
                theirs /= max(1, len(worlds))
            scores.append(mine + GIFT_WEIGHT * theirs)
        best = min(range(len(candidates)), key=lambda j: (scores[j], j))
        return candidates[best]

    def draw_value(self, view: SeatView, hand: tuple[Card, ...]) -> float:
        """The hand's expected score after the next stock card and a discard, averaged
        exactly over the cards the seat has not seen."""
        live = self._live or Counter()
        total = sum(live.values())
        ev = self.evaluator(view)
        base = ev.score(hand)
        if not total:
            return base
        near = _neighbours(hand)
        acc = 0.0
        for card, k in live.items():
            if card.joker or (card.rank, card.suit) in near or self._lays_off(view, card):
                acc += k * self.after_draw(view, hand, card)
            else:
                acc += k * base  # a card that fits nothing goes straight back
        return acc / total

    def after_draw(self, view: SeatView, hand: tuple[Card, ...], card: Card,
                   may_throw: bool = True) -> float:
        """The hand's score after taking ``card`` and throwing the worst card."""
        ev = self.evaluator(view)
        if self._lays_off(view, card):  # laid off at once: the hand only loses its worst
            return ev.score(without(hand, _worst(ev, hand)))
        grown = tuple(sorted((*hand, card)))
        worst = _worst(ev, grown, avoid=None if may_throw else card)
        value = ev.score(without(grown, worst))
        return min(value, ev.score(hand)) if may_throw else value

    def _lays_off(self, view: SeatView, card: Card) -> bool:
        seat = view.seat or 0
        return card.natural and view.come_out[seat] and any(
            _extends(m.kind, m.cards, m.start, card, view) for m in view.table)

    def gift(self, world: State, seat: int, card: Card) -> float:
        """How much ``card`` would improve ``seat``'s hand in a sampled world."""
        ev = self._world_eval(world, seat)
        hand = world.hands[seat]
        before = ev.score(hand)
        grown = tuple(sorted((*hand, card)))
        after = ev.score(without(grown, _worst(ev, grown, avoid=card)))
        gain = before - after
        return gain if gain >= TAKE_MARGIN else 0.0

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


def _neighbours(hand: Sequence[Card]) -> set[tuple[int, int]]:
    """(rank, suit) of every card that would make a pair or near-run with the hand."""
    near: set[tuple[int, int]] = set()
    for c in hand:
        if c.joker:
            continue
        for s in range(4):
            near.add((c.rank, s))
        for d in (-2, -1, 1, 2):
            r = c.rank + d
            if r == 14:
                r = 1
            if r == 0:
                r = 13  # only through the high ace (A-K), harmless otherwise
            if 1 <= r <= 13:
                near.add((r, c.suit))
    return near


def _worst(ev: HandEval, hand: tuple[Card, ...], avoid: Card | None = None) -> Card:
    """The card to throw: the dearest dead card, else the dearest of a partial meld."""
    arr = ev.arrange(hand)
    for group in (arr.dead, arr.partial):
        pool = [c for c in group if c != avoid]
        if pool:
            return max(pool, key=lambda c: (ev.penalty(c), c))
    naturals = [c for c in hand if c.natural and c != avoid] or list(hand)
    return max(naturals, key=lambda c: (ev.penalty(c), c))
