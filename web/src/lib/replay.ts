// The replay page's logic: a finished game as the server's engine replayed it
// (POST /api/replay: the table after every deal and move, every hand open), stepped
// through here. The browser replays nothing: it only moves between the steps it was given.
import { answer, request } from "./api";
import type { Lang } from "./cards";
import { t } from "./i18n";
import { type EventJSON, eventLine, type ViewJSON } from "./view";

export interface ReplayStep {
  round: number; // from 1
  move: number; // 0: the deal
  line: string | null; // the record's line, "Ann: draw"
  view: ViewJSON;
  events: EventJSON[];
}
export interface ReplayOut { players: string[]; steps: ReplayStep[] }
/** One answer of POST /api/replay: steps `start` on, of `total` in all. */
export interface ReplayPage extends ReplayOut { start: number; total: number }

/** The seconds a 429 asks to wait (its Retry-After), at most `most`. */
export function retryAfter(response: Response, most = 30): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, most) : 1;
}

/** The engine's replay of a record file's text: the table after each step, asked page by
 *  page (the server answers at most 500 steps at a time, and asks to wait when one
 *  address asks too much: then this waits as it says, a few times). */
export async function replayRecord(record: string): Promise<ReplayOut> {
  const steps: ReplayStep[] = [];
  let players: string[] = [];
  let waits = 0;
  for (;;) {
    const response = await request("/api/replay", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ record, start: steps.length }),
    });
    if (response.status === 429 && waits++ < 5) {
      await new Promise((done) => setTimeout(done, retryAfter(response) * 1000));
      continue;
    }
    const page = await answer<ReplayPage>(response);
    players = page.players;
    steps.push(...page.steps);
    if (!page.steps.length || steps.length >= page.total) return { players, steps };
  }
}

/** The index of each round's deal, in order (round r starts at starts[r - 1]). */
export function roundStarts(steps: readonly ReplayStep[]): number[] {
  const starts: number[] = [];
  steps.forEach((s, i) => { if (s.move === 0) starts.push(i); });
  return starts;
}

const clamp = (i: number, steps: readonly ReplayStep[]): number =>
  Math.max(0, Math.min(steps.length - 1, i));

/** The first step of `round` (from 1); the nearest round when there is no such round. */
export function roundStep(round: number, steps: readonly ReplayStep[]): number {
  const starts = roundStarts(steps);
  if (!starts.length) return 0;
  return starts[Math.max(0, Math.min(starts.length - 1, round - 1))] ?? 0;
}

/** Where a key takes the replay from step `at`: ← → one move, Page Up / Page Down the
 *  previous or next round's deal (Page Up within a round: its deal first), Home / End the
 *  start or the end. Null for any other key. */
export function stepAfterKey(key: string, at: number, steps: readonly ReplayStep[]): number | null {
  const round = steps[at]?.round ?? 1;
  switch (key) {
    case "ArrowRight":
      return clamp(at + 1, steps);
    case "ArrowLeft":
      return clamp(at - 1, steps);
    case "Home":
      return 0;
    case "End":
      return clamp(steps.length - 1, steps);
    case "PageDown": {
      const next = roundStarts(steps).find((i) => i > at);
      return next ?? clamp(steps.length - 1, steps);
    }
    case "PageUp": {
      const start = roundStep(round, steps);
      return at > start ? start : roundStep(round - 1, steps);
    }
    default:
      return null;
  }
}

/** "Round 2 of 6 · move 14 of 80": where step `at` stands. */
export function whereText(at: number, steps: readonly ReplayStep[], lang: Lang): string {
  const step = steps[at];
  if (!step) return "";
  const rounds = roundStarts(steps).length;
  const moves = steps.filter((s) => s.round === step.round).length - 1;
  return t("web_replay_where", lang, { round: step.round, rounds, move: step.move, moves });
}

/** What happened at the step, in the log's words (the deal: who dealt which round). */
export function stepLines(step: ReplayStep, lang: Lang): string[] {
  const players = step.view.players;
  if (step.move === 0) {
    return [t("web_replay_dealt", lang, { round: step.round, name: players[step.view.dealer] ?? "?" })];
  }
  const lines = step.events.map((e) => eventLine(e, players, lang)).filter((l): l is string => l !== null);
  return lines.length ? lines : [step.line ?? ""];
}
