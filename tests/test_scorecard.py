"""The score card of a match played with real cards: penalties, pot, elimination, winner."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jokeren.bots.random_player import RandomPlayer
from jokeren.play.simulate import play_match
from jokeren.rules.cards import full_deck, parse_cards
from jokeren.rules.house import PRESETS, Rules
from jokeren.rules.scoring import hand_penalty
from jokeren.score.scorecard import (
    Left,
    ScoreCard,
    ScoreError,
    add_round,
    check_hand,
    new_card,
    points_step,
    tally,
    undo_round,
)
from jokeren.score.scorefile import from_obj, make_round, to_json

# docs/rules.md, row "penalty: 2-9 / 10 / JQK / ace / joker" (None: the card's face value), and
# the joker before coming out where a text gives one.
RULES_MD = {
    "000": (5, 10, 10, 15, 20, None),
    "001": (None, None, 10, 11, 25, 10),
    "002": (None, None, 10, 11, 25, None),
    "003": (None, None, 10, 1, 50, None),
    "004": (None, 10, 10, 15, 25, None),
}
SOURCE = {"amerikaans": "000", "amerikaans-40": "001", "jokeren-13": "002", "jokeren-7": "002",
          "jokeren": "003", "jokeren-30": "004", "mexicaans": "004", "contract": "004",
          "turbo": "004", "rummikub": "004", "open": "004"}
HAND = "2h 3s 4d 5c 6h 7s 8d 9c 10h Jd Qs Kc Ah *"


def expected(source: str, come_out: bool = True) -> int:
    low, ten, face, ace, joker, early = RULES_MD[source]
    two_to_nine = sum(n if low is None else low for n in range(2, 10))
    return (two_to_nine + (10 if ten is None else ten) + 3 * face + ace
            + (early if early is not None and not come_out else joker))


def one_round(rules: Rules | str, left: dict[str, object], **kw: object) -> ScoreCard:
    card = new_card(Rules.load(rules), ["Ann", "Bob", "Cor"])
    return add_round(card, make_round(card.players, "Ann", left, **kw))  # type: ignore[arg-type]


def test_every_preset_has_a_source_column() -> None:
    assert set(PRESETS) == set(SOURCE)


@pytest.mark.parametrize("preset", sorted(SOURCE))
def test_penalties_from_cards_follow_rules_md(preset: str) -> None:
    card = one_round(preset, {"Bob": HAND, "Cor": "As"})
    score = tally(card)
    ace = RULES_MD[SOURCE[preset]][3]
    assert score.rounds[0].penalties == (0, expected(SOURCE[preset]), ace)


@pytest.mark.parametrize("preset", sorted(SOURCE))
def test_a_joker_before_coming_out(preset: str) -> None:
    card = one_round(preset, {"Bob": "*", "Cor": "*"}, not_come_out=["Bob"])
    *_, joker, early = RULES_MD[SOURCE[preset]]
    assert tally(card).totals == (0, joker if early is None else early, joker)


def test_the_all_at_once_bonus_is_the_rules_own() -> None:
    house = {"preset": "jokeren-30", "all_at_once_bonus": 25}
    card = one_round(house, {"Bob": "Ks", "Cor": 7}, all_at_once=True)
    assert tally(card).totals == (-25, 10, 7)
    assert tally(one_round("jokeren-30", {"Bob": "Ks", "Cor": 7}, all_at_once=True)).totals \
        == (0, 10, 7)


def test_points_or_cards_and_a_card_too_many() -> None:
    card = one_round("jokeren", {"Bob": "35", "Cor": "-"})
    assert tally(card).totals == (0, 35, 0)
    with pytest.raises(ScoreError, match="packs hold it 2 times"):
        one_round("jokeren", {"Bob": "Ks Ks", "Cor": "Ks"})
    with pytest.raises(ScoreError, match="Cor's cards or points"):
        one_round("jokeren", {"Bob": 3})
    with pytest.raises(ScoreError, match="went out and has no cards"):
        one_round("jokeren", {"Ann": 3, "Bob": 3, "Cor": 3})


def money_card() -> ScoreCard:
    rules = Rules.load({"preset": "amerikaans", "money": {"per_buy": 1, "per_point": 1}})
    return new_card(rules, ["Ann", "Bob", "Cor", "Dirk"])


def test_the_money_pot_over_a_six_round_match() -> None:
    """000: a cent per buy, each loser's penalty in cents, the pot to the last round's
    winner; the lowest total wins the match."""
    card = money_card()
    rounds = [
        ("Ann", {"Bob": "Ks 7h", "Cor": "*", "Dirk": "Ah 2c 3c"}, {"Bob": 1, "Cor": 2}),  # 15+20+25
        ("Bob", {"Ann": 40, "Cor": "10d", "Dirk": "-"}, {}),  # 50
        ("Cor", {"Ann": "* *", "Bob": "Qh Qd", "Dirk": 5}, {"Dirk": 3}),  # 40 + 20 + 5
        ("Dirk", {"Ann": 0, "Bob": 0, "Cor": "9s"}, {}),  # 5
        ("Ann", {"Bob": 100, "Cor": 5, "Dirk": 25}, {"Ann": 1}),  # 130
        ("Dirk", {"Ann": "As", "Bob": "2s", "Cor": "Js Qs"}, {}),  # 15 + 5 + 20
    ]
    for i, (out, left, buys) in enumerate(rounds):
        assert not tally(card).over
        card = add_round(card, make_round(card.players, out, left, buys=buys))
        if i == 0:
            assert tally(card).pot == 3 + 15 + 20 + 25
    score = tally(card)
    assert score.totals == (0 + 40 + 40 + 0 + 0 + 15, 15 + 0 + 20 + 0 + 100 + 5,
                            20 + 10 + 0 + 5 + 5 + 20, 25 + 0 + 5 + 0 + 25 + 0)
    buys = 3 + 3 + 1
    assert score.pot == buys + 60 + 50 + 65 + 5 + 130 + 40
    assert score.over and score.pot_winner == 3  # Dirk went out in round 6
    assert score.winner == 3  # the lowest total, 59
    with pytest.raises(ScoreError, match="the match is over"):
        add_round(card, make_round(card.players, "Ann", {"Bob": 1, "Cor": 1, "Dirk": 1}))
    assert from_obj(json.loads(to_json(card))) == card  # the file round-trips


def test_the_score_card_counts_as_the_engine_does() -> None:
    """A match the engine played (random players, money, buying), entered card by card:
    the same totals, pot, pot winner and match winner."""
    rules = Rules.load({"preset": "amerikaans", "money": {"per_buy": 1, "per_point": 1},
                        "max_turns": 200, "max_reshuffles": 1})
    names = ["Ann", "Bob", "Cor", "Dirk"]
    for seed in (1, 2):
        game = play_match(rules, names, seed, [RandomPlayer(seed * 10 + i) for i in range(4)])
        state = game.state
        card = new_card(rules, names)
        for result, record in zip(state.results, game.record.rounds, strict=True):
            out = names[result.winner] if result.winner is not None else None
            left = {names[s]: " ".join(str(c) for c in hand)
                    for s, hand in enumerate(result.hands_left) if s != result.winner}
            buys = {p: sum(m == f"{p}: buy" for m in record.moves) for p in names}
            card = add_round(card, make_round(names, out, left, result.all_at_once, (), buys))
        score = tally(card)
        assert score.totals == state.totals and score.pot == state.pot
        assert (score.winner, score.pot_winner) == (state.winner, state.pot_winner)


@pytest.mark.parametrize("limit", [250, 500])
def test_elimination(limit: int) -> None:
    """004: whoever reaches the limit is out; the last one left wins."""
    # A dear joker, so that one round can reach the limit (a hand costs 240 at most else).
    rules = Rules.load({"preset": "jokeren-30", "eliminate_at": limit, "penalty": {"*": 500}})
    card = new_card(rules, ["Ann", "Bob", "Cor"])
    step = limit // 5
    card = add_round(card, make_round(card.players, "Ann", {"Bob": step * 5, "Cor": step}))
    score = tally(card)
    assert score.eliminated == (1,) and not score.over and score.next_dealer == 0
    with pytest.raises(ScoreError, match="Bob is eliminated"):
        add_round(card, make_round(card.players, "Ann", {"Bob": 1, "Cor": 1}))
    card = add_round(card, make_round(card.players, "Ann", {"Cor": step * 4 - 1}))
    assert not tally(card).over  # Cor at limit - 1
    card = add_round(card, make_round(card.players, "Cor", {"Ann": limit - 1}))
    assert not tally(card).over  # Ann at limit - 1
    card = add_round(card, make_round(card.players, "Ann", {"Cor": 1}))
    score = tally(card)
    assert score.totals == (limit - 1, limit, limit)
    assert score.eliminated == (1, 2) and score.over and score.winner == 0
    assert tally(undo_round(card)).winner is None


def test_everyone_out_in_one_round_goes_to_the_lowest_of_them() -> None:
    rules = Rules.load({"preset": "jokeren-30", "eliminate_at": 250, "penalty": {"*": 500}})
    card = new_card(rules, ["Ann", "Bob", "Cor"])
    card = add_round(card, make_round(card.players, None, {"Ann": 300, "Bob": 260, "Cor": 280}))
    assert tally(card).winner == 1


def test_the_file_keeps_comments_and_names_the_round_at_fault() -> None:
    obj = {"format": "jokeren-score/1", "rules": "jokeren", "players": ["Ann", "Bob", "Cor"],
           "comment": "club night", "rounds": [
               {"out": "Ann", "left": {"Bob": "Ks", "Cor": 3}, "comment": "Bob misdealt"}]}
    card = from_obj(obj)
    assert json.loads(to_json(card)) == obj
    obj["rounds"].append({"out": "Bob", "left": {"Ann": "Ks Ks Ks"}})  # type: ignore[attr-defined]
    with pytest.raises(ScoreError, match="round 2: give Cor's") as err:
        from_obj(obj)
    assert "ronde 2: geef de kaarten of punten die Cor overhield" in err.value.text("nl")


@pytest.mark.parametrize(("extra", "en", "nl"), [
    ({"all_at_once": "false"}, "round 2: all at once (\"all_at_once\" in the file) must be true or "
     "false", "ronde 2: in één keer uit (\"all_at_once\" in het bestand) is \"true\" of \"false\""),
    ({"all_at_once": [0]}, "round 2: all at once (\"all_at_once\" in the file) must be true or "
     "false", "ronde 2: in één keer uit (\"all_at_once\" in het bestand) is \"true\" of \"false\""),
    ({"buys": {"Bob": 2, "bob": 3}}, "round 2: Bob's buys are given twice",
     "ronde 2: wat Bob kocht staat er twee keer in"),
])
def test_a_round_of_the_file_that_says_something_twice_or_not_as_a_bool_is_refused(
        extra: dict[str, object], en: str, nl: str) -> None:
    """h1 B5: "all_at_once": "false" gave the bonus; two buys of one player (names differing
    in case) were added up, where a player's cards given twice are refused."""
    rounds: list[object] = [{"out": "Ann", "left": {"Bob": 10, "Cor": 5}},
                            {"out": "Ann", "left": {"Bob": 10, "Cor": 5}, **extra}]
    obj = {"format": "jokeren-score/1", "rules": {"preset": "amerikaans",
                                                  "all_at_once_bonus": 25},
           "players": ["Ann", "Bob", "Cor"], "rounds": rounds}
    with pytest.raises(ScoreError) as err:
        from_obj(obj)
    assert err.value.text("en") == en and err.value.text("nl").startswith(nl)
    assert from_obj({**obj, "rounds": [rounds[0], {**rounds[0], "all_at_once": False,
                                                   "buys": {"Bob": 2}}]}).rounds[1].buys \
        == (0, 2, 0)


