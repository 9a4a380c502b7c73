"""The command line: exit codes, one clear sentence on bad input, never a traceback."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.cli.common import plain

runner = CliRunner()
EXAMPLES = Path(__file__).parent / "scenarios"
GOOD = {
    "format": "jokeren-record/1", "rules": "jokeren", "players": ["Ann", "Bob", "Cas"],
    "seed": 3, "rounds": [{"moves": ["Ann: draw"]}],
}


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, data: object, name: str = "r.json") -> str:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(p)


def test_replay_json_of_a_legal_record(tmp_path: Path) -> None:
    code, out, _ = run("replay", write(tmp_path, GOOD), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["ok"] is True and summary["rounds"] == [{"winner": None, "penalties": None}]
    assert summary["totals"] == {"Ann": 0, "Bob": 0, "Cas": 0} and summary["finished"] is False


def test_replay_stops_at_an_illegal_move(tmp_path: Path) -> None:
    data = dict(GOOD, rounds=[{"moves": ["Ann: draw", "Ann: lay 1 8h"]}])
    code, out, _ = run("replay", write(tmp_path, data), "--json")
    assert code == 1
    err = json.loads(out)["error"]
    assert err["round"] == 1 and err["move"] == 2 and err["text"] == "Ann: lay 1 8h"
    assert "not come out" in err["reason"] or "no table meld" in err["reason"]


@pytest.mark.parametrize(("data", "message"), [
    ("{not json", "not valid JSON"),
    (dict(GOOD, format="other/2"), "unknown record format"),
    (dict(GOOD, players="Ann"), "the players ('players' in the file) must be a list"),
    (dict(GOOD, rules="klaverjas"), "unknown preset 'klaverjas'"),
    (dict(GOOD, rules={"preset": "jokeren", "colour": 1}), "unknown rule key 'colour'"),
    (dict(GOOD, rounds=[{"moves": ["Dan: draw"]}]), "'Dan' is not a player"),
    (dict(GOOD, rounds=[{"moves": ["Ann: draw 7x"]}]), "takes nothing"),
    (dict(GOOD, rounds=[{"moves": ["Ann: discard 7x"]}]), "'7x' is not a card"),
    (dict(GOOD, rounds=[{"stock": "Ah Ah Ah", "moves": []}]), "copies of Ah"),
    (dict(GOOD, rounds=[{"hands": {"Ann": "7h"}, "moves": []}]), "leave out Bob"),
    (dict(GOOD, players=["Ann", "Bob"]), "3 to 4 players"),
    (dict(GOOD, rounds=[{"moves": []}, {"moves": []}]), "round 1 is not finished"),
])
def test_malformed_records_exit_2_with_one_sentence(tmp_path: Path, data: object,
                                                    message: str) -> None:
    code, out, err = run("replay", write(tmp_path, data), "--json")
    assert code == 2, out
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read" in err


def test_replay_text_in_dutch(tmp_path: Path) -> None:
    data = dict(GOOD, rounds=[{"moves": ["Ann: draw", "Ann: lay 1 8h"]}])
    code, out, _ = run("replay", write(tmp_path, data), "--lang", "nl")
    assert code == 1 and "mag niet" in out


def test_rules_lists_presets_and_prints_one() -> None:
    code, out, _ = run("rules", "--lang", "en")
    assert code == 0 and "jokeren-30" in out and "amerikaans-40" in out
    code, out, _ = run("rules", "jokeren", "--lang", "nl")
    assert code == 0 and "clubregels" in out and "minstens 2 kaarten tussen twee jokers" in out
    assert "joker_gap" not in out and "true" not in out  # issue 30, point 25: Dutch only
    code, out, _ = run("rules", "jokeren", "--lang", "en")
    assert code == 0 and "joker_gap" in out and "at least 2 cards between two jokers" in out
    code, out, _ = run("rules", "jokeren", "--json")
    assert json.loads(out)["joker_gap"] == 2


def test_rules_bad_preset_exits_2() -> None:
    code, _, err = run("rules", "klaverjas")
    assert code == 2 and "unknown preset" in err


def test_rules_check_points_at_contradictions(tmp_path: Path) -> None:
    path = write(tmp_path, 'preset = "amerikaans"\nset_max = 4\nschedule = ["set 5"]\n', "h.toml")
    code, out, err = run("rules", "--check", path, "--lang", "en")
    assert code == 2 and "set_max" in out
    assert err == f"jokeren: {path}: round 1 asks for a set of 5, but set_max is 4\n"
    path = write(tmp_path, 'preset = "amerikaans"\njoker_gap = 7\n', "bad.toml")
    code, _, err = run("rules", "--check", path)
    assert code == 2 and "joker_gap must be one of" in err


@pytest.mark.parametrize("command", [("rules", "--check"), ("simulate", "--rules"),
                                     ("replay",)])
def test_a_file_that_is_not_text_exits_2_with_one_sentence(tmp_path: Path,
                                                           command: tuple[str, ...]) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(b"\x00\xff\xfe rules")
    code, _, err = run(*command, str(path))
    assert code == 2 and "is not a text file" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_prints_score_sheets_and_saves_records(tmp_path: Path) -> None:
    code, out, _ = run("simulate", "--rules", "jokeren-7", "--players", "2", "--matches", "2",
                       "--seed", "4", "--save", str(tmp_path / "records"), "--lang", "en")
    assert code == 0
    assert out.count("Total") == 2 and "Match over. Winner:" in out
    saved = sorted((tmp_path / "records").glob("*.json"))
    assert len(saved) == 2
    code, out, _ = run("replay", str(saved[0]), "--json")
    assert code == 0 and json.loads(out)["finished"] is True


def test_simulate_bad_player_count_exits_2() -> None:
    code, _, err = run("simulate", "--rules", "jokeren", "--players", "2")
    assert code == 2 and "3 to 4 players" in err


def test_simulate_ends_rounds_at_max_turns(tmp_path: Path) -> None:
    code, _, _ = run("simulate", "--rules", "amerikaans", "--bots", "random,random",
                     "--matches", "1", "--seed", "2", "--max-turns", "3", "--save",
                     str(tmp_path))
    assert code == 0
    code, out, _ = run("replay", str(next(tmp_path.glob("*.json"))), "--json")
    rounds = json.loads(out)["rounds"]  # three turns: nobody can go out
    assert code == 0 and len(rounds) == 6 and all(r["winner"] is None for r in rounds)
    assert all(p > 0 for r in rounds for p in r["penalties"].values())
    for flag, value in (("--max-turns", "0"), ("--max-turns", "200000"),
                        ("--max-reshuffles", "-1")):  # a record with these would not replay
        code, _, err = run("simulate", "--rounds", "2", flag, value)
        assert code == 2 and f"{flag[2:].replace('-', '_')} must be a whole number" in err


def test_module_entry_point_runs_without_traceback() -> None:
    proc = subprocess.run([sys.executable, "-m", "jokeren", "replay", "/nonexistent.json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("rules", ["klaverjas", '{"preset": "jokeren", "colour": 1}'])
def test_play_refuses_bad_rules_before_opening_the_table(rules: str) -> None:
    code, _, err = run("play", "--rules", rules)
    assert code == 2 and ("unknown preset" in err or "unknown rule key" in err)


# --- issue 30, "The command line" ------------------------------------------------------------

DEEP = "[" * 1000 + "]" * 1000  # about 2 KB: Python's parsers recurse once per level


@pytest.mark.parametrize(("command", "name", "text"), [
    (("replay",), "r.json", DEEP),
    (("replay", "--json"), "r.json", json.dumps(dict(GOOD, comment="x")).replace('"x"', DEEP)),
    (("rules", "--check"), "h.json", DEEP),
    (("rules", "--check"), "h.toml", f"schedule = {DEEP}\n"),
    (("simulate", "--rules"), "h.toml", f"schedule = {DEEP}\n"),
    (("play", "--no-setup", "--rules"), "h.json", '{"buying": ' + DEEP + "}"),
], ids=["replay", "replay-json", "check-json", "check-toml", "simulate", "play"])
def test_deeply_nested_files_are_refused_in_one_sentence(
        tmp_path: Path, command: tuple[str, ...], name: str, text: str) -> None:
    """Issue 30, point 19: a RecursionError traceback before."""
    code, _, err = run(*command, write(tmp_path, text, name))
    assert code == 2 and "nests lists or objects more than 32 deep" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_inline_rules_nested_deeply_are_refused() -> None:
    code, _, err = run("simulate", "--rules", '{"buying": ' + DEEP + "}")
    assert code == 2 and "more than 32 deep" in err


@pytest.mark.parametrize("key", ["format", "rules", "players", "seed", "rounds"])
def test_a_record_without_a_required_key_is_malformed(tmp_path: Path, key: str) -> None:
    """Point 20: without "seed" a record got an illegal-move verdict, without "format" it
    was accepted."""
    data = {k: v for k, v in GOOD.items() if k != key}
    code, out, err = run("replay", write(tmp_path, data))
    assert code == 2 and f"the file has no '{key}': a match record needs" in err, (out, err)


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Point 21: Windows editors write a UTF-8 byte-order mark."""
    record = tmp_path / "bom.json"
    record.write_text(json.dumps(GOOD), encoding="utf-8-sig")
    assert run("replay", str(record), "--json")[0] == 0
    house = tmp_path / "bom.toml"
    house.write_text('preset = "jokeren"\nhand_size = 11\n', encoding="utf-8-sig")
    code, out, _ = run("rules", "--check", str(house), "--lang", "en")
    assert code == 0 and "11 cards a hand" in out
    house.write_text('{"preset": "jokeren"}', encoding="utf-8-sig")
    assert run("rules", "--check", str(house.rename(tmp_path / "bom.json")))[0] == 0


