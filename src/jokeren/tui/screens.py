"""The screens around the table: setup, the cover between people, the move line, a yes/no
question, the score sheet and the key help."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Input, Label, Static

from ..bots import DEFAULT_LEVEL, DUTCH, level_name, make_player
from ..engine import DealError, check_players
from ..engine.views import SeatView
from ..rules.cards import hand_key
from ..rules.house import PRESETS, Rules, RulesError, find_preset
from ..rules.reasons import text_of
from ..rules.requirements import Requirement
from ..words.catalogue import catalogue, t
from ..words.keys import KEYS, key, keyed
from ..words.rules import preset_name
from .session import TableConfig
from .widgets import card_text


def read_rules(text: str) -> Rules:
    """A preset name or a house-rules file (TOML or JSON); RulesError says what is wrong."""
    text = text.strip() or "amerikaans"
    path = Path(text)
    if path.suffix.lower() in (".toml", ".json") or path.is_file():
        return Rules.from_file(path)
    return Rules.load(text)


@dataclass
class SetupChoice:
    rules: str = "amerikaans"
    players: int = 3
    humans: str = "Ann"
    bots: str = DEFAULT_LEVEL
    learn: bool = False
    confirm: bool = True


def make_config(choice: SetupChoice, lang: str, seed: int, save: Path | None) -> TableConfig:
    """The setup's answers as a table; ValueError (one sentence: ``text_of`` words it in
    either language) if they do not fit."""
    rules = read_rules(choice.rules)  # RulesError: a Sentence, in both languages
    humans = tuple(n.strip() for n in choice.humans.split(",") if n.strip())
    if len(humans) == 1 and humans[0].isascii() and humans[0].isdigit():
        if len(humans[0]) > 2:  # a count of people at one screen, not a name
            raise ValueError(t("tui_err_humans", lang))
        count = int(humans[0])
        humans = tuple(t("tui_player_n", lang, n=i) for i in range(1, count + 1))
    if not humans or len(set(humans)) != len(humans) or any(":" in h for h in humans):
        raise ValueError(t("tui_err_humans", lang))
    try:
        check_players(rules, choice.players)
    except DealError as exc:
        raise ValueError(exc.text(lang)) from None
    if choice.players < len(humans):
        raise ValueError(t("tui_err_seats", lang, humans=len(humans), players=choice.players))
    given = tuple(b.strip() for b in choice.bots.split(",") if b.strip()) or (DEFAULT_LEVEL,)
    n_bots = choice.players - len(humans)
    bots = given * n_bots if len(given) == 1 else given
    if len(bots) != n_bots:
        raise ValueError(t("tui_err_levels", lang, given=len(given), bots=n_bots))
    for level in bots:
        make_player(level)  # ValueError names the levels there are
    bots = tuple(level_name(level, "en") for level in bots)  # the record keeps one name
    return TableConfig(rules, humans, bots, seed, choice.learn, choice.confirm, save)


def levels_text(levels: str, lang: str) -> str:
    """Levels with commas as the reader says them (``eenvoudig,sterk`` in Dutch); what is
    no level stays as written, for ``make_player`` to refuse."""
    known = {*DUTCH, *DUTCH.values()}
    return ",".join(level_name(level, lang) if level.strip().lower().partition(":")[0] in known
                    else level for level in levels.split(","))


def preset_line(text: str, lang: str) -> str:
    """One line on the preset named in the rules' field (UX.md 18: a named rule set with
    one line): its name and what it plays, as the browser's list says it; nothing for
    what names no preset (a house-rules file, a name being typed)."""
    try:
        rules = find_preset(text or "amerikaans")
    except RulesError:
        return ""
    key = f"web_preset_{rules.preset}"
    return t(key, lang) if key in catalogue() else preset_name(rules, lang)


class Tick(Checkbox):
    """A checkbox that shows "X" when on and nothing when off, not only another colour."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class SetupScreen(Screen[TableConfig]):
    """Rules, players, who are people, the computer players' levels; Enter starts."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.quit", show=False)]

    def __init__(self, choice: SetupChoice, lang: str, seed: int, save: Path | None,
                 levels: tuple[str, ...]) -> None:
        super().__init__()
        self.choice, self.lang, self.seed, self.save, self.levels = (
            choice, lang, seed, save, levels)

    def compose(self) -> ComposeResult:
        c, lang = self.choice, self.lang
        with Vertical(id="setup"):
            yield Label(t("tui_setup_title", lang), id="setup-title")
            yield Label(t("tui_setup_rules", lang))
            yield Input(c.rules, id="rules", compact=True)
            yield Static(preset_line(c.rules, lang), id="preset-line")
            yield Static(t("tui_setup_presets", lang, names=", ".join(PRESETS)), classes="dim")
            yield Label(t("tui_setup_players", lang))
            yield Input(str(c.players), id="players", compact=True)
            yield Label(t("tui_setup_humans", lang))
            yield Input(c.humans, id="humans", compact=True)
            names = ", ".join(level_name(level, lang) for level in self.levels)
            yield Static(t("tui_setup_bots", lang, levels=names))
            yield Input(levels_text(c.bots, lang), id="bots", compact=True)
            yield Tick(t("tui_setup_learn", lang), c.learn, id="learn", compact=True)
            yield Tick(t("tui_setup_confirm", lang), c.confirm, id="confirm", compact=True)
            yield Label("", id="setup-error")
            yield Button(t("tui_setup_start", lang), id="start", variant="primary", compact=True)

    def on_mount(self) -> None:
        # The rules' field, its text selected: a preset typed at once replaces it (with the
        # Start button focused the letters went nowhere, and Enter started the default);
        # Enter in a field starts, as on the button.
        self.query_one("#rules", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "rules":  # the line of the preset typed, as it is typed
            self.query_one("#preset-line", Static).update(preset_line(event.value, self.lang))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def start(self) -> None:
        value = {i.id: i.value for i in self.query(Input)}
        error = self.query_one("#setup-error", Label)
        try:
            players = int(value["players"] or "0")
        except ValueError:
            error.update(t("tui_err_count", self.lang))
            return
        choice = SetupChoice(value["rules"] or "", players, value["humans"] or "",
                             value["bots"] or "", self.query_one("#learn", Checkbox).value,
                             self.query_one("#confirm", Checkbox).value)
        try:
            config = make_config(choice, self.lang, self.seed, self.save)
        except ValueError as exc:
            error.update(text_of(exc, self.lang))
            return
        self.dismiss(config)


class CoverScreen(Screen[None]):
    """Hides the table while the screen goes to the next person (no hand shows). It takes
    Enter alone: a key meant for the table (d, space) must not pass it by accident. Nor does
    an Enter after such keys: they were typed by the person who had the table, who did not
    see the cover come (a move typed ahead as a draw put a card up for sale), so the cover
    stays and asks the next person for an Enter of their own (``again``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", show=False)]

    def __init__(self, text: str, again: str = "") -> None:
        super().__init__()
        self.text, self.again = text, again
        self.typed = False  # a key other than Enter since the cover came, or last asked

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="cover")

    def on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            self.typed = True

    def action_go(self) -> None:
        if self.typed:
            self.typed = False
            self.query_one("#cover", Static).update(f"{self.text}\n\n{self.again}")
            return
        self.dismiss(None)


