"""The engine's refusals: ``IllegalMoveError`` (a move the rules forbid now) and
``DealError`` (a deal the packs or the rules cannot make), each a ``Reason`` that words itself.
"""

from __future__ import annotations

from ..rules.reasons import Reason


class IllegalMoveError(Reason):
    """A well-formed action that the rules forbid now (``text(lang)`` words it)."""


class DealError(Reason):
    """A deal that the packs cannot make (too many copies of a card, too few cards)."""


def illegal(key: str, **params: object) -> IllegalMoveError:
    return IllegalMoveError(key, **params)


__all__ = ["DealError", "IllegalMoveError", "illegal"]
