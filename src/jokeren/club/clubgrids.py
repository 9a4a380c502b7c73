"""A club evening's printables: the competition form per table and round, the standings,
the season (as grids for csv, xlsx and pdf; ``score/grids.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..score.grids import Cell, Grid, Value, col, hundredths, total_cell
from ..words.catalogue import t
from ..words.rules import describe, listed
from .evening import (
    Evening,
    SeasonRow,
    alphabetical,
    dealer,
    evening_winners,
    pending_rounds,
    per_game_rounds,
    round_points,
    settled,
    standings,
    unequal_games,
)

_MONTHS = {"nl": ("januari", "februari", "maart", "april", "mei", "juni", "juli",
                  "augustus", "september", "oktober", "november", "december"),
           "en": ("January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December")}


def date_words(date: str, lang: str = "en") -> str:
    """2026-12-02 as "2 december 2026" (or "2 December 2026"); empty stays empty."""
    if not date:
        return ""
    year, month, day = (int(x) for x in date.split("-"))
    return f"{day} {_MONTHS.get(lang, _MONTHS['en'])[month - 1]} {year}"


def _heading(evening: Evening, text: str, lang: str) -> str:
    """The evening's title and date before ``text``."""
    return " · ".join(x for x in (evening.title, date_words(evening.date, lang), text) if x)


def form_grid(evening: Evening, round_no: int, table_no: int, lang: str = "en") -> Grid:
    """The form of 003: a row per game with its dealer, a column per player, column totals
    as formulas, a box to tick when the stock ran out ("stok op"); blank where nothing is
    entered yet, to fill in by hand. Round, table, date and the rules in words on it."""
    from ..rules.house import Rules

    seats = evening.draws[round_no - 1][table_no - 1]
    form = evening.forms[round_no - 1][table_no - 1]
    names = [evening.players[p] for p in seats]
    title = _heading(evening, t("club_form_title", lang, r=round_no, t=table_no), lang)
    grid = Grid(title, [t("club_game", lang), t("dealer", lang), *names,
                        t("club_stock_col", lang)],
                widths=[1.2, 2.4, *[2.2] * len(names), 1.4],
                sheet=t("club_form_sheet", lang, r=round_no, t=table_no), lang=lang)
    for g in range(evening.games):
        points: Sequence[Value] = form.games[g] if form else [None] * len(names)
        stock = "☐" if form is None else "☒" if g in form.stock_out else ""
        grid.add(g + 1, names[dealer(g, len(names))], *points, stock)
    last = evening.games + 1
    sums = [sum(game[s] for game in form.games) if form else None for s in range(len(names))]
    grid.add(None, t("total", lang),
             *[Cell(v, total_cell(2 + s, 2, last, 0).formula, True) for s, v in enumerate(sums)],
             bold=True)
    grid.notes = [t("club_checked", lang),
                  t("club_rules_note", lang, rules=describe(Rules.load(evening.rules), lang))]
    if form is None:
        grid.row_mm = 11.0
    if form and form.stock_out:
        grid.notes.append(t("club_stock_games", lang,
                            games=", ".join(str(g + 1) for g in sorted(form.stock_out))))
    return grid


