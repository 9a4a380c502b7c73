// The table page's state, in one place: what the server sent the seat (its view, listed
// moves, clock, events kept for the log and worded when shown, in the language of the
// moment), what the player is composing (the hand's own order, the selection, the tray of
// combinations set aside, the target combination) and the page's settings. Components
// only read it and call its methods. The hand's order and the tray are kept per room in
// localStorage, so a reload restores them.
import { sortCards, type Lang } from "./cards";
import { type SocketLike, TableClient } from "./client";
import { type Deadline, deadlineOf } from "./countdown";
import type { DropTarget } from "./drag";
import { t, type Worded, worded } from "./i18n";
import { layReadings, meldReadings, nextQuestion, settled } from "./jokers";
import { listedBare, tapMeld, verbsOf } from "./moves";
import { keepOrder, moveCard, positionsOf } from "./order";
import { progressLines } from "./progress";
import { closedKey, restored, roundEvents, type RoundEndShown, roundOf, wentOut } from "./roundend";
import { Together } from "./together.svelte";
import { stillHeld, withoutTray } from "./tray";
import {
  duplicates, type EventJSON, eventsWords, exchangedTo, exchangeLog, lastTouched, myMove, onlyDuplicate, selectionFits,
  type ViewJSON,
} from "./view";

export type Motion = "off" | "normal" | "slow";

/** What just happened, for the table to show where it happened (a seat, the pile, a
 *  combination) until the next move; `n` counts moves so that each is shown afresh. */
export interface LastMove { n: number; seat: number | null; kind: string; melds: number[]; discard: boolean }

export interface Question { readings: string[][]; pick: (reading: string[]) => void; label: Worded }

export interface SeatInfo { computer: boolean; present: boolean; level: string | null; person?: boolean; name?: string }

const stored = (key: string): string | null => {
  try { return localStorage.getItem(key); } catch { return null; }
};
const store = (key: string, value: string): void => {
  try { localStorage.setItem(key, value); } catch { /* private mode: nothing kept */ }
};

/** Lines the log keeps at most (the oldest go first). */
export const LOG_MOST = 500;

/** Whether a move of these cards would leave the hand empty (going out). */
const emptiesHand = (handSize: number, cards: number): boolean => cards >= handSize;

export class TableState {
  lang: Lang = $state("en");
  view: ViewJSON | null = $state(null);
  moves: string[] = $state([]);
  values: Record<string, number> = $state({});
  deadline: Deadline | null = $state(null);
  seats: SeatInfo[] = $state([]);
  version = $state(0); // the table's version as last told (Presence.svelte: what was missed)
  /** Words said, the chat switch, the pause, what this seat missed (together.svelte.ts). */
  readonly together = new Together();

  /** The whole hand in the player's order; the hand shown leaves out the tray's cards. */
  order: string[] = $state([]);
  tray: string[][] = $state([]);
  /** Positions in the shown hand, in the order they were tapped. */
  selected: number[] = $state([]);
  fresh: string[] = $state([]);
  target: number | null = $state(null);
  question: Question | null = $state(null);

  /** The log's lines as what each is made of (an event, a computer player's reason), at
   *  most LOG_MOST, oldest first; `log` words them in the language of the moment, so a
   *  switch of language rewords the whole log and its newest line at once. */
  private logged: Worded[] = $state.raw([]);
  readonly log: string[] = $derived(this.logged.map((line) => line(this.lang)));
  last: LastMove | null = $state(null);
  /** Why the last action was not done (the engine's reason in both languages, or the
   *  page's own word), worded when shown as `refusal`. */
  private refused: Worded | null = $state.raw(null);
  readonly refusal: string = $derived(this.refused?.(this.lang) ?? "");
  connection = $state("connecting");
  private ended: Worded | null = $state.raw(null);
  readonly fatal: string = $derived(this.ended?.(this.lang) ?? "");
  /** The seat the token opens, as the table's welcome said it (null: a spectator's;
   *  undefined: no welcome yet). */
  seatSaid: number | null | undefined = $state(undefined);
  /** The welcome said the token opens another seat than the one `connect` was told to
   *  expect (a seat's link that is a spectator's token, or another seat's number): the
   *  connection is closed and nothing of the view is shown or kept. */
  wrongSeat = $state(false);
  /** The key of the refusal that closed the table for good ("replaced": opened elsewhere). */
  fatalKey = $state("");
  roundEnd: RoundEndShown | null = $state(null);
  panel: "" | "sheet" | "log" | "menu" | "rearrange" = $state("");

