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
    # key: (English, Dutch). Dutch in the players' words (seeds/): a meld is a
    # "combinatie", laid "op tafel"; a swapped joker is "geruild"; "afleggen"; the "stok".
    "match_over": ("the match is over", "het potje is afgelopen"),
    # the table (play/table.py): a move made on an older position, or from no seat
    "stale_version": ("the table has moved on (you saw position {version}, it is now at "
                      "{current})",
                      "er is intussen gespeeld (je zag stand {version}, het is nu stand "
                      "{current})"),
    "no_seat": ("there is no seat {seat} at this table", "er is geen plaats {seat} aan tafel"),
    "round_playing": ("the round is still being played", "de ronde is nog bezig"),
    "round_over": ("the round is over", "de ronde is afgelopen"),
    "not_your_turn": ("it is not {name}'s turn but {other}'s",
                      "{name} is niet aan de beurt, {other} wel"),
    "phase_exchange": ("{name} may now give a card held twice, or pass (the duplicate "
                       "exchange); {verb} is not possible now",
                       "{name} mag nu een kaart ruilen die hij dubbel heeft, of passen; "
                       "{verb} kan nu niet"),
    "phase_upcard_offer": ("{name} may now take the upcard in exchange for a card, or pass; "
                           "{verb} is not possible now",
                           "{name} mag nu de open kaart nemen in ruil voor een handkaart, of "
                           "passen; {verb} kan nu niet"),
    "phase_upcard_swap": ("{name} must now put a hand card on the discard pile for the "
                          "upcard; {verb} is not possible now",
                          "{name} legt nu een handkaart op de aflegstapel in ruil voor de open "
                          "kaart; {verb} kan nu niet"),
    "phase_draw": ("{name} must first draw a card from the stock or take the discard; {verb} "
                   "is not possible yet",
                   "{name} moet eerst een kaart van de stok trekken of de aflegkaart pakken; "
                   "{verb} kan nog niet"),
    "phase_buying": ("{name} may now buy the discard, or pass; {verb} is not possible now",
                     "{name} mag nu de aflegkaart kopen, of passen; {verb} kan nu niet"),
    "phase_play": ("{name} has already drawn and may now meld, lay off, swap a joker or "
                   "discard; {verb} is not possible now",
                   "{name} heeft al getrokken en mag nu een combinatie op tafel leggen, "
                   "aanleggen, een joker ruilen of afleggen; {verb} kan nu niet"),
    "give_twice": ("{name} may only give a card held twice",
                   "{name} mag alleen een kaart ruilen die hij dubbel heeft"),
    "not_held": ("{name} does not hold {card}", "{name} heeft geen {card}"),
    "upcard_back": ("{name} gives another card for the upcard, not {card} straight back",
                    "{name} ruilt de open kaart tegen een andere kaart, niet meteen weer "
                    "{card}"),
    "pile_empty": ("the discard pile is empty", "de aflegstapel is leeg"),
    "take_if_used": ("{name} may take {card} only to use it at once, and cannot use it now",
                     "{name} mag {card} alleen pakken om hem meteen te gebruiken, en dat kan "
                     "nu niet"),
    "drawn_already": ("{name} has already drawn this turn",
                      "{name} heeft deze beurt al getrokken"),
    "turbo_three": ("at most 3 cards in one turn (Turbo)",
                    "hoogstens 3 kaarten per beurt (Turbo)"),
    "turbo_before_meld": ("in Turbo you draw again only before you meld",
                          "bij Turbo trek je alleen opnieuw vóór je iets op tafel legt"),
    "turbo_cannot_meld": ("in Turbo you draw again only while you cannot meld",
                          "bij Turbo trek je alleen opnieuw zolang je geen combinatie op tafel "
                          "kunt leggen"),
    "stock_empty": ("the stock is empty", "de stok is op"),
    "copies_limit": ("a joker may not stand for {card}: every copy of it is already on the "
                     "table",
                     "een joker mag geen {card} voorstellen: die ligt al helemaal op tafel"),
    "keep_a_card": ("you go out by discarding: keep a card to discard",
                    "je gaat uit door af te leggen: houd een kaart over om af te leggen"),
    "everyone_a_turn": ("the round cannot end before every player has had a turn",
                        "de ronde kan pas eindigen als iedereen een beurt heeft gehad"),
    "meld_invalid": ("{where}: {reason}", "{where}: {reason}"),
    "wait_first_turn": ("{name} may come out only after every player has had a turn",
                        "{name} mag pas uitkomen als iedereen een beurt heeft gehad"),
    "no_joker_first": ("no joker in the first meld under these rules",
                       "bij deze regels mag er geen joker in de eerste combinatie"),
    "all_at_once": ("this round you come out by laying your whole hand at once (one card may "
                    "be left to discard)",
                    "deze ronde kom je uit door je hele hand in één keer op tafel te leggen "
                    "(één kaart mag overblijven om af te leggen)"),
    "points_short": ("{total} points, {needed} needed to come out",
                     "{total} punten; om uit te komen heb je er {needed} nodig"),
    "requirement": ("to come out this round you lay {requirement}",
                    "om deze ronde uit te komen leg je {requirement} op tafel"),
    "requirement_only": ("to come out this round you lay {requirement} and nothing else",
                         "om deze ronde uit te komen leg je {requirement} op tafel, en verder "
                         "niets"),
    "only_requirement": ("in the turn you come out you lay only the melds of the requirement, "
                         "unless you go out at once",
                         "in de beurt dat je uitkomt leg je alleen de combinaties van de eis op "
                         "tafel, tenzij je meteen uitgaat"),
    "not_out_yet": ("{name} has not come out yet", "{name} is nog niet uitgekomen"),
    "no_meld_number": ("there is no table meld {n}", "er ligt geen combinatie {n} op tafel"),
    "cannot_lay": ("cannot lay {cards} on meld {n}: {reason}",
                   "{cards} past niet bij combinatie {n}: {reason}"),
    "swap_natural": ("swap a joker for the natural card it stands for",
                     "ruil een joker tegen de echte kaart die hij voorstelt"),
    "no_swap_all_round": ("no joker swaps in the all-at-once round",
                          "in de ronde waarin je alles in één keer op tafel legt, ruil je geen "
                          "jokers"),
    "no_swap_out_at_once": ("no joker swap in the turn you come out: here it could only be "
                            "part of going out at once, and a player going out at once swaps "
                            "no joker",
                            "geen joker pikken in de beurt dat je uitkomt: dat kan hier alleen "
                            "als deel van in één keer uitgaan, en wie in één keer uitgaat, pikt "
                            "geen joker"),
    "swap_then_out_at_once": ("you swapped a joker this turn, so you cannot come out and go "
                              "out in the same turn",
                              "je hebt deze beurt een joker gepikt, dus je kunt deze beurt niet "
                              "in één keer uitgaan"),
    "no_joker_for": ("meld {n} has no joker standing for {card}",
                     "combinatie {n} heeft geen joker die {card} voorstelt"),
    "freed_joker_no_new_meld": ("the swapped joker must go into a new meld this turn, and it "
                                "cannot",
                                "de geruilde joker moet deze beurt in een nieuwe combinatie op "
                                "tafel, en dat kan niet"),
    "freed_joker_new_meld": ("the swapped joker goes into a new meld, not onto a meld on the "
                             "table",
                             "de geruilde joker gaat in een nieuwe combinatie, niet bij een "
                             "combinatie op tafel"),
    "freed_joker_unusable": ("the swapped joker must be used again this turn, and it cannot be",
                             "de geruilde joker moet deze beurt weer op tafel, en dat kan niet"),
    "no_rearrange": ("melds on the table may not be rearranged under these rules (only in the "
                     "Rummikub-style variant)",
                     "combinaties op tafel mogen bij deze regels niet anders gelegd worden "
                     "(alleen bij Jokeren op Rummikub-stijl)"),
    "rearrange_invalid": ("{reason}", "{reason}"),
    "use_first": ("{name} must first use {what} in a meld or lay-off",
                  "{name} moet {what} eerst op tafel leggen of aanleggen"),
    "use_first_new_meld": ("{name} must first lay the swapped joker in a new meld",
                           "{name} moet eerst de geruilde joker in een nieuwe combinatie op "
                           "tafel leggen"),
    "the_freed_joker": ("the swapped joker", "de geruilde joker"),
    "no_joker_discard": ("a joker may not be discarded under these rules",
                         "een joker mag bij deze regels niet worden afgelegd"),
    "lay_joker_instead": ("a joker may not be discarded under these rules: lay it off on "
                          "the table",
                          "een joker mag bij deze regels niet worden afgelegd: leg hem aan op "
                          "tafel"),
    # melds
    "meld_min_3": ("a meld has at least 3 cards", "een combinatie heeft minstens 3 kaarten"),
    "meld_natural": ("a meld needs at least one natural card",
                     "een combinatie heeft minstens één echte kaart"),
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
                   "een combinatie is een set (één waarde) of een rij (één kleur, op volgorde)"),
    "lay_one": ("lay off at least one card", "leg minstens één kaart aan"),
    "not_this_set": ("{card} does not fit a set of {rank}", "{card} past niet bij een set {rank}"),
    "not_this_suit": ("{card} is not a {suit} card (this run is {suit})",
                      "{card} is geen {suit} (deze rij is {suit})"),
    "not_this_run": ("{card} does not fit on this run", "{card} past niet bij deze rij"),
    "not_joined": ("the cards do not join on to the run", "de kaarten sluiten niet aan op de rij"),
    "meld_number": ("meld {i} ({cards})", "combinatie {i} ({cards})"),
    # the deal (engine.DealError): a record's or a command's deal the packs cannot make
    "deal_players": ("{preset} is played by {lo} to {hi} players, not {n}",
                     "{preset} speel je met {lo} tot {hi} spelers, niet met {n}"),
    "deal_names": ("players need different names, without ':'",
                   "de spelers hebben elk een andere naam, zonder ':'"),
    "deal_hand_size": ("the packs do not hold {size} cards for {n} players",
                       "er zijn niet genoeg kaarten om {n} spelers elk {size} kaarten te geven"),
    "deal_joker_for": ("a dealt joker stands for nothing: write '*'",
                       "een gedeelde joker stelt nog niets voor: schrijf \"*\""),
    "deal_copies": ("the packs do not hold that many copies of {card}",
                    "zoveel keer {card} zit er niet in de spellen"),
    "deal_hands": ("the deal gives {given} hands for {n} players",
                   "er zijn {given} handen gegeven voor {n} spelers"),
    "deal_hand": ("{name} is dealt {given} cards, not {size}",
                  "{name} krijgt {given} kaarten, niet {size}"),
    "deal_short": ("not enough cards to deal", "er zijn niet genoeg kaarten om te delen"),
    "deal_no_upcard": ("no card left for the upcard",
                       "er is geen kaart over voor de open kaart"),
    "deal_upcard_unused": ("these rules turn no card up at the start of a round with {n} "
                           "players, so a round gives no upcard",
                           "bij deze regels gaat er met {n} spelers geen kaart open bij het "
                           "begin van een ronde, dus een ronde heeft geen open kaart"),
    # the notation (NotationError): what is typed is quoted as typed
    "notation_empty_card": ("empty card", "een lege kaart"),
    "notation_card": ("{text!r} is not a card (write rank and suit, e.g. 7h, 10s, Qd, *)",
                      "{text!r} is geen kaart: schrijf de waarde en de kleur, bijvoorbeeld "
                      "\"7h\", \"10s\", \"Qd\" of \"*\""),
    "notation_rank_suit": ("{text!r} is not a card (ranks A 2-10 J Q K, suits s h d c, joker *)",
                           "{text!r} is geen kaart: waarden \"A 2-10 J Q K\" (boer \"J\", "
                           "vrouw \"Q\", heer \"K\"), kleuren \"s h d c\" (schoppen, "
                           "harten, ruiten, klaveren), joker \"*\""),
    "notation_empty_action": ("empty action", "een lege zet"),
    "notation_verb": ("unknown action {word!r}; actions: {words}",
                      "onbekende zet {word!r}; de zetten zijn: {words}"),
    "notation_no_args": ("'{word}' takes nothing after it", "na \"{word}\" komt niets"),
    "notation_needs_cards": ("'{word}' needs cards after it", "na \"{word}\" komen kaarten"),
    "notation_one_card": ("'{word}' takes exactly one card",
                          "na \"{word}\" komt precies één kaart"),
    "notation_meld_number": ("'{word}' needs a table meld number first, e.g. '{word} 1 8h'",
                             "na \"{word}\" komt eerst het nummer van een combinatie op "
                             "tafel, bijvoorbeeld \"{word} 1 8h\""),
    "notation_cards_after": ("'{word}' needs cards after the meld number",
                             "na \"{word}\" en het nummer van de combinatie komen kaarten"),
    "notation_swap_one": ("'swap' takes one natural card",
                          "na \"swap\" komt één echte kaart"),
    "notation_empty_meld": ("'{word}': an empty meld between '/'",
                            "\"{word}\": een lege combinatie tussen de \"/\""),
    "notation_player_first": ("{line!r}: write the player first, e.g. 'Ann: draw'",
                              "{line!r}: schrijf eerst de speler, bijvoorbeeld \"Ann: draw\""),
    "notation_not_player": ("{line!r}: {name!r} is not a player",
                            "{line!r}: {name!r} speelt niet mee"),
    "notation_deal": ("{line!r}: a record deals by starting the next entry of 'rounds', not "
                      "with 'deal'",
                      "{line!r}: een verslag deelt door een nieuwe ronde te beginnen in "
                      "'rounds', niet met \"deal\""),
}


