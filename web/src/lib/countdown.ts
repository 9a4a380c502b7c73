// The clock the server runs for the seat to act (the buying window, the turn timer), sent
// with each view as `clock` (docs/protocol.md, "Clocks"): the seconds left when the frame
// was sent. The browser counts down from when it received it, so its clock and the
// server's need not agree. Screen readers hear it politely at a few moments, not every
// second.
import type { Lang } from "./cards";
import { t } from "./i18n";

export interface ClockJSON {
  seat: number;
  kind: "turn" | "buy";
  left: number; // seconds left when the frame was sent
  seconds: number; // the whole length
}

export interface Deadline {
  seat: number;
  kind: "turn" | "buy";
  seconds: number;
  ends: number; // ms on this browser's clock
}

/** The frame's clock, if it is one, as a deadline on this browser's clock (`now`, ms). */
export function deadlineOf(clock: unknown, now: number): Deadline | null {
  if (!clock || typeof clock !== "object") return null;
  const c = clock as Partial<ClockJSON>;
  if (typeof c.left !== "number" || typeof c.seconds !== "number" || typeof c.seat !== "number"
    || (c.kind !== "turn" && c.kind !== "buy")) return null;
  return { seat: c.seat, kind: c.kind, seconds: c.seconds, ends: now + Math.max(0, c.left) * 1000 };
}

/** Whole seconds left at `now` (ms), rounded up, never below 0: 5.2 s left shows 6. */
export const secondsLeft = (deadline: Deadline, now: number): number =>
  Math.max(0, Math.ceil((deadline.ends - now) / 1000));

/** The moment a screen reader is told: the whole length at the start, then 3 seconds
 *  before the end (when the window is longer), else null. Announcing when this changes
 *  says the countdown twice, not every second. */
export function milestone(left: number, seconds: number): number | null {
  if (left <= 0) return null;
  const moments = [Math.ceil(seconds), 3].filter((m, i, all) => all.indexOf(m) === i)
    .sort((a, b) => a - b);
  return moments.find((m) => left <= m) ?? Math.ceil(seconds);
}

/** The visible countdown: "nog 5 s". */
export const countdownText = (left: number, lang: Lang): string => t("web_clock_left", lang, { n: left });

/** What a screen reader hears at a milestone of the buying window (or the turn). */
export const countdownSaid = (deadline: Deadline, left: number, lang: Lang): string =>
  t(deadline.kind === "buy" ? "web_clock_buy_said" : "web_clock_turn_said", lang, { n: left });
