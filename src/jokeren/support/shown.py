"""Text from outside (a record's names, a file's name) as a terminal may print it: every
character that is not shown as itself (control characters such as an escape sequence,
format characters such as the right-to-left override, lone surrogates, private and
unassigned code points) written as its ``\\uXXXX`` escape, so that it is seen, not obeyed."""

from __future__ import annotations

import unicodedata

HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn"}
KEPT = {"\n", "\t"}


def shown(text: str) -> str:
    """``text`` with every hidden character escaped (new lines and tabs kept)."""
    if text.isprintable():  # the common case: nothing to do
        return text
    return "".join(ch if ch in KEPT or unicodedata.category(ch) not in HIDDEN
                   else f"\\u{ord(ch):04x}" for ch in text)
