"""Actions, events, views and refusals as JSON, and back: the one schema of docs/protocol.md.

The schema is the ``TypedDict``s of ``wire_schema`` (with ``json_schema()`` and
``validator()``, re-exported here); this module is compiled, that one is not. Cards
are written in the public notation (``"7h"``, ``"*"``, ``"*7h"``), actions are one line of it
(``"lay 1 8h"``). A frame for a seat is built from what that seat may see (``views.view``,
``views.event_for``): this module adds nothing a seat may not see and drops nothing it may.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, cast

from ..rules.cards import JOKER, NATURALS, RANKS, Card, format_cards, parse_cards
from ..rules.house import Rules
from ..rules.melds import Meld
from ..rules.reasons import Rank, Reason, Suit
from ..rules.requirements import Requirement
from ..support.memo import ByIdentity
from .actions import Action
from .events import Event, EventKind
from .phase import Phase
from .state import RoundResult
from .views import SeatView, event_for
from .wire_schema import (
    MESSAGES,
    ClockJSON,
    EventJSON,
    MeldJSON,
    RefusalJSON,
    RequirementJSON,
    ResultJSON,
    ViewJSON,
    WordsJSON,
    json_schema,
    validator,
)

# --- encoding --------------------------------------------------------------------------

# Every card's notation, looked up rather than formatted: a view late in a match holds
# hundreds of cards, and the server writes four views an action.
_TEXT: dict[Card, str] = {c: str(c) for c in (*NATURALS, *(n.as_joker() for n in NATURALS),
                                               JOKER)}
# ``rules.to_obj()`` once per rule set: a table's views all share it (nobody changes a
# view's "rules"; Rules.load copies what it reads), so it is not copied per view.
# a rule set (by identity) -> its JSON for views (under 1 KB each)
_rules_obj = ByIdentity(Rules.to_obj, size=256, name="wire.rules")


def _cards(cards: Sequence[Card]) -> list[str]:
    text = _TEXT
    return [text.get(c) or str(c) for c in cards]


@functools.lru_cache(maxsize=256)
def _words(req: Requirement) -> tuple[str, str, str]:
    return str(req), req.describe("en"), req.describe("nl")


def _requirement(req: Requirement) -> RequirementJSON:
    """The requirement's notation and words, worked out once per requirement."""
    notation, en, nl = _words(req)
    return {"notation": notation, "text": {"en": en, "nl": nl}}


def _meld(meld: Meld) -> MeldJSON:
    return {"kind": meld.kind, "cards": _cards(meld.cards), "start": meld.start}


def _melds(table: Sequence[Meld]) -> list[MeldJSON]:
    return [_meld(m) for m in table]


def _results(results: Sequence[RoundResult]) -> list[ResultJSON]:
    return [{"winner": r.winner, "penalties": list(r.penalties),
             "requirement": r.requirement, "dealer": r.dealer,
             "hands_left": [_cards(h) for h in r.hands_left],
             "all_at_once": r.all_at_once} for r in results]


# What every seat sees alike, written once per tuple (by identity): the four seats' views
# of one state share it, the table's melds stay the same tuple from a draw to the discard,
# the rounds' results the whole round. Nobody changes a view's JSON once written (the
# server only serialises it).
# by identity: a table's melds, a discard pile, the rounds' results -> their JSON (a few KB,
# about 1 KB, a few KB each)
_table_json = ByIdentity(_melds, size=256, name="wire.table")
_pile_json = ByIdentity(_cards, size=256, name="wire.pile")
_results_json = ByIdentity(_results, size=256, name="wire.results")


def encode_action(action: Action) -> str:
    return str(action)


def encode_event(event: Event, seat: int | None) -> EventJSON:
    """``event`` as ``seat`` (None: a spectator) may see it."""
    seen = event_for(event, seat)
    return {"kind": str(seen.kind), "seat": seen.seat, "cards": _cards(seen.cards),
            "hidden": seen.hidden, "to": seen.to, "melds": [_meld(m) for m in seen.melds],
            "audience": list(event.audience)}


