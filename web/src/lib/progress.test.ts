import { describe, expect, it } from "vitest";
import { parseRequirement, progressLines, shapeOf } from "./progress";
import type { ViewJSON } from "./view";

function view(notation: string, over: Partial<ViewJSON> = {}): ViewJSON {
  return {
    seat: 0, rules: "amerikaans", players: ["Anna", "Bob"], round_index: 0,
    requirement: { notation, text: { en: notation, nl: notation } },
    dealer: 1, phase: "play", turn: 0, to_act: 0, offer: [],
    hand: ["7h", "7s", "7d", "5h", "6h", "7c", "8h", "*", "Kc", "2s", "3d", "4d", "9c", "Jd"],
    open_hands: null, hand_sizes: [14, 13], known: [[], []], come_out: [false, false],
    table: [], owners: [], discard_top: null, discard_size: 0, stock_size: 50, turns_done: 0,
    drawn: [], pending: [], came_out_now: false, totals: [0, 0], results: [], eliminated: [],
    pot: 0, winner: null, discard_pile: [], rebuilds: 0, ...over,
  };
}

describe("the requirement's notation", () => {
  it("reads alternatives, parts, points and all", () => {
    expect(parseRequirement("set 3 + run 4 | run 7").alternatives).toEqual([
      [{ kind: "set", size: 3 }, { kind: "run", size: 4 }], [{ kind: "run", size: 7 }]]);
    expect(parseRequirement("points 40").points).toBe(40);
    expect(parseRequirement("all").all).toBe(true);
    expect(parseRequirement("none").alternatives).toEqual([]);
  });

  it("tells the kind a group heads for by its look", () => {
    expect(shapeOf(["7h", "7s", "*"])).toBe("set");
    expect(shapeOf(["5h", "*", "7h"])).toBe("run");
    expect(shapeOf(["5h", "*6h", "7h"])).toBe("run");
    expect(shapeOf(["5h", "5h", "6h"])).toBeNull();
    expect(shapeOf(["5h", "7s"])).toBeNull();
    expect(shapeOf(["*"])).toBeNull();
  });
});

describe("progress toward the requirement before coming out", () => {
  const moves = ["meld 7h 7s 7d / 5h 6h 7h 8h", "meld 7h 7s 7d / 5h 6h 7h *8h"];

  it("counts melds and the cards of the part not yet complete", () => {
    const v = view("set 3 + run 4");
    expect(progressLines(v, moves, {}, [["7h", "7s", "7d"]], ["5h", "6h", "7h"], "nl")).toEqual([
      "1 van 2 combinaties voor de eis", "een rij van vier: 3 van 4 kaarten"]);
    expect(progressLines(v, moves, {}, [["7h", "7s", "7d"]], ["5h", "6h", "7h", "8h"], "en"))
      .toEqual(["2 of 2 melds for the requirement"]);
    expect(progressLines(v, moves, {}, [], [], "en")).toEqual([]);
  });

  it("takes the alternative the cards go furthest toward", () => {
    const v = view("set 3 | run 4");
    expect(progressLines(v, [], {}, [], ["5h", "6h", "7h"], "en"))
      .toEqual(["0 of 1 melds for the requirement", "a run of four: 3 of 4 cards"]);
    expect(progressLines(v, [], {}, [], ["7h", "7s", "7d"], "en"))
      .toEqual(["1 of 1 melds for the requirement"]);
  });

  it("adds the engine's values toward a points requirement", () => {
    const v = view("points 40");
    const values = { "Jc Qc Kc": 30, "7h 7s 7d": 21, "*4h 5h *6h 7h": 22, "5h *6h 7h *8h": 26 };
    const listed = ["meld Jc Qc Kc / 7h 7s 7d", "meld Jc Qc Kc / *4h 5h *6h 7h",
      "meld Jc Qc Kc / 5h *6h 7h *8h"];
    expect(progressLines(v, listed, values, [["Jc", "Qc", "Kc"]], [], "nl"))
      .toEqual(["30 van 40 punten voor de eis"]);
    expect(progressLines(v, listed, values, [["Jc", "Qc", "Kc"]], ["5h", "*", "7h", "*"], "en"))
      .toEqual(["52 of 40 points for the requirement"]); // the lower reading counts
    expect(progressLines(v, listed, values, [], ["2s", "3d"], "en"))
      .toEqual(["0 of 40 points for the requirement"]); // not listed: no points
  });

  it("counts all the cards when everything goes at once", () => {
    expect(progressLines(view("all"), [], {}, [["7h", "7s", "7d"]], ["5h"], "en"))
      .toEqual(["All at once: 4 of 14 cards"]);
  });

  it("says nothing when it is not this seat's play", () => {
    expect(progressLines(view("set 3", { to_act: 1 }), [], {}, [], ["7h"], "en")).toEqual([]);
    expect(progressLines(view("set 3", { phase: "draw" }), [], {}, [], ["7h"], "en")).toEqual([]);
  });
});

describe("laying off after coming out", () => {
  const v = view("set 3", { come_out: [true, false] });
  const moves = ["lay 1 8h", "lay 2 8h", "lay 3 Kc", "discard 8h"];

  it("names the melds the selection lays off onto, from the listing", () => {
    expect(progressLines(v, moves, {}, [], ["8h"], "nl")).toEqual(["Aanleggen kan bij combinatie 1, 2"]);
    expect(progressLines(v, moves, {}, [], ["Kc"], "en")).toEqual(["Lays off on combination 3"]);
    expect(progressLines(v, moves, {}, [], ["2s"], "en")).toEqual(["Lays off on no combination"]);
    expect(progressLines(v, moves, {}, [], ["2s", "3s"], "en")).toEqual([]);
  });
});
