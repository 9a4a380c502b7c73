"""A finished sentence in English and Dutch: the base of every error about what a user gave
(a bad file, record, house rule or store address).

Not compiled (hatch_build.py's ``COMPILED`` leaves it out on purpose): the interpreted
modules subclass it (``RulesError``, ``RecordError``, ``StoreError``), and mypyc makes a
class of a compiled module a native class that an interpreted class cannot inherit from
(tests/test_compiled_split.py). Nothing here is on a hot path.
"""

from __future__ import annotations


class Sentence(ValueError):
    """A finished sentence in English and Dutch (a bad file, record or house rule);
    ``str()`` is English, ``text(lang)`` either. Without Dutch, the English is shown."""

    def __init__(self, en: str, nl: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.nl = nl if nl is not None else en

    def text(self, lang: str = "en") -> str:
        return self.nl if str(getattr(lang, "value", lang)) == "nl" else self.en