def encode_view(v: SeatView) -> ViewJSON:
    return {
        "seat": v.seat, "rules": _rules_obj(v.rules), "players": list(v.players),
        "round_index": v.round_index,
        "requirement": _requirement(v.requirement),
        "dealer": v.dealer, "phase": v.phase.value, "turn": v.turn, "to_act": v.to_act,
        "offer": list(v.offer), "hand": _cards(v.hand),
        "open_hands": [_cards(h) for h in v.open_hands] if v.open_hands is not None else None,
        "hand_sizes": list(v.hand_sizes), "known": [_cards(k) for k in v.known],
        "come_out": list(v.come_out), "table": _table_json(v.table),
        "owners": list(v.owners),
        "discard_top": str(v.discard_top) if v.discard_top is not None else None,
        "discard_size": v.discard_size, "stock_size": v.stock_size,
        "turns_done": v.turns_done, "drawn": _cards(v.drawn), "pending": _cards(v.pending),
        "came_out_now": v.came_out_now, "totals": list(v.totals),
        "results": _results_json(v.results),
        "eliminated": list(v.eliminated), "pot": v.pot, "winner": v.winner,
        "discard_pile": _pile_json(v.discard_pile), "rebuilds": v.rebuilds,
    }


# The fields of a view that ``views.view`` makes for each seat: every other field is the
# state's own, alike for every seat (and checked to be so before it is shared).
OWN_FIELDS = ("seat", "hand", "drawn", "pending")
_SHARED_FIELDS = tuple(f for f in SeatView.__dataclass_fields__ if f not in OWN_FIELDS)


def _same_but_own(v: SeatView, first: SeatView) -> bool:
    for name in _SHARED_FIELDS:
        a, b = getattr(v, name), getattr(first, name)
        if a is not b and a != b:
            return False
    return True


def encode_views(views: Sequence[SeatView]) -> list[ViewJSON]:
    """``encode_view`` of each of several views of one state (the seats of a table after an
    action): the first written whole, each other one a copy of it with its own fields
    (``OWN_FIELDS``) written anew, once every other field is checked to be the first's;
    a view that differs elsewhere is written whole. The same JSON as ``encode_view``."""
    if not views:
        return []
    first = views[0]
    base = encode_view(first)
    out = [base]
    for v in views[1:]:
        if not _same_but_own(v, first):
            out.append(encode_view(v))
            continue
        view = base.copy()
        view["seat"] = v.seat
        view["hand"] = _cards(v.hand)
        view["drawn"] = _cards(v.drawn)
        view["pending"] = _cards(v.pending)
        out.append(view)
    return out


def _same(value: Any) -> Any:
    return value


def _hands(hands: Sequence[Sequence[Card]] | None) -> list[list[str]] | None:
    return [_cards(h) for h in hands] if hands is not None else None


def _card_or_none(card: Card | None) -> str | None:
    return str(card) if card is not None else None


def _phase(phase: Phase) -> str:
    return phase.value


# Each field of a view and how ``encode_view`` writes it (the same functions), for
# ``view_changes``; a test checks the list against ``encode_view``.
_ENCODERS: tuple[tuple[str, Any], ...] = (
    ("seat", _same), ("rules", _rules_obj), ("players", list), ("round_index", _same),
    ("requirement", _requirement), ("dealer", _same), ("phase", _phase),
    ("turn", _same), ("to_act", _same), ("offer", list), ("hand", _cards),
    ("open_hands", _hands), ("hand_sizes", list), ("known", _hands), ("come_out", list),
    ("table", _table_json), ("owners", list), ("discard_top", _card_or_none),
    ("discard_size", _same), ("stock_size", _same), ("turns_done", _same),
    ("drawn", _cards), ("pending", _cards), ("came_out_now", _same), ("totals", list),
    ("results", _results_json), ("eliminated", list), ("pot", _same), ("winner", _same),
    ("discard_pile", _pile_json), ("rebuilds", _same))


def view_changes(old: SeatView, new: SeatView) -> dict[str, Any]:
    """The keys of ``encode_view(new)`` whose value is not ``encode_view(old)``'s, each
    written as ``encode_view`` writes it: only the fields that differ (by identity first:
    the state shares what an action left alone) are written. ``{**encode_view(old),
    **view_changes(old, new)} == encode_view(new)``."""
    out: dict[str, Any] = {}
    for name, encode in _ENCODERS:
        a, b = getattr(new, name), getattr(old, name)
        if a is not b and a != b:
            out[name] = encode(a)
    return out


def encode_refusal(reason: Reason, you: bool = False) -> RefusalJSON:
    """A refusal on the wire: its key, values and sentence in both languages, to the seat
    that acted in the second person (``you``)."""
    return {"key": reason.key, "params": {k: _param(p) for k, p in reason.params.items()},
            "text": {"en": reason.text("en", you=you), "nl": reason.text("nl", you=you)}}


