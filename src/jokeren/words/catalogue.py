"""Dutch and English: one catalogue (messages.json) for every screen, Python or browser.

``t(key, lang, **values)`` words a key; the mechanism (plural forms by Babel's rule of the
language, ``KEY_you`` for the player who acts, numbers and money by Babel) lives in
``jokeren.support.messages`` so that the rules' refusals, below this layer, word themselves
through the same function; its docstring and docs/words.md describe the format.
"""

from __future__ import annotations

import os
from enum import StrEnum

from ..support.messages import catalogue, money, number, plural_form, word

__all__ = ["Lang", "catalogue", "detect_lang", "money", "number", "plural_form", "t"]


class Lang(StrEnum):
    nl = "nl"
    en = "en"


def detect_lang() -> Lang:
    """Dutch where the locale is Dutch (LC_ALL, LC_MESSAGES, LANG), else English."""
    for var in ("JOKEREN_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return Lang.nl if value.lower().startswith("nl") else Lang.en
    return Lang.en


def t(key: str, lang: object = "en", /, you: object = False, **values: object) -> str:
    """The message ``key`` in ``lang`` with its ``{name}`` fields filled in: the one function
    every screen words a key through (``support.messages.word``, where the format is
    described: plural forms by the field ``n``, ``KEY_you`` for the player who acts,
    numbers and money by Babel)."""
    return word(key, lang, you, **values)
