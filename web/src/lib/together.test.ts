import { describe, expect, it } from "vitest";
import { sayFrame, Together } from "./together.svelte";

const players = ["Ann", "Bea", "Cor"];

describe("Together", () => {
  it("keeps the words said once each, in order, with the newest to show", () => {
    const w = new Together();
    expect(w.receive({ type: "said", n: 2, seat: 1, kind: "chat", text: "hoi" }, players)).toBe(true);
    w.receive({ type: "words", chat: false, paused: true, said: [
      { type: "said", n: 1, seat: 0, kind: "reaction", text: "👍" },
      { type: "said", n: 2, seat: 1, kind: "chat", text: "hoi" }] }, players);
    expect(w.said.map((s) => s.n)).toEqual([1, 2]);
    expect(w.chat).toBe(false);
    expect(w.paused).toBe(true);
    expect(w.fresh?.text).toBe("hoi");
    w.receive({ type: "chat", on: true }, players);
    w.receive({ type: "paused", on: false }, players);
    expect([w.chat, w.paused]).toEqual([true, false]);
    expect(w.receive({ type: "seats" }, players)).toBe(false);
  });

  it("words what a person missed as lines of the log", () => {
    const w = new Together();
    w.receive({ type: "back", seat: 0, since: 10, version: 13, count: 3, events: [
      { kind: "draw", seat: 1, cards: [], hidden: 1, to: null, melds: [], audience: [1] },
      { kind: "discard", seat: 1, cards: ["7h"], hidden: 0, to: null, melds: [], audience: [] },
      { kind: "draw", seat: 0, cards: ["Qs"], hidden: 0, to: null, melds: [], audience: [0] }] }, players);
    expect(w.back?.moves).toBe(3);
    expect(w.back?.lines.length).toBe(3);
    expect(w.back?.lines[0]?.("en")).toContain("Bea");
    expect(w.back?.lines.map((line) => line("en")).join(" ")).toContain("7");
  });
});

describe("sayFrame", () => {
  it("sends a known reaction or a trimmed line, nothing else", () => {
    expect(sayFrame({ reaction: "👍" })).toEqual({ type: "say", reaction: "👍" });
    expect(sayFrame({ reaction: "💩" })).toBeNull();
    expect(sayFrame({ text: "  goed   zo " })).toEqual({ type: "say", text: "goed zo" });
    expect(sayFrame({ text: "   " })).toBeNull();
    expect(sayFrame({ text: "x".repeat(201) })).toBeNull();
  });
});

describe("the table page's words and pause", () => {
  it("hands the socket's other frames to Together, says words and stops the clock while paused", async () => {
    const { TableState } = await import("./table.svelte");
    const sent: Record<string, unknown>[] = [];
    let onmessage: ((ev: { data: unknown }) => void) | null = null;
    const socket = {
      send: (d: string) => sent.push(JSON.parse(d) as Record<string, unknown>), close: () => undefined,
      onopen: null as ((ev: unknown) => void) | null, onclose: null, onerror: null,
      set onmessage(f: ((ev: { data: unknown }) => void) | null) { onmessage = f; },
      get onmessage() { return onmessage; },
    };
    const s = new TableState("room", "tok", "en");
    s.connect("ws://x", () => socket);
    socket.onopen?.({});
    const frame = (f: Record<string, unknown>): void => onmessage?.({ data: JSON.stringify(f) });
    frame({ type: "said", n: 1, seat: 1, kind: "reaction", text: "😮" });
    expect(s.together.said.map((w) => w.text)).toEqual(["😮"]);
    expect(s.say({ type: "say", reaction: "👍" })).toBe(true);
    expect(sent.at(-1)).toEqual({ type: "say", reaction: "👍" });
    frame({ type: "paused", on: true, clock: null });
    expect([s.together.paused, s.deadline]).toEqual([true, null]);
    frame({ type: "paused", on: false, clock: { seat: 0, kind: "turn", left: 20, seconds: 60 } });
    expect(s.together.paused).toBe(false);
    expect(s.deadline?.seat).toBe(0);
  });
});
