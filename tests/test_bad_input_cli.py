"""Bad input at every command, as people type it: one sentence on standard error (Dutch with
``--lang nl``, English without), exit status 2, never a traceback, and the user's files as
they were (every file in the folder compared byte for byte, and nothing new made).

Each case runs ``python -m jokeren`` in a process of its own with the package under test
(``jokeren.__file__``'s tree: the sources, or the installed wheel once the suite imports
that), so what is checked is what a user's shell runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

import jokeren
from jokeren.rules.house import Rules

KEYS = sorted((f.name for f in fields(Rules)), key=len, reverse=True)
TREE = str(Path(jokeren.__file__).parents[1])
RECORD = {"format": "jokeren-record/1", "rules": "jokeren", "players": ["Ann", "Bob", "Cas"],
          "seed": 3, "rounds": [{"moves": ["Ann: draw"]}]}
PLAYERS8 = "Ann,Bob,Cas,Dirk,Eva,Fien,Gijs,Hans"

# (id, the command line). Names in braces are files of the folder each case runs in (made
# by ``folder`` below); {tmp} is that folder.
CASES: list[tuple[str, list[str]]] = [
    # replay
    ("replay-missing", ["replay", "{tmp}/nergens.json"]),
    ("replay-not-json", ["replay", "{broken}"]),
    ("replay-not-a-record", ["replay", "{other}"]),
    ("replay-a-list", ["replay", "{list}"]),
    ("replay-binary", ["replay", "{binary}"]),
    ("replay-a-folder", ["replay", "{tmp}/map"]),
    ("replay-no-rounds", ["replay", "{no_rounds}"]),
    ("replay-bad-card", ["replay", "{bad_card}"]),
    ("replay-unknown-preset", ["replay", "{bad_preset}"]),
    ("replay-upcard-not-used", ["replay", "{upcard}"]),
    ("replay-json-not-a-record", ["replay", "--json", "{other}"]),
    ("replay-huge-number", ["replay", "{huge_number}"]),
    ("replay-huge-meld-number", ["replay", "{huge_meld}"]),
    # rules
    ("rules-unknown-preset", ["rules", "amerikans"]),
    ("rules-inline-bad-value", ["rules", '{"preset": "amerikaans", "packs": "x"}']),
    ("rules-inline-not-json", ["rules", '{"preset": ']),
    ("rules-missing-file", ["rules", "{tmp}/huis.toml"]),
    ("rules-option-typo", ["rules", "--jsn"]),
    # rules --check
    ("check-missing", ["rules", "--check", "{tmp}/huis.toml"]),
    ("check-toml-syntax", ["rules", "--check", "{toml_syntax}"]),
    ("check-unknown-key", ["rules", "--check", "{unknown_key}"]),
    ("check-bad-value", ["rules", "--check", "{bad_value}"]),
    ("check-contradiction", ["rules", "--check", "{contradiction}"]),
    ("check-a-folder", ["rules", "--check", "{tmp}/map"]),
    ("check-binary", ["rules", "--check", "{binary_toml}"]),
    ("check-huge-number", ["rules", "--check", "{huge_number_toml}"]),
    # play: everything refused before a screen opens
    ("play-unknown-preset", ["play", "--rules", "foo"]),
    ("play-bad-house-file", ["play", "--rules", "{unknown_key}"]),
    ("play-players", ["play", "--players", "1", "--no-setup"]),
    ("play-players-not-a-number", ["play", "--players", "drie"]),
    ("play-humans-huge-count", ["play", "--humans", "99999999", "--no-setup"]),
    ("play-bots", ["play", "--bots", "sterkst", "--no-setup"]),
    ("play-humans", ["play", "--humans", "5", "--players", "3", "--no-setup"]),
    ("play-save-exists", ["play", "--save", "{record}", "--no-setup"]),
    ("play-save-no-folder", ["play", "--save", "{tmp}/geen/map.json", "--no-setup"]),
    ("play-resume-missing", ["play", "--resume", "{tmp}/nergens.json"]),
    ("play-resume-not-a-record", ["play", "--resume", "{other}"]),
    ("play-resume-broken", ["play", "--resume", "{broken}"]),
    # simulate
    ("simulate-unknown-preset", ["simulate", "--rules", "foo"]),
    ("simulate-players", ["simulate", "--players", "1"]),
    ("simulate-matches", ["simulate", "--matches", "0"]),
    ("simulate-both", ["simulate", "--matches", "1", "--rounds", "1"]),
    ("simulate-bots", ["simulate", "--bots", "sterkst", "--matches", "1"]),
    ("simulate-workers", ["simulate", "--workers", "0"]),
    ("simulate-save-is-a-file", ["simulate", "--matches", "1", "--save", "{record}"]),
    ("simulate-seed", ["simulate", "--seed", "x"]),
    ("simulate-max-turns", ["simulate", "--max-turns", "0", "--matches", "1"]),
    # serve
    ("serve-db-scheme", ["serve", "--db", "foo://bar"]),
    ("serve-db-not-a-url", ["serve", "--db", "::nonsense"]),
    ("serve-db-no-folder", ["serve", "--db", "sqlite:///{tmp}/geen/map/j.db"]),
    ("serve-port-0", ["serve", "--port", "0"]),
    ("serve-port-high", ["serve", "--port", "70000"]),
    ("serve-port-word", ["serve", "--port", "x"]),
    ("serve-bot-delay", ["serve", "--bot-delay", "-1"]),
    # score
    ("score-new-exists", ["score", "new", "{card}", "--players", "Ann,Bob"]),
    ("score-new-one-player", ["score", "new", "{tmp}/nieuw.json", "--players", "Ann"]),
    ("score-new-preset", ["score", "new", "{tmp}/nieuw.json", "--players", "Ann,Bob",
                          "--rules", "foo"]),
    ("score-new-odd-name", ["score", "new", "{tmp}/nieuw.json", "--players", "Ann,B\x01ob"]),
    ("score-new-no-folder", ["score", "new", "{tmp}/geen/kaart.json", "--players",
                             "Ann,Bob"]),
    ("score-round-missing", ["score", "round", "{tmp}/nergens.json", "--out", "Ann"]),
    ("score-round-broken", ["score", "round", "{broken}", "--out", "Ann"]),
    ("score-round-unknown-player", ["score", "round", "{card}", "--out", "Dirk", "--left",
                                    "Bob=3", "--left", "Cas=4"]),
    ("score-round-bad-card", ["score", "round", "{card}", "--out", "Ann", "--left",
                              "Bob=7x", "--left", "Cas=4"]),
    # digits int() does not read: another script's, a double sign, thousands of them
    ("score-round-left-superscript", ["score", "round", "{card}", "--out", "Ann", "--left",
                                      "Bob=\u00b2", "--left", "Cas=4"]),
    ("score-round-left-two-signs", ["score", "round", "{card}", "--out", "Ann", "--left",
                                    "Bob=--5", "--left", "Cas=4"]),
    ("score-round-left-huge", ["score", "round", "{card}", "--out", "Ann", "--left",
                               "Bob=" + "9" * 5000, "--left", "Cas=4"]),
    ("score-round-buy-superscript", ["score", "round", "{card}", "--out", "Ann", "--left",
                                     "Bob=10", "--left", "Cas=5", "--buy", "Bob=\u00b2"]),
    ("score-round-buy-huge", ["score", "round", "{card}", "--out", "Ann", "--left",
                              "Bob=10", "--left", "Cas=5", "--buy", "Bob=999999999"]),
    ("score-round-left-missing", ["score", "round", "{card}", "--out", "Ann", "--left",
                                  "Bob=3"]),
    ("score-round-no-out", ["score", "round", "{card}", "--left", "Bob=3"]),
    ("score-round-a-record", ["score", "round", "{record}", "--out", "Ann"]),
    ("score-undo-empty", ["score", "undo", "{empty_card}"]),
    ("score-undo-broken", ["score", "undo", "{broken}"]),
    ("score-show-missing", ["score", "show", "{tmp}/nergens.json"]),
    ("score-show-binary", ["score", "show", "{binary}"]),
    ("score-export-kind", ["score", "export", "{card}", "{tmp}/kaart.doc"]),
    ("score-export-no-folder", ["score", "export", "{card}", "{tmp}/geen/kaart.csv"]),
    ("score-export-broken", ["score", "export", "{broken}", "{tmp}/kaart.csv"]),
    ("score-export-exists", ["score", "export", "{card}", "{mine_csv}"]),
    ("score-from-record-broken", ["score", "from-record", "{broken}", "{tmp}/kaart2.json"]),
    ("score-from-record-exists", ["score", "from-record", "{record}", "{card}"]),
    ("score-from-record-upcard", ["score", "from-record", "{upcard}", "{tmp}/kaart2.json"]),
    # club
    ("club-new-five", ["club", "new", "{tmp}/avond.json", "--players", "A,B,C,D,E"]),
    ("club-new-too-many", ["club", "new", "{tmp}/avond.json", "--players",
                           ",".join(f"P{i}" for i in range(3000))]),
    ("club-new-exists", ["club", "new", "{club}", "--players", PLAYERS8]),
    ("club-new-rounds", ["club", "new", "{tmp}/avond.json", "--players", PLAYERS8,
                         "--rounds", "0"]),
    ("club-new-twice", ["club", "new", "{tmp}/avond.json", "--players",
                        "Ann,Ann,Bob,Cas,Dirk,Eva"]),
    ("club-add-known", ["club", "add", "{club}", "Ann"]),
    ("club-add-odd-name", ["club", "add", "{club}", "I\u202evo"]),
    ("club-add-missing", ["club", "add", "{tmp}/nergens.json", "Ivo"]),
    ("club-draw-absent-unknown", ["club", "draw", "{club}", "--absent", "Zorro"]),
    ("club-draw-broken", ["club", "draw", "{broken}"]),
    ("club-draw-a-card", ["club", "draw", "{card}"]),
    ("club-enter-table", ["club", "enter", "{club}", "--round", "1", "--table", "9",
                          "--game", "0 1 2 3"]),
    ("club-enter-round", ["club", "enter", "{club}", "--round", "5", "--table", "1",
                          "--game", "0 1 2 3"]),
    ("club-enter-points", ["club", "enter", "{club}", "--round", "1", "--table", "1",
                           "--game", "0 x 2 3"]),
    ("club-enter-superscript", ["club", "enter", "{club}", "--round", "1", "--table", "1",
                                "--game", "0 \u00b2 2 3"]),
    ("club-enter-count", ["club", "enter", "{club}", "--round", "1", "--table", "1",
                          "--game", "0 1"]),
    ("club-show-binary", ["club", "show", "{binary}"]),
    ("club-forms-kind", ["club", "forms", "{club}", "{tmp}/formulieren.doc"]),
    ("club-standings-kind", ["club", "standings", "{club}", "{tmp}/stand.txt"]),
    ("club-season-missing", ["club", "season", "{club}", "{tmp}/nergens.json"]),
    ("club-season-plots-file", ["club", "season", "{club}", "--plots", "{record}"]),
    ("club-season-to-kind", ["club", "season", "{club}", "--to", "{tmp}/seizoen.doc"]),
    ("club-season-best-zero", ["club", "season", "{club}", "--best", "0"]),
    ("club-season-minimum-zero", ["club", "season", "{club}", "--minimum", "0"]),
    ("club-seating-kind", ["club", "seating", "{club}", "{tmp}/tafels.doc"]),
    ("club-seating-round", ["club", "seating", "{club}", "{tmp}/tafels.pdf", "--round", "9"]),
    ("club-seating-broken", ["club", "seating", "{broken}", "{tmp}/tafels.pdf"]),
    # an export never overwrites a file without --force (the user's own, here)
    ("club-forms-exists", ["club", "forms", "{club}", "{mine_pdf}"]),
    ("club-seating-exists", ["club", "seating", "{club}", "{mine_pdf}"]),
    ("club-standings-exists", ["club", "standings", "{club}", "{mine_csv}"]),
    ("club-season-to-exists", ["club", "season", "{club}", "--to", "{mine_pdf}"]),
    ("club-rename-unknown", ["club", "rename", "{club}", "Zorro", "Zorra"]),
    ("club-rename-odd-name", ["club", "rename", "{club}", "Ann", "An\tn"]),
    ("club-rename-taken", ["club", "rename", "{club}", "Ann", "Bob"]),
    ("club-rename-missing", ["club", "rename", "{tmp}/nergens.json", "Ann", "Anna"]),
]

# English words a Dutch sentence does not need (what the user typed is quoted, and left out).
ENGLISH = {"the", "and", "not", "must", "cannot", "file", "folder", "unknown", "player",
           "players", "round", "rounds", "missing", "invalid", "value", "error", "such",
           "should", "does", "exist", "expected", "with", "from", "only", "card", "cards",
           "usage", "try", "option", "command", "directory", "permission", "denied", "no"}


def _run(args: list[str], lang: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": TREE, "JOKEREN_LANG": "en", "LANG": "C.UTF-8",
           "COLUMNS": "100", "NO_COLOR": "1"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    env.pop("LANGUAGE", None)
    return subprocess.run([sys.executable, "-m", "jokeren", *args,
                           *(["--lang", lang] if lang else [])],
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the cases use, made once (a score card and a club evening by the commands
    themselves); each case gets its own copy."""
    base = tmp_path_factory.mktemp("files")
    (base / "map").mkdir()
    files = {
        "record.json": json.dumps(RECORD),
        "broken.json": "{not json",
        "other.json": json.dumps({"hello": "world"}),
        "list.json": "[1, 2, 3]",
        "no_rounds.json": json.dumps({k: v for k, v in RECORD.items() if k != "rounds"}),
        "bad_card.json": json.dumps(dict(RECORD, rounds=[{"moves": ["Ann: discard 7x"]}])),
        "bad_preset.json": json.dumps(dict(RECORD, rules="klaverjas")),
        "upcard.json": json.dumps(dict(RECORD, rounds=[{"upcard": "Kd", "moves": []}])),
        "toml_syntax.toml": 'preset = "amerikaans"\npacks = = 2\n',
        "unknown_key.toml": 'preset = "amerikaans"\nkleur = 1\n',
        "bad_value.toml": 'preset = "amerikaans"\npacks = -1\n',
        "contradiction.toml": 'preset = "amerikaans-40"\nset_max = 4\nschedule = ["set 5"]\n',
        # more digits than Python turns into an int (sys.int_info.default_max_str_digits)
        "huge_number.json": json.dumps(dict(RECORD, seed=0)).replace('"seed": 0',
                                                                     '"seed": ' + "9" * 5000),
        "huge_meld.json": json.dumps(dict(RECORD, rounds=[{"moves": [
            "Ann: lay " + "9" * 5000 + " 8h"]}])),
        "huge_number_toml.toml": 'preset = "amerikaans"\npacks = ' + "9" * 5000 + "\n",
    }
    for name, text in files.items():
        (base / name).write_text(text, encoding="utf-8")
    (base / "binary.json").write_bytes(b"\xff\xfe\x00\x81garbage\x00")
    (base / "mine_csv.csv").write_text("my own sums\n", encoding="utf-8")
    (base / "mine_pdf.pdf").write_bytes(b"%PDF-1.4 my own letter")
    (base / "binary_toml.toml").write_bytes(b"\xff\xfe\x00\x81garbage\x00")
    for args in (["score", "new", str(base / "card.json"), "--players", "Ann,Bob,Cas"],
                 ["score", "round", str(base / "card.json"), "--out", "Ann", "--left",
                  "Bob=10", "--left", "Cas=5"],
                 ["score", "new", str(base / "empty_card.json"), "--players", "Ann,Bob"],
                 ["club", "new", str(base / "club.json"), "--players", PLAYERS8]):
        done = _run(args, None)
        assert done.returncode == 0, (args, done.stderr)
    return base


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
            for p in sorted(folder.rglob("*"))}