def seating_grids(evening: Evening, lang: str = "en", round_no: int | None = None) -> list[Grid]:
    """To print: the tables of each round drawn (or of ``round_no``) for the wall, seat 1
    dealing first; then, per player, the table of every round ("where do I sit?")."""
    rounds = [round_no] if round_no is not None else list(range(1, len(evening.draws) + 1))
    grids = []
    for r in rounds:
        grid = Grid(_heading(evening, t("club_seating_title", lang, r=r), lang),
                    [t("club_table", lang, n="").strip(),
                     *[t("club_seat", lang, n=k) for k in range(1, 5)]],
                    widths=[1.4, 3, 3, 3, 3], lang=lang)
        for k, seats in enumerate(evening.draws[r - 1], 1):
            grid.add(k, *[evening.players[p] for p in seats],
                     *([None] * (4 - len(seats))))
        grid.notes = [t("club_deals_note", lang)]
        grids.append(grid)
    drawn = len(evening.draws)
    who = Grid(_heading(evening, t("club_seating_players", lang), lang),
               [t("club_player", lang), *[t("club_round_col", lang, r=r)
                                          for r in range(1, drawn + 1)]],
               widths=[3.0, *[1.2] * drawn], lang=lang)
    for p, name in sorted(enumerate(evening.players), key=lambda x: alphabetical(x[1])):
        cells: list[Value] = [name]
        for tables in evening.draws:
            at = next((k for k, seats in enumerate(tables, 1) if p in seats), None)
            cells.append(at if at is not None else t("club_absent_cell", lang))
        who.add(*cells)
    return [*grids, who]


def round_grids(evening: Evening, round_no: int, lang: str = "en") -> list[Grid]:
    return [form_grid(evening, round_no, k, lang)
            for k in range(1, len(evening.draws[round_no - 1]) + 1)]


def form_total_ref(evening: Evening, round_no: int, table_no: int, seat: int,
                   lang: str = "en") -> str:
    """The cell of a seat's column total on a form's sheet, for formulas in other sheets."""
    sheet = t("club_form_sheet", lang, r=round_no, t=table_no)
    return f"'{sheet}'!{col(2 + seat)}{evening.games + 2}"


def standings_grid(evening: Evening, lang: str = "en", sheets: bool = False) -> Grid:
    """Place, player, the points of each round, the total, games, rounds missed, games won,
    best round, points per game. In xlsx (with ``standings_book``, ``sheets``) a round's
    cell reads the form's total cell, a missed round is the formula the evening counts it
    by, and the total is their sum: change a form and the standings follow. Only then do
    the notes speak of the forms' sheets (the terminal, csv and pdf have none). A round
    counts once all its forms are in (``settled``): the notes say which are awaited."""
    notes = [*counting_notes(evening, lang),
             t("club_rounds_note" if sheets else "club_rounds_note_plain", lang)]
    evening = settled(evening)
    title = _heading(evening, t("club_standings", lang), lang)
    rounds = len(evening.draws)
    header = [t("club_place", lang), t("club_player", lang),
              *[t("club_round_col", lang, r=r) for r in range(1, rounds + 1)],
              t("club_points", lang), t("club_games", lang), t("club_missed_col", lang),
              t("club_won", lang), t("club_best_round", lang), t("club_per_game", lang)]
    grid = Grid(title, header, widths=[1.5, 3.0, *[1.1] * rounds, 2.6, 1.8, 1.6, 2.2, 2.2, 1.8],
                sheet=t("club_standings_sheet", lang), lang=lang, keep=2)
    rows = standings(evening)
    index = {name: i for i, name in enumerate(evening.players)}
    line = {row.name: k + 2 for k, row in enumerate(rows)}  # spreadsheet rows
    counted = round_points(evening)
    first, last = col(2), col(1 + rounds)
    for row in rows:
        p, here = index[row.name], line[row.name]
        cells: list[Value | Cell] = [row.place if row.place is not None else "-", row.name]
        own: list[str] = []
        for r in range(rounds):
            cells.append(_round_cell(evening, r, p, counted[r][p], line, lang, own))
        points = Cell(row.points, f"SUM({first}{here}:{last}{here})" if rounds else None)
        per_game = None if row.per_game is None else Cell(
            hundredths(row.per_game), f"ROUND(({'+'.join(own)})/{row.games},2)" if own else None)
        cells += [points, row.games, row.missed, row.won, row.best_round, per_game]
        grid.add(*cells)
    grid.notes = notes
    return grid


