"""The computer players: legal choices under every preset, and the rules of thumb of 004."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jokeren.analysis.hands import can_come_out
from jokeren.analysis.legal import legal_actions
from jokeren.analysis.search import candidate_melds
from jokeren.bots import lookahead, make_player
from jokeren.bots.basic import BasicPlayer
from jokeren.bots.determinise import determinise
from jokeren.bots.heuristic import HandEval
from jokeren.bots.strong import StrongPlayer
from jokeren.engine import apply, deal_round
from jokeren.engine.actions import DRAW, PASS, TAKE, Action, Verb
from jokeren.engine.state import Phase, State
from jokeren.engine.views import view
from jokeren.play.table import Seat, Table
from jokeren.rules.cards import JOKER, Card, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.melds import read_meld


def start(preset: str, n: int, round_index: int, seed: int) -> State:
    rules = replace(Rules.load(preset), max_reshuffles=1)
    names = tuple("ABCD"[:n])
    return deal_round(State(rules=rules, players=names, seed=seed, round_index=round_index,
                            totals=(0,) * n, dealer=n - 1, phase=Phase.ROUND_OVER),
                      dealer=n - 1)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_basic_and_strong_choose_only_legal_actions_in_every_preset(preset: str) -> None:
    rules = PRESETS[preset]
    n = max(3, rules.players[0])
    state = start(preset, n, 0, seed=11)
    bots = [BasicPlayer(1), StrongPlayer(2, samples=2), BasicPlayer(3)][:n]
    bots += [BasicPlayer(9)] * (n - len(bots))
    for _ in range(80):
        if not state.live:
            break
        legal = legal_actions(state)
        action = bots[state.to_act].choose(view(state, state.to_act), legal)
        assert action in legal
        state, _ = apply(state, state.to_act, action)


def hand_view(state: State, seat: int, hand: str) -> State:
    hands = list(state.hands)
    hands[seat] = tuple(sorted(parse_cards(hand)))
    return replace(state, hands=tuple(hands))


def test_basic_takes_the_discard_that_completes_the_requirement() -> None:
    state = start("amerikaans", 2, 1, seed=3)  # round 2: a run of 3
    state = replace(state, phase=Phase.DRAW, offer=(), to_act=state.turn,
                    discard=(*state.discard, *parse_cards("6h")))
    state = hand_view(state, state.turn, "4h 5h 9s 9c Kd Qs 2c 3d 7s 8d 10c Jc As")
    legal = legal_actions(state)
    assert BasicPlayer().choose(view(state, state.turn), legal) == TAKE
    state = hand_view(state, state.turn, "4h 5h 9s 2c Jd 7c Kd")
    state = replace(state, discard=(*state.discard, *parse_cards("Qh")))
    assert BasicPlayer().choose(view(state, state.turn), legal_actions(state)) == DRAW


def test_basic_discards_a_dead_high_card_and_keeps_its_joker_and_melds() -> None:
    state = start("amerikaans", 2, 1, seed=3)
    seat = state.turn
    state = replace(state, phase=Phase.PLAY, offer=(), to_act=seat,
                    come_out=tuple(s == seat for s in range(2)))
    state = hand_view(state, seat, "4h 5h 6h 7h 9s 9c 10s * Kd 2d 3c")
    action = BasicPlayer().choose(view(state, seat), legal_actions(state))
    if action.verb is Verb.MELD:  # it lays the run first, as it should
        assert all(c.natural for g in action.melds for c in g)
        state, _ = apply(state, seat, action)
        action = BasicPlayer().choose(view(state, seat), legal_actions(state))
    assert action == Action(Verb.DISCARD, parse_cards("Kd"))


def test_strong_lays_off_a_dead_card_but_keeps_the_card_that_completes_its_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once out, a card that extends a table meld goes down at once if the hand has no use
    for it (Jh), but waits if laying it off would break the run held in hand (7h)."""
    state = start("amerikaans", 2, 1, seed=3)  # round 2: a run of 3
    seat = state.turn
    rules = state.rules
    table = (read_meld(parse_cards("8h 9h 10h"), rules, 1),
             read_meld(parse_cards("2s 3s 4s"), rules, 1))
    state = replace(state, phase=Phase.PLAY, offer=(), to_act=seat, table=table,
                    owners=(1 - seat, seat), come_out=(True, True))
    state = hand_view(state, seat, "5h 6h 7h Jh Kc 9d 2d")
    first = StrongPlayer(1).choose(view(state, seat), legal_actions(state))
    assert first.verb is Verb.LAY and first.card == parse_cards("Jh")[0]
    state, _ = apply(state, seat, first)
    then = StrongPlayer(1).choose(view(state, seat), legal_actions(state))
    assert then.verb is Verb.DISCARD and then.card in parse_cards("Kc 9d 2d")
    monkeypatch.setattr(lookahead, "HOLD_LAYOFFS", False)  # the basic player's rule
    before = StrongPlayer(1).choose(view(state, seat), legal_actions(state))
    assert before.verb is Verb.LAY and before.card == parse_cards("7h")[0]


