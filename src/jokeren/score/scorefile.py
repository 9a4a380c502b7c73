"""The score card file, ``jokeren-score/1`` (JSON, docs/score.md): read, check, write.

Players are named, not numbered, in the file, so a person can read and mend it by hand.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from ..rules.cards import NotationError, to_hand, typed_cards
from ..rules.house import Rules, RulesError
from ..rules.sentence import Sentence
from ..rules.textfile import os_reason, parse_json, read_text
from ..support.files import blank, write_atomic
from .scorecard import (
    Counting,
    Left,
    RoundEntry,
    ScoreCard,
    ScoreError,
    check_round,
    kept_apart,
    name_key,
    new_card,
)

FORMAT = "jokeren-score/1"
CLUB_FORMAT = "jokeren-club/1"  # said as such when given for a score card
T = TypeVar("T")
_ROUND_KEYS = {"out", "left", "all_at_once", "not_come_out", "buys", "comment"}


def parse_left(name: str, value: object) -> Left:
    """``35`` (points) or ``"Ks 7h *"`` (cards; ``""`` or ``"-"`` for none), the cards in
    the notation's letters or the Dutch ones (``"Hs 7h *"``: heer schoppen). ``name``: the
    player's, for the sentence of a value refused; ``""`` for a hand on its own."""
    bad_value = ScoreError("score_err_left_value", name=name) if name else \
        ScoreError("score_err_hand_value")
    if isinstance(value, int) and not isinstance(value, bool):
        return Left(points=value)
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit():  # not '²', '--5' or thousands of digits
            if len(digits) > 9:
                raise bad_value
            return Left(points=int(text))
        try:
            cards = () if text in ("", "-") else typed_cards(text)
        except NotationError as exc:
            raise (ScoreError("score_err_card", name=name, error=exc) if name else
                   ScoreError("score_err_hand_card", error=exc)) from None
        return Left(cards=tuple(to_hand(c) for c in cards))
    raise bad_value


def same_player(players: Sequence[str], text: str) -> int | None:
    """The seat ``text`` names in full: case-insensitive and however it is typed
    (``name_key``: ``Éva`` as one character or as E and an accent, spaces as one), else
    without accents if that names one player (``Eva`` for ``Éva``); None if it names none
    (or two). No beginnings: ``find_player`` takes those."""
    for fold in (name_key, _bare):
        exact = [i for i, p in enumerate(players) if fold(p) == fold(text)]
        if len(exact) == 1:
            return exact[0]
    return None


def find_player(players: Sequence[str], text: str) -> int:
    """A seat by name (``same_player``: case-insensitive, however typed, else without
    accents if that names one player, ``Eva`` for ``Éva``); else a beginning only one name
    has, read without accents when none is typed (``Év`` Éva). A beginning of two or more
    names is refused naming them (``E`` among Els and Eva; ``ev`` among Éva and Evert), a
    name of nobody listing the players."""
    seat = same_player(players, text)
    if seat is not None:
        return seat
    folds = (name_key, _bare) if name_key(text) == _bare(text) else (name_key,)
    starts = {i for fold in folds for i, p in enumerate(players)
              if fold(text) and fold(p).startswith(fold(text))}
    if len(starts) == 1:
        return starts.pop()
    if starts:  # "geen speler 'E'" where Els and Eva both begin so
        *first, last = [players[i] for i in sorted(starts)]
        raise ScoreError("score_err_who_several", name=text, first=", ".join(first),
                         last=last)
    raise ScoreError("score_err_who", name=text, players=", ".join(players))


def _bare(name: str) -> str:
    """``name_key`` without accents: ``Éva`` and ``eva`` alike."""
    return "".join(c for c in unicodedata.normalize("NFKD", name_key(name))
                   if not unicodedata.combining(c))


def make_round(players: Sequence[str], out: str | None, left: Mapping[str, object],
               all_at_once: bool = False, not_come_out: Sequence[str] = (),
               buys: Mapping[str, int] | None = None,
               written: Sequence[str] = ()) -> RoundEntry:
    """A round from names, as the file and the command line give it. ``written``: the
    file's players as it wrote them, seat by seat: a name of a round is found as written
    first (capitals aside), so an older card's "Éva" typed as E and an accent is the
    player kept apart as "Éva (2)" (``kept_apart``), not the other Éva."""
    as_written = {p.strip().lower(): i for i, p in enumerate(written)}

    def find(text: str) -> int:
        seat = as_written.get(text.strip().lower())
        return seat if seat is not None else find_player(players, text)

    n = len(players)
    seat_out = find(out) if out is not None else None
    hands: list[Left | None] = [None] * n
    for name, value in left.items():
        s = find(name)
        if hands[s] is not None:
            raise ScoreError("score_err_twice", name=players[s])
        hands[s] = parse_left(players[s], value)
    for name in not_come_out:
        s = find(name)
        if s == seat_out:  # going out is coming out: a contradiction, not a hand missing
            raise ScoreError("score_out_not_come_out", name=players[s])
        given = hands[s] or Left()  # nothing given: check_round says what (missing, eliminated)
        hands[s] = Left(given.cards, given.points, come_out=False)
    counts = [0] * n
    bought: set[int] = set()
    for name, k in (buys or {}).items():
        if isinstance(k, bool) or not isinstance(k, int):
            raise ScoreError("score_err_buys")
        s = find(name)
        if s in bought:  # {"Bob": 2, "bob": 3}: as a player's cards given twice
            raise ScoreError("score_err_buys_twice", name=players[s])
        bought.add(s)
        counts[s] = k
    return RoundEntry(seat_out, tuple(hands), all_at_once, tuple(counts) if any(counts) else ())


