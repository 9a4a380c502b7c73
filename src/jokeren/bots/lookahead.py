"""The look-ahead player (level 3), and the play it shares with the strong player.

It scores hands one card ahead (``HandEval``): a discard by the hand's expected value after
the next stock card, averaged exactly over the cards the seat has not seen, less what the
card would give the next player in ``determinise``d worlds (the unseen cards dealt again,
consistently with the view); draw or take by the same value. Only the basic player's few
best discards are scored (``width``), over ``samples`` worlds (``time_limit`` caps the
sampling). Shared with ``strong`` (bots/strong.py, which adds the race): once out, new
melds stay in hand until the whole hand can go down in one turn, and so do the cards that
would extend a table meld but complete a meld or a partial meld in hand; then jokers go
down too, in an order that keeps the way out open.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from ..analysis.hands import Pool
from ..engine.actions import DRAW, PASS, TAKE, Action, Verb
from ..engine.phase import Phase
from ..engine.state import State
from ..engine.views import SeatView
from ..rules.cards import Card
from .basic import TAKE_MARGIN, BasicPlayer, after_meld, extends_meld
from .determinise import determinise, unseen
from .heuristic import HandEval, keep_round, without

TAKE_EDGE = 0.5  # taking shows the others a card: it must beat a blind draw
RACE = True  # score hands by cards left to place, until someone is close to out
GIFT_WEIGHT = 1.0  # what the next player gains from a discard, against what it costs us
HOLD_MELDS = True  # once out, keep new melds in hand until they all go down at once
HOLD_LAYOFFS = True  # once out, a lay-off that breaks up the hand waits for going out


class LookaheadPlayer(BasicPlayer):
    name = "lookahead"

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 6,
                 time_limit: float | None = None) -> None:
        super().__init__(seed)
        self.samples = samples
        self.width = width
        self.time_limit = time_limit
        self._live: Counter[Card] | None = None
        self._going_out = False  # this turn the whole hand can go down
        self._free: dict[bool, frozenset[Card]] = {}
        self._world_evals: dict[tuple[int, int, bool], HandEval] = {}

    def evaluator(self, view: SeatView, come_out: bool | None = None) -> HandEval:
        out = view.come_out[view.seat or 0] if come_out is None else come_out
        key = (view.round_index, out, view.rules.preset)
        race = RACE and not self.someone_close(view)
        ev = self._evals.get(key)
        if ev is None or ev.live is not self._live or ev.race is not race:
            keep_round(self._evals, view.round_index)
            ev = self._evals[key] = HandEval(view.rules, view.round_index, view.requirement,
                                             out, live=self._live, race=race)
        return ev

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._live = unseen(view)
        self._free = {}  # table_extensions, once per decision
        phase = view.phase
        verbs = {a.verb for a in legal}
        top = view.discard_top
        if phase is Phase.DRAW and Verb.TAKE in verbs and Verb.DRAW in verbs and top:
            return self.draw_or_take(view, top)
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
            candidates = [a for _, a in ranked[: self.width]]
            return self.discard(view, candidates)
        return super().choose(view, legal)

    def draw_or_take(self, view: SeatView, top: Card) -> Action:
        """Take the discard when the hand with it beats the expected hand after a draw."""
        take = self.after_draw(view, view.hand, top, may_throw=False)
        return TAKE if take < self.draw_value(view, view.hand) - TAKE_EDGE else DRAW

    def discard(self, view: SeatView, candidates: Sequence[Action]) -> Action:
        """Of the basic player's best few discards, the one ``search`` scores best."""
        return self.search(view, candidates)

    def greedy_play(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """The basic player's melding, but once out new melds wait in hand until the
        hand can go out: melds on the table give the opponent lay-offs and jokers to
        swap, and a full-looking hand keeps the opponent from playing safe. The own
        race loses nothing: a meld held is laid in the going-out turn."""
        seat = view.seat or 0
        self._going_out = False
        if view.come_out[seat]:
            pool = Pool(view.hand, view.rules, view.round_index, view.requirement)
            self._going_out = self.goes_out_now(view, view.hand, pool)
        if self._going_out:  # only the melds and lay-offs that keep the way out open
            legal = [a for a in legal if a.verb not in (Verb.MELD, Verb.LAY)
                     or self.goes_out_now(view, _after(view.hand, a), pool)]
        elif HOLD_MELDS and view.come_out[seat] and not view.pending:
            legal = [a for a in legal if a.verb is not Verb.MELD]
        if HOLD_LAYOFFS and view.come_out[seat] and not self._going_out \
                and not view.pending:
            legal = [a for a in legal if a.verb is not Verb.LAY or not a.card.natural
                     or not self.breaks_up(view, a.card)]
        return super().greedy_play(view, legal)

    def breaks_up(self, view: SeatView, card: Card) -> bool:
        """Whether laying off ``card`` leaves the hand worse: the card completes a meld
        or a partial one in hand (a dead card, or one a longer meld can spare, goes).
        Held, it goes down with its meld when the hand goes out."""
        ev = self.evaluator(view)
        return ev.score(without(view.hand, card)) > ev.score(view.hand)

    def lay_jokers(self, view: SeatView) -> bool:
        """Jokers go down too in the turn the hand goes out."""
        return self._going_out or super().lay_jokers(view)

    def goes_out_now(self, view: SeatView, hand: Sequence[Card], pool: Pool) -> bool:
        """Whether ``hand`` can go down this turn but for exactly one card to discard
        (cards that extend a table meld are laid off, or one of them discarded).
        ``pool``: compiled from the whole hand, of which ``hand`` is a part (each candidate
        meld or lay-off asks about the hand it leaves)."""
        free = self.free(view, True)
        rest = [c for c in hand if c not in free]
        jokers = sum(1 for c in hand if c.joker)
        return pool.leaves(pool.mask(hand), jokers, 1, 1) or \
            pool.leaves(pool.mask(rest), jokers, 1 - (len(hand) - len(rest)), 1)

    def free(self, view: SeatView, out: bool) -> frozenset[Card]:
        """``table_extensions`` of this decision's view: asked once per candidate and world."""
        found = self._free.get(out)
        if found is None:
            found = self._free[out] = table_extensions(view, out)
        return found

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
            extends_meld(m.kind, m.cards, m.start, card, view) for m in view.table)

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
            keep_round(self._world_evals, state.round_index)
            ev = self._world_evals[key] = HandEval(state.rules, state.round_index,
                                                   state.requirement, out)
        return ev


def _after(hand: tuple[Card, ...], action: Action) -> tuple[Card, ...]:
    """The hand left after a meld or a lay-off."""
    return after_meld(hand, action) if action.verb is Verb.MELD else without(hand, action.card)


def table_extensions(view: SeatView, out: bool) -> frozenset[Card]:
    """The natural cards that extend a meld on the table (free to lay off once out; in
    an "all at once" round coming out is going out, so nothing is free before)."""
    if not view.table or (not out and view.requirement.all_at_once):
        return frozenset()
    return frozenset(c for s in range(4) for r in range(1, 14) for c in (Card(r, s),)
                     if any(extends_meld(m.kind, m.cards, m.start, c, view) for m in view.table))


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
