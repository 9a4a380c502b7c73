"""Every house-rule key in words (Dutch and English), for ``jokeren rules --check``, the
score sheet and the screens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from ..rules.house import Rules
from ..rules.variants import changed_keys

# Yes/no keys: the rule in (Dutch, English); the sentence ends in ": ja/nee".
_FLAGS: dict[str, tuple[str, str]] = {
    "upcard_offer": ("rondje om de open kaart (001)",
                     "offer round for the upcard (001)"),
    "duplicate_exchange": ("dubbele kaarten ruilen na het delen (000)",
                           "duplicate exchange after the deal (000)"),
    "opening_only_contract": ("in de beurt dat je uitkomt alleen de combinaties van de eis "
                              "op tafel leggen",
                              "lay only the melds of the requirement in the coming-out turn"),
    "act_before_out": ("aanleggen en jokers ruilen vóór het uitkomen",
                       "lay off and swap jokers before coming out"),
    "wait_first_turn": ("pas uitkomen als iedereen een beurt had",
                        "come out only after every player had a turn"),
    "ace_high": ("aas hoog in een rij (V-H-A)",
                 "ace high in a run (Q-K-A)"),
    "joker_copies_limit": ("een joker mag geen kaart voorstellen die al helemaal op tafel ligt",
                           "a joker may not stand for a card whose every copy is on the table"),
    "joker_in_first_meld": ("joker in de eerste combinatie",
                            "joker in the first meld"),
    "discard_joker": ("een joker afleggen",
                      "a joker may be discarded"),
    "open_hands": ("open kaarten (om te leren)",
                   "open hands (for learning)"),
    "rearrange": ("tafel herschikken op Rummikub-stijl",
                  "Rummikub-style rearranging of the table"),
    "turbo": ("Turbo: tot 3 kaarten van de stok zolang je geen combinatie op tafel kunt leggen",
              "Turbo: up to 3 stock cards a turn while you cannot meld"),
    "swap_in_all_round": ("jokers ruilen in de ronde waarin je alles in één keer op tafel legt",
                          "joker swaps in the all-at-once round"),
}


def _yes(value: object, nl: bool) -> str:
    return ("ja" if value else "nee") if nl else ("yes" if value else "no")


def explain(rules: Rules, key: str, lang: str = "en") -> str:
    """One house-rule key of ``rules`` as a sentence for players, in Dutch or English."""
    nl = lang == "nl"
    v = getattr(rules, key)
    if key in _FLAGS:
        words = _FLAGS[key][0 if nl else 1]
        return f"{words}: {_yes(v, nl)}"
    if key in ("packs", "jokers"):
        if v == "by-players":
            what = ("spellen" if nl else "packs") if key == "packs" else "jokers"
            return (f"{what} naar het aantal spelers (000)" if nl
                    else f"{what} by the number of players (000)")
        forms = (("spel", "spellen"), ("joker", "jokers")) if nl else (("pack", "packs"),
                                                                        ("joker", "jokers"))
        one, many = forms[0 if key == "packs" else 1]
        return f"{v} {one if v == 1 else many}"
    if key == "players":
        return f"{v[0]}-{v[1]} spelers" if nl else f"{v[0]}-{v[1]} players"
    if key == "hand_size":
        return f"{v} kaarten per hand" if nl else f"{v} cards a hand"
    if key == "upcard":
        if v == "3+":
            return ("een open kaart bij 3 of meer spelers" if nl
                    else "an upcard with 3 or more players")
        return (f"open kaart bij het begin: {_yes(v, nl)}" if nl
                else f"upcard at the start: {_yes(v, nl)}")
    if key == "schedule":
        items = "; ".join(f"{i}. {r.describe(lang)}" for i, r in enumerate(v, 1))
        return f"eisen om uit te komen per ronde: {items}" if nl else \
            f"coming-out requirement per round: {items}"
    if key == "set_distinct_suits":
        if v == "after-round-1":
            return ("een set heeft geen dubbele kaart, behalve in ronde 1" if nl
                    else "no card twice in a set, except in round 1")
        return (f"een set heeft alleen verschillende kleuren: {_yes(v, nl)}" if nl
                else f"a set has different suits only: {_yes(v, nl)}")
    if key == "set_max":
        if v is None:
            return "een set mag elke grootte hebben" if nl else "a set may have any size"
        return f"een set heeft hoogstens {v} kaarten" if nl else f"a set has at most {v} cards"
    if key == "joker_gap":
        return ({0: "jokers mogen naast elkaar liggen", 1: "nooit twee jokers naast elkaar",
                 2: "minstens 2 kaarten tussen twee jokers"} if nl else
                {0: "jokers may lie side by side", 1: "never two jokers side by side",
                 2: "at least 2 cards between two jokers"})[v]
    if key == "freed_joker":
        return {"use": ("een geruilde joker leg je dezelfde beurt weer op tafel",
                        "a swapped joker must be used again at once"),
                "new-meld": ("een geruilde joker leg je meteen in een nieuwe combinatie op "
                             "tafel",
                             "a swapped joker must go into a new meld at once"),
                "hand": ("een geruilde joker gaat naar je hand",
                         "a swapped joker goes to your hand")}[v][0 if nl else 1] + (
            "; wie in één keer uitgaat, pikt geen joker (000)" if nl else
            "; no joker swap in a turn that comes out and goes out at once (000)")
    if key == "take_discard":
        return (("de afgelegde kaart pakken mag altijd" if v == "always"
                 else "de afgelegde kaart pakken alleen om hem meteen te gebruiken") if nl else
                ("you may always take the discard" if v == "always"
                 else "take the discard only to use it at once"))
    if key == "buying":
        if v is None:
            return "kopen: nee" if nl else "buying: no"
        extra_nl = "1 kaart" if v.extra == 1 else f"{v.extra} kaarten"
        extra_en = "1 stock card" if v.extra == 1 else f"{v.extra} stock cards"
        return (f"kopen (\"te koop\") vanaf {v.min_players} spelers: de aflegkaart en "
                f"{extra_nl} van de stok" if nl else
                f"buying (\"te koop\") from {v.min_players} players: the discard and "
                f"{extra_en}")
    if key == "going_out":
        return (("uitgaan door af te leggen" if v == "discard"
                 else "uitgaan door af te leggen of je laatste kaart uit te leggen") if nl else
                ("go out by discarding" if v == "discard"
                 else "go out by discarding or by melding your last card"))
    if key == "stock_empty":
        return (("stok op: de aflegstapel schudden" if v == "reshuffle"
                 else "stok op: de aflegstapel ongeschud omdraaien") if nl else
                ("stock empty: shuffle the discard pile" if v == "reshuffle"
                 else "stock empty: turn the discard pile over, unshuffled"))
    if key == "penalty":
        return f"strafpunten: {_penalties(v, nl)}" if nl else f"penalty points: {_penalties(v, nl)}"
    if key == "all_at_once_bonus":
        return (f"in één keer uit: {v} punten eraf" if nl
                else f"going out all at once: {v} points off")
    if key == "rounds":
        if v is None:
            return "geen vast aantal rondes" if nl else "no fixed number of rounds"
        return f"{v} rondes" if nl else f"{v} rounds"
    if key == "eliminate_at":
        if v is None:
            return "niemand valt af" if nl else "nobody is eliminated"
        return (f"wie {v} strafpunten bereikt valt af" if nl
                else f"reaching {v} penalty points eliminates")
    if key == "money":
        if v is None:
            return "geen geld" if nl else "no money"
        return (f"pot: {v.per_buy} cent per koop, {v.per_point} cent per strafpunt" if nl
                else f"pot: {v.per_buy} cent a buy, {v.per_point} cent a penalty point")
    if key == "max_reshuffles":
        if v is None:
            return "de stok wordt steeds opnieuw gemaakt" if nl else "the stock is always rebuilt"
        return (f"na {v} keer opnieuw maken eindigt de ronde als de stok op is" if nl
                else f"after {v} rebuilds an empty stock ends the round")
    if key == "max_turns":
        if v is None:
            return ("een ronde duurt zo lang als nodig" if nl
                    else "a round lasts as long as it takes")
        return (f"na {v} beurten eindigt de ronde" if nl
                else f"a round ends after {v} turns")
    if key == "set_joker_fixed":
        return (("een joker in een set staat voor een vaste kaart" if v
                 else "een joker in een set staat niet voor een vaste kaart: elke kaart van "
                 "die waarde mag hem inpikken") if nl else
                ("a joker in a set stands for one declared card" if v
                 else "a joker in a set stands for no fixed card: any natural of that rank "
                 "may take its place"))
    if key == "draws":
        return (f"{v} {'kaart' if v == 1 else 'kaarten'} van de stok per beurt" if nl
                else f"{v} {'card' if v == 1 else 'cards'} from the stock a turn")
    return f"{key} = {v}"


_CARD_WORDS = {"A": ("aas", "ace"), "J": ("boer", "jack"), "Q": ("vrouw", "queen"),
               "K": ("heer", "king"), "*": ("joker", "joker"),
               "*-before-out": ("joker vóór het uitkomen", "joker before coming out")}


def _penalties(table: dict[str, int], nl: bool) -> str:
    """A penalty table in words: ``2-9 5, 10 10, boer 10, ...``; equal number cards joined."""
    parts: list[str] = []
    numbers = [str(n) for n in range(2, 11)]
    if all(table[n] == int(n) for n in numbers):
        parts.append("2-10 de waarde van de kaart" if nl else "2-10 the card's value")
        numbers = []
    i = 0
    while i < len(numbers):  # runs of number cards with one value: "2-9 5"
        j = i
        while j + 1 < len(numbers) and table[numbers[j + 1]] == table[numbers[i]]:
            j += 1
        span = numbers[i] if i == j else f"{numbers[i]}-{numbers[j]}"
        parts.append(f"{span} {table[numbers[i]]}")
        i = j + 1
    for key in ("J", "Q", "K", "A", "*", "*-before-out"):
        if key in table:
            parts.append(f"{_CARD_WORDS[key][0 if nl else 1]} {table[key]}")
    return ", ".join(parts)


def rule_lines(rules: Rules, lang: str = "en", changed: Sequence[str] = ()) -> list[str]:
    """Every rule as a sentence, the ``changed`` ones marked ``*``. In English each line
    names its house-rules key too; a Dutch reader gets the sentence alone (the keys are
    English words)."""
    nl = str(getattr(lang, "value", lang)) == "nl"
    keys = [f.name for f in fields(rules)
            if f.name not in ("preset", "description_nl", "description_en")]
    width = max(len(k) for k in keys) + 2
    lines = []
    for key in keys:
        mark = "*" if key in changed else " "
        name = "" if nl else f"{key:{width}}"
        lines.append(f" {mark} {name}{explain(rules, key, lang)}")
    return lines


def check_text(rules: Rules, lang: str = "en", source: str = "") -> str:
    """What ``jokeren rules --check`` prints: the preset, then every rule in words, the keys
    the house-rules file changed marked with ``*``. The contradictions follow it."""
    nl = lang == "nl"
    changed = changed_keys(rules)
    head = (f"Huisregels{' uit ' + source if source else ''}: voorinstelling {rules.preset}, "
            f"{len(changed)} {'regel' if len(changed) == 1 else 'regels'} anders." if nl else
            f"House rules{' from ' + source if source else ''}: preset {rules.preset}, "
            f"{len(changed)} {'rule' if len(changed) == 1 else 'rules'} changed.")
    lines = [head, ("Voorinstelling: " if nl else "Preset: ") + rules.describe(lang), ""]
    lines.append("De regels:" if nl else "The rules:")
    lines += rule_lines(rules, lang, changed)
    if changed:
        lines.append("")
        lines.append("* anders dan de voorinstelling" if nl else "* changed from the preset")
    return "\n".join(lines)


__all__ = ["check_text", "explain", "rule_lines"]
