"""Display names and other text people send: what is refused, and when two names are too
alike to sit at one table.

A name is refused if it holds a character that is not shown as itself: control characters
(NUL, an escape sequence), format characters (zero-width joiners and spaces, the
right-to-left override), lone surrogates, private-use and unassigned code points. A name
that looks like another seat's name is refused at that table: both are brought to a
*skeleton* (NFKC, the look-alike letters of Cyrillic and Greek and a few digits mapped to
the Latin letter they resemble, accents dropped, case folded) and compared.

The mapping is a documented minimal one, not Unicode's whole confusables table (UTS #39):
it covers the letters a Latin name is faked with. A name written entirely in another
script still sits beside a Latin one unless the two skeletons meet.
"""

from __future__ import annotations

import unicodedata

from .errors import ApiError

MOST = 24  # characters in a name
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn"}

# Look-alikes of Latin letters (UTS #39's prototypes for these letters); the left side is
# matched after NFKC, before case is folded, so capitals map to capitals.
_LOOKALIKES = {
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q",
    "Ԝ": "W", "Ү": "Y", "Һ": "h", "Ӏ": "l",
    "а": "a", "в": "B", "е": "e", "к": "k", "м": "M", "н": "H", "о": "o", "р": "p",
    "с": "c", "т": "T", "х": "x", "у": "y", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ү": "y", "һ": "h", "ӏ": "l", "ѵ": "v", "ɡ": "g",
    # Greek capitals and small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "τ": "t", "υ": "u",
    "χ": "x", "γ": "y",
    # the letters and digits a plain keyboard confuses
    "I": "l", "1": "l", "|": "l", "0": "O",
}
_TABLE = str.maketrans(_LOOKALIKES)


def odd_character(text: str) -> str | None:
    """The first character of ``text`` that is not shown as itself (as ``U+XXXX``)."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return f"U+{ord(ch):04X}"
    return None


def check_text(text: str, message: str = "api_odd_character_name") -> str:
    """``text`` if it holds no odd character; else ApiError 422 with the catalogue's
    ``api_MESSAGE`` (naming the field)."""
    odd = odd_character(text)
    if odd is not None:
        raise ApiError(422, "odd_character", message, character=odd)
    return text


def check_name(name: str) -> str:
    """The name as it will be shown (spaces collapsed, NFC), or ApiError 422."""
    check_text(name)
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not 1 <= len(name) <= MOST or ":" in name:
        raise ApiError(422, "name", most=MOST)
    return name


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with one skeleton are told apart by nobody."""
    text = unicodedata.normalize("NFKC", name).translate(_TABLE)
    text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if unicodedata.category(ch) != "Mn")
    return unicodedata.normalize("NFKC", text.casefold()).translate(_TABLE).casefold()


def check_unlike(name: str, others: list[str]) -> None:
    """ApiError 409 if ``name`` looks like one of ``others`` (the names at the table)."""
    mine = skeleton(name)
    for other in others:
        if skeleton(other) == mine:
            if other.casefold() == name.casefold():
                raise ApiError(409, "name_taken", name=name)
            raise ApiError(409, "name_alike", other=other)
