"""``jokeren --help`` in Dutch: the names of the arguments and the default values that are
words. The help texts themselves, in both languages, are the catalogue's ``cli_help_*``
(messages.json, keyed by the command's path: cli/helptext.py's ``help_key``), their one
source: the code gives Typer none.
"""

from __future__ import annotations

# The arguments by their Dutch names (in the usage line, the help and the errors).
ARGUMENTS = {"file": "bestand", "to": "doel", "record": "verslag", "name": "naam",
             "files": "bestanden", "preset": "spelvorm", "old": "oud", "new": "nieuw"}

# Default values shown in the help that are words ("[default: random]").
DEFAULTS = {"random": "willekeurig", "basic": "eenvoudig",
            "average": "gemiddelde", "alike": "gelijk"}  # club new --missed, --threes
