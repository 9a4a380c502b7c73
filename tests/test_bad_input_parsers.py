"""The parsers of what people type and files hold, with any text (hypothesis): each returns
or raises its own one-sentence error, never another exception (which the commands would
show as a traceback, the server as a 500). Digits get their own strategy: another script's
('²', '٣'), signs, and more than int() reads."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from jokeren.engine.actions import Action
from jokeren.engine.record import RecordError
from jokeren.rules.cards import NotationError, typed_cards
from jokeren.rules.requirements import Requirement
from jokeren.rules.sentence import Sentence
from jokeren.rules.textfile import parse_json, parse_toml
from jokeren.score.scorecard import ScoreError
from jokeren.score.scorefile import parse_left
from jokeren.tui.typed import read_typed

NUMBERISH = st.one_of(
    st.text(st.sampled_from("0123456789-+ ²³½٣१"), max_size=12),
    st.integers(4300, 6000).map(lambda n: "9" * n),
    st.integers(-10**30, 10**30).map(str),
)
TYPED = st.one_of(
    st.text(max_size=40),
    NUMBERISH,
    st.tuples(st.sampled_from(["lay", "swap", "leg aan", "ruil", "discard", "meld", "set",
                               "run", "points", "Bob=", ""]), NUMBERISH,
              st.sampled_from(["", " 8h", " Vh 10r *", " x"])).map(lambda t: " ".join(t)),
)
FRUGAL = settings(max_examples=150, deadline=None)


@FRUGAL
@given(TYPED)
def test_a_typed_move_or_cards(text: str) -> None:
    for read in (Action.parse, read_typed, typed_cards):
        with contextlib.suppress(NotationError):
            read(text)


@FRUGAL
@given(TYPED)
def test_a_requirement(text: str) -> None:
    with contextlib.suppress(Sentence):
        Requirement.parse(text)


@FRUGAL
@given(st.one_of(TYPED, st.integers(-10**30, 10**30), st.none(), st.booleans()))
def test_a_players_cards_or_points_left(value: object) -> None:
    with contextlib.suppress(ScoreError):
        parse_left("Bob", value)


@FRUGAL
@given(st.one_of(st.text(max_size=60), NUMBERISH,
                 NUMBERISH.map(lambda n: '{"seed": ' + n + "}"),
                 NUMBERISH.map(lambda n: "packs = " + n),
                 st.integers(1, 3000).map(lambda n: "[" * n + "]" * n)))
def test_a_json_or_toml_file(text: str) -> None:
    for read in (parse_json, parse_toml):
        with contextlib.suppress(RecordError):
            read(text, RecordError)


def test_an_empty_json_text_is_said_to_be_empty_wherever_it_comes_from() -> None:
    """Every reader of a record, house rules, a score card or a club evening parses JSON
    here (a file, a pipe, the replay page's record sent as text): nothing but white space
    and byte-order marks is "the file is empty", not JSON wrong on line 1 or 3. An empty
    TOML text is a house-rules file that changes nothing."""
    for text in ("", "\n  \n", "\ufeff", "\ufeff\r\n"):
        try:
            parse_json(text, RecordError)
        except RecordError as exc:
            assert (exc.text("en"), exc.text("nl")) == ("the file is empty",
                                                       "het bestand is leeg"), text
        else:
            raise AssertionError(f"{text!r} was read as JSON")
        assert parse_toml(text, RecordError) == {}