def _round_cell(evening: Evening, r: int, p: int, value: int | None, line: dict[str, int],
                lang: str, own: list[str]) -> Cell:
    """Player ``p``'s cell for round ``r`` (0-based) in the standings, with its formula."""
    column = col(2 + r)
    for k, seats in enumerate(evening.draws[r]):
        if p in seats:
            if evening.forms[r][k] is None:
                return Cell(None)
            ref = form_total_ref(evening, r + 1, k + 1, seats.index(p), lang)
            if evening.threes == "scaled" and len(seats) == 3:
                ref = f"ROUND({ref}*9/8,0)"
            own.append(f"{column}{line[evening.players[p]]}")
            return Cell(value, ref)
    if value is None:
        return Cell(None)
    played = [f"{column}{line[evening.players[q]]}" for seats, form
              in zip(evening.draws[r], evening.forms[r], strict=True) if form is not None
              for q in seats]
    kind = "ROUND(AVERAGE({}),0)" if evening.missed == "average" else "MAX({})"
    return Cell(value, kind.format(",".join(played)))


def standings_book(evening: Evening, lang: str = "en") -> list[Grid]:
    """The standings and, behind them, every form entered (the sheets the standings read)."""
    forms = [form_grid(evening, r, k, lang)
             for r in range(1, len(evening.draws) + 1)
             for k in range(1, len(evening.draws[r - 1]) + 1)
             if evening.forms[r - 1][k - 1] is not None]
    return [standings_grid(evening, lang, sheets=True), *forms]


def counting_notes(evening: Evening, lang: str = "en") -> list[str]:
    """How the standings count (the club's choices) and a warning when games differ."""
    notes = [t("club_tiebreak_per_game" if evening.missed == "per-game" else "club_tiebreak",
               lang), t(f"club_missed_{evening.missed}", lang)]
    if evening.threes == "scaled":
        notes.append(t("club_threes_scaled", lang))
    if evening.missed == "per-game" and per_game_rounds(evening) > 1:
        notes.append(t("club_per_game_minimum", lang, n=per_game_rounds(evening)))
    fewer = unequal_games(evening)
    if fewer:
        most = max(r.games for r in standings(evening))
        notes.append(t("club_unequal", lang, most=most,
                       who=", ".join(f"{r.name} {r.games}" for r in fewer)))
    for r, tables in pending_rounds(evening):
        notes.append(t("club_round_pending", lang, r=r, n=len(tables),
                       tables=listed([str(k) for k in tables], lang)))
    winners = evening_winners(evening)
    if winners:  # the evening is over: every round drawn and every form in
        notes.append(t("club_evening_winner", lang, name=" / ".join(winners)))
    return notes


def season_grid(rows: Sequence[SeasonRow], lang: str = "en", best: int | None = None,
                minimum: int = 1, rounds: int = 0) -> Grid:
    grid = Grid(t("club_season", lang),
                [t("club_place", lang), t("club_player", lang), t("club_evenings", lang),
                 t("club_counted_col", lang), t("club_games", lang), t("club_points", lang),
                 t("club_won", lang), t("club_per_game", lang)],
                widths=[1.2, 3.0, 1.6, 1.6, 1.6, 2.0, 1.6, 1.8], lang=lang, keep=2)
    for r in rows:
        grid.add(r.place if r.place is not None else "-", r.name, r.evenings, r.counted,
                 r.games, r.points, r.won, hundredths(r.per_game))
    grid.notes = [t("club_season_tiebreak", lang)]
    if best:
        grid.notes.append(t("club_season_best", lang, n=best))
    if minimum > 1:
        grid.notes.append(t("club_season_minimum", lang, n=minimum))
    if rounds > 1:
        grid.notes.append(t("club_season_rounds", lang, n=rounds))
    first = [r.name for r in rows if r.place == 1]
    if first:
        grid.notes.append(t("club_season_winner", lang, name=" / ".join(first)))
    return grid


__all__ = ["counting_notes", "date_words", "form_grid", "form_total_ref", "round_grids",
           "season_grid", "seating_grids", "standings_book", "standings_grid"]
