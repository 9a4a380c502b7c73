"""No frame a seat or a spectator receives holds another seat's cards, the stock or the seed.

Random matches through ``Table``, every preset and number of players, with 128-bit seeds.
After every action each seat and a spectator get, as JSON: the action's events as they may
see them, their view, and refusals of moves they try out of turn, stale or not held. Every
card named in a frame must be one that seat may know this round, worked out from the
engine's state, not from the frames: its own cards, the discard pile, the table, cards seen
going into a hand, public events, and for the two seats of a duplicate exchange the card
passed. Every card another seat holds unseen, and every card of the stock, is a canary: it
must not appear. The seed must not appear in any frame at all.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from functools import cache

import pytest

from jokeren.engine.actions import Action, Verb
from jokeren.engine.events import Event
from jokeren.engine.state import Phase, State
from jokeren.engine.wire import encode_event, encode_refusal, encode_view, encode_views
from jokeren.play.table import Refused, Seat, Table
from jokeren.rules.cards import NATURALS, Card, to_hand
from jokeren.rules.house import PRESETS

# A card's name where no word character or ``*`` comes before it and none after (a joker
# alone: nor a ``*``). Each branch starts with the character it needs, so that ``re`` skips
# to the candidates rather than trying every position (the spy's texts are most of its
# time); the look-behind then checks the character before that one.
CARD = re.compile(r"\*(?<![\w*].)(?:(?:10|[2-9AJQK])[shdc](?!\w)|(?![\w*]))"
                  r"|1(?<![\w*].)0[shdc](?!\w)|[2-9AJQK](?<![\w*].)[shdc](?!\w)")
NAMES = ("Ann", "Bob", "Cas", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ids", "Jet", "Kees", "Lot",
         "Mees", "Noor", "Otto", "Pien")


@cache
def _name(card: Card) -> str:
    """A card's name as it lies in a hand (a joker as ``*``), worked out once a card."""
    return str(to_hand(card))


def _faces(text: str) -> set[str]:
    """Every card named in a JSON text, as it lies in a hand (a joker as ``*``)."""
    return {"*" if token[0] == "*" else token for token in set(CARD.findall(text))}


