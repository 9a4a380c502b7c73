"""The terminal table: one screen for one or more people and the computer players.

Everything drawn comes from ``views.view`` of the seat at the screen (and public events);
every move goes through the session to the engine, which refuses an illegal one with its
reason: the app shows it and changes nothing. Selection, cursor and card order are the
person's own, not game state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Button, Static

from ..bots import Player
from ..engine import Deal, IllegalMoveError
from ..engine.actions import BUY, DRAW, PASS, TAKE, Action, Verb, discard, give, lay, meld, swap
from ..engine.events import Event
from ..engine.state import Phase, State
from ..engine.views import SeatView
from ..play.table import Table
from ..rules.cards import Card, NotationError, to_hand
from ..rules.melds import Meld
from ..words.catalogue import t
from ..words.keys import key
from ..words.moves import (
    cards_text,
    event_lines,
    exchange_lines,
    explain,
    play_moves,
    status_line,
)
from .hints import hint_text, hints
from .news import NewCards
from .order import HandOrder
from .screens import (
    ConfirmScreen,
    CoverScreen,
    HelpScreen,
    MoveLine,
    NoteScreen,
    ScoreScreen,
    SetupChoice,
    SetupScreen,
)
from .session import Session, TableConfig, available_levels
from .typed import TABLE_VERBS, cards_typed, read_typed
from .widgets import ActionBar, HandView, KeyButton, Line, TableView, card_text

# The app's own actions that act on the table: none of them passes through a screen put
# over it (the cover between people, the score sheet, a question, the help).
TABLE_ACTIONS = frozenset({"cursor", "move", "select", "clear", "sort", "target", "cycle",
                           "act", "letter", "toggle_confirm", "scores", "log_page", "go_on",
                           "move_line"})
# Buttons of the action bar: (action, label) and the phases they belong to; each one's key
# is the language's (words/keys.py: Dutch t trekken, a de aflegkaart pakken, ...).
ACTIONS: tuple[tuple[str, str, tuple[Phase, ...]], ...] = (
    ("draw", "tui_bar_draw", (Phase.DRAW,)),  # said in full: "van de stok"
    ("take", "tui_bar_take", (Phase.DRAW, Phase.UPCARD_OFFER)),
    ("buy", "tui_act_buy", (Phase.BUYING,)),
    ("give", "tui_act_give", (Phase.EXCHANGE,)),
    ("pass", "tui_act_pass", (Phase.BUYING, Phase.EXCHANGE, Phase.UPCARD_OFFER)),
    ("group", "tui_act_group", (Phase.PLAY,)),
    ("meld", "tui_act_meld", (Phase.PLAY,)),
    ("lay", "tui_act_lay", (Phase.PLAY,)),
    ("swap", "tui_act_swap", (Phase.PLAY,)),
    ("rearrange", "tui_act_rearrange", (Phase.PLAY,)),  # Rummikub's: the move line, filled
    ("discard", "tui_act_discard", (Phase.PLAY, Phase.UPCARD_SWAP)),
    ("hint", "tui_act_hint", (Phase.DRAW, Phase.PLAY)),
    ("scores", "tui_act_scores", ()),
    ("help", "tui_act_help", ()),
)
# The play phase's buttons and the move each stands for (``words.moves.play_moves``: what
# the rules allow now; setting cards aside is for a meld).
PLAY_MOVES = {"group": "meld", "meld": "meld", "lay": "lay", "swap": "swap",
              "rearrange": "rearrange"}
# Where the bar does not fit its width (60 columns): first these are left out, in this
# order (their keys still work and the help names them), then the long words are shortened,
# then the buttons show their keys alone; help always shows in full.
BAR_DROPS = ("scores", "hint")
BAR_SHORT = {"draw": "tui_bar_draw_more", "take": "tui_bar_take_short",
             "swap": "tui_bar_swap_short"}
# Where even the short words do not fit, Rummikub's rearranging leaves the bar before the
# words go (the status line names its key): at 60 columns its button alone turned the whole
# bar of play into bare keys ("z o l j h x ? Hulp").
BAR_LAST_DROPS = ("rearrange",)
# The log's lines at 80x24 (jokeren.tcss), and the most it grows by on a taller screen.
LOG_LINES, LOG_MORE = 4, 8
# A hint's most lines (jokeren.tcss), and the least rows the table's box keeps under it
# (its border and two melds, jokeren.tcss): app.fit_hint.
HINT_LINES, TABLE_LEAST = 12, 3
# Every letter that is a move's key in some language: each is bound to ``letter``, which
# plays the move that letter is in the table's language (and nothing in another).
LETTERS = sorted({key(name, lang) for name, _, _ in ACTIONS for lang in ("en", "nl")} - {"?"})


def letter_moves(lang: str) -> dict[str, str]:
    """The move each letter is in ``lang``."""
    return {key(name, lang): name for name, _, _ in ACTIONS}


def shown_actions(v: SeatView, draw_again: bool = True) -> tuple[str, ...]:
    """The action bar's buttons for ``v``: the phase's moves on one's turn that the rules
    allow now (no lay-off nor swap before coming out, unless the house rules say so), then
    hint, scores and help (the most at once, turbo's play, fits 80 columns in both
    languages; a narrower bar shows what ``bar_labels`` keeps). Turbo's second draw in
    play only when ``draw_again`` (the engine allows it: before melding, while no meld can
    be made, at most three cards a turn)."""
    shown = []
    moves = play_moves(v) if v.my_turn and v.phase is Phase.PLAY else ()
    for name, _, phases in ACTIONS:
        on = name in ("help", "scores") or (v.my_turn and v.phase in phases)
        if name == "draw" and v.phase is Phase.PLAY and v.rules.turbo:
            on = v.my_turn and draw_again
        if name in PLAY_MOVES:
            on = on and PLAY_MOVES[name] in moves
        if on:
            shown.append(name)
    return tuple(shown)


def bar_label(name: str, phase: Phase, lang: str) -> str:
    """A button's key in bold and its word: short, so that a whole bar fits 80 columns;
    drawing again in turbo's play is "Draw", the first draw says from where; in the upcard
    offer the card taken is the upcard ("open kaart"), as the status line calls it."""
    label = next(w for n, w, _ in ACTIONS if n == name)
    if name == "draw" and phase is Phase.PLAY:
        label = "tui_bar_draw_more"
    if name == "take" and phase is Phase.UPCARD_OFFER:
        label = "tui_bar_take_upcard"
    return f"[b]{key(name, lang)}[/b] {t(label, lang)}"


def bar_width(labels: dict[str, str]) -> int:
    """The columns a bar of these labels takes: one space between two buttons."""
    return sum(Text.from_markup(label).cell_len for label in labels.values()) + len(labels) - 1


def bar_labels(shown: Sequence[str], phase: Phase, lang: str, width: int) -> dict[str, str]:
    """The buttons of ``shown`` that the bar shows in ``width`` columns, with their labels:
    all in full where they fit, else without scores, then hint (``BAR_DROPS``), then with
    short words, then without rearranging (``BAR_LAST_DROPS``), then keys alone; "? Help"
    stays whole in every one."""
    full = {name: bar_label(name, phase, lang) for name in shown}
    plans = [full]
    names = list(shown)
    for drop in BAR_DROPS:
        if drop in names:
            names.remove(drop)
            plans.append({name: full[name] for name in names})
    short = {name: f"[b]{key(name, lang)}[/b] {t(BAR_SHORT[name], lang)}"
             if name in BAR_SHORT else full[name] for name in names}
    plans.append(short)
    fewer = [name for name in names if name not in BAR_LAST_DROPS]
    if len(fewer) < len(names):
        plans.append({name: short[name] for name in fewer})
    plans.append({name: short[name] if name == "help" else f"[b]{key(name, lang)}[/b]"
                  for name in names})
    return next((plan for plan in plans if bar_width(plan) <= width), plans[-1])


@dataclass(frozen=True, slots=True)
class LogEvents:
    """Public events for the log, worded when shown (``words.moves.event_lines``)."""

    events: tuple[Event, ...]
    style: str = ""


@dataclass(frozen=True, slots=True)
class ExchangeEnd:
    """How the duplicate exchange ended: each giver's seat, card and the seat it went to
    (None: the lone giver keeps it). Worded when shown for whoever is at the screen
    (``words.moves.exchange_lines``), who reads only their own cards named."""

    passed: tuple[tuple[int, Card, int | None], ...]


def round_ending(state: State) -> Event:
    """How the last round of ``state`` ended, as the event that said it: who went out, or
    the turn limit, or the stock that ran out (a resumed match has no events of it)."""
    winner = state.results[-1].winner if state.results else None
    if winner is not None:
        return Event("out", winner)
    limit = state.rules.max_turns
    return Event("turn-limit" if limit is not None and state.turns_done >= limit
                 else "stock-out", None)


def sentence(text: str) -> str:
    """``text`` ended as a sentence, before a key hint follows it on the status line: the
    log's "De stok raakte op: einde van de ronde" ran on into "Enter: scoreblad."."""
    return text + "." if text and text[-1] not in ".!?" else text


