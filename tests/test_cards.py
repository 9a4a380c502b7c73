from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jokeren.rules.cards import JOKER, Card, NotationError, format_cards, hand_key, parse_cards

naturals = st.builds(Card, st.integers(1, 13), st.integers(0, 3))
declared_jokers = st.builds(lambda r, s: Card(r, s, True), st.integers(1, 13), st.integers(0, 3))
cards = st.one_of(naturals, declared_jokers, st.just(JOKER))


@given(st.lists(cards, max_size=20))
def test_card_lists_round_trip(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs)) == tuple(cs)


@pytest.mark.parametrize(("text", "card"), [
    ("10h", Card(10, 1)), ("Th", Card(10, 1)), ("QS", Card(12, 0)), ("A♦", Card(1, 2)),
    ("7♣", Card(7, 3)), ("*", JOKER), ("*7h", Card(7, 1, True)), ("kd", Card(13, 2)),
])
def test_parse_accepts_the_notations_of_notation_md(text: str, card: Card) -> None:
    assert Card.parse(text) == card


def test_canonical_output() -> None:
    assert format_cards(parse_cards("Th qs A♦ *7H")) == "10h Qs Ad *7h"


@pytest.mark.parametrize("bad", ["11h", "7x", "h", "*Z", "**", "Jk", "0s"])
def test_bad_card_names_the_token(bad: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(bad)


def test_hand_sort_kleur_om_kleur() -> None:
    hand = sorted(parse_cards("2c * Ks 3h Ad 4s"), key=hand_key)
    assert format_cards(hand) == "3h 4s Ks Ad 2c *"
