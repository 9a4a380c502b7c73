"""Every Dutch message in the words Dutch players use (issue 30, points 7, 8, 24-28).

The walk covers the catalogue (messages.json), the refusals (rules/reasons.py), the rules in words
(presets, ``jokeren rules``, ``rules --check``, contradictions) and the score sheets and
replay text. It fails on English words, on card codes (``8h``, ``Qs``: players read
symbols, in Dutch with B, V, H), and on the Dutch words the texts in ../shared/seeds/ do not
use for a thing that has one name there: a meld is a "combinatie" laid "op tafel", a swapped
joker is "geruild", a card is "afgelegd", the stock is the "stok".
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from dataclasses import fields
from importlib import resources

import pytest
from typer.testing import CliRunner, Result

from jokeren.bots import DUTCH, level_name, make_player
from jokeren.cli.app import app
from jokeren.engine.actions import Verb
from jokeren.engine.record import Record, replay
from jokeren.play.simulate import play_match
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.reasons import Rank, Reason, Suit
from jokeren.rules.requirements import Requirement
from jokeren.score.sheet import move_words, replay_text, score_sheet
from jokeren.support.messages import catalogue as catalogue_of
from jokeren.support.messages import fields as fields_of
from jokeren.support.messages import fill
from jokeren.words.catalogue import t
from jokeren.words.keys import keyed
from jokeren.words.rules import check_text, contradiction_lines, describe, rules_text

# English words a Dutch sentence never needs ("is", "in", "of", "set" and "hint" are Dutch).
ENGLISH = {
    "the", "and", "you", "your", "not", "are", "with", "from", "must", "may", "cannot", "card",
    "cards", "meld", "melds", "melded", "melding", "draw", "draws", "drew", "drawn",
    "discard", "discards", "discarded", "take", "takes", "took", "buy", "buys", "bought",
    "give", "gives", "gave", "pass", "passes", "swap", "swaps", "lay", "lays", "laid", "off",
    "run", "runs", "round", "rounds", "match", "matches", "player", "players", "points",
    "stock", "pile", "true", "false", "null", "seed", "rotation", "nobody", "winner", "out",
    "me", "yes", "no", "upcard", "penalty", "requirement", "all", "none", "packs", "pack",
    "random", "basic", "strong", "level", "jack", "queen", "king", "ace",
    # Click's own words in --help and its errors
    "usage", "options", "option", "commands", "command", "show", "this", "message", "exit",
    "required", "default", "missing", "invalid", "value", "error", "such", "try", "for",
    "file", "files", "folder", "path", "str", "int", "bool", "list",
}
# Dutch words for a thing that has another name in the players' texts, and notation habits.
NOT_DUTCH_PLAYERS_WORDS = [
    r"\bmelding(en)?\b", r"\bmeld(t|en)?\b", r"\bgroep(en)?\b", r"\buitleggen\b",
    r"\bleg(t|de|gen)? (\S+ ){0,3}uit\b(?! (de|je|het|te|met|een)\b)", r"\bteruggepakt\b",
    r"\bterugpakken\b",
    r"\bweg ?(te )?gooien\b", r"\bweggooi", r"(?<!afleg)\bstapel\b", r"\(en\)", r" \+ ",
    r"\bIk\b", r"\bvoor het uitkomen\b", r"\bschema\b",
]
# The keys of records and house-rules files: a message names them as they are written.
FILE_KEYS = {"format", "rules", "players", "seed", "rounds", "hands", "moves", "dealer",
             "upcard", "stock", "comment", "preset", *(f.name for f in fields(Rules))}
CARD_CODE = re.compile(r"(?<![\w*])(?:10|[2-9AJQKT])[shdcSHDC](?![\w])")
ENGLISH_FACES = re.compile(r"(?<![\w])[JQK][♠♥♦♣]")
SAMPLE_CARDS = parse_cards("Qh Kh Ah")


def problems(text: str) -> list[str]:
    """What in ``text`` a Dutch player should not read. Quoted text (a key of a file, an
    example of what to type) and command options (``--out``) are what is typed, not read."""
    text = re.sub(r"--[\w-]+|\"[^\"]*\"", "", text)
    text = re.sub(r"'(\w+)'", lambda m: "" if m.group(1) in FILE_KEYS else m.group(0), text)
    found = [w for w in re.findall(r"[A-Za-z]+(?:-[a-z]+)*", text) if w.lower() in ENGLISH]
    found += [m.group(0) for m in CARD_CODE.finditer(text)]
    found += [m.group(0) for m in ENGLISH_FACES.finditer(text)]
    found += [p for p in NOT_DUTCH_PLAYERS_WORDS if re.search(p, text)]
    return found


def test_the_checker_catches_what_players_met() -> None:
    """The lines of issue 30 that a native speaker found."""
    for line in ("'discard' kan nu niet", "5h 9d 9c: een melding is", "Bob heeft 1 kaart(en)",
                 "run 3", "Hand van Ik", "om uit te komen leg je set 3 + run 3",
                 "Dat mag niet: Ann heeft geen Q♥", "een ingepikte joker, teruggepakt",
                 "wat je wilt weggooien", "trek van de stapel", "leg uit (m)",
                 "{\"J\": 10, \"*\": 20}: true"):
        assert problems(line), line
    assert problems("Ann legt V♥ aan bij combinatie 1; de stok is op; 1 kaart") == []


def _fill(template: str) -> str:
    """A catalogue message filled in with Dutch sample values."""
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    values = {n: "Ann" for n in names}
    values.update({k: v for k, v in {
        "n": 2, "total": 4, "card": "V♥", "cards": "V♥ H♥ A♥", "req": "drie dezelfde",
        "with_": "V♠ V♦", "melds": "V♥ V♠ V♦", "items": "V♥→1", "groups": "V♥ V♠ V♦",
        "path": "potje.json", "cents": 5, "buy": 1, "point": 1, "lo": 2, "hi": 4, "humans": 2,
        "players": 3,
        "given": 2, "bots": 1, "round": 1, "move": 2, "seeds": "4-5", "seed": 4, "turn": 1,
        "first": "potje-1.json", "last": "potje-2.json", "folder": "map",
        "text": "Ann legt V♥ af", "reason": "Ann heeft geen V♥", "names": "Ann, Bob",
    }.items() if k in names})
    return fill(template, "nl", values)


def catalogue() -> Iterator[tuple[str, str]]:
    text = resources.files("jokeren.words").joinpath("messages.json").read_text(encoding="utf-8")
    for key, entry in json.loads(text).items():
        nl = entry["nl"]
        for form, template in (nl.items() if isinstance(nl, dict) else [("", nl)]):
            where = f"{key}/{form}" if form else key
            if key.startswith("sim_report_header"):  # a table head: column words only
                yield where, template
                continue
            yield where, _fill(template)


def _sample(key: str, name: str) -> object:
    return {"card": SAMPLE_CARDS[0], "cards": SAMPLE_CARDS, "meld": SAMPLE_CARDS,
            "what": SAMPLE_CARDS[0], "verb": Verb.DISCARD.value, "other": "Bob",
            "requirement": Requirement.parse("set 3 + run 3"), "rank": Rank(12),
            "suit": Suit(1), "where": Reason("meld_number", i=1, cards=SAMPLE_CARDS),
            "reason": Reason("set_or_run"), "name": "Ann"}.get(name, 3)


REFUSALS = {k.removeprefix("refuse_"): v for k, v in catalogue_of().items()
            if k.startswith("refuse_") and not k.endswith("_you")
            and not k.startswith(("refuse_verb_", "refuse_ranks_", "refuse_suit_"))}


def refusals() -> Iterator[tuple[str, str]]:
    for key, entry in REFUSALS.items():
        names = fields_of(str(entry["nl"]))
        reason = Reason(key, **{n: _sample(key, n) for n in names})
        yield key, reason.text("nl")
        yield f"{key}/you", reason.text("nl", you=True)
    for verb in Verb:
        yield f"phase_play/{verb.value}", Reason("phase_play", name="Ann",
                                                  verb=verb.value).text("nl")


HOUSE = Rules.load({"preset": "amerikaans", "money": {"per_buy": 1, "per_point": 1},
                    "max_reshuffles": 2, "max_turns": 500, "packs": 1, "jokers": 1,
                    "draws": 2, "set_max": None, "freed_joker": "hand",
                    "set_distinct_suits": True, "upcard": False, "stock_empty": "turn-over",
                    "going_out": "discard-or-meld", "take_discard": "if-used",
                    "eliminate_at": 200, "set_joker_fixed": False, "joker_gap": 0})
CONTRADICTING = [{"set_max": 4, "schedule": ["set 5"]}, {"schedule": ["run 15"]},
                 {"hand_size": 7, "schedule": ["points 100"]},
                 {"turbo": True, "draws": 3}, {"rounds": 9},
                 {"buying": None, "money": {"per_buy": 1, "per_point": 1}},
                 {"upcard": False, "upcard_offer": True}]


def rule_texts() -> Iterator[tuple[str, str]]:
    for name, rules in (*PRESETS.items(), ("house", HOUSE)):
        yield f"{name}/describe", describe(rules, "nl")
        yield f"{name}/rules", rules_text(rules, "nl")
        yield f"{name}/check", check_text(rules, "nl", "huisregels.toml")
    for keys in CONTRADICTING:
        rules = Rules.load({"preset": "amerikaans-40", **keys})
        for line in contradiction_lines(rules, "nl"):
            yield f"contradiction/{sorted(keys)}", line
    for text in ("set 3", "run 4", "set 3 | run 3", "set 3 + run 3", "points 40", "all",
                 "none"):
        yield f"requirement/{text}", Requirement.parse(text).describe("nl")


def sheets() -> Iterator[tuple[str, str]]:
    for preset, n in (("amerikaans", 3), ("jokeren-7", 2)):
        rules = Rules.load({"preset": preset, "max_turns": 300, "max_reshuffles": 1})
        players = ["Ann", "Bob", "Cas"][:n]
        game = play_match(rules, players, 5, [make_player("basic", s) for s in range(n)])
        yield f"{preset}/sheet", score_sheet(game.state, "nl")
        yield f"{preset}/replay", replay_text(replay(game.record).summary(), "nl")
        record = Record.loads(game.record.dumps())
        record.rounds[0].moves.append("Ann: discard Qh")
        bad = replay(record)
        reason = bad.refusal.text("nl") if bad.refusal is not None else None
        yield f"{preset}/illegal", replay_text(bad.summary(), "nl", reason)
    for line in ("Ann: draw", "Ann: take", "Ann: buy", "Ann: pass", "Ann: give Qh",
                 "Ann: meld Qh Qs Qd / 2c 3c 4c", "Ann: lay 1 Kh", "Ann: swap 2 Js",
                 "Ann: table Qh Qs Qd / 2c 3c 4c 5c", "Ann: discard Ah"):
        yield line, move_words(line, "nl")
    for kind in (*DUTCH, "strong:8"):
        yield f"level/{kind}", level_name(kind, "nl")


@pytest.mark.parametrize(("where", "text"), [*catalogue(), *refusals(), *rule_texts(),
                                             *sheets()])
def test_every_dutch_message_is_in_the_players_words(where: str, text: str) -> None:
    assert text.strip(), where
    assert problems(text) == [], (where, text)


def test_cards_in_dutch_are_boer_vrouw_heer_aas() -> None:
    assert [c.symbol("nl") for c in parse_cards("Jh Qs Kd Ac 10c *")] == [
        "B♥", "V♠", "H♦", "A♣", "10♣", "★"]
    assert Card.parse("*Qh").symbol("nl") == "★V♥"
    assert Card.parse("Qh").symbol() == "Q♥"


def test_refusals_show_symbols_not_codes() -> None:
    """Point 7: "5h 9d 9c: a meld is …" and "'discard' kan nu niet"."""
    where = Reason("meld_invalid", where=parse_cards("5h 9d 9c"), reason=Reason("set_or_run"))
    assert where.text("en").startswith("5♥ 9♦ 9♣: a meld is")
    assert where.text("nl").startswith("5♥ 9♦ 9♣: een combinatie is")
    assert str(where).startswith("5h 9d 9c: ")  # the replay's JSON quotes the record
    refusal = Reason("phase_draw", name="Ann", verb="discard")
    assert refusal.text("nl") == ("Ann moet eerst een kaart van de stok trekken of de "
                                  "aflegkaart pakken; afleggen kan nog niet")
    assert Reason("not_held", name="Ann", card=Card.parse("Qh")).text("nl") == \
        "Ann heeft geen V♥"


HANDS = {"Ann": "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah",
         "Bob": "2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As",
         "Cas": "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad"}


def test_replay_in_dutch_gives_the_reason_in_dutch(tmp_path: object) -> None:
    """Point 7: ``jokeren replay --lang nl`` said "Ann does not hold Qc"."""
    from pathlib import Path

    record = {"format": "jokeren-record/1", "rules": "jokeren", "players": list(HANDS),
              "seed": 3, "rounds": [{"hands": HANDS, "moves": ["Ann: draw", "Ann: discard Qc"]}]}
    path = Path(str(tmp_path)) / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "nl"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "Ronde 1, zet 2 (Ann legt V♣ af) mag niet: Ann heeft geen V♣")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert json.loads(result.stdout)["error"]["reason"] == "Ann does not hold Qc"


def test_dutch_level_names_are_accepted_and_shown() -> None:
    """Point 25: the levels in Dutch."""
    assert make_player("sterk").name == "strong"
    assert make_player("Eenvoudig").name == "basic"
    assert make_player("niveau3").name == "level3"
    assert make_player("sterk:4").name == "strong:4"
    assert level_name("strong:4", "nl") == "sterk:4" and level_name("random", "en") == "random"
    assert t("tui_cards", "nl", n=1) == "1 kaart" and t("tui_cards", "en", n=1) == "1 card"


def test_one_word_for_the_tip_the_sheet_and_the_potje() -> None:
    """Issue 40: the terminal said "Hint" where the browser said "Tips", the browser
    "Scorebriefje" where everything else says "Scoreblad", "Partij terugkijken" beside
    "potje"; the club help said "zo dat"."""
    assert t("tui_act_hint", "nl") == t("web_hints", "nl") == "Tip"
    assert t("web_score_slip", "nl") == "Scoreblad"
    assert t("tui_act_help", "nl") == "Hulp"
    for key in ("web_replay_title", "web_replay_link", "web_replay_load"):
        assert "potje" in t(key, "nl").lower() and "partij" not in t(key, "nl").lower()
    assert not [v["nl"] for k, v in catalogue_of().items()
                if k.startswith("cli_help") and "zo dat" in str(v["nl"])]


def test_every_screen_names_a_level_with_one_word() -> None:
    """Issue 40: the browser said "gewoon" where the command line says "eenvoudig": each
    level the browser offers is worded as the command line and the terminal name it."""
    for level in ("random", "basic", "strong"):
        assert t(f"web_level_{level}", "nl").split(" (")[0] == DUTCH[level]
        assert t(f"web_level_{level}", "en").split(" (")[0] == level


def test_the_score_sheet_says_requirements_in_words_and_counts_right() -> None:
    """Point 8: "run 3", "set 3" in Dutch, "1 cards", "1 matches", "1 packs", "winner
    nobody went out"."""
    rules = Rules.load({"preset": "amerikaans", "max_turns": 300, "max_reshuffles": 1})
    game = play_match(rules, ["Ann", "Bob", "Cas"], 5, [make_player("basic", s) for s in
                                                          range(3)])
    sheet = score_sheet(game.state, "nl")
    assert "drie dezelfde" in sheet and "een rij van drie" in sheet
    assert not re.search(r"\b(set|run) \d", sheet)
    assert "a set of three" in score_sheet(game.state, "en")
    from jokeren.words.rules import explain

    one_pack = Rules.load({"preset": "jokeren", "packs": 1, "jokers": 1, "draws": 1})
    assert explain(one_pack, "packs", "nl") == "1 spel"
    assert explain(one_pack, "jokers", "en") == "1 joker"
    assert explain(one_pack, "draws", "nl") == "1 kaart van de stok per beurt"
    summary = {"ok": True, "error": None, "totals": {"Ann": 5, "Bob": 7},
               "rounds": [{"winner": None, "penalties": {"Ann": 5, "Bob": 7}}]}
    assert "winner nobody" not in replay_text(summary, "en").lower()
    assert "Round 1: nobody went out; penalty points: Ann 5, Bob 7" in replay_text(summary)
    assert "Ronde 1: niemand ging uit; strafpunten: Ann 5, Bob 7" in replay_text(summary, "nl")


