"""One match at the terminal: the engine's ``Game`` plus who sits where.

The session holds no rules and no game state of its own: people's moves and computer
moves both go through ``Game.play``; screens read only ``views.view`` of one seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..actions import Action
from ..bots import Player, make_player
from ..engine import Deal, IllegalMoveError, check
from ..events import Event
from ..legal import legal_actions
from ..record import Game
from ..rules import Rules
from ..state import Phase
from ..views import SeatView, event_for, view

LEVELS = ("random", "basic", "strong")  # the ones make_player knows are offered
DEFAULT_LEVEL = "basic"  # plays like a person: goes out (random buys all and never does)
TABLE_KEY = "table"  # the record's extra key: who sat at the screen, the computers' levels
BOT_NAMES = ("Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot",
             "Mees", "Noor", "Otto", "Pien", "Roos")  # up to rules.MAX_PLAYERS computer seats


def available_levels() -> tuple[str, ...]:
    """The computer players' levels that ``bots.make_player`` knows now."""
    known = []
    for level in LEVELS:
        try:
            make_player(level)
        except ValueError:
            continue
        known.append(level)
    return tuple(known)


@dataclass(frozen=True)
class TableConfig:
    """What the setup screen (or ``jokeren play``'s options) chose."""

    rules: Rules
    humans: tuple[str, ...] = ("Ann",)
    bots: tuple[str, ...] = ("basic", "basic")  # one level per computer seat
    seed: int = 0
    learn: bool = False
    confirm: bool = True
    save: Path | None = None
    names: tuple[str, ...] = ()  # every seat's name, as a resumed record has them

    @property
    def players(self) -> tuple[str, ...]:
        if self.names:
            return self.names
        free = [n for n in BOT_NAMES if n not in self.humans]
        return (*self.humans, *free[: len(self.bots)])


@dataclass(frozen=True, slots=True)
class BotMove:
    seat: int
    action: Action
    before: SeatView  # what the computer player saw when it chose
    events: tuple[Event, ...]


class Session:
    """A live match: people at ``humans`` (seats), computer players at the others."""

    def __init__(self, config: TableConfig, deal: Deal | None = None,
                 bots: Sequence[Player] | None = None, game: Game | None = None) -> None:
        """A new match from ``config``, or the saved ``game`` continued (``--resume``)."""
        rules = replace(config.rules, open_hands=True) if config.learn else config.rules
        self.config = config
        self.players = config.players
        self.humans = tuple(range(len(config.humans)))
        self.game = game or Game(rules, list(self.players), config.seed, deal)
        self.game.record.extra[TABLE_KEY] = {"humans": list(config.humans),
                                             "bots": list(config.bots)}
        if bots is None:
            bots = [make_player(level, config.seed * 31 + i)
                    for i, level in enumerate(config.bots)]
        self.bots: dict[int, Player] = {len(self.humans) + i: b for i, b in enumerate(bots)}

    # --- what a seat sees ---------------------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        return view(self.game.state, seat)

    @property
    def phase(self) -> Phase:
        return self.game.state.phase

    @property
    def to_act(self) -> int:
        return self.game.state.to_act

    def human_turn(self) -> bool:
        return self.game.state.live and self.to_act in self.humans

    @staticmethod
    def public(events: Sequence[Event]) -> list[Event]:
        """The events as everyone at the table may see them (the shared log). Who a
        duplicate went to is public (the givers pass clockwise); the card is not."""
        return [e.without_cards(e.to) if e.kind == "exchanged" else event_for(e, None)
                for e in events]

    def legal(self) -> list[Action]:
        """The engine's own listing of what the seat to act may do now (hints)."""
        return legal_actions(self.game.state)

    # --- moves --------------------------------------------------------------------------
    def check(self, seat: int, action: Action) -> IllegalMoveError | None:
        return check(self.game.state, seat, action)

    def play(self, seat: int, action: Action) -> list[Event]:
        """A person's move; ``IllegalMoveError`` (with the reason) leaves everything as it was."""
        return self.game.play(seat, action)

    def bot_move(self) -> BotMove | None:
        """One computer move, if a computer player is to act."""
        state = self.game.state
        if not state.live or state.to_act not in self.bots:
            return None
        seat = state.to_act
        seen = view(state, seat)
        action = self.bots[seat].choose(seen, legal_actions(state))
        return BotMove(seat, action, seen, tuple(self.game.play(seat, action)))

    def next_round(self) -> None:
        self.game.next_round()

    def save(self, path: Path) -> None:
        path.write_text(self.game.record.dumps(), encoding="utf-8")