@pytest.mark.parametrize("value", ["true", "false"])
def test_joker_gap_is_a_number_not_yes_or_no(tmp_path: Path, value: str) -> None:
    """Point 22: true == 1 in Python, so ``joker_gap = true`` was taken as 1."""
    path = write(tmp_path, f"joker_gap = {value}\n", "h.toml")
    code, _, err = run("rules", "--check", path, "--lang", "en")
    assert code == 2 and f"joker_gap must be one of 0, 1, 2, not {value}" in err


def test_rules_json_without_a_preset_prints_every_preset() -> None:
    code, out, _ = run("rules", "--json")
    presets = json.loads(out)
    assert code == 0 and presets["jokeren"]["joker_gap"] == 2 and "amerikaans-40" in presets


def test_rules_check_gives_one_sentence_per_contradiction(tmp_path: Path) -> None:
    path = write(tmp_path, 'set_max = 4\nschedule = ["set 5", "run 15"]\nturbo = true\n'
                 "draws = 3\n", "h.toml")
    code, _, err = run("rules", "--check", path, "--lang", "en")
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 3
    assert all(line.startswith(f"jokeren: {path}: ") for line in lines)


def test_replay_json_of_a_malformed_record_is_json(tmp_path: Path) -> None:
    path = write(tmp_path, dict(GOOD, seed="x"))
    code, out, err = run("replay", path, "--json")
    assert code == 2 and json.loads(out) == {
        "ok": False,
        "malformed": f"{path}: the deal number ('seed' in the file) must be a whole number"}
    assert err.strip() == \
        f"jokeren: {path}: the deal number ('seed' in the file) must be a whole number"