@pytest.mark.parametrize(("obj", "en", "nl"), [
    ({"rules": "nope", "players": ["Ann", "Bob"]},  # a RulesError (a Sentence) inside
     "the rules: unknown preset 'nope'", "de regels: onbekende spelvorm 'nope'"),
    ({"rules": "amerikaans", "players": ["Ann", "Bob"],  # a NotationError (a Reason)
      "rounds": [{"out": "Ann", "left": {"Bob": "Kx"}}]},
     "round 1: Bob: 'Kx' is not a card", "ronde 1: Bob: 'Kx' is geen kaart"),
])
def test_a_nested_error_is_worded_in_the_same_language(obj: dict[str, object], en: str,
                                                        nl: str) -> None:
    with pytest.raises(ScoreError) as err:
        from_obj({"format": "jokeren-score/1", **obj})
    assert err.value.text("en").startswith(en) and err.value.text("nl").startswith(nl)


# --- bounds: buys and a hand's points (hypothesis) -----------------------------------------

FRUGAL = settings(max_examples=100, deadline=None)


@FRUGAL
@given(k=st.integers(min_value=0, max_value=10**12), players=st.integers(3, 8))
def test_a_players_buys_in_a_round_are_at_most_the_packs_cards(k: int, players: int) -> None:
    """``score round --buy Bob=999999999`` was taken (a pot of ten million euros): a player
    buys at most as many cards in a round as the packs hold (108 with two packs and four
    jokers); more is refused with one sentence, and the card is as it was."""
    rules = Rules.load({"preset": "amerikaans", "money": {"per_buy": 1, "per_point": 1}})
    names = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans"][:players]
    card = new_card(rules, names)
    packs = rules.pack_count(players) * 52 + rules.joker_count(players)
    entry = make_round(names, "Ann", dict.fromkeys(names[1:], 0), buys={"Bob": k})
    if k <= packs:
        assert tally(add_round(card, entry)).pot == k
        return
    with pytest.raises(ScoreError) as refused:
        add_round(card, entry)
    assert refused.value.key == "score_err_buys_most"
    assert refused.value.text("en") == (f"Bob cannot have bought {k} cards in one round: "
                                        f"the packs hold {packs} cards")
    assert refused.value.text("nl").startswith("Bob kan in één ronde geen ")