class Reason(ValueError):
    """A refusal with a key and values; ``str()`` is English, ``text(lang)`` any language."""

    def __init__(self, key: str, **params: Any) -> None:
        # An unknown key is taken as a finished English sentence (older callers).
        self.key = key
        self.params = params
        super().__init__(key)  # worded only when read: move listing refuses many actions

    def __str__(self) -> str:
        return self.text("en", notation=True)

    def text(self, lang: str = "en", notation: bool = False) -> str:
        """The sentence in ``lang``: cards as players read them (``V♥``, ``Q♥``), or in
        notation (``Qh``) for the replay's JSON, which quotes the record."""
        lang = str(getattr(lang, "value", lang))
        en, nl = TEMPLATES.get(self.key, (self.key, self.key))
        values = {k: VERB_WORDS[lang == "nl"].get(str(v), str(v)) if k == "verb"
                  else _word(v, lang, notation) for k, v in self.params.items()}
        return (nl if lang == "nl" else en).format(**values)


# The verbs of the notation as a player says them ("discard" is "afleggen").
VERB_WORDS = (
    {"draw": "drawing", "take": "taking the discard", "buy": "buying", "pass": "passing",
     "give": "giving a card", "meld": "melding", "lay": "laying off",
     "swap": "swapping a joker", "table": "rearranging the table", "discard": "discarding"},
    {"draw": "trekken", "take": "de aflegkaart pakken", "buy": "kopen", "pass": "passen",
     "give": "een kaart ruilen", "meld": "een combinatie op tafel leggen",
     "lay": "aanleggen", "swap": "een joker ruilen", "table": "de tafel anders leggen",
     "discard": "afleggen"},
)
RANK_PLURALS = {"en": ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
                       "eights", "nines", "tens", "jacks", "queens", "kings"),
                "nl": ("azen", "tweeën", "drieën", "vieren", "vijven", "zessen", "zevens",
                       "achten", "negens", "tienen", "boeren", "vrouwen", "heren")}


