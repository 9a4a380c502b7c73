"""Dutch and English: one catalogue (messages.json) for every screen, Python or browser."""

from __future__ import annotations

import json
import os
from enum import StrEnum
from functools import cache
from importlib import resources


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


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every message by key, in each language (read once; the browser gets it whole)."""
    text = resources.files("jokeren.words").joinpath("messages.json").read_text(encoding="utf-8")
    data: dict[str, dict[str, str]] = json.loads(text)
    return data


def t(key: str, lang: str = "en", **values: object) -> str:
    """The message ``key`` in ``lang``, with ``{name}`` fields filled in. With ``n=1`` the
    key ``KEY_one`` is used where it exists (``1 kaart``, ``2 kaarten``)."""
    if values.get("n") == 1 and f"{key}_one" in catalogue():
        key = f"{key}_one"
    entry = catalogue().get(key)
    if entry is None:
        return key
    text = entry.get(str(getattr(lang, "value", lang)), entry["en"])
    return text.format(**values) if values else text
