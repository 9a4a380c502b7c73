"""The strong player: it plays the race to go out, measured ahead, under hidden information.

A round is a race: whoever goes out first wins it, and whoever comes out first usually
does. So the decisions that decide the race are scored by the own turns still needed to go
out (bots/race.py): sampled orders of future stock cards from the cards the seat has not
seen, and for each the first turn at which the hand comes out and then goes down but for
the discards, found exactly. Which card to discard: the few best candidates of the basic
player's ranking, each by its hand's race on the same sampled orders. Draw or take: the
hand's race with the discard as its next card, against the race with a stock card. Both
also weigh how often the seat would lose the race against the opponent's, estimated the
same way in ``determinise``d worlds (the unseen cards dealt again, consistently with the
view), where a discard the opponent would take speeds the opponent up. The worlds are
plausible ones: an opponent that has not come out holds no hand that could (a player who
comes out as soon as it can would have), one out since before its last turn no meld and no
lay-off it could have laid; and the seat's own stock cards are sampled from those worlds'
stocks, so what the opponents' play shows moves its own race too. The way to come out
is chosen by the race too. The rest is the look-ahead player's (bots/lookahead.py: melds,
and lay-offs that would break one up, held until the hand goes out; the race then counts
no card in hand as free), and coming out, the other lay-offs, joker swaps, buying and the
duplicate exchange follow the basic player's rules. ``orders`` sampled orders of
``horizon`` cards, ``samples`` worlds (at most 8 used for the opponent) and ``width``
candidates per decision; ``orders=0`` plays the look-ahead player's one-card search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..analysis.hands import can_come_out
from ..analysis.search import candidate_melds
from ..engine.actions import DRAW, TAKE, Action
from ..engine.state import State
from ..engine.views import SeatView
from ..rules.cards import Card
from .basic import after_meld
from .determinise import determinise
from .heuristic import without
from .lookahead import LookaheadPlayer
from .race import Race, Turns, win_chance

RACE_TAKE_EDGE = 0.15  # turns a take must save: it shows the opponent a card
OUT_WEIGHT = 0.5  # each own turn to come out weighs this much on top of the turns to go out
LOSS_TURNS = 5.0  # losing the race (going out after the opponent) weighs this many turns
RACE_WHEN_CLOSE = True  # keep racing when an opponent is close to going out
OPPONENT_WORLDS = 8  # sampled opponent hands whose race the seat's own is compared with
PLAUSIBLE_TRIES = 12  # worlds dealt, at most, to find one the opponents' play allows


class StrongPlayer(LookaheadPlayer):
    name = "strong"

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 6,
                 time_limit: float | None = None, orders: int = 20,
                 horizon: int = 14) -> None:
        super().__init__(seed, samples, width, time_limit)
        self.orders = orders
        self.horizon = horizon
        self._turn_key: tuple[int, int] | None = None
        self._out_now: tuple[bool, ...] = ()
        self._out_before: tuple[bool, ...] = ()

    def draw_or_take(self, view: SeatView, top: Card) -> Action:
        if self.racing(view):
            return self.race_draw(view, top)
        return super().draw_or_take(view, top)

    def discard(self, view: SeatView, candidates: Sequence[Action]) -> Action:
        if self.racing(view):
            return self.race_discard(view, candidates)
        return super().discard(view, candidates)

    def racing(self, view: SeatView) -> bool:
        """Race (turns to go out): a round is won by going out first, whatever the
        penalties, so the race counts even when the opponent is close."""
        return self.orders > 0 and (RACE_WHEN_CLOSE or not self.someone_close(view))

    def race(self, view: SeatView, extra: Sequence[Card] = (),
             come_out: bool | None = None, spare: int = 0,
             worlds: Sequence[State] = ()) -> Race:
        """Sampled orders of stock cards for this decision: from the stocks of ``worlds``,
        else (none given, or a stock shorter than the horizon) from the unseen cards."""
        out = view.come_out[view.seat or 0] if come_out is None else come_out
        race = Race(view.rules, view.round_index, view.requirement, out, self.horizon,
                    spare)
        short = any(len(w.stock) < self.horizon for w in worlds)  # then: the unseen cards
        lives = [] if short else [Counter(w.stock) for w in worlds]
        free = self.free(view, out)
        if out:  # at a discard, a free card still in hand is one kept for its meld
            # (HOLD_LAYOFFS); drawing or coming out, it may be a dead one not yet laid
            # off, counted as not free too (as measured: counting it free played worse)
            free = free - frozenset(view.hand)
        race.sample(view.hand, extra, self._live or Counter(), self.orders, self.rng,
                    free, lives)
        return race

    def race_draw(self, view: SeatView, top: Card) -> Action:
        """Take the discard when it brings going out sooner than a blind draw."""
        worlds = self.worlds(view)
        race = self.race(view, (top,), worlds=worlds)
        theirs = self.opponent_turns(view, worlds)[None]
        take = self.race_value(race.each(view.hand, lead=top), theirs, ties_win=True)
        draw = self.race_value(race.each(view.hand), theirs, ties_win=True)
        return TAKE if take < draw - RACE_TAKE_EDGE else DRAW

    def worlds(self, view: SeatView) -> list[State]:
        self._track_out(view)
        return [self.plausible_world(view) for _ in range(min(OPPONENT_WORLDS, self.samples))]

    def _track_out(self, view: SeatView) -> None:
        """Who was out at the start of this turn and of the seat's turn before it: a seat
        out now that was not then came out since, and may still hold what it could lay."""
        key = (view.round_index, view.turns_done)
        if self._turn_key == key:
            return
        same_round = self._turn_key is not None and self._turn_key[0] == view.round_index
        self._out_before = self._out_now if same_round else tuple(False for _ in view.come_out)
        self._out_now = view.come_out
        self._turn_key = key

    def plausible_world(self, view: SeatView) -> State:
        """A possible world in which no opponent holds what a player who plays like
        ``basic`` would have laid: a seat not out cannot come out with its hand, and a seat
        out since before its last turn holds no natural meld and no natural card that
        extends a table meld. Up to ``PLAUSIBLE_TRIES`` worlds are dealt; else the last."""
        seat = view.seat or 0
        world = determinise(view, self.rng)
        for _ in range(PLAUSIBLE_TRIES - 1):
            if all(self.plausible(view, world.hands[s], s) for s in range(len(view.players))
                   if s != seat and s not in view.eliminated):
                break
            world = determinise(view, self.rng)
        return world

    def plausible(self, view: SeatView, hand: tuple[Card, ...], s: int) -> bool:
        """Whether seat ``s`` could hold ``hand`` and have played as it did."""
        if not view.come_out[s]:
            return can_come_out(hand, view.rules, view.round_index, view.requirement) is None
        if not (s < len(self._out_before) and self._out_before[s]):
            return True
        if not self.free(view, True).isdisjoint(hand):  # a card it would have laid off
            return False
        naturals = [c for c in hand if c.natural]
        return not candidate_melds(naturals, view.rules, view.round_index)

    def race_value(self, mine: Sequence[Turns], theirs: Sequence[float],
                   ties_win: bool = False) -> float:
        """Expected own turns to go out, plus a share of the turns to come out (who comes
        out first usually wins), plus a price on losing the race (lower is better)."""
        if not mine:
            return 0.0
        go = [g for g, _ in mine]
        value = (sum(go) + OUT_WEIGHT * sum(o for _, o in mine)) / len(mine)
        if theirs:
            value += LOSS_TURNS * (1.0 - win_chance(go, theirs, ties_win))
        return value

    def opponent_turns(self, view: SeatView, worlds: Sequence[State],
                       gifts: Sequence[Card] = ()) -> dict[Card | None, list[float]]:
        """The turns the quickest opponent needs to go out, one value per sampled world
        (its hand and the stock as dealt in that world): under ``None`` as things stand,
        and under each card of ``gifts`` if this seat discards it (the next seat takes
        it, in the worlds where it helps that seat's hand enough to take it)."""
        seat = view.seat or 0
        out: dict[Card | None, list[float]] = {g: [] for g in (None, *gifts)}
        for w in worlds:
            nxt = w.next_seat(seat)
            best: dict[Card | None, float] = {}
            for s in range(len(view.players)):
                if s == seat or s in view.eliminated:
                    continue
                race = Race(view.rules, view.round_index, view.requirement,
                            view.come_out[s], self.horizon)
                race.sample(w.hands[s], gifts if s == nxt else (), Counter(w.stock), 1,
                            self.rng, self.free(view, view.come_out[s]))
                t = race.turns(w.hands[s])
                for g in out:
                    tg = t
                    if g is not None and s == nxt and self.gift(w, s, g) > 0:
                        tg = race.turns(w.hands[s], lead=g)
                    best[g] = min(best.get(g, tg), tg)
            for g, t in best.items():
                out[g].append(t)
        return out

    def come_out_with(self, view: SeatView, melds: Sequence[Action]) -> Action:
        """Of the ways to come out, the one whose rest goes out soonest (one discard of
        this turn still to come)."""
        if len(melds) == 1 or not self.racing(view):
            return super().come_out_with(view, melds)
        race = self.race(view, come_out=True, spare=1)
        ev = self.evaluator(view, come_out=True)
        return min(melds, key=lambda a: (race.turns(after_meld(view.hand, a)),
                                         ev.score(after_meld(view.hand, a)), str(a)))

    def race_discard(self, view: SeatView, candidates: Sequence[Action]) -> Action:
        """The discard that leaves the hand fastest to go out, less what it gives away."""
        worlds = self.worlds(view)
        race = self.race(view, worlds=worlds)
        gifts = [a.card for a in candidates if a.card.natural]
        theirs = self.opponent_turns(view, worlds, gifts)
        scores = []
        for action in candidates:
            card = action.card
            their = theirs.get(card, theirs[None])
            scores.append(self.race_value(race.each(without(view.hand, card)), their))
        best = min(range(len(candidates)), key=lambda j: (scores[j], j))
        return candidates[best]
