"""The ``jokeren`` command: replay, rules, simulate and play (the terminal table).

Every command has --help; bad input gives one sentence and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from ..engine import DealError, check_players
from ..engine.record import Record, RecordError, replay
from ..rules.house import PRESETS, Rules, RulesError
from ..rules.reasons import text_of
from ..rules.textfile import os_reason
from ..support.shown import shown
from ..words.catalogue import Lang, detect_lang, t
from .common import fail, load_rules
from .dutch import lang_of_args, lang_to_command, plain_flags, run_in_dutch

DEFAULT_NAME = "Ann"  # the person at the screen when --humans names nobody


class JokerenGroup(typer.core.TyperGroup):
    """The ``jokeren`` command: wholly in Dutch (help, usage, Click's errors) when
    ``--lang nl`` is given or, without --lang, the locale is Dutch (cli/dutch.py)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        plain_flags(self)
        language = lang_of_args(argv)
        argv = lang_to_command(self, argv)
        if language != "nl":
            return super().main(argv, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        return run_in_dutch(self, super().main, argv, standalone_mode, prog_name=prog_name,
                            complete_var=complete_var,
                            windows_expand_args=windows_expand_args, **extra)


app = typer.Typer(
    cls=JokerenGroup,
    add_completion=False,
    no_args_is_help=True,
    help="Jokeren: Amerikaans Jokeren and its Dutch relatives, with every table's house rules.",
    pretty_exceptions_enable=False,
)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON, jokeren-record/1).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    lang: Annotated[Lang | None, typer.Option(help="Language of the text output.")] = None,
) -> None:
    """Play a game record through the rules and say whether every move was legal.

    Exit status: 0 all moves legal, 1 at an illegal move, 2 for a malformed record.
    """
    language = lang or detect_lang()
    try:
        record = Record.load(file)
        result = replay(record)
    except RecordError as exc:
        if as_json:  # a program reading the output still gets JSON
            typer.echo(json.dumps({"ok": False, "malformed": f"{file}: {exc}"},
                                  indent=1, ensure_ascii=False))
        fail(f"{file}: {exc.text(language)}")
    summary = result.summary()
    if as_json:
        typer.echo(json.dumps(summary, indent=1, ensure_ascii=False))
    else:
        from ..score.sheet import replay_text

        reason = result.refusal.text(language) if result.refusal is not None else None
        typer.echo(shown(replay_text(summary, language, reason)))  # names as they are
    raise typer.Exit(0 if result.ok else 1)


@app.command("rules")
def rules_cmd(
    preset: Annotated[str | None, typer.Argument(help="A preset name (all presets if left out).")]
    = None,
    lang: Annotated[Lang | None, typer.Option(help="nl or en (default: from the locale).")]
    = None,
    check: Annotated[Path | None, typer.Option(
        "--check", help="Validate a house-rules file (TOML or JSON) and print its rules.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every key as JSON.")] = False,
) -> None:
    """Print a preset's rules, or check a house-rules file.

    Exit status of --check: 0 for usable rules, 2 for a bad file or rules that contradict
    each other (one sentence each on standard error).
    """
    from ..words.rules import contradiction_lines, preset_name, rules_text

    language = lang or detect_lang()
    if check is not None:
        try:
            rules = Rules.from_file(check)
        except RulesError as exc:
            fail(f"{check}: {exc.text(language)}")
        if as_json:
            typer.echo(json.dumps(rules.to_dict(), indent=1, ensure_ascii=False))
        else:
            from ..words.rules import check_text

            typer.echo(check_text(rules, language, str(check)))
        problems = contradiction_lines(rules, language)
        for p in problems:
            typer.echo(f"jokeren: {check}: {p}", err=True)
        raise typer.Exit(2 if problems else 0)
    if preset is None:
        if as_json:
            typer.echo(json.dumps({name: r.to_dict() for name, r in PRESETS.items()},
                                  indent=1, ensure_ascii=False))
            return
        for name, rules in PRESETS.items():
            typer.echo(f"{name:16} {preset_name(rules, language)}")
        return
    rules = load_rules(preset, language)
    typer.echo(json.dumps(rules.to_dict(), indent=1, ensure_ascii=False) if as_json
               else rules_text(rules, language))


