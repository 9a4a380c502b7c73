"""What a person types on the table's move line: a move ("leg af 10r", "discard 10d",
"leg aan 2 Vh", "trek") or cards to select ("Vh Vs"), in Dutch or English.

Cards: the notation's letters or the Dutch ones (``rules.cards.typed_card``: ``Vh`` vrouw
harten, ``Hs`` heer schoppen, ``Bk`` boer klaveren, ``10r`` tien ruiten). Moves: the
notation's verbs (docs/notation.md) or the players' Dutch ones, read here into the
notation before its reader sees the line, so that records stay in the notation:

- trek(ken) draw, pak(ken) take, koop/kopen buy, pas(sen) pass, geef/geven give;
- leg af / afleggen discard, leg aan / aanleggen lay (a meld number, then cards);
- leg / uitkomen / kom uit (met) meld, ``/`` between melds; tafel table (Rummikub style);
- ruil(en) swap with a meld number and a card (``ruil 1 5h``: joker ruilen), give with a
  card alone (``ruil 5h``: een dubbele kaart ruilen).

The Dutch verbs are no English verb and no card, so a line reads the same whatever the
table's language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.actions import Action, Verb
from ..rules.cards import Card, NotationError, typed_card, typed_cards, typed_notation

_TOKEN = re.compile(r"[^\s/]+")
# The notation's letters as a Dutch player types them (rules.cards reads them back).
_TYPED_RANK = {"J": "B", "Q": "V", "K": "H"}
_TYPED_SUIT = {"c": "k", "d": "r"}
DUTCH_VERBS = {
    "trek": Verb.DRAW, "trekken": Verb.DRAW, "pak": Verb.TAKE, "pakken": Verb.TAKE,
    "koop": Verb.BUY, "kopen": Verb.BUY, "pas": Verb.PASS, "passen": Verb.PASS,
    "geef": Verb.GIVE, "geven": Verb.GIVE, "afleggen": Verb.DISCARD, "aanleggen": Verb.LAY,
    "leg": Verb.MELD, "uitkomen": Verb.MELD, "ruil": Verb.SWAP, "ruilen": Verb.SWAP,
    "tafel": Verb.TABLE,
}
# Rummikub's rearranging, the verb a Dutch player types first (``tafel``), then the notation's.
TABLE_VERBS = ("tafel", Verb.TABLE.value)
# Two words, as Dutch splits them: "leg af 10r", "leg aan 2 Vh", "kom uit (met) 7h 7r 7s".
DUTCH_PAIRS = {("leg", "af"): Verb.DISCARD, ("leg", "aan"): Verb.LAY,
               ("kom", "uit"): Verb.MELD}


def english(text: str) -> tuple[str, str]:
    """A typed line with a Dutch verb as the notation's verb (the cards as typed), and the
    verb as typed ("leg aan"); any other line as it is, with its first word."""
    words = text.split()
    if not words:
        return text, ""
    first = words[0].lower()
    pair = (first, words[1].lower()) if len(words) > 1 else None
    if pair in DUTCH_PAIRS:
        verb, rest, said = DUTCH_PAIRS[pair], words[2:], " ".join(words[:2])
        if verb is Verb.MELD and rest and rest[0].lower() == "met":
            rest, said = rest[1:], " ".join(words[:3])
    elif first in DUTCH_VERBS:
        verb, rest, said = DUTCH_VERBS[first], words[1:], words[0]
        if verb is Verb.SWAP and not (rest and rest[0].isdigit()):
            verb = Verb.GIVE  # "ruil 5h": a duplicate card; "ruil 1 5h": the joker
    else:
        return text, words[0]
    return " ".join((verb.value, *rest)), said


def card_typed(card: Card, lang: str) -> str:
    """A card as a person types it in ``lang``: the notation's letters (``Qh``, ``*7h``),
    in Dutch the players' own (``Vh``, ``10r``, ``*Hk``); ``read_cards`` reads both."""
    text = str(card)
    if lang != "nl":
        return text
    joker, body = ("*", text[1:]) if text.startswith("*") else ("", text)
    if not body:
        return joker
    rank, suit = body[:-1], body[-1]
    return joker + _TYPED_RANK.get(rank, rank) + _TYPED_SUIT.get(suit, suit)


def cards_typed(cards: Sequence[Card], lang: str) -> str:
    """Cards as typed in ``lang``, with spaces (``card_typed``)."""
    return " ".join(card_typed(c, lang) for c in cards)


def read_cards(text: str) -> tuple[Card, ...]:
    """Typed cards, Dutch letters allowed; NotationError names one that is not a card."""
    return typed_cards(text)


def read_typed(text: str) -> Action | tuple[Card, ...]:
    """A typed line: a move when it starts with a verb (Dutch or the notation's), else the
    cards to select. NotationError, with ``text(lang)``, for a card or a move it cannot
    read."""
    text, said = english(text)
    words = text.split(None, 1)
    if not words or words[0].lower() not in {v.value for v in Verb}:
        return read_cards(text)
    tokens = _TOKEN.findall(words[1]) if len(words) > 1 else []
    numbered = words[0].lower() in (Verb.LAY.value, Verb.SWAP.value)
    for token in tokens[1:] if numbered else tokens:
        typed_card(token)  # a card the notation would refuse is named as typed
    rest = _TOKEN.sub(lambda m: typed_notation(m.group(0)), words[1]) if len(words) > 1 else ""
    try:
        return Action.parse(f"{words[0]} {rest}".strip())
    except NotationError as exc:
        if "word" in exc.params:  # named as typed: "na "leg aan" komt eerst het nummer ..."
            raise NotationError(exc.key, **{**exc.params, "word": said}) from None
        raise
