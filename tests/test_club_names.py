"""One person, one name, however it was typed: "Éva" as one character (NFC) or as E and a
combining accent (NFD, as phones and some keyboards send it) is one player on every evening,
in the season and in the exports, shown as one character; and a form entered again is the
same form whether its totals were given or not."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jokeren.cli.app import app
from jokeren.club.clubfile import from_obj, to_json
from jokeren.club.evening import (
    ClubError,
    Evening,
    Form,
    add_player,
    draw_next,
    enter_form,
    new_evening,
    rename,
    same_form,
    season,
    standings,
)
from jokeren.rules.house import Rules
from jokeren.score.scorecard import ScoreError, name_key, new_card, typed_name

runner = CliRunner()
EVA = "\u00c9va"  # one code point
EVA_NFD = unicodedata.normalize("NFD", EVA)  # E and a combining acute accent
MEMBERS = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk"]


def club(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["club", *args])
    return result.exit_code, result.stdout, result.stderr


def _played(ev: Evening, seed: int, absent: list[int] | None = None) -> Evening:
    rng = random.Random(seed)
    ev = draw_next(ev, absent or [])
    for k, seats in enumerate(ev.draws[-1], 1):
        rows = []
        for _ in range(ev.games):
            points = [rng.randint(5, 60) for _ in seats]
            points[rng.randrange(len(seats))] = 0
            rows.append(tuple(points))
        ev = enter_form(ev, len(ev.draws), k, Form(tuple(rows)))
    return ev


def _old_file(ev: Evening, spell: dict[str, str]) -> dict[str, object]:
    """``ev``'s file as a version before this one wrote it, names spelled as ``spell``
    says (players, draw): it kept a name's code points as typed."""
    obj = json.loads(to_json(ev))
    obj["players"] = [spell.get(p, p) for p in obj["players"]]
    obj["draw"] = [[[spell.get(p, p) for p in table] for table in tables]
                   for tables in obj["draw"]]
    return obj


def test_a_name_typed_two_ways_is_one_player_of_the_evening() -> None:
    """new_evening compared names with ``lower`` only: "Éva" and "Éva" typed as E and an
    accent were two players (drawn, ranked, exported as two), and a latecomer so typed
    was added beside her."""
    assert typed_name(EVA_NFD) == EVA and name_key(EVA_NFD) == name_key("éva")
    with pytest.raises(ClubError) as refused:
        new_evening([*MEMBERS, EVA, EVA_NFD])
    assert refused.value.key == "score_err_names"
    ev = new_evening([*MEMBERS[:5], EVA_NFD, " Jan  de  Vries "])
    assert ev.players[5:] == (EVA, "Jan de Vries")  # kept as one character, spaces as one
    with pytest.raises(ClubError) as refused:
        add_player(ev, "\u00e9va")  # é as one character, Éva typed as E and an accent
    assert refused.value.text("nl").startswith("Éva speelt deze avond al mee")
    with pytest.raises(ClubError):
        add_player(ev, "jan de vries")
    late = add_player(new_evening(MEMBERS), EVA_NFD + " ")
    assert late.players[-1] == EVA
    with pytest.raises(ClubError) as refused:
        rename(ev, "Ans", unicodedata.normalize("NFD", "éva"))
    assert refused.value.key == "club_err_rename"
    assert rename(late, "ans", "Ren" + unicodedata.normalize("NFD", "é")).players[0] == "René"


def test_the_command_line_keeps_one_name_however_it_is_typed(tmp_path: Path) -> None:
    """club new / add / rename / draw --absent: the name as one character in the file and
    on the screen; a latecomer typed the other way is told she plays already."""
    f = tmp_path / "avond.json"
    code, out, err = club("new", str(f), "--spelers", ",".join([*MEMBERS, EVA_NFD]),
                          "--lot", "3", "--lang", "nl")
    assert code == 0, err
    assert EVA in json.loads(f.read_text())["players"] and EVA_NFD not in f.read_text()
    assert EVA_NFD not in out
    code, _, err = club("add", str(f), EVA, "--lang", "nl")
    assert code == 2 and err.startswith("jokeren: Éva speelt deze avond al mee"), err
    code, out, err = club("rename", str(f), "Els", "Ren" + unicodedata.normalize("NFD", "é"),
                          "--lang", "nl")
    assert code == 0, err
    assert out.splitlines()[-1] == "Els heet nu René."
    assert json.loads(f.read_text())["players"][4] == "René"
    code, out, err = club("draw", str(f), "--afwezig", EVA_NFD, "--lang", "nl")
    assert code == 0, err
    assert EVA not in out.split("bewaard")[0].split("Ronde 2")[-1]


