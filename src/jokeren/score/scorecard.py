"""The score card of a match played with real cards: rounds entered by hand, totals computed.

Pure values and functions (no I/O), so the terminal, the exports and a browser page share
them. Each round says who went out and, for every other player, the cards left in hand
(penalised by the rules' own table, ``rules/scoring.py``) or the points counted at the table.
The file format is ``scorefile.py`` (docs/score.md).
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.state import State
from ..rules.cards import JOKER, Card
from ..rules.house import PENALTY_KEYS, Rules
from ..rules.reasons import text_of
from ..rules.scoring import (
    hand_penalty,
    match_over,
    match_winner,
    newly_eliminated,
    pot_gain,
    round_penalties,
)
from ..support.messages import preset_words
from ..support.shown import hidden_character, shown
from ..words.catalogue import t


class ScoreError(ValueError):
    """Input the score card refuses: one sentence, in Dutch or English (messages.json)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key, self.params = key, params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``; a nested error (``error=``) in the same language."""
        values: dict[str, Any] = {
            k: text_of(v, lang) if isinstance(v, BaseException)
            else v.symbol(lang) if isinstance(v, Card)  # a Dutch reader's H♠
            else preset_words(v, lang) if k == "preset" else v
            for k, v in self.params.items()}
        return t(self.key, lang, **values)


@dataclass(frozen=True)
class Left:
    """What one player kept: the cards (``cards``), or only the points counted (``points``)."""

    cards: tuple[Card, ...] | None = None
    points: int | None = None
    come_out: bool = True  # a joker may cost less before coming out (001)

    def penalty(self, rules: Rules) -> int:
        if self.cards is not None:
            return hand_penalty(rules, self.cards, self.come_out)
        return self.points or 0


@dataclass(frozen=True)
class RoundEntry:
    """One round as written on the card; seats index ``ScoreCard.players``."""

    out: int | None  # who went out; None: the stock ran out, everyone scores
    left: tuple[Left | None, ...]  # per seat; None for the one out and the eliminated
    all_at_once: bool = False  # the one out went out all at once (bonus rules, 004)
    buys: tuple[int, ...] = ()  # per seat: cards bought this round (money, 000)
    comment: str = ""


@dataclass(frozen=True)
class ScoreCard:
    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[RoundEntry, ...] = ()
    title: str = ""
    comment: str = ""


@dataclass(frozen=True)
class RoundScore:
    requirement: str
    dealer: int
    out: int | None
    all_at_once: bool
    penalties: tuple[int, ...]
    totals: tuple[int, ...]  # running, after this round
    pot: int  # running, after this round
    pot_gain: int
    buys: tuple[int, ...]
    eliminated: tuple[int, ...]  # seats out of the match after this round, in order


@dataclass(frozen=True)
class Tally:
    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    pot: int
    eliminated: tuple[int, ...]
    over: bool
    winner: int | None  # of the match, once over
    pot_winner: int | None  # who went out in the last round (money only)
    next_dealer: int
    next_requirement: str

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.totals)) if s not in self.eliminated)


def check_names(names: Sequence[str], error: type[ScoreError]) -> None:
    """Refuse a name holding a character that is not shown as itself (a control character,
    a right-to-left override): it would be printed, exported (xlsx refuses it) and typed
    back differently."""
    for name in names:
        odd = hidden_character(name)
        if odd is not None:
            raise error("score_err_odd_name", name=shown(name), code=odd)


def typed_name(name: str) -> str:
    """A name as it is kept and shown: as typed, in one Unicode form (NFC: ``É`` one
    character whether a keyboard sent it so or as E and an accent, as phones and some
    keyboards do), without spaces at the ends, and two spaces inside as one (as the
    server's names): one person's name is the same name on every card and evening."""
    return unicodedata.normalize("NFC", " ".join(p for p in name.strip().split(" ") if p))


def name_key(name: str) -> str:
    """A name as compared: ``typed_name`` case-insensitive, so ``É`` typed as E and an
    accent (NFD) is ``É`` typed as one character. ``lower``, not ``casefold``: Strauß and
    Strauss are two people, as cards made before had them."""
    return typed_name(name).lower()


def new_card(rules: Rules, players: Sequence[str], title: str = "") -> ScoreCard:
    names = tuple(typed_name(p) for p in players)
    if len(names) < 2:
        raise ScoreError("score_err_few_players")
    if any(not p for p in names) or len({name_key(p) for p in names}) != len(names):
        raise ScoreError("score_err_names")
    check_names(names, ScoreError)
    lo, hi = rules.players
    if not lo <= len(names) <= hi:
        raise ScoreError("score_err_player_count", preset=rules.preset, lo=lo, hi=hi,
                         n=len(names))
    return ScoreCard(rules, names, (), title)


def _next_seat(seat: int, n: int, eliminated: Sequence[int]) -> int:
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s not in eliminated:
            return s
    return seat


@dataclass
class Counting:
    """The tally kept round by round: ``tally`` counts a card with it, and a file is read
    with one (``scorefile.from_obj``), each round checked against the running totals and
    not against every earlier round counted again (5,000 rounds: seconds, not minutes)."""

    rules: Rules
    n: int
    totals: tuple[int, ...]
    dealer: int  # of the last round counted (before the first: the last seat)
    eliminated: tuple[int, ...] = ()
    pot: int = 0
    scores: list[RoundScore] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    last_out: int | None = None

    @classmethod
    def start(cls, card: ScoreCard) -> Counting:
        n = len(card.players)
        return cls(card.rules, n, (0,) * n, n - 1)  # the first listed plays first

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.eliminated)

    def add(self, entry: RoundEntry) -> None:
        """Count one more round (checked already: ``check_round``)."""
        rules, n, i = self.rules, self.n, len(self.scores)
        if i:
            self.dealer = _next_seat(self.dealer, n, self.eliminated)
        left = [e.penalty(rules) if e is not None else 0 for e in entry.left]
        penalties = round_penalties(rules, entry.out, left, self.eliminated, entry.all_at_once)
        self.totals = tuple(a + b for a, b in zip(self.totals, penalties, strict=True))
        buys = entry.buys or (0,) * n
        gain = pot_gain(rules, penalties, entry.out, sum(buys))
        self.pot += gain
        out = newly_eliminated(rules, [s for s in range(n) if s not in self.eliminated],
                               self.totals)
        self.eliminated = (*self.eliminated, *out)
        still = [s for s in range(n) if s not in self.eliminated]
        self.scores.append(RoundScore(str(rules.requirement(i)), self.dealer, entry.out,
                                      entry.all_at_once, penalties, self.totals, self.pot,
                                      gain, buys, self.eliminated))
        if match_over(rules, i + 1, still):
            self.over, self.winner = True, match_winner(rules, self.totals, still, out)
        self.last_out = entry.out

    def result(self) -> Tally:
        rules, played = self.rules, len(self.scores)
        return Tally(tuple(self.scores), self.totals, self.pot, self.eliminated, self.over,
                     self.winner,
                     self.last_out if self.over and rules.money is not None else None,
                     _next_seat(self.dealer, self.n, self.eliminated) if played
                     else self.dealer,
                     str(rules.requirement(played)))


def tally(card: ScoreCard) -> Tally:
    """Running totals, pot, elimination and winner, round by round (the engine's counting)."""
    counting = Counting.start(card)
    for entry in card.rounds:
        counting.add(entry)
    return counting.result()


def add_round(card: ScoreCard, entry: RoundEntry) -> ScoreCard:
    """The card with one more round, after checking it against the card and the rules."""
    check_round(card, entry)
    return replace(card, rounds=(*card.rounds, entry))


def undo_round(card: ScoreCard) -> ScoreCard:
    if not card.rounds:
        raise ScoreError("score_err_nothing_to_undo")
    return replace(card, rounds=card.rounds[:-1])


def check_round(card: ScoreCard, entry: RoundEntry,
                so_far: Tally | Counting | None = None) -> None:
    """One sentence for the first thing wrong with ``entry`` after ``card``'s rounds
    (``so_far``: their tally, when the caller keeps it)."""
    if so_far is None:
        so_far = tally(card)
    names, n = card.players, len(card.players)
    if so_far.over:
        raise ScoreError("score_err_over")
    if len(entry.left) != n or (entry.buys and len(entry.buys) != n):
        raise ScoreError("score_err_shape")
    if entry.out is not None and entry.out in so_far.eliminated:
        raise ScoreError("score_err_out_eliminated", name=names[entry.out])
    if entry.all_at_once and entry.out is None:
        raise ScoreError("score_err_all_at_once")
    for s in range(n):
        given = entry.left[s]
        if s == entry.out and given is not None:
            raise ScoreError("score_err_winner_left", name=names[s])
        if s in so_far.eliminated and given is not None:
            raise ScoreError("score_err_eliminated_left", name=names[s])
        if s != entry.out and s not in so_far.eliminated and (
                given is None or (given.cards is None and given.points is None)):
            raise ScoreError("score_err_missing", name=names[s])
        if given is not None and given.points is not None and given.points < 0:
            raise ScoreError("score_err_negative", name=names[s])
        if s in so_far.eliminated and entry.buys and entry.buys[s]:
            raise ScoreError("score_err_eliminated_left", name=names[s])
    if any(b < 0 for b in entry.buys):
        raise ScoreError("score_err_buys")
    active = len(so_far.active)
    if any(entry.buys) and not card.rules.buying_on(active):
        raise ScoreError("score_err_no_buying", preset=card.rules.preset)
    most = most_buys(card.rules, active)
    for s, k in enumerate(entry.buys):
        if k > most:
            raise ScoreError("score_err_buys_most", name=names[s], k=k, most=most)
    for s, given in enumerate(entry.left):
        if given is None:
            continue
        # Buys not entered: none when playing for money (each buy is paid), else unknown.
        bought = entry.buys[s] if entry.buys else 0 if card.rules.money is not None else None
        if given.points is not None:
            check_points(card.rules, active, given.points, bought, names[s])
    check_copies(card.rules, entry.left, len(so_far.active))


def points_step(rules: Rules) -> int:
    """The number every hand's points are a multiple of (5 in Amerikaans, 000)."""
    return math.gcd(*(v for v in rules.penalty.values() if v > 0)) or 1


def hand_cards(rules: Rules, players: int, buys: int | None) -> int:
    """The most cards a player can be left with: the hand, the cards drawn in a turn, and
    what the buys brought (``None``: buys not entered where buying is on, so any number
    up to the packs)."""
    most = rules.hand_size + rules.draws
    if rules.freed_joker == "hand":  # a joker freed from the table goes to the hand
        most += rules.joker_count(players)
    if rules.buying is not None and rules.buying_on(players):
        if buys is None:
            return rules.pack_count(players) * 52 + rules.joker_count(players)
        most += buys * (1 + rules.buying.extra)
    return most


def most_points(rules: Rules, players: int, cards: int) -> int:
    """The most penalty points ``cards`` cards can cost: the dearest copies in the packs."""
    values = [max(rules.penalty.get("*", 0), rules.penalty.get("*-before-out", 0))] \
        * rules.joker_count(players)
    for key in PENALTY_KEYS[:-1]:
        values += [rules.penalty[key]] * (4 * rules.pack_count(players))
    return sum(sorted(values, reverse=True)[:cards])


def check_points(rules: Rules, players: int, points: int, buys: int | None,
                 name: str) -> None:
    """Points a hand can cost: a multiple of ``points_step`` and at most ``most_points``."""
    step = points_step(rules)
    if points % step:
        raise ScoreError("score_err_step", name=name, points=points, step=step,
                         preset=rules.preset)
    cards = hand_cards(rules, players, buys)
    most = most_points(rules, players, cards)
    if points > most:
        raise ScoreError("score_err_most", name=name, points=points, most=most, cards=cards)


def most_buys(rules: Rules, players: int) -> int:
    """The most cards one player can have bought in a round: as many as the packs hold.
    A turn draws one card and discards one, a buy brings the discard and ``buying.extra``
    stock cards, so after k buys a player holds or has laid down at least 12 + k cards,
    and the packs hold no more than their cards (a joker swapped back into the hand and
    laid again aside, which no table does a hundred times)."""
    return rules.pack_count(players) * 52 + rules.joker_count(players)


def check_hand(rules: Rules, given: Left) -> None:
    """One hand on its own (``/api/score/penalty``), at the largest table the rules allow
    and its buys not known: points that one hand can cost (0 or more, a multiple of
    ``points_step``, at most ``most_points``), no card more often than the packs hold it."""
    players = rules.players[1]
    if given.points is not None:
        points = given.points
        if points < 0:
            raise ScoreError("score_err_hand_negative")
        step = points_step(rules)
        if points % step:
            raise ScoreError("score_err_hand_step", points=points, step=step,
                             preset=rules.preset)
        cards = hand_cards(rules, players, None)
        most = most_points(rules, players, cards)
        if points > most:
            raise ScoreError("score_err_hand_most", points=points, most=most, cards=cards)
    check_copies(rules, (given,), players)


def check_copies(rules: Rules, hands: Sequence[Left | None], players: int) -> None:
    """No card more often than the packs hold it (a card misread or typed twice)."""
    counts: Counter[Card] = Counter()
    for given in hands:
        if given is not None and given.cards is not None:
            counts.update(JOKER if c.joker else c for c in given.cards)
    packs, jokers = rules.pack_count(players), rules.joker_count(players)
    for c, k in counts.items():
        if k > (jokers if c.joker else packs):
            raise ScoreError("score_err_copies", card=c, k=k,
                             most=jokers if c.joker else packs)




def card_of_game(state: State, moves: Sequence[Sequence[str]] = ()) -> ScoreCard:
    """The score card of a match played in the program (terminal, server, a record): each
    finished round's penalties as points, buys counted from the round's moves ("Bob: buy"),
    so a played match exports exactly as a card entered by hand."""
    card = new_card(state.rules, state.players)
    for i, result in enumerate(state.results):
        gone = tally(card).eliminated
        left = tuple(None if s == result.winner or s in gone else Left(points=p)
                     for s, p in enumerate(result.penalties))
        lines = moves[i] if i < len(moves) else ()
        buys = tuple(sum(1 for m in lines if m == f"{name}: buy") for name in state.players)
        card = add_round(card, RoundEntry(result.winner, left, result.all_at_once,
                                          buys if any(buys) else ()))
    return card


__all__ = ["Counting", "Left", "RoundEntry", "RoundScore", "ScoreCard", "ScoreError", "Tally",
           "add_round", "card_of_game", "check_copies", "check_hand", "check_names", "check_points",
           "check_round", "hand_cards", "kept_apart", "most_buys", "most_points", "name_key",
           "new_card", "points_step", "tally", "typed_name", "undo_round"]


def kept_apart(players: Sequence[str]) -> list[str]:
    """A file's players as kept (``typed_name``: one Unicode form, the ends trimmed, spaces
    inside as one). A card written before names were kept so may hold one name twice,
    typed two ways ("Éva" as one character and as E and an accent, "Jan  Smit" beside
    "Jan Smit"): two players with their own points, alike now. The later one is kept apart
    as "Éva (2)" (to rename), so the card or the club evening opens as before; a name
    written the same twice (capitals aside) is refused still."""
    out: list[str] = []
    keys: set[str] = set()
    taken = {name_key(p) for p in players}
    for i, name in enumerate(players):
        shown = typed_name(name)
        if name_key(shown) in keys and name.strip().lower() not in {
                p.strip().lower() for p in players[:i]}:
            n = 2
            while name_key(f"{shown} ({n})") in taken | keys:
                n += 1
            shown = f"{shown} ({n})"
        keys.add(name_key(shown))
        out.append(shown)
    return out
