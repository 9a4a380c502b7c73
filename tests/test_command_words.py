"""What a club organiser and a family meet on the command line: one word for a game record
("verslag"), an empty file said to be empty, a refusal about a file's field said of the
file (never a program word or a command-line flag), a table as wide as the terminal with
no word cut, a name that fits two players said as such, and paths checked before anything
is printed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.club.clubfile import to_json
from jokeren.club.evening import Evening, Form, draw_next, enter_form, new_evening
from jokeren.support.messages import catalogue

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
RECORD = {"format": "jokeren-record/1", "rules": "jokeren", "players": ["Ann", "Bob", "Cas"],
          "seed": 3, "rounds": [{"moves": ["Ann: draw"]}]}
MEMBERS = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Eva", "Frans", "Gerda", "Henk", "Ineke",
           "Jan", "Karin", "Lies"]


def jokeren(*args: str, columns: int | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args),
                           env={"COLUMNS": str(columns)} if columns is not None else None)
    return result.exit_code, result.stdout, result.stderr


def _dutch_texts() -> list[tuple[str, str]]:
    out = []
    for key, entry in catalogue().items():
        nl = entry["nl"]
        out += [(key, text) for text in (nl.values() if isinstance(nl, dict) else [nl])]
    return out


# --- 1. "verslag": one word for a game record -------------------------------------------

def test_a_game_record_is_a_verslag_in_dutch_never_a_partijverslag() -> None:
    """The glossary keeps "partij" for one game at a club table; a record is of a match
    (potje). The catalogue said "partijverslag" 13 times, the README "spelverslagen", while
    the browser said "Download het potje (verslag)"."""
    said = [key for key, text in _dutch_texts()
            if re.search(r"(partij|spel)verslag", text, re.IGNORECASE)]
    assert said == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    dutch = readme[readme.index("*Nederlands:*"):].split("\n\n")[0]
    assert "spelverslag" not in dutch and "verslagen van potjes" in dutch
    code, out, _ = jokeren("replay", "--help", "--lang", "nl")
    assert code == 0 and "verslag van een potje" in out and "partij" not in out
    code, out, _ = jokeren("simulate", "--help", "--lang", "nl")  # its report is no verslag
    assert code == 0 and "Geef het verslag als JSON" not in out


def test_a_record_is_a_match_record_in_english_never_a_game_record() -> None:
    """The glossary's English "game" is one game at a club table (partij); a record is of
    a match (potje): "match record", as the Dutch says "verslag van een potje". The help,
    the errors and the replay page said "game record"."""
    said = [key for key, entry in catalogue().items()
            for text in (entry["en"].values() if isinstance(entry["en"], dict)
                         else [entry["en"]])
            if re.search(r"\bgame ?records?\b", text, re.IGNORECASE)]
    assert said == []
    for args in (["--help"], ["replay", "--help"], ["score", "--help"],
                 ["score", "from-record", "--help"], ["play", "--help"],
                 ["simulate", "--help"]):
        code, out, _ = jokeren(*args, "--lang", "en", columns=200) if args != ["--help"] \
            else jokeren(*args, columns=200)
        assert code == 0 and not re.search(r"game ?record", out, re.IGNORECASE), (args, out)
    code, out, _ = jokeren("replay", "--help", "--lang", "en", columns=200)
    assert "Play a match record through the rules" in out


# --- 2. an empty file ---------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"", b"\n  \n", b"\xef\xbb\xbf"],
                         ids=["empty", "blank-lines", "byte-order-mark"])
@pytest.mark.parametrize("command", [
    ["replay", "{file}"], ["replay", "{file}", "--json"], ["score", "show", "{file}"],
    ["score", "round", "{file}", "--out", "Ann"], ["score", "from-record", "{file}", "{new}"],
    ["club", "show", "{file}"], ["club", "draw", "{file}"], ["club", "season", "{file}"],
    ["simulate", "--rules", "{file}"], ["rules", "--check", "{file}"],
], ids=lambda c: " ".join(c[:2]))
def test_an_empty_file_is_said_to_be_empty(tmp_path: Path, command: list[str],
                                           content: bytes) -> None:
    """It said "is not valid JSON (error on line 1)" (a file of new lines: "line 3")."""
    file = tmp_path / "leeg.json"
    file.write_bytes(content)
    line = [a.format(file=file, new=tmp_path / "kaart.json") for a in command]
    for lang, said in (("nl", "het bestand is leeg"), ("en", "the file is empty")):
        code, _, err = jokeren(*line, "--lang", lang)
        assert code == 2 and err.strip() == f"jokeren: {file}: {said}", err
    assert file.read_bytes() == content and not (tmp_path / "kaart.json").exists()


def test_an_empty_house_rules_toml_file_is_still_rules_that_change_nothing(
        tmp_path: Path) -> None:
    file = tmp_path / "huis.toml"
    file.write_text("", encoding="utf-8")
    code, out, _ = jokeren("rules", "--check", str(file), "--lang", "nl")
    assert code == 0 and "0 regels anders" in out


# --- 3. a file's field said as the file's, in a person's words ---------------------------

# The keys of the files a person may mend by hand (records, score cards, club evenings).
FILE_KEYS = {"format", "rules", "players", "seed", "rounds", "hands", "moves", "dealer",
             "upcard", "stock", "draw", "forms", "round", "table", "games", "stock_out",
             "totals", "missed", "threes", "title", "date", "out", "left", "buys",
             "not_come_out", "all_at_once", "comment"}


@pytest.mark.parametrize(("key", "text"), [
    (k, t) for k, t in _dutch_texts() if k.startswith(("error_record_", "club_err_",
                                                       "score_err_"))])
def test_a_refusal_naming_a_files_field_says_it_is_the_files(key: str, text: str) -> None:
    """"'seed' is een heel getal" named the program's key as if it were a word; now "het
    spelnummer ('seed' in het bestand) moet een heel getal zijn". No sentence about a
    file leans on "sleutel" or "object" either."""
    quoted = set(re.findall(r"['\"]([a-z_]+)['\"]", text)) & FILE_KEYS
    assert not quoted or "bestand" in text or "scorekaart" in text, (key, text)
    assert not re.search(r"\bsleutels?\b|\bobject\b|JSON", text), (key, text)


@pytest.mark.parametrize(("record", "nl", "en"), [
    (dict(RECORD, seed="x"), "het spelnummer ('seed' in het bestand) moet een heel getal zijn",
     "the deal number ('seed' in the file) must be a whole number"),
    ([1, 2], "dit is geen verslag van een potje", "this is not a match record"),
    (dict(RECORD, rules="klaverjas"), "de spelregels ('rules' in het bestand): onbekende "
     "spelvorm 'klaverjas'", "the rules ('rules' in the file): unknown preset 'klaverjas'"),
])
def test_a_bad_record_is_said_in_a_persons_words(tmp_path: Path, record: object, nl: str,
                                                 en: str) -> None:
    file = tmp_path / "potje.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    for lang, said in (("nl", nl), ("en", en)):
        code, _, err = jokeren("replay", str(file), "--lang", lang)
        assert code == 2 and err.strip().startswith(f"jokeren: {file}: {said}"), err


def test_a_bad_choice_in_a_club_file_is_the_files_not_a_flags(tmp_path: Path) -> None:
    """A "missed" the club file does not know was said as "--gemist is gemiddelde, ...": a
    flag of the command line, where the problem is in the file."""
    file = tmp_path / "avond.json"
    obj = json.loads(to_json(draw_next(new_evening(MEMBERS[:6], seed=1))))
    file.write_text(json.dumps(dict(obj, missed="nooit")), encoding="utf-8")
    code, _, err = jokeren("club", "show", str(file), "--lang", "nl")
    assert code == 2 and "--" not in err and err.strip() == (
        f"jokeren: {file}: hoe een gemiste ronde telt (\"missed\" in het bestand) is "
        "\"average\" (het gemiddelde), \"highest\" (het hoogste totaal) of \"per-game\" (per "
        "partij), niet 'nooit'")
    file.write_text(json.dumps(dict(obj, threes="dubbel")), encoding="utf-8")
    code, _, err = jokeren("club", "show", str(file), "--lang", "en")
    assert code == 2 and "--" not in err and "(\"threes\" in the file)" in err
    # the command line's own choices are still said as its flags
    code, _, err = jokeren("club", "new", str(tmp_path / "nieuw.json"), "--spelers",
                           ",".join(MEMBERS[:6]), "--gemist", "nooit", "--lang", "nl")
    assert code == 2 and "--gemist is gemiddelde, hoogste of per-partij" in err


@pytest.mark.parametrize("command", [
    ["club", "show"], ["club", "new"], ["club", "enter"], ["score", "show"], ["replay"],
    ["score", "from-record"]])
def test_the_dutch_help_names_the_file_in_words(command: list[str]) -> None:
    """"Het bestand van de clubavond (JSON, jokeren-club/1)": a format's program name."""
    code, out, _ = jokeren(*command, "--help", "--lang", "nl")
    assert code == 0 and "jokeren-club" not in out and "jokeren-score" not in out
    assert "jokeren-record" not in out and "(JSON" not in out


