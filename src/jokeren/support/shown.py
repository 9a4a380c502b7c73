"""Text from outside (a record's names, a file's name) as a terminal may print it: every
character that is not shown as itself (control characters such as an escape sequence,
format characters such as the right-to-left override, lone surrogates, private and
unassigned code points) written as its ``\\uXXXX`` escape, so that it is seen, not obeyed."""

from __future__ import annotations

import unicodedata

HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn"}
KEPT = {"\n", "\t"}


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that is not shown as itself, as ``U+XXXX`` (a new
    line and a tab too: a name is one line)."""
    for ch in text:
        if unicodedata.category(ch) in HIDDEN:
            return f"U+{ord(ch):04X}"
    return None


def shown(text: str) -> str:
    """``text`` with every hidden character escaped (new lines and tabs kept)."""
    if text.isprintable():  # the common case: nothing to do
        return text
    return "".join(ch if ch in KEPT or unicodedata.category(ch) not in HIDDEN
                   else f"\\u{ord(ch):04x}" for ch in text)
