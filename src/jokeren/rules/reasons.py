"""Why a move is refused: a key and values, worded in a player's language when read.

Rules errors carry a key and values, not a finished sentence, so every screen can word them
in the player's language and person; ``str()`` is the English third person (the replay's
JSON quotes it). The words are the catalogue's (src/jokeren/words/messages.json, docs/words.md):
``Reason(KEY)`` is worded by ``refuse_KEY`` (``refuse_KEY_you`` to the player who acts), its
verbs, ranks and suits by ``refuse_verb_*``, ``refuse_ranks_*``, ``refuse_suit_*``.
"""

from __future__ import annotations

from typing import Any

from ..support.messages import catalogue, preset_words, word


class Reason(ValueError):
    """A refusal with a key and values; ``str()`` is English, ``text(lang)`` any language."""

    def __init__(self, key: str, **params: Any) -> None:
        # An unknown key is taken as a finished English sentence (older callers).
        self.key = key
        self.params = params
        super().__init__(key)  # worded only when read: move listing refuses many actions

    def __str__(self) -> str:
        return self.text("en", notation=True)

    def text(self, lang: str = "en", notation: bool = False, you: bool = False) -> str:
        """The sentence in ``lang``: cards as players read them (``V♥``, ``Q♥``), or in
        notation (``Qh``) for the replay's JSON, which quotes the record; to the player who
        acts (``you``) in the second person where the catalogue has it."""
        lang = str(getattr(lang, "value", lang))
        values = {k: _verb(v, lang) if k == "verb"
                  else preset_words(v, lang) if k == "preset"
                  else _word(v, lang, notation, you)
                  for k, v in self.params.items()}
        key = f"refuse_{self.key}"
        if key not in catalogue():
            return self.key.format(**values)
        return word(key, lang, you=you, **values)


def _verb(verb: object, lang: str) -> str:
    """A verb of the notation as a player says it ("discard" is "afleggen")."""
    key = f"refuse_verb_{verb}"
    return word(key, lang) if key in catalogue() else str(verb)


def _is_card(value: object) -> bool:
    """Whether ``value`` is a card (``Card.symbol`` words it). Known by what it does, not by
    its class: cards.py imports this module (``NotationError``)."""
    return callable(getattr(value, "symbol", None))


def _word(value: Any, lang: str, notation: bool = False, you: bool = False) -> str:
    """A value as words in ``lang``: nested reasons, requirements, suits and ranks
    translated, cards as symbols (or notation)."""
    if isinstance(value, Reason):
        return value.text(lang, notation, you)
    if _is_card(value):
        return str(value) if notation else str(value.symbol(lang))
    cards = getattr(value, "cards", value)  # a meld is named by its cards
    if isinstance(cards, tuple | list) and cards and all(_is_card(c) for c in cards):
        return " ".join(_word(c, lang, notation) for c in cards)
    describe = getattr(value, "describe", None)
    if callable(describe):
        return str(describe(lang))
    if isinstance(value, Suit):
        return word(f"refuse_suit_{'shdc'[value.index]}", lang)
    if isinstance(value, Rank):
        return word(f"refuse_ranks_{value.rank}", lang)
    return str(value)


class Rank:
    """A rank to be named in the reader's language, in the plural (a set of queens)."""

    def __init__(self, rank: int) -> None:
        self.rank = rank


class Suit:
    """A suit to be named in the reader's language."""

    def __init__(self, index: int) -> None:
        self.index = index


class NotationError(Reason):
    """Text that is not valid notation (a syntax error, not a rules error); raised by
    ``cards`` and ``actions``, worded in the reader's language like a refusal."""


def text_of(error: BaseException, lang: str = "en", you: bool = False) -> str:
    """An error's message in ``lang`` when it knows how (a Reason, a ``sentence.Sentence``, an
    error of the catalogue with ``text(lang)``), else its English text; a refusal to the
    player who acts (``you``) in the second person."""
    text = getattr(error, "text", None)
    if not callable(text):
        return str(error)
    return str(text(lang, you=True)) if you and isinstance(error, Reason) else str(text(lang))