# --- 4. club show as wide as the terminal ----------------------------------------------

def _full_evening(tmp_path: Path, rounds: int = 7) -> Path:
    rng = random.Random(4)
    ev: Evening = new_evening(MEMBERS, rounds=rounds, seed=12, title="Clubavond 2 december",
                              date="2026-12-02")
    for r in range(1, rounds + 1):
        ev = draw_next(ev)
        for k, seats in enumerate(ev.draws[-1], 1):
            games = []
            for _ in range(ev.games):
                points = [rng.randint(1, 30) * 5 for _ in seats]
                points[rng.randrange(len(seats))] = 0
                games.append(tuple(points))
            ev = enter_form(ev, r, k, Form(tuple(games)))
    file = tmp_path / "avond.json"
    file.write_text(to_json(ev), encoding="utf-8")
    return file


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_club_show_fits_the_terminal_and_cuts_no_word(tmp_path: Path, columns: int,
                                                      lang: str) -> None:
    """The standings of 7 rounds were drawn 120 wide whatever COLUMNS said, with "Strafp…",
    "Partij…" and "Gewonn…" as headers. Now every line fits the terminal, no header or
    cell is cut, and a table too wide for it comes in parts that each name the players."""
    file = _full_evening(tmp_path)
    code, out, err = jokeren("club", "show", str(file), "--lang", lang, columns=columns)
    assert code == 0, err
    table = out[out.index("┏"):]
    assert max(len(line) for line in table.splitlines()) <= columns, table
    assert "…" not in out
    words = ["Plaats", "Speler", "Strafpunten", "Partijen", "Gemist", "Gewonnen", "Beste",
             "ronde", "Per", "partij", "R7"] if lang == "nl" else [
             "Place", "Player", "Penalty", "points", "Games", "Missed", "Won", "Best",
             "round", "Per", "game", "R7"]
    cells = {cell.strip() for line in table.splitlines() for cell in re.split(r"[┃│]", line)}
    assert set(words) <= {w for cell in cells for w in cell.split()}, cells
    parts = table.count("┏")
    for name in MEMBERS:  # every part names every player
        assert sum(1 for line in table.splitlines()
                   if re.search(rf"│ ?{name} *│", line)) == parts, name
    if (columns, lang) == (80, "nl"):
        assert parts > 1  # "Strafpunten" and the others do not fit 80 beside 7 rounds
    code, wide, _ = jokeren("club", "show", str(file), "--lang", lang, columns=200)
    assert wide.count("┏") == 1


