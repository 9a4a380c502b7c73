"""Unguessable tokens: 128+ bits from ``secrets``, stored only as hashes, compared in
constant time, so neither the database nor a timing attack gives a seat away."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_id() -> str:
    """A room's public id (in its links beside the token; not a secret by itself)."""
    return secrets.token_hex(8)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str | None, stored: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored`` (constant time)."""
    if not token or not stored:
        return False
    return hmac.compare_digest(digest(token), stored)