@FRUGAL
@given(points=st.integers(min_value=-10**12, max_value=10**12),
       preset=st.sampled_from(sorted(PRESETS)))
def test_a_hands_points_alone_are_ones_a_hand_can_cost(points: int, preset: str) -> None:
    """/api/score/penalty echoed any points (-5, 999999999): a hand on its own costs 0 or
    more, a multiple of what every card costs, and never more than every card of the
    packs at the rules' largest table."""
    rules = PRESETS[preset]
    players = rules.players[1]
    deck = full_deck(rules.pack_count(players), rules.joker_count(players))
    everything = max(hand_penalty(rules, deck, True), hand_penalty(rules, deck, False))
    step = points_step(rules)
    try:
        check_hand(rules, Left(points=points))
    except ScoreError as exc:
        assert exc.text("en") != exc.text("nl")
        if exc.key == "score_err_hand_negative":
            assert points < 0
        elif exc.key == "score_err_hand_step":
            assert points >= 0 and points % step
        else:
            assert exc.key == "score_err_hand_most" and points > 0 and not points % step
        return
    assert 0 <= points <= everything and not points % step


def test_the_points_of_a_hand_alone_refused_in_words() -> None:
    rules = PRESETS["amerikaans"]
    for points, en, nl in [
        (-5, "a hand's points cannot be negative",
         "de strafpunten van een hand kunnen niet negatief zijn"),
        (37, "a hand cannot cost 37 points: in American Jokeren every card counts a multiple of 5",
         "een hand kan geen 37 strafpunten kosten: in Amerikaans Jokeren telt elke kaart een "
         "veelvoud van 5"),
        (999_999_995, "a hand cannot cost 999999995 points: 165 cards cost 1320 at most",
         "een hand kan geen 999999995 strafpunten kosten: 165 kaarten kosten hoogstens 1320"),
    ]:
        with pytest.raises(ScoreError) as refused:
            check_hand(rules, Left(points=points))
        assert (refused.value.text("en"), refused.value.text("nl")) == (en, nl)
    check_hand(rules, Left(points=35))