  hints = $state(stored("jokeren-hints") === "1");
  learn = $state(stored("jokeren-learn") === "1");
  fourColour = $state(stored("jokeren-four-colour") === "1");
  confirmations = $state(stored("jokeren-confirm") !== "0");
  motion: Motion = $state(TableState.initialMotion());
  sound = $state(stored("jokeren-sound") === "1");
  vibrate = $state(stored("jokeren-vibrate") === "1");

  readonly shown: string[] = $derived(withoutTray(this.order, this.tray));
  readonly chosen: string[] = $derived([...this.selected].sort((a, b) => a - b)
    .filter((i) => i < this.shown.length).map((i) => this.shown[i] as string));
  readonly mine: boolean = $derived(this.view !== null && myMove(this.view));
  readonly verbs: string[] = $derived(this.mine ? verbsOf(this.moves) : []);
  /** The host has paused the table: the server refuses every move until the host goes on,
   *  so the stock, the pile and the move buttons are disabled and no move is sent. */
  readonly paused: boolean = $derived(this.together.paused);
  readonly canDraw: boolean = $derived(!this.paused && listedBare(this.moves, "draw"));
  readonly canTake: boolean = $derived(!this.paused && listedBare(this.moves, "take"));
  readonly fits = $derived(selectionFits(this.moves, this.tray, this.chosen));
  readonly progress: string[] = $derived(this.view
    ? progressLines(this.view, this.moves, this.values, this.tray, this.chosen, this.lang) : []);
  readonly freshAt: number[] = $derived(positionsOf(this.shown, this.fresh));

  private client: TableClient | null = null;
  private kept: EventJSON[] = []; // this round's events, for what the winner laid going out
  private exchanged: string[] = [];
  /** The card this seat gave in this round's duplicate exchange and the round (kept for a
   *  reload): a lone giver keeps it, and no event names it. A new round's deal forgets it. */
  private gave: string | null = null;
  private gaveIn = -1;
  /** The log's follower of the duplicate exchange, whose end it says in one line. */
  private exchange = exchangeLog((dealt) => this.keptCard(dealt));
  private moveCount = 0;

  constructor(readonly room: string, readonly token: string | null, lang: Lang) {
    this.lang = lang;
    try {
      const saved = JSON.parse(stored(this.key) ?? "null") as
        { order?: string[]; tray?: string[][]; panel?: string; gave?: unknown; gaveIn?: unknown } | null;
      if (saved) {
        this.order = Array.isArray(saved.order) ? saved.order : [];
        this.tray = Array.isArray(saved.tray) ? saved.tray : [];
        this.gave = typeof saved.gave === "string" ? saved.gave : null;
        this.gaveIn = typeof saved.gaveIn === "number" ? saved.gaveIn : -1;
        if (saved.panel === "sheet" || saved.panel === "log" || saved.panel === "menu") this.panel = saved.panel;
      }
    } catch { /* a broken entry: start afresh */ }
  }

  static initialMotion(): Motion {
    const kept = stored("jokeren-motion");
    if (kept === "off" || kept === "normal" || kept === "slow") return kept;
    const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    return reduce ? "off" : "normal";
  }

  private get key(): string { return `jokeren-table-${this.room}`; }

  /** Keeps the hand's order, the tray and the open panel for a reload. */
  keep(): void {
    const panel = this.panel === "rearrange" ? "" : this.panel;
    store(this.key, JSON.stringify({ order: this.order, tray: this.tray, panel, gave: this.gave, gaveIn: this.gaveIn }));
  }

