"""Reading a file the user gave (house rules, game records, score cards): one sentence on
failure (writing one is ``support/files.py``'s).

Every command reads files through here, so each refuses a bad file the same way: a file
that cannot be read, is not UTF-8 text, is not valid JSON or TOML, or nests deeper than any
record or house-rules file does (which would otherwise exhaust Python's recursion). A UTF-8
byte-order mark, as Windows editors write it, is accepted. The sentences leave out the
path: the command names the file once, in front.
"""

from __future__ import annotations

import errno
import json
import re
import tomllib
from pathlib import Path

from .sentence import Sentence

MAX_DEPTH = 32  # a record nests 4 deep, a house-rules file 3: far below Python's limit
_OS_NL = {errno.ENOENT: "het bestand bestaat niet", errno.EACCES: "geen toegang",
          errno.EPERM: "geen toegang", errno.EISDIR: "dat is een map, geen bestand",
          errno.EEXIST: "er staat al een bestand met die naam",
          errno.ENOTDIR: "een deel van het pad is een bestand, geen map",
          errno.ENOSPC: "de schijf is vol", errno.EROFS: "de schijf is alleen-lezen"}


def os_reason(exc: OSError, writing: bool = False) -> Sentence:
    """Why the system refused a file, in both languages (the system says it in English
    only); ``writing``: a missing path is a missing folder."""
    why = exc.strerror or str(exc) or "unknown error"
    if writing and exc.errno == errno.ENOENT:
        return Sentence("the folder does not exist", "de map bestaat niet")
    return Sentence(why, _OS_NL.get(exc.errno or 0, f"systeemfout: {why}"))


def read_text(path: str | Path, error: type[Sentence]) -> str:
    """The file's text; ``error`` with one sentence if it cannot be read or is not text."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        why = exc.strerror or "unknown error"
        raise error(f"cannot read the file: {why}",
                    f"kan het bestand niet lezen: {_OS_NL.get(exc.errno or 0, why)}") from None
    except UnicodeDecodeError:
        raise error("is not a text file (UTF-8)", "is geen tekstbestand (UTF-8)") from None


def parse_json(text: str, error: type[Sentence]) -> object:
    """JSON data; ``error`` with one sentence if it is not JSON or nests too deep."""
    try:
        data: object = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise error(f"is not valid JSON (line {exc.lineno}: {exc.msg})",
                    f"is geen geldige JSON (fout op regel {exc.lineno})") from None
    except RecursionError:
        raise _too_deep(error) from None
    check_depth(data, error)
    return data


def parse_toml(text: str, error: type[Sentence]) -> object:
    """TOML data; ``error`` with one sentence if it is not TOML or nests too deep."""
    try:
        data: object = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"line (\d+)", str(exc))
        at = f" (fout op regel {where.group(1)})" if where else ""
        raise error(f"is not valid TOML ({exc})", f"is geen geldige TOML{at}") from None
    except RecursionError:
        raise _too_deep(error) from None
    check_depth(data, error)
    return data


def check_depth(data: object, error: type[Sentence]) -> None:
    """Refuse lists or objects nested more than MAX_DEPTH deep, checked without recursion
    so that reading the data on cannot overflow the stack."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(error)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _too_deep(error: type[Sentence]) -> Sentence:
    return error(f"nests lists or objects more than {MAX_DEPTH} deep, which no record or "
                 "house-rules file does",
                 f"heeft lijsten of objecten meer dan {MAX_DEPTH} diep in elkaar: dat heeft "
                 "geen partijverslag of huisregelbestand")
