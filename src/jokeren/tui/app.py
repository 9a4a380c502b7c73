"""The terminal table: one screen for one or more people and the computer players.

Everything drawn comes from ``views.view`` of the seat at the screen (and public events);
every move goes through the session to the engine, which refuses an illegal one with its
reason: the app shows it and changes nothing. Selection, cursor and card order are the
person's own, not game state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button

from ..actions import BUY, DRAW, PASS, TAKE, Action, Verb, discard, give, lay, meld, swap
from ..bots import Player
from ..cards import Card
from ..engine import Deal, IllegalMoveError
from ..events import Event
from ..i18n import t
from ..state import Phase
from ..views import SeatView
from .hints import hints
from .order import HandOrder
from .screens import (
    ConfirmScreen,
    CoverScreen,
    HelpScreen,
    ScoreScreen,
    SetupChoice,
    SetupScreen,
)
from .session import Session, TableConfig, available_levels
from .widgets import HandView, Line, TableView, card_text
from .words import cards_text, event_lines, explain, status_line

LOG_LINES = 4
# Buttons of the action bar: (action, key, label) and the phases they belong to.
ACTIONS: tuple[tuple[str, str, str, tuple[Phase, ...]], ...] = (
    ("draw", "d", "tui_act_draw", (Phase.DRAW,)),
    ("take", "t", "tui_act_take", (Phase.DRAW, Phase.UPCARD_OFFER)),
    ("buy", "b", "tui_act_buy", (Phase.BUYING,)),
    ("give", "e", "tui_act_give", (Phase.EXCHANGE,)),
    ("pass", "p", "tui_act_pass", (Phase.BUYING, Phase.EXCHANGE, Phase.UPCARD_OFFER)),
    ("group", "g", "tui_act_group", (Phase.PLAY,)),
    ("meld", "m", "tui_act_meld", (Phase.PLAY,)),
    ("lay", "l", "tui_act_lay", (Phase.PLAY,)),
    ("swap", "w", "tui_act_swap", (Phase.PLAY,)),
    ("discard", "x", "tui_act_discard", (Phase.PLAY, Phase.UPCARD_SWAP)),
    ("hint", "h", "tui_act_hint", (Phase.DRAW, Phase.PLAY)),
    ("help", "?", "tui_act_help", ()),
)


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
        *(Binding(key, f"act('{name}')", show=False) for name, key, _, _ in ACTIONS
          if key != "?"),
        Binding("question_mark", "act('help')", show=False),
        Binding("c", "toggle_confirm", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self, config: TableConfig | None = None, *, lang: str = "en",
                 setup: SetupChoice | None = None, deal: Deal | None = None,
                 bots: Sequence[Player] | None = None, bot_delay: float = 0.5,
                 levels: tuple[str, ...] | None = None, seed: int = 0,
                 save: Path | None = None) -> None:
        """Start at ``config``, or with the setup screen (``setup``: its first answers).

        ``deal`` and ``bots`` fix the first deal and the computer players (tests).
        """
        super().__init__()
        self.lang = lang
        self.config = config
        self.setup_choice = setup or SetupChoice()
        self.deal, self.fixed_bots, self.bot_delay = deal, bots, bot_delay
        self.levels = levels or available_levels()
        self.seed, self.save_path = seed, save
        self.session: Session | None = None
        self.seat = 0  # the person whose hand is on the screen
        self.orders: dict[int, HandOrder] = {}
        self.selected: set[int] = set()
        self.cursor = 0
        self.groups: list[list[int]] = []
        self.target = 0
        self.log_lines: deque[Text] = deque(maxlen=200)
        self.message: Text | None = None  # a refusal or a hint, until the next move
        self.confirm = True

    # --- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Line(id="header")
        yield Line(id="players")
        with VerticalScroll(id="table-box"):
            yield TableView(id="table")
        yield Line(id="piles")
        yield Line(id="hand-title")
        yield HandView(id="hand")
        yield Line(id="log")
        yield Line(id="status")
        with Horizontal(id="actions"):
            for name, key, label, _ in ACTIONS:
                button = Button(f"{key} {t(label, self.lang)}", id=f"act-{name}",
                                compact=True)
                button.can_focus = False
                yield button

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        if self.config is not None:
            self.start(self.config)
        else:
            self.push_screen(SetupScreen(self.setup_choice, self.lang, self.seed,
                                         self.save_path, self.levels), self._setup_done)

    def _setup_done(self, config: TableConfig | None) -> None:
        if config is not None:
            self.start(config)

    def start(self, config: TableConfig) -> None:
        self.config = config
        self.confirm = config.confirm
        self.session = Session(config, self.deal, self.fixed_bots)
        self.seat = self.session.humans[0]
        self.advance()

    # --- the flow of play ----------------------------------------------------------------
    def advance(self) -> None:
        """Let computer players move until a person must act or the round ends."""
        s = self.session
        if s is None:
            return
        while True:
            if s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                self.redraw()
                self.round_over()
                return
            if s.human_turn():
                seat = s.to_act
                if seat != self.seat and len(s.humans) > 1:
                    self.seat = seat
                    self.redraw()
                    name = s.players[seat]
                    self.push_screen(CoverScreen(t("tui_cover", self.lang, name=name)))
                    return
                self.seat = seat
                self.redraw()
                return
            move = s.bot_move()
            if move is None:  # pragma: no cover - live, and neither a person nor a bot
                return
            self.log_events(move.events)
            if s.game.state.rules.open_hands:
                why = explain(move.before, move.action, self.lang)
                if why:
                    self.add_log(Text(f"  → {s.players[move.seat]} {why}", style="italic"))
            if self.bot_delay > 0:
                self.redraw()
                self.set_timer(self.bot_delay, self.advance)
                return

    def round_over(self) -> None:
        s = self.session
        assert s is not None
        note = ""
        if self.config is not None and self.config.save is not None:
            note = self.save_record()
        self.push_screen(ScoreScreen(self.view(), self.lang, self.save_record, note),
                         self._score_done)

    def _score_done(self, choice: str | None) -> None:
        s = self.session
        assert s is not None
        if choice == "quit" or s.phase is Phase.MATCH_OVER:
            self.exit()
            return
        s.next_round()
        self.orders.clear()
        self.clear_selection()
        self.log_lines.clear()
        self.advance()

    def save_record(self) -> str:
        s = self.session
        assert s is not None
        path = (self.config.save if self.config and self.config.save else
                Path(f"jokeren-{datetime.now():%Y%m%d-%H%M}.json"))
        try:
            s.save(path)
        except OSError as exc:
            return t("tui_save_failed", self.lang, path=path, reason=exc.strerror)
        return t("tui_saved", self.lang, path=path)

    def play(self, action: Action) -> None:
        """A person's move: refused with the engine's reason, or played and the table on."""
        s = self.session
        if s is None:
            return
        try:
            events = s.play(self.seat, action)
        except IllegalMoveError as exc:
            self.message = Text(t("tui_not_allowed", self.lang, reason=exc.text(self.lang)),
                                style="bold red")
            self.redraw()
            return
        self.message = None
        self.clear_selection()
        if action.verb in (Verb.LAY, Verb.SWAP, Verb.DISCARD):
            self.target = 0
        self.log_events(events)
        self.advance()

    def log_events(self, events: Sequence[Event]) -> None:
        s = self.session
        assert s is not None
        for line in event_lines(s.public(events), s.players, self.lang):
            self.add_log(Text(line))

    def add_log(self, line: Text) -> None:
        self.log_lines.append(line)

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
        total = v.rules.match_rounds()
        header = Text(t("tui_round", lang, n=len(v.results) + 1, total=total or "∞"),
                      style="bold")
        header.append(" · " + t("tui_req", lang, req=v.requirement.describe(lang)),
                      style="bold cyan")
        header.append(" · " + t("tui_dealer", lang, name=v.players[v.dealer]))
        header.append(" · " + t("tui_you", lang, name=v.players[self.seat]))
        self.query_one("#header", Line).update(header)
        self.query_one("#players", Line).update(self.players_text(v))
        owners = [v.players[o] for o in v.owners]
        self.query_one(TableView).show(list(zip(owners, v.table, strict=True)), self.target,
                                       t("tui_table_empty", lang))
        top = v.discard_top.symbol() if v.discard_top else "-"
        piles = Text(t("tui_discard_pile", lang, card=top, n=v.discard_size))
        piles.append(" · " + t("tui_stock", lang, n=v.stock_size))
        if self.target:
            piles.append(" · " + t("tui_target", lang, n=self.target), style="yellow")
        if self.groups:
            text = " / ".join(cards_text([cards[i] for i in g]) for g in self.groups)
            piles.append(" · " + t("tui_groups_ready", lang, groups=text), style="green")
        self.query_one("#piles", Line).update(piles)
        title = Text(t("tui_hand", lang, name=v.players[self.seat], n=len(v.hand)),
                     style="bold")
        if v.drawn:
            title.append(" · " + t("tui_new_card", lang, cards=cards_text(v.drawn)),
                         style="yellow")
        self.query_one("#hand-title", Line).update(title)
        grouped = [i for g in self.groups for i in g]
        self.query_one(HandView).show(cards, self.selected, self.cursor, v.drawn, grouped)
        self.query_one("#log", Line).update(
            Text("\n").join(list(self.log_lines)[-LOG_LINES:]))
        status = self.message or Text(status_line(v, lang, len(self.groups)),
                                      style="bold")
        self.query_one("#status", Line).update(status)
        for name, _, _, phases in ACTIONS:
            shown = name == "help" or (v.my_turn and v.phase in phases)
            if name == "draw" and v.phase is Phase.PLAY and v.rules.turbo:
                shown = v.my_turn
            self.query_one(f"#act-{name}", Button).display = shown

    def players_text(self, v: SeatView) -> Text:
        out = Text()
        lang = self.lang
        for s, name in enumerate(v.players):
            if s == self.seat:
                continue
            if out:
                out.append("\n" if v.open_hands is not None else " │ ")
            style = "bold reverse" if s == v.to_act else "bold"
            out.append(name, style=style)
            out.append(" " + t("tui_cards", lang, n=v.hand_sizes[s]))
            if v.come_out[s]:
                out.append(" ✓ " + t("tui_is_out", lang), style="green")
            if v.open_hands is not None:
                out.append(": ")
                out.append_text(card_text(sorted(v.open_hands[s], key=self.order().key)))
        return out

    # --- keys and clicks -----------------------------------------------------------------
    def clear_selection(self) -> None:
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
        self.clear_selection()
        self.message = None
        self.redraw()

    def action_sort(self) -> None:
        if self.session is None:
            return
        order = self.order()
        order.sort(not order.by_rank if not order.custom else order.by_rank)
        self.clear_selection()
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

    def action_act(self, name: str) -> None:
        if name == "help":
            self.push_screen(HelpScreen(self.lang))
            return
        if self.session is None:
            return
        v = self.view()
        if name == "hint":
            self.show_hint(v)
            return
        if not v.my_turn:
            self.redraw()
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
            self.confirmed(meld(*groups), len(v.hand) == sum(map(len, groups)),
                           "tui_confirm_meld_out")
        elif name in ("lay", "swap"):
            if not chosen:
                self.refuse("tui_select_first")
            elif not self.target:
                self.refuse("tui_choose_meld")
            elif name == "swap" and len(chosen) != 1:
                self.refuse("tui_select_one")
            elif name == "swap":
                self.play(swap(self.target, chosen[0]))
            else:
                self.confirmed(lay(self.target, tuple(chosen)), len(chosen) == len(v.hand),
                               "tui_confirm_meld_out")
        elif name in ("discard", "give"):
            if len(chosen) != 1:
                self.refuse("tui_select_one" if chosen else "tui_select_first")
                return
            card = chosen[0]
            if name == "give":
                self.play(give(card))
            elif v.phase is Phase.PLAY and len(v.hand) == 1:
                self.confirmed(discard(card), True, "tui_confirm_out", card=card.symbol())
            else:
                self.confirmed(discard(card), card.joker, "tui_confirm_joker")

    def refuse(self, key: str) -> None:
        self.message = Text(t(key, self.lang), style="bold red")
        self.redraw()

    def confirmed(self, action: Action, ask: bool, question: str, **values: str) -> None:
        """Play ``action``; first ask, when asked to, if it is legal and ``ask`` holds."""
        s = self.session
        assert s is not None
        if not (ask and self.confirm) or s.check(self.seat, action) is not None:
            self.play(action)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.play(action)

        self.push_screen(ConfirmScreen(t(question, self.lang, **values), self.lang), answer)

    def show_hint(self, v: SeatView) -> None:
        lang = self.lang
        h = hints(v)
        parts = []
        if h.melds:
            options = ["/".join(cards_text(g) for g in option) for option in h.melds[:3]]
            parts.append(t("tui_hint_melds", lang, melds=" · ".join(options)))
        else:
            parts.append(t("tui_hint_no_melds", lang))
        if h.lay_offs:
            items = ", ".join(f"{c.symbol()}→{n}" for c, n in h.lay_offs[:6])
            parts.append(t("tui_hint_lay", lang, items=items))
        if not v.come_out[self.seat] and not h.melds:
            parts.append(t("tui_hint_wanted", lang, cards=cards_text(h.wanted[:10]))
                         if h.wanted else t("tui_hint_wanted_none", lang))
        for part in parts:
            self.add_log(Text(part, style="cyan"))
        self.message = None
        self.redraw()