# --- 5. a beginning that fits two players ---------------------------------------------

def test_absent_e_with_els_and_eva_present_names_both(tmp_path: Path) -> None:
    """`--afwezig E` said "geen speler 'E'" though E begins two names."""
    file = tmp_path / "avond.json"
    assert jokeren("club", "new", str(file), "--players", ",".join(MEMBERS[:8]))[0] == 0
    kept = file.read_bytes()
    for lang, said in (("nl", "'E' kan Els of Eva zijn: geef meer letters van de naam"),
                       ("en", "'E' could be Els or Eva: give more of the name")):
        code, out, err = jokeren("club", "draw", str(file), "--afwezig", "E", "--lang", lang)
        assert code == 2 and err.strip() == f"jokeren: {said}" and out == ""
        assert file.read_bytes() == kept
    code, _, err = jokeren("club", "draw", str(file), "--absent", "Zorro", "--lang", "nl")
    assert code == 2 and err.strip() == \
        f"jokeren: geen speler 'Zorro'; spelers: {', '.join(MEMBERS[:8])}"
    code, out, err = jokeren("club", "draw", str(file), "--absent", "el", "--lang", "en")
    assert code == 0 and "Els" not in out.split("saved")[0], err


def test_a_score_card_name_that_fits_three_players_names_them_all(tmp_path: Path) -> None:
    card = tmp_path / "kaart.json"
    assert jokeren("score", "new", str(card), "--players", "Bea,Bob,Bram,Cor")[0] == 0
    code, _, err = jokeren("score", "round", str(card), "--uit", "b", "--lang", "nl")
    assert code == 2 and err.strip() == \
        "jokeren: 'b' kan Bea, Bob of Bram zijn: geef meer letters van de naam"


