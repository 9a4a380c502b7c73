import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import Sheet from "./Sheet.svelte";
import type { ViewJSON } from "./view";

const view = (over: Partial<ViewJSON> = {}): ViewJSON => ({
  seat: 0, rules: "amerikaans", players: ["Anna", "Bob", "Cas", "Daan"], round_index: 1,
  requirement: { notation: "set 3 + run 3", text: { en: "", nl: "" } },
  dealer: 1, phase: "draw", turn: 0, to_act: 0, offer: [], hand: [],
  open_hands: null, hand_sizes: [13, 13, 13, 13], known: [[], [], [], []], come_out: [false, false, false, false],
  table: [], owners: [], discard_top: null, discard_size: 0, stock_size: 50, turns_done: 0,
  drawn: [], pending: [], came_out_now: false, totals: [0, 35, 120, 15], results: [
    { winner: 0, penalties: [0, 35, 120, 15], requirement: "set 3 + set 3", dealer: 0, hands_left: [[], [], [], []], all_at_once: false },
  ], eliminated: [],
  pot: 0, winner: null, discard_pile: [], rebuilds: 0, ...over,
} as ViewJSON);

describe("the score sheet", () => {
  it("has short heads for a phone beside the long ones, which a screen reader reads there too", () => {
    for (const [lang, round, req] of [["nl", "Ronde", "Eis"], ["en", "Round", "Requirement"]] as const) {
      const body = render(Sheet, { props: { view: view(), lang } }).body;
      const heads = [...body.matchAll(/<span class="(long|short)[^"]*"[^>]*>([^<]*)<\/span>/g)].map(([, c, w]) => `${c}:${w}`);
      expect(heads).toEqual([`long:${round}`, "short:#", `long:${req}`, `short:${lang === "nl" ? "Eis" : "Req."}`]);
      expect(body).toMatch(/class="short[^"]*" aria-hidden="true"/);
    }
  });

  it("gives every player a column with the points and the running total, names kept whole in a title", () => {
    const body = render(Sheet, { props: { view: view(), lang: "nl" } }).body;
    for (const name of ["Anna", "Bob", "Cas", "Daan"]) expect(body).toContain(`title="${name}"`);
    expect(body).toMatch(/120 <small[^>]*>\(120\)<\/small>/);
    expect(body).toContain("drie dezelfde en drie dezelfde");
  });
});
