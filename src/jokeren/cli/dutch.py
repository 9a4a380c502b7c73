"""The command line in Dutch: help, usage line and Click's own errors, for a Dutch reader.

The language is chosen as every command chooses it: ``--lang`` where it is given (looked for
anywhere on the line, since --help is answered before the other options are read), else
the locale (``i18n.detect_lang``). Typer (which carries its own copy of Click as
``typer._click``) has no catalogue for its own words, so in Dutch mode:

- the built command tree is walked (the help texts are the catalogue's in either
  language: cli/helptext.py): arguments by their Dutch names, Dutch type labels, panels
  titled "Argumenten", "Opties" and "Opdrachten", and a Dutch text for --help;
- the usage line says "Gebruik:" (a Context whose HelpFormatter writes that prefix);
- "[required]", "[default: ...]" and the error panel's words are module strings of Typer's
  rich_utils: set for the one run and put back after it;
- Click's errors are worded anew from the exception (its kind, the option or argument and
  the value refused), never translated from the English sentence; one of an unknown kind
  gets a Dutch sentence without the detail.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from typer import rich_utils
from typer._click import ClickException, Context, HelpFormatter
from typer._click.exceptions import NoSuchOption, UsageError

from ..words.catalogue import Lang, detect_lang, t
from ..words.help import ARGUMENTS, DEFAULTS

# Click's and Typer's own words in Dutch: the catalogue's cli_click_* (messages.json).
HELP_OPTION = t("cli_click_help_option", "nl")
PANELS = {"argument": t("cli_click_arguments", "nl"), "option": t("cli_click_options", "nl")}
COMMANDS_PANEL = t("cli_click_commands", "nl")
# A value's kind as the help shows it, by Typer's name for it: the catalogue's word
TYPES = {"str": "cli_click_type_text", "int": "cli_click_type_number",
         "float": "cli_click_type_number", "path": "cli_click_type_path"}
WORDS = {  # Typer's own words (rich_utils), for the run in Dutch
    "REQUIRED_LONG_STRING": t("cli_click_required", "nl"),
    "DEFAULT_STRING": t("cli_click_default", "nl", value="{}"),  # Typer fills in the {}
    "ENVVAR_STRING": t("cli_click_envvar", "nl", value="{}"),
    "DEPRECATED_STRING": t("cli_click_deprecated", "nl") + " ",
    "RICH_HELP": t("cli_click_rich_help", "nl"),
    "ERRORS_PANEL_TITLE": t("cli_click_error", "nl"), "ABORTED_TEXT": t("cli_click_aborted", "nl"),
}
# Click's usage errors that carry only a sentence: its English form (a pattern), the
# catalogue's key of the Dutch one and the names of the fields the pattern's groups fill.
USAGE = [
    (r"Option '(.+)' requires an argument\.", "cli_click_needs_value", ("option",)),
    (r"Option '(.+)' requires (\d+) arguments\.", "cli_click_needs_values", ("option", "n")),
    (r"Option '(.+)' does not take a value\.", "cli_click_no_value", ("option",)),
    (r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", "cli_click_extra", ("extra",)),
    (r"No such command '(.+)'\.", "cli_click_no_command", ("command",)),
    (r"Missing command\.", "cli_click_missing_command", ()),
    (r"Argument '(.+)' takes (\d+) values\.", "cli_click_argument_values", ("argument", "n")),
]
VALUES = {  # a value refused, by the kind of error its check gave: the catalogue's key
    "int_parsing": "cli_click_not_whole", "int_from_float": "cli_click_not_whole",
    "float_parsing": "cli_click_not_number", "bool_parsing": "cli_click_not_yes_no",
}


def lang_of_args(args: Sequence[str]) -> Lang:
    """``--lang nl`` or ``--lang=nl`` on the command line, else the locale's language."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = arg.partition("=")[2] if arg.startswith("--lang=") else (
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else None)
        if value in ("nl", "en"):
            return Lang(value)
    return detect_lang()


def lang_to_command(command: Any, args: Sequence[str]) -> list[str]:
    """``args`` with a ``--lang`` given before the command's name (``jokeren --lang nl
    --help``, ``jokeren --lang nl replay f``) moved to after it, where the command reads it;
    dropped where no command is named (the help of ``jokeren`` or ``jokeren score``: the
    language is chosen all the same, by ``lang_of_args``). A group has no --lang itself."""
    out: list[str] = []
    held: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--" or not hasattr(command, "commands"):
            out += args[i:]
            break
        if arg == "--lang" or arg.startswith("--lang="):
            taken = 1 if "=" in arg or i + 1 == len(args) else 2
            held = list(args[i:i + taken])
            i += taken
            continue
        sub = None if arg.startswith("-") else command.commands.get(arg)
        out.append(arg)
        i += 1
        if sub is not None:
            command = sub
            if held and any(p.name == "lang" for p in sub.params):
                out += held
                held = []
    return out


