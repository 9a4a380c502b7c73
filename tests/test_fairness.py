"""Fair play: a computer player's decision depends only on what its seat may see.

Permuting the hidden cards (other hands' unknown cards and the stock) consistently with the
seat's view must not change the view, nor therefore any decision; the strong player's
possible worlds keep every card the seat knows where it is.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, replace

import pytest

from jokeren.analysis.legal import legal_actions
from jokeren.bots import make_player
from jokeren.bots.determinise import determinise, unseen
from jokeren.bots.strong import StrongPlayer
from jokeren.engine import apply
from jokeren.engine.state import State
from jokeren.engine.views import SeatView, view
from jokeren.play.table import people_table
from jokeren.rules.cards import full_deck, to_hand
from jokeren.rules.house import Rules


def midgame(preset: str, n: int, seed: int, steps: int) -> State:
    """A state some way into a round, reached by basic players."""
    rules = replace(Rules.load(preset), max_reshuffles=1)
    game = people_table(rules, ["A", "B", "C", "D"][:n], seed)
    bots = [make_player("basic", seed + i) for i in range(n)]
    state = game.state
    for _ in range(steps):
        if not state.live:
            break
        legal = legal_actions(state)
        state, _ = apply(state, state.to_act,
                         bots[state.to_act].choose(view(state, state.to_act), legal))
    return state


def permuted(state: State, seat: int, rng: random.Random) -> State:
    """The hidden cards dealt again: other hands keep their known cards and sizes."""
    pool = list(state.stock)
    keep: list[list] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            keep.append(list(hand))
            continue
        rest = list(hand)
        known = [to_hand(c) for c in state.known[s]]
        for c in known:
            rest.remove(c)
        pool += rest
        keep.append(known)
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        need = len(hand) - len(keep[s])
        hands.append(tuple(sorted(keep[s] + pool[:need])))
        del pool[:need]
    return replace(state, hands=tuple(hands), stock=tuple(pool))


CASES = [("amerikaans", 2, 4, 9), ("amerikaans", 3, 7, 14), ("amerikaans", 4, 2, 21),
         ("jokeren-30", 3, 5, 12)]


@pytest.mark.parametrize(("preset", "n", "seed", "steps"), CASES)
@pytest.mark.parametrize("kind", ["basic", "level3", "strong:3"])
def test_a_decision_does_not_change_when_hidden_cards_are_permuted(
        preset: str, n: int, seed: int, steps: int, kind: str) -> None:
    state = midgame(preset, n, seed, steps)
    assert state.live
    seat = state.to_act
    legal = legal_actions(state)
    first = make_player(kind, 99).choose(view(state, seat), legal)
    rng = random.Random(seed)
    for _ in range(3):
        other = permuted(state, seat, rng)
        assert other.hands != state.hands or other.stock != state.stock
        assert view(other, seat) == view(state, seat)
        assert make_player(kind, 99).choose(view(other, seat), legal_actions(other)) == first


def test_no_player_is_handed_the_stock_or_another_hand() -> None:
    names = {f.name for f in fields(SeatView)}
    assert not names & {"stock", "hands", "seed", "gives"}
    state = midgame("amerikaans", 3, 7, 14)
    v = view(state, state.to_act)
    assert v.open_hands is None and v.hand == state.hands[state.to_act]
    assert v.discard_pile == state.discard  # public: every discard was seen


def test_possible_worlds_agree_with_everything_the_seat_knows() -> None:
    state = midgame("amerikaans", 3, 3, 40)
    seat = state.to_act
    v = view(state, seat)
    deck = Counter(full_deck(2, 4))
    hidden = sum(len(h) for s, h in enumerate(state.hands) if s != seat) + len(state.stock)
    assert sum(unseen(v).values()) == hidden - sum(
        len(k) for s, k in enumerate(state.known) if s != seat)
    rng = random.Random(1)
    strong = StrongPlayer(1)
    for world in [*(determinise(v, rng) for _ in range(5)),
                  *(strong.plausible_world(v) for _ in range(5))]:  # and the strong player's
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.stock) == len(state.stock)
        for s, known in enumerate(state.known):
            assert not Counter(to_hand(c) for c in known) - Counter(world.hands[s])
        cards = Counter(c for h in world.hands for c in h)
        cards.update(world.stock)
        cards.update(world.discard)
        cards.update(to_hand(c) for m in world.table for c in m.cards)
        assert cards == deck
        assert view(world, seat) == v


def test_players_do_not_use_the_global_random_generator() -> None:
    state = midgame("amerikaans", 2, 4, 9)
    seat = state.to_act
    legal = legal_actions(state)
    random.seed(1)
    a = make_player("strong:3", 5).choose(view(state, seat), legal)
    random.seed(2)
    b = make_player("strong:3", 5).choose(view(state, seat), legal)
    assert a == b