# --- 6. paths checked before anything is printed -------------------------------------

def test_season_plots_to_a_file_is_refused_before_the_standings_are_printed(
        tmp_path: Path) -> None:
    """`club season --grafieken FILE` printed the season's standings, then refused."""
    evening = _full_evening(tmp_path, rounds=2)
    picture = tmp_path / "plaatje.png"
    picture.write_bytes(b"mine")
    for lang, said in (("nl", f"{picture} is een bestand: geef bij --grafieken een map voor "
                              "de grafieken"),
                       ("en", f"{picture} is a file: give --plots a folder for the pictures")):
        code, out, err = jokeren("club", "season", str(evening), "--grafieken", str(picture),
                                 "--lang", lang)
        assert code == 2 and out == "" and err.strip() == f"jokeren: {said}"
    assert picture.read_bytes() == b"mine"
    code, out, err = jokeren("club", "season", str(evening), "--plots",
                             str(picture / "map"), "--lang", "en")
    assert code == 2 and out == "" and "part of the path is a file" in err
    folder = tmp_path / "plaatjes"
    (folder / "spread.png").mkdir(parents=True)
    code, out, err = jokeren("club", "season", str(evening), "--plots", str(folder),
                             "--lang", "en")
    assert code == 2 and out == "" and "that is a folder, not a file" in err
    assert not (folder / "games_won.png").exists()


