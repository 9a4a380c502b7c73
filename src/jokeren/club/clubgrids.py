"""A club evening's printables: the competition form per table and round, the standings,
the season (as grids for csv, xlsx and pdf; ``score/grids.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..score.grids import Cell, Grid, Value, total_cell
from ..words.catalogue import t
from .evening import Evening, SeasonRow, dealer, standings, unequal_games


def form_grid(evening: Evening, round_no: int, table_no: int, lang: str = "en") -> Grid:
    """The form of 003: a row per game with its dealer, a column per player, column totals
    as formulas; blank where nothing is entered yet, to fill in by hand."""
    seats = evening.draws[round_no - 1][table_no - 1]
    form = evening.forms[round_no - 1][table_no - 1]
    names = [evening.players[p] for p in seats]
    title = t("club_form_title", lang, r=round_no, t=table_no)
    if evening.title:
        title = f"{evening.title} · {title}"
    grid = Grid(title, [t("club_game", lang), t("dealer", lang), *names],
                widths=[1.2, 2.4, *[2.2] * len(names)])
    for g in range(evening.games):
        points: Sequence[Value] = form.games[g] if form else [None] * len(names)
        grid.add(g + 1, names[dealer(g, len(names))], *points)
    last = evening.games + 1
    sums = [sum(game[s] for game in form.games) if form else None for s in range(len(names))]
    grid.add(None, t("total", lang),
             *[Cell(v, total_cell(2 + s, 2, last, 0).formula, True) for s, v in enumerate(sums)],
             bold=True)
    grid.notes = [t("club_checked", lang)]
    if form is None:
        grid.row_mm = 11.0
    if form and form.stock_out:
        grid.notes.append(t("club_stock_games", lang,
                            games=", ".join(str(g + 1) for g in sorted(form.stock_out))))
    return grid


def round_grids(evening: Evening, round_no: int, lang: str = "en") -> list[Grid]:
    return [form_grid(evening, round_no, k, lang)
            for k in range(1, len(evening.draws[round_no - 1]) + 1)]


def standings_grid(evening: Evening, lang: str = "en") -> Grid:
    title = t("club_standings", lang)
    if evening.title:
        title = f"{evening.title} · {title}"
    grid = Grid(title, [t("club_place", lang), t("club_player", lang), t("club_points", lang),
                        t("club_games", lang), t("club_missed_col", lang), t("club_won", lang),
                        t("club_best_round", lang), t("club_per_game", lang)],
                widths=[1.2, 3.0, 2.0, 1.6, 1.6, 1.6, 2.0, 1.8])
    for row in standings(evening):
        grid.add(row.place, row.name, row.points, row.games, row.missed, row.won,
                 row.best_round, None if row.per_game is None else round(row.per_game, 2))
    grid.notes = counting_notes(evening, lang)
    return grid


def counting_notes(evening: Evening, lang: str = "en") -> list[str]:
    """How the standings count (the club's choices) and a warning when games differ."""
    notes = [t("club_tiebreak_per_game" if evening.missed == "per-game" else "club_tiebreak",
               lang), t(f"club_missed_{evening.missed}", lang)]
    if evening.threes == "scaled":
        notes.append(t("club_threes_scaled", lang))
    fewer = unequal_games(evening)
    if fewer:
        most = max(r.games for r in standings(evening))
        notes.append(t("club_unequal", lang, most=most,
                       who=", ".join(f"{r.name} {r.games}" for r in fewer)))
    return notes


def season_grid(rows: Sequence[SeasonRow], lang: str = "en") -> Grid:
    grid = Grid(t("club_season", lang),
                [t("club_place", lang), t("club_player", lang), t("club_evenings", lang),
                 t("club_games", lang), t("club_points", lang), t("club_won", lang),
                 t("club_per_game", lang)], widths=[1.2, 3.0, 1.6, 1.6, 2.0, 1.6, 1.8])
    for r in rows:
        grid.add(r.place, r.name, r.evenings, r.games, r.points, r.won, round(r.per_game, 2))
    grid.notes = [t("club_season_tiebreak", lang)]
    return grid


__all__ = ["counting_notes", "form_grid", "round_grids", "season_grid", "standings_grid"]
