"""One match at the terminal: a ``Table`` plus who sits at the screen.

The session holds no rules and no game state of its own: people's moves and computer
moves both go through the table (``Table.act``, ``Table.play_bot``); screens read only
views of one seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..bots import NAMED_KINDS, Player, make_player
from ..engine import Deal, IllegalMoveError
from ..engine.actions import Action, Verb
from ..engine.events import Event
from ..engine.record import parse_line
from ..engine.state import Phase
from ..engine.views import SeatView, event_for
from ..play.table import Seat, Table
from ..rules.cards import Card
from ..rules.house import Rules

TABLE_KEY = "table"  # the record's extra key: who sat at the screen, the computers' levels
BOT_NAMES = ("Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot",
             "Mees", "Noor", "Otto", "Pien", "Roos")  # up to rules.MAX_PLAYERS computer seats


def available_levels() -> tuple[str, ...]:
    """The computer players' levels that ``bots.make_player`` knows now."""
    known = []
    for level in NAMED_KINDS:
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
                 bots: Sequence[Player] | None = None, game: Table | None = None) -> None:
        """A new match from ``config``, or the saved ``game`` continued (``--resume``)."""
        rules = replace(config.rules, open_hands=True) if config.learn else config.rules
        self.config = config
        self.players = config.players
        self.humans = tuple(range(len(config.humans)))
        if bots is None:
            bots = [make_player(level, config.seed * 31 + i)
                    for i, level in enumerate(config.bots)]
        first = len(self.humans)
        if game is None:
            seats = [Seat(name) for name in self.players[:first]]
            seats += [Seat(name, level) for name, level in
                      zip(self.players[first:], config.bots, strict=True)]
            game = Table(rules, seats, config.seed, deal=deal,
                         players={first + i: b for i, b in enumerate(bots)})
        else:
            for i, (level, bot) in enumerate(zip(config.bots, bots, strict=True)):
                game.set_level(first + i, level, bot)
        self.table = game
        self.table.record.extra[TABLE_KEY] = {"humans": list(config.humans),
                                              "bots": list(config.bots)}

    # --- what a seat sees ---------------------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        return self.table.view(seat)

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def phase(self) -> Phase:
        return self.table.phase

    @property
    def to_act(self) -> int:
        return self.table.state.to_act

    def human_turn(self) -> bool:
        return self.table.state.live and self.to_act in self.humans

    @staticmethod
    def public(events: Sequence[Event]) -> list[Event]:
        """The events as everyone at the table may see them (the shared log)."""
        return [event_for(e, None) for e in events]

    def discarder(self) -> int | None:
        """Who laid the top card of the discard pile this round (None: the upcard, or no
        pile). Offers come only at a draw, right after a discard: the round's last one."""
        top = self.table.state.discard[-1:]
        for line in reversed(self.table.record.rounds[-1].moves):
            seat, action = parse_line(line, list(self.players))
            if action.verb is Verb.DISCARD:
                return seat if (action.card,) == top else None
        return None

    def gives(self) -> list[tuple[int, Card]]:
        """Who gave which card in this round's duplicate exchange, from the record (the
        engine keeps the cards given only until everyone has answered)."""
        gives = []
        for line in self.table.record.rounds[-1].moves:
            seat, action = parse_line(line, list(self.players))
            if action.verb is Verb.GIVE:
                gives.append((seat, action.card))
        return gives

    def legal(self) -> list[Action]:
        """The engine's own listing of what the seat to act may do now (hints)."""
        return self.table.legal()

    # --- moves --------------------------------------------------------------------------
    def check(self, seat: int, action: Action) -> IllegalMoveError | None:
        return self.table.check(seat, action)

    def play(self, seat: int, action: Action) -> list[Event]:
        """A person's move; ``IllegalMoveError`` (with the reason) leaves everything as it was."""
        return self.table.play(seat, action)

    def bot_move(self) -> BotMove | None:
        """One computer move, if a computer player is to act (they do not deal: the next
        round starts when the people have seen the scores, ``next_round``)."""
        done = self.table.play_bot(deal=False)
        if done is None:
            return None
        assert done.before is not None
        return BotMove(done.seat, done.action, done.before, done.events)

    def next_round(self) -> None:
        """The seat whose deal it is deals (for a computer player, once people are ready)."""
        self.table.next_round()

    def save(self, path: Path) -> None:
        path.write_text(self.table.record.dumps(), encoding="utf-8")
