"""Every house rule in words (Dutch and English), for ``jokeren rules``, ``--check``, the
score sheet and the screens: the rules layer holds the values and what contradicts what as
keys and numbers; the words are the catalogue's (``rule_*``, ``preset_*``, ``variant_*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields

from ..rules.house import Contradiction, Rules, contradictions
from ..rules.variants import changed_keys
from .catalogue import catalogue, t

# Yes/no keys: the rule is the catalogue's ``rule_KEY``; the line ends in ": ja/nee".
_FLAGS = ("upcard_offer", "duplicate_exchange", "opening_only_contract", "act_before_out",
          "wait_first_turn", "ace_high", "joker_copies_limit", "joker_in_first_meld",
          "discard_joker", "open_hands", "rearrange", "turbo", "swap_in_all_round")
# The keys a player reads, in the order of the fields (every field but the preset's name).
RULE_KEYS = tuple(f.name for f in fields(Rules) if f.name != "preset")


def _key(value: str) -> str:
    return value.replace("-", "_")


def explain(rules: Rules, key: str, lang: str = "en") -> str:
    """One house-rule key of ``rules`` as a sentence for players, in Dutch or English."""
    v = getattr(rules, key)
    if key in _FLAGS:
        return t("rule_flag", lang, rule=t(f"rule_{key}", lang),
                 answer=t("rule_yes" if v else "rule_no", lang))
    if key in ("packs", "jokers"):
        if v == "by-players":
            return t(f"rule_{key}_by_players", lang)
        return t(f"rule_{key}", lang, n=v)
    if key == "players":
        if v[0] == v[1]:
            return t("rule_players_exact", lang, n=v[0])
        return t("rule_players_or" if v[1] == v[0] + 1 else "rule_players", lang, lo=v[0], hi=v[1])
    if key == "hand_size":
        return t("rule_hand_size", lang, n=v)
    if key == "upcard":
        if v == "3+":
            return t("rule_upcard_3", lang)
        return t("rule_flag", lang, rule=t("rule_upcard", lang),
                 answer=t("rule_yes" if v else "rule_no", lang))
    if key == "schedule":
        items = "; ".join(t("rule_schedule_item", lang, n=i, req=r.describe(lang))
                          for i, r in enumerate(v, 1))
        return t("rule_schedule", lang, rounds=items)
    if key == "set_distinct_suits":
        if v == "after-round-1":
            return t("rule_set_after_round_1", lang)
        return t("rule_flag", lang, rule=t("rule_set_distinct_suits", lang),
                 answer=t("rule_yes" if v else "rule_no", lang))
    if key == "set_max":
        return t("rule_set_any_size", lang) if v is None else t("rule_set_max", lang, n=v)
    if key == "joker_gap":
        return t(f"rule_joker_gap_{v}", lang)
    if key == "freed_joker":
        return t("rule_no_swap_at_once", lang, rule=t(f"rule_freed_joker_{_key(v)}", lang))
    if key == "take_discard":
        return t(f"rule_take_discard_{_key(v)}", lang)
    if key == "buying":
        if v is None:
            return t("rule_buying_off", lang)
        return t("rule_buying", lang, players=v.min_players, n=v.extra)
    if key == "going_out":
        return t(f"rule_going_out_{_key(v)}", lang)
    if key == "stock_empty":
        return t(f"rule_stock_{_key(v)}", lang)
    if key == "penalty":
        return t("rule_penalty", lang, cards=penalties(v, lang))
    if key == "all_at_once_bonus":
        return t("rule_bonus", lang, n=v) if v else t("rule_bonus_none", lang)
    if key == "rounds":
        return t("rule_rounds_none", lang) if v is None else t("rule_rounds", lang, n=v)
    if key == "eliminate_at":
        return t("rule_eliminate_none", lang) if v is None else t("rule_eliminate", lang, n=v)
    if key == "money":
        if v is None:
            return t("rule_money_none", lang)
        return t("rule_money", lang, buy=v.per_buy, point=v.per_point)
    if key == "max_reshuffles":
        return (t("rule_reshuffles_none", lang) if v is None
                else t("rule_reshuffles", lang, n=v))
    if key == "max_turns":
        return t("rule_turns_none", lang) if v is None else t("rule_turns", lang, n=v)
    if key == "set_joker_fixed":
        return t("rule_set_joker_fixed" if v else "rule_set_joker_free", lang)
    if key == "draws":
        return t("rule_draws", lang, n=v)
    return f"{key} = {v}"


_NUMBERS = [str(n) for n in range(2, 11)]
_NAMED = {"J": "card_name_J", "Q": "card_name_Q", "K": "card_name_K", "A": "card_name_A",
          "*": "card_joker", "*-before-out": "rule_card_joker_before_out"}


def listed(items: Sequence[str], lang: str) -> str:
    """``a, b en c`` (Dutch) or ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return t("rule_and", lang, first=", ".join(items[:-1]), last=items[-1])