def round_to_obj(card: ScoreCard, entry: RoundEntry) -> dict[str, Any]:
    names = card.players
    obj: dict[str, Any] = {"out": names[entry.out] if entry.out is not None else None}
    if entry.all_at_once:
        obj["all_at_once"] = True
    left: dict[str, object] = {}
    for s, given in enumerate(entry.left):
        if given is not None:
            left[names[s]] = (" ".join(str(c) for c in given.cards) if given.cards is not None
                              else given.points)
    obj["left"] = left
    late = [names[s] for s, g in enumerate(entry.left) if g is not None and not g.come_out]
    if late:
        obj["not_come_out"] = late
    if any(entry.buys):
        obj["buys"] = {names[s]: k for s, k in enumerate(entry.buys) if k}
    if entry.comment:
        obj["comment"] = entry.comment
    return obj


def to_json(card: ScoreCard) -> str:
    obj: dict[str, Any] = {"format": FORMAT}
    if card.title:
        obj["title"] = card.title
    obj["rules"] = card.rules.to_obj()
    obj["players"] = list(card.players)
    obj["rounds"] = [round_to_obj(card, e) for e in card.rounds]
    if card.comment:
        obj["comment"] = card.comment
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


def from_obj(obj: object) -> ScoreCard:
    if not isinstance(obj, Mapping) or obj.get("format") != FORMAT:
        if isinstance(obj, Mapping) and obj.get("format") == CLUB_FORMAT:
            raise ScoreError("score_err_format_club", found=CLUB_FORMAT, format=FORMAT)
        raise ScoreError("score_err_format", format=FORMAT)
    unknown = set(obj) - {"format", "title", "rules", "players", "rounds", "comment"}
    if unknown:
        raise ScoreError("score_err_key", field=sorted(unknown)[0])
    try:
        rules = Rules.load(obj.get("rules", "amerikaans"))
    except RulesError as exc:
        raise ScoreError("score_err_rules", error=exc) from None
    players = obj.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScoreError("score_err_players_list")
    title, comment = obj.get("title", ""), obj.get("comment", "")
    card = replace(new_card(rules, kept_apart(players), title if isinstance(title, str) else ""),
                   comment=comment if isinstance(comment, str) else json.dumps(comment))
    rounds = obj.get("rounds", [])
    if not isinstance(rounds, list):
        raise ScoreError("score_err_rounds_list")
    counting = Counting.start(card)  # running totals: each round checked in one step
    entries = []
    for i, r in enumerate(rounds, 1):
        try:
            entry = _round_from_obj(card.players, r, players)
            check_round(card, entry, counting)
        except ScoreError as exc:
            raise ScoreError("score_err_in_round", n=i, error=exc) from None
        counting.add(entry)
        entries.append(entry)
    return replace(card, rounds=tuple(entries))


def _round_from_obj(players: Sequence[str], r: object, written: Sequence[str]) -> RoundEntry:
    if not isinstance(r, Mapping) or set(r) - _ROUND_KEYS or not isinstance(
            r.get("left", {}), Mapping):
        raise ScoreError("score_err_round_keys", keys=", ".join(sorted(_ROUND_KEYS)))
    out = r.get("out")
    late = r.get("not_come_out", [])
    buys = r.get("buys", {})
    if (out is not None and not isinstance(out, str)) or not isinstance(late, list) \
            or not isinstance(buys, Mapping):
        raise ScoreError("score_err_round_keys", keys=", ".join(sorted(_ROUND_KEYS)))
    at_once = r.get("all_at_once", False)
    if not isinstance(at_once, bool):  # "false" is not false
        raise ScoreError("score_err_all_at_once_bool")
    entry = make_round(players, out, r.get("left", {}), at_once, [str(x) for x in late], buys,
                       written)
    comment = r.get("comment", "")
    return replace(entry, comment=comment if isinstance(comment, str) else json.dumps(comment))


def read_file(path: str | Path, from_obj: Callable[[object], T],
              error: type[ScoreError] = ScoreError) -> T:
    """``from_obj`` of the JSON file ``path`` (a score card, a club evening); ``error``
    naming the file and what is wrong."""
    try:
        text = read_text(path, Sentence)
        if blank(text):  # not "not valid JSON (error on line 1)"
            raise Sentence("empty")
        return from_obj(parse_json(text, Sentence))
    except (ScoreError, Sentence) as exc:
        raise error("score_err_in_file", path=str(path), error=exc) from None


def write_file(path: str | Path, text: str, error: type[ScoreError] = ScoreError) -> None:
    """``text`` to ``path`` atomically; ``error`` naming the file if it cannot be written."""
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise error("score_err_write", path=str(path), error=os_reason(exc, writing=True)) \
            from None


def load(path: str | Path) -> ScoreCard:
    """The card in ``path``; ScoreError naming the file and what is wrong."""
    return read_file(path, from_obj)


def save(card: ScoreCard, path: str | Path) -> None:
    write_file(path, to_json(card))


__all__ = ["FORMAT", "find_player", "from_obj", "kept_apart", "load", "make_round", "parse_left",
           "read_file", "same_player", "save", "to_json", "write_file"]
