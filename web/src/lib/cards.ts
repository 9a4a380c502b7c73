// Cards in the public notation (docs/notation.md, "Cards") and in the words a player reads
// (the catalogue's card_* keys: B V H A in Dutch). The browser never decides what is legal:
// the engine does (docs/protocol.md). This module only reads, words and orders the cards the
// server sends.
import { t } from "./i18n";

export type Suit = "s" | "h" | "d" | "c";
export type Rank = "A" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K";
export type Lang = "nl" | "en";

export interface Natural {
  joker: false;
  rank: Rank;
  suit: Suit;
}
export interface Joker {
  joker: true;
  /** The card a joker on the table stands for (`*7h`), when it says. */
  standsFor: Natural | null;
}
export type Card = Natural | Joker;

export const SUITS: readonly Suit[] = ["s", "h", "d", "c"];
export const RANKS: readonly Rank[] = [
  "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
export const SYMBOL: Readonly<Record<Suit, string>> = { s: "♠", h: "♥", d: "♦", c: "♣" };
const FROM_SYMBOL: Readonly<Record<string, Suit>> = { "♠": "s", "♥": "h", "♦": "d", "♣": "c" };

const FACES: readonly Rank[] = ["J", "Q", "K", "A"];
/** Rank letters as players say them (boer, vrouw, heer, aas in Dutch: B V H A). */
const rankLetter = (rank: Rank, lang: Lang): string =>
  FACES.includes(rank) ? t(`card_letter_${rank}`, lang) : rank;

export class NotationError extends Error {}

function readNatural(text: string): Natural {
  const suitText = text.slice(-1);
  const suit = FROM_SYMBOL[suitText] ?? (suitText.toLowerCase() as Suit);
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  if (!SUITS.includes(suit) || !RANKS.includes(rank as Rank)) {
    throw new NotationError(`not a card: ${JSON.stringify(text)}`);
  }
  return { joker: false, rank: rank as Rank, suit };
}

/** Reads one card: `7h`, `10s`, `Td`, `Q♠`, `*`, `*7h`. */
export function parseCard(text: string): Card {
  const t = text.trim();
  if (t.startsWith("*")) {
    return { joker: true, standsFor: t.length > 1 ? readNatural(t.slice(1)) : null };
  }
  return readNatural(t);
}

/** The canonical notation: `10h`, `Qs`, `*`, `*7h`. */
export function formatCard(card: Card): string {
  if (card.joker) return card.standsFor ? `*${formatCard(card.standsFor)}` : "*";
  return `${card.rank}${card.suit}`;
}

export function parseCards(text: string): Card[] {
  return text.split(/\s+/).filter(Boolean).map(parseCard);
}

/** A card as a player reads it: `7♥`, `B♠` (Dutch) or `J♠`, `joker`. */
export function cardLabel(card: Card, lang: Lang): string {
  if (card.joker) {
    return card.standsFor ? t("card_joker_as", lang, { card: cardLabel(card.standsFor, lang) })
      : t("card_joker", lang);
  }
  return `${rankLetter(card.rank, lang)}${SYMBOL[card.suit]}`;
}

/** The rank as printed on the card's corner. */
export function rankLabel(card: Natural, lang: Lang): string {
  return rankLetter(card.rank, lang);
}

/** A suit's name for a screen reader. */
export function suitName(suit: Suit, lang: Lang): string {
  return t(`card_suit_${suit}`, lang);
}

/** What a screen reader says: "harten vrouw", "queen of hearts". */
export function spokenCard(card: Card, lang: Lang): string {
  if (card.joker) return t("card_joker", lang);
  const rank = FACES.includes(card.rank) ? t(`card_name_${card.rank}`, lang) : card.rank;
  return t("card_spoken", lang, { rank, suit: suitName(card.suit, lang) });
}

export function isRed(card: Card): boolean {
  return !card.joker && (card.suit === "h" || card.suit === "d");
}

const rankIndex = (rank: Rank): number => RANKS.indexOf(rank);
/** The suits in the order the terminal table shows them (`rules.cards.DISPLAY_SUIT_ORDER`):
 *  hearts, spades, diamonds, clubs. */
export const DISPLAY_SUITS: readonly Suit[] = ["h", "s", "d", "c"];
const suitIndex = (suit: Suit): number => DISPLAY_SUITS.indexOf(suit);

/** Orders a hand as the terminal table does (`rules.cards.hand_key` and `rank_key`): by
 *  suit (hearts, spades, diamonds, clubs) then rank, or by rank then suit; the ace low
 *  (before the 2), jokers last; equal cards keep their order. */
export function sortCards(cards: readonly string[], by: "suit" | "rank"): string[] {
  const key = (text: string): [number, number] => {
    const card = parseCard(text);
    if (card.joker) return [99, 99];
    const rank = rankIndex(card.rank);
    return by === "suit" ? [suitIndex(card.suit), rank] : [rank, suitIndex(card.suit)];
  };
  return [...cards]
    .map((text, index) => ({ text, index, key: key(text) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.index - b.index)
    .map((item) => item.text);
}
