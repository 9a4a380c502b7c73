"""The ``jokeren`` command: replay, rules, simulate and play (the terminal table).

Every command has --help; bad input gives one sentence and exit status 2, never a traceback.
"""

from __future__ import annotations

import errno
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
from .common import ForceOpt, fail, load_rules, plain_streams, refuse_empty_paths, rules_file
from .dutch import lang_of_args, lang_to_command, run_in_dutch, suggested_in, worded_types
from .helptext import give_help

MAX_GAMES = 100_000  # simulate --matches and --rounds: as rules' max_turns, and memory
DEFAULT_NAME = "Ann"  # the person at the screen when --humans names nobody


class JokerenGroup(typer.core.TyperGroup):
    """The ``jokeren`` command: wholly in Dutch (help, usage, Click's errors) when
    ``--lang nl`` is given or, without --lang, the locale is Dutch (cli/dutch.py)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        language = lang_of_args(argv)
        plain_streams(language.value)  # a terminal that is not UTF-8 gets letters, not a crash
        worded_types(self, language.value)
        suggested_in(self, language.value)  # "did you mean --spelers?" in Dutch
        refuse_empty_paths(self, language.value)  # '' is not the folder '.'
        give_help(self, language.value)
        argv = lang_to_command(self, argv)
        if language != "nl":
            return super().main(argv, prog_name, complete_var, standalone_mode,
                                windows_expand_args, **extra)
        return run_in_dutch(self, super().main, argv, standalone_mode, prog_name=prog_name,
                            complete_var=complete_var,
                            windows_expand_args=windows_expand_args, **extra)


# The help of each command and option: the catalogue's cli_help_* (cli/helptext.py).
app = typer.Typer(
    cls=JokerenGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument()],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[Lang | None, typer.Option()] = None,
) -> None:
    language = lang or detect_lang()
    try:
        record = Record.load(file)
        result = replay(record)
    except RecordError as exc:
        said = f"{file}: {exc.text(language)}"  # the same sentence on stdout and stderr
        if as_json:  # a program reading the output still gets JSON
            typer.echo(json.dumps({"ok": False, "malformed": said}, indent=1,
                                  ensure_ascii=False))
        fail(said)
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
    preset: Annotated[str | None, typer.Argument()] = None,
    lang: Annotated[Lang | None, typer.Option()] = None,
    check: Annotated[Path | None, typer.Option("--check")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    from ..words.rules import contradiction_lines, preset_name, rules_text

    language = lang or detect_lang()
    if check is not None:
        try:
            rules = rules_file(check)
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
    rules: Annotated[str, typer.Option("--rules")] = "amerikaans",
    players: Annotated[int | None, typer.Option("--players")] = None,
    matches: Annotated[int | None, typer.Option("--matches")] = None,
    rounds: Annotated[int | None, typer.Option("--rounds")] = None,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    save: Annotated[Path | None, typer.Option("--save")] = None,
    bots: Annotated[str, typer.Option("--bots")] = "random",
    paired: Annotated[bool, typer.Option("--paired/--no-paired")] = True,
    workers: Annotated[int, typer.Option("--workers")] = 1,
    max_reshuffles: Annotated[int | None, typer.Option("--max-reshuffles")] = 2,
    max_turns: Annotated[int | None, typer.Option("--max-turns")] = 1000,
    lang: Annotated[Lang | None, typer.Option()] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    force: ForceOpt = False,
) -> None:
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
    if any(n is not None and not 1 <= n <= MAX_GAMES for n in (matches, rounds)):
        fail(t("cli_sim_count", language, hi=str(MAX_GAMES)))
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
        check_records(save, matches or 1, force, language)
    try:
        run_tournament(base, players, kinds, matches=matches, rounds=rounds, seed=seed,
                       save=save, lang=language, as_json=as_json,
                       paired=paired, workers=workers, echo=typer.echo)
    except ValueError as exc:
        fail(text_of(exc, language))


@app.command("play")
def play_cmd(
    rules: Annotated[str, typer.Option("--rules")] = "amerikaans",
    players: Annotated[int, typer.Option("--players")] = 3,
    humans: Annotated[str, typer.Option("--humans")] = "",
    bots: Annotated[str, typer.Option("--bots")] = "basic",
    lang: Annotated[Lang | None, typer.Option()] = None,
    learn: Annotated[bool, typer.Option("--learn")] = False,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    save: Annotated[Path | None, typer.Option("--save")] = None,
    resume: Annotated[Path | None, typer.Option("--resume")] = None,
    confirm: Annotated[bool, typer.Option("--confirm/--no-confirm")] = True,
    setup: Annotated[bool, typer.Option("--setup/--no-setup")] = True,
) -> None:
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


def check_records(folder: Path, count: int, force: bool, lang: str) -> None:
    """simulate --save: before any match is played, the folder is made and can be written,
    and no record would overwrite a file (unless ``force``) or a folder."""
    import os
    import tempfile

    from ..play.simulate import record_name
    from ..score.scorecard import ScoreError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(t("cli_sim_folder", lang, path=folder, reason=os_reason(exc).text(lang)))
    try:
        fd, probe = tempfile.mkstemp(prefix=".jokeren.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        fail(ScoreError("score_err_write", path=str(folder),
                        error=os_reason(exc, writing=True)), lang)
    for number in range(1, count + 1):
        path = folder / record_name(number, lang)
        if path.is_dir():
            fail(ScoreError("score_err_write", path=str(path),
                            error=os_reason(IsADirectoryError(errno.EISDIR, ""))), lang)
        if (path.exists() or path.is_symlink()) and not force:
            fail(ScoreError("score_err_exists", path=str(path)), lang)


def check_new_file(path: Path, lang: str) -> None:
    """--save: a new file in a folder that exists, checked before the first round."""
    from ..score.scorecard import ScoreError

    if path.is_dir():  # not "exists already: go on with it with --resume FOLDER"
        fail(ScoreError("score_err_write", path=str(path),
                        error=os_reason(IsADirectoryError(errno.EISDIR, ""))), lang)
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
    host: Annotated[str | None, typer.Option("--host")] = None,
    lan: Annotated[bool, typer.Option("--lan")] = False,
    public_url: Annotated[str | None, typer.Option("--public-url")] = None,
    port: Annotated[int, typer.Option("--port")] = 8000,
    db: Annotated[str | None, typer.Option("--db")] = None,
    open_browser: Annotated[bool, typer.Option("--open")] = False,
    bot_delay: Annotated[float, typer.Option("--bot-delay")] = 0.6,
    round_pause: Annotated[float, typer.Option("--round-pause")] = 4.0,
    redis: Annotated[str | None, typer.Option("--redis")] = None,
    workers: Annotated[int, typer.Option("--workers")] = 1,
    lang: Annotated[Lang | None, typer.Option()] = None,
) -> None:

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
    """The ``jokeren`` command, its help in English (it chooses its language when run)."""
    built = typer.main.get_command(app)
    assert isinstance(built, JokerenGroup)
    give_help(built, "en")
    return built


def main() -> None:
    try:
        command()(prog_name="jokeren")
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