  /** Opens a panel over the table (the same again: closes it). */
  open(panel: "" | "sheet" | "log" | "menu" | "rearrange"): void {
    this.panel = this.panel === panel ? "" : panel;
    this.keep();
  }

  saveSettings(): void {
    store("jokeren-hints", this.hints ? "1" : "0");
    store("jokeren-learn", this.learn ? "1" : "0");
    store("jokeren-four-colour", this.fourColour ? "1" : "0");
    store("jokeren-confirm", this.confirmations ? "1" : "0");
    store("jokeren-motion", this.motion);
    store("jokeren-sound", this.sound ? "1" : "0");
    store("jokeren-vibrate", this.vibrate ? "1" : "0");
    this.client?.learn(this.learn);
  }

  // --- from the server -----------------------------------------------------------------

  /** Connects with the token; `expect`: the seat a link said the token opens, to be
   *  confirmed by the welcome (else `wrongSeat`). */
  connect(url: string, socket: (url: string) => SocketLike, expect?: number): void {
    if (!this.token) return;
    this.client = new TableClient({
      url, token: this.token, socket,
      handlers: {
        view: (v, version, listed, clock, worth) => {
          if (this.wrongSeat) return;
          this.version = version;
          this.moves = listed;
          this.values = worth;
          if (clock !== undefined) this.deadline = deadlineOf(clock, Date.now());
          this.show(v);
        },
        welcome: (seat) => {
          this.seatSaid = seat;
          if (expect !== undefined && seat !== expect) {
            this.wrongSeat = true;
            this.client?.close();
          }
        },
        roundEnd: (ended) => {
          if (this.wrongSeat) return;
          this.roundEnd = restored(ended, this.closedRound(), this.roundEnd);
        },
        why: (why) => {
          const name = this.view?.players[why.seat] ?? "?";
          const text = why.text;
          this.addLog((lang) => t("web_why", lang, { name, why: text[lang] }));
        },
        events: (events) => { if (!this.wrongSeat) this.happened(events); },
        seats: (seats) => {
          this.seats = seats.map((s) => ({
            computer: Boolean(s.computer), present: s.present !== false,
            level: typeof s.level === "string" ? s.level : null,
            person: s.person === true, name: typeof s.name === "string" ? s.name : undefined,
          }));
        },
        accepted: () => { this.refused = null; this.selected = []; this.target = null; },
        refused: (reason) => { const text = reason.text; this.refused = (lang) => text[lang]; },
        status: (status) => { this.connection = status; },
        fatal: (reason) => { const text = reason.text; this.fatalKey = reason.key; this.ended = (lang) => text[lang]; },
        other: (frame) => {
          this.together.receive(frame, [...(this.view?.players ?? [])]);
          if (frame.type === "back") this.refused = null;
          // the pause stops every clock; going on, the server's clock counts again
          if (frame.type === "paused") this.deadline = frame.on === true ? null : deadlineOf(frame.clock, Date.now());
        },
      },
    });
    this.client.learn(this.learn);
    this.client.connect();
  }

  close(): void { this.client?.close(); }

  /** A word to the table (a frame made by together.svelte.ts's sayFrame). */
  say(message: Record<string, string>): boolean { return this.client?.say(message) ?? false; }

  private show(next: ViewJSON): void {
    const over = (v: ViewJSON | null): boolean => v?.phase === "round-over" || v?.phase === "match-over";
    if (this.view !== null && over(next) && !over(this.view)) {
      this.roundEnd = { view: next, laid: wentOut(this.kept, next.results.at(-1)?.winner ?? null) };
    }
    if (this.question && !myMove(next)) this.question = null;
    // a refusal belongs to the move it answered: a new turn or phase clears it
    if (this.view && (this.view.to_act !== next.to_act || this.view.phase !== next.phase)) this.refused = null;
    this.view = next;
    // a card given in an earlier round (before a reload too) says nothing of this round's
    if (next.round_index !== this.gaveIn) this.gave = null;
    this.order = keepOrder(this.order, next.hand).cards;
    this.fresh = [...next.drawn, ...this.exchanged];
    // the tray holds only what the hand still holds, and only on the seat's own play
    this.tray = myMove(next) && next.phase === "play" ? stillHeld(next.hand, this.tray) : [];
    this.selected = this.selected.filter((i) => i < this.shown.length);
    this.keep();
  }