def test_replay_json_of_a_malformed_record_says_the_sentence_of_stderr_in_dutch(
        tmp_path: Path) -> None:
    """h1 C12: "malformed" was English while standard error said it in Dutch."""
    path = write(tmp_path, dict(GOOD, rounds=[{"moves": [], "stok": "Ah"}]))
    code, out, err = run("replay", path, "--json", "--lang", "nl")
    said = json.loads(out)["malformed"]
    assert code == 2 and err.strip() == f"jokeren: {said}"
    assert said.startswith(f"{path}: ronde 1: onbekend onderdeel 'stok' in het bestand")


@pytest.mark.parametrize("command", [("replay",), ("rules", "--check"), ("simulate", "--rules")])
def test_a_path_is_named_once(tmp_path: Path, command: tuple[str, ...]) -> None:
    missing = str(tmp_path / "x.json")
    code, _, err = run(*command, missing, "--lang", "en")
    assert code == 2 and err.count(missing) == 1
    assert err.strip() == f"jokeren: {missing}: cannot read the file: the file does not exist"


def test_simulate_names_rows_as_the_score_sheets_and_shows_the_seed(tmp_path: Path) -> None:
    """Point 23: rows "1 random / 2 random" could not be matched to Ann/Bob on the sheets,
    the seed was never shown, and --matches 2 saved match-1.json and match-1-r1.json."""
    code, out, _ = run("simulate", "--rules", "jokeren-7", "--players", "2", "--matches", "2",
                       "--seed", "4", "--bots", "basic,random", "--save", str(tmp_path),
                       "--lang", "en")
    assert code == 0
    assert "Match 1 (seed 4)" in out and "Match 2 (seed 4, everyone moved 1 seat on)" in out
    assert "2 matches (seed 4):" in out  # one seed, played from both seats
    rows = {line.split(" (")[0]: line for line in out.splitlines()
            if line.startswith(("Ann (", "Bob ("))}
    assert rows["Ann"].startswith("Ann (basic)") and rows["Bob"].startswith("Bob (random)")
    winners = [line.split(": ")[-1] for line in out.splitlines()
               if line.startswith("Match over. Winner:")]
    wins = {name: float(rows[name].split()[2]) for name in rows}
    assert wins == {name: float(winners.count(name)) for name in rows}
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["match-1.json", "match-2.json"]
    assert f"Match records saved in {tmp_path}: match-1.json to match-2.json" in out


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252"])
def test_a_terminal_that_is_not_utf8_gets_letters_not_a_traceback(tmp_path: Path,
                                                                  encoding: str) -> None:
    """h1 A1: replay, simulate and even `score round --help` died of a UnicodeEncodeError
    on a terminal that is not UTF-8; the suits are the notation's letters (Dutch in Dutch)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    record = write(tmp_path, dict(GOOD, rounds=[{"moves": ["Ann: draw", "Ann: lay 1 8d"]}]))
    for args, words in ((["replay", record, "--lang", "nl"], "Ann legt 8r aan"),
                        (["score", "round", "--help", "--lang", "nl"], "--niet-uitgek"),
                        (["simulate", "--rules", "jokeren-7", "--players", "2", "--matches",
                          "1", "--seed", "3", "--lang", "en"], "+-------+")):
        proc = subprocess.run([sys.executable, "-m", "jokeren", *args], capture_output=True,
                              check=False, env=env)
        out = proc.stdout.decode(encoding)
        assert proc.returncode in (0, 1) and not proc.stderr, proc.stderr
        assert words in out, out


def test_plain_letters_for_what_a_stream_cannot_hold() -> None:
    assert "".join(plain(c, "nl") for c in "★♠♥♦♣") == "*shrk"
    assert "".join(plain(c, "en") for c in "♦♣┏━┃╇│…é") == "dc+-|+|...e"


def test_simulate_save_refuses_what_it_cannot_write_before_playing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """h1 A2: a folder in a record's way was a traceback after every match was played, and
    an existing match-1.json was overwritten without a word."""
    import jokeren.play.simulate as simulate

    played: list[object] = []
    real_run = simulate._run_with_bar
    monkeypatch.setattr(simulate, "_run_with_bar",
                        lambda jobs, workers: played.append(1) or real_run(jobs, workers))
    args = ["simulate", "--rules", "jokeren-7", "--players", "2", "--matches", "2",
            "--seed", "3", "--lang", "en", "--save"]
    (tmp_path / "in_way" / "match-2.json").mkdir(parents=True)
    code, _, err = run(*args, str(tmp_path / "in_way"), "--force")
    assert code == 2 and err.strip() == (f"jokeren: cannot write {tmp_path}/in_way/match-2.json:"
                                         " that is a folder, not a file")
    mine = tmp_path / "kept" / "match-1.json"
    mine.parent.mkdir()
    mine.write_text("MY RECORD", encoding="utf-8")
    code, _, err = run(*args, str(mine.parent))
    assert code == 2 and err.strip() == (f"jokeren: {mine} exists already: choose another "
                                         "name or give --force")
    assert mine.read_text(encoding="utf-8") == "MY RECORD" and played == []

    def no_room(*_: object, **__: object) -> object:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("tempfile.mkstemp", no_room)
    code, _, err = run(*args, str(tmp_path / "full"))
    assert code == 2 and err.strip() == (f"jokeren: cannot write {tmp_path}/full: "
                                         "the disk is full")
    monkeypatch.undo()
    monkeypatch.setattr(simulate, "write_atomic", no_room)  # full once the matches are played
    code, _, err = run(*args, str(tmp_path / "late"))
    assert code == 2 and err.strip() == (f"jokeren: cannot write {tmp_path}/late/match-1.json: "
                                         "the disk is full")
    monkeypatch.undo()
    code, _, _ = run(*args, str(mine.parent), "--force")
    assert code == 0 and json.loads(mine.read_text(encoding="utf-8"))["seed"] == 3


@pytest.mark.parametrize("flag", ["--matches", "--rounds"])
@pytest.mark.parametrize("value", ["0", "100001", str(10**30)])
def test_simulate_refuses_a_count_out_of_range(flag: str, value: str) -> None:
    """h1 A3: --rounds 10**30 built a list of jobs until memory ran out."""
    code, out, err = run("simulate", flag, value, "--bots", "random", "--lang", "en")
    assert code == 2 and out == ""
    assert err.strip() == "jokeren: --matches and --rounds must be a whole number 1..100000"


def test_the_help_shows_no_source_text_numbers() -> None:
    """h1 C14: "Club evening (clubavond, 003)", "(000)", "(004: ...)": the numbers of the
    source texts belong in the docs, not in the help a player reads."""
    import re

    from jokeren.words.catalogue import catalogue

    numbered = [f"{key}/{lang}" for key, entry in catalogue().items()
                if key.startswith("cli_help") for lang in ("en", "nl")
                if re.search(r"\b0\d\d\b", str(entry[lang]))]
    assert numbered == []
    for args in (["club", "--help"], ["score", "new", "--help"], ["score", "round", "--help"]):
        assert not re.search(r"\b00\d\b", run(*args, "--lang", "en")[1])


@pytest.mark.parametrize(("args", "en", "nl"), [
    (["score", "new", "", "--players", "a,b"], "FILE is empty: give a file name",
     "BESTAND is leeg: geef een bestandsnaam"),
    (["score", "show", ""], "FILE is empty: give a file name",
     "BESTAND is leeg: geef een bestandsnaam"),
    (["score", "export", "{card}", ""], "TO is empty: give a file name",
     "DOEL is leeg: geef een bestandsnaam"),
    (["club", "new", "", "--players", "A1,A2,A3,A4,A5,A6"], "FILE is empty: give a file name",
     "BESTAND is leeg: geef een bestandsnaam"),
    (["club", "show", ""], "FILE is empty: give a file name",
     "BESTAND is leeg: geef een bestandsnaam"),
    (["club", "season", "{card}", ""], "one of the FILES is empty: give a file name for each",
     "een van de BESTANDEN is leeg: geef voor elk een bestandsnaam"),
    (["club", "season", "{card}", "--to", ""], "--to is empty: give a file name",
     "--naar is leeg: geef een bestandsnaam"),
    (["club", "season", "{card}", "--plots="], "--plots is empty: give a folder name",
     "--grafieken is leeg: geef de naam van een map"),
    (["replay", ""], "FILE is empty: give a file name", "BESTAND is leeg: geef een bestandsnaam"),
    (["rules", "--check", ""], "--check is empty: give a file name",
     "--check is leeg: geef een bestandsnaam"),
    (["simulate", "--save", "", "--rules", "jokeren-7", "--players", "2", "--matches", "1"],
     "--save is empty: give a folder name", "--save is leeg: geef de naam van een map"),
])
def test_an_empty_file_name_is_said_to_be_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                args: list[str], en: str, nl: str) -> None:
    """h1 C11: `score new '' --players a,b` said ". exists already: choose another name or
    give --force" (Typer reads '' as the folder '.'); simulate --save '' wrote its records
    into the current folder."""
    monkeypatch.chdir(tmp_path)
    card = tmp_path / "c.json"
    card.write_text("{}", encoding="utf-8")
    line = [a.replace("{card}", str(card)) for a in args]
    for lang, said in (("en", en), ("nl", nl)):
        code, out, err = run("--lang", lang, *line)
        assert (code, err.strip()) == (2, f"jokeren: {said}"), (out, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_a_record_with_one_player_says_how_many_the_rules_need(tmp_path: Path) -> None:
    """h1 C13: a record with one player whose round names its dealer said "round 1: dealer
    'Cas' is not a player"."""
    one = dict(GOOD, players=["Ann"], rounds=[{"dealer": "Cas", "moves": ["Ann: draw"]}])
    for data, n in ((one, 1), (dict(GOOD, players=[]), 0)):
        path = write(tmp_path, data)
        for lang, said in (("en", f"Jokeren, club rules: 3 to 4 players, not {n}"),
                           ("nl", f"Jokeren, clubregels: met 3 tot 4 spelers, niet met {n}")):
            code, _, err = run("replay", path, "--lang", lang)
            assert (code, err.strip()) == (2, f"jokeren: {path}: {said}")


