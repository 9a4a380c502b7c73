"""What every command of ``jokeren`` shares: its options, its one way to fail, the house
rules it is given and the tables it writes.

Bad input gives one sentence on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import sys
import unicodedata
from pathlib import Path, PurePath
from typing import Annotated, Any, NoReturn, Protocol

import typer

from ..rules.house import Rules, RulesError
from ..rules.textfile import os_reason, parse_json
from ..score.grids import Grid
from ..score.scorecard import ScoreError
from ..support.shown import shown
from ..words.catalogue import Lang, detect_lang, t

LangOpt = Annotated[Lang | None, typer.Option()]
# --force in English, --overschrijven in Dutch (the last name is the Dutch one: cli/dutch.py),
# as the Dutch help says it: "Overschrijf een bestand dat al bestaat."
ForceOpt = Annotated[bool, typer.Option("--force", "--overschrijven")]


class Worded(Protocol):
    """A refusal that words itself (``Sentence``, ``ScoreError``)."""

    def text(self, lang: str) -> str: ...


def fail(what: str | Worded, lang: str = "en") -> NoReturn:
    """One sentence on stderr, exit status 2."""
    text = what if isinstance(what, str) else what.text(lang)
    typer.echo(f"jokeren: {shown(text)}", err=True)  # a name from a file, seen not obeyed
    raise typer.Exit(2)


# What a character the output stream cannot encode (a Latin-1 or cp1252 terminal, an old
# Windows console, a pipe to a file in the ANSI code page) is written as: the letters of the
# notation for the suits (the Dutch ones in Dutch: Hs 7h 10r Bk, as a player types them),
# ASCII for the boxes of the tables and the punctuation; else its letter without the accent,
# else "?". Never an exception: a command that saved a card must not then fail.
PLAIN = {"★": "*", "…": "...", "·": "-", "€": "EUR", "Σ": "S", "—": "-", "–": "-",
         "“": '"', "”": '"', "‘": "'", "’": "'", "→": "->", "←": "<-", "≥": ">=",
         "≤": "<=", "×": "x", "½": "1/2"}
SUIT_LETTERS = {"en": dict(zip("♠♥♦♣", "shdc", strict=True)),
                "nl": dict(zip("♠♥♦♣", "shrk", strict=True))}
_plain_lang = ["en"]


def plain(ch: str, lang: str = "en") -> str:
    """``ch`` in ASCII, as a reader of ``lang`` would best read it (see PLAIN)."""
    suits = SUIT_LETTERS.get(lang, SUIT_LETTERS["en"])
    if ch in suits:
        return suits[ch]
    if ch in PLAIN:
        return PLAIN[ch]
    name = unicodedata.name(ch, "")
    if name.startswith("BOX DRAWINGS"):
        return "+" if " AND " in name else "|" if "VERTICAL" in name else "-"
    bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return bare if bare.isascii() and bare.isprintable() and bare else "?"


def _plain_errors(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return ("".join(plain(ch, _plain_lang[0]) for ch in exc.object[exc.start:exc.end]),
            exc.end)


codecs.register_error("jokeren-plain", _plain_errors)


def plain_streams(lang: str) -> None:
    """Make standard output and error write what their encoding cannot hold as ASCII
    (``plain``) instead of failing: once, where the command starts."""
    _plain_lang[0] = lang
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # A closed or detached stream: nothing to write to.
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="jokeren-plain")


# The options that name a folder, not a file: (command, option).
FOLDERS = {("simulate", "save"), ("season", "plots")}


def refuse_empty_paths(command: Any, lang: str) -> None:
    """Every file or folder that ``command`` and the commands under it take refuses an
    empty name (``jokeren score new ''``, a script's empty variable), saying so: Typer
    reads ``''`` as ``Path('')``, the current folder ``.``, which a command would then call
    a file that exists already, a folder it cannot read, or write its records into."""
    for param in command.params:
        if _is_path(getattr(getattr(param, "type_descriptor", None), "annotation", None)):
            _refuse_empty(param, (command.name or "", param.name or "") in FOLDERS, lang)
    for sub in getattr(command, "commands", {}).values():
        refuse_empty_paths(sub, lang)


def _is_path(annotation: object) -> bool:
    import typing

    if isinstance(annotation, type):
        return issubclass(annotation, PurePath)
    return any(_is_path(a) for a in typing.get_args(annotation))


def _refuse_empty(param: Any, folder: bool, lang: str) -> None:
    process = getattr(param, "_jokeren_process", None) or param.process_value
    param._jokeren_process = process  # wrapped once, whatever the runs' languages

    def process_value(ctx: Any, value: Any) -> Any:
        given = value if isinstance(value, list | tuple) else [value]
        if any(isinstance(v, str) and not v for v in given):
            if param.param_type_name == "option":  # as typed in the run's language
                name = param.opts[-1] if lang == "nl" else param.opts[0]
            else:
                name = (param.metavar or param.name or "").upper()
            key = "cli_err_empty_folder" if folder else "cli_err_empty_files" \
                if isinstance(value, list | tuple) else "cli_err_empty_file"
            fail(t(key, lang, name=name), lang)
        return process(ctx, value)

    param.process_value = process_value


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
            return rules_file(text)
        source = ""
        return Rules.load(text)
    except RulesError as exc:
        fail(f"{source}: {exc.text(lang)}" if source else exc.text(lang))


def rules_file(path: str | Path) -> Rules:
    """The house rules of the file ``path`` (``Rules.from_file``: an empty JSON file is
    refused as empty, not as JSON wrong on line 1; an empty TOML file is rules that change
    nothing)."""
    return Rules.from_file(path)


def write_grids(to: Path, sheets: list[Grid], per_page: int = 1, portrait: bool = False,
                big: bool = False, *, lang: str) -> None:
    """Tables to ``to`` as csv, xlsx or pdf, by its suffix (checked by the caller); the pdf
    ``per_page`` to a page, portrait, in large type if asked; the csv as ``lang``'s
    spreadsheet reads it (``grids.to_csv``)."""
    kind = to.suffix.lower()
    try:
        if kind == ".csv":
            from ..score.grids import csv_bytes
            from ..support.files import write_atomic

            write_atomic(to, csv_bytes(sheets, lang))
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


__all__ = ["ForceOpt", "LangOpt", "fail", "lang_of", "load_rules", "plain", "plain_streams",
           "refuse_empty_paths", "rules_file", "write_grids"]