  private addLog(...lines: Worded[]): void {
    if (lines.length) this.logged = [...this.logged, ...lines].slice(-LOG_MOST);
  }

  private happened(events: EventJSON[]): void {
    this.kept = roundEvents(this.kept, events);
    const players = [...(this.view?.players ?? [])]; // one copy for the batch's lines
    const you = this.view?.seat ?? null;
    this.addLog(...eventsWords(events, players, you, this.exchange));
    const touched = lastTouched(events);
    const actor = [...events].reverse().find((e) => e.kind !== "deal" && e.kind !== "pass" && e.seat !== null);
    if (touched || actor) {
      this.moveCount += 1;
      this.last = {
        n: this.moveCount, seat: actor?.seat ?? null, kind: actor?.kind ?? "",
        melds: touched?.melds ?? [], discard: touched?.discard ?? false,
      };
    }
    this.exchanged = exchangedTo(events, this.view?.seat ?? null);
  }

  /** The card a lone giver of this seat kept: the one it gave, when its dealt hand held it
   *  twice; else the hand's only card held twice; else null (given on another device). */
  private keptCard(dealt: readonly string[]): string | null {
    const gave = this.gave ?? "";
    return duplicates(dealt).includes(gave) ? gave : onlyDuplicate(dealt);
  }

  private closedRound(): number {
    return Number(stored(closedKey(this.room)) ?? 0) || 0;
  }

  closeRoundEnd(): void {
    if (this.roundEnd) store(closedKey(this.room), String(Math.max(this.closedRound(), roundOf(this.roundEnd.view))));
    this.roundEnd = null;
  }

  // --- the player's composing ------------------------------------------------------------

  toggle(i: number): void {
    this.selected = this.selected.includes(i) ? this.selected.filter((x) => x !== i) : [...this.selected, i];
    this.refused = null;
  }

  reorder(cards: string[]): void {
    // the shown hand reordered; the tray's cards after it (a joker set aside as `*8h` is
    // the hand's `*`)
    const aside = this.tray.flat().map((c) => (c.startsWith("*") ? "*" : c));
    this.order = keepOrder([...cards, ...aside], this.view?.hand ?? [...cards, ...aside]).cards;
    this.selected = [];
    this.keep();
  }

  move(from: number, to: number): void { this.reorder(moveCard(this.shown, from, to)); }

  sort(by: "suit" | "rank"): void { this.reorder(sortCards(this.shown, by)); }

  /** The selection into the tray as one combination (its joker reading asked beside it
   *  when the listing has several). */
  setAside(): void {
    const cards = this.chosen;
    if (!cards.length) { this.refused = worded("web_choose_cards"); return; }
    this.tray = [...this.tray, cards];
    this.selected = [];
    this.refused = null;
    this.keep();
  }

  /** A group of the tray back into the hand. */
  putBack(index: number): void {
    this.tray = this.tray.filter((_, i) => i !== index);
    this.selected = [];
    this.refused = null;
    this.keep();
  }

  /** The listed readings of a tray group's jokers when there are several to choose from. */
  readingsOf(group: readonly string[]): string[][] {
    if (!group.some((c) => c === "*")) return [];
    const readings = meldReadings(this.moves, group);
    return readings.length > 1 ? readings : [];
  }

  chooseReading(index: number, reading: string[]): void {
    this.tray = this.tray.map((g, i) => (i === index ? [...reading] : g));
    this.keep();
  }

  pickTarget(n: number | null): void { this.target = n; }