def worded_types(command: Any, lang: str) -> None:
    """The kind of value each option takes as the run's language words it (``<text>``,
    ``<number>``, ``<path>``; ``<tekst>``, ``<getal>``, ``<pad>``), not Python's names
    for it (``<str>``, ``<list[str]>``); nothing after a flag (``--json``,
    ``--paired/--no-paired``, ``--help``): a flag takes no value. For ``command`` and
    every command under it."""
    for param in command.params:
        _worded_type(param, lang)
    built = getattr(command, "_jokeren_help_option", None) or command.get_help_option
    command._jokeren_help_option = built  # wrapped once, whatever the runs' languages

    def get_help_option(ctx: Any) -> Any:
        option = built(ctx)
        if option is not None:
            _worded_type(option, lang)
        return option

    command.get_help_option = get_help_option
    for sub in getattr(command, "commands", {}).values():
        worded_types(sub, lang)


def suggested_in(command: Any, lang: str) -> None:
    """An option named in an error as the run's language types it: ``--spelers`` in
    Dutch, ``--players`` in English, once. An unknown option's suggestions ("did you mean
    ...?": Click suggested the close names of either language, "--speler (bedoel je
    --players of --spelers?)", "--round (bedoel je --rondes of --rounds?)"), and an option
    missing or given a bad value ("de optie '--players' / '--spelers' ontbreekt"). Every
    option takes both names (its first is English, its last Dutch); a name of one
    language only (--json, --no-paired) is said as it is. For ``command`` and every
    command under it."""
    parse = getattr(command, "_jokeren_parse_args", None) or command.parse_args
    command._jokeren_parse_args = parse  # wrapped once, whatever the runs' languages
    for param in command.params:
        if param.param_type_name == "option" and len(param.opts) > 1:
            _error_hint(param, lang)

    def parse_args(ctx: Context, args: list[str]) -> list[str]:
        try:
            return list(parse(ctx, args))
        except NoSuchOption as exc:
            if exc.possibilities:
                exc.possibilities = _in_lang(command, exc.possibilities, lang)
            raise

    command.parse_args = parse_args
    for sub in getattr(command, "commands", {}).values():
        suggested_in(sub, lang)


def _error_hint(param: Any, lang: str) -> None:
    """How Click's errors name the option ``param``: by its name in ``lang`` only."""
    name = param.opts[-1] if lang == "nl" else param.opts[0]

    def get_error_hint(*_: Any) -> str:
        return f"'{name}'"

    param.get_error_hint = get_error_hint


def _in_lang(command: Any, names: Sequence[str], lang: str) -> list[str]:
    """``names`` (options of ``command``) each as ``lang`` names its option, in their order
    (the closest first), each once."""
    out: list[str] = []
    for name in names:
        param = next((p for p in command.params if p.param_type_name == "option"
                      and name in p.opts), None)
        said = name if param is None else param.opts[-1] if lang == "nl" else param.opts[0]
        if said not in out:
            out.append(said)
    return out


def _worded_type(param: Any, lang: str) -> None:
    typer_type = getattr(param, "_jokeren_display_type", None) or param.display_type
    param._jokeren_display_type = typer_type
    flag = getattr(param, "is_flag", False)

    def display_type(ctx: Context) -> str:
        if flag:
            return ""
        label = str(typer_type(ctx))
        inner = label.strip("<>").removeprefix("list[").removesuffix("]").lower()
        if inner == "bool":  # a yes or no given as a value: its choices are in the help
            return ""
        return t(TYPES[inner], lang) if inner in TYPES else label

    param.display_type = display_type


class DutchFormatter(HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, "Gebruik: " if prefix is None else prefix)


class DutchContext(Context):
    formatter_class = DutchFormatter


def run_in_dutch(command: Any, main: Callable[..., Any], args: Sequence[str],
                 standalone_mode: bool = True, **extra: Any) -> Any:
    """``main`` (the command's Click main) run in Dutch: Click's errors worded here."""
    translate(command)
    with _typer_words():
        if not standalone_mode:
            return main(args, standalone_mode=False, **extra)
        try:
            result = main(args, standalone_mode=False, **extra)
        except ClickException as exc:
            if type(exc).__name__ != "NoArgsIsHelpError":  # the help is shown already
                rich_utils.rich_format_error(UsageError(error_text(exc),
                                                        getattr(exc, "ctx", None)))
            sys.exit(exc.exit_code)
        except typer.Abort:
            rich_utils.rich_abort_error()
            sys.exit(1)
    sys.exit(result if isinstance(result, int) else 0)