def test_basic_gives_a_useless_duplicate_in_the_exchange() -> None:
    state = start("amerikaans", 2, 2, seed=8)  # run rounds: a second 9s is no use
    assert state.phase is Phase.EXCHANGE
    seat = state.to_act
    state = hand_view(state, seat, "9s 9s 4h 5h 6h Jd Qd 2c 3c 7s 8s Ac Kh")
    action = BasicPlayer().choose(view(state, seat), legal_actions(state))
    assert action == Action(Verb.GIVE, parse_cards("9s"))


def test_basic_dumps_high_cards_when_someone_is_close_to_going_out() -> None:
    state = start("amerikaans", 2, 1, seed=3)
    seat, other = state.turn, 1 - state.turn
    state = replace(state, phase=Phase.PLAY, offer=(), to_act=seat)
    state = hand_view(state, seat, "2s 4d 9c Kh 7h 7d")
    relaxed = BasicPlayer().choose(view(state, seat), legal_actions(state))
    hands = list(state.hands)
    moved = hands[other][:2]
    hands[other] = hands[other][2:]
    state = replace(state, hands=tuple(hands), stock=(*state.stock, *moved))
    while len(state.hands[other]) > 2:
        hands = list(state.hands)
        card = hands[other][0]
        hands[other] = hands[other][1:]
        state = replace(state, hands=tuple(hands), stock=(*state.stock, card))
    hurried = BasicPlayer().choose(view(state, seat), legal_actions(state))
    assert hurried == Action(Verb.DISCARD, parse_cards("Kh"))
    assert relaxed.verb is Verb.DISCARD


def test_hand_scores_a_finished_arrangement_lower_than_loose_cards() -> None:
    rules = Rules.load("amerikaans")
    ev = HandEval(rules, 1, rules.requirement(1), come_out=False)
    good = ev.arrange(parse_cards("4h 5h 6h 9s 9c 9d Kd"))
    loose = ev.arrange(parse_cards("4h 7s 10d 2c 9c Qs Kd"))
    assert good.req_missing == 0 and set(good.dead) == {parse_cards("Kd")[0]}
    assert loose.req_missing == 2 and good.score < loose.score
    with_joker = ev.arrange((*parse_cards("4h 6h 9s Qd"), JOKER))
    assert with_joker.req_missing == 0


def test_make_player_knows_levels_and_sample_counts() -> None:
    assert make_player("level1").name == "level1"
    assert isinstance(make_player("level2"), BasicPlayer)
    strong = make_player("strong:3")
    assert isinstance(strong, StrongPlayer) and strong.samples == 3
    assert isinstance(make_player("level5"), StrongPlayer)
    with pytest.raises(ValueError, match="unknown computer player"):
        make_player("grandmaster")
    with pytest.raises(ValueError, match="strong:N"):
        make_player("strong:0")


def test_strong_search_prefers_the_take_that_completes_its_run() -> None:
    state = start("amerikaans", 2, 1, seed=3)
    state = replace(state, phase=Phase.DRAW, offer=(), to_act=state.turn,
                    discard=(*state.discard, *parse_cards("6h")))
    state = hand_view(state, state.turn, "4h 5h 9s 9c Kd Qs 2c 3d 7s 8d 10c Jc As")
    player = StrongPlayer(5, samples=4)
    assert player.choose(view(state, state.turn), legal_actions(state)) == TAKE
    assert PASS not in legal_actions(state)


def test_strong_searches_worlds_its_opponents_play_allows() -> None:
    """An opponent not out holds no hand that could come out (it would have); one out since
    before its last turn holds no natural card that extends a table meld and no natural
    meld (it would have laid them). Plain possible worlds often break both."""
    state = start("amerikaans", 2, 0, seed=5)  # round 1: a set of 3, often in hand
    seat = state.turn
    other = 1 - seat
    state = replace(state, phase=Phase.DRAW, offer=(), to_act=seat)
    rules, req = state.rules, state.requirement
    player = StrongPlayer(1)
    first = view(state, seat)
    worlds = player.worlds(first)
    assert all(can_come_out(w.hands[other], rules, 0, req) is None for w in worlds)
    plain = [determinise(first, random.Random(i)) for i in range(40)]
    assert sum(can_come_out(w.hands[other], rules, 0, req) is not None for w in plain) >= 10

    # The opponent came out with 7s 7h 7d and has 5 cards left (it was out at the seat's
    # turn before too).
    run = read_meld(parse_cards("4c 5c 6c"), rules, 0)
    hands = list(state.hands)
    hands[other] = hands[other][:5]
    out = replace(state, table=(read_meld(parse_cards("7s 7h 7d"), rules, 0), run),
                  owners=(other, seat), come_out=tuple(s == other for s in range(2)),
                  hands=tuple(hands))
    player = StrongPlayer(2)
    player.worlds(view(out, seat))  # the seat's turn before
    later = view(replace(out, turns_done=out.turns_done + 2), seat)

    def lays(hand: tuple[Card, ...]) -> bool:
        return any(c.natural and (c.rank == 7 or c in parse_cards("3c 7c")) for c in hand) \
            or bool(candidate_melds([c for c in hand if c.natural], rules, 0))

    assert not any(lays(w.hands[other]) for w in player.worlds(later))
    assert sum(lays(determinise(later, random.Random(i)).hands[other]) for i in range(40)) >= 5
    # Out only since the seat's last turn: it may still hold what it could not lay yet
    # (the coming-out turn lays the requirement only).
    held = tuple(parse_cards("7c 9d"))
    assert not player.plausible(later, held, other)
    assert StrongPlayer(3).plausible(later, held, other)


