import { describe, expect, it } from "vitest";
import { keepOrder, moveCard, picked } from "./order";

const count = (cards: readonly string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
};

describe("keepOrder", () => {
  it("keeps the player's order and puts new cards last, marked fresh", () => {
    const out = keepOrder(["Kh", "2s", "7h"], ["7h", "2s", "Kh", "9d"]);
    expect(out.cards).toEqual(["Kh", "2s", "7h", "9d"]);
    expect(out.fresh).toEqual([3]);
  });

  it("handles the same card twice (two packs)", () => {
    const out = keepOrder(["7h", "Kh", "7h"], ["7h", "Kh"]);
    expect(out.cards).toEqual(["7h", "Kh"]);
    const again = keepOrder(out.cards, ["7h", "Kh", "7h"]);
    expect(again.cards).toEqual(["7h", "Kh", "7h"]);
    expect(again.fresh).toEqual([2]);
  });

  it("never loses or adds a card (random hands)", () => {
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const deck = ["2s", "7h", "7h", "Kd", "*", "*", "Ac", "10c", "5d", "Qs"];
    let order: string[] = [];
    for (let step = 0; step < 500; step++) {
      const hand = deck.filter(() => rnd(2) === 0);
      const out = keepOrder(order, hand);
      expect(count(out.cards)).toEqual(count(hand));
      order = moveCard(out.cards, rnd(out.cards.length + 1), rnd(out.cards.length + 1));
      expect(count(order)).toEqual(count(hand));
    }
  });
});

describe("moveCard and picked", () => {
  it("moves a card and reads a selection in hand order", () => {
    expect(moveCard(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveCard(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(picked(["7h", "8h", "9h", "Kd"], new Set([2, 0, 1]))).toEqual(["7h", "8h", "9h"]);
  });
});

describe("positionsOf", async () => {
  const { positionsOf } = await import("./order");
  it("marks each drawn copy once, the last copies first", () => {
    expect(positionsOf(["7h", "Kd", "7h", "2c"], ["7h"])).toEqual([2]);
    expect(positionsOf(["7h", "Kd", "7h"], ["7h", "7h", "Qs"])).toEqual([0, 2]);
    expect(positionsOf(["7h"], [])).toEqual([]);
  });
});
