import { describe, expect, it } from "vitest";
import { TableClient } from "./client";
import { FakeSocket } from "./fake-socket";


function setup() {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const log: string[] = [];
  let n = 0;
  const client = new TableClient({
    url: "ws://x/ws/r",
    token: "tok",
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    timer: (fn) => timers.push(fn),
    newId: () => `id${n++}`,
    handlers: {
      view: (_v, version, moves, _clock, values) =>
        log.push(`view ${version}${moves.length ? ` ${moves.join(",")}` : ""}${
          Object.keys(values).length ? ` ${JSON.stringify(values)}` : ""}`),
      why: (why) => log.push(`why ${why.seat} ${why.text.nl}`),
      events: (events, version) => log.push(`events ${events.length} ${version}`),
      accepted: (action, version) => log.push(`ok ${action} ${version}`),
      refused: (reason, action) => log.push(`no ${reason.key} ${action}`),
      status: (status, attempt) => log.push(`${status} ${attempt}`),
      fatal: (reason) => log.push(`fatal ${reason.key}`),
      roundEnd: (ended) => log.push(`round-end ${ended.events.length}`),
      welcome: (seat) => log.push(`welcome ${seat}`),
    },
  });
  return { client, sockets, timers, log };
}

describe("TableClient", () => {
  it("asks for learning mode, keeps it for a reconnect, and hands on why and values", () => {
    const { client, sockets, timers, log } = setup();
    client.connect();
    client.learn(false); // not open yet: nothing is sent, the hello will say
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    client.learn(true);
    expect(sockets[0]!.sent[1]).toEqual({ type: "learn", on: true });
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 3, view: {},
      moves: ["meld Jc Qc Kc"], values: { "Jc Qc Kc": 30 } });
    expect(log).toContain('view 3 meld Jc Qc Kc {"Jc Qc Kc":30}');
    sockets[0]!.frame({ type: "events", version: 4, events: [{}], view: {},
      why: { seat: 1, action: "discard 2c", text: { en: "discards 2♣", nl: "legt 2♣ af" } } });
    expect(log).toContain("why 1 legt 2♣ af");
    sockets[0]!.drop();
    timers.shift()!();
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: "hello", token: "tok", since: 4, protocol: 2, learn: true });
  });

  it("says hello with its token, then acts at the version it knows", () => {
    const { client, sockets, log } = setup();
    client.connect();
    sockets[0]!.open();
    // a fresh page asks for every event from the first deal, for a whole log
    expect(sockets[0]!.sent[0]).toEqual({ type: "hello", token: "tok", since: -1, protocol: 2 });
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 3, view: {} });
    client.act("draw");
    expect(sockets[0]!.sent[1]).toEqual({ type: "act", id: "id0", version: 3, action: "draw" });
    expect(client.waiting).toBe(true);
    sockets[0]!.frame({ type: "ack", id: "id0", version: 4 });
    sockets[0]!.frame({ type: "events", version: 4, events: [{}, {}], view: {} });
    expect(client.waiting).toBe(false);
    expect(client.version).toBe(4);
    expect(log).toContain("ok draw 4");
    expect(log).toContain("events 2 4");
  });

  it("protocol 2: keeps the view, moves and values, applies the changes, takes the ack inside", () => {
    const views: { view: unknown; moves: string[]; values: Record<string, number>; clock: unknown }[] = [];
    const log: string[] = [];
    const sockets: FakeSocket[] = [];
    const client = new TableClient({
      url: "ws://x/ws/r", token: "tok", timer: () => undefined, newId: () => "id0",
      socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      handlers: {
        view: (view, _version, moves, clock, values) => views.push({ view, moves, values, clock }),
        accepted: (action, version) => log.push(`ok ${action} ${version}`),
      },
    });
    client.connect();
    sockets[0]!.open();
    const melds = [{ kind: "set", cards: ["7h", "7d", "7s"], start: 7 }];
    sockets[0]!.frame({ type: "welcome", protocol: 2, seat: 0, version: 3, clock: null,
      view: { hand: ["2c", "3c"], table: melds, stock_size: 40 },
      moves: ["draw"], values: { "Jc Qc Kc": 30 } });
    client.act("draw");
    sockets[0]!.frame({ type: "events", version: 4, events: [], ack: "id0",
      changes: { hand: ["2c", "3c", "4c"], stock_size: 39 }, moves: ["discard 2c"] });
    expect(log).toEqual(["ok draw 4"]);
    expect(client.waiting).toBe(false);
    expect(views.at(-1)).toEqual({ view: { hand: ["2c", "3c", "4c"], table: melds, stock_size: 39 },
      moves: ["discard 2c"], values: {}, clock: undefined });
    // moves not sent: the last ones stand; a clock that starts is sent
    const clock = { seat: 1, kind: "turn", left: 29.5, seconds: 30 };
    sockets[0]!.frame({ type: "events", version: 5, events: [], changes: { hand: ["3c", "4c"] }, clock });
    expect(views.at(-1)).toEqual({ view: { hand: ["3c", "4c"], table: melds, stock_size: 39 },
      moves: ["discard 2c"], values: {}, clock });
    // the whole view again (a stale refusal, missed): kept from there
    sockets[0]!.frame({ type: "missed", version: 6, events: [], view: { hand: ["5c"] }, moves: [], clock: null });
    sockets[0]!.frame({ type: "events", version: 7, events: [], changes: { stock_size: 30 } });
    expect(views.at(-1)).toEqual({ view: { hand: ["5c"], stock_size: 30 }, moves: [], values: {},
      clock: undefined });
  });

  it("says the seat the welcome names before its view (null: a spectator's token)", () => {
    const { client, sockets, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "welcome", seat: null, version: 3, view: {} });
    expect(log.slice(-3)).toEqual(["welcome null", "open 0", "view 3"]);
    sockets[0]!.frame({ type: "welcome", seat: 2, version: 3, view: {} });
    expect(log.slice(-3)).toEqual(["welcome 2", "open 0", "view 3"]);
  });

  it("hands on the welcome's round_end after the view, and nothing when it is absent", () => {
    const { client, sockets, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 3, view: {} });
    expect(log.filter((l) => l.startsWith("round-end"))).toEqual([]);
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 9, view: {},
      round_end: { view: { results: [] }, events: [{}, {}, {}] } });
    expect(log.slice(-2)).toEqual(["view 9", "round-end 3"]);
  });

  it("reconnects after a drop with its last version and sends an unanswered action again", () => {
    const { client, sockets, timers, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "welcome", seat: 1, version: 7, view: {} });
    client.act("discard 7h");
    sockets[0]!.drop();
    expect(log).toContain("retrying 1");
    timers.shift()!();
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: "hello", token: "tok", since: 7, protocol: 2 });
    sockets[1]!.frame({ type: "welcome", seat: 1, version: 8, view: {} });
    // the same id again: the server applies it once and answers with its first answer
    expect(sockets[1]!.sent[1]).toEqual({ type: "act", id: "id0", version: 8, action: "discard 7h" });
    expect(log).toContain("open 0");
  });

  it("shows a refusal with the action it refused and takes the view sent with it", () => {
    const { client, sockets, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 2, view: {} });
    client.act("take");
    sockets[0]!.frame({
      type: "refused", id: "id0", version: 5, view: {},
      reason: { key: "stale", text: { en: "stale", nl: "verouderd" } },
    });
    expect(log).toContain("no stale take");
    expect(client.version).toBe(5);
    expect(client.waiting).toBe(false);
  });

  it("hands on the clock each view comes with (a refusal's view says nothing of it)", () => {
    const clocks: unknown[] = [];
    const sockets: FakeSocket[] = [];
    const client = new TableClient({
      url: "ws://x/ws/r", token: "tok", timer: () => undefined, newId: () => "id0",
      socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      handlers: { view: (_v, _version, _moves, clock) => clocks.push(clock) },
    });
    client.connect();
    sockets[0]!.open();
    const clock = { seat: 0, kind: "buy", left: 5.5, seconds: 6 };
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 2, view: {}, clock });
    sockets[0]!.frame({ type: "events", version: 3, events: [], view: {}, clock: null });
    client.act("buy");
    sockets[0]!.frame({ type: "refused", id: "id0", version: 3, view: {},
      reason: { key: "stale", text: { en: "", nl: "" } } });
    expect(clocks).toEqual([clock, null, undefined]);
  });

  it("keeps the hints and the clock a stale refusal sends (a double-clicked draw)", () => {
    const got: { moves: string[]; clock: unknown }[] = [];
    const sockets: FakeSocket[] = [];
    const client = new TableClient({
      url: "ws://x/ws/r", token: "tok", timer: () => undefined, newId: () => "id0",
      socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      handlers: { view: (_v, _version, moves, clock) => got.push({ moves, clock }) },
    });
    client.connect();
    sockets[0]!.open();
    const clock = { seat: 0, kind: "turn", left: 20, seconds: 30 };
    sockets[0]!.frame({ type: "welcome", seat: 0, version: 4, view: {}, moves: ["draw"], clock });
    client.act("draw");
    sockets[0]!.frame({ type: "refused", id: "id0", version: 5, view: {},
      moves: ["discard 7h", "discard 9c"], clock,
      reason: { key: "stale_version", text: { en: "", nl: "" } } });
    expect(got.at(-1)).toEqual({ moves: ["discard 7h", "discard 9c"], clock });
  });

  it("stops retrying when the server refuses the token, and after close()", () => {
    const { client, sockets, timers, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "error", reason: { key: "token", text: { en: "", nl: "" } } });
    sockets[0]!.drop();
    expect(timers).toHaveLength(0);
    expect(log).toContain("fatal token");
    const second = setup();
    second.client.connect();
    second.client.close();
    expect(second.timers).toHaveLength(0);
    expect(second.log).toContain("closed 0");
  });

  it("keeps asking while the match has not started, without counting it as a failure", () => {
    const { client, sockets, timers, log } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "error", reason: { key: "not_playing", text: { en: "", nl: "" } } });
    sockets[0]!.drop();
    expect(log).toContain("waiting 0");
    expect(log.some((l) => l.startsWith("fatal"))).toBe(false);
    timers.shift()!();
    sockets[1]!.open();
    sockets[1]!.frame({ type: "welcome", seat: 0, version: 0, view: {} });
    expect(log).toContain("open 0");
  });

  it("ignores frames that are not JSON", () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.onmessage?.({ data: "not json" });
    expect(client.version).toBe(-1);
  });
});

describe("refusalOf", async () => {
  const { refusalOf } = await import("./api");
  it("reads both shapes of the server's refusals", () => {
    expect(refusalOf({ key: "full", en: "no seat", nl: "geen plaats" }))
      .toEqual({ key: "full", text: { en: "no seat", nl: "geen plaats" } });
    expect(refusalOf({ key: "x", text: { en: "a", nl: "b" } })).toEqual({ key: "x", text: { en: "a", nl: "b" } });
    expect(refusalOf("nope")).toBeNull();
    expect(refusalOf({ key: "x" })).toBeNull();
  });
});
