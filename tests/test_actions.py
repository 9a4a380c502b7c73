from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jokeren.engine.actions import Action, Verb
from jokeren.rules.cards import JOKER, Card, NotationError

card = st.one_of(st.builds(Card, st.integers(1, 13), st.integers(0, 3)), st.just(JOKER),
                 st.builds(lambda r, s: Card(r, s, True), st.integers(1, 13), st.integers(0, 3)))
groups = st.lists(st.lists(card, min_size=1, max_size=6).map(tuple), min_size=1, max_size=3)
actions = st.one_of(
    st.sampled_from([Action(Verb.DRAW), Action(Verb.TAKE), Action(Verb.BUY), Action(Verb.PASS)]),
    st.builds(lambda c: Action(Verb.DISCARD, (c,)), card),
    st.builds(lambda c: Action(Verb.GIVE, (c,)), card),
    st.builds(lambda g: Action(Verb.MELD, melds=tuple(g)), groups),
    st.builds(lambda g: Action(Verb.TABLE, melds=tuple(g)), groups),
    st.builds(lambda n, cs: Action(Verb.LAY, tuple(cs), target=n), st.integers(1, 30),
              st.lists(card, min_size=1, max_size=4)),
    st.builds(lambda n, c: Action(Verb.SWAP, (c,), target=n), st.integers(1, 30), card),
)


@given(actions)
def test_actions_round_trip(a: Action) -> None:
    assert Action.parse(str(a)) == a
    assert eval(repr(a), {"Action": Action}) == a


def test_meld_with_several_groups() -> None:
    a = Action.parse("meld 7h 7d 7s / 8h *9h 10h")
    assert len(a.melds) == 2 and a.melds[1][1] == Card(9, 1, True)


@pytest.mark.parametrize(("text", "why"), [
    ("dance", "unknown action"), ("draw 7h", "takes nothing"), ("discard", "needs cards"),
    ("discard 7h 8h", "exactly one"), ("lay 7h", "meld number"), ("swap 1 7h 8h", "one natural"),
    ("meld 7h 7d / ", "empty meld"), ("meld 7h 7x 7s", "not a card"),
])
def test_bad_actions_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        Action.parse(text)
