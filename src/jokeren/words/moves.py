"""What the table says, in Dutch or English: events as log lines, the status line, labels.

Every sentence comes from messages.json (keys ``tui_*``); this module only fills them in
from a seat's view or a public event.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..analysis.search import candidate_melds
from ..engine.actions import Action, Verb
from ..engine.events import Event
from ..engine.state import Phase
from ..engine.views import SeatView
from ..rules.cards import Card
from ..rules.melds import Meld, MeldError, extension
from .catalogue import t
from .keys import keyed


def cards_text(cards: Sequence[Card], lang: str = "en") -> str:
    """Cards as the reader reads them (B, V, H in Dutch)."""
    return " ".join(c.symbol(lang) for c in cards)


def melds_text(melds: Sequence[Meld], lang: str = "en") -> str:
    return " / ".join(cards_text(m.cards, lang) for m in melds)


def event_lines(events: Sequence[Event], players: Sequence[str], lang: str,
                you: int | None = None) -> list[str]:
    """Log lines for public events; the stock card that comes with a buy is in its line.
    The seat ``you`` reads them: its own moves are said to it ("Je trok een kaart")."""
    lines = []
    after_buy = False
    for e in events:
        skip = after_buy and e.kind == "draw"
        after_buy = e.kind == "buy"
        line = None if skip else event_line(e, players, lang, you)
        if line:
            lines.append(line)
    return lines


def event_line(e: Event, players: Sequence[str], lang: str,
               you: int | None = None) -> str | None:
    """One log line for a public event, or None for events not worth a line (passes);
    in the second person when the seat ``you`` made it."""
    name = players[e.seat] if e.seat is not None else ""
    own = you is not None and e.seat == you
    cards = cards_text(e.cards, lang)
    kind = e.kind
    if kind in ("pass", "round-over"):
        return None
    if kind == "draw":
        if not e.cards and not e.public:
            return t("tui_ev_draw_hidden", lang, own, name=name)
        return t("tui_ev_draw", lang, own, name=name, cards=cards)
    if kind == "exchanged":
        to = players[e.to] if e.to is not None else "?"
        if you is not None and e.to == you:
            to = t("tui_ev_to_reader", lang)
        key = "tui_ev_exchanged" if e.cards else "tui_ev_exchanged_hidden"
        return t(key, lang, own, name=name, cards=cards, to=to)
    if kind in ("come-out", "meld"):
        key = "tui_ev_come_out" if kind == "come-out" else "tui_ev_meld"
        return t(key, lang, own, name=name, cards=melds_text(e.melds, lang) or cards)
    if kind in ("lay", "swap"):
        return t(f"tui_ev_{kind}", lang, own, name=name, cards=cards, n=e.to)
    if kind == "match-over":
        return t("tui_ev_match_over", lang, own, name=name)
    return t(f"tui_ev_{kind.replace('-', '_')}", lang, own, name=name, cards=cards)


def status_line(v: SeatView, lang: str, pending_groups: int = 0,
                draw_again: bool = False) -> str:
    """Whose turn it is and what the seat ``v`` may do now, in plain words, naming the keys
    of the terminal table in ``lang`` (words/keys.py). ``draw_again``: turbo's second draw,
    which only the engine can tell (before melding, while no meld can be made, at most
    three cards a turn), is allowed now and said first."""
    who = v.players[v.to_act]
    if v.phase is Phase.MATCH_OVER:
        return keyed("tui_st_match_over", lang, name=v.players[v.winner or 0])
    if v.phase is Phase.ROUND_OVER:
        return keyed("tui_st_round_over", lang)
    top = v.discard_top.symbol(lang) if v.discard_top else "-"
    if not v.my_turn:
        # While another may buy the card (or take the upcard, or exchange a duplicate), the
        # turn is not theirs: "Bob is aan de beurt" read as if the draw had been lost.
        offer = {Phase.BUYING: "tui_cover_buy", Phase.UPCARD_OFFER: "tui_cover_upcard",
                 Phase.EXCHANGE: "tui_cover_exchange"}.get(v.phase)
        if offer is not None and (v.discard_top is not None or v.phase is Phase.EXCHANGE):
            return t(offer, lang, name=who, card=top)
        return keyed("tui_st_waiting", lang, name=who)
    if v.phase is Phase.EXCHANGE:
        return keyed("tui_st_exchange", lang)
    if v.phase is Phase.UPCARD_OFFER:
        return keyed("tui_st_upcard_offer", lang, card=top)
    if v.phase is Phase.UPCARD_SWAP:
        return keyed("tui_st_upcard_swap", lang)
    if v.phase is Phase.DRAW:
        if v.discard_top is None:
            return keyed("tui_st_draw_only", lang)
        return keyed("tui_st_draw", lang, card=top)
    if v.phase is Phase.BUYING:
        return keyed("tui_st_buy", lang, card=top, name=v.players[v.turn])
    if v.pending:
        return keyed("tui_st_pending", lang, cards=cards_text(v.pending, lang))
    if pending_groups:
        return keyed("tui_st_groups", lang, n=pending_groups)
    if v.came_out_now and v.rules.opening_only_contract:  # no more melds this turn
        return keyed("tui_st_play_came_out", lang)
    out = v.come_out[v.to_act]
    moves = play_moves(v)
    said = [keyed("tui_do_come_out", lang, req=v.requirement.describe(lang)) if not out
            else keyed("tui_do_meld", lang)] if "meld" in moves else []
    said += [keyed(f"tui_do_{name}", lang) for name in ("lay", "swap", "rearrange")
             if name in moves]
    if draw_again:
        said.insert(0, keyed("tui_do_draw_again", lang))
    said.append(keyed("tui_do_discard", lang))
    text = said[0] if len(said) == 1 else t("tui_do_or", lang, first=", ".join(said[:-1]),
                                             last=said[-1])
    if not out and "meld" not in moves:  # wait_first_turn
        return keyed("tui_st_play_wait", lang, moves=text)
    return text[:1].upper() + text[1:]


def play_moves(v: SeatView) -> tuple[str, ...]:
    """Which of meld, lay, swap and rearrange the rules let the seat to play make now, in
    its play phase (a discard always ends the turn). Only what the rules and the public
    table say, never whether the hand holds such a move: before coming out, lay-offs, swaps
    and rearranging need ``act_before_out``; no one comes out before everyone has had a
    turn under ``wait_first_turn``; in the turn of coming out a swap is refused
    (docs/rules.md); a lay-off and a rearrangement (Rummikub's ``rearrange``) need a meld
    on the table and a swap a joker in one."""
    rules, seat = v.rules, v.to_act
    out = v.come_out[seat]
    moves = []
    if out or not (rules.wait_first_turn
                   and v.turns_done < len(v.players) - len(v.eliminated)):
        moves.append("meld")
    touch = out or rules.act_before_out
    if touch and v.table:
        moves.append("lay")
    came_out_now = v.came_out_now and (rules.opening_only_contract or len(v.hand) <= 1)
    all_round = v.requirement.all_at_once and not rules.swap_in_all_round
    if touch and not came_out_now and not all_round and any(
            c.joker for m in v.table for c in m.cards):
        moves.append("swap")
    if touch and v.table and rules.rearrange:
        moves.append("rearrange")
    return tuple(moves)


def exchange_lines(passed: Sequence[tuple[int, Card, int | None]], players: Sequence[str],
                   lang: str, you: int | None = None) -> list[tuple[str, bool]]:
    """The end of the duplicate exchange, read by the seat ``you``: ``passed`` holds each
    giver's seat, card and the seat it went to (None: a lone giver, who keeps it). The
    reader's own card and the one they got are named (both are theirs to see), in one line
    that comes last and is marked (True); the others' cards never."""
    if len(passed) == 1 and passed[0][2] is None:
        seat, card, _ = passed[0]
        return [(t("tui_ex_kept", lang, seat == you, name=players[seat],
                   card=card.symbol(lang)), seat == you)]
    lines, own = [], []
    got = {to: (seat, card) for seat, card, to in passed}
    for seat, card, to in passed:
        if to is None:
            continue
        if seat == you and you in got:
            frm, card_got = got[you]
            own.append((t("tui_ex_back" if frm == to else "tui_ex_round", lang,
                          gave=card.symbol(lang), to=players[to], got=card_got.symbol(lang),
                          from_=players[frm]), True))
        elif you not in (seat, to):
            lines.append((t("tui_ev_exchanged_hidden", lang, name=players[seat],
                            to=players[to]), False))
    return lines + own


def explain(v: SeatView, action: Action, lang: str) -> str | None:
    """Learning mode: one line on why a computer player did what it did, from its view."""
    verb = action.verb
    top = v.discard_top
    if verb is Verb.PASS:
        return None
    if verb in (Verb.TAKE, Verb.BUY) and top is not None:
        fits = _fits(v, top)
        key = "tui_why_take_fits" if fits else "tui_why_take"
        if verb is Verb.BUY:
            key = "tui_why_buy_fits" if fits else "tui_why_buy"
        return t(key, lang, card=top.symbol(lang), with_=cards_text(fits, lang))
    if verb is Verb.DRAW:
        return t("tui_why_draw", lang, card=top.symbol(lang) if top else "-")
    if verb is Verb.MELD:
        key = "tui_why_come_out" if not v.come_out[v.to_act] else "tui_why_meld"
        return t(key, lang, req=v.requirement.describe(lang))
    if verb is Verb.LAY:
        return t("tui_why_lay", lang, cards=cards_text(action.cards, lang), n=action.target)
    if verb is Verb.SWAP:
        return t("tui_why_swap", lang, card=action.card.symbol(lang))
    if verb is Verb.GIVE:
        return t("tui_why_give", lang, card=action.card.symbol(lang))
    if verb is Verb.DISCARD:
        card = action.card
        on_table = _fits_table(v, card)
        if on_table:
            return t("tui_why_discard_table", lang, card=card.symbol(lang), n=on_table)
        key = "tui_why_discard_fits" if _fits(v, card, extra=False) else "tui_why_discard"
        return t(key, lang, card=card.symbol(lang))
    return None


def _fits_table(v: SeatView, card: Card) -> int:
    """The first table meld ``card`` would extend (0 if none): such a card is not one that
    "fits no meld", even when the player may not lay it off (yet)."""
    for n, meld in enumerate(v.table, 1):
        if not isinstance(extension(meld, (card,), v.rules, v.round_index), MeldError):
            return n
    return 0


def _fits(v: SeatView, card: Card, extra: bool = True) -> tuple[Card, ...]:
    """Hand cards that make a meld with ``card`` (empty if none)."""
    hand = (*v.hand, card) if extra else v.hand
    for group in candidate_melds(hand, v.rules, v.round_index, max_jokers=0):
        if card in group:
            rest = list(group)
            rest.remove(card)
            return tuple(rest)
    return ()
