"""A word to the table and the table's pauses (issue 39), kept apart from the runner's
moves: short reactions (a few emoji) and the table chat, which the host can switch off;
the host's pause; and what a person who comes back is told happened meanwhile.

Nothing here reads the rules or a hand: a word is text a seat sent, checked for its length
and characters, rate-limited per seat, stored with the match and sent to every connection
as it is (a spectator reads it too, but never a card it may not see: the frame carries
only the seat, the name and the text).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from ..engine.wire import encode_event
from ..play.table import Table
from .frames import Frame, refusal
from .names import odd_character

REACTIONS = ("👍", "👏", "😀", "😮", "😅", "🙈")
CHAT_MOST = 200  # characters in one line of chat
WORDS_KEPT = 50  # the last words a page is sent when it connects
MISSED_MOST = 300  # events told to a person who comes back (the newest)


def parse_say(data: dict[str, Any]) -> dict[str, Any]:
    """A client's ``{"type": "say", "reaction": EMOJI}`` or ``{"type": "say", "text": ...}``
    as ``{"type": "say", "kind", "text"}``, or a refusal frame."""
    reaction, text = data.get("reaction"), data.get("text")
    if isinstance(reaction, str) and text is None:
        if reaction not in REACTIONS:
            return _bad("reaction", "together_bad_reaction")
        return {"type": "say", "kind": "reaction", "text": reaction}
    if not isinstance(text, str) or reaction is not None:
        return _bad("say", "together_bad_say")
    text = " ".join(text.split())
    if not 1 <= len(text) <= CHAT_MOST or odd_character(text):
        return _bad("chat_length", "chat_bad_text", most=CHAT_MOST)
    return {"type": "say", "kind": "chat", "text": text}


def _bad(key: str, words: str, **params: Any) -> dict[str, Any]:
    return {"type": "refused", "id": None, "reason": said_refusal(key, words, **params)}


def said_refusal(key: str, words: str, **params: Any) -> Any:
    return refusal(key, words, **params)


class TableWords:
    """A table's words (the last ``WORDS_KEPT`` in memory, all in the store), whether the
    chat is on, and whether the host has paused the table."""

    def __init__(self, chat: bool = True, said: Iterable[tuple[int, int, str, str]] = ()
                 ) -> None:
        self.chat = chat
        self.said: deque[Frame] = deque(maxlen=WORDS_KEPT)
        self.count = 0
        self.paused = False
        self.paused_at = 0.0
        for n, seat, kind, text in said:
            self.said.append(self.frame(n, seat, kind, text))
            self.count = max(self.count, n)

    @staticmethod
    def frame(n: int, seat: int, kind: str, text: str) -> Frame:
        return {"type": "said", "n": n, "seat": seat, "kind": kind, "text": text}

    def state(self) -> Frame:
        """Sent to each connection as it connects: the chat switch, the pause and the last
        words said."""
        return {"type": "words", "chat": self.chat, "paused": self.paused,
                "said": list(self.said)}

    def switched(self) -> Frame:
        return {"type": "chat", "on": self.chat}

    def pause_frame(self) -> Frame:
        return {"type": "paused", "on": self.paused}


def back_frame(table: Table, seat: int, since: int) -> Frame:
    """What a person who was away from ``since`` (a version) missed, as that seat may see
    it (the events the table's log has for it since then, the newest ``MISSED_MOST``): the
    page shows them as lines, not only their number."""
    missed = [e for _, e in table.events_since(seat, since)]
    return {"type": "back", "seat": seat, "since": since, "version": table.version,
            "count": len(missed),
            "events": [encode_event(e, seat) for e in missed[-MISSED_MOST:]]}


__all__ = ["REACTIONS", "TableWords", "back_frame", "parse_say"]