@FRUGAL
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
def test_every_hand_a_player_can_keep_is_accepted(data: st.DataObject, preset: str) -> None:
    """What a real hand costs (any cards of the packs, as many as a hand holds at the end of
    a round without buys) is accepted, as points and as cards."""
    rules = PRESETS[preset]
    players = rules.players[1]
    deck = full_deck(rules.pack_count(players), rules.joker_count(players))
    size = data.draw(st.integers(0, rules.hand_size + rules.draws))
    hand = data.draw(st.permutations(deck))[:size]
    come_out = data.draw(st.booleans())
    check_hand(rules, Left(cards=tuple(hand), come_out=come_out))
    check_hand(rules, Left(points=hand_penalty(rules, hand, come_out)))


def test_a_card_more_often_than_the_packs_hold_it_is_refused_alone_too() -> None:
    rules = PRESETS["jokeren"]
    with pytest.raises(ScoreError) as refused:
        check_hand(rules, Left(cards=tuple(parse_cards("Ks Ks Ks"))))
    assert refused.value.text("en") == "K♠ is entered 3 times, but the packs hold it 2 times"
    # a Dutch reader's king is H (the glossary): it said "K♠ is 3 keer ingevoerd"
    assert refused.value.text("nl") == "H♠ is 3 keer ingevoerd, maar de spellen hebben hem 2 keer"


