"""House rules as data: one frozen ``Rules`` value, named presets, and house-rules files.

Every key of docs/notation.md is a field here with the same name. A rule set is written as a
preset name or ``{"preset": NAME, KEY: VALUE, ...}``; ``Rules.load`` reads both and refuses an
unknown key or a bad value with the valid ones. Extension keys (not in docs/notation.md) are marked
below; they default to what people play.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..support.files import blank
from .requirements import MIN_MELD, Requirement
from .sentence import Sentence
from .textfile import check_depth, parse_json, parse_toml, read_text


class RulesError(Sentence):
    """A rule set that cannot be used: unknown preset or key, or a bad value (one sentence,
    the catalogue's ``error_rules_*``). ``keys``: the house-rule keys it is about, where
    known."""

    keys: tuple[str, ...] = ()


MAX_PLAYERS = 16  # 4 packs with 12 jokers deal 13 cards to 16 (``contradictions`` checks)
PENALTY_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "*")


@dataclass(frozen=True, slots=True)
class Buying:
    extra: int = 1
    min_players: int = 3


@dataclass(frozen=True, slots=True)
class Money:
    per_buy: int = 1
    per_point: int = 1


def penalty_table(two_to_nine: int | None, ten: int | None, face: int, ace: int, joker: int,
             joker_before_out: int | None = None) -> dict[str, int]:
    """A penalty table; ``None`` for 2-9 or 10 means the card's face value."""
    table = {str(n): (n if two_to_nine is None else two_to_nine) for n in range(2, 10)}
    table["10"] = 10 if ten is None else ten
    table.update({"J": face, "Q": face, "K": face, "A": ace, "*": joker})
    if joker_before_out is not None:
        table["*-before-out"] = joker_before_out
    return table


@dataclass(frozen=True)
class Rules:
    """A complete rule set. Field names are the house-rule keys of docs/notation.md."""

    preset: str = "amerikaans"
    packs: int | str = 2
    jokers: int | str = 4
    players: tuple[int, int] = (2, 4)  # extension: fewest and most players
    hand_size: int = 13
    upcard: bool | str = True
    upcard_offer: bool = False
    duplicate_exchange: bool = False
    schedule: tuple[Requirement, ...] = (Requirement.parse("points 40"),)
    opening_only_contract: bool = True
    act_before_out: bool = False
    wait_first_turn: bool = False
    set_distinct_suits: bool | str = False
    set_max: int | None = 4
    ace_high: bool = True
    joker_gap: int = 1
    joker_copies_limit: bool = True
    freed_joker: str = "use"
    joker_in_first_meld: bool = True
    take_discard: str = "always"
    buying: Buying | None = None
    going_out: str = "discard"
    discard_joker: bool = True
    stock_empty: str = "reshuffle"
    penalty: Mapping[str, int] = field(
        default_factory=lambda: penalty_table(None, None, 10, 11, 25))
    all_at_once_bonus: int = 0
    rounds: int | None = 1
    eliminate_at: int | None = None
    money: Money | None = None
    open_hands: bool = False
    rearrange: bool = False
    turbo: bool = False
    # Extensions (not in docs/notation.md's table; documented in docs/rules.md):
    max_reshuffles: int | None = None  # the round ends, everyone scoring, when the stock
    #                                     runs out after this many rebuilds (None: never)
    max_turns: int | None = None  # the round ends, everyone scoring, after this many turns
    #                               (None: never): two players may pass one discard back
    #                               and forth for ever, never touching the stock
    set_joker_fixed: bool = True  # False: a joker in a set stands for its rank only (001)
    draws: int = 1  # cards taken from the stock per turn (001 variant: 2)
    swap_in_all_round: bool = False  # joker swaps in the "all at once" round (000: no)

    # --- derived values -------------------------------------------------------------
    def pack_count(self, n_players: int) -> int:
        if self.packs == "by-players":
            return 2 if n_players <= 4 else 3
        return int(self.packs)

    def joker_count(self, n_players: int) -> int:
        if self.jokers == "by-players":
            return 4 if n_players <= 4 else (6 if n_players <= 6 else 9)
        return int(self.jokers)

    def has_upcard(self, n_players: int) -> bool:
        return n_players >= 3 if self.upcard == "3+" else bool(self.upcard)

    def buying_on(self, n_players: int) -> bool:
        return self.buying is not None and n_players >= self.buying.min_players

    def exchange_on(self, n_players: int) -> bool:
        # 000: the duplicate exchange is for two packs only ("bij 3 sets ... NIET ruilen").
        return self.duplicate_exchange and self.pack_count(n_players) == 2

    def requirement(self, round_index: int) -> Requirement:
        """Round ``round_index`` (0-based) plays requirement i of the schedule, cycling."""
        return self.schedule[round_index % len(self.schedule)]

    def distinct_suits(self, round_index: int) -> bool:
        if self.set_distinct_suits == "after-round-1":
            return round_index > 0
        return bool(self.set_distinct_suits)

    def penalty_of(self, rank: int, joker: bool, come_out: bool) -> int:
        if joker:
            if not come_out and "*-before-out" in self.penalty:
                return self.penalty["*-before-out"]
            return self.penalty["*"]
        return self.penalty[PENALTY_KEYS[rank - 1]]

    def match_rounds(self) -> int | None:
        """Rounds in a match, or None when only elimination ends it."""
        if self.rounds is not None:
            return self.rounds
        return None if self.eliminate_at is not None else len(self.schedule)

    # --- reading and writing --------------------------------------------------------
    def to_obj(self) -> str | dict[str, Any]:
        """The rule set as a preset name plus the keys that differ from it."""
        base = PRESETS[self.preset]
        diff = {
            f.name: _dump(getattr(self, f.name))
            for f in fields(self)
            if f.name != "preset"
            and getattr(self, f.name) != getattr(base, f.name)
        }
        return {"preset": self.preset, **diff} if diff else self.preset

    def to_dict(self) -> dict[str, Any]:
        """Every key with its value, as in a house-rules file."""
        return {f.name: _dump(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def load(cls, obj: object) -> Rules:
        """A preset name, or a mapping ``{"preset": NAME, KEY: VALUE, ...}``."""
        if isinstance(obj, Rules):
            return obj
        if isinstance(obj, str):
            return find_preset(obj)
        if not isinstance(obj, Mapping):
            raise RulesError("rules_shape")
        check_depth(obj, RulesError)
        data = dict(obj)
        preset = data.pop("preset", "amerikaans")
        if not isinstance(preset, str):
            raise RulesError("rules_preset_name")
        base = find_preset(preset)
        changes: dict[str, Any] = {}
        for key, value in data.items():
            try:
                changes[key] = _convert(key, value)
            except RulesError as exc:
                exc.keys = (key,)
                raise
        if "penalty" in changes:  # a file may name only some cards (docs/notation.md)
            changes["penalty"] = {**base.penalty, **changes["penalty"]}
        if "schedule" in changes and "rounds" not in changes and base.rounds is not None:
            changes["rounds"] = len(changes["schedule"])
        rules = replace(base, **changes)
        _check_consistent(rules)
        return rules

    @classmethod
    def from_file(cls, path: str | Path) -> Rules:
        """Read a house-rules file (TOML or JSON)."""
        p = Path(path)
        text = read_text(p, RulesError)  # once: a pipe (/dev/stdin) is empty when read again
        parse = parse_toml if p.suffix.lower() == ".toml" else parse_json
        if parse is parse_json and blank(text):  # an empty TOML file changes nothing
            raise RulesError("empty")
        return cls.load(parse(text, RulesError))


def _dump(value: object) -> object:
    if isinstance(value, tuple) and value and isinstance(value[0], Requirement):
        return [str(r) for r in value]
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Buying):
        return {"extra": value.extra, "min_players": value.min_players}
    if isinstance(value, Money):
        return {"per_buy": value.per_buy, "per_point": value.per_point}
    if isinstance(value, Mapping):
        return dict(value)
    return value


GROUPS = ("dealing", "coming-out", "combinations", "jokers", "turn", "buying", "scoring",
          "money")


@dataclass(frozen=True, slots=True)
class Key:
    """What one house-rule key takes: ``Rules.load`` checks a value by it, and the browser's
    house-rules editor draws its control from it (``GET /api/rules/keys``).

    ``kind``: ``bool``; ``int`` (``lo``..``hi``, ``None`` allowed when ``nullable``, and the
    words of ``choices`` besides a number, as ``"by-players"``); ``choice`` (one of
    ``choices``); ``players`` (``[fewest, most]`` within ``lo``..``hi``); ``schedule`` (a
    requirement per round; a meld of at least ``lo`` cards); ``penalty``, ``buying``,
    ``money`` (whole numbers per field, ``fields`` gives each field's ``(lo, hi)``; buying and
    money may be ``None``: off). ``group`` is where an editor shows it (``GROUPS``)."""

    group: str
    kind: str
    lo: int = 0
    hi: int | None = None
    nullable: bool = False
    choices: tuple[object, ...] = ()
    fields: Mapping[str, tuple[int, int | None]] = field(default_factory=dict)


def _flag(group: str) -> Key:
    return Key(group, "bool")


KEYS: dict[str, Key] = {
    "packs": Key("dealing", "int", 1, 4, choices=("by-players",)),
    "jokers": Key("dealing", "int", 0, 12, choices=("by-players",)),
    "players": Key("dealing", "players", 2, MAX_PLAYERS),
    "hand_size": Key("dealing", "int", 3, 20),
    "upcard": Key("dealing", "choice", choices=(True, False, "3+")),
    "upcard_offer": _flag("buying"),
    "duplicate_exchange": _flag("dealing"),
    "schedule": Key("coming-out", "schedule", MIN_MELD),
    "opening_only_contract": _flag("coming-out"),
    "act_before_out": _flag("coming-out"),
    "wait_first_turn": _flag("coming-out"),
    "set_distinct_suits": Key("combinations", "choice", choices=(True, False, "after-round-1")),
    "set_max": Key("combinations", "int", 3, 12, nullable=True),
    "ace_high": _flag("combinations"),
    "joker_gap": Key("jokers", "choice", choices=(0, 1, 2)),
    "joker_copies_limit": _flag("jokers"),
    "freed_joker": Key("jokers", "choice", choices=("use", "new-meld", "hand")),
    "joker_in_first_meld": _flag("jokers"),
    "take_discard": Key("turn", "choice", choices=("always", "if-used")),
    "buying": Key("buying", "buying", nullable=True,
                  fields={"extra": (0, 5), "min_players": (2, MAX_PLAYERS)}),
    "going_out": Key("turn", "choice", choices=("discard", "discard-or-meld")),
    "discard_joker": _flag("jokers"),
    "stock_empty": Key("turn", "choice", choices=("reshuffle", "turn-over")),
    "penalty": Key("scoring", "penalty",
                   fields=dict.fromkeys((*PENALTY_KEYS, "*-before-out"), (0, 1000))),
    "all_at_once_bonus": Key("scoring", "int", 0, 1000),
    "rounds": Key("scoring", "int", 1, 100000, nullable=True),
    "eliminate_at": Key("scoring", "int", 1, 100000, nullable=True),
    "money": Key("money", "money", nullable=True, fields={"per_buy": (0, None),
                                                          "per_point": (0, None)}),
    "open_hands": _flag("turn"),
    "rearrange": _flag("combinations"),
    "turbo": _flag("turn"),
    "max_reshuffles": Key("turn", "int", 0, 100000, nullable=True),
    "max_turns": Key("turn", "int", 1, 100000, nullable=True),
    "set_joker_fixed": _flag("jokers"),
    "draws": Key("turn", "int", 1, 3),
    "swap_in_all_round": _flag("jokers"),
}


_KEY_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset")


def _bool(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise RulesError("rules_bool", key=key, value=_js(value))


def _int(key: str, value: object, lo: int = 0, hi: int | None = None,
         nullable: bool = False) -> int | None:
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (
        hi is not None and value > hi
    ):
        which = ("rules_int_range" if hi is not None else "rules_int_min") + (
            "_or_null" if nullable else "")
        raise RulesError(which, key=key, lo=lo, hi=hi, value=_js(value))
    return value


def _choice(key: str, value: object, options: tuple[object, ...]) -> Any:
    takes_bool = any(isinstance(o, bool) for o in options)  # True == 1: joker_gap = true
    if value in options and (takes_bool or not isinstance(value, bool)):
        return value
    shown = ", ".join(json.dumps(o) for o in options)
    raise RulesError("rules_choice", key=key, choices=shown, value=_js(value))


def _js(value: object) -> str:
    """A value as the file writes it (``true``, ``"hand"``), shortened if long."""
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _convert(key: str, value: object) -> object:
    """Check one house-rule key and turn its value into the field's type (``KEYS`` says
    what each key takes)."""
    if key not in _KEY_NAMES:
        raise RulesError("rules_unknown_key", key=repr(key), keys=", ".join(_KEY_NAMES))
    spec = KEYS[key]
    if spec.kind == "bool":
        return _bool(key, value)
    if spec.kind == "choice":
        return _choice(key, value, spec.choices)
    if spec.kind == "int":
        if value in spec.choices and not isinstance(value, bool):  # "by-players"
            return value
        return _int(key, value, spec.lo, spec.hi, nullable=spec.nullable)
    if key == "players":
        if (isinstance(value, list | tuple) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and 2 <= value[0] <= value[1] <= MAX_PLAYERS):
            return (value[0], value[1])
        raise RulesError("rules_players", most=MAX_PLAYERS, value=_js(value))
    if key == "schedule":
        if not isinstance(value, list | tuple) or not value:
            raise RulesError("rules_schedule",
                             example='["set 3", "run 3", "points 40", "all"]')
        try:
            return tuple(Requirement.parse(str(v)) for v in value)
        except ValueError as exc:
            raise RulesError("at", where="schedule", error=exc) from None
    if key == "buying":
        if value is None:
            return None
        if isinstance(value, Mapping) and set(value) <= {"extra", "min_players"}:
            (x_lo, x_hi), (m_lo, m_hi) = spec.fields["extra"], spec.fields["min_players"]
            return Buying(_int("buying.extra", value.get("extra", 1), x_lo, x_hi) or 0,
                          _int("buying.min_players", value.get("min_players", 3), m_lo,
                               m_hi) or 3)
        raise RulesError("rules_buying", example='{"extra": N, "min_players": N}')
    if key == "money":
        if value is None:
            return None
        if isinstance(value, Mapping) and set(value) <= {"per_buy", "per_point"}:
            (b_lo, b_hi), (p_lo, p_hi) = spec.fields["per_buy"], spec.fields["per_point"]
            return Money(_int("money.per_buy", value.get("per_buy", 1), b_lo, b_hi) or 0,
                         _int("money.per_point", value.get("per_point", 1), p_lo, p_hi) or 0)
        raise RulesError("rules_money", example='{"per_buy": N, "per_point": N}')
    if key == "penalty":
        if not isinstance(value, Mapping):
            raise RulesError("rules_penalty",
                             example='{"2": 5, "10": 10, "J": 10, "A": 15, "*": 20}')
        table: dict[str, int] = {}  # only the cards named; Rules.load keeps the rest
        for k, v in value.items():
            if k not in spec.fields:
                raise RulesError("rules_penalty_key", key=repr(k),
                                 keys=", ".join(PENALTY_KEYS))
            table[k] = _int(f"penalty[{k}]", v, *spec.fields[k]) or 0
        return table
    raise AssertionError(key)  # pragma: no cover - every key is handled above


def _check_consistent(rules: Rules) -> None:
    if rules.rounds is None and rules.eliminate_at is None:
        error = RulesError("rules_no_end")
        error.keys = ("rounds", "eliminate_at")
        raise error


@dataclass(frozen=True, slots=True)
class Contradiction:
    """Two rules that contradict each other: a key of the catalogue (``rule_contra_KEY``,
    worded by ``words/rules.py``) and its numbers."""

    key: str
    params: Mapping[str, int] = field(default_factory=dict)
    keys: tuple[str, ...] = ()  # the house-rule keys it concerns (the editor shows it there)


def _most_of_a_rank(rules: Rules, players: int) -> int:
    """The most cards a set can hold at a table of ``players``: every copy of its rank in
    the packs, and the jokers that can lie apart among them (``joker_gap``)."""
    naturals = 4 * rules.pack_count(players)
    jokers = rules.joker_count(players)
    if rules.joker_gap:
        jokers = min(jokers, naturals // rules.joker_gap + 1)
    return naturals + jokers


def contradictions(rules: Rules) -> list[Contradiction]:
    """Rules that contradict each other: a requirement the other keys make impossible, or a
    key that can never take effect."""
    found: list[Contradiction] = []

    def say(key: str, keys: tuple[str, ...], **params: int) -> None:
        found.append(Contradiction(key, params, keys))

    lo, hi = rules.players
    cards_in_turn = rules.hand_size + rules.draws
    for i, req in enumerate(rules.schedule, 1):
        distinct = rules.distinct_suits(i - 1)
        for alt in req.alternatives:
            for kind, n in alt:
                if kind == "set" and rules.set_max is not None and n > rules.set_max:
                    say("set_max", ("schedule", "set_max"), round=i, n=n, max=rules.set_max)
                elif kind == "set" and distinct and n > 4:
                    say("set_suits", ("schedule", "set_distinct_suits"), round=i, n=n)
                elif kind == "set":
                    short = next(((p, most) for p in range(lo, hi + 1)
                                  if n > (most := _most_of_a_rank(rules, p))), None)
                    if short is not None:
                        say("set_rank", ("schedule", "packs", "jokers"), round=i, n=n,
                            players=short[0], most=short[1])
                if kind == "run" and n > (14 if rules.ace_high else 13):
                    say("run", ("schedule", "ace_high"), round=i, n=n)
            if sum(n for _, n in alt) > cards_in_turn:
                say("cards", ("schedule", "hand_size"), round=i)
        if req.points and req.points > cards_in_turn * 11:
            say("points", ("schedule", "hand_size"), round=i, points=req.points, n=cards_in_turn)
    if rules.rounds is not None and rules.rounds > len(rules.schedule) and len(rules.schedule) > 1:
        say("rounds", ("rounds", "schedule"), rounds=rules.rounds, n=len(rules.schedule))
    for n in range(lo, hi + 1):
        deck = 52 * rules.pack_count(n) + rules.joker_count(n)
        if rules.hand_size * n + (1 if rules.has_upcard(n) else 0) > deck:
            say("deck", ("packs", "jokers", "hand_size", "players"), hand=rules.hand_size, n=n)
            break
    if rules.buying is not None and hi < rules.buying.min_players:
        say("buying", ("buying", "players"))
    if rules.upcard_offer and not any(rules.has_upcard(n) for n in range(lo, hi + 1)):
        say("upcard_offer", ("upcard_offer", "upcard"))
    if rules.duplicate_exchange and not any(rules.exchange_on(n) for n in range(lo, hi + 1)):
        say("exchange", ("duplicate_exchange", "packs"))
    if rules.turbo and rules.draws >= 3:
        say("turbo", ("turbo", "draws"))
    if rules.money is not None and rules.money.per_buy and rules.buying is None:
        say("money", ("money", "buying"))
    return found


# --- the presets by name ------------------------------------------------------------------
# Filled by presets.py and variants.py, which the package imports (rules/__init__.py), so
# every importer of jokeren.rules finds them all.
PRESETS: dict[str, Rules] = {}
ALIASES: dict[str, str] = {}  # other names of a preset -> its name


def register(rules: Rules, aliases: Sequence[str] = ()) -> None:
    """Add a preset, and other names it may be asked by."""
    PRESETS[rules.preset] = rules
    ALIASES.update(dict.fromkeys(aliases, rules.preset))


def find_preset(name: str) -> Rules:
    """A preset by name or alias, like python-chess's ``find_variant``."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError("rules_unknown_preset", name=repr(name), presets=", ".join(PRESETS))
    return PRESETS[key]


__all__ = ["ALIASES", "GROUPS", "KEYS", "PRESETS", "Buying", "Contradiction", "Key", "Money",
           "Rules", "RulesError", "contradictions", "find_preset", "penalty_table", "register"]
