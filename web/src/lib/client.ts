// One seat's (or a spectator's) connection to a table of `jokeren serve` (docs/protocol.md).
// The server holds the rules and sends each seat only what it may see; this client keeps
// the last view, the version, and what it sent until the server answered. A dropped
// connection is retried with growing pauses; the hello then carries the last version, so
// the server sends what was missed, and an action not yet answered is sent again with the
// same id (the server applies an id once). The hello asks for protocol 2: an events frame
// then carries only the view's keys that changed (`changes`), `moves` and `clock` only
// when they changed, and the ack of this page's own action (`ack`); the client keeps the
// rest and hands on whole views (an older server's whole frames are read as before).

import type { EventJSON, ViewJSON } from "./wire.gen";

export type Frame = Record<string, unknown> & { type: string };
export interface Refusal {
  key: string;
  params?: Record<string, unknown>;
  text: { en: string; nl: string };
}

export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface ClientEvents {
  /** The whole view of the seat (every frame that changes the table carries one), the
   *  moves listed for it and the clock that runs for the seat to act (null: none;
   *  undefined: the frame does not say, as a refusal's, or that it is still null) and the
   *  points of the listed melds
   *  while the seat must come out with points. */
  view?(view: ViewJSON, version: number, moves: string[], clock: unknown,
    values: Record<string, number>): void;
  /** Learning mode: why a computer player moved (the server sends it under open hands). */
  why?(why: Why): void;
  /** On connect, before its view: the seat the token opens, as the server says it (null:
   *  a spectator's token). */
  welcome?(seat: number | null): void;
  /** Events the seat may see, in order, with the version they led to. */
  events?(events: EventJSON[], version: number): void;
  seats?(seats: Record<string, unknown>[]): void;
  /** On connect: the last round that ended, as this seat saw it end (its view then and
   *  the round's events), for a page opened after it ended; absent before any round ends. */
  roundEnd?(ended: { view: ViewJSON; events: EventJSON[] }): void;
  refused?(reason: Refusal, action: string | null): void;
  accepted?(action: string, version: number): void;
  status?(status: "connecting" | "open" | "retrying" | "waiting" | "closed", attempt: number): void;
  /** The server will not let this token in (wrong or ended room): no retry. */
  fatal?(reason: Refusal): void;
  /** Any other frame (the words said, the pause, what was missed: lib/together.svelte.ts). */
  other?(frame: Frame): void;
}

export interface Why {
  seat: number;
  action: string;
  text: { en: string; nl: string };
}

export interface ClientOptions {
  url: string;
  token: string;
  socket: (url: string) => SocketLike;
  handlers: ClientEvents;
  /** Waits between retries, in ms; the last repeats. */
  backoff?: readonly number[];
  timer?: (fn: () => void, ms: number) => unknown;
  newId?: () => string;
}

/** How often a seat asks again while the host has not started the match (ms). */
const WAIT_FOR_START = 1500;
/** The seat's legal moves as the engine lists them, sent with each view on its move. */
const movesOf = (frame: Frame): string[] =>
  Array.isArray(frame.moves) ? frame.moves.filter((m): m is string => typeof m === "string") : [];
/** The points of the listed melds, sent while the seat must come out with points. */
const valuesOf = (frame: Frame): Record<string, number> =>
  frame.values && typeof frame.values === "object" ? frame.values as Record<string, number> : {};
