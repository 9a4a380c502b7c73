"""Actions and their notation (docs/notation.md, "Actions"): ``Action.parse(str(a)) == a``."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from ..rules.cards import Card, NotationError, format_cards, parse_cards


class Verb(StrEnum):
    DRAW = "draw"
    TAKE = "take"
    BUY = "buy"
    PASS = "pass"
    GIVE = "give"
    MELD = "meld"
    LAY = "lay"
    SWAP = "swap"
    TABLE = "table"
    DISCARD = "discard"
    DEAL = "deal"  # the next round (the wire; a record starts a new round entry instead)


_NO_ARGS = (Verb.DRAW, Verb.TAKE, Verb.BUY, Verb.PASS, Verb.DEAL)
_ONE_CARD = (Verb.GIVE, Verb.DISCARD)


class Action(NamedTuple):
    """One move, without the actor (the actor is a seat, given beside it).

    A named tuple rather than a dataclass: move listing builds thousands a second."""

    verb: Verb
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    target: int = 0  # table meld number (from 1) for lay and swap

    def __str__(self) -> str:
        v = self.verb.value
        if self.verb in _NO_ARGS:
            return v
        if self.verb in _ONE_CARD:
            return f"{v} {self.cards[0]}"
        if self.verb in (Verb.LAY, Verb.SWAP):
            return f"{v} {self.target} {format_cards(self.cards)}"
        return f"{v} " + " / ".join(format_cards(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def card(self) -> Card:
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.split(None, 1)
        if not words:
            raise NotationError("notation_empty_action")
        try:
            verb = Verb(words[0].lower())
        except ValueError:
            raise NotationError("notation_verb", word=words[0],
                                words=", ".join(f'"{v.value}"' for v in Verb)) from None
        rest = words[1].strip() if len(words) > 1 else ""
        if verb in _NO_ARGS:
            if rest:
                raise NotationError("notation_no_args", word=verb.value)
            return cls(verb)
        if not rest:  # "lay" alone: its meld number is missing first, then the cards
            raise NotationError("notation_meld_number" if verb in (Verb.LAY, Verb.SWAP)
                                else "notation_needs_cards", word=verb.value)
        if verb in _ONE_CARD:
            cards = parse_cards(rest)
            if len(cards) != 1:
                raise NotationError("notation_one_card", word=verb.value)
            return cls(verb, cards)
        if verb in (Verb.LAY, Verb.SWAP):
            number, _, card_text = rest.partition(" ")
            if (not (number.isascii() and number.isdigit()) or len(number) > 9
                    or int(number) < 1):  # (int() refuses thousands of digits)
                raise NotationError("notation_meld_number", word=verb.value)
            cards = parse_cards(card_text)
            if not cards:
                raise NotationError("notation_cards_after", word=verb.value)
            if verb is Verb.SWAP and len(cards) != 1:
                raise NotationError("notation_swap_one")
            return cls(verb, cards, target=int(number))
        groups = tuple(parse_cards(g) for g in rest.split("/"))
        if any(not g for g in groups):
            raise NotationError("notation_empty_meld", word=verb.value)
        return cls(verb, melds=groups)


DRAW = Action(Verb.DRAW)
TAKE = Action(Verb.TAKE)
BUY = Action(Verb.BUY)
PASS = Action(Verb.PASS)
DEAL = Action(Verb.DEAL)


_TUPLE_NEW: Final = tuple.__new__


def built(verb: Verb, cards: tuple[Card, ...] = (), melds: tuple[tuple[Card, ...], ...] = (),
          target: int = 0) -> Action:
    """``Action(verb, cards, melds, target)`` built by ``tuple.__new__``: compiled, a named
    tuple's own ``__new__`` runs interpreted (about 3,300 instructions; this about 2,100), and
    move listing builds thousands of actions a second."""
    return _TUPLE_NEW(Action, (verb, cards, melds, target))


def discard(card: Card) -> Action:
    return Action(Verb.DISCARD, (card,))


def give(card: Card) -> Action:
    return Action(Verb.GIVE, (card,))


def meld(*groups: tuple[Card, ...]) -> Action:
    return Action(Verb.MELD, melds=tuple(groups))


def lay(target: int, cards: tuple[Card, ...]) -> Action:
    return Action(Verb.LAY, cards, target=target)


def swap(target: int, card: Card) -> Action:
    return Action(Verb.SWAP, (card,), target=target)
