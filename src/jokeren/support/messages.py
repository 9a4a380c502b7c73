"""The one way a message is worded: a key of the catalogue, a language and values.

The catalogue is ``src/jokeren/words/messages.json`` (the words layer's file; read here by
its package name, so that every layer, the rules' refusals too, words through the same
function; nothing of the game is known here). Its format (docs/words.md):

- ``{"KEY": {"en": VALUE, "nl": VALUE}, ...}``: every key in both languages, with the same
  ``{name}`` fields in both (tests/test_catalogue.py).
- A VALUE is a text with ``{name}`` fields, or a plural: ``{"one": TEXT, "other": TEXT}``,
  the form chosen by the value of the field ``n`` through Babel's plural rule for the
  language (``babel.Locale.parse(lang).plural_form(n)``; the browser: ``Intl.PluralRules``).
  A plural has exactly the forms of its language's rule (Dutch and English: one, other).
- The person: ``KEY_you``, where the catalogue has it, is the sentence to the player who
  acts ("Je moet eerst uitkomen ..."); ``KEY`` is the third person ("Ann moet eerst ...").
  Who reads decides: ``word(KEY, lang, you=True)``.
- Fields: a text or a whole number as given (a deal number is never grouped); a fraction
  (float, Fraction, Decimal) by Babel (nl ``21,04``, en ``21.04``); ``{name:number}``
  grouped (nl ``1.250``); ``{name:money}`` an amount in cents as money (nl ``€ 5,61``,
  en ``€5.61``). ``{name!r}`` quotes what a user typed.

A key the catalogue lacks is returned as it is (a missing text shows, it does not crash).
"""

from __future__ import annotations

import json
import string
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

Value = str | dict[str, str]
Catalogue = dict[str, dict[str, Value]]


@cache
def catalogue() -> Catalogue:
    """Every message by key, in each language (read once; the browser gets it whole)."""
    text = resources.files("jokeren.words").joinpath("messages.json").read_text(encoding="utf-8")
    data: Catalogue = json.loads(text)
    return data


def _lang(lang: object) -> str:
    return "nl" if str(getattr(lang, "value", lang)) == "nl" else "en"


@cache
def _locale(lang: str) -> Any:
    from babel import Locale  # only when a plural or a number is worded

    return Locale.parse(lang)


def plural_form(lang: str, n: object) -> str:
    """The plural form (``one``, ``other``, ...) of the number ``n`` in ``lang``."""
    try:
        number = abs(Decimal(str(n)))
    except ArithmeticError:
        return "other"
    form: str = _locale(_lang(lang)).plural_form(number)
    return form


def number(value: object, lang: str, group: bool = True) -> str:
    """A number as the language writes it (nl ``21,04``, ``1.250``)."""
    from babel.numbers import format_decimal

    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    if not isinstance(value, int | float | Decimal):
        value = str(value)
    text: str = format_decimal(value, locale=_locale(_lang(lang)), group_separator=group)
    return text


def decimals(value: float, lang: str, places: int = 2) -> str:
    """A fraction with ``places`` decimals as the language writes it (nl ``8,75``, en
    ``8.75``), a half up; not grouped (a figure in a table)."""
    from babel.numbers import format_decimal

    exact = Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), "ROUND_HALF_UP")
    text: str = format_decimal(exact, format="0." + "0" * places,
                               locale=_locale(_lang(lang)), decimal_quantization=False)
    return text


def money(cents: int, lang: str) -> str:
    """An amount in cents as money (nl ``€ 5,61``, en ``€5.61``)."""
    from babel.numbers import format_currency

    text: str = format_currency(Decimal(cents) / 100, "EUR", locale=_locale(_lang(lang)))
    return text.replace("\xa0", " ")


class _Fields(string.Formatter):
    """``str.format`` with the catalogue's number and money fields."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "money":
            return money(int(value), self.lang)
        if format_spec == "number":
            return number(value, self.lang)
        if not format_spec and isinstance(value, float | Fraction | Decimal):
            return number(value, self.lang, group=False)
        return str(super().format_field(value, format_spec))


def preset_words(preset: object, lang: str) -> str:
    """A preset's or variant's id (``jokeren-7``) as players name it (Jokeren met 7
    kaarten), for a refusal that names the rules; an id without a name as it is."""
    key = str(preset).replace("-", "_")
    for name in (f"preset_{key}_name", f"variant_{key}_name"):
        if name in catalogue():
            return word(name, lang)
    return str(preset)


def fill(text: str, lang: object, values: dict[str, object]) -> str:
    """``text`` with its fields filled in as ``lang`` writes numbers and money."""
    return _Fields(_lang(lang)).vformat(text, (), values)


def fields(text: str) -> set[str]:
    """The names of the fields of ``text`` (``{name}``, ``{n:money}``, ``{text!r}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def word(key: str, lang: object = "en", /, you: object = False, **values: object) -> str:
    """The message ``key`` in ``lang`` with its fields filled in: the plural form for the
    field ``n``, the second person (``KEY_you``) when ``you`` and the catalogue has it
    (``you`` is no field; typed ``object`` so that any ``**values`` may be passed)."""
    messages = catalogue()
    if you and f"{key}_you" in messages:
        key = f"{key}_you"
    entry = messages.get(key)
    if entry is None:
        return key
    code = _lang(lang)
    text = entry.get(code, entry["en"])
    if isinstance(text, dict):
        text = text.get(plural_form(code, values.get("n", 0)), text["other"])
    return fill(text, code, values) if values else text