class NoteScreen(ModalScreen[None]):
    """A word for the person at the screen before it passes on (the cards just bought)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go", show=False)]

    def __init__(self, text: str, lang: str) -> None:
        super().__init__()
        self.text, self.lang = text, lang

    def compose(self) -> ComposeResult:
        yield Static(self.text + "\n\n" + t("tui_note_enter", self.lang), id="note")

    def action_go(self) -> None:
        self.dismiss(None)


MOVE_FIELD = 20  # the least columns the move line's field has beside its words


class MoveLine(ModalScreen[tuple[str, bool]]):
    """The move line at the foot of the table: a move or cards typed (typed.py reads them).
    Dismissed with what was typed and whether Enter sent it (Esc keeps it for next time).
    With a ``prompt`` (Rummikub's rearranging: the whole table to write) the prompt has a
    line of its own, above a field as wide as the screen; so have its own words where the
    screen is narrow (60 columns)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", show=False)]

    def __init__(self, text: str, lang: str, prompt: str = "") -> None:
        super().__init__()
        self.text, self.lang, self.prompt = text, lang, prompt

    def compose(self) -> ComposeResult:
        # the text kept (a typo to mend) is not selected: a key adds to it, not wipes it
        field = Input(self.text, id="move", compact=True, select_on_focus=False)
        words = t("tui_move_line", self.lang)
        # Its words on a line of their own where they leave the field too little: at 60
        # columns the Dutch ones left it two, and what was typed could not be read.
        prompt = self.prompt or (words.rstrip() if self.app.size.width - 2 - cell_len(words)
                                 < MOVE_FIELD else "")
        if prompt:
            with Vertical(id="move-table"):
                yield Static(prompt)
                yield field
            return
        with Horizontal(id="move-line"):
            yield Label(words)
            yield field

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss((event.value, True))

    def action_close(self) -> None:
        self.dismiss((self.query_one("#move", Input).value, False))


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (going out, discarding a joker)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("y,j,enter", "answer(True)", show=False),
                Binding("n,escape", "answer(False)", show=False)]

    def __init__(self, question: str, lang: str) -> None:
        super().__init__()
        self.question, self.lang = question, lang

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question)  # wraps (a Label is cut off at the box's edge)
            with Horizontal():
                yield Button(t("tui_yes", self.lang), id="yes", variant="primary", compact=True)
                yield Button(t("tui_no", self.lang), id="no", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


SCORES_KEYS = sorted(set(KEYS["scores"].values()))


def score_table(v: SeatView, lang: str, width: int | None = None) -> Table:
    """Round, requirement, dealer, each player's points with the running total (* went out;
    the key is ``score_key``). In ``width`` columns every heading and number shows whole:
    the requirement's column takes what the others leave (its words wrap), no narrower than
    its heading; where that leaves it too little, each player's points stand above their
    running total, then the dealer's column goes, then the round's (the requirement says
    which round a line is). At 60 columns the English sheet read "Requireme…", and with
    five players "(11…"."""
    running = [0] * len(v.players)
    rows: list[ScoreRow] = []
    for i, r in enumerate(v.results, 1):
        cells = []
        for s, points in enumerate(r.penalties):
            running[s] += points
            cells.append((f"{points}{'*' if r.winner == s else ''}", f"({running[s]})"))
        rows.append(ScoreRow(str(i), Requirement.parse(r.requirement).describe(lang),
                             v.players[r.dealer], tuple(cells)))
    total = ScoreRow("", t("total", lang), "", tuple((str(x),) for x in v.totals))
    heads = ScoreRow(t("round", lang), t("requirement", lang), t("dealer", lang),
                     tuple((name,) for name in v.players))
    # (points above totals, the dealer's column, the round's), the first that fits
    plans = [(False, True, True), (True, True, True), (True, False, True),
             (True, False, False)]
    plan = plans[0]
    if width is not None:
        least = max(cell_len(w) for w in (heads.requirement, total.requirement,
                                          *(w for r in rows for w in r.requirement.split())))
        plan = next((p for p in plans if sum(_fixed_widths([heads, *rows, total], *p))
                     + 3 * (len(v.players) + 1 + p[1] + p[2]) + 1 + least <= width),
                    plans[-1])
    split, dealer, number = plan
    fixed = iter(_fixed_widths([heads, *rows, total], *plan))
    table = Table(expand=False, padding=(0, 1))

    def column(head: str, right: bool = False, sized: bool = True) -> None:
        if sized and width is not None:
            table.add_column(head, justify="right" if right else "left", width=next(fixed),
                             no_wrap=True)
        else:
            table.add_column(head, justify="right" if right else "left")

    if number:
        column(heads.round, right=True)
    column(heads.requirement, sized=False)
    if dealer:
        column(heads.dealer)
    for (name,) in heads.cells:
        column(name, right=True)
    for row in (*rows, total):
        table.add_row(*([row.round] if number else []), row.requirement,
                      *([row.dealer] if dealer else []),
                      *(("\n" if split else " ").join(cell) for cell in row.cells),
                      style="bold" if row is total else None)
    return table


class ScoreRow(NamedTuple):
    """A line of the score sheet as text: its headings, a round, or the totals (a player's
    cell: the points and the running total, or one text)."""

    round: str
    requirement: str
    dealer: str
    cells: tuple[tuple[str, ...], ...]


def _fixed_widths(rows: list[ScoreRow], split: bool, dealer: bool, number: bool) -> list[int]:
    """The widths of the score sheet's columns other than the requirement's, as wide as
    their longest line: the round's and the dealer's (where shown) and each player's."""
    widths = [max(cell_len(r.round) for r in rows)] if number else []
    if dealer:
        widths.append(max(cell_len(r.dealer) for r in rows))
    for s in range(len(rows[0].cells)):
        lines = [part if split else " ".join(r.cells[s]) for r in rows
                 for part in (r.cells[s] if split else r.cells[s][:1])]
        widths.append(max(map(cell_len, lines)))
    return widths


class ScoreTable:
    """The score sheet's table, laid out for the width it is drawn in (``score_table``),
    again at every resize."""

    def __init__(self, v: SeatView, lang: str) -> None:
        self.v, self.lang = v, lang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield score_table(self.v, self.lang, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, score_table(self.v, self.lang,
                                                             options.max_width))


def score_key(v: SeatView, lang: str) -> str:
    """What "0* (85)" means, and who is out of the match."""
    lines = [t("tui_score_key", lang)]
    if v.eliminated:
        lines.append(t("tui_score_eliminated", lang,
                       names=", ".join(v.players[i] for i in v.eliminated)))
    return "\n".join(lines)


def cards_left(v: SeatView, lang: str) -> Text:
    out = Text(t("tui_cards_left", lang) + ":", style="bold")
    if not v.results:
        return out
    last = v.results[-1]
    for s, name in enumerate(v.players):
        out.append(f"\n{name}: ")
        left = sorted(last.hands_left[s], key=hand_key)
        out.append_text(card_text(left, lang) if left else Text("-"))
    return out


class ScoreScreen(Screen[str]):
    """The score sheet after a round and at the end, dismissed with "next"; or looked at
    during play (``playing``), dismissed with "back". Its q is the table's: it asks first
    (and saves on yes) in a match not over, where it saved and quit unasked."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "choose('next')", show=False),
                Binding("escape", "choose('back')", show=False),
                *(Binding(k, f"scores_key('{k}')", show=False) for k in SCORES_KEYS),
                Binding("s", "choose('save')", show=False),
                Binding("q", "app.quit", show=False)]

    def __init__(self, v: SeatView, lang: str, save: Callable[[], str], ending: str = "",
                 *, playing: bool = False) -> None:
        super().__init__()
        self.v, self.lang, self.save, self.ending, self.playing = v, lang, save, ending, playing

    def compose(self) -> ComposeResult:
        v, lang = self.v, self.lang
        over = v.winner is not None
        title = (t("tui_score_final", lang) if over else
                 t("tui_score_now", lang) if self.playing else
                 t("tui_score_title", lang, n=len(v.results)))
        with VerticalScroll(id="score"):
            yield Label(title, id="score-title")
            if self.ending:
                yield Label(self.ending, id="score-ending")
            yield Static(ScoreTable(v, lang))
            yield Static(score_key(v, lang), classes="dim")
            if over:
                # as the table says it ("Het potje is afgelopen: ..."), not a second way
                yield Label(t("tui_st_match_over", lang, name=v.players[v.winner or 0]))
            if not self.playing:
                yield Static(cards_left(v, lang))
            yield Label("", id="score-note")
        keys = ("tui_score_back" if self.playing else
                "tui_score_end" if over else "tui_score_next")
        yield Label(keyed(keys, lang), id="score-keys")

    def action_scores_key(self, letter: str) -> None:
        """The key that shows the sheet (o, in Dutch b) takes one back too."""
        if letter == key("scores", self.lang):
            self.action_choose("back")

    def action_choose(self, what: str) -> None:
        if what == "save":
            self.query_one("#score-note", Label).update(self.save())
            return
        if self.playing:
            self.dismiss("back")
        elif what != "back":
            self.dismiss(what)


class HelpScreen(ModalScreen[None]):
    """The keys; under rules that rearrange the table (Rummikub's), first how to do that:
    it was found nowhere, being typed on the move line only."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,question_mark", "app.pop_screen", show=False)]

    def __init__(self, lang: str, rules: Rules | None = None) -> None:
        super().__init__()
        self.lang, self.rules = lang, rules

    def compose(self) -> ComposeResult:
        # scrolled (↑/↓) where the terminal is too small for it all
        with VerticalScroll(id="help"):
            # first, for one who has never seen it: how to get back to the table
            yield Static(t("tui_help_back", self.lang), id="help-back")
            if self.rules is not None and self.rules.rearrange:
                yield Static(keyed("tui_help_rearrange", self.lang), id="help-rearrange")
            yield Static(keyed("tui_help", self.lang) + "\n\n"
                         + keyed("tui_help_more", self.lang))
