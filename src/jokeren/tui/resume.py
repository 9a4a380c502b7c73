"""``jokeren play --resume FILE``: a saved match, with who sat at the screen, to go on with.

The record holds the deals and the moves so far (replayed by the engine, so a record that
was changed by hand is refused at its first illegal move); its extra key ``table`` says
which players were people and the computer players' levels.
"""

from __future__ import annotations

from pathlib import Path

from ..bots import DEFAULT_LEVEL
from ..engine.record import Record, RecordError
from ..engine.state import Phase
from ..play.table import Table
from ..rules.reasons import text_of
from ..words.catalogue import t
from .session import TABLE_KEY, TableConfig


class ResumeError(ValueError):
    """One sentence: why the file cannot be played on."""


def resume_match(path: Path, humans: str, save: Path, confirm: bool,
                 lang: str) -> tuple[TableConfig, Table]:
    """The table and the game of the record at ``path``; ``humans`` (names with commas)
    overrides the record's own list of people."""
    try:
        record = Record.load(path)
        game = Table.resume(record)
    except RecordError as exc:
        raise ResumeError(t("cli_resume_bad", lang, path=path,
                            reason=text_of(exc, lang))) from None
    if game.state.phase is Phase.MATCH_OVER:
        raise ResumeError(t("cli_resume_over", lang, path=path))
    table = record.extra.get(TABLE_KEY)
    table = table if isinstance(table, dict) else {}
    people = [h.strip() for h in humans.split(",") if h.strip()] or table.get("humans") \
        or record.players[:1]
    n = len(record.players)
    if not isinstance(people, list) or record.players[:len(people)] != people:
        raise ResumeError(t("cli_resume_seats", lang, path=path,
                            players=", ".join(record.players)))
    levels = table.get("bots")
    if not (isinstance(levels, list) and len(levels) == n - len(people)
            and all(isinstance(x, str) for x in levels)):
        levels = [DEFAULT_LEVEL] * (n - len(people))
    config = TableConfig(record.rules, tuple(people), tuple(levels), record.seed,
                         confirm=confirm, save=save, names=tuple(record.players))
    return config, game
