"""``jokeren simulate``: computer players play matches or single rounds, with a report.

The games themselves are played by ``tournament`` (paired deals, worker processes); this
module turns the command's options into jobs and gives the score sheets and the report to
the caller (the command line prints them; nothing here writes to a terminal but the bar).
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..bots import Player, make_player
from ..rules.house import Rules
from ..rules.sentence import Sentence
from ..rules.textfile import os_reason
from ..score.scorecard import ScoreError
from ..score.sheet import score_sheet
from ..support.files import write_atomic
from ..words.catalogue import t
from . import tournament
from .table import Seat, Table

NAMES = tournament.NAMES


def play_match(rules: Rules, players: Sequence[str], seed: int,
               bots: Sequence[Player]) -> Table:
    """Play one match to its end; every bot sees only its own seat's view."""
    table = Table(rules, [Seat(name, bot.name) for name, bot in zip(players, bots, strict=True)],
                  seed, players=dict(enumerate(bots)))
    table.play_bots()
    return table


def run_tournament(rules: Rules, n_players: int, bot_kinds: Sequence[str], *,
                   matches: int | None, rounds: int | None, seed: int | None,
                   save: Path | None, lang: str, as_json: bool, paired: bool = True,
                   workers: int = 1, echo: Callable[[str], object] = print
                   ) -> tournament.Report:
    """Play the games, and give ``echo`` the score sheets (matches, text only) and the
    report, a text at a time."""
    kinds = list(bot_kinds) * n_players if len(bot_kinds) == 1 else list(bot_kinds)
    if len(kinds) != n_players:
        raise Sentence("sim_bots_count", n=len(kinds), seats=n_players)
    for k in set(kinds):
        make_player(k)  # an unknown name fails here, before any process starts
    single = rounds is not None
    count = rounds if rounds is not None else (matches or 1)
    first = secrets.randbelow(2**31) if seed is None else seed
    sheets = not single and not as_json
    jobs = tournament.jobs(rules, kinds, count, first, single, paired,
                           keep_games=sheets or save is not None)
    outcomes = _run_with_bar(jobs, workers)
    saved = []
    for o in outcomes:
        number = o.job.index + 1  # the match's number on its score sheet
        if save is not None and o.record is not None:
            path = save / record_name(number, lang)
            try:
                write_atomic(path, o.record)
            except OSError as exc:
                raise ScoreError("score_err_write", path=str(path),
                                 error=os_reason(exc, writing=True)) from None
            saved.append(path.name)
        if sheets and o.state is not None:
            key = "sim_match_title_turned" if o.job.rotation else "sim_match_title"
            title = t(key, lang, n=number, seed=o.job.seed, turn=o.job.rotation)
            echo(score_sheet(o.state, lang, title=title))
            echo("")
    report = tournament.report(outcomes, kinds, single)
    if as_json:
        echo(json.dumps(report.to_json(), indent=1))
    else:
        echo(tournament.report_text(report, lang))
        if saved:
            echo(t("sim_saved", lang, n=len(saved), path=save, first=saved[0],
                         last=saved[-1]))
    return report


def record_name(number: int, lang: str) -> str:
    """The file of match ``number``'s record in ``--save``'s folder: ``match-1.json``
    (``potje-1.json`` in Dutch)."""
    return f"{t('sim_file', lang)}-{number}.json"


def _run_with_bar(jobs: Sequence[tournament.Job], workers: int) -> list[tournament.Outcome]:
    """Run the jobs with a progress bar on stderr (only when stderr is a terminal)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    if not console.is_terminal or not sys.stderr.isatty():
        return tournament.run(jobs, workers)
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  transient=True) as bar:
        task = bar.add_task("jokeren", total=len(jobs))
        return tournament.run(jobs, workers, lambda k: bar.advance(task, k))
