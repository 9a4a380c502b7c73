"""The presets: one per source text (docs/rules.md, "Options in each source text").

Where a text is silent the core default stands; where docs/rules.md leaves a choice open, the
choice is written next to the key and in docs/rules.md. Each preset's name and description
for players are the catalogue's ``preset_NAME`` keys (``words/rules.py``).
"""

from __future__ import annotations

from dataclasses import replace

from .house import Buying, Rules, penalty_table, register
from .requirements import Requirement


def _schedule(*texts: str) -> tuple[Requirement, ...]:
    return tuple(Requirement.parse(t) for t in texts)


CORE = Rules()

AMERIKAANS = replace(
    CORE,
    preset="amerikaans",
    # 000: "bij 6 tot 8 of meer spelers": 3 packs with 9 jokers (165 cards) deal 13 cards
    # to at most 12, the upcard and a stock of 8 left.
    packs="by-players", jokers="by-players", players=(2, 12),
    upcard="3+", duplicate_exchange=True,
    schedule=_schedule("set 3", "run 3", "run 4", "run 5", "run 6", "all"), rounds=6,
    set_distinct_suits="after-round-1", set_max=4,
    buying=Buying(extra=1, min_players=3),
    penalty=penalty_table(5, 10, 10, 15, 20),
)

AMERIKAANS_40 = replace(
    CORE,
    preset="amerikaans-40",
    upcard=True, upcard_offer=True,
    schedule=_schedule("set 3", "run 3", "points 40", "run 4", "run 5", "all"), rounds=6,
    freed_joker="new-meld",  # "meteen weer inzetten voor een nieuwe sequentie of set"
    set_max=None,
    penalty=penalty_table(None, None, 10, 11, 25, joker_before_out=10),
)

JOKEREN_13 = replace(
    CORE,
    preset="jokeren-13",
    schedule=_schedule("set 3 | run 3", "points 40", "set 4 | run 4", "set 5 | run 5", "all"),
    rounds=5,
    set_max=None,  # docs/rules.md: sets are 3-4, but the "set of 5" round needs 5+
    going_out="discard-or-meld",
    penalty=penalty_table(None, None, 10, 11, 25),
)

JOKEREN_7 = replace(
    JOKEREN_13,
    preset="jokeren-7",
    packs=1, jokers=2, hand_size=7, act_before_out=True,
)

JOKEREN = replace(
    CORE,
    preset="jokeren",
    players=(3, 4),
    upcard=False,
    schedule=_schedule("points 40"), rounds=4,  # a table plays 4 games per club round (003)
    opening_only_contract=False, wait_first_turn=True,
    set_distinct_suits=True, set_max=4, joker_gap=2,
    take_discard="if-used",
    penalty=penalty_table(None, None, 10, 1, 50),
)

JOKEREN_30 = replace(
    CORE,
    preset="jokeren-30",
    schedule=_schedule("points 30"),
    rounds=None, eliminate_at=250,  # 004: elimination is "the standard"; 250 = short match
    opening_only_contract=False, act_before_out=True,
    set_distinct_suits=False, set_max=4,
    freed_joker="hand", going_out="discard-or-meld", discard_joker=False,
    penalty=penalty_table(None, 10, 10, 15, 25),
)

register(AMERIKAANS, ("amerikaans-jokeren", "default"))
register(AMERIKAANS_40)
register(JOKEREN_13, ("jokeren13",))
register(JOKEREN_7, ("jokeren7",))
register(JOKEREN, ("club",))
register(JOKEREN_30, ("jokeren30", "familie"))