def translate(command: Any, path: tuple[str, ...] = ()) -> None:
    """Put the Dutch words into ``command`` (at ``path``) and every command under it (the
    help texts themselves are given in the run's language by ``helptext.give_help``)."""
    command.context_class = DutchContext
    command.options_metavar = "[OPTIES]"
    if getattr(command, "subcommand_metavar", None):
        command.subcommand_metavar = "OPDRACHT [ARGUMENTEN]..."
    _dutch_help_option(command)
    for param in command.params:
        _translate_param(param, path)
    for name, sub in getattr(command, "commands", {}).items():
        sub.rich_help_panel = COMMANDS_PANEL
        translate(sub, (*path, name))


def _translate_param(param: Any, path: tuple[str, ...]) -> None:
    param.rich_help_panel = PANELS.get(param.param_type_name)
    if param.param_type_name == "argument" and param.name in ARGUMENTS:
        param.metavar = ARGUMENTS[param.name]
    english = param._get_default_string

    def default_string(**how: Any) -> str:
        """A flag's default is the option as typed (--paired); a word, in Dutch."""
        if getattr(param, "is_bool_flag", False) and param.secondary_opts:
            return str(param.opts[0] if param.default else param.secondary_opts[0])
        text = str(english(**how))
        return DEFAULTS.get(text, text)

    param._get_default_string = default_string


def _dutch_help_option(command: Any) -> None:
    """--help says what it does in Dutch too (Click builds the option when asked)."""
    built = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = built(ctx)
        if option is not None:
            option.help = HELP_OPTION
            option.rich_help_panel = PANELS["option"]
        return option

    command.get_help_option = get_help_option


@contextmanager
def _typer_words() -> Iterator[None]:
    saved = {name: getattr(rich_utils, name) for name in WORDS}
    for name, text in WORDS.items():
        setattr(rich_utils, name, text)
    try:
        yield
    finally:
        for name, text in saved.items():
            setattr(rich_utils, name, text)


def error_text(exc: ClickException) -> str:
    """Click's error ``exc`` in one Dutch sentence, from what it carries."""
    kind = type(exc).__name__
    param = getattr(exc, "param", None)
    hint = getattr(exc, "param_hint", None) or (param.get_error_hint() if param else "")
    if kind == "NoSuchOption":
        option = getattr(exc, "option_name", "")
        possible = list(getattr(exc, "possibilities", None) or ())  # the closest first
        if possible:
            return t("cli_click_no_option_maybe", "nl", option=option,
                     options=t("cli_click_or", "nl").join(possible))
        return t("cli_click_no_option", "nl", option=option)
    if kind == "MissingParameter":
        key = "cli_click_missing_argument" if getattr(param, "param_type_name", "") == \
            "argument" else "cli_click_missing_option"
        return " ".join(t(key, "nl", name=hint).split())
    if kind == "BadParameter":
        return t("cli_click_bad_value", "nl", name=hint, why=_refused(exc, param))
    message = getattr(exc, "message", "")
    for pattern, key, names in USAGE:
        found = re.fullmatch(pattern, message)
        if found:
            return t(key, "nl", **dict(zip(names, found.groups(), strict=True)))
    return t("cli_click_not_given_right", "nl")


def _refused(exc: ClickException, param: Any) -> str:
    """Why a value was refused: the check's first error, by its kind."""
    errors = getattr(exc.__cause__, "errors", None)
    first = errors()[0] if callable(errors) and errors() else {}
    value = first.get("input")
    choices = getattr(getattr(param, "type_descriptor", None), "choices", None)
    if choices:
        names = [str(getattr(c, "value", c)) for c in choices]
        return t("cli_click_choose", "nl", value=value,
                 choices=t("cli_click_or", "nl").join(names))
    key = VALUES.get(first.get("type", ""))
    if key is not None:
        return t(key, "nl", value=value)
    return t("cli_click_not_here", "nl", value=value) if value is not None else \
        t("cli_click_value_not_here", "nl")


__all__ = ["DutchContext", "error_text", "lang_of_args", "lang_to_command",
           "run_in_dutch", "suggested_in", "translate", "worded_types"]
