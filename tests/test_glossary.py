"""The players' words (../shared/GLOSSARY.md) over the whole Dutch catalogue, and one way to
word a text (issue 40, docs/words.md).

A Dutch player of 70 who plays with real cards must never meet an English word, a word the
glossary says "not", a source number ("000", "(2010)") or a program word (preset, seed,
hint, a house rule's key such as ``opening_only_contract``) in Dutch mode. ``problems``
finds them in one Dutch text; the catalogue test runs it over every Dutch text of
messages.json (each plural form, the second and the third person). What a user types is not
read but typed, so quoted text ('...', "...") and options (``--out``) are left out, and so
are the fields (``{name}``) a text is filled with.

The rules as a player reads them are checked the same way: ``jokeren rules PRESET --lang nl``
for every preset, the list of presets, ``rules --check`` of a family's file with its
contradictions, where a round's requirement is worded too (never its notation, ``set 3``).

The last test reads src/ for the old ways of wording a text: an English and a Dutch
sentence written side by side in code.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.rules.house import PRESETS, Rules
from jokeren.support.messages import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "jokeren"

# English words a Dutch sentence never needs ("is", "in", "of", "set", "tip", "pot" and
# "score" are Dutch too).
ENGLISH = {
    "the", "and", "you", "your", "not", "are", "with", "from", "must", "may", "cannot",
    "card", "cards", "meld", "melds", "draw", "draws", "drawn", "discard", "discards",
    "take", "takes", "buy", "buys", "pass", "passes", "swap", "swaps", "lay", "lays", "off",
    "run", "runs", "round", "rounds", "match", "matches", "player", "players", "points",
    "stock", "pile", "nobody", "winner", "out", "upcard", "penalty", "requirement", "none",
    "packs", "pack", "random", "basic", "strong", "level", "jack", "queen", "king", "ace",
    "room", "rooms", "sheet", "help", "hints", "settings", "undo", "save", "load", "back",
}
# Program words: what the code calls a thing, never what a player calls it.
PROGRAM = {"preset", "presets", "seed", "seeds", "hint", "null", "true", "false", "engine"}
# The words ../shared/GLOSSARY.md's column "not" names (one word per thing).
NOT = [
    r"\bvoorinstelling(en)?\b", r"\bschudnummers?\b", r"\bmelding(en)?\b", r"\bmelden\b",
    r"\bgroep(en)?\b", r"\bsetje\b", r"\breeks(en)?\b", r"\bstraat\b", r"\bbijleggen\b",
    r"\bweg ?(te )?gooien\b", r"\bweggooi", r"(?<!afleg)\bstapel\b", r"\bpikken\b",
    r"\bgepikt\b", r"\bingepikt(e)?\b", r"\binpikken\b", r"\bvrijgekomen\b", r"\bdeler\b",
    r"\bcent\b", r"\bkamers?\b", r"\btips\b", r"\bscorebriefje\b", r"\brekenblad\b",
    r"\bgewoon\b", r"\bop tafel komen\b", r"\bzo dat\b", r"\bmatch\b",
    r"\bu\b", r"\buw\b", r"\buzelf\b",  # informal "je" throughout: never "u" (the glossary)
]
# A source text's number or year: players never read "(000)" or "(2010)".
SOURCE = re.compile(r"\b00\d\b|\((19|20)\d\d\b|\b(19|20)\d\d\)")
# A house rule's key as the code writes it (``opening_only_contract``) outside quotes.
KEYS = {f.name for f in fields(Rules)} | {"per_buy", "per_point", "min_players", "extra"}
FIELD = re.compile(r"\{[^{}]*\}")


def problems(text: str) -> list[str]:
    """What in the Dutch ``text`` a Dutch player should not read."""
    text = FIELD.sub("", text)
    text = re.sub(r"--[\w-]+|\"[^\"]*\"|'[^']*'|“[^”]*”", "", text)
    found = [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH | PROGRAM]
    found += [k for k in re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text) if k in KEYS or "_" in k]
    found += [p for p in NOT if re.search(p, text, re.IGNORECASE)]
    found += [m.group(0) for m in SOURCE.finditer(text)]
    return found


def test_the_checker_catches_what_players_met() -> None:
    """Lines of issue 40 that a native reader found."""
    for line in ("Voorinstelling", "schudnummer {seed}", "regels (000, 2010)", "zo dat",
                 "Jokeren (2010)", "opening_only_contract staat aan", "h Hint", "Tips",
                 "Scorebriefje", "een kamer maken", "gewoon", "de ingepikte joker",
                 "Pot: 5 cent", "preset amerikaans", "U bent de secretaris",
                 "alleen daarmee verandert u de avond", "houd hem voor uzelf",
                 "De engine speelt het verslag na"):
        assert problems(line), line
    assert problems("Ann legt V♥ aan bij combinatie 1; de stok is op; 'players' is een "
                    "lijst; --force") == []


def dutch_texts() -> Iterator[tuple[str, str]]:
    for key, entry in catalogue().items():
        nl = entry["nl"]
        for form, text in (nl.items() if isinstance(nl, dict) else [("", nl)]):
            yield (f"{key}/{form}" if form else key), text


# Keys whose Dutch is not read as a sentence: column heads of the simulation report (the
# bots' own names), the notation's verbs quoted in a list.
NOT_SENTENCES = ("sim_report_header",)


@pytest.mark.parametrize(("key", "text"), [(k, t) for k, t in dutch_texts()
                                           if not k.startswith(NOT_SENTENCES)])
def test_every_dutch_text_is_in_the_players_words(key: str, text: str) -> None:
    assert problems(text) == []


# --- a match in the browser's words --------------------------------------------------------

# A match is "potje" in Dutch and "match" in English (../shared/GLOSSARY.md). NOT cannot hold
# "spel" or "partij", nor ENGLISH "game": "spel" is also one pack of cards ("één spel
# kaarten", "2 spellen" in the rules texts) and "partij" and "game" are a club's game, so the
# browser said "Eerste spel" and "Replay a game" unseen. The browser's words (web_*) and the
# first match's guide (guide_*) name no pack, so there they are a match: each whole word
# (never "spelregels", "spelnummer", "spelers", "gespeeld"), but for the club's pages.
MATCH_NOT = {"nl": re.compile(r"\b(?:spel(?! kaarten\b)|spelletjes?|partij(?:en)?)\b",
                              re.IGNORECASE),
             "en": re.compile(r"\bgames?\b", re.IGNORECASE)}


def match_problems(lang: str, text: str) -> list[str]:
    """The words for a match in ``text`` (``lang``) that the glossary says not to use."""
    return MATCH_NOT[lang].findall(FIELD.sub("", text))


def test_the_match_checker_catches_what_the_browser_said() -> None:
    for lang, line in (("nl", "Eerste spel"), ("nl", "Leer spelen: een eerste spel met uitleg"),
                       ("nl", "Partij terugkijken"), ("nl", "Het spel is afgelopen"),
                       ("en", "Replay a game"), ("en", "Learn to play: a first game explained"),
                       ("en", "Score card for a game with real cards"), ("en", "Games")):
        assert match_problems(lang, line), line
    for lang, line in (("nl", "Leer spelen: een eerste potje met uitleg"),
                       ("nl", "Jokeren met 7 kaarten: kort, één spel kaarten"),
                       ("nl", "spelregels, spelvorm, spelnummer {seed}, de spelers, gespeeld"),
                       ("nl", "Jokeren: Amerikaans Jokeren en verwante spellen"),
                       ("en", "Replay a match from its record"), ("en", "{game} of {games}")):
        assert match_problems(lang, line) == [], line


def browser_texts() -> Iterator[tuple[str, str, str]]:
    for key, entry in catalogue().items():
        if key.startswith(("web_", "guide_")) and not key.startswith("web_club_"):
            for lang in ("en", "nl"):
                text = entry[lang]
                for form, one in (text.items() if isinstance(text, dict) else [("", text)]):
                    yield (f"{key}/{lang}/{form}" if form else f"{key}/{lang}"), lang, one


@pytest.mark.parametrize(("key", "lang", "text"), list(browser_texts()))
def test_the_browser_calls_a_match_a_match(key: str, lang: str, text: str) -> None:
    assert match_problems(lang, text) == []


# --- the rules in Dutch, as `jokeren rules` prints them ------------------------------------

# A round's requirement or a rule's value in the notation of a file (``set 3``, ``points
# 40``, ``by-players``): the rules texts word them.
NOTATION = re.compile(r"\b(?:set|run|points) \d+\b|\b(?:by-players|if-used|new-meld|"
                      r"turn-over|reshuffle|discard-or-meld|after-round-1)\b")
runner = CliRunner()


def rules_problems(text: str) -> list[str]:
    """``problems`` of each line of a rules text, and any notation in it."""
    return [f"{found!r} in {line!r}" for line in text.splitlines()
            for found in [*problems(line), *NOTATION.findall(line)]]


def _rules_nl(*args: str) -> str:
    result = runner.invoke(app, ["rules", *args, "--lang", "nl"])
    assert result.exit_code in (0, 2), result.output
    return result.stdout + result.stderr


def test_the_rules_checker_catches_what_players_met() -> None:
    """Lines of the Dutch rules texts of issue 40 (as they were)."""
    for line in ("Voorinstelling: amerikaans", "Amerikaans Jokeren (000, 2010). 6 rondes",
                 "een ingepikte joker meteen weer gebruiken", "de vrijgekomen joker",
                 "1. een set van 3; 2. set 3", "spellen by-players",
                 "rondje om de open kaart (001): nee"):
        assert rules_problems(line), line


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_in_dutch_is_in_the_players_words(preset: str) -> None:
    text = _rules_nl(preset)
    assert text.startswith("Spelvorm: ") and "strafpunten" in text
    assert rules_problems(text) == []


def test_the_list_of_presets_in_dutch() -> None:
    text = _rules_nl()
    assert "Jokeren in de familie" in text and "Jokeren zoals Rummikub" in text
    # each line: the name to type (the program's, as a file names it), then its name in words
    assert rules_problems("\n".join(line.split(maxsplit=1)[1]
                                    for line in text.splitlines())) == []


def test_a_checked_house_rules_file_in_dutch(tmp_path: Path) -> None:
    """A family's file that changes every kind of key and contradicts itself: the check, the
    rules and the contradictions in Dutch words."""
    path = tmp_path / "huisregels.json"
    path.write_text(json.dumps({
        "preset": "amerikaans", "schedule": ["set 5", "run 3 + run 3", "points 40", "all"],
        "set_max": 4, "rounds": 6, "packs": 1, "jokers": 2, "upcard": False,
        "upcard_offer": True, "buying": {"extra": 2, "min_players": 3}, "draws": 3,
        "turbo": True, "money": {"per_buy": 5, "per_point": 1}, "max_reshuffles": 2,
        "max_turns": 300, "all_at_once_bonus": 25, "eliminate_at": 200,
        "freed_joker": "hand", "take_discard": "if-used", "stock_empty": "turn-over",
        "set_joker_fixed": False, "joker_gap": 0, "set_distinct_suits": True,
        "penalty": {"A": 1, "*-before-out": 10}}), encoding="utf-8")
    text = _rules_nl("--check", str(path)).replace(str(path), "huisregels.json")
    assert "ronde 1 vraagt een set van 5" in text and "€ 0,05 per koop" in text
    assert rules_problems(text) == []


# --- no English and Dutch side by side in code ------------------------------------------

# The calls that once took an English and a Dutch sentence side by side; each now takes a
# key of the catalogue and values.
PAIRED_CALLS = {"Sentence", "RecordError", "RulesError", "StoreError", "ApiError", "refusal",
                "_bad", "say", "ScoreError", "ClubError", "TypedError", "ResumeError",
                "DealError", "Reason", "_Refusal", "fail", "Problem", "Words"}
# Nothing left to move (the command line's help is the catalogue's cli_help_* now).
NOT_YET: set[str] = set()


def _sentence(node: ast.expr) -> bool:
    """A text a player reads: a string with a space, an f-string, or a sum of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return " " in node.value.strip()
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    return False


