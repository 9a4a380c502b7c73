import { describe, expect, it } from "vitest";
import { applies, finished, readGuide, stepNow, STEPS, type GuideKept } from "./guide";
import type { ViewJSON } from "./view";

const view = (over: Partial<ViewJSON>): ViewJSON => ({
  seat: 0, to_act: 0, phase: "draw", round_index: 0, hand: ["3h", "4h", "9c"], come_out: [false, false, false],
  ...over,
} as unknown as ViewJSON);
const fresh: GuideKept = { seen: [], over: false };

describe("the guided first round", () => {
  it("starts with the goal, then the turn at the first draw", () => {
    const v = view({});
    expect(stepNow(fresh, v, ["draw", "take"])).toBe("goal");
    expect(stepNow({ seen: ["goal"], over: false }, v, ["draw", "take"])).toBe("turn");
    expect(stepNow({ seen: ["goal", "turn"], over: false }, v, ["draw", "take"])).toBeNull();
  });

  it("shows each step when it applies, and not again once seen", () => {
    const seen: GuideKept = { seen: ["goal", "turn"], over: false };
    const play = view({ phase: "play" });
    expect(stepNow(seen, play, ["discard 3h"])).toBe("requirement");
    const req: GuideKept = { seen: [...seen.seen, "requirement"], over: false };
    expect(stepNow(req, play, ["meld 3h 3s 3c", "discard 3h"])).toBe("come_out");
    expect(stepNow(req, view({ phase: "play", come_out: [true, false, false] }), ["lay 1 5h", "discard 3h"])).toBe("lay_off");
    expect(stepNow(req, view({ phase: "play", hand: ["*", "3h"] }), ["discard 3h"])).toBe("jokers");
    // a buy offer to this seat comes before what it may do later
    expect(stepNow(req, view({ phase: "buying" }), ["buy", "pass"])).toBe("buying");
    // after the deal (Amerikaans): a card held twice may be given away
    expect(stepNow(req, view({ phase: "exchange" }), ["give 3h", "pass"])).toBe("give");
    expect(stepNow(req, view({ phase: "exchange" }), ["pass"])).toBe("give"); // no double held
    // another seat's move: nothing of the turn applies
    expect(stepNow(req, view({ to_act: 1, phase: "play" }), [])).toBeNull();
  });

  it("ends with the round: the end step, then finished (hints on)", () => {
    const all: GuideKept = { seen: STEPS.filter((s) => s !== "done"), over: false };
    const end = view({ phase: "round-over", to_act: null as unknown as number });
    expect(applies("goal", end, [])).toBe(false);
    expect(stepNow({ seen: [], over: false }, end, [])).toBe("done");
    expect(stepNow(all, end, [])).toBe("done");
    expect(finished(all, end)).toBe(false);
    expect(finished({ seen: [...all.seen, "done"], over: false }, end)).toBe(true);
    // a later round dealt: behind the player even when the end was never put away
    expect(finished(fresh, view({ round_index: 1 }))).toBe(true);
    expect(stepNow(fresh, view({ round_index: 1 }), ["draw"])).toBeNull();
    expect(stepNow({ seen: [], over: true }, view({}), ["draw"])).toBeNull();
  });

  it("reads what was kept, and nothing for a room that is not guided", () => {
    expect(readGuide(null)).toBeNull();
    expect(readGuide('{"seen": ["goal", "nonsense"], "over": false}')).toEqual({ seen: ["goal"], over: false });
    expect(readGuide("not json")).toEqual({ seen: [], over: false });
  });
});
