"""One table's game as the runtime sees it: the only module of the server that knows the
engine. It applies actions, says why one is refused, and words views and events as JSON
for one seat (or a spectator), never more than that seat may see."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from ..actions import Action
from ..bots import Player, make_player
from ..cards import Card, NotationError
from ..engine import apply
from ..events import Event
from ..legal import legal_actions
from ..reasons import Reason
from ..record import Game
from ..rules import Rules
from ..state import Phase, State
from ..views import SeatView, event_for, view

DEAL = "deal"  # the table starts the next round (no seat acts)


def reason_json(reason: Reason) -> dict[str, Any]:
    """A refusal for the wire: its key, its values and its words in Dutch and English."""
    return {"key": reason.key, "params": {k: _plain(v) for k, v in reason.params.items()},
            "nl": reason.text("nl"), "en": reason.text("en")}


def refusal(key: str, en: str, nl: str, **params: Any) -> dict[str, Any]:
    """A refusal of the server itself (malformed message, stale version...)."""
    return {"key": key, "params": params, "nl": nl, "en": en}


def _plain(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, Reason):
        return reason_json(value)
    return str(value)


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _value(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Rules):
        return value.to_obj()
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if hasattr(value, "kind") and hasattr(value, "cards") and hasattr(value, "start"):
        return {"kind": value.kind, "cards": _cards(value.cards)}
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _value(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [_value(v) for v in value]
    return str(value)


def view_json(seen: SeatView) -> dict[str, Any]:
    return {f.name: _value(getattr(seen, f.name)) for f in fields(seen)}


def event_json(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "seat": event.seat, "cards": _cards(event.cards),
            "to": event.to, "melds": [_cards(m.cards) for m in event.melds]}


class LiveGame:
    """A match in play, rebuilt from (rules, seed, players, actions) after a restart."""

    def __init__(self, rules: Rules, players: Sequence[str], seed: int) -> None:
        self.game = Game(rules, list(players), seed)
        self.version = 0

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.state.players

    @property
    def finished(self) -> bool:
        return self.game.state.phase is Phase.MATCH_OVER

    @property
    def needs_deal(self) -> bool:
        return self.game.state.phase is Phase.ROUND_OVER

    @property
    def to_act(self) -> int | None:
        """The seat the table waits for, or None between rounds and at the end."""
        state = self.game.state
        return state.to_act if state.live else None

    @property
    def buying(self) -> bool:
        return self.game.state.phase is Phase.BUYING

    def parse(self, text: str) -> Action:
        """The action in the public notation; NotationError if it is not."""
        return Action.parse(text)

    def check(self, seat: int, action: Action) -> Reason | None:
        """Why ``seat`` may not do ``action`` now, or None."""
        try:
            apply(self.game.state, seat, action, dry=True)
        except Reason as exc:
            return exc
        return None

    def act(self, seat: int | None, text: str) -> list[Event]:
        """Apply an action (``DEAL`` with no seat: the next round); Reason if refused."""
        if seat is None:
            if text != DEAL:
                raise NotationError(f"only {DEAL!r} is done by the table")
            self.game.next_round()
            self.version += 1
            return []
        events = self.game.play(seat, Action.parse(text))
        self.version += 1
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        return view_json(view(self.game.state, seat))

    @staticmethod
    def events_for(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
        return [event_json(event_for(e, seat)) for e in events]

    def record(self) -> dict[str, Any]:
        return self.game.record.to_json()

    def state_hash(self) -> str:
        """A digest of the whole state (tests: a refused message changes nothing)."""
        return hashlib.sha256(repr(self.game.state).encode()).hexdigest()



def decide(player: Player, state: State, seat: int) -> str:
    """A computer player's choice, in notation: runs in a worker thread (the state is
    immutable, and the table's task waits for the answer before anything else moves)."""
    return str(player.choose(view(state, seat), legal_actions(state)))


def new_player(level: str, seed: int) -> Player:
    return make_player(level, seed)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
