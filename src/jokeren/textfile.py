"""Reading a file the user gave (house rules, game records): one sentence on failure."""

from __future__ import annotations

from pathlib import Path


def read_text(path: str | Path, error: type[ValueError]) -> str:
    """The file's UTF-8 text; ``error`` with one sentence if it cannot be read or is not
    text, so every command refuses a bad file the same way."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise error(f"{path} is not a text file") from None
