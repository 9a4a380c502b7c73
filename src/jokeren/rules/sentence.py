"""The base of every error about what a user gave (a bad file, record, house rule or store
address): a key of the catalogue and values, worded in the reader's language when read.

``Sentence(KEY, **values)`` is worded by the catalogue's ``error_KEY``
(src/jokeren/words/messages.json, docs/words.md); a value that is itself an error (a
refusal, another ``Sentence``) is worded in the same language. ``str()`` is English.

Not compiled (hatch_build.py's ``COMPILED`` leaves it out on purpose): the interpreted
modules subclass it (``RulesError``, ``RecordError``, ``StoreError``), and mypyc makes a
class of a compiled module a native class that an interpreted class cannot inherit from
(tests/test_compiled_split.py). Nothing here is on a hot path.
"""

from __future__ import annotations

from ..support.messages import word
from .reasons import text_of


class Sentence(ValueError):
    """An error of what a user gave, as a key and values; ``str()`` is English,
    ``text(lang)`` either language."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``; a nested error in the same language (in English as its
        ``str()``: a refusal quotes cards in notation there, as the replay's JSON does)."""
        lang = "nl" if str(getattr(lang, "value", lang)) == "nl" else "en"
        return word(f"error_{self.key}", lang,
                    **{k: _worded(v, lang) for k, v in self.params.items()})

    def at(self, where: str) -> Sentence:
        """This error said of ``where`` (a file, a key of a file): ``where: sentence``."""
        return type(self)("at", where=where, error=self)


def _worded(value: object, lang: str) -> object:
    """A value of a sentence in ``lang``: an error (or anything with ``text(lang)``) worded,
    anything else as it is."""
    if isinstance(value, BaseException):
        return text_of(value, lang) if lang == "nl" else str(value)
    text = getattr(value, "text", None)
    return text(lang) if callable(text) else value
