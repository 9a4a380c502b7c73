"""The fast move listing lists exactly what the engine accepts.

``legal_actions`` asks the engine in bulk and skips candidates it knows the engine refuses.
Here every simple action worth asking (each distinct card laid on and swapped into each
table meld, every discard, every listed meld) is put to ``engine.check`` one by one, at
every decision of eager random matches of every preset: the accepted ones must be exactly
the listed ones.
"""

from __future__ import annotations

import random

import pytest

from jokeren.analysis.legal import candidate_actions, legal_actions
from jokeren.engine import check, ways_to_use
from jokeren.engine.actions import Action, Verb
from jokeren.engine.state import Phase, State
from jokeren.engine.views import view
from jokeren.play.table import people_table
from jokeren.rules.house import PRESETS

from conftest import EagerPlayer, capped

NAMES = ["Ann", "Bob", "Cas", "Dirk"]


def broad_candidates(state: State) -> list[Action]:
    """Every simple action worth asking, without analysis/legal.py's shortcuts."""
    actions = list(candidate_actions(state))
    if state.phase is Phase.PLAY:
        distinct = sorted(set(state.hands[state.to_act]))
        for n in range(1, len(state.table) + 1):
            for card in distinct:
                actions.append(Action(Verb.LAY, (card,), target=n))
                if card.natural:
                    actions.append(Action(Verb.SWAP, (card,), target=n))
    return list(dict.fromkeys(actions))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_listed_actions_are_exactly_the_accepted_candidates(preset: str) -> None:
    rules = capped(PRESETS[preset])
    lo, hi = rules.players
    decisions = 0
    for seed in range(3):
        n = lo + seed % (min(hi, 4) - lo + 1)
        rng = random.Random(seed)
        bots = [EagerPlayer(rng.randrange(2**30)) for _ in range(n)]
        game = people_table(rules, NAMES[:n], seed)
        while game.state.phase is not Phase.MATCH_OVER and decisions < 1500 * (seed + 1):
            state = game.state
            if state.phase is Phase.ROUND_OVER:
                game.next_round()
                continue
            legal = legal_actions(state)
            accepted = {a for a in broad_candidates(state)
                        if check(state, state.to_act, a) is None}
            # exactly the accepted candidates, and the ways to use a card that must be used
            assert accepted <= set(legal), (state.phase, str(state.requirement))
            assert set(legal) - accepted <= set(ways_to_use(state))
            assert all(check(state, state.to_act, a) is None for a in legal)
            assert len(legal) == len(set(legal))  # listed once each
            game.play(state.to_act, bots[state.to_act].choose(view(state, state.to_act),
                                                              legal))
            decisions += 1
    assert decisions > 500


def test_a_taken_card_swapped_onto_the_table_no_longer_blocks_the_discard() -> None:
    """Found by the play-outs: under "take only to use it" (000) the taken Ah went into a run
    in place of the joker that stood for it; Ah is still pending but no longer in hand, so
    it cannot be used again and the discard must be allowed (not a stuck turn)."""
    from jokeren.engine import new_match
    from jokeren.engine.state import evolve
    from jokeren.rules.cards import parse_cards
    from jokeren.rules.melds import read_meld

    rules = PRESETS["jokeren"]
    assert rules.take_discard == "if-used"
    state = new_match(rules, NAMES[:3], 1)
    aces = read_meld(parse_cards("As Ad Ac"), rules, 0)  # the Ah would fit here
    run = read_meld(parse_cards("10h Jh Qh Kh Ah"), rules, 0)
    hand = tuple(sorted(parse_cards("2h 5s 6s 9s 10c Jd")))
    state = evolve(state, phase=Phase.PLAY, turn=0, to_act=0, table=(aces, run), owners=(1, 1),
                   hands=(hand, *state.hands[1:]), come_out=(True, True, False),
                   pending=tuple(parse_cards("Ah")), turns_done=5)
    legal = legal_actions(state)
    assert Action(Verb.DISCARD, tuple(parse_cards("2h"))) in legal
    assert check(state, 0, Action(Verb.DISCARD, tuple(parse_cards("Jd")))) is None


def test_bulk_checks_refuse_cards_not_held() -> None:
    """``engine.legal_lays`` and ``legal_melds`` are asked for many candidates at once; a
    candidate with a card the seat does not hold must be refused, as ``apply`` would."""
    from jokeren.engine import legal_lays, legal_melds, new_match
    from jokeren.engine.state import evolve
    from jokeren.rules.cards import parse_cards
    from jokeren.rules.melds import read_meld

    rules = PRESETS["amerikaans"]
    state = new_match(rules, NAMES[:2], 1)
    run = read_meld(parse_cards("5h 6h 7h"), rules, 0)
    hand = tuple(sorted(parse_cards("4h 9s 9d 2c 3c")))
    state = evolve(state, phase=Phase.PLAY, turn=0, to_act=0, table=(run,), owners=(1,),
                   hands=(hand, *state.hands[1:]), come_out=(True, True), turns_done=5,
                   came_out_now=False)
    held, not_held = Action(Verb.LAY, tuple(parse_cards("4h")), target=1), \
        Action(Verb.LAY, tuple(parse_cards("8h")), target=1)
    assert check(state, 0, not_held) is not None
    assert legal_lays(state, 0, [held, not_held]) == [held]
    assert legal_melds(state, 0, [tuple(parse_cards("9s 9d 9h"))]) == []
    assert check(state, 0, Action(Verb.MELD, melds=(tuple(parse_cards("9s 9d 9h")),))) \
        is not None
