"""The basic player: rules of thumb from the family's own tips (004), no search.

Keep jokers for going out; take back jokers when you can; come out as soon as the round's
requirement is in hand; lay off and meld what you can; watch what the others took from the
pile and do not feed them; dump high cards when someone is close to going out; buy only
when the card brings the requirement closer. Every choice is one of the listed legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations

from ..engine.actions import Action, Verb, discard
from ..engine.phase import Phase
from ..engine.views import SeatView
from ..rules.cards import JOKER, Card, to_hand
from ..rules.melds import MeldError, reading
from .heuristic import HandEval, keep_round, without

TAKE_MARGIN = 3.0  # taking the discard must beat a blind draw by this much
BUY_MARGIN = 10.0  # buying adds two cards: only for real progress
CLOSE = 4  # an opponent with this many cards or fewer is close to going out


class BasicPlayer:
    name = "basic"
    hold_jokers = True  # lay melds with jokers only near the end (004: keep them to go out)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._evals: dict[tuple[int, bool, str], HandEval] = {}

    # --- shared helpers (the strong player uses them too) ----------------------------
    def evaluator(self, view: SeatView, come_out: bool | None = None) -> HandEval:
        out = view.come_out[view.seat or 0] if come_out is None else come_out
        key = (view.round_index, out, view.rules.preset)
        ev = self._evals.get(key)
        if ev is None:
            keep_round(self._evals, view.round_index)
            ev = self._evals[key] = HandEval(view.rules, view.round_index, view.requirement,
                                             out)
        return ev

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.EXCHANGE:
            return self.exchange(view, legal)
        if phase is Phase.UPCARD_OFFER:
            return self.upcard_offer(view, legal)
        if phase is Phase.BUYING:
            return self.buying(view, legal)
        if phase is Phase.DRAW:
            return self.draw(view, legal)
        if phase is Phase.UPCARD_SWAP:
            return self.ranked_discards(view, legal, danger=False)[0][1]
        action = self.greedy_play(view, legal)
        if action is not None:
            return action
        ranked = self.ranked_discards(view, legal)
        return ranked[0][1] if ranked else legal[0]

    def exchange(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ev = self.evaluator(view)
        base = ev.score(view.hand)
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.verb is Verb.GIVE:
                s = ev.score(without(view.hand, a.card))
                if s <= base + 0.5 and (best is None or s < best[0]):
                    best = (s, a)
        return best[1] if best else _pick(legal, Verb.PASS)

    def take_gain(self, view: SeatView, card: Card | None) -> float:
        """How much better the hand gets by taking ``card`` (and discarding the worst)."""
        if card is None:
            return -99.0
        ev = self.evaluator(view)
        base = ev.score(view.hand)
        hand = (*view.hand, to_hand(card))
        after = min(ev.score(without(hand, c)) for c in set(view.hand))
        return base - after

    def draw(self, view: SeatView, legal: Sequence[Action]) -> Action:
        take = _find(legal, Verb.TAKE)
        top = view.discard_top
        if take is not None and self.take_gain(view, top) >= TAKE_MARGIN \
                and not self.discards_again(view, top):
            return take
        return _pick(legal, Verb.DRAW)

    def discards_again(self, view: SeatView, card: Card | None) -> bool:
        """Whether ``card``, once taken, is the card this player would discard: the take
        weighs the hand alone, the discard also what it gives the others, so a card could be
        taken and thrown back turn after turn (seen: three computer players taking and
        discarding one 3h for ever, the stock never drawn, a round without end)."""
        if card is None:
            return False
        taken = to_hand(card)
        hand = (*view.hand, taken)
        ranked = self.ranked_discards(replace(view, hand=hand),
                                      [discard(c) for c in dict.fromkeys(hand)])
        return bool(ranked) and ranked[0][1].card == taken

    def upcard_offer(self, view: SeatView, legal: Sequence[Action]) -> Action:
        take = _find(legal, Verb.TAKE)
        if take is not None and self.take_gain(view, view.discard_top) >= TAKE_MARGIN + 1:
            return take
        return _pick(legal, Verb.PASS)

    def buying(self, view: SeatView, legal: Sequence[Action]) -> Action:
        buy = _find(legal, Verb.BUY)
        seat = view.seat or 0
        if buy is None or view.discard_top is None:
            return _pick(legal, Verb.PASS)
        if view.come_out[seat]:
            # Out, a hand too small to meld grows only by buying: the one way left to go out.
            stuck_and_useful = stuck(view) and partners(view, view.discard_top)
            return buy if stuck_and_useful else _pick(legal, Verb.PASS)
        if self.someone_close(view):
            return _pick(legal, Verb.PASS)
        ev = self.evaluator(view)
        gain = ev.score(view.hand) - ev.score((*view.hand, to_hand(view.discard_top)))
        return buy if gain >= BUY_MARGIN else _pick(legal, Verb.PASS)

    def someone_close(self, view: SeatView) -> bool:
        seat = view.seat or 0
        return any(size <= CLOSE and s != seat and s not in view.eliminated
                   for s, size in enumerate(view.hand_sizes))

    def greedy_play(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        """A swap, meld or lay-off worth doing now, or None (then: discard)."""
        seat = view.seat or 0
        small = self.lay_jokers(view)
        swaps = [a for a in legal if a.verb is Verb.SWAP]
        if swaps:
            return swaps[0]
        melds = [a for a in legal if a.verb is Verb.MELD]
        if not view.come_out[seat] and melds:
            return self.come_out_with(view, melds)
        if melds:
            natural = [a for a in melds if small or not any(c.joker for g in a.melds
                                                             for c in g)]
            if natural:
                return max(natural, key=lambda a: (sum(len(g) for g in a.melds), str(a)))
        lays = [a for a in legal if a.verb is Verb.LAY and (small or a.card.natural)]
        if lays:
            ev = self.evaluator(view)
            return max(lays, key=lambda a: (ev.penalty(a.card), str(a)))
        if any(a.verb is Verb.DRAW for a in legal) and not view.come_out[seat]:
            return _pick(legal, Verb.DRAW)  # Turbo: draw again while you cannot meld
        return None

    def lay_jokers(self, view: SeatView) -> bool:
        """Whether melds and lay-offs with jokers may go down now (004: keep them for
        going out, unless the hand is small or someone is close)."""
        return not self.hold_jokers or len(view.hand) <= 5 or self.someone_close(view)

    def come_out_with(self, view: SeatView, melds: Sequence[Action]) -> Action:
        """Of the ways to come out, the one that leaves the best hand."""
        after = self.evaluator(view, come_out=True)
        return min(melds, key=lambda a: (after.score(after_meld(view.hand, a)), str(a)))

    def ranked_discards(self, view: SeatView, legal: Sequence[Action],
                        danger: bool = True) -> list[tuple[float, Action]]:
        """Discards, best first: the hand left, the help it gives others, its penalty."""
        ev = self.evaluator(view)
        close = self.someone_close(view)
        ranked = []
        for a in legal:
            if a.verb is not Verb.DISCARD:
                continue
            card = a.card
            s = ev.score(without(view.hand, card))
            if card.joker:
                s += 30.0
            if danger:
                s += self.danger(view, card) * (2.0 if close else 1.0)
            if close:
                s -= 0.6 * ev.penalty(card)  # dump high cards
            ranked.append((s, a))
        ranked.sort(key=lambda x: (x[0], str(x[1])))
        return ranked

    def danger(self, view: SeatView, card: Card) -> float:
        """How much ``card`` on the pile would help the others (what they took, the table)."""
        if card.joker:
            return 8.0
        seat = view.seat or 0
        risk = 0.0
        for s, known in enumerate(view.known):
            if s == seat:
                continue
            for k in known:
                if k.joker:
                    continue
                if k.rank == card.rank:
                    risk += 4.0
                elif k.suit == card.suit and abs(k.rank - card.rank) <= 2:
                    risk += 3.0
        if any(view.come_out[s] for s in range(len(view.players)) if s != seat):
            for meld in view.table:
                if extends_meld(meld.kind, meld.cards, meld.start, card, view):
                    risk += 5.0
                    break
        return risk


def stuck(view: SeatView) -> bool:
    """Whether this hand, once out, can no longer go out of itself: too few cards to meld
    (with the next draw, fewer than three and the last discard) and none that lays off on
    the table. Then only buying makes it bigger (a draw and a discard leave it as it was):
    seen in Amerikaans' first round, a player with one card beside full sets of four, the
    round going on for ever."""
    hand = view.hand
    least = 3 + (view.rules.going_out == "discard")  # a meld of three, and the last discard
    if len(hand) + 1 >= least:
        return False
    return not any(c.joker or any(extends_meld(m.kind, m.cards, m.start, c, view)
                                  for m in view.table) for c in hand)


def partners(view: SeatView, card: Card) -> bool:
    """Whether ``card`` and a card of the hand are two thirds of a meld of this round (a
    joker would complete it): what makes buying worth it to a stuck hand."""
    rules, round_index = view.rules, view.round_index
    taken = to_hand(card)
    for c in view.hand:
        for trio in permutations((c, taken, JOKER)):
            if not isinstance(reading(trio, rules, round_index), MeldError):
                return True
    return False


def extends_meld(kind: str, cards: tuple[Card, ...], start: int, card: Card,
                 view: SeatView) -> bool:
    """Whether natural ``card`` could be laid on a meld of the table (a quick estimate for the
    players; the engine judges the move)."""
    if kind == "set":
        limit = view.rules.set_max
        return cards[0].rank == card.rank and (limit is None or len(cards) < limit)
    suit = cards[0].suit
    end = start + len(cards) - 1
    pos = {card.rank, 14} if card.rank == 1 else {card.rank}
    return card.suit == suit and bool(pos & {start - 1, end + 1})


def after_meld(hand: tuple[Card, ...], action: Action) -> tuple[Card, ...]:
    """The hand left after the meld ``action``."""
    out = list(hand)
    for g in action.melds:
        for c in g:
            face = JOKER if c.joker else c
            if face in out:
                out.remove(face)
    return tuple(out)


def _find(legal: Sequence[Action], verb: Verb) -> Action | None:
    return next((a for a in legal if a.verb is verb), None)


def _pick(legal: Sequence[Action], verb: Verb) -> Action:
    """The action with ``verb``, else the first legal one."""
    return _find(legal, verb) or legal[0]