def _cards(members: Sequence[str], lang: str) -> str:
    """The cards of one penalty group: number cards in a row as a span (``2 tot en met 9``),
    the others by name."""
    words: list[str] = []
    i = 0
    while i < len(members):
        j = i
        while (members[i] in _NUMBERS and j + 1 < len(members) and members[j + 1] in _NUMBERS
               and int(members[j + 1]) == int(members[j]) + 1):
            j += 1
        if j - i >= 2:
            words.append(t("rule_span", lang, lo=members[i], hi=members[j]))
        else:
            words += [m if m in _NUMBERS else t(_NAMED[m], lang) for m in members[i:j + 1]]
        i = j + 1
    return listed(words, lang)


def penalties(table: Mapping[str, int], lang: str) -> str:
    """A penalty table in words, cards of equal value together: ``2 tot en met 9 elk 5; 10,
    boer, vrouw en heer elk 10; aas 15; joker 20``."""
    parts: list[str] = []
    numbers = _NUMBERS
    if all(table[n] == int(n) for n in numbers):
        parts.append(t("rule_penalty_face", lang, cards=_cards(numbers, lang)))
        numbers = []
    groups: dict[int, list[str]] = {}
    for card in (*numbers, "J", "Q", "K", "A"):
        groups.setdefault(table[card], []).append(card)
    jokers = [((card,), table[card]) for card in ("*", "*-before-out") if card in table]
    parts += [t("rule_penalty_group", lang, cards=_cards(members, lang), points=points,
                n=len(members)) for members, points in
              [*((tuple(m), p) for p, m in groups.items()), *jokers]]
    return "; ".join(parts)


def _preset_key(rules: Rules) -> str:
    key = f"preset_{_key(rules.preset)}"
    return key if key in catalogue() else f"variant_{_key(rules.preset)}"


def preset_name(rules: Rules, lang: str = "en") -> str:
    """The name of the rules' preset for players (``Jokeren in de familie``)."""
    key = f"{_preset_key(rules)}_name"
    return t(key, lang) if key in catalogue() else rules.preset


def _body(rules: Rules, lang: str) -> str:
    key = _preset_key(rules)
    return t(key, lang, family=t("variant_family", lang)) if key in catalogue() else ""


def describe(rules: Rules, lang: str = "en") -> str:
    """The preset of ``rules`` in a few sentences: its name, then what it plays."""
    body = _body(rules, lang)
    return f"{preset_name(rules, lang)}. {body}" if body else preset_name(rules, lang)


def contradiction(found: Contradiction, lang: str = "en") -> str:
    """One contradiction of ``house.contradictions`` as a sentence."""
    return t(f"rule_contra_{found.key}", lang, **found.params)


def contradiction_lines(rules: Rules, lang: str = "en") -> list[str]:
    """The rules that contradict each other, one sentence each."""
    return [contradiction(c, lang) for c in contradictions(rules)]


def rule_lines(rules: Rules, lang: str = "en", changed: Sequence[str] = ()) -> list[str]:
    """Every rule as a sentence, the ``changed`` ones marked ``*``. In English each line
    names its house-rules key too; a Dutch reader gets the sentence alone (the keys are
    English words)."""
    nl = str(getattr(lang, "value", lang)) == "nl"
    width = max(len(k) for k in RULE_KEYS) + 2
    lines = []
    for key in RULE_KEYS:
        mark = "*" if key in changed else " "
        name = "" if nl else f"{key:{width}}"
        lines.append(f" {mark} {name}{explain(rules, key, lang)}")
    return lines


def rules_text(rules: Rules, lang: str = "en") -> str:
    """``jokeren rules NAME``: the preset in a few sentences, then every rule as a sentence."""
    return "\n".join([t("rule_preset", lang, name=preset_name(rules, lang)),
                      _body(rules, lang), "", *rule_lines(rules, lang)])


def check_text(rules: Rules, lang: str = "en", source: str = "") -> str:
    """What ``jokeren rules --check`` prints: the preset, then every rule in words, the keys
    the house-rules file changed marked with ``*``. The contradictions follow it."""
    changed = changed_keys(rules)
    head = t("rule_check_head", lang, n=len(changed), preset=preset_name(rules, lang),
             source=t("rule_check_from", lang, file=source) if source else "")
    lines = [head, t("rule_preset", lang, name=describe(rules, lang)), ""]
    lines.append(t("rule_the_rules", lang))
    lines += rule_lines(rules, lang, changed)
    if changed:
        lines.append("")
        lines.append(t("rule_changed", lang))
    return "\n".join(lines)


__all__ = ["RULE_KEYS", "check_text", "contradiction", "contradiction_lines", "describe",
           "explain", "listed", "penalties", "preset_name", "rule_lines", "rules_text"]
