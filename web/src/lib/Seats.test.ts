import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import Seats from "./Seats.svelte";
import type { SeatInfo } from "./table.svelte";
import type { ViewJSON } from "./view";

const text = (html: string): string => html.replace(/<[^>]*>/g, "");
const view = (over: Partial<ViewJSON> = {}): ViewJSON => ({
  seat: 0, rules: "amerikaans", players: ["Anna", "Bob", "Cas"], round_index: 0,
  requirement: { notation: "set 3", text: { en: "set of 3", nl: "set van 3" } },
  dealer: 2, phase: "draw", turn: 0, to_act: 0, offer: [], hand: ["7h", "Qs"],
  open_hands: null, hand_sizes: [2, 13, 13], known: [[], [], []], come_out: [true, false, false],
  table: [], owners: [], discard_top: "Qh", discard_size: 1, stock_size: 50, turns_done: 0,
  drawn: [], pending: [], came_out_now: false, totals: [0, 15, 0], results: [], eliminated: [],
  pot: 0, winner: null, discard_pile: ["Qh"], rebuilds: 0, ...over,
} as ViewJSON);

describe("the seats", () => {
  it("keeps the come-out tick apart from the points", () => {
    const body = text(render(Seats, { props: { view: view(), seats: [], lang: "nl", lastSeat: null, flash: 0 } }).body);
    expect(body).toContain("0 pt ✓");
    expect(body).not.toContain("pt✓");
    expect(body).toContain("15 pt");
  });
});

describe("a person's seat while the person is not here", () => {
  const seat = (present: boolean, computer: boolean): SeatInfo =>
    ({ person: true, present, computer, level: computer ? "basic" : null });
  const marks = (lang: "nl" | "en", turn = 0): string[] => {
    const html = render(Seats, { props: {
      view: view({ to_act: turn, turn }), lang, lastSeat: null, flash: 0,
      seats: [seat(true, false), seat(false, true), seat(false, false)] } }).body;
    return [...html.matchAll(/<span class="state[^"]*">([\s\S]*?)<\/span>\s*<\/li>/g)].map((m) => text(m[1] ?? "").trim());
  };

  it("says the computer plays a seat it plays for the absent person, and away only when no one does", () => {
    expect(marks("nl")).toEqual(["● aan de beurt", "computer speelt", "weg"]);
    expect(marks("en")).toEqual(["● to play", "computer plays", "away"]);
  });

  it("says the computer is thinking at that seat's move, and keeps an away seat away at its move", () => {
    expect(marks("nl", 1)[1]).toBe("● denkt na…");
    expect(marks("nl", 2)[2]).toBe("● weg");
  });

  it("marks the two apart in more than colour alone: their own classes", () => {
    const html = render(Seats, { props: {
      view: view(), lang: "nl", lastSeat: null, flash: 0,
      seats: [seat(true, false), seat(false, true), seat(false, false)] } }).body;
    expect(html).toMatch(/class="state[^"]*stand-in/);
    expect(html).toMatch(/class="state[^"]*away/);
  });
});
