"""What a round asks of a player's first melds (the coming-out requirement).

Grammar (docs/notation.md ``schedule``): ``"set 3"``, ``"run 4"``, ``"set 3 | run 3"`` (either),
``"set 3 + run 3"`` (both, as separate melds), ``"points 40"``, ``"all"`` (the whole hand in
one turn), ``"none"``. A number is a minimum (docs/rules.md, "Definitions").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..support.messages import catalogue, word
from .sentence import Sentence

Kind = Literal["set", "run"]
MIN_MELD = 3  # a meld has at least 3 cards


@dataclass(frozen=True, slots=True)
class Requirement:
    """One round's requirement: alternatives, each a tuple of melds needed together."""

    text: str
    alternatives: tuple[tuple[tuple[Kind, int], ...], ...] = ()
    points: int = 0
    all_at_once: bool = False

    @property
    def none(self) -> bool:
        return not self.alternatives and not self.points and not self.all_at_once

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Requirement:
        words = " ".join(str(text).split()).lower()
        if words == "all":
            return cls("all", all_at_once=True)
        if words == "none":
            return cls("none")
        if words.startswith("points"):
            number = words[len("points") :].strip()
            if (not (number.isascii() and number.isdigit()) or len(number) > 9
                    or int(number) <= 0):  # (int() refuses thousands of digits)
                raise Sentence("requirement_points", text=repr(text))
            return cls(f"points {int(number)}", points=int(number))
        alternatives = []
        for alt in words.split("|"):
            parts: list[tuple[Kind, int]] = []
            for part in alt.split("+"):
                bits = part.split()
                if (len(bits) != 2 or bits[0] not in ("set", "run")
                        or not (bits[1].isascii() and bits[1].isdigit()) or len(bits[1]) > 9):
                    raise Sentence("requirement_words", text=repr(text))
                size = int(bits[1])
                if size < MIN_MELD:
                    raise Sentence("requirement_min", text=repr(text), n=MIN_MELD)
                kind: Kind = "set" if bits[0] == "set" else "run"
                parts.append((kind, size))
            alternatives.append(tuple(parts))
        canon = " | ".join(" + ".join(f"{k} {n}" for k, n in alt) for alt in alternatives)
        return cls(canon, alternatives=tuple(alternatives))

    def describe(self, lang: str = "en") -> str:
        """The requirement in words, for players (the catalogue's ``rule_req_*``): ``drie
        dezelfde en een rij van drie``, ``a set of three and a run of three``."""
        if self.all_at_once:
            return word("rule_req_all", lang)
        if self.none:
            return word("rule_req_none", lang)
        if self.points:
            return word("rule_req_points", lang, n=self.points)
        alts = [_joined("rule_req_both", [word(f"rule_req_{kind}", lang, count=_count(n, lang))
                                          for kind, n in alt], lang)
                for alt in self.alternatives]
        return _joined("rule_req_either", alts, lang)


def _count(n: int, lang: str) -> str:
    """A meld's size as a word where the catalogue has one (``drie``), else the number."""
    key = f"rule_count_{n}"
    return word(key, lang) if key in catalogue() else str(n)


def _joined(key: str, items: list[str], lang: str) -> str:
    """``a, b en c`` (``and``) or ``a, b of c`` (``or``)."""
    if len(items) == 1:
        return items[0]
    return word(key, lang, first=", ".join(items[:-1]), second=items[-1])
