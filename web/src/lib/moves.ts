// What the seat may do now, read from the moves the server lists with each view (the
// engine's own listing, docs/protocol.md): the buttons shown and what is tappable come
// from here, never from a copy of the engine's phases.

/** The verb of a listed move: "draw", "lay 1 8h" -> "lay". */
export const verbOf = (move: string): string => move.trim().split(/\s+/, 1)[0] ?? "";

/** The order the action bar shows the verbs in (a verb not named here comes last). */
const ORDER = ["draw", "take", "buy", "pass", "give", "meld", "lay", "swap", "table", "discard"];

/** The verbs listed, each once, in the bar's order (`deal` is the server's). */
export function verbsOf(moves: readonly string[]): string[] {
  const found = new Set(moves.map(verbOf).filter((v) => v && v !== "deal"));
  const rank = (v: string): number => (ORDER.includes(v) ? ORDER.indexOf(v) : ORDER.length);
  return [...found].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Whether the bare action `verb` ("draw", "take") is listed. */
export const listedBare = (moves: readonly string[], verb: string): boolean =>
  moves.some((m) => m.trim() === verb);

/** The table combinations (numbers from 1) a listed lay-off or joker swap goes to. */
export function meldTargets(moves: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const m of moves) {
    const [verb, n] = m.trim().split(/\s+/);
    if ((verb === "lay" || verb === "swap") && n && /^\d+$/.test(n)) out.add(Number(n));
  }
  return out;
}

const plain = (card: string): string => (card.startsWith("*") ? "*" : card);
const same = (a: readonly string[], b: readonly string[]): boolean =>
  a.map(plain).sort().join(" ") === b.map(plain).sort().join(" ");

/** What tapping combination `n` with `cards` selected does: the listed lay-off or swap of
 *  exactly those cards onto it ("lay" before "swap"), or null when neither is listed. */
export function tapMeld(moves: readonly string[], n: number, cards: readonly string[]): "lay" | "swap" | null {
  if (!cards.length) return null;
  for (const verb of ["lay", "swap"] as const) {
    for (const m of moves) {
      const [v, at, ...rest] = m.trim().split(/\s+/);
      if (v === verb && Number(at) === n && same(rest, cards)) return verb;
    }
  }
  return null;
}

/** The listed rearrangements of the table (`table A / B / ...`, Rummikub): each as its
 *  combinations, for the player to choose one. */
export function tableMoves(moves: readonly string[]): { move: string; melds: string[][] }[] {
  return moves.filter((m) => verbOf(m) === "table").map((move) => ({
    move,
    melds: move.trim().slice(5).split("/").map((g) => g.trim().split(/\s+/).filter(Boolean)),
  }));
}
