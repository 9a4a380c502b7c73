"""What every command of ``jokeren`` shares: its options, its one way to fail, the house
rules it is given and the tables it writes.

Bad input gives one sentence on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn, Protocol

import typer

from ..rules.house import Rules, RulesError
from ..rules.textfile import os_reason, parse_json
from ..score.grids import Grid
from ..score.scorecard import ScoreError
from ..support.shown import shown
from ..words.catalogue import Lang, detect_lang

LangOpt = Annotated[Lang | None, typer.Option()]
ForceOpt = Annotated[bool, typer.Option("--force")]


class Worded(Protocol):
    """A refusal that words itself (``Sentence``, ``ScoreError``)."""

    def text(self, lang: str) -> str: ...


def fail(what: str | Worded, lang: str = "en") -> NoReturn:
    """One sentence on stderr, exit status 2."""
    text = what if isinstance(what, str) else what.text(lang)
    typer.echo(f"jokeren: {shown(text)}", err=True)  # a name from a file, seen not obeyed
    raise typer.Exit(2)


def lang_of(lang: Lang | None) -> str:
    return (lang or detect_lang()).value


def load_rules(text: str, lang: str = "en") -> Rules:
    """A preset name, a house-rules file (TOML or JSON), or inline JSON; a bad one fails
    with one sentence, naming the file once."""
    source = "--rules"
    try:
        if text.lstrip().startswith("{"):
            return Rules.load(parse_json(text, RulesError))
        if Path(text).suffix.lower() in (".toml", ".json") or Path(text).is_file():
            source = text
            return Rules.from_file(text)
        source = ""
        return Rules.load(text)
    except RulesError as exc:
        fail(f"{source}: {exc.text(lang)}" if source else exc.text(lang))


def write_grids(to: Path, sheets: list[Grid], per_page: int = 1, portrait: bool = False,
                big: bool = False) -> None:
    """Tables to ``to`` as csv, xlsx or pdf, by its suffix (checked by the caller); the pdf
    ``per_page`` to a page, portrait, in large type if asked."""
    kind = to.suffix.lower()
    try:
        if kind == ".csv":
            from ..score.grids import to_csv
            from ..support.files import write_atomic

            write_atomic(to, to_csv(sheets))
        elif kind == ".xlsx":
            from ..score.xlsx import write_xlsx

            write_xlsx(to, sheets)
        else:
            from ..score.pdf import write_pdf

            write_pdf(to, sheets, True, per_page, portrait, big)
    except ModuleNotFoundError as exc:
        raise ScoreError("score_err_needs_extra", module=exc.name or "?") from None
    except OSError as exc:
        raise ScoreError("score_err_write", path=str(to), error=os_reason(exc, writing=True)) \
            from None


__all__ = ["ForceOpt", "LangOpt", "fail", "lang_of", "load_rules", "write_grids"]
