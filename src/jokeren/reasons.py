"""Why a move is refused, in a player's words, in English and Dutch.

Rules errors carry a key and values, not a finished sentence, so every screen can word them
in the player's language; ``str()`` is the English sentence (used in replay output). The
templates live here, inside the engine's package, so the engine needs no file to speak.
"""

from __future__ import annotations

from typing import Any

SUIT_NAMES = {"en": ("spades", "hearts", "diamonds", "clubs"),
              "nl": ("schoppen", "harten", "ruiten", "klaveren")}

TEMPLATES: dict[str, tuple[str, str]] = {
    # key: (English, Dutch)
    "match_over": ("the match is over", "het potje is afgelopen"),
    # the table (table.py): a move made on an older position, or from no seat
    "stale_version": ("the table has moved on (you saw position {version}, it is now at "
                      "{current})",
                      "er is intussen gespeeld (je zag stand {version}, het is nu stand "
                      "{current})"),
    "no_seat": ("there is no seat {seat} at this table", "er is geen plaats {seat} aan tafel"),
    "round_playing": ("the round is still being played", "de ronde is nog bezig"),
    "round_over": ("the round is over", "de ronde is afgelopen"),
    "not_your_turn": ("it is not {name}'s turn but {other}'s",
                      "{name} is niet aan de beurt maar {other}"),
    "phase_exchange": ("'{verb}' is not possible now: {name} may give a card held twice, or "
                       "pass (the duplicate exchange)",
                       "'{verb}' kan nu niet: {name} mag een dubbele kaart ruilen, of passen"),
    "phase_upcard_offer": ("'{verb}' is not possible now: {name} may take the upcard in "
                           "exchange for a card, or pass",
                           "'{verb}' kan nu niet: {name} mag de open kaart ruilen tegen een "
                           "handkaart, of passen"),
    "phase_upcard_swap": ("'{verb}' is not possible now: {name} must put a hand card on the "
                          "pile for the upcard",
                          "'{verb}' kan nu niet: {name} moet een handkaart op de stapel leggen "
                          "voor de open kaart"),
    "phase_draw": ("'{verb}' is not possible now: {name} must first draw a card or take the "
                   "discard",
                   "'{verb}' kan nu niet: {name} moet eerst een kaart trekken of de "
                   "aflegkaart pakken"),
    "phase_buying": ("'{verb}' is not possible now: {name} may buy the discard, or pass",
                     "'{verb}' kan nu niet: {name} mag de aflegkaart kopen, of passen"),
    "phase_play": ("'{verb}' is not possible now: {name} has already drawn: meld, lay off, "
                   "swap a joker or discard",
                   "'{verb}' kan nu niet: {name} heeft al getrokken: uitleggen, aanleggen, "
                   "een joker ruilen of afleggen"),
    "give_twice": ("{name} may only give a card held twice",
                   "{name} mag alleen een kaart ruilen die hij dubbel heeft"),
    "not_held": ("{name} does not hold {card}", "{name} heeft geen {card}"),
    "upcard_back": ("{name} takes the upcard in exchange for another card, not {card} "
                    "straight back",
                    "{name} ruilt de open kaart tegen een andere kaart, niet meteen weer {card}"),
    "pile_empty": ("the discard pile is empty", "de aflegstapel is leeg"),
    "take_if_used": ("{name} may take {card} only to use it at once, and cannot use it now",
                     "{name} mag {card} alleen pakken om hem meteen te gebruiken, en dat kan "
                     "nu niet"),
    "drawn_already": ("{name} has already drawn this turn",
                      "{name} heeft deze beurt al getrokken"),
    "turbo_three": ("at most 3 cards in one turn (Turbo)",
                    "hoogstens 3 kaarten per beurt (Turbo)"),
    "turbo_before_meld": ("in Turbo you draw again only before you meld",
                          "bij Turbo trek je alleen opnieuw voordat je uitlegt"),
    "turbo_cannot_meld": ("in Turbo you draw again only while you cannot meld",
                          "bij Turbo trek je alleen opnieuw zolang je niet kunt uitleggen"),
    "stock_empty": ("the stock is empty", "de stok is op"),
    "copies_limit": ("a joker may not stand for {card}: every copy of it is already on the "
                     "table",
                     "een joker mag geen {card} voorstellen: die ligt al helemaal op tafel"),
    "keep_a_card": ("you go out by discarding: keep a card to discard",
                    "je gaat uit door af te leggen: houd een kaart over om weg te gooien"),
    "everyone_a_turn": ("the round cannot end before every player has had a turn",
                        "de ronde kan pas eindigen als iedereen een beurt heeft gehad"),
    "meld_invalid": ("{where}: {reason}", "{where}: {reason}"),
    "wait_first_turn": ("{name} may come out only after every player has had a turn",
                        "{name} mag pas uitkomen als iedereen een beurt heeft gehad"),
    "no_joker_first": ("no joker in the first meld under these rules",
                       "geen joker in de eerste melding bij deze regels"),
    "all_at_once": ("this round you come out by laying your whole hand at once (one card may "
                    "be left to discard)",
                    "deze ronde kom je uit door je hele hand in één keer uit te leggen (één "
                    "kaart mag overblijven om af te leggen)"),
    "points_short": ("{total} points, {needed} needed to come out",
                     "{total} punten, er zijn er {needed} nodig om uit te komen"),
    "requirement": ("to come out this round you lay {requirement}",
                    "om deze ronde uit te komen leg je {requirement}"),
    "requirement_only": ("to come out this round you lay {requirement} and nothing else",
                         "om deze ronde uit te komen leg je {requirement} en verder niets"),
    "only_requirement": ("in the turn you come out you lay only the requirement, unless you go "
                         "out at once",
                         "in de beurt dat je uitkomt leg je alleen de eis, tenzij je meteen "
                         "uitgaat"),
    "not_out_yet": ("{name} has not come out yet", "{name} is nog niet uitgekomen"),
    "no_meld_number": ("there is no table meld {n}", "er ligt geen melding {n} op tafel"),
    "cannot_lay": ("cannot lay {cards} on meld {n}: {reason}",
                   "{cards} past niet aan melding {n}: {reason}"),
    "swap_natural": ("swap a joker for the natural card it stands for",
                     "ruil een joker tegen de echte kaart die hij voorstelt"),
    "no_swap_all_round": ("no joker swaps in the all-at-once round",
                          "geen joker ruilen in de ronde van in één keer uit"),
    "no_swap_coming_out": ("in the turn you come out you swap a joker only to go out, and "
                           "the freed joker cannot then take you out",
                           "in de beurt dat je uitkomt ruil je een joker alleen om uit te gaan, "
                           "en met de vrijgekomen joker kan dat nu niet"),
    "no_joker_for": ("meld {n} has no joker standing for {card}",
                     "melding {n} heeft geen joker die {card} voorstelt"),
    "freed_joker_no_new_meld": ("the freed joker must go into a new meld this turn, and it "
                                "cannot",
                                "de vrijgekomen joker moet deze beurt in een nieuwe "
                                "combinatie, en dat kan niet"),
    "freed_joker_new_meld": ("the freed joker goes into a new meld, not onto a meld on the "
                             "table",
                             "de vrijgekomen joker gaat in een nieuwe combinatie, niet aan een "
                             "combinatie op tafel"),
    "freed_joker_unusable": ("the freed joker must be used again this turn, and it cannot be",
                             "de vrijgekomen joker moet deze beurt weer uitgelegd worden, en "
                             "dat kan niet"),
    "no_rearrange": ("melds on the table may not be rearranged under these rules (only in the "
                     "Rummikub-style variant)",
                     "meldingen op tafel mogen bij deze regels niet verschoven worden (alleen "
                     "bij Jokeren op Rummikub-stijl)"),
    "rearrange_invalid": ("{reason}", "{reason}"),
    "use_first": ("{name} must first use {what} in a meld or lay-off",
                  "{name} moet eerst {what} uitleggen of aanleggen"),
    "use_first_new_meld": ("{name} must first lay the freed joker in a new meld",
                           "{name} moet eerst de vrijgekomen joker in een nieuwe combinatie "
                           "uitleggen"),
    "the_freed_joker": ("the freed joker", "de vrijgekomen joker"),
    "no_joker_discard": ("a joker may not be discarded under these rules",
                         "een joker mag bij deze regels niet worden afgelegd"),
    "lay_joker_instead": ("a joker may not be discarded under these rules: lay it off on "
                          "the table",
                          "een joker mag bij deze regels niet worden afgelegd: leg hem aan op "
                          "tafel"),
    # melds
    "meld_min_3": ("a meld has at least 3 cards", "een melding heeft minstens 3 kaarten"),
    "meld_natural": ("a meld needs at least one natural card",
                     "een melding heeft minstens één echte kaart"),
    "set_one_rank": ("a set is cards of one rank", "een set is kaarten van één waarde"),
    "set_max": ("a set has at most {n} cards", "een set heeft hoogstens {n} kaarten"),
    "set_twice": ("a set may not hold the same card twice ({card} twice)",
                  "een set mag niet twee keer dezelfde kaart hebben ({card} dubbel)"),
    "set_twice_after_1": ("a set may not hold the same card twice ({card} twice) after round 1",
                          "een set mag na ronde 1 niet twee keer dezelfde kaart hebben ({card} "
                          "dubbel)"),
    "jokers_adjacent": ("two jokers may not lie side by side",
                        "twee jokers mogen niet naast elkaar liggen"),
    "jokers_gap": ("there must be {n} natural cards between two jokers",
                   "tussen twee jokers moeten {n} echte kaarten liggen"),
    "set_suits": ("a set has at most one card of each suit",
                  "een set heeft hoogstens één kaart van elke kleur"),
    "run_wrap": ("a run does not go round the corner (K-A-2 is not a run)",
                 "een rij gaat niet rond (H-A-2 is geen rij)"),
    "ace_low_only": ("the ace is low only in these rules (A-2-3, not Q-K-A)",
                     "de aas is bij deze regels alleen laag (A-2-3, niet V-H-A)"),
    "ace_both": ("an ace cannot be both low and high in one run",
                 "een aas kan niet laag én hoog zijn in één rij"),
    "run_one_suit": ("a run is cards of one suit", "een rij is kaarten van één kleur"),
    "run_twice": ("a run holds each card once ({card} twice)",
                  "een rij heeft elke kaart één keer ({card} dubbel)"),
    "run_follow": ("the cards of a run follow on each other",
                   "de kaarten van een rij sluiten op elkaar aan"),
    "set_or_run": ("a meld is a set (one rank) or a run (one suit, in sequence)",
                   "een melding is een set (één waarde) of een rij (één kleur, oplopend)"),
    "lay_one": ("lay off at least one card", "leg minstens één kaart aan"),
    "not_this_set": ("{card} does not fit a set of {rank}s", "{card} past niet bij een set {rank}"),
    "not_this_suit": ("{card} is not a {suit} card (this run is {suit})",
                      "{card} is geen {suit} (deze rij is {suit})"),
    "not_this_run": ("{card} does not fit on this run", "{card} past niet aan deze rij"),
    "not_joined": ("the cards do not join on to the run", "de kaarten sluiten niet aan op de rij"),
    "meld_number": ("meld {i} ({cards})", "melding {i} ({cards})"),
}