def _worded_in(node: ast.expr) -> str | None:
    """The language a call words its text in (``t(key, "nl")``, ``exc.text("en")``)."""
    if isinstance(node, ast.Call):
        for arg in node.args:
            if isinstance(arg, ast.Constant) and arg.value in ("en", "nl"):
                return str(arg.value)
    return None


def _text(node: ast.expr | None) -> bool:
    """A written text or word (a key's one letter, as words/keys.py binds them, is none)."""
    return node is not None and (_sentence(node) or isinstance(node, ast.Dict) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 1))


def side_by_side(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Where ``tree`` words a text in English and Dutch side by side:

    - a call of PAIRED_CALLS with two sentences among its arguments (``RecordError(en, nl)``,
      ``ApiError(status, key, en, nl)``, ``say(lang, en, nl)``, ``refusal(key, en, nl)``)
      or with a text worded in each language (``ApiError(409, key, t(k, "en"), t(k, "nl"))``,
      ``exc.text("en"), exc.text("nl")``), or any call with ``en=`` and ``nl=`` sentences;
    - a dict with the keys "en" and "nl" whose values are written texts (``{"en": "...",
      "nl": "..."}``), a dict of (English, Dutch) pairs (``TEMPLATES``), or a dict keyed by
      English sentences with Dutch ones as values (the old ``help_nl.NL``);
    - ``a if lang == "nl" else b`` with two sentences;
    - a function that takes ``en`` and ``nl`` (or ``english`` and ``dutch``).
    """
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            paired = [a for a in node.args if _sentence(a)]
            worded = {_worded_in(a) for a in node.args}
            named = {k.arg for k in node.keywords if k.arg in ("en", "nl") and _sentence(k.value)}
            if (name in PAIRED_CALLS and (len(paired) >= 2 or {"en", "nl"} <= worded)) \
                    or named == {"en", "nl"}:
                yield line, f"{name}(English, Dutch)"
        elif isinstance(node, ast.Dict):
            keyed = {k.value: v for k, v in zip(node.keys, node.values, strict=True)
                     if isinstance(k, ast.Constant)}
            if _text(keyed.get("en")) and _text(keyed.get("nl")):
                yield line, '{"en": ..., "nl": ...}'
            if any(isinstance(v, ast.Tuple) and len(v.elts) == 2 and all(map(_sentence, v.elts))
                   for v in node.values):
                yield line, "{key: (English, Dutch)}"
            if sum(1 for k, v in zip(node.keys, node.values, strict=True)
                   if k is not None and _sentence(k) and _sentence(v)) >= 3:
                yield line, "{English: Dutch}"
        elif isinstance(node, ast.IfExp):
            if _sentence(node.body) and _sentence(node.orelse) and "nl" in ast.unparse(node.test):
                yield line, "Dutch if nl else English"
        elif isinstance(node, ast.FunctionDef):
            names = {a.arg for a in node.args.args}
            if {"en", "nl"} <= names or {"english", "dutch"} <= names:
                yield line, f"def {node.name}(en, nl)"


def test_the_checker_finds_the_old_patterns() -> None:
    old = '''
raise RecordError("a record is a JSON object", "een partijverslag is een JSON-object")
raise ApiError(404, "no_room", "no such room", "die tafel bestaat niet")
fail(say(lang, "give --matches", "geef --matches"))
BAD = {"key": "host", "text": {"en": "not that name", "nl": "niet die naam"}}
TEMPLATES = {"match_over": ("the match is over", "het potje is afgelopen")}
NL = {"Print the result.": "Geef de uitkomst.", "Play a match.": "Speel een potje.",
      "The seed.": "Het spelnummer."}
word = f"{n} kaarten" if lang == "nl" else f"{n} cards"
def say(lang, en, nl): ...
raise ApiError(409, "not_playing", t("not_playing", "en"), t("not_playing", "nl"))
raise ApiError(422, "seats", exc.text("en"), exc.text("nl"))
'''
    assert len(list(side_by_side(ast.parse(old)))) == 10
    new = '''
raise RecordError("record_object")
raise ApiError(404, "no_room")
text = {lang: t("pot", lang, cents=5) for lang in ("en", "nl")}
'''
    assert list(side_by_side(ast.parse(new))) == []


def test_no_english_and_dutch_side_by_side_in_src() -> None:
    found = [f"{path.relative_to(SRC)}:{line}: {what}"
             for path in sorted(SRC.rglob("*.py"))
             if path.relative_to(SRC).as_posix() not in NOT_YET
             for line, what in side_by_side(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []
