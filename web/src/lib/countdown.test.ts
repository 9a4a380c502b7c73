import { describe, expect, it } from "vitest";
import { countdownSaid, countdownText, deadlineOf, milestone, secondsLeft } from "./countdown";

describe("the buying window's countdown", () => {
  it("counts down from when the frame came, whatever the server's clock says", () => {
    const d = deadlineOf({ seat: 1, kind: "buy", left: 5.4, seconds: 6 }, 10_000);
    expect(d).toEqual({ seat: 1, kind: "buy", seconds: 6, ends: 15_400 });
    expect(secondsLeft(d!, 10_000)).toBe(6);
    expect(secondsLeft(d!, 10_500)).toBe(5);
    expect(secondsLeft(d!, 15_399)).toBe(1);
    expect(secondsLeft(d!, 15_400)).toBe(0);
    expect(secondsLeft(d!, 99_000)).toBe(0);
  });

  it("reads no deadline from a frame without a clock or with a broken one", () => {
    expect(deadlineOf(null, 0)).toBeNull();
    expect(deadlineOf(undefined, 0)).toBeNull();
    expect(deadlineOf({ seat: 1, kind: "buy", seconds: 6 }, 0)).toBeNull();
    expect(deadlineOf({ seat: 1, kind: "sleep", left: 1, seconds: 6 }, 0)).toBeNull();
    expect(deadlineOf({ seat: 0, kind: "turn", left: -2, seconds: 30 }, 7)?.ends).toBe(7);
  });

  it("tells a screen reader twice: at the start and 3 seconds before the end", () => {
    const said: number[] = [];
    let last: number | null = null;
    for (let left = 6; left >= 0; left--) {
      const m = milestone(left, 6);
      if (m !== null && m !== last) said.push(left);
      last = m;
    }
    expect(said).toEqual([6, 3]);
    expect(milestone(4, 4)).toBe(4);
    expect(milestone(2, 4)).toBe(3);
    expect(milestone(3, 3)).toBe(3); // a window of 3 s: said once
    expect(milestone(0, 6)).toBeNull();
    expect(milestone(9, 6)).toBe(6); // a frame sent late never says more than the window
  });

  it("words the countdown in Dutch and English", () => {
    const d = deadlineOf({ seat: 1, kind: "buy", left: 6, seconds: 6 }, 0)!;
    expect(countdownText(4, "nl")).toBe("nog 4 s");
    expect(countdownSaid(d, 6, "nl")).toBe("Nog 6 seconden om te kopen of te passen");
    expect(countdownSaid({ ...d, kind: "turn" }, 3, "en")).toBe("3 seconds left for your turn");
  });
});