def _basic_table(preset: str, players: int, seed: int, rules: Rules | None = None) -> Table:
    bots = {s: make_player("basic", seed * 7 + s) for s in range(players)}
    return Table(rules or PRESETS[preset], [Seat(n, "basic") for n in "ABCDEF"[:players]],
                 seed, players=bots)


@pytest.mark.parametrize("seed", range(4))
def test_basic_never_throws_back_the_card_it_took(seed: int) -> None:
    """What the basic player takes from the pile it keeps that turn: its take weighed the
    hand alone and its discard also what the card gives the others, so it took a card to
    throw it back (three of them passed one 3h round for ever, the stock never drawn)."""
    table = _basic_table("amerikaans", 3, seed, replace(PRESETS["amerikaans"],
                                                          max_reshuffles=1))
    taken: dict[int, Card] = {}
    takes = 0
    while not table.finished:
        seat, pile = table.state.to_act, table.state.discard
        top = pile[-1] if pile else None
        done = table.play_bot()
        assert done is not None
        if done.action.verb is Verb.TAKE and top is not None:
            taken[seat], takes = top, takes + 1
        elif done.action.verb is Verb.DISCARD:
            assert taken.pop(seat, None) != done.action.card, f"{seat} threw back its take"
        elif done.action.verb is Verb.DEAL:
            taken.clear()
    assert takes >= 3  # the player does take from the pile


def test_basic_players_end_a_round_that_once_had_no_end() -> None:
    """Three basic players, Amerikaans without a cap: the match (seed 17) whose third
    round they once played for ever, each taking the 3h the other threw, ends."""
    table = _basic_table("amerikaans", 3, 17)
    steps = 0
    while not table.finished:
        assert table.play_bot() is not None
        steps += 1
        assert steps < 6 * 1500, f"round {table.state.round_index + 1} has no end"


def stuck_buying(hand: str, top: str, table: str = "5s 5h 5d 5c/Ks Kh Kd Kc") -> Action:
    """What the basic player answers, out and holding ``hand``, when ``top`` is for sale in
    Amerikaans' first round (sets only, at most four a set) with ``table`` laid and the two
    others out with one card each (close to going out)."""
    state = start("amerikaans", 3, 0, seed=5)
    rules = state.rules
    turn, seat = 0, 1
    melds = tuple(read_meld(parse_cards(m), rules, 0) for m in table.split("/"))
    hands = [tuple(parse_cards("2c")), tuple(sorted(parse_cards(hand))), tuple(parse_cards("3d"))]
    state = replace(state, phase=Phase.BUYING, turn=turn, to_act=seat, offer=(seat, 2),
                    hands=tuple(hands), table=melds, owners=(0,) * len(melds),
                    come_out=(True, True, True),
                    discard=(*state.discard, *parse_cards(top)))
    legal = legal_actions(state)
    assert {a.verb for a in legal} == {Verb.BUY, Verb.PASS}
    return BasicPlayer().choose(view(state, seat), legal)


def test_basic_buys_when_its_hand_can_no_longer_go_out() -> None:
    """Out with one card beside full sets, a draw and a discard leave the hand as it was:
    only a buy makes it bigger (CI's endless round at 5b5f604: two computer players at one
    card each, never buying once out). It buys a card that pairs with its card, even with
    the others close to going out, and still passes a card that does not, or when its card
    can be laid off."""
    assert stuck_buying("7h", "7d").verb is Verb.BUY
    assert stuck_buying("7h", "*").verb is Verb.BUY
    assert stuck_buying("7h", "9c").verb is Verb.PASS
    assert stuck_buying("7h", "7d", table="5s 5h 5d 5c/7s 7c 7d").verb is Verb.PASS
    assert stuck_buying("7h 9c", "7d").verb is Verb.BUY  # two cards and the last discard
    assert stuck_buying("7h 9c Jd", "7d").verb is Verb.PASS  # can meld three and discard
