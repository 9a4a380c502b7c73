"""The presets: one per source text (docs/rules.md, "Options in each source text").

Where a text is silent the core default stands; where docs/rules.md leaves a choice open, the
choice is written next to the key and in docs/rules.md.
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
    description_nl=(
        "Amerikaans Jokeren (000, 2010). 6 rondes: drie dezelfde, de drie-kaart, vier-kaart, "
        "vijf-kaart, zes-kaart, in één keer uit. 2-4 spelers 2 spellen en 4 jokers; 5-6: 3 "
        "spellen en 6 jokers; 7-12: 3 spellen en 9 jokers. Bij 3+ spelers een open kaart en "
        "kopen (\"te koop\": de kaart plus 1 van de stok). Dubbele kaarten ruilen na het delen "
        "(2 spellen). Uitkomen alleen met de eis van de ronde, behalve in één keer uit. Een set "
        "heeft geen dubbele kaart, behalve in ronde 1. Nooit twee jokers naast elkaar; een "
        "ingepikte joker meteen weer gebruiken. Uitgaan door af te leggen. Strafpunten: 2-9 = 5, "
        "10/B/V/H = 10, aas = 15, joker = 20."),
    description_en=(
        "Amerikaans Jokeren (000, 2010). 6 rounds: a set of three, a run of 3, run of 4, run "
        "of 5, run of 6, all at once. 2-4 players 2 packs and 4 jokers; 5-6: 3 packs and 6 "
        "jokers; 7-12: 3 packs and 9 jokers. With 3+ players an upcard and buying (\"te koop\": "
        "the discard plus 1 stock card). Duplicate cards may be exchanged after the deal (2 "
        "packs). Come out with only the round's requirement, unless going out at once. No "
        "card twice in a set except in round 1. Never two jokers side by side; a swapped "
        "joker must be used at once. Go out by discarding. Penalties: 2-9 = 5, 10/J/Q/K = 10, "
        "ace = 15, joker = 20."),
)

AMERIKAANS_40 = replace(
    CORE,
    preset="amerikaans-40",
    upcard=True, upcard_offer=True,
    schedule=_schedule("set 3", "run 3", "points 40", "run 4", "run 5", "all"), rounds=6,
    freed_joker="new-meld",  # "meteen weer inzetten voor een nieuwe sequentie of set"
    set_max=None,
    penalty=penalty_table(None, None, 10, 11, 25, joker_before_out=10),
    description_nl=(
        "Amerikaans Jokeren (001, 2014). 2-4 spelers, 2 spellen, 4 jokers, 13 kaarten. Eerst "
        "een ronde om de open kaart: wie wil mag hem ruilen tegen een handkaart. 6 rondes: "
        "set van 3, rij van 3, 40 punten, rij van 4, rij van 5, in één keer uit; in de beurt "
        "van uitkomen alleen die combinatie. Een geruilde joker meteen in een nieuwe set of "
        "rij op tafel leggen. "
        "Strafpunten: 2-10 de waarde, B/V/H 10, aas 11, joker 25 (10 als je nog niet bent "
        "uitgekomen)."),
    description_en=(
        "Amerikaans Jokeren (001, 2014). 2-4 players, 2 packs, 4 jokers, 13 cards. First an "
        "offer round for the upcard: a player may exchange it for a hand card. 6 rounds: set "
        "of 3, run of 3, 40 points, run of 4, run of 5, all at once; the coming-out turn lays "
        "only that requirement. A swapped joker must go into a new set or run at once. "
        "Penalties: 2-10 "
        "face value, J/Q/K 10, ace 11, joker 25 (10 if you have not come out)."),
)

JOKEREN_13 = replace(
    CORE,
    preset="jokeren-13",
    schedule=_schedule("set 3 | run 3", "points 40", "set 4 | run 4", "set 5 | run 5", "all"),
    rounds=5,
    set_max=None,  # docs/rules.md: sets are 3-4, but the "set of 5" round needs 5+
    going_out="discard-or-meld",
    penalty=penalty_table(None, None, 10, 11, 25),
    description_nl=(
        "Jokeren 13 (002). 2-4 spelers, 2 spellen, 4 jokers, 13 kaarten, een open kaart. 5 "
        "rondes: set of rij van 3, 40 punten, set of rij van 4, set of rij van 5, in één "
        "keer uit. Eerst uitkomen, daarna pas aanleggen en jokers ruilen; de vrijgekomen "
        "joker meteen gebruiken. Uitgaan door af te leggen of door je laatste kaart uit te "
        "leggen. Strafpunten: 2-10 de waarde, B/V/H 10, aas 11, joker 25."),
    description_en=(
        "Jokeren 13 (002). 2-4 players, 2 packs, 4 jokers, 13 cards, an upcard. 5 rounds: "
        "set or run of 3, 40 points, set or run of 4, set or run of 5, all at once. Come out "
        "before laying off or swapping jokers; a freed joker is used at once. Go out by "
        "discarding or by melding your last card. Penalties: 2-10 face value, J/Q/K 10, "
        "ace 11, joker 25."),
)

JOKEREN_7 = replace(
    JOKEREN_13,
    preset="jokeren-7",
    packs=1, jokers=2, hand_size=7, act_before_out=True,
    description_nl=(
        "Jokeren 7 (002). Als Jokeren 13, maar met 7 kaarten, één spel met 2 jokers, en "
        "aanleggen en jokers ruilen mag ook voordat je bent uitgekomen."),
    description_en=(
        "Jokeren 7 (002). As Jokeren 13, but with 7 cards, one pack with 2 jokers, and laying "
        "off and swapping jokers allowed before coming out."),
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
    description_nl=(
        "Jokeren, clubregels (003). 3 of 4 spelers aan een tafel, 2 spellen, 4 jokers, 13 "
        "kaarten, geen open kaart. Uitkomen met minstens 40 punten (aas 1 of 11, joker telt "
        "als de kaart die hij voorstelt), pas nadat iedereen één beurt heeft gehad. De "
        "aflegkaart pakken mag alleen als je hem meteen gebruikt. Een set heeft verschillende "
        "kleuren; tussen twee jokers liggen minstens 2 kaarten. 4 partijen per tafel. "
        "Strafpunten: aas 1, B/V/H 10, joker 50, 2-10 de waarde."),
    description_en=(
        "Jokeren, club rules (003). 3 or 4 players a table, 2 packs, 4 jokers, 13 cards, no "
        "upcard. Come out with at least 40 points (ace 1 or 11, a joker counts as its card), "
        "only after every player had one turn. Take the discard only to use it at once. A "
        "set has different suits; at least 2 cards between two jokers. 4 games a table. "
        "Penalties: ace 1, J/Q/K 10, joker 50, 2-10 face value."),
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
    description_nl=(
        "Jokeren in de familie (004). 2-4 spelers, 2 spellen, 4 jokers, 13 kaarten, een open "
        "kaart. De eerste combinatie telt minstens 30 punten (toernooiregel). Sets van 3 of 4, "
        "twee gelijke kaarten mogen. Een joker ruilen mag; hij gaat naar je hand. Een "
        "joker afleggen mag niet. Uitgaan door af te leggen of uit te leggen. Strafpunten: "
        "2-9 de waarde, 10/B/V/H 10, aas 15, joker 25. Wie 250 punten bereikt valt af; de "
        "laatste die overblijft wint."),
    description_en=(
        "Jokeren in the family (004). 2-4 players, 2 packs, 4 jokers, 13 cards, an upcard. "
        "First melds total at least 30 points (tournament rule). Sets of 3 or 4, the same "
        "card twice is fine. A joker may be taken back; it goes to your hand. A joker may "
        "not be discarded. Go out by discarding or melding. Penalties: 2-9 face value, "
        "10/J/Q/K 10, ace 15, joker 25. Reaching 250 points eliminates; the last player "
        "left wins."),
)

register(AMERIKAANS, ("amerikaans-jokeren", "default"))
register(AMERIKAANS_40)
register(JOKEREN_13, ("jokeren13",))
register(JOKEREN_7, ("jokeren7",))
register(JOKEREN, ("club",))
register(JOKEREN_30, ("jokeren30", "familie"))
