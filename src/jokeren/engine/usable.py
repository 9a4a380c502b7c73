"""Whether a card can still go on the table this turn, and whether a seat can meld now:
decided exactly, with the engine itself judging every step.

The engine asks this for "take only if used" (003), the freed joker that must be used,
the cards that must be used before the discard, and Turbo's "cannot meld" (004). The answer
is a search over the rest of the turn: which melds, lay-offs and joker swaps the engine
accepts, one after the other, until the card is on the table. It tries every action that
can matter and no other:

- once the player may touch the table: the card laid off alone on any meld, put in any new
  meld the hand can make (rules/patterns.py lists them all), or swapped for a joker; otherwise
  every joker swap (a freed joker may be what the card needs) and every one-card lay-off
  onto a meld of the card's suit or rank (a run may have to grow before the card fits), or
  onto any meld before a coming-out that may leave at most one card (``all``, or only the
  requirement after a lay-off: a smaller hand may be what lets the rest go down at once).
  A lay-off of several cards is the same as laying them one at a time, and a new meld that
  a later lay-off extends is the same as the bigger meld at once, so neither is needed;
  where the table may be rearranged, every ``table`` action with the card
  (``rearrange.tables_with``): rearrangements before it are the same as one bigger one;
- before coming out: every way to come out with the card, and every way to come out
  without it followed by the search above (only the smallest ones: a bigger coming-out is
  the smaller one plus lay-offs);
- after coming out in this turn where only the requirement may be laid
  (``opening_only_contract``): a meld or a lay-off leaves at most one card, so the rest of
  the turn is one action that lays all but one card (and, going out by melding, the last).

Every candidate is confirmed by the engine (the ``Try`` it passes in), so the rules live in
one place; the search only chooses what to ask. Jokers are written with the card they stand
for, and when the engine refuses a set because of the copies limit, the other suits its
jokers may stand for are asked too. ``tests/test_usable.py`` checks the answer against a
brute force over every action sequence on 10,000 random positions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import combinations, product

from ..rules.cards import JOKER, NATURALS, Card, to_hand
from ..rules.house import Rules
from ..rules.melds import Meld
from ..rules.patterns import (
    BITS,
    CompiledHand,
    Pattern,
    compile_hand,
    meld_params,
    pattern_meld,
    set_readings,
)
from ..rules.requirements import Requirement
from .actions import Action, Verb, built
from .phase import Phase
from .rearrange import tables_with
from .state import State, evolve

# The engine's judgement of one action: the state after it, or the key of its refusal;
# ``dry``: only judge it (the state returned is then the one given).
Try = Callable[[State, int, Action, bool], "State | str"]
Group = tuple[Card, ...]


def can_use(state: State, seat: int, card: Card, tried: Try,
            extra: Card | None = None, lay: bool = True) -> bool:
    """Whether ``card`` (one copy of it, as a hand card) can still go on the table this
    turn; ``extra``: a card about to be taken into the hand (take only if used); without
    ``lay`` only in a meld, not by a lay-off (001's freed joker, ``freed_joker: new-meld``)."""
    probe = state
    if extra is not None:
        hand = tuple(sorted((*state.hands[seat], to_hand(extra))))
        probe = evolve(state, hands=_set(state.hands, seat, hand), phase=Phase.PLAY,
                       to_act=seat, pending=())
    elif probe.pending:
        probe = evolve(probe, pending=())
    return witness(probe, seat, card, tried, lay) is not None


def witness(state: State, seat: int, card: Card, tried: Try,
            lay: bool = True) -> Action | None:
    """The first action of a way to get ``card`` on the table this turn, or None if there
    is none (move listing offers it, so that a card that must be used always can be)."""
    card = to_hand(card)
    if card not in state.hands[seat]:
        return None  # e.g. a taken card swapped into a meld: it is no longer in hand
    return _Search(state, seat, card, tried, lay).usable(state)


def can_meld_now(state: State, seat: int, tried: Try) -> bool:
    """Whether the seat could put any meld on the table now (Turbo's "cannot meld")."""
    search = _Search(state, seat, None, tried)
    hand = state.hands[seat]
    if not _may_meld(hand, state.rules.ace_high):
        return False
    if state.come_out[seat]:
        # melds of natural cards first, then of three cards with jokers: far fewer to list
        # than every meld, and mostly enough
        plain = search.compiled([c for c in hand if c.natural], state)
        if search.first(state, (Action(Verb.MELD, melds=(pattern_meld(pt).cards,))
                                for pt in plain.patterns)) is not None:
            return True
        if JOKER not in hand:
            return False
        if search.first(state, (Action(Verb.MELD, melds=(g,))
                                for g in _threes_with_jokers(hand))) is not None:
            return True
        every = search.compiled(hand, state)
        return search.first(state, (Action(Verb.MELD, melds=(pattern_meld(pt).cards,))
                                    for pt in every.patterns)) is not None
    return any(True for _ in search.comings_out(state))


class _Search:
    """One question: can ``card`` get on the table (``None``: any coming-out at all)."""

    __slots__ = ("card", "lay", "rules", "seat", "seen", "tried")

    def __init__(self, state: State, seat: int, card: Card | None, tried: Try,
                 lay: bool = True) -> None:
        self.seat = seat
        self.card = card
        self.lay = lay  # may the card go on the table by a lay-off
        self.rules: Rules = state.rules
        self.tried = tried
        self.seen: set[tuple[object, ...]] = set()

    # --- the engine as judge -----------------------------------------------------------
    def step(self, state: State, action: Action,
             dry: bool = False) -> tuple[Action, State] | None:
        """The form of ``action`` the engine accepts (trying the other suits of set jokers
        when the copies limit refuses it) and the state after it; None if none is."""
        if action.verb not in (Verb.MELD, Verb.TABLE):  # one form only
            after = self.tried(state, self.seat, action, dry)
            return (action, after) if isinstance(after, State) else None
        for form in _forms(action, state.rules):
            after = self.tried(state, self.seat, form, dry)
            if isinstance(after, State):
                return form, after
            if form is action and after != "copies_limit":  # other suits cannot help
                return None
        return None

    def accepted(self, state: State, action: Action) -> Action | None:
        found = self.step(state, action, dry=True)
        return None if found is None else found[0]

    def first(self, state: State, actions: Iterable[Action]) -> Action | None:
        """The first of ``actions`` the engine accepts (in the form it accepts)."""
        for action in actions:
            found = self.accepted(state, action)
            if found is not None:
                return found
        return None

    # --- the search ----------------------------------------------------------------------
    def usable(self, state: State) -> Action | None:
        """The first action of a way to get the card on the table from ``state``."""
        card = self.card
        assert card is not None
        if state.phase is not Phase.PLAY:
            return None
        seat, rules = self.seat, self.rules
        hand = state.hands[seat]
        out = state.come_out[seat]
        if card not in hand:
            return None
        if state.came_out_now and rules.opening_only_contract:
            return self.going_out(state)
        touch = out or rules.act_before_out
        found: Action | None = None
        if touch:
            found = (self.first(state, _lays_of(state.table, card)) if self.lay else None) or (
                self.first(state, (a for a in _swaps(state, seat) if a.cards[0] == card))
                if card.natural else None)
        if found is None and touch and rules.rearrange and self.lay:
            found = self.first(state, tables_with(state.table, hand, card, rules,
                                                  state.round_index))
        if found is None and out:
            found = self.first(state, (Action(Verb.MELD, melds=(g,))
                                       for g in self.groups(state) if _holds_face(g, card)))
        if found is not None or not self.hopeful(state):
            return found
        key = (hand, state.table, out, state.came_out_now, state.swapped)
        if key in self.seen:
            return None
        self.seen.add(key)
        if touch:
            # Before coming out where the coming-out may leave at most one card ("all", or
            # only the requirement after a lay-off), a smaller hand may be what lets the
            # rest go down at once: then every one-card lay-off may matter.
            every = not out and (state.requirement.all_at_once or rules.opening_only_contract)
            for action in (*_swaps(state, seat), *self.feeding_lays(state, every)):
                if action.verb is Verb.SWAP and action.cards[0] == card:
                    continue
                step = self.step(state, action)
                if step is not None and self.usable(step[1]) is not None:
                    return step[0]
        if out:
            return None
        options = list(self.comings_out(state))
        for form, _ in options:
            if any(_holds_face(g, card) for g in form.melds):
                return form
        for form, after in options:
            if self.usable(after) is not None:
                return form
        return self.contract_then_more(state) if rules.opening_only_contract else None

    def hopeful(self, state: State) -> bool:
        """A quick necessary condition for the card to get on the table by more than one
        step: a table meld of its suit or rank, or a joker standing for it, or the hand (with
        every table joker freed) can make a meld of three with it."""
        card = self.card
        assert card is not None
        if card.joker:
            return True
        table = state.table
        for meld in table:
            if (meld.kind == "run" and meld.suit == card.suit) or \
                    (meld.kind == "set" and meld.rank == card.rank):
                return True
            if any(c.joker and c.face == card for c in meld.cards):
                return True
        hand = state.hands[self.seat]
        jokers = sum(1 for c in hand if c.joker) + sum(1 for m in table for c in m.cards
                                                       if c.joker)
        if sum(1 for c in hand if c.natural and c.rank == card.rank) - 1 + jokers >= 2:
            return True
        near = {c.rank for c in hand if c.natural and c.suit == card.suit}
        if 1 in near:
            near.add(14)
        ranks = (card.rank, 14) if card.rank == 1 else (card.rank,)
        return any(sum(1 for q in range(lo, lo + 3) if q != r and q in near) + jokers >= 2
                   for r in ranks for lo in range(r - 2, r + 1))

    def feeding_lays(self, state: State, every: bool = False) -> list[Action]:
        """One-card lay-offs that may make room for the card: onto runs of its suit and
        sets of its rank (any meld for a joker; ``every``: any meld), a natural card or a
        joker at each end."""
        card = self.card
        assert card is not None
        hand = state.hands[self.seat]
        naturals = sorted({c for c in hand if c.natural and c != card})
        jokers = JOKER in hand and card != JOKER
        actions: list[Action] = []
        for n, meld in enumerate(state.table, 1):
            if card.natural and not every and not (
                    (meld.kind == "run" and meld.suit == card.suit)
                    or (meld.kind == "set" and meld.rank == card.rank)):
                continue
            fits = _fitting(meld)
            actions.extend(Action(Verb.LAY, (c,), (), n) for c in naturals if c in fits)
            if jokers:
                actions.extend(Action(Verb.LAY, (c.as_joker(),), (), n) for c in fits)
        return actions

    # --- the hand's melds ---------------------------------------------------------------
    def compiled(self, cards: Sequence[Card], state: State) -> CompiledHand:
        # Jokers are written for any card here (the cache is then shared with the listing's
        # solver); the engine refuses a card with no copy left, and ``step`` asks the other
        # suits of a set's jokers.
        return compile_hand(cards, meld_params(self.rules, state.round_index, False), frozenset())

    def groups(self, state: State) -> list[Group]:
        """Every meld the hand can make (one form of each; ``step`` asks the others)."""
        h = self.compiled(state.hands[self.seat], state)
        return [pattern_meld(pt).cards for pt in h.patterns]

    def comings_out(self, state: State) -> Iterator[tuple[Action, State]]:
        """Coming-out actions the engine accepts, with the state after each: the smallest
        ones (no meld can be left out), those with the card where more is allowed, and
        those that lay all but at most one card."""
        rules, seat, card = self.rules, self.seat, self.card
        hand = state.hands[seat]
        cards = hand if rules.joker_in_first_meld else tuple(c for c in hand if c.natural)
        h = self.compiled(cards, state)
        lmin = 1 if rules.going_out == "discard" else 0
        field = -1 if card is None or card.joker else _field(h, card)

        holds = partial(_holds, card, field)
        seen: set[tuple[tuple[int, int, str, tuple[int, ...]], ...]] = set()
        for chosen in _options(h, state.requirement, len(hand) - lmin,
                               rules.opening_only_contract, holds):
            sig = tuple(sorted((pt.need, pt.jokers, pt.kind, pt.spec) for pt in chosen))
            if sig in seen:
                continue
            seen.add(sig)
            melds = tuple(pattern_meld(pt).cards for pt in chosen)
            refusal = ""
            plain = Action(Verb.MELD, melds=melds)
            for form in _forms(plain, rules):
                got = self.tried(state, seat, form, False)
                if isinstance(got, State):
                    yield form, got
                    break
                refusal = got
                if form is plain and got != "copies_limit":  # other suits cannot help
                    break
            if refusal == "wait_first_turn":
                return  # no coming out this turn at all

    def contract_then_more(self, state: State) -> Action | None:
        """Where only the requirement may be laid: the requirement without the card, then
        one more action that lays all but at most one card (the card among them, or laid off
        alone last): a lay-off onto a meld that was on the table, or (jokers not allowed in
        the first meld) new melds with jokers."""
        card = self.card
        assert card is not None
        rules, seat = self.rules, self.seat
        hand = state.hands[seat]
        last = rules.going_out != "discard" and self.lay
        jokers = hand.count(JOKER)
        for n, meld in enumerate(state.table, 1):
            match = [c for c in hand if c.natural and (
                meld.rank == c.rank if meld.kind == "set" else meld.suit == c.suit)]
            for size in range(len(match) + 1):
                for subset in dict.fromkeys(combinations(match, size)):
                    for j in range(jokers + 1):
                        laid = (*subset, *(JOKER,) * j)
                        found = self.lay_after_contract(state, n, meld, laid, last) \
                            if laid else None
                        if found is not None:
                            return found
        if rules.joker_in_first_meld or not jokers:
            return None
        for keep in (None, *dict.fromkeys(hand)):
            cards = _less(hand, keep)
            if card not in cards and not last:
                continue
            h = self.compiled(cards, state)
            for chosen in _covers(h, h.full, h.jokers):
                groups = [pattern_meld(pt).cards for pt in chosen]
                for k in range(1, len(groups)):
                    for first in combinations(groups, k):
                        rest = list(groups)
                        for g in first:
                            rest.remove(g)
                        if any(c.joker for g in first for c in g):
                            continue
                        step = self.step(state, Action(Verb.MELD, melds=tuple(first)))
                        if step is None:
                            continue
                        done = self.step(step[1], Action(Verb.MELD, melds=tuple(rest)))
                        if done is not None and self.ends(done[1], None if card in cards else keep):
                            return step[0]
        return None

    def lay_after_contract(self, state: State, n: int, meld: Meld, laid: Group,
                           last: bool) -> Action | None:
        card = self.card
        if not self.lay and (card in laid or last):
            return None  # the card must go into a meld
        rest = list(state.hands[self.seat])
        for c in laid:
            rest.remove(c)
        for keep in (None, *dict.fromkeys(rest)):
            if card not in laid and not (keep == card and last):
                continue
            cards = _less(tuple(rest), keep)
            if not cards:
                continue
            h = self.compiled(cards, state)
            for chosen in _covers(h, h.full, h.jokers):
                melds = tuple(pattern_meld(pt).cards for pt in chosen)
                step = self.step(state, Action(Verb.MELD, melds=melds))
                if step is None:
                    continue
                for form in _lay_forms(meld, laid, self.rules):
                    done = self.step(step[1], Action(Verb.LAY, form, (), n))
                    placed = card in cards or card in laid
                    if done is not None and self.ends(done[1], None if placed else keep):
                        return step[0]
        return None

    def going_out(self, state: State) -> Action | None:
        """After coming out this turn where only the requirement may be laid: one action
        lays all but at most one card (the card among them, or the card left over and laid
        off alone where going out by melding is allowed)."""
        card = self.card
        assert card is not None
        seat, rules = self.seat, self.rules
        hand = state.hands[seat]
        last = rules.going_out != "discard" and self.lay
        key = (hand, state.table, True, True)
        if key in self.seen:
            return None
        self.seen.add(key)
        # no joker swap: a player going out at once swaps no joker (000; engine._swap)
        if rules.rearrange and self.lay:  # a rearrangement with the card that goes out
            found = self.first(state, tables_with(state.table, hand, card, rules,
                                                  state.round_index, most_left=1))
            if found is not None:
                return found
        if len(hand) == 1:
            return self.first(state, _lays_of(state.table, card)) if last else None
        # One lay-off lays cards of one suit or one rank: the hand holds at most two of either.
        naturals = [c for c in hand if c.natural]
        lays = len({c.suit for c in naturals}) <= 2 or len({c.rank for c in naturals}) <= 2
        spare = self.spare(state, hand, naturals)
        if not lays and spare is None:
            return None
        for keep in (None, *dict.fromkeys(hand)):
            cards = _less(hand, keep)
            if card not in cards and not last:
                continue
            for n, meld in enumerate(state.table, 1) if lays else ():
                if not self.lay and card in cards:
                    break  # the card must go into a meld
                for form in _lay_forms(meld, cards, rules):
                    step = self.step(state, Action(Verb.LAY, form, (), n))
                    if step is not None and self.ends(step[1], None if card in cards else keep):
                        return step[0]
            if spare is None or not spare(keep):
                continue
            h = self.compiled(cards, state)
            for chosen in _covers(h, h.full, h.jokers):
                melds = tuple(pattern_meld(pt).cards for pt in chosen)
                step = self.step(state, Action(Verb.MELD, melds=melds))
                if step is not None and self.ends(step[1], None if card in cards else keep):
                    return step[0]
        return None

    def spare(self, state: State, hand: tuple[Card, ...],
              naturals: list[Card]) -> Callable[[Card | None], bool] | None:
        """Whether new melds can take all of ``hand`` (``naturals``: its natural cards) but
        the card given (None: all of it); None if they cannot for any card. Quick necessary
        tests first: at most one card in no meld at all, and jokers enough for the cards in
        no meld of natural cards; then the whole hand's melds are asked (they include every
        meld of fewer cards), so that no smaller hand is compiled in vain; the answers are
        kept with the compiled hand, for both questions and every later call."""
        ace_high = self.rules.ace_high
        jokers = len(hand) - len(naturals)
        lonely = _lonely(naturals, jokers, ace_high)
        # without jokers, _short_of_jokers asks the same as len(lonely) > 1
        if len(lonely) > 1 or (jokers and _short_of_jokers(naturals, jokers, ace_high)):
            return None
        whole = self.compiled(hand, state)
        coverable = whole.coverable
        if coverable is None:  # asked again and again of one hand: kept with its answers
            coverable = whole.coverable = _coverable(whole)
        if not coverable(whole.full, whole.jokers, True):
            return None
        return lambda keep: (not lonely or keep == lonely[0]) and \
            coverable(*_without(whole, keep), False)

    def ends(self, after: State, keep: Card | None) -> bool:
        """After an action that laid all but ``keep``: the card is on the table, or it is
        ``keep`` and can be laid off alone."""
        if keep is None or keep != self.card:
            return True
        return after.phase is Phase.PLAY and \
            self.first(after, _lays_of(after.table, keep)) is not None


# --- enumerating ----------------------------------------------------------------------------

def _options(h: CompiledHand, req: Requirement, most: int, only: bool,
             holds: Callable[[Pattern], bool]) -> Iterator[tuple[Pattern, ...]]:
    """Sets of disjoint patterns that may meet the requirement, laying at most ``most``
    cards: the smallest ones (no meld can be left out); for points, also those with a meld
    that ``holds`` the card (the others then the smallest); for "all at once", and where
    only the requirement may be laid, those that lay all but at most one card."""
    pats = h.patterns
    guard = h.guard
    if req.all_at_once:
        yield from _covers_spare(h, h.full, h.jokers)
        return
    if req.points:
        yield from _points_sets(pats, guard, h.full, h.jokers, req.points, most, ())
        for pt in pats:
            if holds(pt) and pt.size <= most:
                yield from _points_sets(pats, guard, h.full - pt.need, h.jokers - pt.jokers,
                                        req.points, most, (pt,))
    elif req.none:
        for pt in pats:
            if pt.size <= most:
                yield (pt,)
    else:
        for alt in req.alternatives:
            yield from _alt_sets(pats, alt, guard, h.full, h.jokers, most)
    if only or req.none:
        # laying more than the requirement is allowed when it leaves at most one card
        for chosen in _covers_spare(h, h.full, h.jokers):
            if len(chosen) > 1:
                yield chosen


# The recursive searches below are small classes, not functions nested in the ones that
# start them: compiled, a nested function and the frame it reads refer to each other (and in
# pure Python a recursive nested function refers to itself through its cell), a cycle only
# the gc frees on every call.

def _points_sets(pats: list[Pattern], guard: int, full: int, jokers: int, points: int,
                 most: int, given: tuple[Pattern, ...]) -> Iterator[tuple[Pattern, ...]]:
    """Patterns worth ``points`` with ``given``, none of the others left out."""
    ordered = sorted(pats, key=lambda pt: -pt.value)
    search = _PointsSets(ordered, guard, points, most, len(given))
    yield from search.rec(0, full, jokers, sum(pt.size for pt in given),
                          sum(pt.value for pt in given), given)


class _PointsSets:
    """``_points_sets``'s search: patterns in order of value, from ``start`` on."""

    __slots__ = ("given", "guard", "most", "ordered", "points")

    def __init__(self, ordered: list[Pattern], guard: int, points: int, most: int,
                 given: int) -> None:
        self.ordered = ordered
        self.guard = guard
        self.points = points
        self.most = most
        self.given = given  # how many patterns were given (they may be worth nothing)

    def rec(self, start: int, mask: int, j: int, laid: int, value: int,
            chosen: tuple[Pattern, ...]) -> Iterator[tuple[Pattern, ...]]:
        points = self.points
        if value >= points:
            if all(value - pt.value < points for pt in chosen[self.given:]):
                yield chosen
            return
        ordered, guard, most = self.ordered, self.guard, self.most
        for i in range(start, len(ordered)):
            pt = ordered[i]
            if pt.jokers <= j and laid + pt.size <= most \
                    and ((mask | guard) - pt.need) & guard == guard:
                yield from self.rec(i + 1, mask - pt.need, j - pt.jokers, laid + pt.size,
                                    value + pt.value, (*chosen, pt))


def _alt_sets(pats: list[Pattern], alt: tuple[tuple[str, int], ...], guard: int, full: int,
              jokers: int, most: int) -> Iterator[tuple[Pattern, ...]]:
    lists = [[pt for pt in pats if pt.kind == kind and pt.size >= size] for kind, size in alt]
    yield from _AltSets(lists, alt, guard, most).rec(0, full, jokers, 0, (), 0)


class _AltSets:
    """``_alt_sets``'s search: one pattern of ``lists[i]`` for each part of ``alt``."""

    __slots__ = ("alt", "guard", "lists", "most")

    def __init__(self, lists: list[list[Pattern]], alt: tuple[tuple[str, int], ...],
                 guard: int, most: int) -> None:
        self.lists = lists
        self.alt = alt
        self.guard = guard
        self.most = most

    def rec(self, i: int, mask: int, j: int, laid: int, chosen: tuple[Pattern, ...],
            start: int) -> Iterator[tuple[Pattern, ...]]:
        lists = self.lists
        if i == len(lists):
            yield chosen
            return
        alt, guard, most = self.alt, self.guard, self.most
        same = i > 0 and alt[i] == alt[i - 1]
        for n in range(start if same else 0, len(lists[i])):
            pt = lists[i][n]
            if pt.jokers <= j and laid + pt.size <= most \
                    and ((mask | guard) - pt.need) & guard == guard:
                yield from self.rec(i + 1, mask - pt.need, j - pt.jokers, laid + pt.size,
                                    (*chosen, pt), n)


def _covers(h: CompiledHand, mask: int, jokers: int) -> Iterator[tuple[Pattern, ...]]:
    """Every way to put all of ``mask`` and ``jokers`` in melds."""
    by_pair: dict[tuple[int, int], list[Pattern]] = {}
    for pt in h.patterns:  # the same cards may make melds of other shapes (10 J Q, J Q K)
        by_pair.setdefault((pt.need, pt.jokers), []).append(pt)
    yield from _Covers(h.guard, h.by_low, by_pair).rec(mask, jokers, ())


class _Covers:
    """``_covers``'s search, covering the lowest card left first; ``dead``: what is left
    that no melds can cover."""

    __slots__ = ("by_low", "by_pair", "dead", "guard")

    def __init__(self, guard: int, by_low: list[list[tuple[int, int]]],
                 by_pair: dict[tuple[int, int], list[Pattern]]) -> None:
        self.guard = guard
        self.by_low = by_low
        self.by_pair = by_pair
        self.dead: set[tuple[int, int]] = set()

    def rec(self, mask: int, j: int,
            chosen: tuple[Pattern, ...]) -> Iterator[tuple[Pattern, ...]]:
        if not mask:
            if not j:
                yield chosen
            return
        dead = self.dead
        if (mask, j) in dead:
            return
        guard, by_pair = self.guard, self.by_pair
        found = False
        i = ((mask & -mask).bit_length() - 1) // BITS
        for need, k in self.by_low[i]:
            if k <= j and ((mask | guard) - need) & guard == guard:
                for pt in by_pair[(need, k)]:
                    for cover in self.rec(mask - need, j - k, (*chosen, pt)):
                        found = True
                        yield cover
        if not found:
            dead.add((mask, j))


def _coverable(h: CompiledHand) -> Callable[[int, int, bool], bool]:
    """Whether the cards of a mask and so many jokers can all be put in melds (with
    ``spare``: all but at most one card): ``_covers`` as a yes or no, each remainder
    answered once, covering first the card that the fewest melds can take (a card no meld
    takes ends it at once). The bound method of an object that does not refer to ``h`` (it
    is kept with ``h``)."""
    takes: list[list[tuple[int, int]]] = [[] for _ in h.cards]
    for options in h.by_low:
        for need, k in options:
            m, i = need, 0
            while m:
                if m & 0x7:
                    takes[i].append((need, k))
                m >>= BITS
                i += 1
    order = sorted(range(len(takes)), key=lambda i: len(takes[i]))
    return _Coverable(h.guard, takes, order).rec


class _Coverable:
    """``_coverable``'s answers: ``takes[i]``, the melds (need, jokers) that take card
    ``i``; ``order``, the cards, those fewest melds take first; ``known``, the answers."""

    __slots__ = ("guard", "known", "order", "takes")

    def __init__(self, guard: int, takes: list[list[tuple[int, int]]],
                 order: list[int]) -> None:
        self.guard = guard
        self.takes = takes
        self.order = order
        self.known: dict[tuple[int, int, bool], bool] = {}

    def rec(self, mask: int, j: int, spare: bool) -> bool:
        if not mask:
            return j == 0 or (spare and j == 1)
        key = (mask, j, spare)
        got = self.known.get(key)
        if got is None:
            guard = self.guard
            i = next(i for i in self.order if mask >> (BITS * i) & 0x7)
            got = any(k <= j and ((mask | guard) - need) & guard == guard
                      and self.rec(mask - need, j - k, spare) for need, k in self.takes[i]) or \
                (spare and self.rec(mask - (1 << (BITS * i)), j, False))
            self.known[key] = got
        return got


def _without(h: CompiledHand, card: Card | None) -> tuple[int, int]:
    """The mask and jokers of the compiled hand less one copy of ``card``."""
    if card is None:
        return h.full, h.jokers
    if card.joker:
        return h.full, h.jokers - 1
    return h.full - (1 << (BITS * _field(h, card))), h.jokers


def _covers_spare(h: CompiledHand, mask: int, jokers: int) -> Iterator[tuple[Pattern, ...]]:
    """Every way to put all but at most one card in melds."""
    yield from _covers(h, mask, jokers)
    if jokers:
        yield from _covers(h, mask, jokers - 1)
    i, m = 0, mask
    while m:
        if m & 0x7:
            yield from _covers(h, mask - (1 << (BITS * i)), jokers)
        m >>= BITS
        i += 1


def _holds(card: Card | None, field: int, pt: Pattern) -> bool:
    """Whether pattern ``pt`` uses ``card`` (in field ``field`` of the compiled hand). A
    function of the module, not one nested in ``comings_out``: compiled, a nested function
    and its frame refer to each other, a cycle only the gc frees."""
    if card is None:
        return False
    if card.joker:
        return pt.jokers > 0
    return field >= 0 and (pt.need >> (BITS * field)) & 0x7 > 0


def _field(h: CompiledHand, card: Card) -> int:
    for i, c in enumerate(h.cards):
        if c == card:
            return i
    return -1


def _forms(action: Action, rules: Rules) -> Iterator[Action]:
    """``action``, then the same with its set jokers standing for other suits."""
    yield action
    groups = action.melds if action.verb in (Verb.MELD, Verb.TABLE) else ()
    if not groups or not any(c.joker for g in groups for c in g):
        return
    choices: list[list[Group]] = []
    for g in groups:
        ranks = {c.rank for c in g}
        wild = [c for c in g if c.joker]
        if len(ranks) != 1 or not wild:
            choices.append([g])
            continue
        choices.append(set_readings([c for c in g if c.natural], g[0].rank, len(wild)))
    for combo in product(*choices):
        melds = tuple(combo)
        if melds != groups:
            yield Action(action.verb, melds=melds)


def _fitting(meld: Meld) -> list[Card]:
    """The natural cards that could be laid off alone onto ``meld``."""
    if meld.kind == "set":
        return [NATURALS[s * 13 + meld.rank - 1] for s in range(4)]
    out = []
    for p in (meld.start - 1, meld.end + 1):
        if 1 <= p <= 14:
            out.append(NATURALS[meld.suit * 13 + (p - 1) % 13])
    return out


def _lays_of(table: Sequence[Meld], card: Card) -> Iterator[Action]:
    """``card`` laid off alone on each table meld (a joker left to infer its card first,
    then written as every card it could stand for there)."""
    for n in range(1, len(table) + 1):
        yield built(Verb.LAY, (card,), (), n)
    if card.joker:
        for n, meld in enumerate(table, 1):
            for c in _fitting(meld):
                yield built(Verb.LAY, (c.as_joker(),), (), n)


def _lay_forms(meld: Meld, cards: Sequence[Card], rules: Rules) -> list[Group]:
    """``cards`` (jokers as ``*``) laid off together onto ``meld``, with the jokers written
    in every place they could go."""
    naturals = [c for c in cards if c.natural]
    wild = len(cards) - len(naturals)
    if meld.kind == "set":
        if any(c.rank != meld.rank for c in naturals):
            return []
        return set_readings(naturals, meld.rank, wild)
    if any(c.suit != meld.suit for c in naturals):
        return []
    size = len(meld.cards) + len(cards)
    top = 14 if rules.ace_high else 13
    forms = []
    for lo in range(max(1, meld.end - size + 1), meld.start + 1):
        hi = lo + size - 1
        if hi > top:
            break
        held = {p for p in range(meld.start, meld.end + 1)}
        placed: dict[int, Card] = {}
        ok = True
        for c in naturals:
            spots = [p for p in ((1, 14) if c.rank == 1 else (c.rank,))
                     if lo <= p <= hi and p not in held and p not in placed]
            if not spots:
                ok = False
                break
            placed[spots[0]] = c
        if not ok:
            continue
        free = [p for p in range(lo, hi + 1) if p not in held and p not in placed]
        if len(free) != wild:
            continue
        forms.append((*naturals, *(Card(p if p <= 13 else 1, meld.suit, True) for p in free)))
    return forms


def _swaps(state: State, seat: int) -> list[Action]:
    return joker_swaps(state, set(state.hands[seat]))


def joker_swaps(state: State, held: set[Card]) -> list[Action]:
    """Every joker swap worth asking with the cards ``held``: the card a table joker stands
    for (or, 001, any card of a set's rank). analysis/legal.py lists the same for the seat
    to act."""
    actions: list[Action] = []
    for n, meld in enumerate(state.table, 1):
        for c in meld.cards:
            if c.joker and c.face in held:
                actions.append(built(Verb.SWAP, (c.face,), (), n))
        if not state.rules.set_joker_fixed and meld.kind == "set" and \
                any(c.joker for c in meld.cards):
            actions.extend(built(Verb.SWAP, (c,), (), n) for c in sorted(held)
                           if c.natural and c.rank == meld.rank)
    return list(dict.fromkeys(actions))


def _holds_face(group: Group, card: Card) -> bool:
    return any(to_hand(c) == card for c in group)


def _less(hand: tuple[Card, ...], card: Card | None) -> tuple[Card, ...]:
    if card is None:
        return hand
    out = list(hand)
    out.remove(card)
    return tuple(out)


def _threes_with_jokers(hand: Sequence[Card]) -> Iterator[Group]:
    """Three-card melds with jokers (left to infer their card): two natural cards of a rank,
    or of a suit at most two places apart, and a joker; one natural card and two jokers."""
    naturals = sorted({c for c in hand if c.natural})
    jokers = sum(1 for c in hand if c.joker)
    for i, a in enumerate(naturals):
        for b in naturals[i + 1:]:
            if a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2):
                yield (a, b, JOKER)
    if jokers >= 2:
        for a in naturals:
            yield (a, JOKER, JOKER)


