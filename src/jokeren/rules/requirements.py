"""What a round asks of a player's first melds (the coming-out requirement).

Grammar (docs/notation.md ``schedule``): ``"set 3"``, ``"run 4"``, ``"set 3 | run 3"`` (either),
``"set 3 + run 3"`` (both, as separate melds), ``"points 40"``, ``"all"`` (the whole hand in
one turn), ``"none"``. A number is a minimum (docs/rules.md, "Definitions").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
            if not (number.isascii() and number.isdigit()) or int(number) <= 0:
                raise Sentence(f"requirement {text!r}: write 'points N' with N a positive number",
                               f"eis {text!r}: schrijf 'points N' met N een getal boven 0")
            return cls(f"points {int(number)}", points=int(number))
        alternatives = []
        for alt in words.split("|"):
            parts: list[tuple[Kind, int]] = []
            for part in alt.split("+"):
                bits = part.split()
                if (len(bits) != 2 or bits[0] not in ("set", "run")
                        or not (bits[1].isascii() and bits[1].isdigit())):
                    raise Sentence(
                        f"requirement {text!r}: use 'set N', 'run N', 'A | B', 'A + B', "
                        "'points N', 'all' or 'none'",
                        f"eis {text!r}: schrijf 'set N', 'run N', 'A | B' (een van beide), "
                        "'A + B' (allebei), 'points N', 'all' (alles in één keer) of 'none'")
                size = int(bits[1])
                if size < MIN_MELD:
                    raise Sentence(f"requirement {text!r}: a meld has at least 3 cards",
                                   f"eis {text!r}: een combinatie heeft minstens 3 kaarten")
                kind: Kind = "set" if bits[0] == "set" else "run"
                parts.append((kind, size))
            alternatives.append(tuple(parts))
        canon = " | ".join(" + ".join(f"{k} {n}" for k, n in alt) for alt in alternatives)
        return cls(canon, alternatives=tuple(alternatives))

    def describe(self, lang: str = "en") -> str:
        """The requirement in words, for players: ``een set van 3 en een rij van 3``."""
        nl = str(getattr(lang, "value", lang)) == "nl"
        if self.all_at_once:
            return "alles in één keer op tafel" if nl else "everything at once"
        if self.none:
            return "geen eis" if nl else "no requirement"
        if self.points:
            return f"minstens {self.points} punten" if nl else f"at least {self.points} points"
        names = {
            ("set", True): "een set van {n}", ("run", True): "een rij van {n}",
            ("set", False): "a set of {n}", ("run", False): "a run of {n}",
        }
        alts = [
            (" en " if nl else " and ").join(names[(k, nl)].format(n=n) for k, n in alt)
            for alt in self.alternatives
        ]
        return (" of " if nl else " or ").join(alts)
