"""The engine's caches: one answer per object, never another's, and a bound in total."""

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from jokeren.analysis import hands as analysis
from jokeren.engine.wire import encode_view
from jokeren.play.table import Seat, Table
from jokeren.rules import melds
from jokeren.rules.cards import Card, parse_cards
from jokeren.rules.house import Rules
from jokeren.support import memo
from jokeren.support.memo import ByIdentity, drop_oldest


def recorder(answer: Callable[[tuple[int, ...], int], int]
             ) -> tuple[list[tuple[int, ...]], Callable[[tuple[int, ...]], int]]:
    """A compute function that records every object it is asked about."""
    calls: list[tuple[int, ...]] = []

    def compute(t: tuple[int, ...]) -> int:
        calls.append(t)
        return answer(t, len(calls))

    return calls, compute


def test_computes_once_per_object_and_tells_equal_objects_apart() -> None:
    calls, count = recorder(lambda t, n: n)
    cache = ByIdentity(count, size=4)
    a, b = tuple([1, 2]), tuple([1, 2])  # equal, but two objects
    assert a is not b
    assert cache(a) == 1 and cache(a) == 1
    assert cache(b) == 2
    assert len(calls) == 2


def test_drops_the_older_half_when_full_and_keeps_answers_right() -> None:
    calls, total = recorder(lambda t, n: sum(t))
    cache = ByIdentity(total, size=3)
    objs = [tuple([i, i]) for i in range(10)]
    for _ in range(2):
        for i, o in enumerate(objs):
            assert cache(o) == 2 * i
    assert len(calls) == 20  # ten objects never fit in three places: all computed again
    a, b, c, d = objs[:4]
    cache = ByIdentity(total, size=3)
    calls.clear()
    cache(a), cache(b), cache(c), cache(a)
    assert calls == [a, b, c]  # kept while there was room
    cache(d)  # full: a and b, the older, go; c stays
    cache(c), cache(a)
    assert calls == [a, b, c, d, a]  # a was forgotten: the cache stays within its size


def test_share_gives_a_new_object_the_answer_of_an_old_one() -> None:
    calls, count = recorder(lambda t, n: n)
    cache = ByIdentity(count, size=4)
    old, new = tuple([1, 2]), tuple([3, 4])
    cache.share(new, old)
    assert cache(new) == cache(old) == 1
    assert calls == [old]  # the new object's answer was never computed


def test_drop_oldest_keeps_the_newest_entries_in_order() -> None:
    table = {k: k * k for k in range(10)}
    drop_oldest(table, 3)
    assert table == {7: 49, 8: 64, 9: 81}
    drop_oldest(table, 5)  # already within: nothing goes
    assert list(table) == [7, 8, 9]


@pytest.fixture
def small_budget() -> Iterator[int]:
    """A meld budget of 300 answers, and empty caches before and after."""
    old = memo.BUDGET["melds"]
    memo.BUDGET["melds"] = 300
    memo.clear_all()
    yield 300
    memo.BUDGET["melds"] = old
    memo.clear_all()


def runs() -> list[tuple[Card, ...]]:
    """Many different runs to read, valid and not."""
    out = []
    for suit in "hsdc":
        for start in range(2, 11):
            for length in (3, 4):
                ranks = "23456789TJQKA"[start - 2:start - 2 + length]
                out.append(parse_cards(" ".join(r + suit for r in ranks)))
    return out


def test_meld_answers_of_many_rule_sets_stay_within_the_budget_together(
        small_budget: int) -> None:
    rule_sets = [replace(Rules.load("amerikaans"), hand_size=k) for k in range(7, 27)]
    cards = runs()
    for _ in range(2):
        for rules in rule_sets:
            for c in cards:
                assert melds.reading(c, rules, 0) == melds.reading(c, rule_sets[0], 0)
            held = sum(len(t) for t in melds._tables.values())
            # a rule set may pass its share by the answers of one question before it trims
            assert held <= small_budget + len(rule_sets)
    assert len(melds._tables) == len(rule_sets)  # 20 rule sets, under the 32 kept
    assert all(len(t) <= small_budget // len(rule_sets) + 1 for t in melds._tables.values())


def test_more_rule_sets_than_kept_forget_the_oldest(small_budget: int) -> None:
    rule_sets = [replace(Rules.load("jokeren"), hand_size=k) for k in range(7, 47)]
    for rules in rule_sets:
        assert isinstance(melds.reading(parse_cards("5h 6h 7h"), rules, 0), melds.Meld)
    assert len(melds._tables) == melds._MAX_RULE_SETS
    first = repr(rule_sets[0])
    assert first not in melds._tables and repr(rule_sets[-1]) in melds._tables
    # the first rule set asks again: a fresh table, the right answer
    assert isinstance(melds.reading(parse_cards("5h 6h 7h"), rule_sets[0], 0), melds.Meld)
    assert first in melds._tables


def test_every_cache_is_registered_with_a_budget_and_clear_all_empties_it() -> None:
    analysis.arrange(parse_cards("5h 6h 7h 9c 9d 9s * 2c"), Rules.load("amerikaans"), 0)
    view = Table(Rules.load("jokeren-7"), [Seat("Ann"), Seat("Bob")], 3).view(0)
    assert encode_view(view)["rules"] == "jokeren-7"  # the views' rules JSON, kept
    names = {c.name for c in memo.CACHES}
    assert names == set(memo.BUDGET)
    assert any(c.entries() for c in memo.CACHES)
    memo.clear_all()
    assert all(c.entries() == 0 for c in memo.CACHES)


def test_a_computer_players_hand_scores_stay_within_its_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from jokeren.bots import heuristic

    monkeypatch.setattr(heuristic, "CACHE_SIZE", 100)
    rules = Rules.load("amerikaans")
    ev = heuristic.HandEval(rules, 0, rules.requirement(0), come_out=False)
    deck = parse_cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s")
    scores = {}
    for i in range(len(deck)):
        for j in range(i + 1, len(deck)):
            for k in range(j + 1, len(deck)):
                cards = (deck[i], deck[j], deck[k], *deck[k + 1:k + 5])
                scores[cards] = ev.score(cards)
    assert len(scores) > heuristic.CACHE_SIZE  # more hands than it keeps
    assert 0 < len(ev._cache) <= 100
    fresh = heuristic.HandEval(rules, 0, rules.requirement(0), come_out=False)
    assert all(fresh.score(c) == s for c, s in list(scores.items())[::97])


def test_a_computer_player_keeps_the_evaluators_of_one_round() -> None:
    from jokeren.bots import heuristic

    rules = Rules.load("amerikaans")
    evals = {(r, out, "amerikaans"): heuristic.HandEval(rules, r, rules.requirement(r), out)
             for r in (0, 1) for out in (False, True)}
    heuristic.keep_round(evals, 1)
    assert sorted(evals) == [(1, False, "amerikaans"), (1, True, "amerikaans")]