_STARTS = sum(1 << lo for lo in range(1, 13))  # places where three in a row may start


def _lonely(naturals: Sequence[Card], jokers: int, ace_high: bool) -> list[Card]:
    """The natural cards (each copy) that no meld of them and ``jokers`` jokers can hold:
    fewer than three cards of the rank and three places in a row of the suit around it,
    counting jokers (a necessary test: the melds of rules/patterns.py are a subset)."""
    if jokers >= 2:
        return []
    ranks = [0] * 14
    masks = [0, 0, 0, 0]
    for c in naturals:
        ranks[c.rank] += 1
        masks[c.suit] |= 1 << c.rank | ((1 << 14) if c.rank == 1 and ace_high else 0)
    rows = []  # per suit, the places in some three in a row (two with a joker)
    for m in masks:
        starts = ((m & m >> 1) | (m & m >> 2) | (m >> 1 & m >> 2)) if jokers \
            else m & m >> 1 & m >> 2
        starts &= _STARTS
        rows.append(starts | starts << 1 | starts << 2)
    return [c for c in naturals if ranks[c.rank] + jokers < 3 and not rows[c.suit] >> c.rank & 1
            and not (c.rank == 1 and ace_high and rows[c.suit] >> 14 & 1)]


def _short_of_jokers(naturals: list[Card], jokers: int, ace_high: bool) -> bool:
    """Whether too few jokers to put all natural cards but one in melds: a card in no meld
    of natural cards needs a joker's meld, and a meld with k jokers holds at most 2(k + 1)
    such cards (two of a set's rank, or two in a row between its jokers in a run)."""
    return len(_lonely(naturals, 0, ace_high)) > 4 * jokers + 1


def _may_meld(hand: Sequence[Card], ace_high: bool) -> bool:
    """A quick necessary condition for any meld at all: three cards of a rank, or three
    places in a row of a suit, counting jokers (two jokers and any card may be one)."""
    jokers = sum(1 for c in hand if c.joker)
    if jokers >= 2:
        return any(c.natural for c in hand)
    ranks = [0] * 14
    masks = [0, 0, 0, 0]
    for c in hand:
        if c.natural:
            ranks[c.rank] += 1
            masks[c.suit] |= 1 << c.rank | ((1 << 14) if c.rank == 1 and ace_high else 0)
    if max(ranks) + jokers >= 3:
        return True
    for mask in masks:
        if jokers:
            if mask & (mask >> 1 | mask >> 2):
                return True
        elif mask & mask >> 1 & mask >> 2:
            return True
    return False


def _set(items: tuple[tuple[Card, ...], ...], index: int,
         value: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return (*items[:index], value, *items[index + 1:])


__all__ = ["Try", "can_meld_now", "can_use", "witness"]
