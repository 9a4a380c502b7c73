"""What a round asks of a player's first melds (the coming-out requirement).

Grammar (NOTATION.md ``schedule``): ``"set 3"``, ``"run 4"``, ``"set 3 | run 3"`` (either),
``"set 3 + run 3"`` (both, as separate melds), ``"points 40"``, ``"all"`` (the whole hand in
one turn), ``"none"``. A number is a minimum (RULES.md, "Definitions").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["set", "run"]


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
            if not number.isdigit() or int(number) <= 0:
                raise ValueError(f"requirement {text!r}: write 'points N' with N a positive number")
            return cls(f"points {int(number)}", points=int(number))
        alternatives = []
        for alt in words.split("|"):
            parts: list[tuple[Kind, int]] = []
            for part in alt.split("+"):
                bits = part.split()
                if len(bits) != 2 or bits[0] not in ("set", "run") or not bits[1].isdigit():
                    raise ValueError(
                        f"requirement {text!r}: use 'set N', 'run N', 'A | B', 'A + B', "
                        "'points N', 'all' or 'none'"
                    )
                size = int(bits[1])
                if size < 3:
                    raise ValueError(f"requirement {text!r}: a meld has at least 3 cards")
                kind: Kind = "set" if bits[0] == "set" else "run"
                parts.append((kind, size))
            alternatives.append(tuple(parts))
        canon = " | ".join(" + ".join(f"{k} {n}" for k, n in alt) for alt in alternatives)
        return cls(canon, alternatives=tuple(alternatives))

    def describe(self, lang: str = "en") -> str:
        """The requirement in words, for players."""
        nl = lang == "nl"
        if self.all_at_once:
            return "alles in één keer uit" if nl else "everything at once (go out in one turn)"
        if self.none:
            return "geen eis" if nl else "no requirement"
        if self.points:
            return f"minstens {self.points} punten" if nl else f"at least {self.points} points"
        names = {
            ("set", True): "set van {n}", ("run", True): "rij van {n}",
            ("set", False): "set of {n}", ("run", False): "run of {n}",
        }
        alts = [
            " + ".join(names[(k, nl)].format(n=n) for k, n in alt)
            for alt in self.alternatives
        ]
        return (" of " if nl else " or ").join(alts)
