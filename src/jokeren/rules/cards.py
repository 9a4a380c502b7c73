"""Cards and their notation (docs/notation.md, "Cards").

A card is a small immutable value. A joker in a hand stands for nothing (``*``); on the
table, or in a meld being laid, it carries the card it stands for (``*7h``). Copies of the
same card from different packs are not told apart, so a hand is a sorted tuple (a multiset).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .reasons import NotationError as NotationError  # raised here, defined with the other sentences

SUITS = "shdc"
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# What a Dutch player reads on a card: aas, boer, vrouw, heer.
DUTCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "V", "H")
# Display order "kleur-om-kleur" (000): the colours alternate, ♥ ♠ ♦ ♣.
DISPLAY_SUIT_ORDER = (1, 0, 2, 3)


class Card(NamedTuple):
    """A natural card, a joker in hand (``rank == 0``), or a joker standing for a card.

    ``rank`` 1..13 (ace = 1) and ``suit`` 0..3 (s h d c); a joker in hand is rank 0, suit -1.
    """

    rank: int
    suit: int
    joker: bool = False

    @property
    def natural(self) -> bool:
        return not self.joker

    @property
    def declared(self) -> bool:
        """True for a natural card or a joker that says which card it stands for."""
        return self.rank > 0

    @property
    def face(self) -> Card:
        """The natural card this card is or stands for (the shared ``NATURALS`` one)."""
        if not self.joker:
            return self
        return NATURALS[self.suit * 13 + self.rank - 1] if self.rank else Card(0, -1)

    def as_joker(self) -> Card:
        return Card(self.rank, self.suit, True)

    def __str__(self) -> str:
        if self.joker:
            return "*" + (RANKS[self.rank - 1] + SUITS[self.suit] if self.rank else "")
        return RANKS[self.rank - 1] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self, lang: str = "en") -> str:
        """The card as players read it: ``7♥``, ``★`` for a joker (``★7♥`` on the table);
        in Dutch the faces are B, V, H (``V♥`` for ``Q♥``)."""
        ranks = DUTCH_RANKS if str(getattr(lang, "value", lang)) == "nl" else RANKS
        if self.joker:
            return "★" + (ranks[self.rank - 1] + SUIT_SYMBOLS[self.suit] if self.rank else "")
        return ranks[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        token = text.strip()
        if not token:
            raise NotationError("notation_empty_card")
        if token[0] == "*":
            if len(token) == 1:
                return JOKER
            inner = _parse_natural(token[1:], token)
            return Card(inner.rank, inner.suit, True)
        return _parse_natural(token, token)


JOKER = Card(0, -1, True)
_RANK_INDEX = {name: i + 1 for i, name in enumerate(RANKS)}
_RANK_INDEX["T"] = 10
_RANK_INDEX["1"] = 1  # "1h" is an ace for some players (000: "de aas = ook een 1")
_SUIT_INDEX = {c: i for i, c in enumerate(SUITS)}
_SUIT_INDEX.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_INDEX.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
_SUIT_INDEX.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})


def _parse_natural(token: str, whole: str) -> Card:
    if len(token) < 2:
        raise NotationError("notation_card", text=whole)
    rank_text, suit_text = token[:-1].upper(), token[-1]
    rank = _RANK_INDEX.get(rank_text)
    suit = _SUIT_INDEX.get(suit_text)
    if rank is None or suit is None:
        raise NotationError("notation_rank_suit", text=whole)
    return NATURALS[suit * 13 + rank - 1]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space-separated list of cards: ``"5h *6h 7h"``."""
    return tuple(Card.parse(t) for t in text.split())


# Cards as a person types them (the table's move line, the score card): the notation's
# letters or the players' Dutch ones, ranks B V H (boer, vrouw, heer) and suits k r
# (klaveren, ruiten); h and s are harten and schoppen in both. A card is its rank then one
# suit letter, so where a letter stands says what it is, and no token reads as two cards:
# B V H are no English rank, k r no English suit (``Hh`` heer harten, ``Kk`` king of
# klaveren, ``Qk`` Q♣). Records and ``jokeren replay`` read the notation alone (Card.parse);
# what is written is always the notation (docs/notation.md, "Typed by a person").
_DUTCH_RANK = {"B": "J", "V": "Q", "H": "K"}
_DUTCH_SUIT = {"k": "c", "r": "d", "K": "C", "R": "D"}


def typed_notation(token: str) -> str:
    """One card as typed (Dutch letters, English, or mixed) in the notation's letters;
    anything else is left as it is, for the reader to judge."""
    joker, body = ("*", token[1:]) if token.startswith("*") else ("", token)
    if len(body) < 2:
        return token
    rank, suit = body[:-1], body[-1]
    return joker + _DUTCH_RANK.get(rank.upper(), rank) + _DUTCH_SUIT.get(suit, suit)


def typed_card(text: str) -> Card:
    """One card as a person types it, Dutch letters allowed; NotationError names it as
    typed, with both alphabets."""
    token = text.strip()
    try:
        return Card.parse(typed_notation(token))
    except NotationError:
        raise NotationError("notation_typed_card", text=token) from None


def typed_cards(text: str) -> tuple[Card, ...]:
    """Cards as a person types them, with spaces: ``"Vh 10r *"``."""
    return tuple(typed_card(t) for t in text.split())


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


# One object per natural card, shared by every deck and state (flyweights: a state holds
# references, not copies; equality is by value as before).
NATURALS = tuple(Card(r, s) for s in range(4) for r in range(1, 14))


def full_deck(packs: int, jokers: int) -> list[Card]:
    """Every card of ``packs`` packs plus ``jokers`` jokers, in a fixed order."""
    return list(NATURALS) * packs + [JOKER] * jokers


def hand_key(card: Card) -> tuple[int, int]:
    """Sort by suit then rank, kleur-om-kleur (000); jokers last."""
    if card.joker:
        return (9, 0)
    return (DISPLAY_SUIT_ORDER.index(card.suit), card.rank)


def rank_key(card: Card) -> tuple[int, int]:
    """Sort by rank then suit; jokers last."""
    if card.joker:
        return (99, 0)
    return (card.rank, DISPLAY_SUIT_ORDER.index(card.suit))


def to_hand(card: Card) -> Card:
    """What a card is when it returns to a hand: a joker forgets what it stood for."""
    return JOKER if card.joker else card


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` minus ``cards`` (as hand cards), or None if the hand lacks any of them."""
    left = _without(hand, cards)
    if left is None:
        return None
    left.sort()
    return tuple(left)


def holds(hand: tuple[Card, ...], cards: Iterable[Card]) -> bool:
    """Whether ``hand`` holds ``cards`` (as hand cards): ``remove_cards(...) is not None``
    without sorting the hand that is left (move listing asks it for every candidate)."""
    return _without(hand, cards) is not None


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> list[Card] | None:
    left = list(hand)
    for c in cards:
        try:
            left.remove(JOKER if c.joker else c)
        except ValueError:
            return None
    return left


def add_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *(to_hand(c) for c in cards))))