def round_label(n: int, total: int | None, lang: str) -> str:
    """"Round 2/6", or "Round 2" when only elimination ends the match (never "2/∞")."""
    return t("tui_round", lang, n=n, total=total) if total else t("tui_round_open", lang, n=n)


class JokerenApp(App[None]):
    """``jokeren play``: set up a match, then play it round by round."""

    CSS_PATH = "jokeren.tcss"
    TITLE = "Jokeren"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("shift+left,less_than_sign", "move(-1)", show=False),
        Binding("shift+right,greater_than_sign", "move(1)", show=False),
        Binding("space", "select", show=False),
        Binding("escape", "clear", show=False),
        Binding("s", "sort", show=False),
        Binding("left_square_bracket", "cycle(-1)", show=False),
        Binding("right_square_bracket", "cycle(1)", show=False),
        *(Binding(str(n), f"target({n})", show=False) for n in range(1, 10)),
        Binding("0", "target(10)", show=False),
        *(Binding(letter, f"letter('{letter}')", show=False) for letter in LETTERS),
        Binding("question_mark", "act('help')", show=False),
        Binding("pageup", "log_page(-1)", show=False),
        Binding("pagedown", "log_page(1)", show=False),
        Binding("enter", "go_on", show=False),
        Binding("c", "toggle_confirm", show=False),
        Binding("colon", "move_line", show=False),
        Binding("q", "quit", show=False),
        # Ctrl+C stops, as in every terminal program (Textual's own only tells which key
        # quits, in English): on the table it asks first and saves, like q.
        Binding("ctrl+c", "interrupt", show=False, priority=True),
    ]

    def __init__(self, config: TableConfig | None = None, *, lang: str = "en",
                 setup: SetupChoice | None = None, deal: Deal | None = None,
                 bots: Sequence[Player] | None = None, bot_delay: float = 0.5,
                 levels: tuple[str, ...] | None = None, seed: int = 0,
                 save: Path | None = None, game: Table | None = None) -> None:
        """Start at ``config``, or with the setup screen (``setup``: its first answers).

        ``deal`` and ``bots`` fix the first deal and the computer players (tests);
        ``game`` is a saved match to continue (``config`` then says who sits where).
        """
        super().__init__()
        self.lang = lang
        self.config = config
        self.setup_choice = setup or SetupChoice()
        self.deal, self.fixed_bots, self.bot_delay = deal, bots, bot_delay
        self.levels = levels or available_levels()
        self.seed, self.save_path, self.resumed = seed, save, game
        self.session: Session | None = None
        self.seat = 0  # the person whose hand is on the screen
        self.handed = False  # the screen went to that person (false at each deal: the cover)
        self.orders: dict[int, HandOrder] = {}
        self.news = NewCards()
        self.selected: set[int] = set()
        self.cursor = 0
        self.groups: list[list[int]] = []
        self.target = 0
        # The log: lines, or public events worded when shown, for whoever is at the screen
        # (their own moves in the second person: "Je trok een kaart").
        self.log_lines: deque[Text | LogEvents | ExchangeEnd] = deque(maxlen=500)
        self.message: Text | None = None  # a refusal or a note, until the next move
        self.hint: Text | None = None  # shown instead of the log until the next move
        self.note: str | None = None  # for the person leaving the screen (what they bought)
        self.ending = ""  # how the round ended (went out, stock ran out)
        self.round_done = False  # the round is over; Enter shows the score sheet
        self.eliminated: tuple[int, ...] = ()
        self.confirm = True
        self.asking_quit = False
        self.saved_note = ""  # where the match was saved on quitting, for the command line
        self.typed = ""  # the move line's text until it is played (never lost to a typo)
        self.exchanging = False  # the duplicate exchange is on (its end is logged)
        self.rearranged: tuple[Meld, ...] = ()  # the table a rearrangement was written from

    # --- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Line(id="header")
        yield Line(id="players")
        with VerticalScroll(id="table-box"):
            yield TableView(id="table")
        yield Line(id="piles")
        yield Line(id="hand-title")
        yield HandView(id="hand")
        with VerticalScroll(id="log-box"):
            yield Static(id="log")
        yield Line(id="status")
        with ActionBar(id="actions"):
            for name, _, _ in ACTIONS:
                yield KeyButton(bar_label(name, Phase.DRAW, self.lang), id=f"act-{name}")

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        self.fit_log(self.size.height)
        if self.config is not None:
            self.start(self.config)
        else:
            self.push_screen(SetupScreen(self.setup_choice, self.lang, self.seed,
                                         self.save_path, self.levels), self._setup_done)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_log(event.size.height)
        if self.session is not None:  # its lines break between players, for the width
            self.query_one("#players", Line).update(self.players_text(self.view(),
                                                                      event.size.width))
            self.query_one("#piles", Line).update(self.piles_text(self.view(),
                                                                  event.size.width))

    def fit_log(self, height: int) -> None:
        """The log's four lines at 24 rows, a line more for every two rows more (twelve
        at 40): on a tall screen it stayed four lines under a table of empty ones."""
        extra = max(0, min(LOG_MORE, (height - 24) // 2))
        self.query_one("#log-box", VerticalScroll).styles.min_height = LOG_LINES + extra
        if self.hint is not None:
            self.call_after_refresh(self.fit_hint)

    def fit_hint(self, again: int = 2) -> None:
        """A hint's box as tall as the rest of the table leaves it, scrolled with
        PageUp/PageDown for the rest: its twelve lines at 60x20 pushed the status line and
        the buttons off the screen, and the screen's scroll bar cut the header's end ("Jij:"
        without the name). Measured as last laid out, then again after each refresh (the
        move shown with the hint may change the status line's or the hand's height)."""
        box = self.query_one("#log-box", VerticalScroll)
        if self.hint is None:
            box.styles.max_height = None  # the log's own height (jokeren.tcss)
            return
        table = self.query_one("#table-box", VerticalScroll)
        rest = sum(w.outer_size.height for w in box.screen.children
                   if w is not box and w is not table and w.display)
        room = self.size.height - rest - TABLE_LEAST
        box.styles.max_height = max(LOG_LINES, min(HINT_LINES, room))
        if again:
            self.call_after_refresh(self.fit_hint, again - 1)

    def _setup_done(self, config: TableConfig | None) -> None:
        if config is not None:
            self.start(config)

    def start(self, config: TableConfig) -> None:
        self.config = config
        self.confirm = config.confirm
        self.session = Session(config, self.deal, self.fixed_bots, self.resumed)
        self.seat = self.session.humans[0]
        self.eliminated = self.session.table.state.eliminated
        self.exchanging = self.session.phase is Phase.EXCHANGE
        if self.resumed is not None:  # an empty log said nothing of the stop before
            state = self.session.table.state
            ended = state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)  # its result is in
            self.add_log(Text(t("tui_resumed", self.lang,
                                r=len(state.results) + (0 if ended else 1)), style="dim"))
            if ended:  # stopped on the round's end: say how it ended, as it was said then
                self.log_events([round_ending(state)])
        self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key passes through the cover (it takes Enter alone), and no table key through
        another screen put over the table."""
        if action == "interrupt":
            return True
        if isinstance(self.screen, CoverScreen):
            return False
        return not (action in TABLE_ACTIONS and len(self.screen_stack) > 1)

    # --- the flow of play ----------------------------------------------------------------
    def advance(self) -> None:
        """Let computer players move until a person must act or the round ends."""
        s = self.session
        if s is None:
            return
        while True:
            if s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                self.end_of_round()
                return
            if self.pass_unoffered():
                continue
            if s.human_turn():
                seat = s.to_act
                if s.phase is Phase.EXCHANGE and s.legal() == [PASS]:
                    self.log_events(s.play(seat, PASS))  # no duplicate to give: not asked
                    continue
                if len(s.humans) > 1 and (seat != self.seat or not self.handed):
                    self.handed = True
                    self.pass_screen(seat)
                    return
                self.seat, self.note = seat, None
                self.redraw()
                return
            move = s.bot_move()
            if move is None:  # pragma: no cover - live, and neither a person nor a bot
                return
            self.log_events(move.events)
            if s.rules.open_hands:
                why = explain(move.before, move.action, self.lang)
                if why:
                    self.add_log(Text(f"  → {s.players[move.seat]} {why}", style="italic"))
            self.pass_unoffered()  # before the pause: its screen never asks the discarder
            if self.bot_delay > 0:
                self.redraw()
                self.set_timer(self.bot_delay, self.advance)
                return

    def pass_screen(self, seat: int) -> None:
        """Cover the table for ``seat``'s person; first show the one leaving what they got."""
        self.hint, self.message = None, None
        note, self.note = self.note, None

        def cover(_: object = None) -> None:
            self.seat, self.cursor = seat, 0
            self.unselect()
            self.redraw()  # under the cover
            again = t("tui_cover_again", self.lang, name=self.session.players[seat]
                      if self.session else "")
            self.push_screen(CoverScreen(self.cover_text(seat), again),
                             lambda _: self.redraw())

        if note:
            self.redraw()
            self.push_screen(NoteScreen(note, self.lang), cover)
        else:
            cover()

    def cover_text(self, seat: int) -> str:
        """Who gets the screen and why (a card for sale, the upcard, the exchange, a turn)."""
        v = self.session.view(seat) if self.session else self.view()
        name, top = v.players[seat], v.discard_top.symbol(self.lang) if v.discard_top else "-"
        why = {Phase.BUYING: "tui_cover_buy", Phase.UPCARD_OFFER: "tui_cover_upcard",
               Phase.EXCHANGE: "tui_cover_exchange"}.get(v.phase, "tui_cover_turn")
        return t(why, self.lang, name=name, card=top) + "\n\n" + t("tui_cover", self.lang,
                                                                    name=name)

    def end_of_round(self) -> None:
        """The table stays as it ended (what was laid to go out shows); Enter: score sheet."""
        s = self.session
        assert s is not None
        if self.round_done:
            return
        self.round_done = True
        self.hint = None
        gone = [i for i in s.table.state.eliminated if i not in self.eliminated]
        self.eliminated = s.table.state.eliminated
        for i in gone:
            self.add_log(LogEvents((Event("eliminated", i),), "bold"))
        saved = ""
        if self.config is not None and self.config.save is not None:
            saved = " " + self.save_record()
        self.message = Text(f"{sentence(self.ending)} {t('tui_enter_scores', self.lang)}"
                            f"{saved}".strip(), style="bold")
        self.redraw()

    def action_go_on(self) -> None:
        if self.round_done:
            self.show_scores()

    def action_scores(self) -> None:
        if self.session is not None:
            self.show_scores()

    def show_scores(self) -> None:
        s = self.session
        assert s is not None
        playing = not self.round_done
        self.push_screen(ScoreScreen(self.view(), self.lang, self.save_record,
                                     "" if playing else self.ending, playing=playing),
                         self._score_done)

    def _score_done(self, choice: str | None) -> None:
        s = self.session
        assert s is not None
        if choice == "back":
            return
        if s.phase is Phase.MATCH_OVER:
            self.exit()
            return
        s.next_round()
        self.exchanging = s.phase is Phase.EXCHANGE
        self.round_done, self.ending, self.message = False, "", None
        self.handed = False  # a new deal: whoever sat at the screen gets the cover too
        self.orders.clear()
        self.news.clear()
        self.unselect()
        self.add_log(Text(round_label(len(s.table.state.results) + 1,
                                      s.table.state.rules.match_rounds(), self.lang),
                          style="dim"))
        self.advance()

    def action_interrupt(self) -> None:
        """Ctrl+C, on any screen: as q, and a second Ctrl+C while asked says yes."""
        if self.asking_quit:
            self.saved_note = self.save_record()
            self.exit()
        else:
            self.action_quit()

    def action_quit(self) -> None:  # type: ignore[override]
        """Ask first in a match not over; on yes the match is saved, to go on later."""
        s = self.session
        if s is None or s.phase is Phase.MATCH_OVER:
            self.exit()
            return

        def answer(yes: bool | None) -> None:
            self.asking_quit = False
            if yes:
                self.saved_note = self.save_record()
                self.exit()

        self.asking_quit = True
        self.push_screen(ConfirmScreen(t("tui_quit_ask", self.lang, path=self.save_target()),
                                       self.lang), answer)

    def save_target(self) -> Path:
        if self.config is not None and self.config.save is not None:
            return self.config.save
        if self.save_path is None:
            self.save_path = Path(f"jokeren-{datetime.now():%Y%m%d-%H%M%S}.json")
        return self.save_path

    def save_record(self) -> str:
        s = self.session
        assert s is not None
        path = self.save_target()
        try:
            s.save(path)
        except OSError as exc:
            from ..rules.textfile import os_reason

            return t("tui_save_failed", self.lang, path=path,
                     reason=os_reason(exc, writing=True).text(self.lang))
        return t("tui_saved", self.lang, path=path)

    def play(self, action: Action) -> bool:
        """A person's move: refused with the engine's reason, or played and the table on.
        Whether it was played."""
        s = self.session
        if s is None:
            return False
        try:
            events = s.play(self.seat, action)
        except IllegalMoveError as exc:
            reason = exc.text(self.lang, you=True)  # to the player at the screen
            self.message = Text(t("tui_not_allowed", self.lang, reason=reason), style="bold red")
            self.redraw()
            return False
        self.message, self.hint = None, None
        self.unselect()
        if action.verb in (Verb.LAY, Verb.SWAP, Verb.DISCARD):
            self.target = 0
        if action.verb is Verb.BUY and len(s.humans) > 1:
            got = [c for e in events if e.seat == self.seat and e.kind in ("buy", "draw")
                   for c in e.cards]
            self.note = t("tui_bought", self.lang, name=s.players[self.seat],
                          cards=cards_text(got, self.lang))
        self.log_events(events)
        self.advance()
        return True

    def log_events(self, events: Sequence[Event]) -> None:
        s = self.session
        assert s is not None
        for e in events:
            self.news.see(e)
        public = s.public(events)
        if any(e.kind == "for-sale" for e in public) and not self.offered():
            public = [e for e in public if e.kind != "for-sale"]  # an offer nobody got
        exchanged = self.exchanging and s.phase is not Phase.EXCHANGE  # its last answer
        self.exchanging = s.phase is Phase.EXCHANGE
        if exchanged:  # said by its end, which names the reader's own cards
            public = [e for e in public if e.kind != "exchanged"]
        self.add_log(LogEvents(tuple(public)))
        if exchanged:
            passed = tuple((e.seat, e.cards[0], e.to) for e in events
                           if e.kind == "exchanged" and e.seat is not None and e.cards)
            gives = s.gives()
            if not passed and len(gives) == 1:  # a lone giver: nothing passed, kept
                passed = ((*gives[0], None),)
            if passed:
                self.add_log(ExchangeEnd(passed))
        for e in public:
            if e.kind in ("out", "stock-out", "turn-limit"):
                you = s.humans[0] if len(s.humans) == 1 else None  # all read the sheet
                self.ending = event_lines([e], s.players, self.lang, you)[0]

    def pass_unoffered(self) -> bool:
        """The table passes for whoever discarded the card for sale (it is not offered to
        them, docs/play.md); whether it did."""
        s = self.session
        assert s is not None
        passed = False
        while s.phase is Phase.BUYING and s.to_act not in self.offered():
            self.log_events(s.play(s.to_act, PASS))
            passed = True
        return passed

    def offered(self) -> tuple[int, ...]:
        """Who is asked to buy the card for sale now: never the one who discarded it."""
        s = self.session
        assert s is not None
        if s.phase is not Phase.BUYING:
            return ()
        return tuple(seat for seat in s.table.state.offer if seat != s.discarder())

    def add_log(self, line: Text | LogEvents | ExchangeEnd) -> None:
        self.log_lines.append(line)

    def log_texts(self) -> list[Text]:
        """The log as the person at the screen reads it."""
        s = self.session
        out = []
        for line in self.log_lines:
            if isinstance(line, Text):
                out.append(line)
            elif isinstance(line, ExchangeEnd):
                if s is not None:
                    out.extend(Text(words, style="yellow" if own else "") for words, own in
                               exchange_lines(line.passed, s.players, self.lang, self.seat))
            elif s is not None:
                out.extend(Text(words, style=line.style) for words in
                           event_lines(line.events, s.players, self.lang, self.seat))
        return out

    # --- what is on the screen -----------------------------------------------------------
    def view(self) -> SeatView:
        assert self.session is not None
        return self.session.view(self.seat)

    def order(self) -> HandOrder:
        return self.orders.setdefault(self.seat, HandOrder())

    def hand(self) -> list[Card]:
        return self.order().update(self.view().hand)

    def redraw(self) -> None:
        if self.session is None:
            return
        v = self.view()
        lang = self.lang
        cards = self.hand()
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.selected = {i for i in self.selected if i < len(cards)}
        self.query_one("#header", Line).update(self.header_text(v))
        self.query_one("#players", Line).update(self.players_text(v))
        owners = [v.players[o] for o in v.owners]
        self.query_one(TableView).show(list(zip(owners, v.table, strict=True)), self.target,
                                       t("tui_table_empty", lang))
        if self.target:
            self.call_after_refresh(self.scroll_to_target)
        self.query_one("#piles", Line).update(self.piles_text(v))
        new = self.news.of(self.seat, v.hand)
        title = Text(t("tui_hand", lang, name=v.players[self.seat], n=len(v.hand)),
                     style="bold")
        if new:
            title.append(" · " + t("tui_new_card", lang, cards=cards_text(new, self.lang)),
                         style="yellow")
        self.query_one("#hand-title", Line).update(title)
        grouped = [i for g in self.groups for i in g]
        self.query_one(HandView).show(cards, self.selected, self.cursor, new, grouped)
        box = self.query_one("#log-box", VerticalScroll)
        box.set_class(self.hint is not None, "hinting")
        self.query_one("#log", Static).update(
            self.hint if self.hint is not None else Text("\n").join(self.log_texts()))
        if self.hint is not None:  # a hint is read from its top
            box.anchor(False)
            self.fit_hint()
            self.call_after_refresh(self.hint_from_top)
        else:
            box.styles.max_height = None  # the log's own height (jokeren.tcss)
            # The newest line shows in the same frame as the rest of the move: the layout
            # keeps an anchored box at its end (a scroll after the refresh came a frame late).
            box.anchor()
        again = self.may_draw_again(v)
        status = self.message or Text(status_line(v, lang, len(self.groups),
                                                  again and v.rules.turbo), style="bold")
        self.query_one("#status", Line).update(status)
        self.show_bar(v, again)

    def hint_from_top(self) -> None:
        """Scroll the hint to its top, after the refresh that shows it; unless a move came
        first (keys typed quickly): the log it left is anchored at its newest line, and a
        scroll home then showed the oldest lines instead of what was just played. Forced: a
        log shorter than its box sits at the box's foot (anchored), and a box too tall to
        scroll kept a short hint there, its first line alone showing."""
        if self.hint is not None:
            self.query_one("#log-box", VerticalScroll).scroll_home(animate=False,
                                                                   immediate=True, force=True)

    def show_bar(self, v: SeatView, draw_again: bool = True) -> None:
        """The action bar's buttons for ``v`` (``shown_actions``), drawing worded for its
        phase, as many and as long as its width takes (``bar_labels``, again at a resize)."""
        self.query_one(ActionBar).fit(partial(bar_labels, shown_actions(v, draw_again),
                                              v.phase, self.lang))

    def may_draw_again(self, v: SeatView) -> bool:
        """Turbo: whether the engine lets the person at the screen draw again now (after
        a meld or with a meld to make it refuses: the bar showed "Draw" all the same); true
        outside turbo's play, where the bar's draw follows the phase."""
        s = self.session
        if s is None or not (v.rules.turbo and v.my_turn and v.phase is Phase.PLAY):
            return True
        return s.check(self.seat, DRAW) is None

    def header_text(self, v: SeatView) -> Text:
        """The round (of how many, if the match has a number of rounds), the requirement,
        the dealer and whose hand is shown."""
        lang = self.lang
        done = v.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        n = len(v.results) + (0 if done else 1)
        header = Text(round_label(n, v.rules.match_rounds(), lang), style="bold")
        header.append(" · " + t("tui_req", lang, req=v.requirement.describe(lang)),
                      style="bold cyan")
        header.append(" · " + t("tui_dealer", lang, name=v.players[v.dealer]))
        header.append(" · " + t("tui_you_are", lang, name=v.players[self.seat]))
        return header

    def scroll_to_target(self) -> None:
        """Keep the chosen table meld in view (11 melds do not fit in 80x24)."""
        if self.target:
            box = self.query_one("#table-box", VerticalScroll)
            box.scroll_to_region(Region(0, self.target - 1, 1, 1), animate=False)

    def action_log_page(self, step: int) -> None:
        box = self.query_one("#log-box", VerticalScroll)
        if step < 0:
            box.scroll_page_up(animate=False)
        else:
            box.scroll_page_down(animate=False)

    def players_text(self, v: SeatView, width: int = 0) -> Text:
        """Every opponent: cards, come out or out of the match (in learning mode the cards,
        a line each). Where a line does not hold them all it breaks between two players,
        not inside one: at 60 columns five players read "Eva 13" and "kaarten" below."""
        out = Text()
        width = max(1, (width or self.size.width) - 2)  # the line's padding (jokeren.tcss)
        start = 0  # where the line being filled begins in ``out``
        for s, name in enumerate(v.players):
            if s == self.seat:
                continue
            item = self.player_text(v, s, name)
            if out:
                if v.open_hands is not None or (
                        out[start:].cell_len + 3 + item.cell_len > width):
                    out.append("\n")
                    start = len(out)
                else:
                    out.append(" │ ")
            out.append_text(item)
        return out

    def piles_text(self, v: SeatView, width: int = 0) -> Text:
        """The discard pile and the stock, the table meld chosen and the groups set aside.
        Where a line does not hold them it breaks between two of them, or between two
        groups (the line before ends in " /"), never inside one: at 60 columns a second
        group was cut ("... / 7♠")."""
        lang = self.lang
        width = max(1, (width or self.size.width) - 2)  # the line's padding (jokeren.tcss)
        parts = [("", t("tui_discard_pile", lang, card=v.discard_top.symbol(lang),
                        n=v.discard_size) if v.discard_top
                  else t("tui_discard_pile_empty", lang), ""),
                 (" · ", t("tui_stock", lang, n=v.stock_size), "")]
        if self.target:
            parts.append((" · ", t("tui_target", lang, n=self.target), "yellow"))
        cards = self.hand()
        groups = [cards_text([cards[i] for i in g if i < len(cards)], lang)
                  for g in self.groups]
        if groups:
            parts.append((" · ", t("tui_groups_ready", lang, groups=groups[0]), "green"))
            parts.extend((" / ", group, "green") for group in groups[1:])
        out, line = Text(), 0  # ``line``: the columns of the line being filled
        for sep, text, style in parts:
            if line and line + len(sep) + Text(text).cell_len > width:
                if sep.strip():
                    out.append(" " + sep.strip(), style=style)
                out.append("\n")
                line, sep = 0, ""
            out.append(sep, style=style)
            out.append(text, style=style)
            line += len(sep) + Text(text).cell_len
        return out

    def player_text(self, v: SeatView, s: int, name: str) -> Text:
        """One opponent, for ``players_text``."""
        out = Text()
        lang = self.lang
        out.append(name, style="bold reverse" if s == v.to_act else "bold")
        out.append(" " + t("tui_cards", lang, n=v.hand_sizes[s]))
        if s in v.eliminated:
            out.append(" ✗ " + t("tui_eliminated", lang), style="red")
        elif v.come_out[s]:
            out.append(" ✓ " + t("tui_is_out", lang), style="green")
        if v.open_hands is not None:
            out.append(": ")
            out.append_text(card_text(sorted(v.open_hands[s], key=self.order().key), lang))
        return out

    # --- keys and clicks -----------------------------------------------------------------
    def unselect(self) -> None:
        """Not ``clear_selection``: Textual's App calls that (text selection) when an Input
        shows, and the person's chosen cards went with it."""
        self.selected = set()
        self.groups = []

    def action_cursor(self, step: int) -> None:
        n = len(self.hand()) if self.session else 0
        if n:
            self.cursor = (self.cursor + step) % n
        self.redraw()

    def action_move(self, step: int) -> None:
        if self.session is None:
            return
        old = self.cursor
        self.cursor = self.order().move(old, step)
        if (old in self.selected) != (self.cursor in self.selected):
            self.selected ^= {old, self.cursor}  # the selection moves with the card
        self.groups = []
        self.redraw()

    def action_select(self) -> None:
        self.toggle(self.cursor)

    def toggle(self, index: int) -> None:
        if self.session is None or any(index in g for g in self.groups):
            return
        self.selected ^= {index}
        self.redraw()

    def action_clear(self) -> None:
        self.unselect()
        self.message, self.hint = None, None
        self.redraw()

    def action_sort(self) -> None:
        if self.session is None:
            return
        order = self.order()
        order.sort(not order.by_rank if not order.custom else order.by_rank)
        self.unselect()
        key = "tui_sorted_rank" if order.by_rank else "tui_sorted_suit"
        self.message = Text(t(key, self.lang))
        self.redraw()

    def action_target(self, number: int) -> None:
        if self.session is None:
            return
        if 1 <= number <= len(self.view().table):
            self.target = 0 if self.target == number else number
        self.redraw()

    def action_cycle(self, step: int) -> None:
        if self.session is None:
            return
        n = len(self.view().table)
        if n:
            self.target = (self.target - 1 + step) % n + 1 if self.target else 1
        self.redraw()

    def action_toggle_confirm(self) -> None:
        self.confirm = not self.confirm
        self.message = Text(t("tui_confirm_on" if self.confirm else "tui_confirm_off",
                              self.lang))
        self.redraw()

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        self.cursor = message.index
        self.toggle(message.index)

    def on_table_view_meld_clicked(self, message: TableView.MeldClicked) -> None:
        self.action_target(message.number)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("act-")
        self.action_act(name)

    def chosen(self) -> list[Card]:
        """The selected cards, in the person's own order (a joker's place in a run counts)."""
        cards = self.hand()
        return [cards[i] for i in sorted(self.selected)]

    def action_letter(self, letter: str) -> None:
        """A letter key: the move it is in the table's language (words/keys.py)."""
        name = letter_moves(self.lang).get(letter)
        if name == "scores":
            self.action_scores()
        elif name is not None:
            self.action_act(name)

    def action_act(self, name: str) -> None:
        if name == "help":
            rules = self.session.rules if self.session is not None else None
            self.push_screen(HelpScreen(self.lang, rules))
            return
        if name == "scores":
            self.action_scores()
            return
        if self.session is None or self.round_done:
            return
        v = self.view()
        if name == "hint":
            self.show_hint(v)
            return
        if not v.my_turn or (v.phase is Phase.BUYING and self.seat not in self.offered()):
            self.redraw()  # not asked (one's own discard for sale): the table passes
            return
        chosen = self.chosen()
        simple = {"draw": DRAW, "buy": BUY, "pass": PASS, "take": TAKE}
        if name in simple:
            self.play(simple[name])
        elif name == "group":
            if not self.selected:
                self.refuse("tui_select_first")
                return
            self.groups.append(sorted(self.selected))
            self.selected = set()
            self.message = None
            self.redraw()
        elif name == "meld":
            cards = self.hand()
            groups = [tuple(cards[i] for i in g) for g in self.groups]
            if chosen:
                groups.append(tuple(chosen))
            if not groups:
                self.refuse("tui_select_first")
                return
            self.confirmed(meld(*groups))
        elif name == "rearrange":
            self.rearrange()
        elif name in ("lay", "swap"):
            if not chosen:
                # a swap takes one card: "select cards first" misled
                self.refuse("tui_select_first" if name == "lay" else "tui_select_card_first")
            elif not self.target:
                self.refuse("tui_choose_meld")
            elif name == "swap" and len(chosen) != 1:
                self.refuse("tui_select_one")
            elif name == "swap":
                self.play(swap(self.target, chosen[0]))
            else:
                self.confirmed(self.joker_lay(lay(self.target, tuple(chosen))))
        elif name in ("discard", "give"):
            if len(chosen) != 1:  # one card: "Kies eerst kaarten" misled
                self.refuse("tui_select_one" if chosen else "tui_select_card_first")
                return
            if name == "give":
                self.play(give(chosen[0]))
            else:
                self.confirmed(discard(chosen[0]))

    def action_move_line(self) -> None:
        if self.session is not None and not self.round_done:
            self.push_screen(MoveLine(self.typed, self.lang), self.typed_line)

    def rearrange(self) -> None:
        """Rummikub's rearranging (``rearrange``): the move line, filled with the table as
        it lies, meld by meld, and the selected cards after it, to be made the complete new
        table (``table`` in the notation, ``tafel`` in Dutch). A rearrangement being
        mended (refused, or closed with Esc) is kept instead, while the table it was
        written from lies unchanged. Where the rules or the phase
        allow none, the key is refused with the engine's reason, as any other move is."""
        if self.session is None or self.round_done:
            return
        v = self.view()
        if not (v.rules.rearrange and v.phase is Phase.PLAY):
            self.play(Action(Verb.TABLE, melds=tuple(m.cards for m in v.table)))
            return
        typed = self.typed.split(None, 1)
        if not (typed and typed[0].lower() in TABLE_VERBS and self.rearranged == v.table):
            self.rearranged = v.table
            groups = [cards_typed(m.cards, self.lang) for m in v.table]
            if self.selected:
                groups.append(cards_typed(self.chosen(), self.lang))
            verb = TABLE_VERBS[0] if self.lang == "nl" else TABLE_VERBS[1]
            self.typed = f"{verb} {' / '.join(groups)}".rstrip()
        self.push_screen(MoveLine(self.typed, self.lang, t("tui_move_line_table", self.lang)),
                         self.typed_line)

    def typed_line(self, answer: tuple[str, bool] | None) -> None:
        """A typed move is played (or refused with the engine's reason); typed cards, Dutch
        letters or English, become the selection. The text stays until it is played."""
        text, sent = answer or ("", False)
        self.typed = text
        if not sent or not text.strip():
            return
        try:
            got = read_typed(text)
        except NotationError as exc:
            self.message = Text(exc.text(self.lang), style="bold red")
            self.redraw()
            return
        if isinstance(got, Action):
            if got.verb is Verb.LAY:
                got = self.joker_lay(got)
            self.confirmed(got, self.typed_played)  # asked as the keys ask ("leg af *")
            return
        cards, grouped = self.hand(), {i for g in self.groups for i in g}
        free = [i for i, c in enumerate(cards) if i not in grouped]
        chosen: set[int] = set()
        for card in got:
            index = next((i for i in free if cards[i] == card and i not in chosen), None)
            if index is None:
                self.message = Text(t("tui_typed_missing", self.lang,
                                      cards=card.symbol(self.lang)), style="bold red")
                self.redraw()
                return
            chosen.add(index)
        self.selected, self.typed, self.message = chosen, "", None
        self.redraw()

    def joker_lay(self, action: Action) -> Action:
        """A lay-off with a joker that says no card: the engine puts it at the high end of
        a run, and refuses it there when, say, every copy of that card is on the table. The
        person cannot place a joker laid off alone (its place in the hand says nothing), so
        the legal lay-off of the same cards on the same meld is played, its joker where the
        engine allows it (as 4♥ below 5♥-8♥); else ``action`` as it was, to be refused."""
        s = self.session
        if (s is None or not any(c.joker and not c.declared for c in action.cards)
                or s.check(self.seat, action) is None):
            return action
        same = sorted(map(to_hand, action.cards))
        return next((a for a in s.legal() if a.verb is Verb.LAY and a.target == action.target
                     and sorted(map(to_hand, a.cards)) == same), action)

    def refuse(self, key: str) -> None:
        self.message = Text(t(key, self.lang), style="bold red")
        self.redraw()

    def typed_played(self) -> None:
        """A typed move was played: its line is empty for the next one."""
        self.typed = ""

    def question(self, action: Action) -> str | None:
        """What is asked before ``action`` while confirmation is on (``c``, ``--confirm``):
        going out (the last card discarded, or every card laid: melded, laid off or in
        Rummikub's new table) or a joker discarded; None for any other move. One question
        for every way of making the move: keys, buttons and the move line (a typed "leg af
        *" discarded the joker unasked)."""
        v = self.view()
        lang = self.lang
        if action.verb is Verb.DISCARD and action.cards:
            if v.phase is Phase.PLAY and len(v.hand) == 1:
                return t("tui_confirm_out", lang, card=action.card.symbol(lang))
            return t("tui_confirm_joker", lang) if action.card.joker else None
        laid = {Verb.MELD: sum(map(len, action.melds)), Verb.LAY: len(action.cards),
                Verb.TABLE: sum(map(len, action.melds)) - sum(len(m.cards) for m in v.table)}
        if action.verb in laid and v.hand and laid[action.verb] >= len(v.hand):
            return t("tui_confirm_meld_out", lang)
        return None

    def confirmed(self, action: Action, played: Callable[[], None] | None = None) -> None:
        """Play ``action``; first, while confirmation is on, ask its ``question`` if it has
        one and is legal (an illegal move is refused at once, with the engine's reason).
        ``played`` is called once it is played."""
        s = self.session
        assert s is not None
        question = self.question(action) if self.confirm else None

        def answer(yes: bool | None) -> None:
            if yes and self.play(action) and played is not None:
                played()

        if question is None or s.check(self.seat, action) is not None:
            answer(True)
            return
        self.push_screen(ConfirmScreen(question, self.lang), answer)

    def show_hint(self, v: SeatView) -> None:
        """The hint replaces the log until the next move: in the log it would stay for the
        next person at the screen to read."""
        s = self.session
        assert s is not None
        if not v.my_turn:
            return
        self.hint = hint_text(v, hints(v, s.legal()), self.lang)
        self.message = None
        self.redraw()
