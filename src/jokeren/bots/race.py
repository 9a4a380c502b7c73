"""The race: how many turns a hand needs to come out and go out, estimated in hindsight.

A round is a race: whoever comes out first wins about three rounds in four, and whoever
goes out first wins the round. So the strong player scores a hand by the number of own
turns it needs to go out. It samples orders of future stock cards from the cards it has not
seen, and for each order finds, exactly, the first turn t at which the hand plus the first
t cards meets the round's requirement, and the first later turn at which it can be laid
down but for exactly t cards (one discard a turn: a meld of three cannot give up a card, so
fewer left over is no good). Every candidate hand is measured on the same
sampled orders (common random numbers), so their difference has little noise even with
few samples. Hindsight is optimistic (it knows which cards will come), but about equally
so for every candidate, and it looks to the end of the round where a one-card look-ahead
does not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..analysis.hands import Pool
from ..rules.cards import Card
from ..rules.house import Rules
from ..rules.requirements import Requirement

Turns = tuple[float, float]  # own turns to go out, and to come out (0: out already)


@dataclass(frozen=True, slots=True)
class Sample:
    """One sampled order of future stock cards, compiled with every card it may meet."""

    pool: Pool
    prefix: tuple[int, ...]  # mask of the first t draws, t = 0..horizon
    jokers: tuple[int, ...]  # jokers among the first t draws
    kept: tuple[int, ...]  # mask of the first t draws less the ``free`` cards
    freed: tuple[int, ...]  # ``free`` cards among the first t draws

    def __reduce__(self) -> tuple[type[Sample], tuple[object, ...]]:
        return Sample, (self.pool, self.prefix, self.jokers, self.kept,
                        self.freed)  # see engine.state.State.__reduce__


class Race:
    """Scores hands by the expected number of own turns until they go out."""

    def __init__(self, rules: Rules, round_index: int, requirement: Requirement,
                 come_out: bool, horizon: int, spare: int = 0) -> None:
        self.rules = rules
        self.round_index = round_index
        self.requirement = requirement
        self.come_out = come_out
        self.horizon = horizon
        self.spare = spare  # discards the hand still makes before the first sampled card
        self.samples: list[Sample] = []
        self.free: frozenset[Card] = frozenset()

    def sample(self, hand: Sequence[Card], extra: Sequence[Card], live: Counter[Card],
               count: int, rng: random.Random, free: frozenset[Card] = frozenset(),
               lives: Sequence[Counter[Card]] = ()) -> None:
        """Draw ``count`` orders of stock cards from ``live`` (the unseen cards) and
        compile each with ``hand`` and ``extra`` (cards a candidate may add: the discard).

        ``free`` cards extend a meld on the table: once out, the seat lays them off at no
        cost, so going out does not have to meld them (coming out still may use them).
        ``lives``: if given, order i is drawn from ``lives[i % len(lives)]`` instead (the
        stocks of sampled worlds).
        """
        self.free = free
        pools = [sorted(x.elements()) for x in lives] or [sorted(live.elements())]
        self.samples = []
        for i in range(count):
            pool_cards = pools[i % len(pools)]
            order = rng.sample(pool_cards, min(self.horizon, len(pool_cards)))
            pool = Pool([*hand, *extra, *order], self.rules, self.round_index,
                        self.requirement)
            prefix, jokers, kept, freed = [0], [0], [0], [0]
            for c in order:
                bit = 0 if c.joker else pool.mask((c,))
                prefix.append(prefix[-1] + bit)
                kept.append(kept[-1] + (0 if c in free else bit))
                freed.append(freed[-1] + (1 if c in free else 0))
                jokers.append(jokers[-1] + (1 if c.joker else 0))
            self.samples.append(Sample(pool, tuple(prefix), tuple(jokers), tuple(kept),
                                       tuple(freed)))

    def turns(self, hand: Sequence[Card], lead: Card | None = None) -> float:
        """The mean over the samples of the own turns ``hand`` needs to go out."""
        each = [go for go, _ in self.each(hand, lead)]
        return sum(each) / len(each) if each else 0.0

    def each(self, hand: Sequence[Card], lead: Card | None = None) -> list[Turns]:
        """The own turns ``hand`` needs to go out and to come out, one pair per sample.

        ``hand`` is the hand at the end of a turn (after its discard); each later turn adds
        the next sampled card. ``lead`` is a card known to come first (the discard a seat
        may take instead of drawing): then the sampled cards come one turn later.
        """
        cards = [*hand, lead] if lead is not None else list(hand)
        kept = [c for c in cards if c not in self.free]
        jokers = sum(1 for c in cards if c.joker)
        free = len(cards) - len(kept)
        return [self._turns(s, s.pool.mask(cards), s.pool.mask(kept), jokers, free,
                            0 if lead is None else 1) for s in self.samples]

    def _turns(self, s: Sample, mask: int, kept: int, jokers: int, free: int,
               lead: int) -> Turns:
        """Turns to go out in one sample; the first ``lead`` turns' cards are in ``mask``
        (``kept``: the same less the free cards)."""
        pool, top = s.pool, len(s.prefix) - 1 + lead
        at = _Turn(s, mask, kept, jokers, free, lead, self.spare)
        out = 0
        if not self.come_out and not self.requirement.all_at_once:
            found = _first(1, top, at.comes_out)
            if found is None:
                late = top + 1 + pool.left(*at.left(top)) / 2
                return late + 1, late
            out = found
        # going out takes a turn after coming out (but for "all at once"); the least
        # leftover is monotone, exactness is not: search the first, then step on
        first = out + 1 if out else 1
        went = _first(first, top, at.fits)
        while went is not None and went <= top and not at.goes(went):
            went += 1
        if went is None or went > top:
            went = top + max(1, pool.left(*at.left(top)) - top - self.spare)
        return went, out


class _Turn:
    """The tests ``Race._turns`` searches over t, the own turns to come, in one sample:
    bound methods of this class, not functions nested in ``_turns`` (compiled, a nested
    function and the frame it reads refer to each other, a cycle that only the gc frees:
    every hand measured left one per sample)."""

    def __init__(self, s: Sample, mask: int, kept: int, jokers: int, free: int, lead: int,
                 spare: int) -> None:
        self.s = s
        self.pool = s.pool
        self.mask = mask  # the hand's cards and the first ``lead`` turns'
        self.kept = kept  # the same less the free cards
        self.jokers = jokers
        self.free = free
        self.lead = lead
        self.spare = spare

    def left(self, t: int) -> tuple[int, int]:
        """The sub-hand after t turns less the free cards: its mask and jokers."""
        k = max(0, t - self.lead)
        return self.kept + self.s.kept[k], self.jokers + self.s.jokers[k]

    def comes_out(self, t: int) -> bool:
        """Whether the hand after t turns (free cards too) meets the requirement."""
        s, k = self.s, max(0, t - self.lead)
        return self.pool.can_come_out(self.mask + s.prefix[k], self.jokers + s.jokers[k])

    def fits(self, t: int) -> bool:
        """Whether it can be laid down after t turns but for at most the discards."""
        return self.pool.fits(*self.left(t), t + self.spare)

    def goes(self, t: int) -> bool:
        """The cards left over are exactly the discards (free cards: either way)."""
        freed, spare = self.s.freed[max(0, t - self.lead)], self.spare
        return self.pool.leaves(*self.left(t), t + spare - self.free - freed, t + spare)


def win_chance(mine: Sequence[float], theirs: Sequence[float], ties_win: bool) -> float:
    """How often the seat goes out before the opponent, over all pairs of samples.

    Turns are fractional where a sample ran past the horizon: a difference under one
    turn counts in proportion. The opponent moves first unless ``ties_win``.
    """
    if not mine or not theirs:
        return 0.5
    shift = 1.0 if ties_win else 0.0
    won = sum(min(1.0, max(0.0, t - m + shift)) for m in mine for t in theirs)
    return won / (len(mine) * len(theirs))


def _first(lo: int, hi: int, ok: Callable[[int], bool]) -> int | None:
    """The least t in lo..hi with ``ok(t)`` (``ok`` is monotone), or None."""
    if lo > hi or not ok(hi):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
