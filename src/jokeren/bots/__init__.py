"""Computer players. Each sees only its seat's view and the legal actions, never the state.

Kinds: ``random``, ``basic`` (rules of thumb), ``strong`` (the race to go out, over sampled
stock orders and worlds), and the levels people pick, ``level1`` .. ``level5``
(docs/bots.md; level 3 is the one-card look-ahead). ``strong:N`` sets the strong player's
samples per decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.views import SeatView


class Player(Protocol):
    """A computer player: chooses one of ``legal`` from what its seat may see."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


def _random(seed: int) -> Player:
    from .random_player import RandomPlayer

    return RandomPlayer(seed)


def _basic(seed: int) -> Player:
    from .basic import BasicPlayer

    return BasicPlayer(seed)


def _strong(samples: int, width: int = 6, orders: int = 20) -> Callable[[int], Player]:
    def make(seed: int) -> Player:
        from .strong import StrongPlayer

        return StrongPlayer(seed, samples=samples, width=width, orders=orders)

    return make


def _lookahead(seed: int) -> Player:
    from .lookahead import LookaheadPlayer

    return LookaheadPlayer(seed, samples=2, width=2)


KINDS: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "basic": _basic,
    "strong": _strong(16),
    "level1": _random,
    "level2": _basic,
    "level3": _lookahead,  # the one-card look-ahead (the strong player before the race)
    "level4": _strong(16),
    "level5": _strong(48, width=8, orders=40),
}

# The registry of levels: every one by name (the server offers them all), the kinds named by
# what they do (the terminal table offers these), and the one a seat gets unless told.
LEVELS = tuple(KINDS)
NAMED_KINDS = ("random", "basic", "strong")
DEFAULT_LEVEL = "basic"  # plays like a person: goes out (random buys all and never does)

# The same levels in the players' Dutch (accepted everywhere a level is asked, and shown).
DUTCH = {"random": "willekeurig", "basic": "eenvoudig", "strong": "sterk",
         **{f"level{i}": f"niveau{i}" for i in range(1, 6)}}
_FROM_DUTCH = {nl: en for en, nl in DUTCH.items()}


class LevelList:
    """Every level, as the reader names them (a value of a sentence: "random, basic, ..."
    or "willekeurig, eenvoudig, ...")."""

    def text(self, lang: str) -> str:
        return ", ".join(level_name(k, lang) for k in KINDS)


def level_name(kind: str, lang: str = "en") -> str:
    """A level as the reader says it: ``sterk:16`` in Dutch for ``strong:16``."""
    key = kind.strip().lower()
    base, colon, count = key.partition(":")
    base = _FROM_DUTCH.get(base, base)
    if str(getattr(lang, "value", lang)) == "nl":
        base = DUTCH.get(base, base)
    return base + colon + count


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player by kind or level name, English or Dutch (``strong:N`` or
    ``sterk:N``: N samples per decision)."""
    from ..rules.sentence import Sentence

    key = level_name(kind, "en")
    if key.startswith("strong:"):
        count = key.partition(":")[2]
        if not (count.isascii() and count.isdigit()) or int(count) < 1:
            raise Sentence("bots_strong_n", kind=repr(kind))
        player = _strong(int(count))(seed)
        player.name = key
        return player
    if key not in KINDS:
        raise Sentence("bots_unknown", kind=repr(kind), kinds=LevelList())
    player = KINDS[key](seed)
    if key != player.name:
        player.name = key
    return player
