import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import MatchEnd from "./MatchEnd.svelte";
import type { SeatInfo } from "./table.svelte";
import type { ViewJSON } from "./view";

const view = (over: Partial<ViewJSON> = {}): ViewJSON => ({
  seat: 0, rules: "amerikaans", players: ["Anna", "Bob", "Cas"], round_index: 6,
  requirement: { notation: "set 3", text: { en: "set of 3", nl: "set van 3" } },
  dealer: 2, phase: "match-over", turn: 0, to_act: 0, offer: [], hand: [],
  open_hands: null, hand_sizes: [0, 3, 5], known: [[], [], []], come_out: [true, true, true],
  table: [], owners: [], discard_top: null, discard_size: 0, stock_size: 50, turns_done: 0,
  drawn: [], pending: [], came_out_now: false, totals: [40, 10, 25], results: [], eliminated: [],
  pot: 0, winner: 1, discard_pile: [], rebuilds: 0, ...over,
} as ViewJSON);
const person = (present = true): SeatInfo => ({ computer: false, present, level: null, person: true });
const computer: SeatInfo = { computer: true, present: true, level: "basic" };

const shown = (seats: SeatInfo[], rematch: boolean, seat: number | null = 0): string =>
  render(MatchEnd, { props: { view: view({ seat }), seats, lang: "nl", replay: "/replay/r", onsheet: () => undefined, rematch } }).body;

describe("the end of the match", () => {
  const cannot = "kan nog niet";

  it("says nothing against playing again where the room's rematch is shown below", () => {
    const body = shown([person(), person(), computer], true);
    expect(body).not.toContain(cannot);
    expect(body).toContain("Bob");
  });

  it("offers a new table against the same computer players to a person alone", () => {
    const body = shown([person(), computer, computer], false);
    expect(body).toContain("Nog een keer");
    expect(body).not.toContain(cannot);
  });

  it("says so where neither way to play again is there (a spectator of a room without its rematch)", () => {
    expect(shown([person(), computer, computer], false, null)).toContain(cannot);
  });
});