def test_the_dutch_simulate_report_writes_decimal_commas_and_one_seed_singular() -> None:
    """h1 D16: the Dutch report said "100.0%  [20.6-100.0]  179.0  0.001" where Dutch
    output writes commas, and "2 losse rondes (spelnummers 3)" for one seed."""
    code, out, _ = run("--lang", "nl", "simulate", "--rules", "jokeren-7", "--players", "2",
                       "--matches", "1", "--seed", "3")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith(("Ann (", "Bob ("))]
    assert len(rows) == 2 and all("." not in row for row in rows), rows
    assert "1 potje (spelnummer 3):" in out
    assert "Ann (willekeurig)         1  100,0% [20,7-100,0]    179,00" in rows[0]
    code, out, _ = run("--lang", "nl", "simulate", "--rules", "jokeren-7", "--players", "2",
                       "--rounds", "2", "--seed", "3")
    assert code == 0 and "2 losse rondes (spelnummer 3):" in out
    code, out, _ = run("--lang", "en", "simulate", "--rules", "jokeren-7", "--players", "3",
                       "--rounds", "7", "--seed", "3")
    assert code == 0 and "7 single rounds (seeds 3-5):" in out
    assert "Ann (random)            2.5   35.7% [11.8-69.7]     30.14" in out