def sentence(stderr: str) -> str:
    """The one sentence of ``stderr``: the program's own line (``jokeren: ...``), or the text
    in the box of Click's error panel (the usage line above it is not a sentence)."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    if lines and lines[0].startswith("jokeren: "):
        assert len(lines) == 1, stderr
        return lines[0].removeprefix("jokeren: ")
    boxed = [line.strip("│ ").strip() for line in lines if line.startswith("│")]
    assert boxed, stderr
    return " ".join(boxed)


def english_words(text: str) -> list[str]:
    """English words in a Dutch sentence, leaving out what is typed as it is: quoted text,
    paths, options and the keys of a house-rules file."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|(?:/[\w.-]+)+|--[\w-]+", "", text)
    text = re.sub(r"\b(?:" + "|".join(KEYS) + r")\b", "", text)
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH]


@pytest.mark.parametrize(("args",), [(a,) for _, a in CASES], ids=[n for n, _ in CASES])
def test_bad_input_gets_one_sentence_and_exit_2(args: list[str], made: Path,
                                                tmp_path: Path) -> None:
    folder = tmp_path / "f"
    shutil.copytree(made, folder)
    names = {p.stem: str(p) for p in folder.iterdir()}
    line = [a.format(tmp=folder, **names) if "{" in a and not a.startswith("{\"")
            and "preset" not in a else a for a in args]
    before = _snapshot(folder)
    said = {}
    for lang in (None, "nl"):
        done = _run(line, lang)
        out = done.stdout + done.stderr
        assert "Traceback" not in out, (line, lang, out)
        assert done.returncode == 2, (line, lang, done.returncode, out)
        said[lang] = sentence(done.stderr)
        assert len(said[lang]) > 10, (line, lang, done.stderr)
        assert _snapshot(folder) == before, (line, lang, "files changed")
    assert said[None] != said["nl"], said
    assert english_words(said["nl"]) == [], said["nl"]