class Reason(ValueError):
    """A refusal with a key and values; ``str()`` is English, ``text(lang)`` any language."""

    def __init__(self, key: str, **params: Any) -> None:
        # An unknown key is taken as a finished English sentence (older callers).
        self.key = key
        self.params = params
        super().__init__(key)  # worded only when read: move listing refuses many actions

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        lang = str(getattr(lang, "value", lang))
        en, nl = TEMPLATES.get(self.key, (self.key, self.key))
        values = {k: _word(v, lang) for k, v in self.params.items()}
        return (nl if lang == "nl" else en).format(**values)


def _word(value: Any, lang: str) -> str:
    """A value as words in ``lang``: nested reasons, requirements and suits translated."""
    if isinstance(value, Reason):
        return value.text(lang)
    describe = getattr(value, "describe", None)
    if callable(describe):
        return str(describe(lang))
    if isinstance(value, Suit):
        return SUIT_NAMES["nl" if lang == "nl" else "en"][value.index]
    return str(value)


class Suit:
    """A suit to be named in the reader's language."""

    def __init__(self, index: int) -> None:
        self.index = index


class Sentence(ValueError):
    """A finished sentence in English and Dutch (a bad file, record or house rule);
    ``str()`` is English, ``text(lang)`` either. Without Dutch, the English is shown."""

    def __init__(self, en: str, nl: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.nl = nl if nl is not None else en

    def text(self, lang: str = "en") -> str:
        return self.nl if str(getattr(lang, "value", lang)) == "nl" else self.en


def text_of(error: BaseException, lang: str = "en") -> str:
    """An error's message in ``lang`` when it knows how, else its English text."""
    return error.text(lang) if isinstance(error, Reason | Sentence) else str(error)
