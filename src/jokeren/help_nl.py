"""``jokeren --help`` in Dutch: the help texts of the commands players use, by their English.

Typer takes help texts from docstrings and options where the code is written; rather than
fork every option, the built command is walked once and each English text with a Dutch
one here is replaced (main() does this when the locale is Dutch). An English text without
an entry stays English; tests/test_dutch.py checks that every text of these commands has
one.
"""

from __future__ import annotations

from typing import Any

COMMANDS = ("replay", "rules", "simulate", "play")

NL: dict[str, str] = {
    "Jokeren: Amerikaans Jokeren and its Dutch relatives, with every table's house rules.":
        "Jokeren: Amerikaans Jokeren en zijn Nederlandse familie, met de huisregels van elke "
        "tafel.",
    "Play a game record through the rules and say whether every move was legal.\n\nExit "
    "status: 0 all moves legal, 1 at an illegal move, 2 for a malformed record.":
        "Speel een partijverslag na volgens de regels en zeg of elke zet mocht.\n\n"
        "Afsluitcode: 0 alle zetten mochten, 1 bij een zet die niet mag, 2 bij een "
        "onleesbaar verslag.",
    "A game record (JSON, jokeren-record/1).": "Een partijverslag (JSON, jokeren-record/1).",
    "Print the result as JSON.": "Geef de uitkomst als JSON.",
    "Language of the text output.": "Taal van de tekst: nl of en.",
    "Print a preset's rules, or check a house-rules file.\n\nExit status of --check: 0 for "
    "usable rules, 2 for a bad file or rules that contradict\neach other (one sentence each "
    "on standard error).":
        "Laat de regels van een voorinstelling zien, of controleer een huisregelbestand.\n\n"
        "Afsluitcode van --check: 0 als de regels bruikbaar zijn, 2 bij een fout bestand of "
        "regels die elkaar tegenspreken (elk in één zin).",
    "A preset name (all presets if left out).":
        "De naam van een voorinstelling (zonder naam: alle voorinstellingen).",
    "nl or en (default: from the locale).": "nl of en (anders de taal van de computer).",
    "Validate a house-rules file (TOML or JSON) and print its rules.":
        "Controleer een huisregelbestand (TOML of JSON) en zeg elke regel in woorden.",
    "Print every key as JSON.": "Geef elke regel als JSON.",
    "Let computer players play matches or single rounds, and report who wins.\n\nWithout "
    "--json and --rounds, every match's score sheet is printed before the report.":
        "Laat computerspelers potjes of losse rondes spelen en zeg wie er wint.\n\nZonder "
        "--json en --rounds komt eerst het scoreblad van elk potje.",
    "Preset name or house-rules file.": "Voorinstelling of huisregelbestand.",
    "Number of players (default: one per --bots entry, else 3).":
        "Aantal spelers (anders één per naam bij --bots, of 3).",
    "Number of matches.": "Aantal potjes.",
    "Play single rounds instead of matches, cycling through the schedule.":
        "Speel losse rondes in plaats van potjes, met de eisen van de rondes om de beurt.",
    "Seed of the first deal; deal k is dealt from seed + k, so runs with nearby seeds share "
    "deals.":
        "Schudnummer van het eerste spel; spel k krijgt schudnummer plus k.",
    "Folder for the game records.": "Map voor de partijverslagen.",
    "One computer player per seat, e.g. strong,basic (or one for all): random, basic, "
    "strong, strong:N, level1..level5.":
        "Eén computerspeler per plaats, bijvoorbeeld sterk,eenvoudig (of één voor "
        "allemaal): willekeurig, eenvoudig, sterk, sterk:N, niveau1..niveau5.",
    "Play every deal once per rotation of the seats.":
        "Speel elk spel één keer vanaf elke plaats.",
    "Worker processes.": "Aantal processen dat tegelijk speelt.",
    "End a round when the stock runs out after this many rebuilds (default 2).":
        "Stop een ronde als de stok op is en al zo vaak opnieuw gemaakt is (anders 2).",
    "End a round after this many turns, everyone scoring (default 1000: two players may "
    "pass one discard back and forth for ever).":
        "Stop een ronde na zoveel beurten en tel ieders strafpunten (anders 1000: twee "
        "spelers kunnen één aflegkaart eindeloos heen en weer geven).",
    "nl or en.": "nl of en.",
    "Print the report as JSON.": "Geef het verslag als JSON.",
    "Play at the terminal: against the computer, or with several people around one screen.":
        "Speel in het terminalvenster: tegen de computer, of met meer mensen om één scherm.",
    "Number of players.": "Aantal spelers.",
    "The people at the screen: names with commas, or a count.":
        "De mensen aan het scherm: namen met komma's, of een aantal.",
    "Computer players' levels: one for all, or one per computer seat (basic,strong).":
        "Niveau van de computerspelers: één voor allemaal, of één per computerspeler "
        "(eenvoudig,sterk).",
    "Learning mode: open hands, each computer move explained.":
        "Leermodus: open kaarten, en bij elke zet van de computer waarom.",
    "Seed of the deals.": "Schudnummer van de spellen.",
    "Write the match as a game record to this new file after every round (and on "
    "quitting).":
        "Bewaar het potje na elke ronde (en bij stoppen) als partijverslag in dit nieuwe "
        "bestand.",
    "Go on with a match saved by play (its record): the moves so far are played again, and "
    "it is saved back to the same file.":
        "Speel verder met een bewaard potje: de zetten tot nu toe worden nagespeeld, en het "
        "wordt weer in hetzelfde bestand bewaard.",
    "Ask before going out or discarding a joker.": "Vraag vóór uitgaan of een joker afleggen.",
    "Show the setup screen first (filled in from these options), or start at once.":
        "Laat eerst het beginscherm zien (ingevuld met deze opties), of begin meteen.",
}


def translate(command: Any) -> Any:
    """``command`` (the built Typer group) with the Dutch help texts put in."""
    import typer.rich_utils as ru

    ru.OPTIONS_PANEL_TITLE = "Opties"
    ru.ARGUMENTS_PANEL_TITLE = "Argumenten"
    ru.COMMANDS_PANEL_TITLE = "Opdrachten"
    command.help = NL.get(command.help, command.help)
    _dutch_help_option(command)
    for name in COMMANDS:
        sub = command.commands[name]
        sub.help = NL.get(sub.help, sub.help)
        _dutch_help_option(sub)
        for param in sub.params:
            text = getattr(param, "help", None)
            if text:
                param.help = NL.get(text, text)
    return command


def _dutch_help_option(command: Any) -> None:
    """--help says what it does in Dutch too (Click builds the option when asked)."""
    built = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = built(ctx)
        if option is not None:
            option.help = "Laat deze hulp zien en stop."
        return option

    command.get_help_option = get_help_option
