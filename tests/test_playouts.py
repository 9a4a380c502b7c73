"""Seeded random play-outs with the invariants checked after every action.

Every preset (the variants too, once registered), 2 to 6 players where the preset allows:
every card accounted for exactly once, a live state always has a legal action, every
match ends, the record replays to the identical state, no hidden card in another seat's
view (conftest.check_invariants). The slow part plays 1,000 matches per preset; CI runs it.
"""

from __future__ import annotations

import pytest

from jokeren.rules import PRESETS, Rules

from conftest import assert_replays, capped, play_out

NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien"]
MATCHES = 1000
CHUNKS = 20


def counts(rules: Rules) -> list[int]:
    lo, hi = rules.players
    return list(range(lo, min(hi, 6) + 1))


def one_match(preset: str, seed: int) -> None:
    rules = capped(PRESETS[preset], rebuilds=seed % 2)
    n_players = counts(rules)[seed % len(counts(rules))]
    # One match in ten between purely uniform players; the rest meld eagerly so that
    # rounds end by someone going out.
    game = play_out(rules, NAMES[:n_players], seed, eager=seed % 10 != 0)
    assert game.state.winner is not None
    assert len(game.state.results) >= 1
    assert_replays(game)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playouts_quick(preset: str) -> None:
    for seed in range(len(counts(PRESETS[preset]))):
        one_match(preset, 100_000 + seed)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_thousand_matches_per_preset(preset: str, chunk: int) -> None:
    per_chunk = MATCHES // CHUNKS
    for k in range(per_chunk):
        one_match(preset, chunk * per_chunk + k)
