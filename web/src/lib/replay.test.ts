import { describe, expect, it } from "vitest";
import { type ReplayStep, roundStarts, roundStep, stepAfterKey, stepLines, whereText } from "./replay";
import type { EventJSON, ViewJSON } from "./view";

const view = (dealer = 0): ViewJSON => ({ players: ["Ann", "Bob"], dealer } as unknown as ViewJSON);
const ev = (kind: string, seat: number, cards: string[] = []): EventJSON =>
  ({ kind, seat, cards, hidden: 0, to: null, melds: [], audience: [] });

// two rounds: a deal and three moves, then a deal and two moves
const steps: ReplayStep[] = [
  { round: 1, move: 0, line: null, view: view(1), events: [] },
  { round: 1, move: 1, line: "Ann: draw", view: view(1), events: [ev("draw", 0, ["7h"])] },
  { round: 1, move: 2, line: "Ann: discard 7h", view: view(1), events: [ev("discard", 0, ["7h"])] },
  { round: 1, move: 3, line: "Bob: pass", view: view(1), events: [ev("pass", 1)] },
  { round: 2, move: 0, line: null, view: view(0), events: [] },
  { round: 2, move: 1, line: "Bob: draw", view: view(0), events: [ev("draw", 1, ["Kc"])] },
  { round: 2, move: 2, line: "Bob: discard Kc", view: view(0), events: [ev("discard", 1, ["Kc"])] },
];

describe("stepping through a replay", () => {
  it("finds each round's deal and jumps to a round, the nearest one when out of range", () => {
    expect(roundStarts(steps)).toEqual([0, 4]);
    expect(roundStep(2, steps)).toBe(4);
    expect(roundStep(9, steps)).toBe(4);
    expect(roundStep(0, steps)).toBe(0);
    expect(roundStep(1, [])).toBe(0);
  });

  it("moves one step with the arrows, never past either end", () => {
    expect(stepAfterKey("ArrowRight", 0, steps)).toBe(1);
    expect(stepAfterKey("ArrowRight", 6, steps)).toBe(6);
    expect(stepAfterKey("ArrowLeft", 0, steps)).toBe(0);
    expect(stepAfterKey("ArrowLeft", 5, steps)).toBe(4);
    expect(stepAfterKey("Home", 5, steps)).toBe(0);
    expect(stepAfterKey("End", 1, steps)).toBe(6);
    expect(stepAfterKey("x", 1, steps)).toBeNull();
  });

  it("moves a round with Page Down / Page Up (within a round: back to its deal first)", () => {
    expect(stepAfterKey("PageDown", 1, steps)).toBe(4);
    expect(stepAfterKey("PageDown", 4, steps)).toBe(6); // no next round: the end
    expect(stepAfterKey("PageUp", 6, steps)).toBe(4);
    expect(stepAfterKey("PageUp", 4, steps)).toBe(0);
    expect(stepAfterKey("PageUp", 0, steps)).toBe(0);
  });

  it("says where it stands and what happened, in Dutch and English", () => {
    expect(whereText(5, steps, "nl")).toBe("Ronde 2 van 2 · zet 1 van 2");
    expect(whereText(2, steps, "en")).toBe("Round 1 of 2 · move 2 of 3");
    expect(stepLines(steps[0] as ReplayStep, "en")).toEqual(["Round 1 is dealt; Bob deals"]);
    expect(stepLines(steps[1] as ReplayStep, "nl")).toEqual(["Ann trok 7♥"]);
    expect(stepLines(steps[2] as ReplayStep, "en")).toEqual(["Ann discarded 7♥"]);
    // a move whose events the log leaves out (a pass) shows the record's line
    expect(stepLines(steps[3] as ReplayStep, "en")).toEqual(["Bob: pass"]);
  });
});