def test_house_rules_from_a_pipe_are_read_once() -> None:
    """Review of 9201ebc: the empty check read the file, then the rules read it again, and
    a pipe (/dev/stdin) was empty the second time: valid rules refused as 'not JSON'."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "jokeren", "rules", "--check", "/dev/stdin",
                           "--lang", "en"], input='{"preset": "jokeren"}', capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "0 rules changed" in done.stdout, done.stderr


def test_a_hyphenated_or_wide_name_is_never_cut_in_a_narrow_table() -> None:
    """Review of 9201ebc: a narrowed column was measured with textwrap, which breaks at
    hyphens and counts characters, while the table wraps at spaces in terminal cells:
    'Ans Smit-Groothuis' came out 'Smit-Gro…', '王小明 李' cut too."""
    from jokeren.score.grids import Grid, to_text

    grid = Grid("Stand", ["Plaats", "Speler", "R1", "Strafpunten", "Partijen", "Gemist"],
                keep=2)
    for name in ("Ans Smit-Groothuis", "王小明 李", "Bert"):
        grid.add("-", name, None, 0, 0, 0)
    for width in (44, 50, 60):  # 41 is the least these columns take whole
        text = to_text(grid, width)
        assert "…" not in text and "Smit-Groothuis" in text and "王小明" in text, text


# --- 7. the Dutch a newcomer read aloud -------------------------------------------------

def test_the_sentences_a_newcomer_stumbled_on_read_as_dutch(tmp_path: Path) -> None:
    """Read aloud in Dutch: "kopen is een aantal van 0 of meer", "--matches en --rounds
    zijn een heel getal", "Vraag vóór uitgaan of een joker afleggen", "Speel elk spel
    één keer vanaf elke plaats" (a 'spel' is a pack of cards too), replay's and
    simulate's --lang without the default the others say; one record saved was named
    without its folder."""
    card = tmp_path / "kaart.json"
    assert jokeren("score", "new", str(card), "--spelers", "Ann,Bob", "--lang", "nl")[0] == 0
    code, _, err = jokeren("score", "round", str(card), "--uit", "Ann", "--over", "Bob=5",
                           "--koop", "Bob=x", "--lang", "nl")
    assert code == 2 and err.strip() == ("jokeren: schrijf het aantal gekochte kaarten als "
                                         "een getal, 0 of meer, zoals Bob=2"), err
    code, _, err = jokeren("simulate", "--matches", "0", "--lang", "nl")
    assert code == 2 and err.strip() == ("jokeren: --matches en --rounds moeten een heel "
                                         "getal van 1 tot en met 100000 zijn"), err
    said = {c: " ".join(jokeren(c, "--help", "--lang", "nl", columns=200)[1].split())
            for c in ("play", "simulate", "replay")}
    assert "Vraag het eerst voordat je uitgaat of een joker aflegt." in said["play"]
    assert "Speel dezelfde kaarten één keer vanaf elke plaats." in said["simulate"]
    for command in ("simulate", "replay"):
        assert "nl of en (anders de taal van de computer)" in said[command], said[command]
    code, out, err = jokeren("simulate", "--matches", "1", "--rules", "jokeren-7", "--save",
                             str(tmp_path / "potjes"), "--lang", "nl")
    assert code == 0, err
    assert f"Verslag van het potje opgeslagen in {tmp_path / 'potjes'}: potje-1.json" in out


# --- 8. --force in Dutch: --overschrijven -------------------------------------------------

def test_force_has_a_dutch_name_and_the_dutch_sentences_say_it(tmp_path: Path) -> None:
    """A Dutch player was told "kies een andere naam of geef --force": an English word on
    a Dutch line. --overschrijven (the help's "Overschrijf een bestand dat al bestaat")
    does it in Dutch, --force still in English and in every script that has it."""
    card = tmp_path / "kaart.json"
    assert jokeren("score", "new", str(card), "--spelers", "Ann,Bob", "--lang", "nl")[0] == 0
    code, _, err = jokeren("score", "new", str(card), "--spelers", "Oma,Opa", "--lang", "nl")
    assert code == 2 and err.strip() == (f"jokeren: {card} bestaat al: kies een andere naam "
                                         "of geef --overschrijven"), err
    code, _, err = jokeren("score", "new", str(card), "--spelers", "Oma,Opa",
                           "--overschrijven", "--lang", "nl")
    assert code == 0, err
    assert json.loads(card.read_text(encoding="utf-8"))["players"] == ["Oma", "Opa"]
    code, _, err = jokeren("score", "new", str(card), "--players", "Ann,Bob", "--force",
                           "--lang", "en")
    assert code == 0, err
    code, _, err = jokeren("score", "new", str(card), "--players", "Ann,Bob", "--lang", "en")
    assert code == 2 and "choose another name or give --force" in err, err
    out = tmp_path / "kaart.csv"
    out.write_text("van mij\n", encoding="utf-8")
    code, _, err = jokeren("score", "export", str(card), str(out), "--lang", "nl")
    assert code == 2 and "geef --overschrijven" in err and out.read_text() == "van mij\n"
    assert jokeren("score", "export", str(card), str(out), "--overschrijven", "--lang",
                   "nl")[0] == 0
    code, help_nl, _ = jokeren("score", "new", "--help", "--lang", "nl", columns=200)
    assert "--overschrijven" in help_nl and "Overschrijf een bestand" in help_nl
    code, _, err = jokeren("score", "new", str(card), "--spelers", "Ann,Bob", "--overschrijf",
                           "--lang", "nl")  # Click's "did you mean", in Dutch too
    assert code == 2 and "--overschrijven" in err and "--force" not in err, err


def test_no_dutch_sentence_names_an_option_by_its_english_name_only() -> None:
    """Every option with a Dutch name (its last: cli/dutch.py) is named so in Dutch: a
    Dutch sentence naming --force, --left or --out read as English to a Dutch player. An
    English name that some command takes without a Dutch one (simulate's --players) may
    be said as it is."""
    from jokeren.cli import command

    names: dict[str, list[tuple[str, ...]]] = {}

    def walk(cmd: object) -> None:
        for param in getattr(cmd, "params", []):
            if param.param_type_name == "option":
                for name in param.opts:
                    names.setdefault(name, []).append(tuple(param.opts))
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command())
    assert ("--force", "--overschrijven") in names["--force"]
    english = {name for name, opts in names.items()
               if all(len(o) > 1 and o[0] == name for o in opts)}
    found = [(key, flag) for key, text in _dutch_texts()
             for flag in re.findall(r"(?<![\w-])--[\w-]+", text) if flag in english]
    assert found == []
