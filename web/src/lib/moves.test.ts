import { describe, expect, it } from "vitest";
import { listedBare, meldTargets, tableMoves, tapMeld, verbOf, verbsOf } from "./moves";

describe("moves from the server's listing", () => {
  it("gives the verbs once each, in the bar's order, without deal", () => {
    expect(verbsOf(["discard 7h", "lay 1 8h", "meld 7h 8h 9h", "discard 2c", "deal"]))
      .toEqual(["meld", "lay", "discard"]);
    expect(verbsOf(["pass", "buy"])).toEqual(["buy", "pass"]);
    expect(verbsOf([])).toEqual([]);
  });

  it("keeps Turbo's further draw and Rummikub's rearranging in play", () => {
    expect(verbsOf(["draw", "meld 7h 8h 9h", "discard Kd"])).toEqual(["draw", "meld", "discard"]);
    expect(verbsOf(["table 7h 8h 9h / Kc Kd Ks", "discard Kd"])).toEqual(["table", "discard"]);
    expect(verbOf("  swap 2 7h")).toBe("swap");
  });

  it("says what a tapped combination does with the selected cards", () => {
    const moves = ["lay 2 8h", "lay 2 *8h", "swap 1 7h", "discard 8h"];
    expect(tapMeld(moves, 2, ["8h"])).toBe("lay");
    expect(tapMeld(moves, 1, ["7h"])).toBe("swap");
    expect(tapMeld(moves, 1, ["8h"])).toBeNull();
    expect(tapMeld(moves, 2, [])).toBeNull();
    expect(tapMeld(["lay 3 *4h"], 3, ["*"])).toBe("lay");
    expect([...meldTargets(moves)].sort()).toEqual([1, 2]);
  });

  it("reads the listed rearrangements and bare actions", () => {
    expect(tableMoves(["table 7h 8h 9h / Kc Kd Ks", "discard 2c"]))
      .toEqual([{ move: "table 7h 8h 9h / Kc Kd Ks", melds: [["7h", "8h", "9h"], ["Kc", "Kd", "Ks"]] }]);
    expect(listedBare(["draw", "take"], "take")).toBe(true);
    expect(listedBare(["take 1"], "take")).toBe(false);
  });
});
