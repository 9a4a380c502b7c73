"""The variants of 004 that change the game, as presets on top of ``jokeren-30`` (their
keys in words: ``words/rules.py``).

004, "Veelvoorkomende varianten": Mexicaans Jokeren (first melds at least 51 points),
Jokeren op Rummikub-stijl (rearrange the table), Contract Jokeren (a contract per round),
Turbo Jokeren (up to 3 stock cards a turn while you cannot meld), Open Jokeren (open hands).
Each is a preset plus keys, never a subclass (STYLE.md); where 004 is silent the choice is
written here and in docs/variants.md. Their names and descriptions are the catalogue's
``variant_*`` keys (``words/rules.py``).
"""

from __future__ import annotations

from dataclasses import fields, replace

from .house import PRESETS, Rules, register
from .presets import JOKEREN_30
from .requirements import Requirement

MEXICAANS = replace(
    JOKEREN_30,
    preset="mexicaans",
    players=(2, 4),
    schedule=(Requirement.parse("points 51"),),
)

CONTRACT = replace(
    JOKEREN_30,
    preset="contract",
    players=(2, 4),
    schedule=tuple(Requirement.parse(t) for t in ("set 3 + set 3", "set 3 + run 3",
                                                   "run 3 + run 3")),
    rounds=3, eliminate_at=None,  # a match is the three contracts; the lowest total wins
    act_before_out=False,  # "Spelers mogen niet melden totdat ze het contract in handen hebben"
)

TURBO = replace(
    JOKEREN_30,
    preset="turbo",
    players=(2, 4),
    turbo=True,
)

RUMMIKUB = replace(
    JOKEREN_30,
    preset="rummikub",
    players=(2, 4),
    rearrange=True,
)

OPEN = replace(
    JOKEREN_30,
    preset="open",
    players=(2, 4),
    open_hands=True,
)

VARIANTS = (MEXICAANS, CONTRACT, TURBO, RUMMIKUB, OPEN)
register(MEXICAANS, ("mexican", "mexicaans-jokeren"))
register(CONTRACT, ("contract-jokeren",))
register(TURBO, ("turbo-jokeren",))
register(RUMMIKUB, ("rummikub-stijl", "rummikub-style"))
register(OPEN, ("open-jokeren",))


def changed_keys(rules: Rules) -> list[str]:
    """The keys where ``rules`` differs from its preset, in the order of the fields."""
    base = PRESETS[rules.preset]
    return [f.name for f in fields(rules)
            if f.name != "preset"
            and getattr(rules, f.name) != getattr(base, f.name)]


__all__ = ["CONTRACT", "MEXICAANS", "OPEN", "RUMMIKUB", "TURBO", "VARIANTS", "changed_keys"]
