"""Seeded random play-outs with the invariants checked after every action.

Every preset (the variants too, once registered), 2 to 6 players where the preset allows:
every card accounted for exactly once, a live state always has a legal action, every
match ends, the record replays to the identical state, no hidden card in another seat's
view (conftest.check_invariants). The slow part plays 1,000 matches for each preset of a
source text and 50 for each variant preset; CI runs it.
"""

from __future__ import annotations

import pytest

from jokeren.rules.house import PRESETS, Rules

from conftest import assert_replays, capped, play_out

NAMES = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fien"]
SOURCE_PRESETS = ["amerikaans", "amerikaans-40", "jokeren-13", "jokeren-7", "jokeren",
                  "jokeren-30"]  # one per source text: 1,000 matches each (issue 2)
VARIANT_MATCHES = 50  # each variant preset of 004/001 (issue 3: the invariants hold)
CHUNK = 40  # matches per test, so that pytest-xdist can share the work out


def counts(rules: Rules) -> list[int]:
    lo, hi = rules.players
    return list(range(lo, min(hi, 6) + 1))


def one_match(preset: str, seed: int) -> None:
    rules = capped(PRESETS[preset], rebuilds=1 if seed % 4 == 0 else 0)
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


def slow_cases() -> list[tuple[str, int]]:
    cases = []
    for preset in sorted(PRESETS):
        matches = 1000 if preset in SOURCE_PRESETS else VARIANT_MATCHES
        cases += [(preset, start) for start in range(0, matches, CHUNK)]
    return cases


def test_every_source_text_has_a_preset_in_the_thousand_match_suite() -> None:
    assert set(SOURCE_PRESETS) <= set(PRESETS)
    counted = {p: 0 for p in PRESETS}
    for preset, start in slow_cases():
        counted[preset] += min(CHUNK, (1000 if preset in SOURCE_PRESETS else VARIANT_MATCHES)
                               - start)
    assert all(counted[p] == 1000 for p in SOURCE_PRESETS)
    assert all(n >= VARIANT_MATCHES for n in counted.values())


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "start"), slow_cases(), ids=lambda v: str(v))
def test_random_matches(preset: str, start: int) -> None:
    matches = 1000 if preset in SOURCE_PRESETS else VARIANT_MATCHES
    for seed in range(start, min(start + CHUNK, matches)):
        one_match(preset, seed)