  /** A card of the shown hand dragged onto something: another card of the hand moves it
   *  there; a combination lays it off (with the rest of the selection, when it was selected),
   *  as tapping it then the combination does; the pile discards it. */
  dropCard(index: number, target: DropTarget): void {
    if (target.kind === "card") { this.move(index, Number(target.value)); return; }
    if (target.kind !== "meld" && target.kind !== "pile") return;
    if (target.kind === "pile" || !this.selected.includes(index)) this.selected = [index];
    this.refused = null;
    if (target.kind === "meld") this.tapMeld(Number(target.value));
    else if (this.verbs.includes("discard")) this.act("discard");
  }

  /** A tapped combination: with cards selected, their listed lay-off or joker swap onto
   *  it (any other is sent too, and the engine says why not); else it becomes the target. */
  tapMeld(n: number): void {
    if (!this.mine || !this.chosen.length) {
      this.target = this.target === n ? null : n;
      return;
    }
    this.target = n;
    const verb = tapMeld(this.moves, n, this.chosen) ?? (this.verbs.includes("lay") ? "lay" : null);
    if (verb) this.act(verb);
  }

  // --- actions ---------------------------------------------------------------------------

  private send(action: string): void {
    if (this.paused) return; // the server would refuse it: the table stands still
    this.refused = null;
    this.question = null;
    this.client?.act(action);
  }

  private ask(text: string): boolean {
    return !this.confirmations || confirm(text);
  }

  act(verb: string): void {
    const v = this.view;
    if (!v || this.paused) return;
    const cards = this.chosen;
    const hand = v.hand.length;
    switch (verb) {
      case "draw": case "take": case "buy": case "pass":
        return this.send(verb);
      case "aside":
        return this.setAside();
      case "table":
        this.open("rearrange");
        return;
      case "meld": {
        const all = cards.length ? [...this.tray, cards] : this.tray;
        if (!all.length) { this.refused = worded("web_choose_cards"); return; }
        if (emptiesHand(hand, all.flat().length) && !this.ask(t("web_confirm_out", this.lang))) return;
        return this.meld(settled(this.moves, all));
      }
      case "lay": case "swap": {
        const n = this.target;
        if (n === null) { this.refused = worded("web_choose_meld"); return; }
        if (!cards.length) { this.refused = worded("web_choose_cards"); return; }
        if (verb === "swap" && cards.length !== 1) { this.refused = worded("web_choose_one"); return; }
        if (verb === "lay" && emptiesHand(hand, cards.length) && !this.ask(t("web_confirm_out", this.lang))) return;
        const readings = verb === "lay" ? layReadings(this.moves, n, cards) : [];
        if (readings.length > 1) {
          this.question = { readings, label: worded("web_joker_ask"), pick: (r) => this.send(`lay ${n} ${r.join(" ")}`) };
          return;
        }
        return this.send(`${verb} ${n} ${(readings[0] ?? cards).join(" ")}`);
      }
      case "discard": case "give": {
        if (cards.length !== 1) { this.refused = worded("web_choose_one"); return; }
        const card = cards[0] as string;
        if (verb === "discard") {
          if (hand === 1 && !this.ask(t("web_confirm_out", this.lang))) return;
          if (hand > 1 && card.startsWith("*") && !this.ask(t("web_confirm_joker", this.lang))) return;
        }
        if (verb === "give") { this.gave = card; this.gaveIn = v.round_index; this.keep(); }
        return this.send(`${verb} ${card}`);
      }
      default:
        return;
    }
  }

  /** Sends the melds once the player has said what each ambiguous joker stands for. */
  private meld(all: string[][]): void {
    const q = nextQuestion(this.moves, all);
    if (q) {
      this.question = {
        readings: q.readings, label: worded("web_joker_ask"),
        pick: (r) => this.meld(all.map((g, i) => (i === q.index ? r : g))),
      };
      return;
    }
    // the tray stays until the hand no longer holds its cards (a refused meld keeps it)
    this.send(`meld ${all.map((g) => g.join(" ")).join(" / ")}`);
  }

  /** One of the listed rearrangements of the table (Rummikub). */
  rearrange(move: string): void {
    this.open("");
    this.send(move);
  }

  answer(reading: string[]): void {
    const pick = this.question?.pick;
    this.question = null;
    pick?.(reading);
  }
}
