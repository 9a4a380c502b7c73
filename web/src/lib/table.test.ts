import { describe, expect, it } from "vitest";
import { LOG_MOST, TableState } from "./table.svelte";
import type { ViewJSON } from "./view";
import { FakeSocket } from "./fake-socket";


function view(over: Partial<ViewJSON> = {}): ViewJSON {
  return {
    seat: 0, rules: "amerikaans", players: ["Anna", "Bob"], round_index: 0,
    requirement: { notation: "set 3", text: { en: "set of 3", nl: "set van 3" } },
    dealer: 1, phase: "play", turn: 0, to_act: 0, offer: [], hand: ["Kd", "7h", "8h", "9h", "*"],
    open_hands: null, hand_sizes: [5, 13], known: [[], []], come_out: [true, true],
    table: [{ kind: "set", cards: ["Ks", "Kc", "Kh"], start: 13 }], owners: [1],
    discard_top: "2c", discard_size: 1, stock_size: 40, turns_done: 4, drawn: ["Kd"],
    pending: [], came_out_now: false, totals: [0, 0], results: [], eliminated: [], pot: 0,
    winner: null, discard_pile: ["2c"], rebuilds: 0, ...over,
  };
}

function table(moves: string[], over: Partial<ViewJSON> = {}): { s: TableState; socket: FakeSocket } {
  const socket = new FakeSocket();
  const s = new TableState("room", "tok", "en");
  s.confirmations = false;
  s.connect("ws://x", () => socket);
  socket.onopen?.({});
  socket.frame({ type: "welcome", seat: 0, version: 7, view: view(over), moves });
  return { s, socket };
}

const acts = (socket: FakeSocket): unknown[] => socket.sent.filter((f) => f.type === "act").map((f) => f.action);

describe("the table page's state", () => {
  it("shows the verbs and the tappable stock and pile the server lists", () => {
    const { s } = table(["meld 7h 8h 9h", "meld 7h 8h 9h *", "lay 1 Kd", "discard Kd", "discard 7h"]);
    expect(s.verbs).toEqual(["meld", "lay", "discard"]);
    expect([s.canDraw, s.canTake]).toEqual([false, false]);
    const turbo = table(["draw", "discard Kd"]).s; // Turbo: a further draw while playing
    expect(turbo.verbs).toEqual(["draw", "discard"]);
    expect(turbo.canDraw).toBe(true);
    const start = table(["draw", "take"], { phase: "draw" }).s;
    expect([start.canDraw, start.canTake]).toEqual([true, true]);
    expect(table([], { to_act: 1 }).s.verbs).toEqual([]);
  });

  it("sets a group aside out of the hand, puts it back, and lays the tray", () => {
    const { s, socket } = table(["meld 7h 8h 9h", "lay 1 Kd", "discard Kd"]);
    expect(s.shown).toEqual(["Kd", "7h", "8h", "9h", "*"]);
    [1, 2, 3].forEach((i) => s.toggle(i));
    s.act("aside");
    expect(s.tray).toEqual([["7h", "8h", "9h"]]);
    expect(s.shown).toEqual(["Kd", "*"]); // a card set aside cannot be set aside again
    s.putBack(0);
    expect(s.shown).toEqual(["Kd", "7h", "8h", "9h", "*"]);
    [1, 2, 3].forEach((i) => s.toggle(i));
    s.setAside();
    s.act("meld");
    expect(acts(socket)).toEqual(["meld 7h 8h 9h"]);
    expect(s.tray).toHaveLength(1); // kept until the hand no longer holds it
    socket.frame({ type: "refused", id: socket.sent.at(-1)?.id, reason: { key: "x", text: { en: "no", nl: "nee" } } });
    expect(s.refusal).toBe("no");
    s.toggle(0);
    expect(s.refusal).toBe(""); // a stale message goes with the next tap
  });

  it("lays off by tapping a card then a combination", () => {
    const { s, socket } = table(["lay 1 Kd", "discard Kd"]);
    s.toggle(0);
    s.tapMeld(1);
    expect(acts(socket)).toEqual(["lay 1 Kd"]);
  });

  it("asks what a tray group's joker stands for only when the listing has several readings", () => {
    const { s } = table(["meld 7h 8h *9h", "meld 7h 8h *6h", "discard Kd"]);
    expect(s.readingsOf(["7h", "8h", "*"])).toEqual([["7h", "8h", "*9h"], ["7h", "8h", "*6h"]]);
    expect(s.readingsOf(["7h", "8h", "*9h"])).toEqual([]);
  });

  it("sorts the shown hand as the terminal does and keeps the tray's cards", () => {
    const { s } = table(["meld 7h 8h 9h", "discard Kd"]);
    s.toggle(1); s.toggle(2); s.toggle(3);
    s.setAside();
    s.sort("suit");
    expect(s.shown).toEqual(["Kd", "*"]);
    expect(s.order).toHaveLength(5);
  });
});

const ev = (kind: string, seat: number | null, cards: string[] = []): Record<string, unknown> =>
  ({ kind, seat, cards, hidden: 0, to: null, melds: [], audience: [] });

