"""The order a person keeps the hand in: sorted until they move a card, then their own.

Not game state: the engine's hand is a multiset; this only decides where each card shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..rules.cards import Card, hand_key, rank_key


class HandOrder:
    """The display order of one seat's hand."""

    def __init__(self, by_rank: bool = False) -> None:
        self.cards: list[Card] = []
        self.by_rank = by_rank
        self.custom = False  # True once the person moved a card

    def key(self, card: Card) -> tuple[int, int]:
        return rank_key(card) if self.by_rank else hand_key(card)

    def update(self, hand: Sequence[Card]) -> list[Card]:
        """Follow the engine's hand: keep cards in place, new cards at the end (or sorted)."""
        if not self.custom:
            self.cards = sorted(hand, key=self.key)
            return self.cards
        left = Counter(hand)
        kept = []
        for card in self.cards:
            if left[card] > 0:
                kept.append(card)
                left[card] -= 1
        self.cards = kept + sorted(left.elements(), key=self.key)
        return self.cards

    def sort(self, by_rank: bool) -> None:
        self.by_rank, self.custom = by_rank, False
        self.cards.sort(key=self.key)

    def move(self, index: int, step: int) -> int:
        """Move the card at ``index`` one place left or right; its new index."""
        to = index + step
        if not (0 <= index < len(self.cards) and 0 <= to < len(self.cards)):
            return index
        self.cards[index], self.cards[to] = self.cards[to], self.cards[index]
        self.custom = True
        return to
