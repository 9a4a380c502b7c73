import { describe, expect, it } from "vitest";
import { layReadings, meldReadings, nextQuestion, readingLabel, settled } from "./jokers";

// As the server lists them (legal.joker_readings adds every reading the engine accepts).
const MOVES = [
  "discard 5h", "meld *4h 5h *6h 7h", "meld 5h *6h 7h *8h", "meld 5h *6h 7h",
  "meld 7s 7h *7d", "meld 7s 7h *7c", "meld Jc Qc Kc",
  "lay 1 *", "lay 1 *9d", "lay 1 *Ad", "lay 2 *", "lay 2 *Ks", "lay 2 *Kh", "lay 2 Kh",
];

describe("a joker that asks what it stands for", () => {
  it("finds each listed reading of the same cards, once", () => {
    expect(meldReadings(MOVES, ["5h", "*", "7h", "*"])).toEqual([
      ["*4h", "5h", "*6h", "7h"], ["5h", "*6h", "7h", "*8h"]]);
    expect(meldReadings(MOVES, ["*", "7h", "7s"])).toEqual([["7s", "7h", "*7d"], ["7s", "7h", "*7c"]]);
    expect(meldReadings(MOVES, ["5h", "*", "7h"])).toEqual([["5h", "*6h", "7h"]]);
    // no joker: its one listed form, nothing to ask (nextQuestion below) or rewrite (settled)
    expect(meldReadings(MOVES, ["Kc", "Jc", "Qc"])).toEqual([["Jc", "Qc", "Kc"]]);
    expect(meldReadings(MOVES, ["2c", "*", "4c"])).toEqual([]); // not listed: not guessed
  });

  it("asks about the first group with more than one reading", () => {
    expect(nextQuestion(MOVES, [["Kc", "Jc", "Qc"], ["5h", "*", "7h"]])).toBeNull();
    const q = nextQuestion(MOVES, [["Jc", "Qc", "Kc"], ["7h", "*", "7s"], ["5h", "*", "7h", "*"]]);
    expect(q?.index).toBe(1);
    expect(q?.readings).toHaveLength(2);
    // once the player has chosen, that group asks no more: the next one does
    const chosen = nextQuestion(MOVES, [["7s", "7h", "*7c"], ["5h", "*", "7h", "*"]]);
    expect(chosen?.index).toBe(1);
    expect(nextQuestion(MOVES, [["7s", "7h", "*7c"], ["*4h", "5h", "*6h", "7h"]])).toBeNull();
    expect(meldReadings(MOVES, ["7h", "7s", "*7c"])).toEqual([["7s", "7h", "*7c"]]);
  });

  it("writes a group with one listed reading as listed, the others as they are", () => {
    expect(settled(MOVES, [["*", "7h", "5h"], ["2c", "*", "4c"], ["Kc", "Jc", "Qc"]]))
      .toEqual([["5h", "*6h", "7h"], ["2c", "*", "4c"], ["Kc", "Jc", "Qc"]]);
  });

  it("offers the ends of a run and the suits of a set for a joker laid off", () => {
    expect(layReadings(MOVES, 1, ["*"])).toEqual([["*9d"], ["*Ad"]]);
    expect(layReadings(MOVES, 2, ["*"])).toEqual([["*Ks"], ["*Kh"]]);
    expect(layReadings(MOVES, 2, ["Kh"])).toEqual([]);
    expect(layReadings(MOVES, 3, ["*"])).toEqual([]);
  });

  it("words a reading in Dutch and English", () => {
    expect(readingLabel(["*4h", "5h", "*6h", "7h"], "nl")).toBe("joker als 4♥ en 6♥: ★4♥ 5♥ ★6♥ 7♥");
    expect(readingLabel(["7s", "7h", "*Qd"], "en")).toBe("joker as Q♦: 7♠ 7♥ ★Q♦");
    expect(readingLabel(["7s", "7h", "*Qd"], "nl")).toBe("joker als V♦: 7♠ 7♥ ★V♦");
  });
});
