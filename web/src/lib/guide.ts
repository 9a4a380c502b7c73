// A first game that teaches (issue 38): a guided first round against the computer. Short
// steps, each shown at the moment it applies (the goal at the start, giving a double card
// away after the deal (Amerikaans), how a turn goes at the
// first draw, the requirement once a card is drawn, coming out when the listed moves allow
// it, laying off, the joker when the player holds one at their move, buying at the first offer, and the end),
// dismissed one by one; after the first round (or when the player stops the guide) hints
// are on. What the player has seen is kept per room, so a reload does not show it again.
import { verbsOf } from "./moves";
import type { ViewJSON } from "./view";

export type GuideStep = "goal" | "give" | "turn" | "requirement" | "come_out" | "lay_off" | "jokers" | "buying" | "done";

/** Each step's catalogue key (`guide_<step>`); the order in which they are offered when
 *  several apply at once (the end and an offer first: they do not wait). */
export const STEPS: GuideStep[] = ["goal", "done", "buying", "give", "turn", "requirement", "come_out", "lay_off", "jokers"];

export interface GuideKept { seen: GuideStep[]; over: boolean }

/** The key under which a room's guide is kept (present: the room is a guided game). */
export const guideKey = (room: string): string => `jokeren-guide-${room}`;

/** A kept guide from its stored text (null: this room is not guided). */
export function readGuide(text: string | null): GuideKept | null {
  if (text === null) return null;
  try {
    const kept = JSON.parse(text) as Partial<GuideKept> | null;
    const seen = Array.isArray(kept?.seen) ? kept.seen.filter((s): s is GuideStep => STEPS.includes(s as GuideStep)) : [];
    return { seen, over: kept?.over === true };
  } catch {
    return { seen: [], over: false };
  }
}

const over = (v: ViewJSON): boolean => v.phase === "round-over" || v.phase === "match-over";

/** Whether `step` applies to this moment of the seat's game. */
export function applies(step: GuideStep, v: ViewJSON, moves: readonly string[]): boolean {
  const mine = v.seat !== null && v.to_act === v.seat && !over(v);
  const verbs = mine ? verbsOf(moves) : [];
  const cameOut = v.seat !== null && v.come_out[v.seat] === true;
  switch (step) {
    case "goal": return !over(v);
    case "done": return over(v);
    case "buying": return verbs.includes("buy");
    case "give": return mine && v.phase === "exchange"; // giving listed or not (no double)
    case "turn": return mine && v.phase === "draw";
    case "requirement": return mine && v.phase === "play";
    case "come_out": return mine && !cameOut && verbs.includes("meld");
    case "lay_off": return mine && verbs.includes("lay");
    case "jokers": return mine && v.phase === "play" && v.hand.some((c) => c.startsWith("*"));
  }
}

/** Whether the guided round is behind the player: its end seen, or a later round dealt. */
export function finished(kept: GuideKept, v: ViewJSON): boolean {
  return kept.over || kept.seen.includes("done") || (!over(v) && v.round_index >= 1);
}

/** The step to show now: the first not yet seen that applies, in STEPS' order. */
export function stepNow(kept: GuideKept, v: ViewJSON, moves: readonly string[]): GuideStep | null {
  if (finished(kept, v)) return null;
  return STEPS.find((s) => !kept.seen.includes(s) && applies(s, v, moves)) ?? null;
}
