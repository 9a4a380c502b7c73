"""The terminal table's keys, in each language: a key is the first letter of the word the
player says, so that a Dutch player's "t" (trekken) draws and never takes the discard.

English: d draw, t take, b buy, e give, p pass, g group, m meld, l lay off, w swap, r
rearrange, x discard, h hint, o scores. Dutch: t trekken, a de aflegkaart pakken, k kopen, r
ruilen, p passen, z opzij, o op tafel, l aanleggen, j joker ruilen, h herschikken, x
afleggen, i tip, b scoreblad.
Both: ? help, s sort, c confirmation, q stop, : the move line. No two moves share a key in
one language (tests/test_tui.py), and the catalogue's sentences name a key by its field
(``{k_draw}``), never by its letter, so they follow this table.
"""

from __future__ import annotations

from typing import Any

from .catalogue import t

KEYS: dict[str, dict[str, str]] = {
    "draw": {"en": "d", "nl": "t"},  # trekken
    "take": {"en": "t", "nl": "a"},  # de aflegkaart pakken
    "buy": {"en": "b", "nl": "k"},  # kopen
    "give": {"en": "e", "nl": "r"},  # (een dubbele kaart) ruilen
    "pass": {"en": "p", "nl": "p"},  # passen
    "group": {"en": "g", "nl": "z"},  # opzij
    "meld": {"en": "m", "nl": "o"},  # op tafel
    "lay": {"en": "l", "nl": "l"},  # aanleggen
    "swap": {"en": "w", "nl": "j"},  # joker ruilen
    "rearrange": {"en": "r", "nl": "h"},  # herschikken (Jokeren zoals Rummikub)
    "discard": {"en": "x", "nl": "x"},  # afleggen: x in both, the one move that ends a turn
    "hint": {"en": "h", "nl": "i"},  # tip (t is trekken)
    "scores": {"en": "o", "nl": "b"},  # scoreblad
    "help": {"en": "?", "nl": "?"},
    "sort": {"en": "s", "nl": "s"},
    "confirm": {"en": "c", "nl": "c"},
    "quit": {"en": "q", "nl": "q"},
}


def key(name: str, lang: object) -> str:
    """The key of the move ``name`` in ``lang`` (English where the language has none)."""
    keys = KEYS[name]
    return keys.get(str(getattr(lang, "value", lang)), keys["en"])


def key_fields(lang: object) -> dict[str, str]:
    """Every key as a catalogue field: ``{"k_draw": "t", ...}`` in Dutch."""
    return {f"k_{name}": key(name, lang) for name in KEYS}


def keyed(message: str, lang: object, **values: object) -> str:
    """The catalogue's ``message`` in ``lang``, its key fields (``{k_draw}``) filled in."""
    fields: dict[str, Any] = {**key_fields(lang), **values}
    return t(message, lang, **fields)
