import { describe, expect, it } from "vitest";
import { groupListed, stillHeld, withoutTray } from "./tray";

describe("the tray", () => {
  it("takes the cards set aside out of the hand, each copy once", () => {
    expect(withoutTray(["7h", "7h", "8h", "*", "Kd"], [["7h", "8h", "*9h"]])).toEqual(["7h", "Kd"]);
    expect(withoutTray(["7h"], [])).toEqual(["7h"]);
  });

  it("keeps only the groups the hand still holds", () => {
    expect(stillHeld(["7h", "8h", "9h", "Kd"], [["7h", "8h", "9h"], ["Kd", "Kc", "Ks"]]))
      .toEqual([["7h", "8h", "9h"]]);
    expect(stillHeld(["7h", "8h", "9h"], [["7h", "8h", "9h"], ["7h"]])).toEqual([["7h", "8h", "9h"]]);
  });

  it("calls a group valid only when the listing names it", () => {
    const moves = ["meld 7h 8h 9h", "meld 7h 8h *9h / Kd Kc Ks", "discard 2c"];
    expect(groupListed(moves, ["9h", "7h", "8h"])).toBe(true);
    expect(groupListed(moves, ["Ks", "Kd", "Kc"])).toBe(true);
    expect(groupListed(moves, ["7h", "8h", "*"])).toBe(true);
    expect(groupListed(moves, ["2c", "3c", "4c"])).toBe(false);
  });
});
