import { describe, expect, it } from "vitest";
import { handLayout, TOUCH } from "./layout";

/** The part of card i that no later card covers (later cards lie on top). */
function visible(places: { x: number; y: number }[], i: number, w: number, h: number): { w: number; h: number } {
  const me = places[i]!;
  let right = me.x + w;
  let bottom = me.y + h;
  for (const other of places.slice(i + 1)) {
    if (other.y === me.y && other.x > me.x) right = Math.min(right, other.x);
    if (other.y > me.y && other.x < me.x + w) bottom = Math.min(bottom, other.y);
  }
  return { w: right - me.x, h: bottom - me.y };
}

describe("the hand's layout", () => {
  it("keeps every card of 1 to 27 inside a 352 px phone with 44 x 44 px showing", () => {
    for (let n = 1; n <= 27; n++) {
      const lay = handLayout(n, 352, 52, 73, 50);
      expect(lay.width).toBeLessThanOrEqual(352);
      for (let i = 0; i < n; i++) {
        const seen = visible(lay.places, i, 52, 73);
        expect(seen.w).toBeGreaterThanOrEqual(TOUCH);
        expect(seen.h).toBeGreaterThanOrEqual(TOUCH);
      }
    }
  });

  it("uses one row on a laptop for a dealt hand and two rows for 14 cards on a phone", () => {
    expect(handLayout(13, 1200, 72, 101, 60).rows).toBe(1);
    expect(handLayout(14, 352, 52, 73, 50).rows).toBe(2);
    expect(handLayout(27, 352, 52, 73, 50).rows).toBe(4);
  });
});
