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

from ..support.files import blank
from .sentence import Sentence

MAX_DEPTH = 32  # a record nests 4 deep, a house-rules file 3: far below Python's limit
# The system's refusals we word ourselves (error_os_*); any other is "system error: ..."
_OS_KEYS = {errno.ENOENT: "enoent", errno.EACCES: "eacces", errno.EPERM: "eacces",
            errno.EISDIR: "eisdir", errno.EEXIST: "eexist", errno.ENOTDIR: "enotdir",
            errno.ENOSPC: "enospc", errno.EROFS: "erofs"}


def os_reason(exc: OSError, writing: bool = False) -> Sentence:
    """Why the system refused a file, in both languages (the system says it in English
    only); ``writing``: a missing path is a missing folder."""
    if writing and exc.errno == errno.ENOENT:
        return Sentence("os_no_folder")
    key = _OS_KEYS.get(exc.errno or 0)
    return Sentence(f"os_{key}") if key else Sentence(
        "os_other", why=exc.strerror or str(exc) or "unknown error")


def read_text(path: str | Path, error: type[Sentence]) -> str:
    """The file's text; ``error`` with one sentence if it cannot be read or is not text."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise error("read", why=os_reason(exc)) from None
    except UnicodeDecodeError:
        raise error("not_text") from None


def parse_json(text: str, error: type[Sentence]) -> object:
    """JSON data; ``error`` with one sentence if it is empty (nothing but white space and
    byte-order marks: "the file is empty", not "not valid JSON (error on line 1)"), is not
    JSON or nests too deep. Every reader of a record, house rules, a score card or a club
    evening comes here: a file, a pipe, the replay page's record sent as text."""
    if blank(text):
        raise error("empty")
    try:
        data: object = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise error("not_json", line=exc.lineno) from None
    except RecursionError:
        raise _too_deep(error) from None
    except ValueError:  # a number of more digits than Python converts (sys.int_info)
        raise _too_long(error) from None
    check_depth(data, error)
    return data


def parse_toml(text: str, error: type[Sentence]) -> object:
    """TOML data; ``error`` with one sentence if it is not TOML or nests too deep."""
    try:
        data: object = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"line (\d+)", str(exc))
        raise (error("not_toml", line=int(where.group(1))) if where
               else error("not_toml_somewhere")) from None
    except RecursionError:
        raise _too_deep(error) from None
    except ValueError:  # a number of more digits than Python converts (sys.int_info)
        raise _too_long(error) from None
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


def _too_long(error: type[Sentence]) -> Sentence:
    return error("too_long_number")


def _too_deep(error: type[Sentence]) -> Sentence:
    return error("too_deep", most=MAX_DEPTH)
