"""The variants of 004 that change the game, as presets on top of ``jokeren-30`` (their
keys in words: ``words/rules.py``).

004, "Veelvoorkomende varianten": Mexicaans Jokeren (first melds at least 51 points),
Jokeren op Rummikub-stijl (rearrange the table), Contract Jokeren (a contract per round),
Turbo Jokeren (up to 3 stock cards a turn while you cannot meld), Open Jokeren (open hands).
Each is a preset plus keys, never a subclass (STYLE.md); where 004 is silent the choice is
written here and in docs/variants.md.
"""

from __future__ import annotations

from dataclasses import fields, replace

from .house import PRESETS, Rules, register
from .presets import JOKEREN_30
from .requirements import Requirement

_FAMILY_NL = ("Verder als Jokeren in de familie (004): 2-4 spelers, 2 spellen, 4 jokers, 13 "
              "kaarten, een open kaart; wie 250 strafpunten bereikt valt af.")
_FAMILY_EN = ("Otherwise as Jokeren in the family (004): 2-4 players, 2 packs, 4 jokers, 13 "
              "cards, an upcard; reaching 250 penalty points eliminates.")

MEXICAANS = replace(
    JOKEREN_30,
    preset="mexicaans",
    players=(2, 4),
    schedule=(Requirement.parse("points 51"),),
    description_nl=("Mexicaans Jokeren (004). Je eerste combinaties van de ronde tellen samen "
                    "minstens 51 punten in plaats van 30. " + _FAMILY_NL),
    description_en=("Mexican Jokeren (004). Your first melds of the round total at least 51 "
                    "points instead of 30. " + _FAMILY_EN),
)

CONTRACT = replace(
    JOKEREN_30,
    preset="contract",
    players=(2, 4),
    schedule=tuple(Requirement.parse(t) for t in ("set 3 + set 3", "set 3 + run 3",
                                                   "run 3 + run 3")),
    rounds=3, eliminate_at=None,  # a match is the three contracts; the lowest total wins
    act_before_out=False,  # "Spelers mogen niet melden totdat ze het contract in handen hebben"
    description_nl=("Contract Jokeren (004). Elke ronde een vast contract: ronde 1 twee sets, "
                    "ronde 2 een set en een rij, ronde 3 twee rijen (elk minstens 3 kaarten). "
                    "Je legt pas iets op tafel of aan als je het contract in één keer op "
                    "tafel legt. Na 3 "
                    "rondes wint het laagste totaal. Verder als Jokeren in de familie (004)."),
    description_en=("Contract Jokeren (004). Each round has a fixed contract: round 1 two "
                    "sets, round 2 a set and a run, round 3 two runs (3 cards or more each). "
                    "You meld or lay off only once you have laid the contract in one go. "
                    "After 3 rounds the lowest total wins. Otherwise as Jokeren in the family "
                    "(004)."),
)

TURBO = replace(
    JOKEREN_30,
    preset="turbo",
    players=(2, 4),
    turbo=True,
    description_nl=("Turbo Jokeren (004). Zolang je geen combinatie op tafel kunt leggen mag "
                    "je in je beurt "
                    "opnieuw van de stok trekken, tot 3 kaarten per beurt. " + _FAMILY_NL),
    description_en=("Turbo Jokeren (004). While you cannot meld you may draw again from the "
                    "stock, up to 3 cards a turn. " + _FAMILY_EN),
)

RUMMIKUB = replace(
    JOKEREN_30,
    preset="rummikub",
    players=(2, 4),
    rearrange=True,
    description_nl=("Jokeren op Rummikub-stijl (004). Je mag de combinaties op tafel "
                    "herschikken (rijen splitsen, sets hergroeperen) met kaarten uit je hand, "
                    "zolang elke combinatie geldig blijft en elke tafelkaart op tafel blijft; "
                    "jokers mogen verhuizen en iets anders voorstellen. " + _FAMILY_NL),
    description_en=("Rummikub-style Jokeren (004). You may rearrange the melds on the table "
                    "(split runs, regroup sets) with cards from your hand, as long as every "
                    "meld stays valid and every table card stays on the table; jokers may "
                    "move and stand for another card. " + _FAMILY_EN),
)

OPEN = replace(
    JOKEREN_30,
    preset="open",
    players=(2, 4),
    open_hands=True,
    description_nl=("Open Jokeren (004), om te leren: iedereen speelt met open kaarten. "
                    + _FAMILY_NL),
    description_en=("Open Jokeren (004), for learning: everyone plays with open hands. "
                    + _FAMILY_EN),
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
            if f.name not in ("preset", "description_nl", "description_en")
            and getattr(rules, f.name) != getattr(base, f.name)]


__all__ = ["CONTRACT", "MEXICAANS", "OPEN", "RUMMIKUB", "TURBO", "VARIANTS", "changed_keys"]
