// A word to the table, the host's pause and what a person missed (issue 39), from the
// table's socket: the words said (reactions and chat), whether the chat is on, whether the
// host has paused the table, and the moves made while this seat was away, as lines. The
// table's state (table.svelte.ts) hands it the frames it does not read itself.
import type { Worded } from "./i18n";
import { type EventJSON, eventsWords } from "./view";

export const REACTIONS = ["👍", "👏", "😀", "😮", "😅", "🙈"] as const;
export const CHAT_MOST = 200;

export interface Said { n: number; seat: number; kind: "reaction" | "chat"; text: string }
/** The moves made while this seat was away: `lines` worded when shown, as the log's are. */
export interface Back { moves: number; lines: Worded[]; more: number }

const saidOf = (f: Record<string, unknown>): Said | null =>
  typeof f.n === "number" && typeof f.seat === "number" && typeof f.text === "string"
    && (f.kind === "reaction" || f.kind === "chat")
    ? { n: f.n, seat: f.seat, kind: f.kind, text: f.text } : null;

/** Lines shown under "Welcome back" at most; the log keeps the rest. */
const BACK_LINES = 40;

export class Together {
  said: Said[] = $state([]);
  chat = $state(true);
  paused = $state(false);
  back: Back | null = $state(null);
  /** The newest word, for the table to show for a moment (n counts them). */
  fresh: Said | null = $state(null);

  /** Reads a frame the table does not; whether it was one of these. */
  receive(frame: Record<string, unknown>, players: readonly string[]): boolean {
    switch (frame.type) {
      case "said": {
        const said = saidOf(frame);
        if (said && !this.said.some((s) => s.n === said.n)) {
          this.said = [...this.said, said].slice(-100);
          this.fresh = said;
        }
        return true;
      }
      case "words": {
        this.chat = frame.chat !== false;
        this.paused = frame.paused === true;
        const kept = Array.isArray(frame.said) ? frame.said.map((f) => saidOf(f as Record<string, unknown>)) : [];
        const known = new Set(this.said.map((s) => s.n));
        this.said = [...this.said, ...kept.filter((s): s is Said => s !== null && !known.has(s.n))]
          .sort((a, b) => a.n - b.n).slice(-100);
        return true;
      }
      case "chat":
        this.chat = frame.on !== false;
        return true;
      case "paused":
        this.paused = frame.on === true;
        return true;
      case "back": {
        const events = Array.isArray(frame.events) ? frame.events as EventJSON[] : [];
        const you = typeof frame.seat === "number" ? frame.seat : null; // its own moves: "Je ..."
        const lines = eventsWords(events, players, you);
        const moves = typeof frame.version === "number" && typeof frame.since === "number"
          ? frame.version - frame.since : lines.length;
        this.back = { moves, lines: lines.slice(-BACK_LINES), more: Math.max(0, lines.length - BACK_LINES) };
        return true;
      }
      default:
        return false;
    }
  }
}

/** A message to the table: a reaction, or a line of chat (trimmed; null if nothing is left
 *  or it is too long). */
export function sayFrame(what: { reaction?: string; text?: string }): Record<string, string> | null {
  if (what.reaction !== undefined) {
    return (REACTIONS as readonly string[]).includes(what.reaction) ? { type: "say", reaction: what.reaction } : null;
  }
  const text = (what.text ?? "").split(/\s+/).filter(Boolean).join(" ");
  return text && text.length <= CHAT_MOST ? { type: "say", text } : null;
}