class Knowledge:
    """What each seat (and a spectator, index n) may know of the cards this round."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.known: list[set[str]] = [set() for _ in range(n + 1)]

    def new_round(self) -> None:
        self.known = [set() for _ in range(self.n + 1)]

    def public(self, cards: object) -> None:
        names = {_name(c) for c in cards}  # type: ignore[attr-defined]
        for k in self.known:
            k.update(names)

    def observe(self, state: State, events: list[Event]) -> None:
        for e in events:
            if e.public:
                self.public(e.cards)
            else:
                for s in e.audience:
                    self.known[s].update(_name(c) for c in e.cards)
        self.public(state.discard)
        self.public(c for m in state.table for c in m.cards)
        self.public(c for k in state.known for c in k)
        for s, hand in enumerate(state.hands):
            self.known[s].update(_name(c) for c in hand)
            if state.rules.open_hands:
                self.public(hand)

    def check(self, who: int | None, text: str, named: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        index = self.n if who is None else who
        leaked = _faces(text) - self.known[index] - named
        assert not leaked, f"seat {who} is sent {sorted(leaked)}: {text[:300]}"


def _frames(table: Table, knowledge: Knowledge, events: list[Event], seed: int,
            views: bool) -> int:
    """Check what every seat and a spectator are sent now (``views``: a view too, as on
    connecting); how many frames were checked."""
    count = 0
    seats = (*range(len(table.seats)), None)
    # the server's views of one state share what every seat sees alike: the same JSON
    shared = dict(zip(seats, encode_views([table.view(s) for s in seats]), strict=True))
    for who in seats:
        texts = [json.dumps(encode_event(e, who)) for e in events]
        if views:
            view = encode_view(table.view(who))
            assert shared[who] == view
            results = view.pop("results")
            assert len(results) == len(table.state.results)  # hands left: for the count
            texts.append(json.dumps(view))
        for text in texts:
            assert str(seed) not in text and f"{seed:x}" not in text
            knowledge.check(who, text)
        count += len(texts)
    return count


def _tries(table: Table, rng: random.Random, knowledge: Knowledge, seed: int) -> int:
    """Moves a seat may send that the table refuses: out of turn, stale, a card not held."""
    n = len(table.seats)
    seat = rng.randrange(n)
    card = rng.choice(NATURALS)
    tries = [
        (seat, Action(Verb.DISCARD, (card,)), table.version),
        (seat, rng.choice(table.legal() or [Action(Verb.DRAW)]), table.version - 1),
        ((seat + 1) % n, Action(Verb.LAY, (card,), target=1), table.version),
    ]
    count = 0
    for who, action, version in tries:
        if table.to_act == who and version == table.version:
            continue  # it might be accepted: this is about refusals
        done = table.act(who, action, version)
        assert isinstance(done, Refused)
        text = json.dumps(encode_refusal(done.reason))
        assert str(seed) not in text
        knowledge.check(who, text, {str(c) for c in action.cards})
        count += 1
    return count


def _matches(count: int) -> list[tuple[str, int, int]]:
    games = []
    for i in range(count):
        names = sorted(PRESETS)
        preset = names[i % len(names)]
        lo, hi = PRESETS[preset].players
        games.append((preset, lo + (i // len(names)) % (hi - lo + 1), i))
    return games


def play_and_spy(preset: str, n: int, index: int) -> int:
    rng = random.Random(index)
    seed = rng.getrandbits(128) | 1 << 127
    rules = replace(PRESETS[preset], max_reshuffles=0, rounds=2, eliminate_at=None)
    table = Table(rules, [Seat(NAMES[s], "random") for s in range(n)], seed)
    knowledge = Knowledge(n)
    knowledge.observe(table.state, [e for _, e in table.events_since(None, -1)])
    frames = _frames(table, knowledge, [e for _, e in table.events_since(None, -1)], seed,
                     True)
    while not table.finished:
        if rng.random() < 0.05:
            frames += _tries(table, rng, knowledge, seed)
        done = table.play_bot()
        assert done is not None
        if done.action.verb is Verb.DEAL:
            knowledge.new_round()
        knowledge.observe(table.state, list(done.events))
        # Events go to every seat after every action; a view on connecting, reconnecting
        # and with a refusal: checked at a fifth of the moments, and at every round's end.
        views = rng.random() < 0.2 or not table.state.live
        frames += _frames(table, knowledge, list(done.events), seed, views)
    assert table.phase is Phase.MATCH_OVER
    return frames


@pytest.mark.parametrize("preset,n,index", _matches(33))
def test_no_frame_leaks_a_card_or_the_seed(preset: str, n: int, index: int) -> None:
    assert play_and_spy(preset, n, index) > 0


@pytest.mark.slow
@pytest.mark.parametrize("part", range(10))
def test_a_thousand_matches_leak_nothing(part: int) -> None:
    """1,000 matches in ten parts of 100, so pytest-xdist shares them out."""
    frames = sum(play_and_spy(*game) for game in _matches(1000)[part::10])
    assert frames > 10_000


def test_the_spy_sees_a_leak() -> None:
    """The check itself: a frame with another seat's unseen card is caught."""
    table = Table(replace(PRESETS["jokeren-7"], max_reshuffles=0), [Seat("Ann"), Seat("Bob")],
                  12345)
    knowledge = Knowledge(2)
    knowledge.observe(table.state, [e for _, e in table.events_since(None, -1)])
    theirs = set(map(str, table.state.hands[1])) - set(map(str, table.state.hands[0]))
    theirs -= {str(c) for c in table.state.discard}
    with pytest.raises(AssertionError, match="is sent"):
        knowledge.check(0, json.dumps({"hand": sorted(theirs)[:1]}))
    with pytest.raises(AssertionError, match="is sent"):
        knowledge.check(None, json.dumps(encode_view(table.view(1))))
    stock = [str(c) for c in table.state.stock]
    unseen = [c for c in stock if c not in knowledge.known[0]]
    with pytest.raises(AssertionError, match="is sent"):
        knowledge.check(0, json.dumps(unseen))


def test_the_spy_reads_card_names_as_words() -> None:
    """Where the spy sees a card: a name standing alone (a joker as ``*``), not a part of
    a longer word or number."""
    assert _faces('["7h","*","*Qs"]') == {"7h", "*"}
    assert _faces("10d 110d 1h *1h") == {"10d"}
    assert _faces("Kh_ Kh* 7hx _7h 7h7h") == {"Kh"}
    assert _faces("*7h* ** a* *a") == {"*"}
    assert _faces("J\u2665 Ah, *10c.") == {"*", "Ah"}


def test_views_that_differ_beyond_their_own_fields_are_written_whole() -> None:
    """``encode_views`` shares only what it checked to be alike: a view that differs in any
    other field (here the table and the hand sizes) is written as ``encode_view`` writes it,
    and a seat's own cards are its own."""
    table = Table(PRESETS["amerikaans"], [Seat("Ann"), Seat("Bob"), Seat("Cas")], 7)
    ann, bob = table.view(0), table.view(1)
    odd = replace(bob, hand_sizes=(1, 2, 3), table=())
    written = encode_views([ann, odd, table.view(None)])
    assert written == [encode_view(ann), encode_view(odd), encode_view(table.view(None))]
    assert written[1]["hand_sizes"] == [1, 2, 3] and written[1]["table"] == []
    assert written[0]["hand"] != written[1]["hand"] and written[2]["hand"] == []