def test_reading_a_card_counts_each_round_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """h1 B6: reading a card counted every earlier round again for each round (a 5,000-round
    card: two minutes a command); now the running totals check each round in one step."""
    counted: list[int] = []
    penalty = Left.penalty
    monkeypatch.setattr(Left, "penalty",
                        lambda self, rules: counted.append(1) or penalty(self, rules))
    card = from_obj({"format": "jokeren-score/1",
                     "rules": {"preset": "amerikaans", "rounds": 100000},
                     "players": ["Ann", "Bob", "Cor"],
                     "rounds": [{"out": "Ann", "left": {"Bob": 5, "Cor": "Ks 7h"}}] * 1000})
    assert len(card.rounds) == 1000 and len(counted) == 2 * 1000  # two hands a round
    assert tally(card).totals == (0, 5000, 15000)


def test_an_eliminated_player_listed_as_not_come_out_is_told_eliminated() -> None:
    """Not come out for a player eliminated earlier said "give Bob's cards or points left":
    given them, the next try said Bob is eliminated. Now it says so at once, and a player in
    the game listed as not come out without a hand is still asked for it."""
    card = new_card(Rules.load({"preset": "jokeren-30", "eliminate_at": 100}),
                    ["Ann", "Bob", "Cor"])
    card = add_round(card, make_round(card.players, "Ann", {"Bob": 100, "Cor": 10}))
    for late, key in [(["Bob"], "score_err_eliminated_left"), (["Cor"], "score_err_missing")]:
        with pytest.raises(ScoreError) as refused:
            add_round(card, make_round(card.players, "Ann", {}, not_come_out=late))
        assert (refused.value.key, refused.value.params) == (key, {"name": late[0]})
    with pytest.raises(ScoreError) as refused:  # the same in a card file's round
        from_obj({**json.loads(to_json(card)), "rounds": [
            {"out": "Ann", "left": {"Bob": 100, "Cor": 10}},
            {"out": "Ann", "left": {"Cor": 10}, "not_come_out": ["Bob"]}]})
    assert refused.value.text("nl") == "ronde 2: Bob is afgevallen en speelt geen rondes meer"
    late = add_round(card, make_round(card.players, "Ann", {"Cor": "*"}, not_come_out=["Cor"]))
    assert tally(late).totals == (0, 100, 35)  # the joker before coming out: 25 (004)


def test_a_name_typed_without_its_accent_or_in_decomposed_form_finds_the_player() -> None:
    """"Eva" for "Éva", and "Éva" as a keyboard may send it (E and a combining accent, NFD),
    said "no player 'Éva'; players: ..., Éva". Two players whose names differ only so are
    refused as one name given twice; a name without accents picks no one when two differ
    only by an accent."""
    import unicodedata

    from jokeren.score.scorefile import find_player

    nfd = unicodedata.normalize("NFD", "Éva")
    card = new_card(Rules.load("amerikaans"), ["Oma", nfd, "Jan"])
    assert card.players[1] == "Éva"  # stored as one character: exports and files alike
    for typed in ("Éva", nfd, "éva", "Eva", "EVA", "ev", "É"):
        assert find_player(card.players, typed) == 1, typed
    with pytest.raises(ScoreError, match="different"):
        new_card(Rules.load("amerikaans"), ["Éva", nfd])
    both = ("Eva", "Éva", "Jan")
    assert [find_player(both, x) for x in ("eva", "éva", "Év")] == [0, 1, 1]
    with pytest.raises(ScoreError, match="no player 'Ëva'"):
        find_player(both, "Ëva")  # Eva or Éva: not guessed
    with pytest.raises(ScoreError, match="'ev' could be Éva or Evert"):
        find_player(("Éva", "Evert"), "ev")  # Éva begins so too, without her accent
    assert find_player(("Éva", "Evert"), "év") == 0
    # Strauß and Strauss are two people (casefold would make them one)
    assert new_card(Rules.load("amerikaans"), ["Strauß", "Strauss"]).players == ("Strauß",
                                                                                "Strauss")