def test_one_match_is_one_potje(tmp_path: object) -> None:
    result = CliRunner().invoke(app, ["simulate", "--rules", "jokeren-7", "--players", "2",
                                      "--matches", "1", "--seed", "4", "--lang", "nl"])
    assert result.exit_code == 0 and "1 potje (spelnummer 4):" in result.stdout
    assert "potjes" not in result.stdout and "seed" not in result.stdout


def test_the_person_at_the_screen_has_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Point 8 and 27: the default name "Ik" gave "Ik biedt" and "Hand van Ik"."""
    from jokeren.tui.app import JokerenApp

    seen: list[str] = []
    monkeypatch.setattr(JokerenApp, "run", lambda self: seen.append(self.setup_choice.humans))
    for lang in ("nl", "en"):
        assert CliRunner().invoke(app, ["play", "--lang", lang]).exit_code == 0
    assert seen == ["Ann", "Ann"]


def _nl(key: str) -> str:
    return t(key, "nl")


def test_lines_that_misled_say_what_happened() -> None:
    """Point 28."""
    assert _nl("tui_st_buy").startswith("{name} wil {card} niet: te koop")
    assert "strafkaart" not in _nl("tui_why_buy") and "van de stok" in _nl("tui_why_buy")
    assert "bij combinatie {n}" in _nl("tui_ev_lay") and "combinatie {n}" in _nl("tui_why_lay")
    assert _nl("tui_why_draw").startswith("laat {card} liggen en trekt van de stok")
    assert "alleen de combinaties van de eis" in str(REFUSALS["only_requirement"]["nl"])


def test_the_log_speaks_in_one_tense_and_the_grammar_holds() -> None:
    """Point 27: "bood … aan", "vóór", articles, "en" and not "+", one "je"."""
    text = resources.files("jokeren.words").joinpath("messages.json").read_text(encoding="utf-8")
    log = {k: v["nl"] for k, v in json.loads(text).items() if k.startswith("tui_ev_")}
    present = re.compile(r"\b(biedt|trekt|pakt|koopt|legt|ruilt|geeft|is uit|wint|eindigt)\b")
    assert [v for v in log.values() if present.search(v)] == []
    assert "vóór" in _nl("tui_setup_confirm")
    assert Reason("requirement", requirement=Requirement.parse("run 4")).text("nl") == \
        "om deze ronde uit te komen leg je een rij van vier op tafel"
    assert Requirement.parse("set 3 + run 3").describe("nl") == "drie dezelfde en een rij van drie"
    assert keyed("tui_st_groups", "nl", n=1).startswith("1 combinatie opzij gelegd")


def _commands(group: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of every command and group under ``group``, the group itself first."""
    yield path
    for name, sub in getattr(group, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def _help_keys(command: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """(where, the catalogue's key of its help) of every command, group, option and argument
    under ``command``."""
    from jokeren.cli.helptext import help_key

    yield " ".join(path) or "jokeren", help_key(path)
    for p in getattr(command, "params", ()):
        yield f"{' '.join(path)} {p.name}", help_key(path, p.name)
    for name, sub in getattr(command, "commands", {}).items():
        yield from _help_keys(sub, (*path, name))


def test_every_help_text_has_its_dutch() -> None:
    """Point 25: --help was English in Dutch mode for serve, score, club and the top. The
    catalogue is the help's one source (the code gives Typer none): every command, option
    and argument has its text there in both languages, the Dutch in Dutch, and no
    ``cli_help_*`` is left over from a command or option that is gone."""
    from jokeren.cli.app import command

    keys = list(_help_keys(command()))
    assert len(keys) > 100
    known = catalogue_of()
    assert [(where, key) for where, key in keys if key not in known] == []
    assert {key: problems(t(key, "nl")) for _, key in keys if problems(t(key, "nl"))} == {}
    used = {key for _, key in keys}
    assert sorted(k for k in known if k.startswith("cli_help_") and k not in used) == []
    built = command()  # as it is run: each text in place, in English
    assert built.help == t("cli_help", "en")
    assert built.commands["replay"].params[0].help == t("cli_help_replay__file", "en")


@pytest.mark.parametrize(("lang", "usage"), [
    ("en", ["Usage: jokeren replay [OPTIONS] FILE", "Usage: jokeren rules [OPTIONS] [PRESET]",
            "Usage: jokeren score export [OPTIONS] FILE TO",
            "Usage: jokeren club season [OPTIONS] FILES..."]),
    ("nl", ["Gebruik: jokeren replay [OPTIES] BESTAND",
            "Gebruik: jokeren rules [OPTIES] [SPELVORM]",
            "Gebruik: jokeren score export [OPTIES] BESTAND DOEL",
            "Gebruik: jokeren club season [OPTIES] BESTANDEN..."]),
])
def test_usage_lines_name_the_arguments_in_words(lang: str, usage: list[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The usage line said ``jokeren replay [OPTIONS] {file}`` (Typer's placeholder for a
    required argument); now the argument's name in capitals, Dutch in Dutch."""
    monkeypatch.setenv("JOKEREN_LANG", lang)
    monkeypatch.setenv("COLUMNS", "100")
    for line in usage:
        path = line.split("jokeren ", 1)[1].split(" [")[0].split()
        out = CliRunner().invoke(app, [*path, "--help"], prog_name="jokeren").stdout
        assert line in out, out
        assert "{" not in next(u for u in out.splitlines() if "jokeren" in u), out
    result = CliRunner().invoke(app, ["replay"], prog_name="jokeren")
    assert result.exit_code == 2
    assert ("Gebruik: jokeren replay [OPTIES] BESTAND" if lang == "nl" else
            "Usage: jokeren replay [OPTIONS] FILE") in result.stderr, result.stderr


@pytest.mark.parametrize("path", list(_commands(__import__("jokeren.cli").cli.command())))
def test_every_help_in_dutch_is_dutch(path: tuple[str, ...],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command's and group's --help in Dutch, Click's own words too ("Usage:",
    "Options", "Show this message and exit.", "[required]", "[default: random]")."""
    from jokeren.cli.app import command

    monkeypatch.setenv("JOKEREN_LANG", "nl")
    monkeypatch.setenv("COLUMNS", "100")
    result = CliRunner().invoke(app, [*path, "--help"], prog_name="jokeren")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.lstrip().startswith(f"Gebruik: jokeren {' '.join(path)}".rstrip()), out
    assert "Opties" in out and "Laat deze hulp zien en stop." in out, out
    assert ("Opdrachten" in out) == (path in ((), ("score",), ("club",))), out
    names = {n for p in _commands(command()) for n in p}
    read = [line for line in out.splitlines() if not line.strip().startswith("Gebruik:")]
    read = [re.sub(r"^│ (\S+) ", lambda m: "│ " if m.group(1) in names else m.group(0), line)
            for line in read]  # a command's name is typed as it is, like an option
    assert problems("\n".join(read)) == [], out
    english = CliRunner().invoke(app, [*path, "--help", "--lang", "en"] if path not in (
        (), ("score",), ("club",)) else [*path, "--help"], env={"JOKEREN_LANG": "en"},
        prog_name="jokeren")
    assert "Usage: jokeren" in english.stdout and "Options" in english.stdout
    # a path into the source tree is nothing a player can open ("Het bestandsformaat
    # staat in docs/score.md." ended the help of jokeren, score and club)
    for said in (out, english.stdout):
        assert not re.search(r"\bdocs/|\.md\b", said), said


def test_lang_chooses_the_language_of_help_and_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """--lang wins over the locale, for the help and for Click's own errors."""
    def run(args: list[str]) -> Result:
        return CliRunner().invoke(app, args, prog_name="jokeren")

    monkeypatch.setenv("JOKEREN_LANG", "en")
    monkeypatch.setenv("COLUMNS", "100")
    dutch = run(["replay", "--help", "--lang", "nl"]).stdout
    assert "Speel het verslag van een potje na" in dutch and "Gebruik:" in dutch
    monkeypatch.setenv("JOKEREN_LANG", "nl")
    english = run(["replay", "--lang=en", "--help"]).stdout
    assert "Play a match record" in english and "Usage:" in english
    for args, sentence in [
        (["rules", "--jsn"], "onbekende optie: --jsn (bedoel je --json?)"),
        (["replay"], "het argument 'bestand' ontbreekt"),
        (["score", "new", "kaart.json"], "de optie '--spelers' ontbreekt"),
        (["score", "new", "k.json", "--spelers", "a,b", "--rondes", "x"],
         "ongeldige waarde voor '--rondes': 'x' is geen heel getal"),
        (["play", "--players", "x"], "ongeldige waarde voor '--players': 'x' is geen heel "
                                     "getal"),
        (["serve", "--bot-delay", "x"], "'x' is geen getal"),
        (["replay", "x.json", "--lang", "de"], "ongeldige waarde voor '--lang': 'de' kan "
                                               "niet; kies nl of en"),
        (["replay", "a.json", "b.json"], "er staat meer dan de opdracht vraagt: b.json"),
        (["play", "--players"], "na de optie '--players' hoort een waarde"),
        (["replay", "x.json", "--json=3"], "de optie '--json' krijgt geen waarde"),
        (["nope"], "onbekende opdracht 'nope'"),
    ]:
        result = run(args)
        assert result.exit_code == 2, (args, result.output)
        assert sentence in result.stderr, (args, result.stderr)
        assert "Fout" in result.stderr
        assert problems(result.stderr) == [], (args, result.stderr)
    monkeypatch.setenv("JOKEREN_LANG", "en")
    result = run(["rules", "--jsn"])
    assert result.exit_code == 2 and "No such option: --jsn" in result.stderr
    result = run(["rules", "--jsn", "--lang", "nl"])
    assert "onbekende optie: --jsn" in result.stderr


@pytest.mark.parametrize(("args", "nl", "en"), [
    (["score", "new", "k.json", "--speler", "Ann"], "--speler (bedoel je --spelers?)",
     "--speler (Possible options: --players)"),
    (["score", "new", "k.json", "--player", "Ann"], "--player (bedoel je --spelers?)",
     "--player (Possible options: --players)"),
    (["club", "new", "a.json", "--round", "3"], "--round (bedoel je --rondes?)",
     "--round (Possible options: --rounds)"),
    (["score", "round", "k.json", "--stock"], "--stock (bedoel je --stok-op?)",
     "--stock (Possible options: --stock-out)"),
    (["club", "season", "a.json", "--plot", "x"], "--plot (bedoel je --grafieken of --naar?)",
     "--plot (Possible options: --plots, --to)"),
    (["rules", "--jsn"], "--jsn (bedoel je --json?)", "--jsn (Possible options: --json)"),
    (["simulate", "--no-paird"], "--no-paird (bedoel je --no-paired of --paired?)",
     "--no-paird (Possible options: --no-paired, --paired)"),
], ids=["speler", "player", "round", "stock", "plot", "jsn", "no-paird"])
def test_an_unknown_option_is_answered_with_the_names_of_the_runs_language(
        args: list[str], nl: str, en: str) -> None:
    """Click suggested the close names of both languages, English first ("--speler
    (bedoel je --players of --spelers?)", "--round (bedoel je --rondes of --rounds?)"):
    now each option once, by its name in the run's language (an option of one name, as
    it is)."""
    for lang, said in (("nl", f"onbekende optie: {nl}"), ("en", f"No such option: {en}")):
        result = CliRunner().invoke(app, [*args, "--lang", lang], prog_name="jokeren",
                                    env={"COLUMNS": "200"})
        assert result.exit_code == 2 and said in result.stderr, (lang, result.stderr)


def test_an_option_missing_or_refused_is_named_in_the_runs_language() -> None:
    """"de optie '--players' / '--spelers' ontbreekt": both names, the English first."""
    for args, lang, said in (
            (["club", "new", "a.json"], "nl", "de optie '--spelers' ontbreekt"),
            (["club", "new", "a.json"], "en", "Missing option '--players'."),
            (["club", "enter", "a.json", "--round", "x"], "nl",
             "ongeldige waarde voor '--ronde': 'x' is geen heel getal"),
            (["club", "enter", "a.json", "--ronde", "x"], "en", "Invalid value for '--round':")):
        result = CliRunner().invoke(app, [*args, "--lang", lang], prog_name="jokeren",
                                    env={"COLUMNS": "200"})
        assert result.exit_code == 2 and said in result.stderr, (lang, result.stderr)
        assert " / " not in result.stderr, result.stderr


def test_the_installed_command_speaks_dutch() -> None:
    """``python -m jokeren`` (the console script's main) in a Dutch locale."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import jokeren

    tree = str(Path(jokeren.__file__).parents[1])  # the tree under test, not an installed one
    env = {**os.environ, "JOKEREN_LANG": "", "LC_ALL": "nl_NL.UTF-8", "COLUMNS": "100",
           "PYTHONPATH": tree}
    done = subprocess.run([sys.executable, "-m", "jokeren", "score", "--help"], env=env,
                          capture_output=True, text=True, check=True)
    assert "Gebruik: jokeren score" in done.stdout and "Opdrachten" in done.stdout
    done = subprocess.run([sys.executable, "-m", "jokeren", "club", "add"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 2 and "het argument 'bestand' ontbreekt" in done.stderr


def test_card_notation_and_deal_errors_are_dutch_in_dutch(tmp_path: object) -> None:
    """Card-notation errors ("'7x' is not a card") and deal errors were English inside Dutch
    sentences: a score card, a record's hand, a record's move and its deal."""
    from pathlib import Path

    from jokeren.engine import Deal, DealError, new_match
    from jokeren.rules.cards import NotationError

    folder = Path(str(tmp_path))
    card = folder / "kaart.json"
    runner = CliRunner()
    assert runner.invoke(app, ["score", "new", str(card), "--players", "Ann,Bob,Cas",
                               "--lang", "nl"]).exit_code == 0
    result = runner.invoke(app, ["score", "round", str(card), "--out", "Ann", "--left",
                                 "Bob=7x", "--left", "Cas=5", "--lang", "nl"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "jokeren: Bob: '7x' is geen kaart (waarden A 2-10 B V H " \
        "of J Q K, kleuren s h r k of d c, joker *)"  # a typed card: Dutch letters too
    assert problems(result.stderr) == []
    with pytest.raises(NotationError) as caught:
        parse_cards("7h x")
    assert str(caught.value) == "'x' is not a card (write rank and suit, e.g. 7h, 10s, Qd, *)"
    with pytest.raises(DealError) as dealt:
        new_match(PRESETS["amerikaans"], ["Ann", "Bob", "Cas"], 1,
                  Deal(stock=parse_cards("Qh Qh Qh")))
    assert dealt.value.text("nl") == "zoveel keer V♥ zit er niet in de spellen"
    assert str(dealt.value) == "the packs do not hold that many copies of Qh"
    base = {"format": "jokeren-record/1", "rules": "jokeren", "players": list(HANDS), "seed": 3}
    for round_, expected in [
        ({"hands": {**HANDS, "Ann": HANDS["Ann"].replace("Ah", "Ax")}, "moves": []},
         "ronde 1, hand van Ann: 'Ax' is geen kaart"),
        ({"hands": HANDS, "moves": ["Ann: draw", "Ann: discard"]},
         "ronde 1, zet 2: na \"discard\" komen kaarten"),
        ({"hands": HANDS, "moves": ["Ann: leg 7h"]},
         "ronde 1, zet 1: onbekende zet 'leg'"),
        ({"hands": {**HANDS, "Ann": HANDS["Bob"], "Cas": HANDS["Bob"]}, "moves": []},
         "ronde 1: zoveel keer 2♠ zit er niet in de spellen"),
    ]:
        path = folder / "r.json"
        path.write_text(json.dumps({**base, "rounds": [round_]}), encoding="utf-8")
        result = runner.invoke(app, ["replay", str(path), "--lang", "nl"])
        assert result.exit_code == 2, result.output
        assert expected in result.stderr, result.stderr
        assert [w for w in problems(result.stderr.split("r.json: ", 1)[1]) if w != "Ax"] == []


def test_lang_before_the_command_as_users_type_it() -> None:
    """``jokeren --lang nl --help`` and ``jokeren score --help --lang nl`` said "onbekende
    optie: --lang" (a group has no --lang); before a command's name it is that command's."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import jokeren

    tree = str(Path(jokeren.__file__).parents[1])
    env = {**os.environ, "JOKEREN_LANG": "en", "COLUMNS": "100", "PYTHONPATH": tree}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "jokeren", *args], env=env,
                              capture_output=True, text=True)

    for args in (["--lang", "nl", "--help"], ["score", "--help", "--lang", "nl"],
                 ["--lang=nl", "club", "--help"]):
        done = run(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert done.stdout.lstrip().startswith("Gebruik: jokeren"), (args, done.stdout)
        assert "Opdrachten" in done.stdout and "--lang" not in done.stderr
    done = run("--lang", "en", "--help")
    assert done.returncode == 0 and "Usage: jokeren" in done.stdout
    done = run("--lang", "nl", "rules", "amerikans")  # the command's own sentence, in Dutch
    assert done.returncode == 2 and "onbekende spelvorm 'amerikans'" in done.stderr
    done = run("--lang", "nl", "score", "show", "/nergens/kaart.json")
    assert done.returncode == 2 and "bestaat niet" in done.stderr, done.stderr


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_help_names_the_values_in_words_not_python_types(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What an option takes is said in the reader's words (``<text>``, ``<number>``;
    ``<tekst>``, ``<getal>``), never Python's (``<str>``, ``<int>``, ``<list[str]>``),
    in every command's help; and a command's text is not broken mid-sentence (the help's
    table wraps it)."""
    from jokeren.cli import command
    from jokeren.support.messages import catalogue

    monkeypatch.setenv("JOKEREN_LANG", lang)
    monkeypatch.setenv("COLUMNS", "200")
    seen = ""
    for path in _commands(command()):
        out = CliRunner().invoke(app, [*path, "--help"], prog_name="jokeren").stdout
        assert not re.search(r"<(str|int|float|list\[)", out, re.I), (path, out)
        seen += out
    text, number = ("<tekst>", "<getal>") if lang == "nl" else ("<text>", "<number>")
    assert text in seen and number in seen
    for key, words in catalogue().items():
        if key.startswith("cli_help") and isinstance(words[lang], str):
            assert not re.search(r"(?<!\n)\n(?!\n)", str(words[lang])), (key, words[lang])


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_help_shows_no_bool_placeholder_and_each_default_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A flag takes no value, so its help shows no ``<bool>``; a default the help prints
    ("[default: 2]") is not said in the option's text as well ("(default 2)")."""
    from jokeren.cli import command

    monkeypatch.setenv("JOKEREN_LANG", lang)
    monkeypatch.setenv("COLUMNS", "200")
    paths = list(_commands(command()))
    for path in paths:
        out = CliRunner().invoke(app, [*path, "--help"], prog_name="jokeren").stdout
        assert "<bool>" not in out and "bool" not in out, (path, out)
        for line in out.splitlines():  # a flag's row: the flag, then its help at once
            if re.match(r"^│\s+--(json|help|force|money|open|learn)[\s,]", line):
                assert not re.search(r"--\S+\s+<", line), (path, line)
    for path in paths:
        leaf = command()
        for name in path:
            leaf = leaf.commands[name]  # type: ignore[attr-defined]
        for param in leaf.params:
            shown = param.show_default is not False and param.default not in (None, False)
            if shown and param.help:
                assert "default" not in param.help, (path, param.name, param.help)
    out = CliRunner().invoke(app, ["simulate", "--help"], prog_name="jokeren").stdout
    word = "standaard" if lang == "nl" else "default"
    assert out.count(f"[{word}: 2]") == 1 and out.count(f"[{word}: 1000]") == 1, out
