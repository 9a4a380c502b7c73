"""Game records (docs/notation.md, "Game records") and replaying them through the engine.

A live match (``table.Table``) remembers each deal and move in a ``Record``, so every game
exports as a record that replays to the identical state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.cards import Card, NotationError, format_cards, parse_cards
from ..rules.house import Rules, RulesError
from ..rules.reasons import Reason
from ..rules.sentence import Sentence
from ..rules.textfile import parse_json, read_text
from ..support.files import blank
from .actions import PASS, Action, Verb
from .core import apply
from .dealing import Deal, check_players, deal_events, deal_round, new_match
from .errors import DealError, IllegalMoveError
from .events import Event
from .state import OFFER_PHASES, Phase, State

FORMAT = "jokeren-record/1"
REQUIRED = ("format", "rules", "players", "seed", "rounds")  # docs/notation.md, "Game records"
_ANSWERS = {Phase.EXCHANGE: (Verb.GIVE, Verb.PASS), Phase.UPCARD_OFFER: (Verb.TAKE, Verb.PASS),
            Phase.BUYING: (Verb.BUY, Verb.PASS)}


class RecordError(Sentence):
    """A malformed record (exit status 2): one sentence (the catalogue's ``error_record_*``)
    says what is wrong."""


@dataclass
class RoundRecord:
    dealer: str | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    upcard: Card | None = None
    stock: tuple[Card, ...] = ()
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.hands is not None:
            out["hands"] = {p: format_cards(h) for p, h in self.hands.items()}
        if self.upcard is not None:
            out["upcard"] = str(self.upcard)
        if self.stock:
            out["stock"] = format_cards(self.stock)
        out["moves"] = list(self.moves)
        return out


@dataclass
class Record:
    rules: Rules
    players: list[str]
    seed: int = 0
    rounds: list[RoundRecord] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. "source", "comment"

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "rules": self.rules.to_obj(), "players": list(self.players),
                "seed": self.seed, **self.extra,
                "rounds": [r.to_json() for r in self.rounds]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    # --- reading ---
    @classmethod
    def load(cls, path: str | Path) -> Record:
        text = read_text(path, RecordError)
        if blank(text):  # not "not valid JSON (error on line 1)"
            raise RecordError("empty")
        return cls.loads(text)

    @classmethod
    def loads(cls, text: str) -> Record:
        return cls.from_json(parse_json(text, RecordError))

    @classmethod
    def from_json(cls, data: object) -> Record:
        if not isinstance(data, Mapping):
            raise RecordError("record_object")
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            raise RecordError("record_missing", key=repr(missing[0]),
                              required=", ".join(map(repr, REQUIRED)))
        fmt = data["format"]
        if fmt != FORMAT:
            raise RecordError("record_format", format=repr(fmt), expected=repr(FORMAT))
        try:
            rules = Rules.load(data["rules"])
        except RulesError as exc:
            raise RecordError("at", where=Sentence("where_rules"), error=exc) from None
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip()
                                                    for p in players):
            raise RecordError("record_players")
        if len(set(players)) != len(players):
            raise RecordError("record_same_name")
        try:  # before the rounds: not "round 1: dealer 'Cas' is not a player" for one player
            check_players(rules, len(players))
        except DealError as exc:
            raise RecordError("as_is", error=exc) from None
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("record_seed")
        rounds_data = data["rounds"]
        if not isinstance(rounds_data, list):
            raise RecordError("record_rounds")
        rounds = [_read_round(i + 1, r, players) for i, r in enumerate(rounds_data)]
        known = {"format", "rules", "players", "seed", "rounds"}
        extra = {k: v for k, v in data.items() if k not in known}
        return cls(rules, list(players), seed, rounds, extra)


def _cards(where: Sentence, value: object) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise RecordError("record_cards_text", where=where)
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise RecordError("at", where=where, error=exc) from None


def _read_round(number: int, data: object, players: list[str]) -> RoundRecord:
    where = Sentence("where_round", n=number)
    if not isinstance(data, Mapping):
        raise RecordError("record_round_object", where=where)
    unknown = set(data) - {"dealer", "hands", "upcard", "stock", "moves", "comment"}
    if unknown:
        raise RecordError("record_round_key", where=where, key=repr(sorted(unknown)[0]))
    dealer = data.get("dealer")
    if dealer is not None and dealer not in players:
        raise RecordError("record_dealer", where=where, name=repr(dealer))
    hands = None
    if "hands" in data:
        if not isinstance(data["hands"], Mapping):
            raise RecordError("record_hands", where=where)
        for name in data["hands"]:
            if name not in players:
                raise RecordError("record_hands_player", where=where, name=repr(name))
        hands = {p: _cards(Sentence("where_hand", n=number, name=p), v)
                 for p, v in data["hands"].items()}
    upcard = None
    if data.get("upcard") is not None:
        cards = _cards(Sentence("where_upcard", n=number), data["upcard"])
        if len(cards) != 1:
            raise RecordError("record_upcard_one", where=where)
        upcard = cards[0]
    stock = _cards(Sentence("where_stock", n=number), data.get("stock", ""))
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("record_moves", where=where)
    return RoundRecord(dealer, hands, upcard, stock, list(moves))


def parse_line(line: str, players: list[str]) -> tuple[int, Action]:
    """``"Ann: meld 7h 7d 7s"`` -> (seat, action); NotationError if it is not notation."""
    name, colon, rest = line.partition(":")
    if not colon:
        raise NotationError("notation_player_first", line=line)
    name = name.strip()
    if name not in players:
        raise NotationError("notation_not_player", line=line, name=name)
    action = Action.parse(rest.strip())
    if action.verb is Verb.DEAL:
        raise NotationError("notation_deal", line=line)
    return players.index(name), action


def format_line(state: State, seat: int, action: Action) -> str:
    return f"{state.players[seat]}: {action}"


# --- applying with the implicit passes of offers -----------------------------------------

def apply_line(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """Apply an action as a record writes it: seats before it in an offer passed, and an
    action that answers nothing closes the offer with every remaining seat passing."""
    events: list[Event] = []
    while state.phase in OFFER_PHASES:
        if action.verb in _ANSWERS[state.phase] and seat in state.offer and seat == state.to_act:
            break
        state, more = apply(state, state.to_act, PASS)
        events += more
    state, more = apply(state, seat, action)
    return state, events + more


# --- replay -----------------------------------------------------------------------------

@dataclass
class Replay:
    state: State | None
    ok: bool
    error: dict[str, Any] | None
    refusal: Reason | None = None  # why the move was refused, to word in any language

    def summary(self) -> dict[str, Any]:
        """The replay output of docs/notation.md."""
        s = self.state
        assert s is not None
        names = s.players
        rounds: list[dict[str, Any]] = [
            {"winner": names[r.winner] if r.winner is not None else None,
             "penalties": {names[i]: r.penalties[i] for i in range(s.n)}}
            for r in s.results
        ]
        if s.phase is not Phase.ROUND_OVER and s.phase is not Phase.MATCH_OVER:
            rounds.append({"winner": None, "penalties": None})
        out: dict[str, Any] = {
            "ok": self.ok, "error": self.error, "rounds": rounds,
            "totals": {names[i]: s.totals[i] for i in range(s.n)},
            "finished": s.phase is Phase.MATCH_OVER,
            "winner": names[s.winner] if s.winner is not None else None,
        }
        if s.rules.eliminate_at is not None:
            out["eliminated"] = [names[i] for i in s.eliminated]
        if s.rules.money is not None:
            out["pot"] = {"cents": s.pot,
                          "won_by": names[s.pot_winner] if s.pot_winner is not None else None}
        return out


def _deal_of(record: Record, rnd: RoundRecord, state: State | None) -> Deal:
    hands = None
    if rnd.hands is not None:
        active = state.active if state is not None else tuple(range(len(record.players)))
        names = [record.players[i] for i in active]
        missing = [p for p in names if p not in rnd.hands]
        if missing:
            raise RecordError("record_hands_missing", name=missing[0])
        hands = tuple(rnd.hands[p] for p in names)
    return Deal(hands, rnd.upcard, rnd.stock)


@dataclass(frozen=True, slots=True)
class Step:
    """One deal or move of a record as the engine played it (the browser's replay page
    shows the table after each): its round (from 1), its move (0: the deal) and line, the
    state after it and its events, every card in them."""

    round: int
    move: int
    line: str | None
    state: State
    events: tuple[Event, ...]


class Stopped(Exception):
    """The engine refused a move of the record: the state before it, where and why."""

    def __init__(self, state: State, error: dict[str, Any], reason: Reason) -> None:
        super().__init__(error["reason"])
        self.state, self.error, self.reason = state, error, reason


def steps(record: Record) -> Iterator[Step]:
    """Play ``record`` through the engine one deal or move at a time; RecordError if it is
    malformed, ``Stopped`` at the first move the engine refuses."""
    state: State | None = None
    for number, rnd in enumerate(record.rounds, 1):
        dealer = record.players.index(rnd.dealer) if rnd.dealer is not None else None
        try:
            if state is None:
                state = new_match(record.rules, record.players, record.seed,
                                  _deal_of(record, rnd, None), dealer)
            elif state.phase is Phase.MATCH_OVER:
                over = Reason("match_over")
                raise Stopped(state, _error(number, 1, rnd, str(over)), over)
            elif state.phase is not Phase.ROUND_OVER:
                raise RecordError("record_unfinished", n=number - 1, next=number)
            else:
                state = deal_round(state, _deal_of(record, rnd, state), dealer)
        except DealError as exc:
            raise RecordError("at", where=Sentence("where_round", n=number), error=exc) \
                from None
        yield Step(number, 0, None, state, tuple(deal_events(state)))
        for index, line in enumerate(rnd.moves, 1):
            try:
                seat, action = parse_line(line, record.players)
            except NotationError as exc:
                raise RecordError("at", where=Sentence("where_move", n=number, move=index),
                                  error=exc) from None
            try:
                state, events = apply_line(state, seat, action)
            except IllegalMoveError as exc:
                raise Stopped(state, _error(number, index, rnd, str(exc)), exc) from None
            yield Step(number, index, line, state, tuple(events))


def replay(record: Record) -> Replay:
    """Play ``record`` through the engine; stop at the first illegal move."""
    state: State | None = None
    try:
        for step in steps(record):
            state = step.state
    except Stopped as stop:
        return Replay(stop.state, False, stop.error, stop.reason)
    if state is None:
        try:
            state = new_match(record.rules, record.players, record.seed)
        except DealError as exc:
            raise RecordError("as_is", error=exc) from None
        # A record without rounds is the position before the first deal: nothing played.
        state = _undealt(state)
    return Replay(state, True, None)


def _undealt(state: State) -> State:
    from dataclasses import replace

    return replace(state, phase=Phase.ROUND_OVER)


def _error(round_no: int, move: int, rnd: RoundRecord, reason: str) -> dict[str, Any]:
    text = rnd.moves[move - 1] if move - 1 < len(rnd.moves) else ""
    return {"round": round_no, "move": move, "text": text, "reason": reason}