let counter = 0;
const defaultId = (): string =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export class TableClient {
  version = -1;
  private ws: SocketLike | null = null;
  private attempt = 0;
  private stopped = false;
  private sent = new Map<string, string>(); // id -> action, until answered
  private waitingForStart = false;
  private learning = false;
  private opened: SocketLike | null = null; // the socket whose hello went out
  // protocol 2: the last view, moves and values the server sent (docs/protocol.md)
  private kept: ViewJSON | null = null;
  private moves: string[] = [];
  private values: Record<string, number> = {};
  private readonly opts: Required<Omit<ClientOptions, "handlers">> & { handlers: ClientEvents };

  constructor(options: ClientOptions) {
    this.opts = {
      backoff: [500, 1000, 2000, 4000, 8000],
      timer: (fn, ms) => setTimeout(fn, ms),
      newId: defaultId,
      ...options,
    };
  }

  connect(): void {
    this.stopped = false;
    this.opts.handlers.status?.(this.attempt === 0 ? "connecting" : "retrying", this.attempt);
    const ws = this.opts.socket(this.opts.url);
    this.ws = ws;
    ws.onopen = () => {
      // the first hello asks for every event from the first deal (-1): the log is whole
      // after a reload; a reconnect asks for what it missed
      const since = this.version >= 0 ? this.version : -1;
      this.opened = ws;
      const learn = this.learning ? { learn: true } : {};
      ws.send(JSON.stringify({ type: "hello", token: this.opts.token, since, protocol: 2, ...learn }));
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) {
        this.opts.handlers.status?.("closed", this.attempt);
        return;
      }
      const waits = this.opts.backoff;
      // a room whose match has not started yet is asked again at a steady pace
      const wait = this.waitingForStart ? WAIT_FOR_START
        : (waits[Math.min(this.attempt, waits.length - 1)] ?? 1000);
      if (!this.waitingForStart) this.attempt += 1;
      this.opts.handlers.status?.(this.waitingForStart ? "waiting" : "retrying", this.attempt);
      this.opts.timer(() => {
        if (!this.stopped) this.connect();
      }, wait);
    };
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }

  /** Sends an action in the public notation ("draw", "discard 7h"); returns its id. */
  act(action: string): string {
    const id = this.opts.newId();
    this.sent.set(id, action);
    this.transmit(id, action);
    return id;
  }

  /** Learning mode on or off: the server then says why the computer players move (kept
   *  for the hello of a reconnect). */
  learn(on: boolean): void {
    this.learning = on;
    if (this.ws && this.opened === this.ws) this.ws.send(JSON.stringify({ type: "learn", on }));
  }

  /** Sends a message that is not a move (a word to the table); false while not open. */
  say(message: Record<string, unknown>): boolean {
    if (!this.ws || this.opened !== this.ws) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  get waiting(): boolean {
    return this.sent.size > 0;
  }

  private transmit(id: string, action: string): void {
    this.ws?.send(JSON.stringify({ type: "act", id, version: this.version, action }));
  }

  private accepted(id: string, version: number): void {
    const action = this.sent.get(id);
    this.sent.delete(id);
    if (action !== undefined) this.opts.handlers.accepted?.(action, version);
  }

  private receive(data: unknown): void {
    let frame: Frame;
    try {
      frame = JSON.parse(String(data)) as Frame;
    } catch {
      return;
    }
    const h = this.opts.handlers;
    const version = typeof frame.version === "number" ? frame.version : this.version;
    // what the frame tells of the view and the moves, made whole from what was kept
    if (frame.view) this.kept = frame.view as ViewJSON;
    else if (frame.changes && this.kept) this.kept = { ...this.kept, ...(frame.changes as Partial<ViewJSON>) };
    if ("moves" in frame) {
      this.moves = movesOf(frame);
      this.values = valuesOf(frame);
    }
    const view = frame.view || frame.changes ? this.kept : null;
    const show = (): void => {
      if (view) h.view?.(view, version, this.moves, frame.clock, this.values);
    };
    switch (frame.type) {
      case "welcome": {
        h.welcome?.(typeof frame.seat === "number" ? frame.seat : null);
        this.attempt = 0;
        this.waitingForStart = false;
        h.status?.("open", 0);
        this.version = version;
        show();
        const ended = frame.round_end as { view?: unknown; events?: unknown } | null | undefined;
        if (ended && typeof ended.view === "object" && ended.view !== null) {
          h.roundEnd?.({ view: ended.view as ViewJSON,
            events: Array.isArray(ended.events) ? ended.events as EventJSON[] : [] });
        }
        // What was sent but never answered goes again, at the current version: the server
        // answers a repeated id with its first answer.
        for (const [id, action] of this.sent) this.transmit(id, action);
        break;
      }
      case "missed":
      case "events": {
        this.version = version;
        h.events?.((frame.events as EventJSON[] | undefined) ?? [], version);
        if (frame.why) h.why?.(frame.why as Why);
        show();
        if (frame.ack !== undefined) this.accepted(String(frame.ack), version);
        break;
      }
      case "seats":
        h.seats?.((frame.seats as Record<string, unknown>[] | undefined) ?? []);
        break;
      case "ack":
        this.accepted(String(frame.id), version);
        break;
      case "refused": {
        const id = frame.id === null || frame.id === undefined ? null : String(frame.id);
        const action = id === null ? null : (this.sent.get(id) ?? null);
        if (id !== null) this.sent.delete(id);
        if (frame.view) {
          this.version = version;
          show();
        }
        h.refused?.(frame.reason as Refusal, action);
        break;
      }
      case "error": {
        const reason = frame.reason as Refusal;
        if (reason?.key === "not_playing") {
          this.waitingForStart = true; // the socket closes; connect again shortly
        } else {
          this.stopped = true;
          h.fatal?.(reason);
        }
        break;
      }
      default:
        h.other?.(frame);
        break;
    }
  }
}
