"""A refusal of the HTTP API: a status, a key and one sentence in Dutch and English."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, key: str, en: str, nl: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(en)
        self.status, self.key, self.en, self.nl = status, key, en, nl
        self.headers = headers  # e.g. a 429's Retry-After

    def body(self) -> dict[str, object]:
        """The shape of a refusal on the wire (docs/protocol.md)."""
        return {"key": self.key, "params": {}, "text": {"en": self.en, "nl": self.nl}}


def not_found() -> ApiError:
    return ApiError(404, "no_room", "no such room, or the link is wrong",
                    "die kamer bestaat niet, of de link klopt niet")


def forbidden() -> ApiError:
    return ApiError(403, "bad_token", "this link or token does not open that",
                    "deze link of code geeft daar geen toegang toe")


# The store failed (a full or read-only disk, a database gone): a 503, what was asked not done.
STORE_FAILED = ApiError(503, "store", "the server cannot store anything just now: try again "
                        "in a moment", "de server kan nu even niets opslaan: probeer het zo "
                        "opnieuw")