def test_an_older_file_with_a_name_typed_as_e_and_an_accent_opens_as_one_character() -> None:
    """A file written before kept "Éva" as E and an accent, in its players and its draw:
    it opens (the draw finds her however she is written) and shows her as one character,
    her forms counted as before."""
    ev = _played(new_evening([*MEMBERS, EVA], seed=4), 4)
    old = from_obj(_old_file(ev, {EVA: EVA_NFD}))
    assert old.players == ev.players and old.draws == ev.draws and old.forms == ev.forms
    assert [(s.name, s.points) for s in standings(old)] == \
        [(s.name, s.points) for s in standings(ev)]
    assert EVA_NFD not in to_json(old)
    mended = {**_old_file(ev, {EVA: EVA_NFD}), "players": list(ev.players)}  # by hand
    assert from_obj(mended).draws == ev.draws  # the draw's name found however typed


def test_an_older_file_with_one_name_typed_two_ways_as_two_players_still_opens() -> None:
    """Before, "Éva" (one character) and "Éva" (E and an accent) could be two players of
    one evening. Alike now, the file would be refused ("players need different names")
    and the evening lost: the later one is kept apart as "Éva (2)", with her own tables
    and forms, to rename."""
    ev = _played(new_evening([*MEMBERS, EVA, "Eva2"], seed=5), 5)
    obj = _old_file(ev, {"Eva2": EVA_NFD})
    opened = from_obj(obj)
    assert opened.players == (*MEMBERS, EVA, f"{EVA} (2)")
    assert opened.draws == ev.draws and opened.forms == ev.forms
    assert from_obj(json.loads(to_json(opened))) == opened  # written back, read the same
    twice = {**obj, "players": [*MEMBERS, EVA, EVA]}  # the same name twice: refused still
    with pytest.raises(ClubError) as refused:
        from_obj(twice)
    assert refused.value.key == "score_err_names"


def test_a_season_and_its_export_show_one_player_however_her_name_was_typed(
        tmp_path: Path) -> None:
    """One evening made her "Éva" as one character, an older file as E and an accent: one
    row in the season, its csv and its pictures' names, as one character."""
    one = _played(new_evening([*MEMBERS, EVA], seed=1, date="2026-12-02"), 1)
    other = _played(new_evening([*MEMBERS, EVA], seed=2, date="2026-12-09"), 2)
    files = []
    for k, (ev, spell) in enumerate(((one, {}), (other, {EVA: EVA_NFD}))):
        files.append(tmp_path / f"avond{k}.json")
        files[-1].write_text(json.dumps(_old_file(ev, spell), ensure_ascii=False),
                             encoding="utf-8")
    rows = season([from_obj(json.loads(f.read_text())) for f in files])
    assert [r.name for r in rows].count(EVA) == 1 and len(rows) == 9
    assert next(r for r in rows if r.name == EVA).evenings == 2
    to = tmp_path / "seizoen.csv"
    code, out, err = club("season", *map(str, files), "--naar", str(to), "--lang", "nl")
    assert code == 0, err
    table = out.split("Winnaar")[0]
    assert EVA_NFD not in out and table.count(EVA) == 1
    assert "Winnaar van het seizoen: " in out  # not "two names that may be one player"
    assert "lijken op elkaar" not in out
    text = to.read_bytes().decode("utf-8-sig", errors="replace")
    assert EVA_NFD not in text and text.count(EVA) == table.count(EVA)


def test_a_score_card_keeps_a_name_with_two_spaces_as_one_name() -> None:
    """The score card made "Jan  Smit" and "Jan Smit" two people (the server, one)."""
    card = new_card(Rules.load("amerikaans"), ["Jan  Smit", EVA_NFD, "Oma"])
    assert card.players[:2] == ("Jan Smit", EVA)
    with pytest.raises(ScoreError):
        new_card(Rules.load("amerikaans"), ["Jan  Smit", "jan smit"])
    with pytest.raises(ScoreError):  # a tab is refused still, not made a space
        new_card(Rules.load("amerikaans"), ["Jan\tSmit", "Oma"])


def _games(form: list[str]) -> list[str]:
    return [w for g in form for w in ("--partij", g)]


