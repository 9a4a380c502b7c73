// The tray: the combinations a player sets aside within the turn before laying them. A
// card set aside leaves the hand (it cannot be in two groups); a group goes back to the
// hand with one tap; nothing is sent until "lay on the table" (000: what is sent is final).
import { groupKey, meldGroups } from "./view";

const plain = (card: string): string => (card.startsWith("*") ? "*" : card);

/** The hand without the cards in `groups` (each copy once: two packs hold a card twice),
 *  in the hand's order. A joker set aside as `*8h` is the hand's `*`. */
export function withoutTray(hand: readonly string[], groups: readonly string[][]): string[] {
  const out = new Map<string, number>();
  for (const card of groups.flat()) out.set(plain(card), (out.get(plain(card)) ?? 0) + 1);
  const left: string[] = [];
  for (const card of hand) {
    const n = out.get(plain(card)) ?? 0;
    if (n > 0) out.set(plain(card), n - 1);
    else left.push(card);
  }
  return left;
}

/** The groups of `groups` that the hand still holds, in order (a reload, or a hand that
 *  changed): a group whose cards are gone is dropped whole. */
export function stillHeld(hand: readonly string[], groups: readonly string[][]): string[][] {
  const kept: string[][] = [];
  for (const group of groups) {
    const trial = [...kept, group];
    if (withoutTray(hand, trial).length === hand.length - trial.flat().length) kept.push(group);
  }
  return kept;
}

/** Whether a group is one group of a listed `meld` move (the engine's listing: "valid"); a
 *  group the listing does not name may still be legal in a bigger move. */
export function groupListed(moves: readonly string[], group: readonly string[]): boolean {
  const key = groupKey(group);
  return moves.some((m) => meldGroups(m).some((g) => groupKey(g) === key));
}
