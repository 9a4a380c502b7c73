"""``jokeren club``: a club evening (003) with tables drawn by lot, forms and standings.

Every command reads the evening file, changes it in memory and writes it back atomically.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..club.clubfile import load, save
from ..club.evening import (
    Evening,
    Form,
    add_player,
    check_form,
    check_twice,
    draw_next,
    enter_form,
    new_evening,
    new_lot,
    redraw,
    same_form,
    season,
)
from ..rules.textfile import os_reason
from ..score.grids import Grid
from ..score.scorecard import ScoreError, typed_name
from ..score.scorefile import find_player
from ..words.catalogue import t
from ..words.rules import listed
from .common import ForceOpt, LangOpt, fail, lang_of, write_grids

# The help of each command and option: the catalogue's cli_help_* (cli/helptext.py).
club_app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)

FileArg = Annotated[Path, typer.Argument()]
KINDS = (".pdf", ".xlsx", ".csv")
# The choices of --missed and --threes in Dutch.
DUTCH = {"gemiddelde": "average", "hoogste": "highest", "per-partij": "per-game",
         "gelijk": "alike", "geschaald": "scaled"}


def _load(file: Path, lang: str) -> Evening:
    try:
        return load(file)
    except ScoreError as exc:
        fail(exc, lang)


def _save(evening: Evening, file: Path, lang: str, said: str = "") -> None:
    """The evening written to ``file``; then ``said`` (a draw: announced only once it is
    kept, or a refused write showed tables that the file did not hold)."""
    try:
        save(evening, file)
    except ScoreError as exc:
        fail(exc, lang)
    if said:
        typer.echo(said)
    typer.echo(t("club_saved", lang, path=str(file)))


def _target(to: Path, force: bool, lang: str) -> None:
    """Refuse (exit 2) a file of another kind, or one that exists without ``--force``."""
    if to.suffix.lower() not in KINDS:
        fail(ScoreError("score_err_export_kind", path=str(to)), lang)
    if to.exists() and not force:
        fail(ScoreError("score_err_exists", path=str(to)), lang)


def _export(to: Path, grids: list[Grid], lang: str, per_page: int = 1,
            portrait: bool = False, big: bool = False, force: bool = False) -> None:
    _target(to, force, lang)
    try:
        write_grids(to, grids, per_page, portrait, big, lang=lang)
    except ScoreError as exc:
        fail(exc, lang)
    typer.echo(t("score_written", lang, path=str(to)))


def tables_text(evening: Evening, round_no: int, lang: str) -> str:
    lines = [t("club_drawn", lang, r=round_no)]
    for k, seats in enumerate(evening.draws[round_no - 1], 1):
        names = [evening.players[p] for p in seats]
        lines.append(f"  {t('club_table', lang, n=k)}: {', '.join(names)} "
                     f"({t('club_deals_first', lang, name=names[0])})")
    return "\n".join(lines)


@club_app.command("new")
def new_cmd(
    file: FileArg,
    players: Annotated[str, typer.Option("--players", "--spelers")],
    rounds: Annotated[int, typer.Option("--rounds", "--rondes")] = 7,
    games: Annotated[int, typer.Option("--games", "--partijen")] = 4,
    seed: Annotated[int | None, typer.Option("--seed", "--lot")] = None,
    rules: Annotated[str, typer.Option("--rules", "--regels")] = "jokeren",
    title: Annotated[str, typer.Option("--title", "--titel")] = "",
    date: Annotated[str, typer.Option("--date", "--datum")] = "",
    missed: Annotated[str, typer.Option("--missed", "--gemist")] = "average",
    threes: Annotated[str, typer.Option("--threes", "--drietallen")] = "alike",
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    # a comma at the end ("Ans,Bert,") is no player without a name
    names = [p for p in players.split(",") if p.strip()]
    try:
        check_twice(names)  # which name: "players need different names" left it to find
        evening = draw_next(new_evening(names, rounds, games,
                                        new_lot() if seed is None else seed,
                                        rules.strip().lower(), title,
                                        DUTCH.get(missed, missed), DUTCH.get(threes, threes),
                                        date))
    except ScoreError as exc:
        fail(exc, language)
    if file.exists() and not force:
        fail(ScoreError("score_err_exists", path=str(file)), language)
    _save(evening, file, language, tables_text(evening, 1, language))


@club_app.command("add")
def add_cmd(file: FileArg, name: Annotated[str, typer.Argument()],
            lang: LangOpt = None) -> None:
    language = lang_of(lang)
    if "," in name:  # "Jan, Piet": two latecomers, or a surname first? Never one player.
        fail(ScoreError("club_err_add_comma", name=name), language)
    try:
        evening = add_player(_load(file, language), name)
    except ScoreError as exc:
        fail(exc, language)
    _save(evening, file, language)


@club_app.command("draw")
def draw_cmd(
    file: FileArg,
    absent: Annotated[list[str] | None, typer.Option("--absent", "--afwezig")] = None,
    round_no: Annotated[int | None, typer.Option("--round", "--ronde")] = None,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    evening = _load(file, language)
    try:
        away = [find_player(evening.players, name) for name in absent or []]
        evening = (draw_next(evening, away) if round_no is None
                   else redraw(evening, round_no, away))
    except ScoreError as exc:
        fail(exc, language)
    said = tables_text(evening, len(evening.draws), language)
    back = back_in(evening)
    if back:  # --absent is for one draw: whoever went home must be named at every draw
        said += "\n" + t("club_back_in", language, r=len(evening.draws) - 1,
                         n=len(evening.draws), names=", ".join(back))
    _save(evening, file, language, said)


def back_in(evening: Evening) -> list[str]:
    """The players drawn in the last round who sat out the round before it, having played
    before (a latecomer's first round is not said): gone home and forgotten at the draw,
    or back at the table."""
    if len(evening.draws) < 2:
        return []
    seated = [{p for table in tables for p in table} for tables in evening.draws]
    before = set().union(*seated[:-2])
    return [evening.players[p] for p in sorted(seated[-1] - seated[-2])
            if p in before]


@club_app.command("enter")
def enter_cmd(
    file: FileArg,
    round_no: Annotated[int, typer.Option("--round", "--ronde")],
    table: Annotated[int, typer.Option("--table", "--tafel")],
    game: Annotated[list[str], typer.Option("--game", "--partij")],
    stock_out: Annotated[list[int] | None, typer.Option("--stock-out", "--stok-op")] = None,
    totals: Annotated[str | None, typer.Option("--totals", "--totalen")] = None,
    correct: Annotated[bool, typer.Option("--correct", "--verbeter")] = False,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    evening = _load(file, language)
    try:
        games = tuple(_numbers(g) for g in game)
        form = Form(games, frozenset(g - 1 for g in stock_out or []),
                    _numbers(totals) if totals is not None else None)
        check_form(evening, round_no, table, form)
        was = evening.forms[round_no - 1][table - 1]
        # the same form again (with --totals or not) is no change
        if was is not None and not same_form(was, form) and not correct:
            # a table number mistyped replaced another table's form without a word
            seats = evening.draws[round_no - 1][table - 1]
            raise ScoreError("club_err_entered", round=round_no, table=table, was=", ".join(
                f"{evening.players[p]} {sum(g[s] for g in was.games)}"
                for s, p in enumerate(seats)))
        evening = enter_form(evening, round_no, table, form)
    except ScoreError as exc:
        fail(_typed(exc), language)
    _save(evening, file, language)


def _typed(exc: ScoreError) -> ScoreError:
    """A form's refusal as the command line says it: a game without one 0 names
    ``--stok-op`` (``--stock-out``) with the game's number. The club's own sentence names
    no flag: the browser's form and a club file meet it too."""
    if exc.key in ("club_err_one_winner", "club_err_no_winner"):
        return type(exc)(f"cli_{exc.key}", **exc.params)
    return exc


def _numbers(text: str) -> tuple[int, ...]:
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in parts):
        raise ScoreError("club_err_points", text=text)
    return tuple(int(p) for p in parts)


