"""The help of every command, in the language of the run, from one source: the catalogue.

The code gives Typer no help text (no docstring on a command, no ``help=``): before each
run the built command tree is walked and every command, group, option and argument gets
its catalogue's ``cli_help_*`` text (``help_key``: the command's ``cli_help_PATH``, an
option's ``cli_help_PATH__NAME`` or, where every command says it alike,
``cli_help__NAME``). The usage line names each argument as a word in capitals
(``jokeren replay [OPTIONS] FILE``, in Dutch ``BESTAND``), where Typer would write
``{file}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..words.catalogue import catalogue, t
from ..words.help import ARGUMENTS


def help_key(path: Sequence[str], param: str | None = None) -> str:
    """The catalogue's key of the help of the command at ``path`` (``("score", "new")``) or
    of its option or argument ``param``: ``cli_help_score_new``, ``cli_help_score_new__to``,
    else ``cli_help__to`` (the one text every command gives that option)."""
    base = "cli_help" + "".join("_" + p.replace("-", "_") for p in path)
    if param is None:
        return base
    own = f"{base}__{param}"
    return own if own in catalogue() else f"cli_help__{param}"


def give_help(command: Any, lang: str, path: tuple[str, ...] = ()) -> None:
    """Put the help texts in ``lang`` into ``command`` (at ``path``) and every command
    under it, and the arguments' names into their usage line."""
    known = catalogue()
    key = help_key(path)
    if key in known:
        command.help = t(key, lang)
    for param in command.params:
        key = help_key(path, param.name)
        if key in known:
            param.help = t(key, lang)
        if param.param_type_name == "argument":
            _usage_name(param, lang)
    for name, sub in getattr(command, "commands", {}).items():
        give_help(sub, lang, (*path, name))


def usage_name(param: Any, lang: str) -> str:
    """How the usage line names the argument ``param``: ``FILE``, ``[PRESET]``,
    ``FILES...``; in Dutch by its Dutch name (``BESTAND``)."""
    name = str(param.name)
    word = (ARGUMENTS.get(name, name) if lang == "nl" else name).upper()
    shown = word if param.required else f"[{word}]"
    return f"{shown}..." if param.nargs != 1 else shown


def _usage_name(param: Any, lang: str) -> None:
    def get_usage_pieces(ctx: Any) -> list[str]:
        return [usage_name(param, lang)]

    param.get_usage_pieces = get_usage_pieces


__all__ = ["give_help", "help_key", "usage_name"]
