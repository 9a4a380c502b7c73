"""Property-based tests of the engine: hypothesis chooses the moves.

Every step keeps the invariants; an illegal candidate is refused with a sentence and changes
nothing; a record that stops anywhere (a position) replays to the identical state.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jokeren.analysis.legal import candidate_actions, legal_actions
from jokeren.engine import IllegalMoveError, apply
from jokeren.engine.state import Phase
from jokeren.play.table import people_table
from jokeren.rules.house import PRESETS

from conftest import assert_replays, capped, check_invariants

NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien"]


@st.composite
def games(draw: st.DrawFn) -> tuple[str, int, int]:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    lo, hi = PRESETS[preset].players
    return preset, draw(st.integers(lo, min(hi, 6))), draw(st.integers(0, 2**31))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_any_sequence_of_legal_moves_keeps_the_invariants(
    game_args: tuple[str, int, int], choices: list[int]
) -> None:
    preset, n, seed = game_args
    game = people_table(capped(PRESETS[preset], 0), NAMES[:n], seed)
    for choice in choices:
        state = game.state
        if state.phase is Phase.MATCH_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        legal = legal_actions(state)
        check_invariants(state, legal)
        illegal = [a for a in candidate_actions(state) if a not in legal]
        if illegal:
            bad = illegal[choice % len(illegal)]
            try:
                apply(state, state.to_act, bad)
            except IllegalMoveError as exc:
                assert len(str(exc).split()) >= 3, f"no reason for {bad}: {exc!r}"
            else:  # listed candidates the engine accepts are listed as legal
                raise AssertionError(f"{bad} was accepted but not listed")
            assert game.state is state
        game.play(state.to_act, legal[choice % len(legal)])
    check_invariants(game.state)
    assert_replays(game)  # also when the record stops in the middle of a round