@club_app.command("show")
def show_cmd(file: FileArg, lang: LangOpt = None) -> None:
    from ..club.clubgrids import standings_grid
    from ..score.grids import to_text

    language = lang_of(lang)
    evening = _load(file, language)
    for r in range(1, len(evening.draws) + 1):
        typer.echo(tables_text(evening, r, language))
    missing = []  # "ronde 7 tafels 2 en 3" (it said "7/2, 7/3")
    for r, row in enumerate(evening.forms, 1):
        tables = [str(k) for k, form in enumerate(row, 1) if form is None]
        if tables:
            missing.append(t("club_to_enter_round", language, r=r, n=len(tables),
                             tables=listed(tables, language)))
    if missing:
        typer.echo(t("club_to_enter", language, forms="; ".join(missing)))
    typer.echo(to_text(standings_grid(evening, language)))


@club_app.command("forms")
def forms_cmd(
    file: FileArg,
    to: Annotated[Path, typer.Argument()],
    round_no: Annotated[int | None, typer.Option("--round", "--ronde")] = None,
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    from ..club.clubgrids import round_grids

    language = lang_of(lang)
    evening = _load(file, language)
    rounds = [round_no] if round_no is not None else list(range(1, len(evening.draws) + 1))
    if any(not 1 <= r <= len(evening.draws) for r in rounds):
        fail(ScoreError("club_err_round", n=round_no, drawn=len(evening.draws)), language)
    _export(to, [g for r in rounds for g in round_grids(evening, r, language)], language,
            per_page=2 if evening.games <= 6 else 1, portrait=True, force=force)


@club_app.command("seating")
def seating_cmd(
    file: FileArg,
    to: Annotated[Path, typer.Argument()],
    round_no: Annotated[int | None, typer.Option("--round", "--ronde")] = None,
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    from ..club.clubgrids import seating_grids

    language = lang_of(lang)
    evening = _load(file, language)
    if round_no is not None and not 1 <= round_no <= len(evening.draws):
        fail(ScoreError("club_err_round", n=round_no, drawn=len(evening.draws)), language)
    _export(to, seating_grids(evening, language, round_no), language, big=True, force=force)


@club_app.command("standings")
def standings_cmd(
    file: FileArg,
    to: Annotated[Path, typer.Argument()],
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    from ..club.clubgrids import standings_book, standings_grid

    language = lang_of(lang)
    evening = _load(file, language)
    _export(to, standings_book(evening, language) if to.suffix.lower() == ".xlsx"
            else [standings_grid(evening, language)], language, force=force)


@club_app.command("season")
def season_cmd(
    files: Annotated[list[Path], typer.Argument()],
    to: Annotated[Path | None, typer.Option("--to", "--naar")] = None,
    plots: Annotated[Path | None, typer.Option("--plots", "--grafieken")] = None,
    best: Annotated[int | None, typer.Option("--best", "--beste")] = None,
    minimum: Annotated[int | None, typer.Option("--minimum")] = None,
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    from ..club.clubgrids import season_grid
    from ..club.evening import same_evening, season_look_alike, season_minimum, season_rounds
    from ..score.grids import to_text

    language = lang_of(lang)
    if (best is not None and best < 1) or (minimum is not None and minimum < 1):
        fail(ScoreError("club_err_season_counts"), language)
    evenings = [_load(f, language) for f in files]
    rounds = 0  # the club's own --minimum asks evenings only
    if minimum is None:
        minimum, rounds = season_minimum(len(evenings)), season_rounds(evenings)
    for i, one in enumerate(evenings):
        for j in range(i):
            if same_evening(evenings[j], one):
                fail(ScoreError("club_err_season_files", first=str(files[j]),
                                second=str(files[i])), language)
    try:
        rows = season(evenings, best, minimum, rounds)
    except ScoreError as exc:
        fail(exc, language)
    grid = season_grid(rows, language, best, minimum, rounds)
    if to is not None:
        _target(to, force, language)  # before the standings are printed
    if plots is not None:  # every path checked before the standings are printed
        from ..club.stats import check_plots, plots_folder

        if plots.exists() and not plots.is_dir():
            fail(ScoreError("club_err_plots_file", path=str(plots)), language)
        try:
            check_plots(evenings)
            plots_folder(plots)
        except ScoreError as exc:
            fail(exc, language)
        except ModuleNotFoundError as exc:
            fail(ScoreError("score_err_needs_extra", module=exc.name or "?"), language)
        except OSError as exc:
            fail(ScoreError("score_err_write", path=str(exc.filename or plots),
                            error=os_reason(exc, writing=True)), language)
    typer.echo(to_text(grid))
    for a, b in season_look_alike(rows):  # who played, the name to keep first
        typer.echo(t("club_look_alike", language, a=a, b=b))
    if to is not None:
        _export(to, [grid], language, force=force)
    if plots is not None:
        from ..club.stats import write_plots

        try:
            for path in write_plots(evenings, plots, language):
                typer.echo(t("score_written", language, path=str(path)))
        except ModuleNotFoundError as exc:
            fail(ScoreError("score_err_needs_extra", module=exc.name or "?"), language)
        except OSError as exc:
            fail(ScoreError("score_err_write", path=str(plots),
                             error=os_reason(exc, writing=True)), language)


@club_app.command("rename")
def rename_cmd(
    file: FileArg,
    old: Annotated[str, typer.Argument()],
    new: Annotated[str, typer.Argument()],
    lang: LangOpt = None,
) -> None:
    from ..club.evening import rename

    language = lang_of(lang)
    evening = _load(file, language)
    try:
        changed = rename(evening, old, new)
    except ScoreError as exc:
        fail(exc, language)
    _save(changed, file, language)
    was = next(p for p, q in zip(evening.players, changed.players, strict=True) if p != q) \
        if changed.players != evening.players else old
    typer.echo(t("club_renamed", language, old=was, new=typed_name(new)))  # as kept


__all__ = ["back_in", "club_app", "tables_text"]
