"""The club evening file, ``jokeren-club/1`` (JSON, docs/club.md): read, check, write."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..score.scorefile import read_file, write_file
from .evening import ClubError, Evening, Form, check_date, enter_form, new_evening

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


def _ints(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise ClubError("club_err_numbers", what=what)
    return tuple(value)


def from_obj(obj: object) -> Evening:
    if not isinstance(obj, Mapping) or obj.get("format") != FORMAT:
        raise ClubError("score_err_format", format=FORMAT)
    unknown = set(obj) - _KEYS
    if unknown:
        raise ClubError("score_err_key", field=sorted(unknown)[0])
    players = obj.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ClubError("score_err_players_list")
    counts = [obj.get(k, d) for k, d in (("rounds", 7), ("games", 4), ("seed", 0))]
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in counts):
        raise ClubError("club_err_counts")
    texts = {k: obj.get(k, d) for k, d in (("rules", "jokeren"), ("title", ""), ("date", ""),
                                           ("missed", "average"), ("threes", "alike"))}
    if not all(isinstance(v, str) for v in texts.values()):
        raise ClubError("club_err_texts")
    evening = new_evening(players, int(counts[0]), int(counts[1]), int(counts[2]),
                          texts["rules"], texts["title"], texts["missed"], texts["threes"],
                          check_date(texts["date"]))
    index = {p.lower(): i for i, p in enumerate(evening.players)}
    draws = []
    raw_draw = obj.get("draw", [])
    if not isinstance(raw_draw, list) or len(raw_draw) > evening.rounds:
        raise ClubError("club_err_draw", n=0)
    for r, tables in enumerate(raw_draw, 1):
        seen: list[int] = []
        parsed = []
        if not isinstance(tables, list):
            raise ClubError("club_err_draw", n=r)
        for table in tables:
            if not isinstance(table, list) or len(table) not in (3, 4) or any(
                    not isinstance(p, str) or p.lower() not in index for p in table):
                raise ClubError("club_err_draw", n=r)
            parsed.append(tuple(index[p.lower()] for p in table))
            seen += parsed[-1]
        if len(seen) != len(set(seen)) or len(seen) < 6:
            raise ClubError("club_err_draw", n=r)
        draws.append(tuple(parsed))
    evening = replace(evening, draws=tuple(draws),
                      forms=tuple((None,) * len(t) for t in draws))
    raw_forms = obj.get("forms", [])
    if not isinstance(raw_forms, list):
        raise ClubError("club_err_numbers", what="forms")
    for f in raw_forms:
        if not isinstance(f, Mapping) or set(f) - {"round", "table", "games", "stock_out",
                                                   "totals"}:
            raise ClubError("club_err_numbers", what="forms")
        games = f.get("games")
        if not isinstance(games, list):
            raise ClubError("club_err_numbers", what="games")
        form = Form(tuple(_ints(g, "games") for g in games),
                    frozenset(g - 1 for g in _ints(f.get("stock_out", []), "stock_out")),
                    _ints(f["totals"], "totals") if "totals" in f else None)
        where = f.get("round"), f.get("table")
        if not all(isinstance(x, int) for x in where):
            raise ClubError("club_err_numbers", what="round, table")
        evening = enter_form(evening, int(where[0] or 0), int(where[1] or 0), form)
    return evening


def load(path: str | Path) -> Evening:
    """The evening in ``path``; ClubError naming the file and what is wrong."""
    return read_file(path, from_obj, ClubError)


def save(evening: Evening, path: str | Path) -> None:
    write_file(path, to_json(evening), ClubError)


__all__ = ["FORMAT", "from_obj", "load", "save", "to_json"]
