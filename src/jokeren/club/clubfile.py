"""The club evening file, ``jokeren-club/1`` (JSON, docs/club.md): read, check, write."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeGuard

from ..score.scorecard import kept_apart, name_key
from ..score.scorefile import FORMAT as SCORE_FORMAT
from ..score.scorefile import read_file, write_file
from .evening import (
    MISSED,
    THREES,
    ClubError,
    Evening,
    Form,
    check_date,
    enter_form,
    new_evening,
)
from .seating import Tables

FORMAT = "jokeren-club/1"
_KEYS = {"format", "title", "date", "rules", "rounds", "games", "seed", "missed", "threes",
         "players", "draw", "forms"}


def to_json(evening: Evening) -> str:
    names = evening.players
    obj: dict[str, Any] = {"format": FORMAT}
    if evening.title:
        obj["title"] = evening.title
    if evening.date:
        obj["date"] = evening.date
    obj.update(rules=evening.rules, rounds=evening.rounds, games=evening.games,
               seed=evening.seed, missed=evening.missed, threes=evening.threes,
               players=list(names))
    obj["draw"] = [[[names[p] for p in table] for table in tables] for tables in evening.draws]
    forms = []
    for r, row in enumerate(evening.forms, 1):
        for t, form in enumerate(row, 1):
            if form is None:
                continue
            entry: dict[str, Any] = {"round": r, "table": t,
                                     "games": [list(g) for g in form.games]}
            if form.stock_out:
                entry["stock_out"] = sorted(g + 1 for g in form.stock_out)
            if form.totals is not None:
                entry["totals"] = list(form.totals)
            forms.append(entry)
    obj["forms"] = forms
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


_FORM_KEYS = {"round", "table", "games", "stock_out", "totals"}


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object, refused: str) -> tuple[int, ...]:
    """A list of whole numbers; else ClubError ``refused`` (the key saying which)."""
    if not isinstance(value, list) or not all(_whole(x) for x in value):
        raise ClubError(refused)
    return tuple(value)


def from_obj(obj: object) -> Evening:
    """The evening the file's JSON holds; ClubError saying what is wrong in the club file's
    words (a form's error names its round and table)."""
    if not isinstance(obj, Mapping) or obj.get("format") != FORMAT:
        score_card = isinstance(obj, Mapping) and obj.get("format") == SCORE_FORMAT
        if score_card:
            raise ClubError("club_err_format_score", found=SCORE_FORMAT, format=FORMAT)
        raise ClubError("club_err_format", format=FORMAT)
    unknown = set(obj) - _KEYS
    if unknown:
        raise ClubError("club_err_key", field=sorted(unknown)[0])
    players = obj.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ClubError("score_err_players_list")
    counts = [obj.get(k, d) for k, d in (("rounds", 7), ("games", 4))]
    if not all(_whole(c) for c in counts):
        raise ClubError("club_err_counts")
    seed = obj.get("seed", 0)
    if not _whole(seed):
        raise ClubError("club_err_seed")
    texts = {k: obj.get(k, d) for k, d in (("rules", "jokeren"), ("title", ""), ("date", ""),
                                           ("missed", "average"), ("threes", "alike"))}
    if not all(isinstance(v, str) for v in texts.values()):
        raise ClubError("club_err_texts")
    # said of the file, not as the command line's --missed / --threes (new_evening's words)
    if texts["missed"] not in MISSED:
        raise ClubError("club_err_missed_file", value=texts["missed"])
    if texts["threes"] not in THREES:
        raise ClubError("club_err_threes_file", value=texts["threes"])
    evening = new_evening(kept_apart(players), int(counts[0]), int(counts[1]), int(seed),
                          texts["rules"], texts["title"], texts["missed"], texts["threes"],
                          check_date(texts["date"]))
    draws = _draws(obj.get("draw", []), evening, players)
    evening = replace(evening, draws=draws, forms=tuple((None,) * len(t) for t in draws))
    raw_forms = obj.get("forms", [])
    if not isinstance(raw_forms, list):
        raise ClubError("club_err_forms_list")
    entered: set[tuple[int, int]] = set()
    for i, f in enumerate(raw_forms, 1):
        if not isinstance(f, Mapping):
            raise ClubError("club_err_form_obj", n=i)
        round_no, table_no = f.get("round"), f.get("table")
        if not _whole(round_no) or not _whole(table_no):
            raise ClubError("club_err_form_where", n=i)
        if (round_no, table_no) in entered:
            raise ClubError("club_err_form_twice", round=round_no, table=table_no)
        entered.add((round_no, table_no))
        try:
            evening = enter_form(evening, round_no, table_no, _form(f))
        except ClubError as exc:
            raise ClubError("club_err_in_form", round=round_no, table=table_no,
                            error=exc) from None
    return evening


def _draws(raw: object, evening: Evening, written: list[str]) -> tuple[Tables, ...]:
    """The file's "draw": per round, tables of 3 or 4 known players, each once. A name is
    found as the file's "players" wrote it (capitals aside), else however it is typed."""
    if not isinstance(raw, list) or not all(isinstance(tables, list) for tables in raw):
        raise ClubError("club_err_draw_list")
    if len(raw) > evening.rounds:
        raise ClubError("club_err_draw_rounds", n=len(raw), rounds=evening.rounds)
    index = {name_key(p): i for i, p in enumerate(evening.players)}
    index.update({p.strip().lower(): i for i, p in enumerate(written)})

    def seat(name: object) -> int | None:
        if not isinstance(name, str):
            return None
        found = index.get(name.strip().lower())
        return found if found is not None else index.get(name_key(name))

    draws = []
    for r, tables in enumerate(raw, 1):
        seen: list[int] = []
        parsed = []
        for table in tables:
            seats = [seat(p) for p in table] if isinstance(table, list) else []
            if not isinstance(table, list) or len(table) not in (3, 4) or None in seats:
                raise ClubError("club_err_draw", n=r)
            parsed.append(tuple(s for s in seats if s is not None))
            seen += parsed[-1]
        if len(seen) != len(set(seen)) or len(seen) < 6:
            raise ClubError("club_err_draw", n=r)
        draws.append(tuple(parsed))
    return tuple(draws)


def _form(f: Mapping[str, Any]) -> Form:
    """A form of the file's "forms" (its round and table read by the caller)."""
    unknown = set(f) - _FORM_KEYS
    if unknown:
        raise ClubError("club_err_form_key", field=sorted(unknown)[0])
    games = f.get("games")
    if not isinstance(games, list) or not all(
            isinstance(g, list) and all(_whole(x) for x in g) for g in games):
        raise ClubError("club_err_form_games")
    return Form(tuple(tuple(g) for g in games),
                frozenset(g - 1 for g in _ints(f.get("stock_out", []),
                                               "club_err_stock_out_list")),
                _ints(f["totals"], "club_err_totals_list") if "totals" in f else None)


def load(path: str | Path) -> Evening:
    """The evening in ``path``; ClubError naming the file and what is wrong."""
    return read_file(path, from_obj, ClubError)


def save(evening: Evening, path: str | Path) -> None:
    write_file(path, to_json(evening), ClubError)


__all__ = ["FORMAT", "from_obj", "kept_apart", "load", "save", "to_json"]
