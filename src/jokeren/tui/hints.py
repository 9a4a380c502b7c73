"""Hints on request, from the engine's own listing of what the seat may do now.

Melds, lay-offs and joker swaps are the legal actions (``legal.legal_actions``), so a hint
never offers a move the engine would refuse; natural melds come before ones with a joker.
Before coming out, the cards that would complete the requirement are worked out from the
seat's own view (its hand only), with the search module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from ..analysis.search import coming_out_options
from ..engine.actions import Action, Verb
from ..engine.phase import Phase
from ..engine.views import SeatView
from ..rules.cards import Card
from ..words.catalogue import t
from ..words.keys import keyed
from ..words.moves import cards_text

Group = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Hints:
    melds: tuple[tuple[Group, ...], ...]  # options to lay now (each one or more melds)
    lay_offs: tuple[tuple[Card, int], ...]  # (hand card, table meld number)
    swaps: tuple[tuple[Card, int], ...]  # (natural card, meld number whose joker it frees)
    wanted: tuple[Card, ...]  # cards that would let the seat come out
    ready: tuple[tuple[Group, ...], ...] = ()  # ways to come out with the hand as it is,
    #                                            while the turn does not allow it yet


def hints(v: SeatView, legal: Sequence[Action]) -> Hints:
    """What ``v``'s seat may lay now (``legal``: its legal actions) and, before it has come
    out, which single cards would let it."""
    melds = sorted((a.melds for a in legal if a.verb is Verb.MELD), key=_naturals_first)
    lays = tuple(dict.fromkeys((a.cards[0], a.target) for a in legal
                               if a.verb is Verb.LAY and len(a.cards) == 1))
    swaps = tuple(dict.fromkeys((a.cards[0], a.target) for a in legal if a.verb is Verb.SWAP))
    wanted: tuple[Card, ...] = ()
    ready: tuple[tuple[Group, ...], ...] = ()
    if not v.come_out[v.seat or 0] and not melds:
        ready = tuple(coming_out_options(v.hand, v.rules, v.round_index, v.requirement,
                                         limit=1))
    if not v.come_out[v.seat or 0] and not melds and not ready:
        wanted = tuple(c for c in _naturals()
                       if coming_out_options((*v.hand, c), v.rules, v.round_index,
                                             v.requirement, must_include=c, limit=1))
    return Hints(tuple(melds), lays, swaps, wanted, ready)


def _naturals_first(option: tuple[Group, ...]) -> tuple[int, int]:
    """Fewer jokers first, then more cards laid."""
    cards = [c for g in option for c in g]
    return sum(c.joker for c in cards), -len(cards)


def _naturals() -> list[Card]:
    return [Card(r, s) for s in (1, 0, 2, 3) for r in range(1, 14)]


def hint_text(v: SeatView, h: Hints, lang: str, most: int = 12) -> Text:
    """The hint as lines: every way to lay now (naturals first), lay-offs, joker swaps,
    and before coming out the cards that would complete the requirement."""
    lines: list[str] = []
    if v.phase is Phase.DRAW:
        lines.append(keyed("tui_hint_draw_first", lang))
    if h.melds:
        lines.append(t("tui_hint_melds", lang, melds="").rstrip())
        lines.extend("  " + " / ".join(cards_text(g, lang) for g in option)
                     for option in h.melds[:most])
        if len(h.melds) > most:
            lines.append("  " + t("tui_hint_more", lang, n=len(h.melds) - most))
    elif v.phase is Phase.PLAY:
        lines.append(t("tui_hint_no_melds", lang))
    # In words, the table meld by its number: "10♦ bij 3" (it read "10♦→3"; the move line
    # takes "leg aan 3 10r", never an arrow).
    if h.lay_offs:
        lines.append(t("tui_hint_lay", lang, items=", ".join(
            t("tui_hint_lay_item", lang, card=c.symbol(lang), n=n) for c, n in h.lay_offs)))
    if h.swaps:
        lines.append(t("tui_hint_swap", lang, items=", ".join(
            t("tui_hint_swap_item", lang, card=c.symbol(lang), n=n) for c, n in h.swaps)))
    if h.ready:
        lines.append(t("tui_hint_ready", lang, melds=" / ".join(cards_text(g, lang)
                                                                for g in h.ready[0])))
    elif not v.come_out[v.seat or 0] and not h.melds:
        lines.append(t("tui_hint_wanted", lang, cards=cards_text(h.wanted, lang)) if h.wanted
                     else t("tui_hint_wanted_none", lang))
        if v.phase is Phase.DRAW and v.discard_top in h.wanted:
            lines.append(keyed("tui_hint_take", lang, card=v.discard_top.symbol(lang)))
    return Text("\n".join(lines), style="cyan")
