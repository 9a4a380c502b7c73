"""The wire's schema: the ``TypedDict``s of every message of docs/protocol.md, and the JSON
Schema pydantic derives from them (``json_schema()``, ``validator()``; pydantic is loaded
only then). Apart from ``wire``, which writes and reads the messages, because ``wire`` is
compiled (mypyc) and pydantic reads only the interpreted ``TypedDict``s.
"""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import TypedDict  # pydantic reads these on Python 3.11

# --- the schema ------------------------------------------------------------------------


class MeldJSON(TypedDict):
    kind: Literal["set", "run"]
    cards: list[str]  # a joker says what it stands for: "*7h"
    start: int  # runs: the position of the first card (1 = low ace ... 14 = high ace)


class EventJSON(TypedDict):
    kind: str  # an EventKind value
    seat: int | None  # who acted (None: the table, e.g. the stock rebuilt)
    cards: list[str]  # the cards, when this seat may see them
    hidden: int  # how many cards are left out for this seat (a drawn card, a dealt hand)
    to: int | None  # a table meld number (from 1), or the seat an exchanged card went to
    melds: list[MeldJSON]
    audience: list[int]  # the seats that may see the cards; [] for everyone


class WordsJSON(TypedDict):
    en: str
    nl: str


class RequirementJSON(TypedDict):
    notation: str  # "set 3 + run 3"
    text: WordsJSON


class ResultJSON(TypedDict):
    winner: int | None
    penalties: list[int]
    requirement: str
    dealer: int
    hands_left: list[list[str]]  # shown at the end of the round, for the count
    all_at_once: bool


class ViewJSON(TypedDict):
    seat: int | None  # None: a spectator
    rules: str | dict[str, Any]  # a preset name, or {"preset": name, key: value, ...}
    players: list[str]
    round_index: int
    requirement: RequirementJSON
    dealer: int
    phase: str  # a Phase value
    turn: int
    to_act: int
    offer: list[int]
    hand: list[str]
    open_hands: list[list[str]] | None
    hand_sizes: list[int]
    known: list[list[str]]
    come_out: list[bool]
    table: list[MeldJSON]
    owners: list[int]
    discard_top: str | None
    discard_size: int
    stock_size: int
    turns_done: int
    drawn: list[str]
    pending: list[str]
    came_out_now: bool
    totals: list[int]
    results: list[ResultJSON]
    eliminated: list[int]
    pot: int
    winner: int | None
    discard_pile: list[str]
    rebuilds: int


class RefusalJSON(TypedDict):
    key: str
    params: dict[str, Any]  # values: numbers, words, cards in notation, nested refusals
    text: WordsJSON


class ClockJSON(TypedDict):
    """A clock that runs for the seat to act (the server's timers; null when none runs)."""

    seat: int
    kind: Literal["turn", "buy"]  # the turn timer, or the buying window
    left: float  # seconds left when the frame was sent
    seconds: float  # its whole length


# --- the schema as JSON Schema ---------------------------------------------------------

MESSAGES: dict[str, Any] = {"action": str, "event": EventJSON, "view": ViewJSON,
                            "refusal": RefusalJSON, "clock": ClockJSON}


def validator(kind: str) -> Any:
    """A pydantic ``TypeAdapter`` for ``kind`` (a key of ``MESSAGES``)."""
    from pydantic import TypeAdapter

    return TypeAdapter(MESSAGES[kind])


def json_schema() -> dict[str, Any]:
    """The JSON Schema of every message, by kind."""
    return {kind: validator(kind).json_schema() for kind in MESSAGES}