def _is_card(value: object) -> bool:
    """Whether ``value`` is a card (``Card.symbol`` words it). Known by what it does, not by
    its class: cards.py imports this module (``NotationError``)."""
    return callable(getattr(value, "symbol", None))


def _word(value: Any, lang: str, notation: bool = False) -> str:
    """A value as words in ``lang``: nested reasons, requirements, suits and ranks
    translated, cards as symbols (or notation)."""
    if isinstance(value, Reason):
        return value.text(lang, notation)
    if _is_card(value):
        return str(value) if notation else str(value.symbol(lang))
    cards = getattr(value, "cards", value)  # a meld is named by its cards
    if isinstance(cards, tuple | list) and cards and all(_is_card(c) for c in cards):
        return " ".join(_word(c, lang, notation) for c in cards)
    describe = getattr(value, "describe", None)
    if callable(describe):
        return str(describe(lang))
    if isinstance(value, Suit):
        return SUIT_NAMES["nl" if lang == "nl" else "en"][value.index]
    if isinstance(value, Rank):
        return RANK_PLURALS["nl" if lang == "nl" else "en"][value.rank - 1]
    return str(value)


class Rank:
    """A rank to be named in the reader's language, in the plural (a set of queens)."""

    def __init__(self, rank: int) -> None:
        self.rank = rank


class Suit:
    """A suit to be named in the reader's language."""

    def __init__(self, index: int) -> None:
        self.index = index


class NotationError(Reason):
    """Text that is not valid notation (a syntax error, not a rules error); raised by
    ``cards`` and ``actions``, worded in the reader's language like a refusal."""


def text_of(error: BaseException, lang: str = "en") -> str:
    """An error's message in ``lang`` when it knows how (a Reason, a ``sentence.Sentence``, an
    error of the catalogue with ``text(lang)``), else its English text."""
    text = getattr(error, "text", None)
    return str(text(lang)) if callable(text) else str(error)
