"""Cards typed on the terminal's move line in Dutch letters (Vh, Hs, Bk, 10r) read as the
same cards as their notation, and moves with the players' Dutch verbs as the notation's
moves; the notation itself (records, replay) stays English."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jokeren.engine.actions import BUY, DRAW, PASS, TAKE, Action, discard, give, lay, meld, swap
from jokeren.rules.cards import NATURALS, Card, NotationError, parse_cards
from jokeren.tui.typed import read_cards, read_typed

DUTCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "V", "H")
ENGLISH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DUTCH_SUITS = "shrk"  # schoppen, harten, ruiten, klaveren: the notation's s h d c
ENGLISH_SUITS = "shdc"


@st.composite
def written(draw: st.DrawFn) -> tuple[Card, str]:
    """A card, and how a person may type it: the rank and the suit each in Dutch or English
    letters (mixed too), either case, a joker standing for it or not."""
    card = draw(st.sampled_from(NATURALS))
    rank = draw(st.sampled_from((DUTCH_RANKS, ENGLISH_RANKS)))[card.rank - 1]
    suit = draw(st.sampled_from((DUTCH_SUITS, ENGLISH_SUITS)))[card.suit]
    rank, suit = (draw(st.sampled_from((x.lower(), x.upper()))) for x in (rank, suit))
    joker = draw(st.booleans())
    return (card.as_joker() if joker else card), ("*" if joker else "") + rank + suit


@given(st.lists(written(), min_size=1, max_size=6))
def test_every_card_in_dutch_letters_reads_as_its_notation(cards: list[tuple[Card, str]]) -> None:
    typed = " ".join(text for _, text in cards)
    notation = " ".join(str(card) for card, _ in cards)
    assert read_cards(typed) == parse_cards(notation) == tuple(card for card, _ in cards)


@given(written())
def test_a_move_reads_the_same_in_either_alphabet(card_text: tuple[Card, str]) -> None:
    card, text = card_text
    if card.joker:
        assert read_typed(f"lay 3 {text} {text}") == lay(3, (card, card))
        return
    assert read_typed(f"discard {text}") == discard(card)
    assert read_typed(f"meld {text} {text}/{text}") == meld((card, card), (card,))


def test_the_examples_players_write() -> None:
    assert read_cards("Vh Hs Bk 10r Ar") == parse_cards("Qh Ks Jc 10d Ad")
    assert read_cards("Qk Vd Hh Kk") == parse_cards("Qc Qd Kh Kc")  # mixed: still one card
    assert read_typed("lay 10 Vh") == lay(10, parse_cards("Qh"))  # a meld number is no card
    assert read_typed("MELD Vh Vs Vr / 10k Bk Vk") == Action.parse("meld Qh Qs Qd / 10c Jc Qc")


def test_the_notation_stays_english() -> None:
    """Records and replay read only the notation's letters (docs/notation.md is a contract)."""
    for text in ("Vh", "Bk", "10r"):
        with pytest.raises(NotationError):
            Card.parse(text)


@pytest.mark.parametrize(("line", "en", "nl"), [
    ("Vh Vx", "'Vx' is not a card (ranks A 2-10 J Q K or B V H, suits s h d c or k r, joker *)",
     "'Vx' is geen kaart (waarden A 2-10 B V H of J Q K, kleuren s h r k of d c, joker *)"),
    ("discard Zr", "'Zr' is not a card", "'Zr' is geen kaart"),
    ("lay x Vh", "'lay' needs a table meld number first", "na \"lay\" komt eerst het nummer"),
    ("leg aan x Vh", "'leg aan' needs a table meld number first",
     "na \"leg aan\" komt eerst het nummer"),  # the verb as typed
    ("trek 5h", "'trek' takes nothing after it", "na \"trek\" komt niets"),
    # nothing after it: the number first (it said only that cards come after "leg aan")
    ("leg aan", "'leg aan' needs a table meld number first",
     "na \"leg aan\" komt eerst het nummer"),
    ("swap", "'swap' needs a table meld number first", "na \"swap\" komt eerst het nummer"),
])
def test_a_typo_is_one_sentence_naming_what_was_typed(line: str, en: str, nl: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_typed(line)
    error = caught.value
    assert error.text("en").startswith(en) and error.text("nl").startswith(nl)
    assert "\n" not in error.text("en") and error.text("nl").count(". ") == 0


@pytest.mark.parametrize(("typed", "move"), [
    ("aanleggen 1 Ak", lay(1, parse_cards("Ac"))),  # was "'aanleggen' is geen kaart"
    ("leg aan 2 Vh Hh", lay(2, parse_cards("Qh Kh"))),
    ("leg af 10r", discard(Card.parse("10d"))),
    ("Afleggen Vs", discard(Card.parse("Qs"))),
    ("trek", DRAW), ("trekken", DRAW), ("pak", TAKE), ("pakken", TAKE),
    ("koop", BUY), ("kopen", BUY), ("pas", PASS), ("passen", PASS),
    ("geef Bk", give(Card.parse("Jc"))), ("ruil Bk", give(Card.parse("Jc"))),
    ("ruil 1 5h", swap(1, Card.parse("5h"))), ("ruilen 3 Hr", swap(3, Card.parse("Kd"))),
    ("leg 7h 7r 7s", meld(parse_cards("7h 7d 7s"))),
    ("uitkomen 7h 7r 7s / 9k 10k Bk", meld(parse_cards("7h 7d 7s"), parse_cards("9c 10c Jc"))),
    ("kom uit met Vh Vr Vk", meld(parse_cards("Qh Qd Qc"))),
    ("discard 10d", discard(Card.parse("10d"))),  # the notation's verbs as ever
])
def test_dutch_verbs_read_as_the_notations_moves(typed: str, move: Action) -> None:
    """Issue 40: a Dutch player types the move as said at the table ("leg aan 2 Vh")."""
    assert read_typed(typed) == move


def test_a_dutch_verb_is_no_card_and_the_notation_keeps_its_verbs() -> None:
    with pytest.raises(NotationError):
        Action.parse("leg af 10d")  # records: the notation alone
    with pytest.raises(NotationError):
        read_typed("Vh leg")  # cards to select: "leg" is none
    with pytest.raises(NotationError) as caught:
        read_typed("leg af Xr")
    assert caught.value.text("nl").startswith("'Xr' is geen kaart")
