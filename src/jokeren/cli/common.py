"""What every command of ``jokeren`` shares: its options, its one way to fail, the house
rules it is given and the tables it writes.

Bad input gives one sentence on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import sys
import unicodedata
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


__all__ = ["ForceOpt", "LangOpt", "fail", "lang_of", "load_rules", "plain", "plain_streams",
           "write_grids"]