describe("the log in the language of the moment", () => {
  it("rewords the whole log and its newest line when the language is switched", () => {
    const { s, socket } = table([], { to_act: 1 });
    socket.frame({ type: "events", version: 8, events: [
      ev("deal", null), ev("draw", 0, ["Jc"]), ev("discard", 0, ["Qh"]), ev("for-sale", 1, ["Kc"])] });
    socket.frame({ type: "events", version: 9, events: [ev("pass", 0)],
                   why: { seat: 1, text: { en: "keeps the pair", nl: "houdt het paar" } } });
    const english = ["You drew J♣", "You discarded Q♥", "Bob put K♣ up for sale", "→ Bob keeps the pair"];
    expect(s.log).toEqual(english); // the deal and the pass say nothing, as before
    s.lang = "nl";
    expect(s.log).toEqual(["Je trok B♣", "Je legde V♥ af", "Bob bood H♣ te koop aan", "→ Bob houdt het paar"]);
    expect(s.log.at(-1)).toBe("→ Bob houdt het paar"); // the ticker's line
    s.lang = "en";
    expect(s.log).toEqual(english);
  });

  it("keeps the order and at most the newest LOG_MOST lines", () => {
    const { s, socket } = table([], { to_act: 1 });
    const many = Array.from({ length: LOG_MOST + 20 }, (_, i) => ev("discard", 1, [i % 2 ? "7h" : "8s"]));
    socket.frame({ type: "missed", version: 8, events: many });
    socket.frame({ type: "events", version: 9, events: [ev("draw", 1)] });
    expect(s.log).toHaveLength(LOG_MOST);
    expect(s.log.at(-2)).toBe("Bob discarded 7♥");
    s.lang = "nl";
    expect(s.log).toHaveLength(LOG_MOST);
    expect(s.log.at(-1)).toBe("Bob trok een kaart");
    expect(s.log.at(-2)).toBe("Bob legde 7♥ af");
  });

  it("words a refusal, the engine's or the page's own, in the language of the moment", () => {
    const { s, socket } = table(["meld 7h 8h 9h", "discard Kd"]);
    s.act("meld"); // nothing chosen
    expect(s.refusal).toBe("Select cards in your hand first");
    s.lang = "nl";
    expect(s.refusal).toBe("Kies eerst kaarten in je hand");
    s.toggle(0);
    s.act("discard");
    socket.frame({ type: "refused", id: socket.sent.at(-1)?.id, reason: { key: "x", text: { en: "no", nl: "nee" } } });
    expect(s.refusal).toBe("nee");
    s.lang = "en";
    expect(s.refusal).toBe("no");
  });
});

describe("the host's pause", () => {
  it("disables the stock, the pile and the moves, sends no move, and enables them again", async () => {
    const { render } = await import("svelte/server");
    const ActionBar = (await import("./ActionBar.svelte")).default;
    const Centre = (await import("./Centre.svelte")).default;
    const { s, socket } = table(["draw", "take"], { phase: "draw" });
    const bar = (): string => render(ActionBar, { props: {
      verbs: s.verbs, phase: "draw", lang: "nl", paused: s.paused, onact: () => undefined } }).body;
    const centre = (): string => render(Centre, { props: {
      round: "Ronde 1", stock: 40, top: "2c", lang: "nl", fourColour: false, canDraw: s.canDraw,
      canTake: s.canTake, marked: false, flash: 0, from: null, ms: 0, ondraw: () => undefined,
      ontake: () => undefined } }).body;
    const disabled = (html: string): number => (html.match(/<button[^>]*\bdisabled\b/g) ?? []).length;
    expect([s.canDraw, s.canTake, disabled(bar()), disabled(centre())]).toEqual([true, true, 0, 0]);

    socket.frame({ type: "paused", on: true, clock: null });
    expect([s.paused, s.canDraw, s.canTake]).toEqual([true, false, false]);
    expect(s.verbs).toEqual(["draw", "take"]); // still shown where they were
    expect(disabled(bar())).toBe(2);
    expect(disabled(centre())).toBe(2);
    expect(centre()).not.toContain("live");
    s.act("draw");
    s.act("take");
    expect(acts(socket)).toEqual([]); // no tap sent: the server would refuse it

    socket.frame({ type: "paused", on: false, clock: null });
    expect([s.paused, s.canDraw, s.canTake, disabled(bar()), disabled(centre())]).toEqual([false, true, true, 0, 0]);
    s.act("draw");
    expect(acts(socket)).toEqual(["draw"]);
  });

  it("sends no discard dragged to the pile, nor a lay-off tapped, while paused", () => {
    const { s, socket } = table(["lay 1 Kd", "discard Kd"]);
    socket.frame({ type: "words", chat: true, paused: true, said: [] }); // paused when it came
    s.toggle(0);
    s.tapMeld(1);
    s.dropCard(0, { kind: "pile", value: "" });
    expect(acts(socket)).toEqual([]);
    socket.frame({ type: "paused", on: false, clock: null });
    s.dropCard(0, { kind: "pile", value: "" });
    expect(acts(socket)).toEqual(["discard Kd"]);
  });
});
