import { describe, expect, it } from "vitest";
import { isDrag, parseDrop, THRESHOLD } from "./drag";

describe("drag", () => {
  it("reads a drop target's kind and value", () => {
    expect(parseDrop("hand")).toEqual({ kind: "hand", value: "" });
    expect(parseDrop("meld:3")).toEqual({ kind: "meld", value: "3" });
    expect(parseDrop("card:12")).toEqual({ kind: "card", value: "12" });
    expect(parseDrop(null)).toBeNull();
    expect(parseDrop("")).toBeNull();
  });

  it("keeps a press that hardly moves a tap", () => {
    expect(isDrag(0, 0)).toBe(false);
    expect(isDrag(THRESHOLD - 1, 0)).toBe(false);
    expect(isDrag(6, 6)).toBe(false);
    expect(isDrag(THRESHOLD, 0)).toBe(true);
    expect(isDrag(-8, 8)).toBe(true);
  });
});
