"""``jokeren score``: keep the score card of a match played with real cards.

Each command reads the card file, changes it in memory, and writes it back atomically, so
a mistake or a crash never costs the rounds already entered.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..rules.house import KEYS, Rules, RulesError
from ..score.scorecard import (
    ScoreCard,
    ScoreError,
    add_round,
    name_key,
    new_card,
    typed_name,
    undo_round,
)
from ..score.scorefile import find_player, load, make_round, save, to_json
from ..words.catalogue import t
from .common import ForceOpt, LangOpt, fail, lang_of, load_rules, write_grids

# The help of each command and option: the catalogue's cli_help_* (cli/helptext.py).
score_app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)

FileArg = Annotated[Path, typer.Argument()]


def _pairs(items: list[str], lang: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        # on the last "=": a value (cards, points, buys) has none, a name may (Jan=Piet)
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip():
            fail(ScoreError("score_err_pair", text=item), lang)
        out.append((name.strip(), value.strip()))
    return out


def _load(file: Path, lang: str) -> ScoreCard:
    try:
        return load(file)
    except ScoreError as exc:
        fail(exc, lang)


def _save_and_show(card: ScoreCard, file: Path, lang: str, message: str) -> None:
    from ..score.sheet import card_text

    shown = card_text(card, lang)  # before saving: nothing may fail once the card is saved
    try:
        save(card, file)
    except ScoreError as exc:
        fail(exc, lang)
    typer.echo(shown)  # a stream that cannot hold ♠ or ┃ gets letters (common.plain_streams)
    typer.echo(message)


@score_app.command("new")
def new_cmd(
    file: FileArg,
    players: Annotated[str, typer.Option("--players", "--spelers")],
    rules: Annotated[str, typer.Option("--rules", "--regels")] = "amerikaans",
    money: Annotated[bool, typer.Option("--money", "--geld")] = False,
    eliminate_at: Annotated[int | None, typer.Option("--eliminate-at", "--af-bij")] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", "--rondes")] = None,
    title: Annotated[str, typer.Option("--title", "--titel")] = "",
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    for value, key, options in ((eliminate_at, "eliminate_at", ("--eliminate-at", "--af-bij")),
                                (rounds, "rounds", ("--rounds", "--rondes"))):
        lo, hi = KEYS[key].lo, KEYS[key].hi  # the rules' own bounds, said with the option
        if value is not None and (value < lo or (hi is not None and value > hi)):
            fail(ScoreError("score_err_option_range", option=options[language == "nl"],
                            lo=lo, hi=hi, value=value), language)
    base = load_rules(rules, language)
    changes: dict[str, object] = {}
    if money:
        changes["money"] = {"per_buy": 1, "per_point": 1}
    if eliminate_at is not None:
        changes["eliminate_at"] = eliminate_at
    if rounds is not None:
        changes["rounds"] = rounds
    # a comma at the end ("Oma,Opa,") is no player without a name, as in club new
    names = [p for p in players.split(",") if p.strip()]
    try:
        _check_twice(names)
        chosen = Rules.load({**base.to_dict(), **changes}) if changes else base
        card = new_card(chosen, names, title)
    except RulesError as exc:
        fail(exc.text(language), language)
    except ScoreError as exc:
        fail(exc, language)
    if file.exists() and not force:
        fail(ScoreError("score_err_exists", path=str(file)), language)
    _save_and_show(card, file, language, t("score_saved_new", language, path=str(file)))


def _check_twice(names: list[str]) -> None:
    """ScoreError naming a player given twice, however capitalised or typed ("Éva" as one
    character and as E and an accent): "players need different names" left it to find."""
    seen: dict[str, str] = {}  # name_key: the name as first given
    for name in names:
        if name_key(name) in seen:
            raise ScoreError("score_err_names_twice", name=seen[name_key(name)])
        seen[name_key(name)] = typed_name(name)


@score_app.command("round")
def round_cmd(
    file: FileArg,
    out: Annotated[str | None, typer.Option("--out", "--uit")] = None,
    stock_out: Annotated[bool, typer.Option("--stock-out", "--stok-op")] = False,
    left: Annotated[list[str] | None, typer.Option("--left", "--over")] = None,
    not_come_out: Annotated[list[str] | None, typer.Option(
        "--not-come-out", "--niet-uitgekomen")] = None,
    all_at_once: Annotated[bool, typer.Option("--all-at-once", "--in-een-keer")] = False,
    buy: Annotated[list[str] | None, typer.Option("--buy", "--koop")] = None,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    if (out is None) == (not stock_out):
        fail(ScoreError("score_err_out_or_stock"), language)
    card = _load(file, language)
    try:
        buys: dict[str, int] = {}
        for name, value in _pairs(buy or [], language):
            if not (value.isascii() and value.isdigit()) or len(value) > 9:
                raise ScoreError("score_err_buys")
            name = card.players[find_player(card.players, name)]  # --buy Bob=1 --buy bob=1
            buys[name] = buys.get(name, 0) + int(value)
        given = _pairs(left or [], language)
        seen: set[int] = set()
        for name, value in given:
            seat = find_player(card.players, name)
            if not value:  # "Janneke=" would count nothing: say - for no cards
                raise ScoreError("score_err_empty", name=card.players[seat])
            if seat in seen:
                raise ScoreError("score_err_twice", name=card.players[seat])
            seen.add(seat)
        entry = make_round(card.players, out, dict(given), all_at_once, not_come_out or [],
                           buys)
        card = add_round(card, entry)
    except ScoreError as exc:
        fail(exc, language)
    _save_and_show(card, file, language,
                   t("score_saved", language, path=str(file), n=len(card.rounds)))


@score_app.command("undo")
def undo_cmd(file: FileArg, lang: LangOpt = None) -> None:
    language = lang_of(lang)
    card = _load(file, language)
    try:
        card = undo_round(card)
    except ScoreError as exc:
        fail(exc, language)
    _save_and_show(card, file, language, t("score_taken_back", language, n=len(card.rounds) + 1))


@score_app.command("from-record")
def from_record_cmd(
    record: Annotated[Path, typer.Argument()],
    file: FileArg,
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    from ..engine.record import Record, replay
    from ..rules.sentence import Sentence
    from ..score.scorecard import card_of_game

    language = lang_of(lang)
    try:
        game = Record.load(record)
        played = replay(game)
    except Sentence as exc:
        fail(f"{record}: {exc.text(language)}", language)
    if played.state is None or not played.ok:
        fail(ScoreError("score_err_record", path=str(record)), language)
    if file.exists() and not force:
        fail(ScoreError("score_err_exists", path=str(file)), language)
    try:
        card = card_of_game(played.state, [r.moves for r in game.rounds])
    except ScoreError as exc:
        fail(exc, language)
    _save_and_show(card, file, language,
                   t("score_saved", language, path=str(file), n=len(card.rounds)))


@score_app.command("show")
def show_cmd(
    file: FileArg, lang: LangOpt = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    language = lang_of(lang)
    card = _load(file, language)
    if as_json:
        from ..score.scorecard import tally

        score = tally(card)
        names = card.players
        typer.echo(json.dumps({
            "totals": dict(zip(names, score.totals, strict=True)),
            "rounds": len(card.rounds), "finished": score.over,
            "winner": names[score.winner] if score.winner is not None else None,
            "eliminated": [names[s] for s in score.eliminated],
            "pot": {"cents": score.pot, "won_by": names[score.pot_winner]
                    if score.pot_winner is not None else None}
            if card.rules.money is not None else None,
        }, indent=1, ensure_ascii=False))
        return
    from ..score.sheet import card_text

    typer.echo(card_text(card, language))


@score_app.command("export")
def export_cmd(
    file: FileArg,
    to: Annotated[Path, typer.Argument()],
    force: ForceOpt = False,
    lang: LangOpt = None,
) -> None:
    language = lang_of(lang)
    card = _load(file, language)
    try:
        write_export(to, language, score_card=card, force=force)
    except ScoreError as exc:
        fail(exc, language)
    typer.echo(t("score_written", language, path=str(to)))


def write_export(to: Path, lang: str, *, score_card: ScoreCard, force: bool = False) -> None:
    """The export that ``to``'s suffix names; ScoreError for another suffix, a file that
    exists (unless ``force``) or no library."""
    from ..score.grids import score_grid

    kind = to.suffix.lower()
    if kind not in (".xlsx", ".csv", ".pdf"):
        raise ScoreError("score_err_export_kind", path=str(to))
    if to.exists() and not force:
        raise ScoreError("score_err_exists", path=str(to))
    write_grids(to, [score_grid(score_card, lang)], lang=lang)


__all__ = ["score_app", "to_json", "write_export"]
