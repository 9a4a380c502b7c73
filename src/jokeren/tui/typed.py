"""What a person types on the table's move line: a move in the notation ("meld 7h 7d 7s",
"lay 2 Qh", "discard 10d") or cards to select ("Qh Qs"), in English or Dutch card letters.

Dutch players write vrouw harten as ``Vh``, heer schoppen ``Hs``, boer klaveren ``Bk``, tien
ruiten ``10r``. The public notation (docs/notation.md) stays English: records and ``jokeren
replay`` read only its letters, so the Dutch ones are translated here, before the notation's
reader sees the line, and only where a person types.

The two alphabets do not clash, so a token may mix them (``Qk`` is Q♣, ``Vd`` is Q♦): a card
is its rank then one suit letter, so where a letter stands says what it is; the Dutch ranks
B V H are no English rank (A 2-10 J Q K T), and the Dutch suits k (klaveren) and r (ruiten)
are no English suit (s h d c); h (harten) and s (schoppen) mean the same in both. So no
letter reads as two cards: ``Hh`` is heer harten, ``Kk`` king of klaveren.
"""

from __future__ import annotations

import re

from ..engine.actions import Action, Verb
from ..rules.cards import Card, NotationError
from ..words.catalogue import t

DUTCH_RANK = {"B": "J", "V": "Q", "H": "K"}  # boer, vrouw, heer
DUTCH_SUIT = {"k": "c", "r": "d", "K": "C", "R": "D"}  # klaveren, ruiten
_TOKEN = re.compile(r"[^\s/]+")


def to_notation(token: str) -> str:
    """One card written with Dutch letters (or English, or mixed) in the notation's letters;
    anything else (a meld number, a word) is left as it is, for the reader to judge."""
    joker, body = ("*", token[1:]) if token.startswith("*") else ("", token)
    if len(body) < 2:
        return token
    rank, suit = body[:-1], body[-1]
    return joker + DUTCH_RANK.get(rank.upper(), rank) + DUTCH_SUIT.get(suit, suit)


class TypedError(ValueError):
    """A typed card that is none, in one sentence naming it as typed and both alphabets."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.token = token

    def text(self, lang: str = "en") -> str:
        return t("tui_typed_card", lang, text=self.token)


def read_card(token: str) -> Card:
    """One typed card; TypedError if it is none."""
    try:
        return Card.parse(to_notation(token))
    except NotationError:
        raise TypedError(token) from None


def read_cards(text: str) -> tuple[Card, ...]:
    """Typed cards, Dutch letters allowed; TypedError if one is not a card."""
    return tuple(read_card(t) for t in text.split())


def read_typed(text: str) -> Action | tuple[Card, ...]:
    """A typed line: a move when it starts with one of the notation's verbs, else the cards
    to select. TypedError (a card) or NotationError (the move), each with ``text(lang)``."""
    words = text.split(None, 1)
    if not words or words[0].lower() not in {v.value for v in Verb}:
        return read_cards(text)
    tokens = _TOKEN.findall(words[1]) if len(words) > 1 else []
    numbered = words[0].lower() in (Verb.LAY.value, Verb.SWAP.value)
    for token in tokens[1:] if numbered else tokens:
        read_card(token)  # a card the notation would refuse is named as typed
    rest = _TOKEN.sub(lambda m: to_notation(m.group(0)), words[1]) if len(words) > 1 else ""
    return Action.parse(f"{words[0]} {rest}".strip())
