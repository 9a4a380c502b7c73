"""One game at one table: the object every screen, runner and the server play through.

A ``Table`` holds a match and who sits where (a person, or a computer player at a level).
Every accepted action raises ``version`` by one; ``act`` refuses a stale version, so two
devices cannot both answer the same moment. It keeps the actions (enough to rebuild the
table exactly: ``Table.rebuild``), the events with the version that made them (a seat that
reconnects asks for what it missed), and the game record as it goes. Computer players are
driven by one loop (``play_bots``); their decision (``decide``, from a ``BotTurn``: the
seat's view and the legal actions) is separate from applying it, so a server can think in
a pool and apply through ``act``. Pure: no I/O, no clock; the seed is given
(``new_seed`` draws one for a match that people play).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..analysis.legal import legal_actions
from ..bots import Player, make_player
from ..engine import Deal, IllegalMoveError, apply, check, deal_events, deal_round, new_match
from ..engine.actions import DEAL, Action, Verb
from ..engine.events import Event
from ..engine.record import Record, RecordError, RoundRecord, format_line, replay
from ..engine.state import Phase, State
from ..engine.views import SeatView, event_for, view
from ..rules.cards import Card
from ..rules.house import Rules
from ..rules.reasons import Reason

SEED_BITS = 128


def new_seed() -> int:
    """A match's seed for people's play: 128 bits, so no hand seen can search it out."""
    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a person (``level`` None) or a computer player at ``level``."""

    name: str
    level: str | None = None

    @property
    def person(self) -> bool:
        return self.level is None


@dataclass(frozen=True, slots=True)
class Accepted:
    """An action the table took: the new version and what happened (every audience)."""

    version: int
    seat: int
    action: Action
    events: tuple[Event, ...]
    before: SeatView | None = None  # a computer player's move: what it saw when it chose

    def seen_by(self, seat: int | None) -> list[Event]:
        """The events as ``seat`` (None: a spectator) may see them."""
        return [event_for(e, seat) for e in self.events]


@dataclass(frozen=True, slots=True)
class Refused:
    """An action the table did not take, and why; ``version`` is the table's, unchanged."""

    version: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class BotTurn:
    """What a computer player decides from: its seat's view and the listed legal actions
    at ``version``. Picklable, so the decision can run in another process."""

    seat: int
    version: int
    level: str
    view: SeatView
    legal: tuple[Action, ...]
    seed: int  # for a player made afresh for this decision (``decide``)


def decide(turn: BotTurn, player: Player | None = None) -> Action:
    """A computer player's choice at ``turn`` (a fresh player of its level if none given).
    Dealing the next round is no choice: the player is not asked (its random stream stays
    as it was before dealing was an action)."""
    if turn.view.phase is Phase.ROUND_OVER:
        return DEAL
    chooser = player if player is not None else make_player(turn.level, turn.seed)
    return chooser.choose(turn.view, turn.legal)


