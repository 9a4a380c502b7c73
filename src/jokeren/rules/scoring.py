"""The end of a round and of a match in numbers: penalties, the pot, elimination, the winner.

One place for the arithmetic, shared by the engine (played rounds) and the score card
(rounds played with real cards, entered by hand), so both count exactly alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .house import Rules


def hand_penalty(rules: Rules, hand: Iterable[Card], come_out: bool) -> int:
    """The penalty points of the cards left in a hand (a joker may cost less before the
    player came out, 001)."""
    return sum(rules.penalty_of(c.rank, c.joker, come_out) for c in hand)


def round_penalties(rules: Rules, winner: int | None, left: Sequence[int],
                    eliminated: Iterable[int], all_at_once: bool) -> tuple[int, ...]:
    """Each seat's score for the round: ``left`` holds the penalty of each hand; the winner
    scores 0 (minus the all-at-once bonus), an eliminated seat 0."""
    gone = set(eliminated)
    return tuple(0 if s in gone
                 else (-rules.all_at_once_bonus if all_at_once else 0) if s == winner
                 else left[s]
                 for s in range(len(left)))


def pot_gain(rules: Rules, penalties: Sequence[int], winner: int | None, buys: int = 0) -> int:
    """Cents into the pot this round (000): a cent per buy, each loser's penalty in cents."""
    if rules.money is None:
        return 0
    return (rules.money.per_buy * buys
            + rules.money.per_point * sum(p for s, p in enumerate(penalties)
                                          if s != winner and p > 0))


def newly_eliminated(rules: Rules, active: Iterable[int],
                     totals: Sequence[int]) -> tuple[int, ...]:
    """The active seats whose total reached ``eliminate_at``, lowest total first (004)."""
    if rules.eliminate_at is None:
        return ()
    limit = rules.eliminate_at
    return tuple(sorted((s for s in active if totals[s] >= limit), key=lambda s: (totals[s], s)))


def match_over(rules: Rules, rounds_played: int, still: Sequence[int]) -> bool:
    """Whether the match ends: its rounds are played, or elimination left one player."""
    limit = rules.match_rounds()
    return (limit is not None and rounds_played >= limit) or (
        rules.eliminate_at is not None and len(still) <= 1)


def match_winner(rules: Rules, totals: Sequence[int], still: Sequence[int],
                 last_out: Sequence[int]) -> int:
    """The match's winner: the last player not eliminated; if the last round eliminated
    everyone left (``last_out``), the lowest of them; else the lowest total."""
    if rules.eliminate_at is not None and len(still) == 1:
        return still[0]
    if rules.eliminate_at is not None and not still:
        return min(last_out or range(len(totals)), key=lambda s: (totals[s], s))
    return min(still or range(len(totals)), key=lambda s: (totals[s], s))


__all__ = ["hand_penalty", "match_over", "match_winner", "newly_eliminated", "pot_gain",
           "round_penalties"]