@app.command("simulate")
def simulate_cmd(
    rules: Annotated[str, typer.Option("--rules", help="Preset name or house-rules file.")]
    = "amerikaans",
    players: Annotated[int | None, typer.Option(
        "--players", help="Number of players (default: one per --bots entry, else 3).")]
    = None,
    matches: Annotated[int | None, typer.Option("--matches", help="Number of matches.")]
    = None,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", help="Play single rounds instead of matches, cycling through the "
        "schedule.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=(
        "Seed of the first deal; deal k is dealt from seed + k, so runs with nearby seeds "
        "share deals."))] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Folder for the game records.")]
    = None,
    bots: Annotated[str, typer.Option("--bots", help="One computer player per seat, e.g. "
                                      "strong,basic (or one for all): random, basic, strong, "
                                      "strong:N, level1..level5.")] = "random",
    paired: Annotated[bool, typer.Option(
        "--paired/--no-paired", help="Play every deal once per rotation of the seats.")]
    = True,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    max_reshuffles: Annotated[int | None, typer.Option(
        "--max-reshuffles", help="End a round when the stock runs out after this many "
        "rebuilds.")] = 2,
    max_turns: Annotated[int | None, typer.Option(
        "--max-turns", help="End a round after this many turns, everyone scoring (two "
        "players may pass one discard back and forth for ever).")] = 1000,
    lang: Annotated[Lang | None, typer.Option(help="nl or en.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Let computer players play matches or single rounds, and report who wins.

    Without --json and --rounds, every match's score sheet is printed before the report.
    """
    from ..play.simulate import run_tournament

    language = lang or detect_lang()
    base = load_rules(rules, language)
    caps = {key: value for key, value in (("max_reshuffles", max_reshuffles),
                                          ("max_turns", max_turns))
            if value is not None and getattr(base, key) is None}
    if caps:  # checked as in a house-rules file, so every saved record replays
        try:
            base = Rules.load({**base.to_dict(), **caps})
        except RulesError as exc:
            fail(exc.text(language))
    if matches is not None and rounds is not None:
        fail(t("cli_sim_matches_or_rounds", language))
    if (matches if matches is not None else 1) < 1 or (rounds is not None and rounds < 1):
        fail(t("cli_sim_at_least_1", language))
    if workers < 1:
        fail(t("cli_sim_workers", language))
    if save is not None and rounds is not None:
        fail(t("cli_sim_save_matches", language))
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if not kinds:
        fail(t("cli_sim_no_bots", language))
    if players is None:
        players = len(kinds) if len(kinds) > 1 else 3
    try:
        check_players(base, players)
    except DealError as exc:
        fail(exc, language)
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(t("cli_sim_folder", language, path=save,
                   reason=os_reason(exc).text(language)))
    try:
        run_tournament(base, players, kinds, matches=matches, rounds=rounds, seed=seed,
                       save=save, lang=language, as_json=as_json,
                       paired=paired, workers=workers, echo=typer.echo)
    except ValueError as exc:
        fail(text_of(exc, language))


@app.command("play")
def play_cmd(
    rules: Annotated[str, typer.Option("--rules", help="Preset name or house-rules file.")]
    = "amerikaans",
    players: Annotated[int, typer.Option("--players", help="Number of players.")] = 3,
    humans: Annotated[str, typer.Option(
        "--humans", help="The people at the screen: names with commas, or a count.")] = "",
    bots: Annotated[str, typer.Option("--bots", help="Computer players' levels: one for "
                                      "all, or one per computer seat (basic,strong).")]
    = "basic",
    lang: Annotated[Lang | None, typer.Option(help="nl or en (default: from the locale).")]
    = None,
    learn: Annotated[bool, typer.Option(
        "--learn", help="Learning mode: open hands, each computer move explained.")] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deals.")] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Write the match as a game record to this new file after every "
        "round (and on quitting).")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", help="Go on with a match saved by play (its record): the moves so far "
        "are played again, and it is saved back to the same file.")] = None,
    confirm: Annotated[bool, typer.Option(
        "--confirm/--no-confirm", help="Ask before going out or discarding a joker.")] = True,
    setup: Annotated[bool, typer.Option(
        "--setup/--no-setup", help="Show the setup screen first (filled in from these "
        "options), or start at once.")] = True,
) -> None:
    """Play at the terminal: against the computer, or with several people around one screen."""
    try:
        from ..tui.app import JokerenApp
        from ..tui.screens import SetupChoice, make_config
    except ImportError:
        fail(t("cli_play_needs_textual", lang or detect_lang()))
    from ..play.table import new_seed
    from ..tui.resume import ResumeError, resume_match

    language = (lang or detect_lang()).value
    load_rules(rules, language)  # a bad preset or file: one sentence, exit 2, before any screen
    if save is not None and save != resume:
        check_new_file(save, language)
    # A name, not "Me"/"Ik": the log says "Ann legde af", never "Ik legt af" or "Me's hand".
    choice = SetupChoice(rules, players, humans or DEFAULT_NAME, bots, learn, confirm)
    match_seed = new_seed() if seed is None else seed  # 128 bits: no hand seen finds it
    config, game = None, None
    if resume is not None:
        try:
            config, game = resume_match(resume, humans, save or resume, confirm, language)
        except ResumeError as exc:
            fail(str(exc))
    elif not setup:
        try:
            config = make_config(choice, language, match_seed, save)
        except ValueError as exc:
            fail(text_of(exc, language))
    table = JokerenApp(config, lang=language, setup=choice, seed=match_seed, save=save,
                       game=game)
    table.run()
    if table.session is not None and table.session.table.state.results:
        from ..score.sheet import score_sheet

        typer.echo(score_sheet(table.session.table.state, language))
    if table.saved_note:
        typer.echo(table.saved_note)


def check_new_file(path: Path, lang: str) -> None:
    """--save: a new file in a folder that exists, checked before the first round."""

    if path.exists():
        fail(t("cli_save_exists", lang, path=path))
    if not path.parent.is_dir():
        fail(t("cli_save_no_folder", lang, path=path, folder=path.parent))


def _add_sub_apps() -> None:
    from .club import club_app
    from .score import score_app

    app.add_typer(score_app, name="score")
    app.add_typer(club_app, name="club")


_add_sub_apps()


@app.command("serve")
def serve_cmd(
    host: Annotated[str | None, typer.Option(
        "--host", help="Address to listen on (default 127.0.0.1: only this computer).")]
    = None,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on every address, so the phones in the house can join: prints "
        "this computer's address and a QR code to scan.")] = False,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="The address people reach the server by (a reverse proxy's, "
        "e.g. https://jokeren.example.org): invite links use it.")] = None,
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL: sqlite:///FILE or postgresql://USER@HOST/NAME (default: "
        "a SQLite file in your data directory).")] = None,
    open_browser: Annotated[bool, typer.Option(
        "--open", help="Open a table against the computer in the browser.")] = False,
    bot_delay: Annotated[float, typer.Option(
        "--bot-delay", help="Seconds before each computer move, so people can follow it.")]
    = 0.6,
    round_pause: Annotated[float, typer.Option(
        "--round-pause", help="Seconds between the end of a round and the next deal.")] = 4.0,
    redis: Annotated[str | None, typer.Option(
        "--redis", help="Share the rooms with other jokeren serve processes through this "
        "Redis (redis://HOST:PORT/N); the --db must be a PostgreSQL they all use.")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", help="Processes serving this port (above 1 needs --redis and a "
        "PostgreSQL --db).")] = 1,
    lang: Annotated[Lang | None, typer.Option(help="nl or en (default: from the locale).")]
    = None,
) -> None:
    """Serve rooms for playing together online (invite links, one table per room) and the
    browser table."""

    language = lang or detect_lang()
    if lan and host is not None and host not in ("0.0.0.0", "::"):
        fail(t("cli_serve_lan_host", language, host=host))
    host = host or ("0.0.0.0" if lan else "127.0.0.1")
    if not 0 < port < 65536:
        fail(t("cli_serve_port", language))
    if not 0 <= bot_delay <= 10:
        fail(t("cli_serve_bot_delay", language))
    if not 0 <= round_pause <= 60:
        fail(t("cli_serve_round_pause", language))
    if not 1 <= workers <= 64:
        fail(t("cli_serve_workers", language))
    try:
        from ..server.serve import StoreError, listen_error, public_origin, serve
    except ImportError:
        fail(t("cli_serve_extra", language))
    if public_url is not None and public_origin(public_url) is None:
        fail(t("cli_serve_public_url", language))
    try:
        serve(host, port, db, open_browser, bot_delay=bot_delay, round_pause=round_pause,
              public_url=public_url, lang=language, redis=redis, workers=workers)
    except StoreError as exc:
        fail(exc.text(language))
    except OSError as exc:
        fail(listen_error(exc, host, port, language))


def command() -> JokerenGroup:
    """The ``jokeren`` command (it chooses its language when run)."""
    built = typer.main.get_command(app)
    assert isinstance(built, JokerenGroup)
    return built


def main() -> None:
    try:
        command()(prog_name="jokeren")
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
