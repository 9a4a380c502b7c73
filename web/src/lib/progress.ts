// Live, under the hand: how far the cards set aside and the selection go toward the
// round's requirement before coming out ("rij van 4: 3 van 4 kaarten"), and after coming
// out whether the selection lays off. Read from the engine's listing (`moves`, and the
// meld `values` it sends while points are required) and the view's requirement; a count
// of cards is no claim that a meld is valid: only a listed one is.
import type { Lang } from "./cards";
import { t } from "./i18n";
import { meldReadings } from "./jokers";
import { groupKey, requirementWords, type ViewJSON } from "./view";

export type Kind = "set" | "run";
export interface Part { kind: Kind; size: number }
export interface Requirement { alternatives: Part[][]; points: number; all: boolean }

/** A requirement's notation ("set 3 + run 4", "set 3 | run 3", "points 40", "all",
 *  "none") as parts. */
export function parseRequirement(notation: string): Requirement {
  const words = notation.trim().toLowerCase();
  if (words === "all") return { alternatives: [], points: 0, all: true };
  if (words.startsWith("points")) {
    return { alternatives: [], points: Number(words.slice(6)) || 0, all: false };
  }
  if (words === "none" || !words) return { alternatives: [], points: 0, all: false };
  const alternatives = words.split("|").map((alt) => alt.split("+").map((part) => {
    const [kind, n] = part.trim().split(/\s+/);
    return { kind: kind === "run" ? "run" : "set", size: Number(n) || 3 } as Part;
  }));
  return { alternatives, points: 0, all: false };
}

const rankOf = (card: string): string => card.slice(0, -1);
const suitOf = (card: string): string => card.slice(-1);

/** Which kind of meld the cards are heading for, by their look: one rank a set, one suit
 *  (no rank twice) a run; a joker written with its card counts as that card. */
export function shapeOf(cards: readonly string[]): Kind | null {
  const named = cards.map((c) => (c.startsWith("*") ? c.slice(1) : c)).filter(Boolean);
  if (!named.length) return null;
  const ranks = new Set(named.map(rankOf));
  if (ranks.size === 1) return "set";
  if (new Set(named.map(suitOf)).size === 1 && ranks.size === named.length) return "run";
  return null;
}

/** How well `groups` meet one alternative: each part takes the biggest unused group of its
 *  kind; parts met, and the cards each part has. */
function fill(parts: readonly Part[], groups: readonly { kind: Kind | null; n: number }[]):
  { met: number; cards: number; have: (number | null)[] } {
  const used = new Set<number>();
  const order = parts.map((p, i) => ({ p, i })).sort((a, b) => b.p.size - a.p.size);
  const have: (number | null)[] = parts.map(() => null);
  for (const { p, i } of order) {
    let best = -1;
    groups.forEach((g, j) => {
      if (!used.has(j) && g.kind === p.kind && (best < 0 || g.n > (groups[best]?.n ?? 0))) best = j;
    });
    if (best >= 0) {
      used.add(best);
      have[i] = groups[best]?.n ?? 0;
    }
  }
  const met = parts.filter((p, i) => (have[i] ?? 0) >= p.size).length;
  return { met, cards: have.reduce<number>((a, b) => a + (b ?? 0), 0), have };
}

/** The lines: before coming out, the progress toward the requirement; after, where the
 *  selection lays off. Empty when it is not this seat's play phase or nothing is chosen. */
export function progressLines(v: ViewJSON, moves: readonly string[],
  values: Readonly<Record<string, number>>, groups: readonly string[][],
  selection: readonly string[], lang: Lang): string[] {
  if (v.seat === null || v.to_act !== v.seat || v.phase !== "play") return [];
  const all = [...groups, ...(selection.length ? [selection] : [])];
  if (!all.length) return [];
  if (v.come_out[v.seat]) return layLines(moves, selection, lang);
  const req = parseRequirement(v.requirement.notation);
  if (req.all) {
    return [t("web_prog_all", lang, { n: all.flat().length, of: v.hand.length })];
  }
  if (req.points) {
    let points = 0;
    for (const group of all) {
      const worth = meldReadings(moves, group).map((g) => values[g.join(" ")])
        .filter((x): x is number => typeof x === "number");
      if (worth.length) points += Math.min(...worth);
    }
    return [t("web_prog_points", lang, { n: points, of: req.points })];
  }
  if (!req.alternatives.length) return [];
  const shaped = all.map((g) => {
    const listed = meldReadings(moves, g)[0];
    return { kind: shapeOf(listed ?? g), n: g.length };
  });
  let best = req.alternatives[0] as Part[];
  let score = fill(best, shaped);
  for (const alt of req.alternatives.slice(1)) {
    const s = fill(alt, shaped);
    if (s.met / alt.length > score.met / best.length ||
        (s.met / alt.length === score.met / best.length && s.cards > score.cards)) {
      best = alt;
      score = s;
    }
  }
  const lines = [t("web_prog_melds", lang, { done: score.met, of: best.length })];
  best.forEach((p, i) => {
    const n = score.have[i];
    if (n !== null && n !== undefined && n < p.size) {
      lines.push(t("web_prog_part", lang, {
        part: requirementWords(`${p.kind} ${p.size}`, lang), n, of: p.size,
      }));
    }
  });
  return lines;
}

/** After coming out: the table melds the selection lays off onto, as the engine lists. */
function layLines(moves: readonly string[], selection: readonly string[], lang: Lang): string[] {
  if (!selection.length) return [];
  const wanted = groupKey(selection);
  const targets = new Set<string>();
  for (const move of moves) {
    const [verb, n, ...cards] = move.split(/\s+/);
    if (verb === "lay" && n && groupKey(cards) === wanted) targets.add(n);
  }
  if (targets.size) {
    return [t("web_prog_lays", lang, { n: [...targets].join(", ") })];
  }
  return selection.length === 1 ? [t("web_prog_lays_none", lang)] : [];
}