def _param(value: Any) -> Any:
    if isinstance(value, Reason):
        return encode_refusal(value)
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, Suit):
        return "shdc"[value.index]
    if isinstance(value, Rank):
        return RANKS[value.rank - 1]
    cards = getattr(value, "cards", value)  # a meld, or the cards of one
    if isinstance(cards, tuple | list) and all(isinstance(c, Card) for c in cards):
        return format_cards(cards)
    return str(value)  # a card, a requirement: their notation


# --- decoding --------------------------------------------------------------------------

def decode_action(text: str) -> Action:
    """An action's notation (NotationError if it is not)."""
    return Action.parse(text)


def _parse_cards(items: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in items)


def _read_meld(obj: MeldJSON) -> Meld:
    return Meld(obj["kind"], _parse_cards(obj["cards"]), obj["start"])


def decode_event(obj: EventJSON) -> Event:
    """The event as its seat saw it (``views.event_for``)."""
    kind = EventKind(obj["kind"])
    hidden = obj["hidden"]
    public = not obj["audience"]
    return Event(kind.value, obj["seat"], _parse_cards(obj["cards"]), obj["to"],
                 tuple(_read_meld(m) for m in obj["melds"]), public, hidden)


def decode_view(obj: ViewJSON) -> SeatView:
    hands, rules = obj["open_hands"], Rules.load(obj["rules"])
    return SeatView(
        seat=obj["seat"], rules=rules, players=tuple(obj["players"]),
        round_index=obj["round_index"], requirement=rules.requirement(obj["round_index"]),
        dealer=obj["dealer"], phase=Phase(obj["phase"]), turn=obj["turn"],
        to_act=obj["to_act"], offer=tuple(obj["offer"]), hand=_parse_cards(obj["hand"]),
        open_hands=tuple(_parse_cards(h) for h in hands) if hands is not None else None,
        hand_sizes=tuple(obj["hand_sizes"]), known=tuple(_parse_cards(k) for k in obj["known"]),
        come_out=tuple(obj["come_out"]), table=tuple(_read_meld(m) for m in obj["table"]),
        owners=tuple(obj["owners"]),
        discard_top=Card.parse(obj["discard_top"]) if obj["discard_top"] is not None else None,
        discard_size=obj["discard_size"], stock_size=obj["stock_size"],
        turns_done=obj["turns_done"], drawn=_parse_cards(obj["drawn"]),
        pending=_parse_cards(obj["pending"]), came_out_now=obj["came_out_now"],
        totals=tuple(obj["totals"]),
        results=tuple(RoundResult(r["winner"], tuple(r["penalties"]), r["requirement"],
                                  r["dealer"], tuple(_parse_cards(h) for h in r["hands_left"]),
                                  r["all_at_once"]) for r in obj["results"]),
        eliminated=tuple(obj["eliminated"]), pot=obj["pot"], winner=obj["winner"],
        discard_pile=_parse_cards(obj["discard_pile"]), rebuilds=obj["rebuilds"],
    )


def decode_refusal(obj: RefusalJSON) -> Reason:
    """The refusal with its key and values (cards and requirements as their notation)."""
    params = {k: decode_refusal(cast(RefusalJSON, v)) if isinstance(v, dict)
              else _unparam(k, v) for k, v in obj["params"].items()}
    return Reason(obj["key"], **params)


def _unparam(key: str, value: Any) -> Any:
    """A refusal's value back as the engine gave it (cards, rank, suit, requirement), so
    the decoded refusal words itself as the original did; anything else as it came."""
    if not isinstance(value, str):
        return value
    try:
        if key in ("card", "what"):
            return Card.parse(value)
        if key in ("cards", "meld", "where"):
            return parse_cards(value)
        if key == "rank":
            return Rank(RANKS.index(value) + 1)
        if key == "suit":
            return Suit("shdc".index(value))
        if key == "requirement":
            return Requirement.parse(value)
    except ValueError:
        pass
    return value


__all__ = [  # the schema's names too (wire_schema): every caller imports from here
    "MESSAGES",
    "OWN_FIELDS",
    "ClockJSON",
    "EventJSON",
    "MeldJSON",
    "RefusalJSON",
    "RequirementJSON",
    "ResultJSON",
    "ViewJSON",
    "WordsJSON",
    "decode_action",
    "decode_event",
    "decode_refusal",
    "decode_view",
    "encode_action",
    "encode_event",
    "encode_refusal",
    "encode_view",
    "encode_views",
    "json_schema",
    "validator",
]