class Table:
    """One match: rules, seats, version, actions, events, record. See the module's doc."""

    def __init__(self, rules: Rules, seats: Sequence[Seat], seed: int, *,
                 deal: Deal | None = None, dealer: int | None = None,
                 players: Mapping[int, Player] | None = None, round_index: int = 0,
                 keep_events: bool = True) -> None:
        self._setup(rules, seats, seed, players, keep_events)
        if round_index:
            blank = State(rules=rules, players=self.names, seed=seed, round_index=round_index,
                          totals=(0,) * len(self.seats), dealer=len(self.seats) - 1,
                          phase=Phase.ROUND_OVER)
            self._state = deal_round(blank, deal, dealer=blank.dealer)
        else:
            self._state = new_match(rules, self.names, seed, deal, dealer)
        self._record = Record(rules, list(self.names), seed, [])
        self._dealt(deal_events(self._state))

    def _setup(self, rules: Rules, seats: Sequence[Seat], seed: int,
               players: Mapping[int, Player] | None, keep_events: bool) -> None:
        self.rules = rules
        self.seats = tuple(seats)
        self.names = tuple(s.name for s in self.seats)
        self.version = 0
        self.actions: list[tuple[int, Action]] = []
        self._keep_events = keep_events
        self._log: list[tuple[int, Event]] = []
        self._round_start = 0  # the version of this round's deal
        # the last round that ended: its state then, and the versions of its deal and end
        self._ended: tuple[State, int, int] | None = None
        self._bot_seed = random.Random(f"jokeren-bots/{seed}").getrandbits(63)
        self._players: dict[int, Player] = dict(players or {})

    @classmethod
    def resume(cls, record: Record, seats: Sequence[Seat] | None = None) -> Table:
        """The match of a saved ``record`` where it stopped, to play on (people at every
        seat unless ``seats`` says otherwise); RecordError if a move in it is illegal or it
        holds no round. Its ``actions`` and events begin here; the record goes on."""
        if not record.rounds:
            raise RecordError("record_no_round")
        result = replay(record)
        if not result.ok or result.state is None:
            e = result.error or {"round": 0, "move": 0, "reason": ""}
            raise RecordError("record_illegal", move=e["move"], round=e["round"],
                              reason=result.refusal or e["reason"])
        table = cls.__new__(cls)
        table._setup(record.rules, seats or [Seat(name) for name in record.players],
                     record.seed, None, True)
        table._state, table._record = result.state, record
        table.version = sum(len(r.moves) for r in record.rounds) + len(record.rounds) - 1
        table._round_start = table.version  # what came before is not in its events
        if result.state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            table._ended = (result.state, table.version, table.version)
        return table

    def set_level(self, seat: int, level: str | None, player: Player | None = None) -> None:
        """Who plays ``seat`` from now on: a person (None) or a computer player at ``level``
        (``player``: that one instead of a new one), e.g. for an absent person."""
        self.seats = (*self.seats[:seat], Seat(self.names[seat], level),
                      *self.seats[seat + 1:])
        self._players.pop(seat, None)
        if player is not None:
            self._players[seat] = player

    @classmethod
    def rebuild(cls, rules: Rules, seed: int, seats: Sequence[Seat],
                actions: Sequence[tuple[int, Action | str]], *, deal: Deal | None = None,
                dealer: int | None = None) -> Table:
        """The table after ``actions`` (as ``Table.actions`` keeps them, or their notation):
        the same state, version, events and record. ValueError if one is refused."""
        table = cls(rules, seats, seed, deal=deal, dealer=dealer)
        for seat, action in actions:
            done = table.act(seat, Action.parse(action) if isinstance(action, str) else action,
                             table.version)
            if isinstance(done, Refused):
                raise ValueError(f"action {table.version + 1} ({action}) is refused: "
                                 f"{done.reason}")
        return table

    # --- what there is to see -------------------------------------------------------------
    @property
    def state(self) -> State:
        """The whole state, seed and stock included: for the host's code, never for a seat."""
        return self._state

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def finished(self) -> bool:
        return self._state.phase is Phase.MATCH_OVER

    @property
    def to_act(self) -> int | None:
        """The seat that must act now (after a round: the one who deals), None at the end."""
        return None if self.finished else self._state.to_act

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` (None: a spectator) may see now."""
        return view(self._state, seat)

    def events_since(self, seat: int | None, since: int) -> list[tuple[int, Event]]:
        """The events after version ``since`` (-1: from the first deal), each with the
        version that made it, as ``seat`` may see them."""
        if not self._keep_events:
            raise ValueError("this table keeps no events")
        return [(v, event_for(e, seat)) for v, e in self._log if v > since]

    def round_end(self, seat: int | None) -> tuple[SeatView, list[Event]] | None:
        """The last round that ended as ``seat`` saw it end: its view then and the round's
        events as that seat was sent them (nothing more), so that a screen opened later
        can show how it ended (the winner's going-out melds). None before any round ends."""
        if self._ended is None:
            return None
        state, start, end = self._ended
        events = [event_for(e, seat) for v, e in self._log if start <= v <= end]
        return view(state, seat), events

    @property
    def record(self) -> Record:
        """The game record (jokeren-record/1) so far; it replays to this table's state when
        the match began in round 1."""
        return self._record

    # --- acting -----------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        """The listed legal actions of the seat to act (bigger combined moves are legal too)."""
        return legal_actions(self._state)

    def check(self, seat: int, action: Action) -> IllegalMoveError | None:
        """Why ``seat`` may not do ``action`` now, or None; nothing changes."""
        if not 0 <= seat < len(self.seats):
            return IllegalMoveError("no_seat", seat=seat)
        return check(self._state, seat, action)

    def act(self, seat: int, action: Action, version: int) -> Accepted | Refused:
        """Apply ``seat``'s ``action`` if ``version`` is the table's and the rules allow it."""
        return self._act(seat, action, version, None)

    def play(self, seat: int, action: Action) -> list[Event]:
        """``act`` at the present version, for callers that hold the table alone (a
        terminal, a test): the events, or the refusal raised as an ``IllegalMoveError``."""
        done = self.act(seat, action, self.version)
        if isinstance(done, Refused):
            reason = done.reason
            if isinstance(reason, IllegalMoveError):
                raise reason
            raise IllegalMoveError(reason.key, **reason.params)
        return list(done.events)

    def next_round(self) -> list[Event]:
        """The seat whose deal it is deals the next round (``play`` of ``deal``)."""
        return self.play(self._state.to_act, DEAL)

    def _act(self, seat: int, action: Action, version: int,
             before: SeatView | None) -> Accepted | Refused:
        if version != self.version:
            return Refused(self.version, Reason("stale_version", version=version,
                                                current=self.version))
        if not 0 <= seat < len(self.seats):
            return Refused(self.version, IllegalMoveError("no_seat", seat=seat))
        try:
            state, events = apply(self._state, seat, action)
        except IllegalMoveError as exc:
            return Refused(self.version, exc)
        self._state = state
        self.version += 1
        self.actions.append((seat, action))
        if action.verb is Verb.DEAL:
            self._round_start = self.version
            self._dealt(events)
        else:
            if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                self._ended = (state, self._round_start, self.version)
            self._record.rounds[-1].moves.append(format_line(state, seat, action))
            if self._keep_events:
                self._log.extend((self.version, e) for e in events)
        return Accepted(self.version, seat, action, tuple(events), before)

    def _dealt(self, events: Sequence[Event]) -> None:
        """A new round: its record entry (the whole deal) and its events."""
        s = self._state
        upcard: Card | None = s.discard[-1] if s.discard else None
        self._record.rounds.append(RoundRecord(
            dealer=s.players[s.dealer], hands={s.players[i]: s.hands[i] for i in s.active},
            upcard=upcard, stock=tuple(reversed(s.stock))))
        if self._keep_events:
            self._log.extend((self.version, e) for e in events)

    # --- computer players --------------------------------------------------------------------
    def bot_turn(self, deal: bool = True) -> BotTurn | None:
        """The decision a computer player must make now, if one is to act (``deal``: also
        when its next move would deal the next round)."""
        seat = self.to_act
        if seat is None or self.seats[seat].person:
            return None
        if self._state.phase is Phase.ROUND_OVER and not deal:
            return None
        level = self.seats[seat].level
        assert level is not None
        return BotTurn(seat, self.version, level, view(self._state, seat), tuple(self.legal()),
                       (self._bot_seed + self.version) % 2**63)

    def player(self, seat: int) -> Player:
        """The computer player of ``seat`` (made at its level on first use)."""
        if seat not in self._players:
            level = self.seats[seat].level
            if level is None:
                raise ValueError(f"seat {seat} is a person's")
            self._players[seat] = make_player(level, (self._bot_seed + seat) % 2**63)
        return self._players[seat]

    def play_bot(self, deal: bool = True,
                 chooser: Callable[[BotTurn], Action] | None = None) -> Accepted | None:
        """One computer player's move, if one is to act (``chooser``: decides instead of
        the table's own player of that seat)."""
        turn = self.bot_turn(deal)
        if turn is None:
            return None
        if turn.view.phase is Phase.ROUND_OVER:
            action = DEAL
        else:
            action = chooser(turn) if chooser else decide(turn, self.player(turn.seat))
        done = self._act(turn.seat, action, turn.version, turn.view)
        if isinstance(done, Refused):  # pragma: no cover - players choose among the legal
            raise RuntimeError(f"{self.names[turn.seat]} chose a refused {action}: "
                               f"{done.reason}")
        return done

    def play_bots(self, deal: bool = True, chooser: Callable[[BotTurn], Action] | None = None,
                  limit: int | None = None) -> list[Accepted]:
        """THE loop of computer players: they move until a person is to act, the match is
        over, a round is over (unless ``deal``), or ``limit`` moves were made."""
        moves: list[Accepted] = []
        while limit is None or len(moves) < limit:
            done = self.play_bot(deal, chooser)
            if done is None:
                break
            moves.append(done)
        return moves


def people_table(rules: Rules, players: Sequence[str], seed: int,
                 deal: Deal | None = None) -> Table:
    """A table of people only (no computer player): each seat plays what it is given."""
    return Table(rules, [Seat(name) for name in players], seed, deal=deal)
