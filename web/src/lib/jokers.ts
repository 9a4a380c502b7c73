// A joker whose card is ambiguous: the table asks the player what it stands for. The
// choices are the readings the engine lists for the seat (`moves`: every card a listed
// meld's joker may stand for is there, server side `legal.joker_readings`), never a guess
// here; the chosen reading goes to the engine in the notation (`*6h`).
import { cardLabel, type Lang, parseCard } from "./cards";
import { t } from "./i18n";
import { groupKey, listed, meldGroups } from "./view";

const jokersOf = (cards: readonly string[]): string =>
  cards.filter((c) => c.startsWith("*")).sort().join(" ");

const hasJoker = (cards: readonly string[]): boolean => cards.some((c) => c.startsWith("*"));

/** The readings of `group` in the listed meld moves: listed groups of the same cards,
 *  one per distinct set of cards its jokers stand for, in the listing's order (a group
 *  whose jokers already say their cards, or one without a joker: that reading alone).
 *  Empty for a group the listing does not name. */
export function meldReadings(moves: readonly string[], group: readonly string[]): string[][] {
  const wanted = groupKey(group);
  const found = new Map<string, string[]>();
  for (const move of moves) {
    for (const listed of meldGroups(move)) {
      if (groupKey(listed) === wanted && !found.has(jokersOf(listed))) {
        found.set(jokersOf(listed), listed);
      }
    }
  }
  const all = [...found.values()];
  // jokers that already say their card (the player chose): only that reading
  return group.includes("*") ? all : all.filter((g) => jokersOf(g) === jokersOf(group));
}

/** The cards a lay-off of `cards` onto table meld `target` may be written as: the listed
 *  lay-offs that say what their joker stands for (a run's either end, a set's suits). */
export function layReadings(moves: readonly string[], target: number,
  cards: readonly string[]): string[][] {
  if (!hasJoker(cards)) return [];
  const wanted = groupKey(cards);
  const found: string[][] = [];
  for (const move of moves) {
    const [verb, n, ...listed] = move.split(/\s+/);
    if (verb === "lay" && Number(n) === target && groupKey(listed) === wanted &&
        listed.every((c) => c !== "*")) {
      found.push(listed);
    }
  }
  return found;
}

/** Where the player must say what a joker stands for: the first group with more than one
 *  listed reading, and those readings; null when every group is settled. */
export function nextQuestion(moves: readonly string[], groups: readonly string[][]):
  { index: number; readings: string[][] } | null {
  for (const [index, group] of groups.entries()) {
    const readings = meldReadings(moves, group);
    if (readings.length > 1) return { index, readings };
  }
  return null;
}

/** The groups as they will be sent: a group with a joker and exactly one listed reading is
 *  written in it (the engine then reads its jokers as listed, whatever order the hand
 *  shows), the others as they are. */
export function settled(moves: readonly string[], groups: readonly string[][]): string[][] {
  return groups.map((group) => {
    const readings = meldReadings(moves, group);
    return readings.length === 1 && hasJoker(group) ? (readings[0] as string[]) : [...group];
  });
}

/** A reading in words: what each joker stands for ("joker as 4♥ and 6♥"), and the whole. */
export function readingLabel(reading: readonly string[], lang: Lang): string {
  const named = reading.filter((c) => c.startsWith("*")).map((c) => {
    const card = parseCard(c);
    return card.joker && card.standsFor ? cardLabel(card.standsFor, lang) : "?";
  });
  const whole = reading.map((c) => {
    const card = parseCard(c);
    return card.joker && card.standsFor ? `★${cardLabel(card.standsFor, lang)}` : cardLabel(card, lang);
  }).join(" ");
  return `${t("web_joker_as", lang, { cards: listed(named, lang) })}: ${whole}`;
}
