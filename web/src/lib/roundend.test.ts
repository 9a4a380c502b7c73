import { describe, expect, it } from "vitest";
import { closedKey, restored, roundEvents, wentOut } from "./roundend";
import type { EventJSON, MeldJSON, ViewJSON } from "./view";

const meld = (...cards: string[]): MeldJSON => ({ kind: "set", cards, start: 0 });
const ev = (kind: string, seat: number | null, to: number | null = null, melds: MeldJSON[] = []): EventJSON =>
  ({ kind, seat, cards: [], hidden: 0, to, melds, audience: [] });

describe("what the winner laid going out", () => {
  // Ann came out earlier (combination 1); Bob laid 2; then Ann draws, lays off on 2, lays
  // two new combinations (3 and 4) and goes out by discarding
  const round = [
    ev("deal", 0), ev("deal", 1), ev("draw", 0), ev("come-out", 0, 1, [meld("7h", "7d", "7s")]),
    ev("discard", 0), ev("draw", 1), ev("meld", 1, 2, [meld("Kh", "Kd", "Ks")]), ev("discard", 1),
    ev("draw", 0), ev("lay", 0, 2, [meld("Kh", "Kd", "Ks", "Kc")]),
    ev("meld", 0, 3, [meld("2h", "2d", "2s"), meld("9c", "9d", "9s")]),
    ev("discard", 0), ev("out", 0), ev("round-over", 0),
  ];

  it("marks only the going-out turn's combinations and the discard", () => {
    expect(wentOut(round, 0)).toEqual({ melds: [2, 3, 4], discard: true });
  });

  it("reads another seat's last turn as its own, and marks nothing when nobody went out", () => {
    expect(wentOut(round, 1)).toEqual({ melds: [2], discard: true });
    expect(wentOut(round, null)).toEqual({ melds: [], discard: false });
  });

  it("takes a rearranged table as all laid, and a round without a draw from its start", () => {
    const atOnce = [ev("deal", 0), ev("table", 0, null, [meld("a"), meld("b")]), ev("out", 0)];
    expect(wentOut(atOnce, 0)).toEqual({ melds: [1, 2], discard: false });
  });

  it("keeps the round's events until the next deal", () => {
    const kept = roundEvents([], [ev("deal", 0), ev("draw", 0)]);
    expect(kept).toHaveLength(2);
    expect(roundEvents(kept, [ev("discard", 0)])).toHaveLength(3);
    expect(roundEvents(kept, [ev("round-over", 0), ev("deal", 1)]).map((e) => e.kind)).toEqual(["deal"]);
  });
});

describe("the round's end after a reload (the welcome's round_end)", () => {
  const events = [ev("deal", 0), ev("draw", 1), ev("draw", 0),
    ev("meld", 0, 1, [meld("Kh", "Kd", "Ks")]), ev("discard", 0), ev("out", 0), ev("round-over", 0)];
  const ended = (round: number): { view: ViewJSON; events: EventJSON[] } => ({
    view: { results: Array.from({ length: round }, () => ({ winner: 0 })) } as unknown as ViewJSON,
    events,
  });

  it("shows the winner's going-out combinations of a round whose panel was not closed", () => {
    expect(restored(ended(2), 1, null)).toEqual({ view: ended(2).view, laid: { melds: [1], discard: true } });
    expect(restored(ended(1), 0, null)?.laid.melds).toEqual([1]);
  });

  it("not once the person closed it, and never over a panel already shown", () => {
    expect(restored(ended(2), 2, null)).toBeNull();
    expect(restored(ended(2), 3, null)).toBeNull();
    const shown = { view: ended(2).view, laid: { melds: [], discard: false } };
    expect(restored(ended(2), 0, shown)).toBe(shown);
  });

  it("keeps the closed round per room", () => {
    expect(closedKey("abc")).not.toEqual(closedKey("abd"));
  });
});
