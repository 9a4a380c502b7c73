"""The table's widgets. Each draws what the app hands it from one seat's view; a click
is turned into a message (which card, which meld), never into a move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from ..rules.cards import Card
from ..rules.melds import Meld

CARD_WIDTH = 4  # "10♥" plus a space
RED = "bold red"
BLACK = "bold"


def card_style(card: Card) -> str:
    if card.joker and not card.declared:
        return "bold magenta"
    return RED if card.suit in (1, 2) else BLACK


def card_text(cards: Sequence[Card], lang: str = "en") -> Text:
    """Cards in colour, as the reader reads them (B, V, H in Dutch)."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append(card.symbol(lang), style=card_style(card))
    return text


class KeyButton(Button):
    """An action-bar button as wide as its words ("g Group"): Button pads a cell each side,
    and nine padded buttons do not fit 80 columns; the bar puts one space between them."""

    DEFAULT_CSS = "KeyButton { min-width: 1; margin: 0 1 0 0; }"

    def __init__(self, label: str, *, id: str) -> None:
        super().__init__(label, id=id, compact=True)
        self.can_focus = False
        self.styles.line_pad = 0  # TCSS refuses "line-pad: 0"

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return super().get_content_width(container, viewport) - 2  # Button adds the pad

    def watch_label(self) -> None:
        """A new label is laid out: Button only repaints, and a shorter word kept the
        longer one's width (the bar then ran off the screen)."""
        self.refresh(layout=True)


class ActionBar(Horizontal):
    """The action bar: a line of ``KeyButton``s (ids ``act-NAME``). Which show, and their
    words, are chosen for its width by the plan it is given (width in columns -> label by
    button name), again whenever the width changes: at 60 columns the full bar of play did
    not fit and "? Help" fell off its end."""

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.plan: Callable[[int], dict[str, str]] | None = None

    def fit(self, plan: Callable[[int], dict[str, str]]) -> None:
        self.plan = plan
        # Before its first layout the bar has no size: the screen's, less its padding.
        width = self.content_size.width or max(1, self.app.size.width - 2)
        labels = plan(width)
        for button in self.query(KeyButton):
            name = (button.id or "").removeprefix("act-")
            button.display = name in labels
            if name in labels:
                button.label = labels[name]
        # The whole bar is painted again: Textual repaints only the buttons, and a space
        # between two of them kept a letter of the bar before ("r Ruilen?p Passen").
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if self.plan is not None:
            self.fit(self.plan)


class HandView(Widget, can_focus=True):
    """A hand in rows of cards: the cursor, the selection and the new cards marked."""

    DEFAULT_CSS = "HandView { height: auto; min-height: 2; }"

    class CardClicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.new: list[Card] = []  # the cards drawn this turn, to mark
        self.grouped: list[int] = []  # indices set aside as groups for one meld

    def show(self, cards: Sequence[Card], selected: set[int], cursor: int,
             new: Sequence[Card], grouped: Sequence[int]) -> None:
        self.cards, self.selected, self.cursor = list(cards), set(selected), cursor
        self.new, self.grouped = list(new), list(grouped)
        self.refresh(layout=True)

    def per_row(self) -> int:
        return max(1, (self.content_size.width or 76) // CARD_WIDTH)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = -(-max(1, len(self.cards)) // max(1, width // CARD_WIDTH))
        return rows * 2

    def render(self) -> Text:
        new_left = list(self.new)
        marks: list[bool] = []
        for card in self.cards:
            is_new = card in new_left
            if is_new:
                new_left.remove(card)
            marks.append(is_new)
        out = Text()
        row = self.per_row()
        for start in range(0, max(1, len(self.cards)), row):
            line, under = Text(), Text()
            for i in range(start, min(start + row, len(self.cards))):
                card = self.cards[i]
                style = card_style(card)
                if i in self.selected:
                    style += " reverse"
                if i in self.grouped:
                    style += " dim"
                if i == self.cursor and self.has_focus:
                    style += " underline"
                line.append(card.symbol(getattr(self.app, "lang", "en")).rjust(3), style=style)
                line.append(" ")
                mark = "^" if i == self.cursor else ("*" if marks[i] else " ")
                if marks[i] and i == self.cursor:
                    mark = "^"
                under.append(mark.rjust(3) + " ", style="yellow" if marks[i] else "cyan")
            if start:
                out.append("\n")
            out.append_text(line)
            out.append("\n")
            out.append_text(under)
        return out

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        if at is None:
            return
        index = (at.y // 2) * self.per_row() + at.x // CARD_WIDTH
        if at.x // CARD_WIDTH < self.per_row() and 0 <= index < len(self.cards):
            self.post_message(self.CardClicked(index))


class TableView(Widget):
    """The melds on the table, numbered from 1 as lay and swap name them."""

    DEFAULT_CSS = "TableView { height: auto; }"

    class MeldClicked(Message):
        def __init__(self, number: int) -> None:
            self.number = number
            super().__init__()

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.melds: list[tuple[str, Meld]] = []
        self.target = 0
        self.empty = ""

    def show(self, melds: Sequence[tuple[str, Meld]], target: int, empty: str) -> None:
        self.melds, self.target, self.empty = list(melds), target, empty
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.melds))

    def render(self) -> Text:
        if not self.melds:
            return Text(self.empty, style="dim")
        out = Text()
        for n, (owner, meld) in enumerate(self.melds, 1):
            if n > 1:
                out.append("\n")
            chosen = n == self.target
            out.append(("▶" if chosen else " ") + f"{n:>2} ", style="bold yellow" if chosen
                       else "bold")
            out.append(f"{owner[:6]:<7}", style="dim")
            out.append_text(card_text(meld.cards, getattr(self.app, "lang", "en")))
        return out

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)
        number = at.y + 1 if at is not None else 0
        if 1 <= number <= len(self.melds):
            self.post_message(self.MeldClicked(number))


class Line(Static):
    """A one-line text area (header, piles, status)."""

    DEFAULT_CSS = "Line { height: 1; }"