def test_the_same_form_given_with_or_without_totals_is_the_same_form(tmp_path: Path) -> None:
    """A form given with --totalen counted as another than the same form without: entering
    the same paper again was refused as a different form (or the other way round). Equal
    forms are equal however they were given; the written totals entered are kept."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--spelers", ",".join(MEMBERS), "--lot", "3")[0] == 0
    size = len(json.loads(f.read_text())["draw"][0][0])
    paper = ["0" + " 10" * (size - 1)] * 4
    totals = " ".join(["0"] + ["40"] * (size - 1))
    where = ["--ronde", "1", "--tafel", "1", "--lang", "nl"]
    code, _, err = club("enter", str(f), *where, *_games(paper))
    assert code == 0, err
    code, _, err = club("enter", str(f), *where, *_games(paper), "--totalen", totals)
    assert code == 0, err
    assert json.loads(f.read_text())["forms"][0]["totals"] == [0] + [40] * (size - 1)
    kept = f.read_bytes()
    code, _, err = club("enter", str(f), *where, *_games(paper))  # again, totals not given
    assert code == 0, err
    assert f.read_bytes() == kept  # the totals written on the paper not dropped
    code, _, err = club("enter", str(f), *where,
                        *_games([p.replace(" 10", ",10") for p in paper]),
                        "--totalen", totals.replace(" ", ", "))
    assert code == 0 and f.read_bytes() == kept, err
    other = ["0" + " 20" * (size - 1)] * 4
    code, _, err = club("enter", str(f), *where, *_games(other),
                        "--totalen", " ".join(["0"] + ["80"] * (size - 1)))
    assert code == 2 and "is al ingevoerd (totalen " in err and " 40" in err, err
    assert f.read_bytes() == kept
    code, _, err = club("enter", str(f), *where, *_games(other), "--verbeter")
    assert code == 0, err
    assert json.loads(f.read_text())["forms"][0]["games"][0][1] == 20


def test_same_form_compares_the_points_not_how_the_form_was_given() -> None:
    ev = draw_next(new_evening(MEMBERS, seed=1))
    size = len(ev.draws[0][0])
    games = (tuple([0] + [10] * (size - 1)),) * 4
    assert same_form(Form(games), Form(games, totals=tuple([0] + [40] * (size - 1))))
    assert not same_form(Form(games), Form((tuple([0] + [11] * (size - 1)),) * 4))
    written = Form(games, totals=tuple([0] + [40] * (size - 1)))
    ev = enter_form(ev, 1, 1, written)
    assert enter_form(ev, 1, 1, Form(games)).forms[0][0] == written  # totals kept



def test_a_latecomer_typed_without_her_accent_is_not_seated_twice(tmp_path: Path) -> None:
    """'club add avond.json eva' with Éva playing added "eva" beside her: the next round
    sat her at two tables, and a player cannot be taken off again. Said as "ans" is."""
    f = tmp_path / "avond.json"
    assert club("new", str(f), "--spelers", ",".join([*MEMBERS, EVA]), "--lot", "1")[0] == 0
    code, _, err = club("add", str(f), "eva", "--lang", "nl")
    assert code == 2 and err.startswith("jokeren: Éva speelt deze avond al mee: geef de "
                                        "laatkomer een andere naam"), err
    assert len(json.loads(f.read_text())["players"]) == 9
    assert club("add", str(f), "Eva B")[0] == 0


def test_a_name_given_twice_to_club_new_is_named(tmp_path: Path) -> None:
    """'spelers hebben verschillende namen nodig' among 20 names: which? Now said, however
    the second was typed."""
    f = tmp_path / "avond.json"
    code, _, err = club("new", str(f), "--spelers", ",".join([*MEMBERS, "jan", "Karin",
                                                               "JAN"]), "--lang", "nl")
    assert code == 2 and err.strip() == (
        "jokeren: jan staat twee keer tussen de spelers: geef elke speler een eigen naam "
        "(met een letter van de achternaam, zoals jan B)"), err
    code, _, err = club("new", str(f), "--spelers", ",".join([*MEMBERS, EVA, EVA_NFD]))
    assert code == 2 and f"{EVA} is among the players twice" in err, err
    assert not f.exists()


def test_eva_is_listed_among_the_e_not_after_zoe() -> None:
    """The seating list per player ("where do I sit?") and names of equal standing were
    ordered by ``lower``: Éva after Zoë, at the end of the wall's list."""
    from jokeren.club.clubgrids import seating_grids

    ev = draw_next(new_evening(["Zoë", "Ans", EVA, "Bert", "Els", "Frans", "Dirk"], seed=1))
    who = seating_grids(ev, "nl")[-1]
    assert [row[0].value for row in who.rows] == ["Ans", "Bert", "Dirk", "Els", EVA, "Frans", "Zoë"]
    assert [s.name for s in standings(ev)][3:5] == ["Els", EVA]  # none placed yet: by name


def test_a_season_says_look_alikes_among_who_played_keeping_the_usual_name(
        tmp_path: Path) -> None:
    """Éva played both evenings, "eva" one round of one (typed without the accent);
    "Karien" was registered by mistake beside Karin and never played. The season said "eva
    en Éva lijken op elkaar: ... rename "Éva" "eva"" (by name order: the wrong way round)
    and "Karien en Karin" (a name nobody sees in the table). Now only who played, and the
    name of fewer evenings renamed into the usual one."""
    one = new_evening([*MEMBERS, EVA, "Karin", "Karien"], seed=1, date="2026-12-02")
    one = _played(one, 1, absent=[10])
    other = _played(new_evening([*MEMBERS, EVA, "Karin", "eva"], seed=2,
                                date="2026-12-09"), 2)
    files = []
    for k, ev in enumerate((one, other)):
        files.append(tmp_path / f"avond{k}.json")
        files[-1].write_text(to_json(ev), encoding="utf-8")
    code, out, err = club("season", *map(str, files), "--lang", "nl")
    assert code == 0, err
    assert "Karien" not in out
    assert 'Éva en eva lijken op elkaar: als het één speler is: jokeren club rename ' \
        'BESTAND "eva" "Éva" op de bestanden met eva' in out
