"""Scenario records quoted from the source texts, each with the replay result it must give.

tests/scenarios/**/NAME.json is a record (with a "source" key quoting the Dutch text);
NAME.expected.json holds the replay summary keys to compare (the reason's words excepted).
The three examples of ../shared/examples are run too when that folder is present.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jokeren.engine.record import Record, replay

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "examples"
RECORDS = sorted(
    p for p in (*HERE.glob("scenarios/**/*.json"), *SHARED.glob("*.json"))
    if not p.name.endswith(".expected.json")
)


def test_there_are_scenarios() -> None:
    assert len(RECORDS) >= 60


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    record = Record.load(path)
    if path.parent.name != "examples":
        assert "source" in record.extra, "a scenario quotes its source text"
    summary = replay(record).summary()
    for key, value in expected.items():
        if key == "error" and value is not None:
            assert summary["error"] is not None, "the record should stop at an illegal move"
            got = {k: summary["error"][k] for k in ("round", "move", "text")}
            assert got == {k: value[k] for k in ("round", "move", "text")}
            assert summary["error"]["reason"]
        else:
            assert summary[key] == value, key


# docs/notation.md: "a round key that the rules do not use (an `upcard` where the rules turn no
# card up)" makes a record malformed. 003 (the `jokeren` preset): "Degene na de gever ...
# mag de eerste kaart van het stapeltje pakken"; 000 turns a card up only with 3+ players.
NO_UPCARD = [("jokeren", ["Ann", "Bob", "Cas"]), ("amerikaans", ["Ann", "Bob"])]


@pytest.mark.parametrize(("rules", "players"), NO_UPCARD, ids=[r for r, _ in NO_UPCARD])
def test_upcard_where_the_rules_turn_none_up_is_malformed(rules: str,
                                                          players: list[str]) -> None:
    from jokeren.engine.record import RecordError

    data = {"format": "jokeren-record/1", "rules": rules, "players": players, "seed": 3,
            "rounds": [{"upcard": "Kd", "moves": [f"{players[0]}: take"]}]}
    with pytest.raises(RecordError) as caught:
        replay(Record.from_json(data))
    assert "upcard" in str(caught.value) and "open kaart" in caught.value.text("nl")
    del data["rounds"][0]["upcard"]  # without it, a game: no card lies open to take
    assert replay(Record.from_json(data)).error["move"] == 1
