// The score card page's own logic (/score): what a player taps becomes a round of the
// card file (jokeren-score/1, docs/score.md). The server counts every penalty; this module
// only collects the cards and points and keeps the card in this browser.
import { formatCard, RANKS, SUITS } from "./cards";

export type CardFile = Record<string, unknown>;
export interface Words { en: string; nl: string }

export interface RoundOut {
  requirement: string; asked: Words; dealer: string; out: string | null; all_at_once: boolean;
  penalties: number[]; totals: number[]; pot: number;
}
export interface TallyOut {
  players: string[]; rounds: RoundOut[]; totals: number[]; money: boolean; pot: number;
  eliminated: string[]; over: boolean; winner: string | null; pot_winner: string | null;
  next_dealer: string; next_requirement: string; next_asked: Words; summary: Words[];
}
export interface ScoreOut { card: CardFile; tally: TallyOut }

/** One player's hand as entered: the cards tapped, or the points typed. */
export interface Draft { mode: "cards" | "points"; cards: string[]; points: string; comeOut: boolean }

export interface EntryIn {
  out: string | null;
  left: Record<string, string | number>;
  all_at_once: boolean;
  not_come_out: string[];
}

/** The picker's cards: each suit ace to king, then the joker. */
export const PICKER: readonly string[] = [
  ...SUITS.flatMap((suit) => RANKS.map((rank) => formatCard({ joker: false, rank, suit }))),
  "*",
];

export const emptyDraft = (): Draft => ({ mode: "cards", cards: [], points: "", comeOut: true });

/** How often `card` was tapped (two packs hold two of each). */
export const copies = (cards: readonly string[], card: string): number =>
  cards.filter((c) => c === card).length;

export function removeOne(cards: readonly string[], card: string): string[] {
  const at = cards.lastIndexOf(card);
  return at < 0 ? [...cards] : [...cards.slice(0, at), ...cards.slice(at + 1)];
}

/** What the card file writes for a hand: "Ks 7h *", "-" for none, or the points;
 *  null while the points typed are not a whole number. */
export function leftValue(draft: Draft): string | number | null {
  if (draft.mode === "cards") return draft.cards.length ? draft.cards.join(" ") : "-";
  const text = draft.points.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The players who give cards or points this round: all but the one out and the eliminated. */
export function losers(players: readonly string[], out: string | null,
                       eliminated: readonly string[]): string[] {
  return players.filter((p) => p !== out && !eliminated.includes(p));
}

/** The round as the server's /api/score/round takes it; a player without a valid value is
 *  named in `missing` (the server would refuse the round for that). */
export function buildEntry(players: readonly string[], out: string | null,
                           eliminated: readonly string[], drafts: Record<string, Draft>,
                           allAtOnce: boolean): { entry: EntryIn; missing: string[] } {
  const entry: EntryIn = { out, left: {}, all_at_once: out !== null && allAtOnce, not_come_out: [] };
  const missing: string[] = [];
  for (const name of losers(players, out, eliminated)) {
    const draft = drafts[name] ?? emptyDraft();
    const value = leftValue(draft);
    if (value === null) missing.push(name);
    else entry.left[name] = value;
    if (!draft.comeOut) entry.not_come_out.push(name);
  }
  return { entry, missing };
}

/** The names typed, trimmed, the empty ones left out. */
export const namesOf = (typed: readonly string[]): string[] =>
  typed.map((n) => n.trim()).filter(Boolean);

/** A card file's text as an object to send the server (which checks the rest); null when
 *  it is not JSON or not a jokeren-score/1 card. */
export function cardFromText(text: string): CardFile | null {
  try {
    const card: unknown = JSON.parse(text);
    return card && typeof card === "object" && !Array.isArray(card)
      && (card as CardFile).format === "jokeren-score/1" ? (card as CardFile) : null;
  } catch {
    return null;
  }
}

const KEY = "jokeren-score-card";

export function keepCard(storage: Storage, card: CardFile | null): void {
  if (card) storage.setItem(KEY, JSON.stringify(card));
  else storage.removeItem(KEY);
}

export function keptCard(storage: Storage): CardFile | null {
  try {
    const raw = storage.getItem(KEY);
    return raw ? cardFromText(raw) : null;
  } catch {
    return null;
  }
}
