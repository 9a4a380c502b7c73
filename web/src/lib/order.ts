// The hand in the player's own order. The server sends a hand as a multiset (two packs
// hold the same card twice); the player's order, kept in the browser, must survive every
// draw, take, meld and discard without a card appearing twice or going missing.

export interface Ordered {
  /** The hand in display order. */
  cards: string[];
  /** Positions (in `cards`) of cards that came into the hand since the last order. */
  fresh: number[];
}

/** Keeps `previous`'s order for the cards still held, and puts new ones at the end. */
export function keepOrder(previous: readonly string[], hand: readonly string[]): Ordered {
  const left = new Map<string, number>();
  for (const card of hand) left.set(card, (left.get(card) ?? 0) + 1);
  const cards: string[] = [];
  for (const card of previous) {
    const n = left.get(card) ?? 0;
    if (n > 0) {
      cards.push(card);
      left.set(card, n - 1);
    }
  }
  const fresh: number[] = [];
  for (const card of hand) {
    const n = left.get(card) ?? 0;
    if (n > 0) {
      fresh.push(cards.length);
      cards.push(card);
      left.set(card, n - 1);
    }
  }
  return { cards, fresh };
}

/** Moves the card at `from` to position `to` (dragging, or the keyboard's move keys). */
export function moveCard(cards: readonly string[], from: number, to: number): string[] {
  if (from < 0 || from >= cards.length) return [...cards];
  const out = [...cards];
  const [card] = out.splice(from, 1);
  const at = Math.max(0, Math.min(to, out.length));
  out.splice(at, 0, card as string);
  return out;
}

/** The cards at the given positions, as notation (what an action sends). */
export function picked(cards: readonly string[], positions: Iterable<number>): string[] {
  return [...positions].filter((i) => i >= 0 && i < cards.length).sort((a, b) => a - b)
    .map((i) => cards[i] as string);
}

/** Positions of `marked` cards in `cards` (each copy once, the last copies first: a card
 *  just drawn is put at the end of the hand). */
export function positionsOf(cards: readonly string[], marked: readonly string[]): number[] {
  const want = new Map<string, number>();
  for (const card of marked) want.set(card, (want.get(card) ?? 0) + 1);
  const out: number[] = [];
  for (let i = cards.length - 1; i >= 0; i--) {
    const card = cards[i] as string;
    const n = want.get(card) ?? 0;
    if (n > 0) {
      out.push(i);
      want.set(card, n - 1);
    }
  }
  return out.sort((a, b) => a - b);
}
