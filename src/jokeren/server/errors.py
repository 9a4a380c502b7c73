"""A refusal of the HTTP API: a status, a key and one sentence in Dutch and English.

The sentence is the catalogue's ``api_KEY`` (or another key of the catalogue, ``message``,
where one key on the wire has several sentences), worded through ``words.catalogue`` with
the refusal's values (docs/words.md); on the wire ``{"key", "params", "text": {"en", "nl"}}``
(docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from ..words.catalogue import t

LANGS = ("en", "nl")


def worded(value: object, lang: str) -> object:
    """A value of a sentence in ``lang``: anything that words itself (a refusal, an error of
    what a user gave) through its ``text(lang)``, anything else as it is."""
    text = getattr(value, "text", None)
    return text(lang) if callable(text) else value


def sentence(key: str, **params: object) -> dict[str, str]:
    """The catalogue's ``key`` in both languages, its values worded in each."""
    return {lang: t(key, lang, **{k: worded(v, lang) for k, v in params.items()})
            for lang in LANGS}


def _plain(params: dict[str, object]) -> dict[str, Any]:
    """The values a client may read on the wire: numbers and texts."""
    return {k: v for k, v in params.items() if isinstance(v, bool | int | float | str)}


def refusal(key: str, message: str | None = None, **params: Any) -> dict[str, Any]:
    """A refusal's body: its key, plain values and sentence (the catalogue's ``message``,
    else ``api_KEY``)."""
    return {"key": key, "params": _plain(params),
            "text": sentence(message or f"api_{key}", **params)}


class ApiError(Exception):
    def __init__(self, status: int, key: str, /, message: str | None = None,
                 headers: dict[str, str] | None = None, **params: Any) -> None:
        self.status, self.key, self.params = status, key, params
        self.message = message or f"api_{key}"
        self.headers = headers  # e.g. a 429's Retry-After
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return sentence(self.message, **self.params)[lang]

    def body(self) -> dict[str, object]:
        """The shape of a refusal on the wire (docs/protocol.md)."""
        return refusal(self.key, self.message, **self.params)


def not_found() -> ApiError:
    return ApiError(404, "no_room")


def forbidden() -> ApiError:
    return ApiError(403, "bad_token")


# The store failed (a full or read-only disk, a database gone): a 503, what was asked not done.
STORE_FAILED = ApiError(503, "store")
