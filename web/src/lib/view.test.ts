import { describe, expect, it } from "vitest";
import { eventLine, exchangedTo, sheetRows, statusLine, type ViewJSON } from "./view";

function view(over: Partial<ViewJSON> = {}): ViewJSON {
  return {
    seat: 0, rules: "amerikaans", players: ["Anna", "Bob", "Cas"], round_index: 0,
    requirement: { notation: "set 3", text: { en: "set of 3", nl: "set van 3" } },
    dealer: 2, phase: "draw", turn: 0, to_act: 0, offer: [], hand: ["7h", "Qs"],
    open_hands: null, hand_sizes: [2, 13, 13], known: [[], [], []], come_out: [false, false, false],
    table: [], owners: [], discard_top: "Qh", discard_size: 1, stock_size: 50, turns_done: 0,
    drawn: [], pending: [], came_out_now: false, totals: [0, 0, 0], results: [], eliminated: [],
    pot: 0, winner: null, discard_pile: ["Qh"], rebuilds: 0, ...over,
  };
}

describe("status line", () => {
  it("says whose turn it is and what this seat may do, in the player's words", () => {
    expect(statusLine(view(), "nl")).toBe("Jij bent aan de beurt: trek van de stok of pak V♥");
    expect(statusLine(view(), "en")).toBe("Your turn: draw from the stock or take Q♥");
    expect(statusLine(view({ to_act: 1 }), "nl")).toBe("Bob is aan de beurt");
    expect(statusLine(view({ phase: "play" }), "nl"))
      .toBe("Om uit te komen leg je set van 3; of leg een kaart af");
  });

  it("says at the match's end what to look at, not the winner a third time", () => {
    // the log's newest line and the match end's heading say who won ("Het potje is
    // afgelopen: Bob heeft gewonnen"); on a phone the three lines are in sight at once
    const over = view({ phase: "match-over", winner: 1, totals: [40, 10, 25] });
    expect(statusLine(over, "nl")).toBe("Het potje is afgelopen: zie de eindstand");
    expect(statusLine(over, "en")).toBe("The match is over: see the final standings");
    expect(statusLine(over, "nl")).not.toContain("Bob");
  });

  it("says a buy offer whole, with what a buyer gets from the stock, in a few words", () => {
    const offer = (extra?: number) => view({ phase: "buying", turn: 1, to_act: 0,
      rules: extra === undefined ? "amerikaans" : { preset: "amerikaans", buying: { extra } } });
    expect(statusLine(offer(), "nl")).toBe("V♥ is te koop, met een kaart van de stok erbij: koop of pas");
    expect(statusLine(offer(), "en")).toBe("Q♥ is for sale with a card from the stock: buy or pass");
    expect(statusLine(offer(2), "nl")).toBe("V♥ is te koop, met 2 kaarten van de stok erbij: koop of pas");
    expect(statusLine(offer(2), "en")).toBe("Q♥ is for sale with 2 cards from the stock: buy or pass");
    expect(statusLine(offer(0), "nl")).toBe("V♥ is te koop: koop of pas");
    expect(statusLine(offer(0), "en")).toBe("Q♥ is for sale: buy it or pass");
    // at most 62 characters: two lines of the status line at 360 px (e2e/test_table_phone.py)
    for (const lang of ["nl", "en"] as const) {
      for (const extra of [undefined, 0, 1, 12]) {
        expect(statusLine(view({ ...offer(extra), discard_top: "Th" }), lang).length).toBeLessThanOrEqual(62);
      }
    }
  });
});

describe("log", () => {
  const players = ["Anna", "Bob"];
  const ev = (kind: string, over: Record<string, unknown> = {}) => ({
    kind, seat: 0, cards: [], hidden: 0, to: null, melds: [], audience: [], ...over,
  });

  it("words what the others did, without their hidden cards", () => {
    expect(eventLine(ev("buy", { cards: ["7h"] }), players, "nl")).toBe("Anna kocht 7♥");
    expect(eventLine(ev("draw", { seat: 1, hidden: 1 }), players, "en")).toBe("Bob drew a card");
    expect(eventLine(ev("pass"), players, "nl")).toBeNull();
    expect(eventLine(ev("deal", { hidden: 13 }), players, "nl")).toBeNull();
  });

  it("says the reader's own moves to them, in the second person, and the others' in the third", () => {
    const mine = (kind: string, over: Record<string, unknown> = {}, lang: "nl" | "en" = "nl") =>
      eventLine(ev(kind, over), players, lang, 0);
    expect(mine("draw", { cards: ["7h"] })).toBe("Je trok 7♥");
    expect(mine("draw", { cards: ["7h"] }, "en")).toBe("You drew 7♥");
    expect(mine("take", { cards: ["7h"] })).toBe("Je pakte 7♥");
    expect(mine("buy", { cards: ["7h"] }, "en")).toBe("You bought 7♥");
    expect(mine("discard", { cards: ["Qs"] })).toBe("Je legde V♠ af");
    expect(mine("lay", { cards: ["Qs"], to: 2 }, "en")).toBe("You laid off Q♠ on meld 2");
    expect(mine("meld", { melds: [{ kind: "set", cards: ["7h", "7s", "7c"], start: 7 }] })).toBe("Je legde 7♥ 7♠ 7♣ op tafel");
    expect(mine("out")).toBe("Je ging uit!");
    expect(mine("match-over", {}, "en")).toBe("The match is over: you win");
    // given to the reader: "aan jou"; another seat's moves stay in the third person
    expect(mine("exchanged", { seat: 1, to: 0, cards: ["2c"] })).toBe("Bob gaf 2♣ aan jou");
    expect(mine("exchanged", { seat: 0, to: 1, cards: ["2c"] }, "en")).toBe("You gave 2♣ to Bob");
    expect(mine("draw", { seat: 1, hidden: 1 })).toBe("Bob trok een kaart");
    expect(mine("discard", { seat: 1, cards: ["Qs"] }, "en")).toBe("Bob discarded Q♠");
    // a spectator (no seat) reads everyone in the third person
    expect(eventLine(ev("discard", { cards: ["Qs"] }), players, "en", null)).toBe("Anna discarded Q♠");
    expect(eventLine(ev("upcard", { seat: null, cards: ["5d"] }), players, "en", 0)).toBe("5♦ is turned up");
  });

  it("marks the cards passed to this seat in the exchange, and no others", () => {
    const events = [ev("draw", { cards: ["7h"] }), ev("exchanged", { seat: 2, to: 1, cards: [] }),
      ev("exchanged", { seat: 1, to: 0, cards: ["2c"] })];
    expect(exchangedTo(events, 0)).toEqual(["2c"]);
    expect(exchangedTo(events, 1)).toEqual([]); // the card is private to giver and taker
    expect(exchangedTo(events, null)).toEqual([]);
  });
});

describe("score sheet", () => {
  it("adds the rounds up into running totals", () => {
    const results = [
      { winner: 0, penalties: [0, 25, 40], requirement: "set 3", dealer: 2, hands_left: [], all_at_once: false },
      { winner: 1, penalties: [10, 0, 5], requirement: "run 3", dealer: 0, hands_left: [], all_at_once: false },
    ];
    const rows = sheetRows(view({ results }));
    expect(rows[1]!.totals).toEqual([10, 25, 45]);
    expect(rows[0]!.dealer).toBe("Cas");
    expect(rows[1]!.winner).toBe("Bob");
  });
});

describe("requirement words", () => {
  it("words the notation for the score sheet", async () => {
    const { requirementWords } = await import("./view");
    // The words Python's Requirement.describe gives (tests/test_dutch.py): one catalogue.
    expect(requirementWords("set 3 + run 4", "nl")).toBe("drie dezelfde en een rij van vier");
    expect(requirementWords("set 3 + run 3", "en")).toBe("a set of three and a run of three");
    expect(requirementWords("set 3 | run 3", "en")).toBe("a set of three or a run of three");
    expect(requirementWords("run 3 + run 3 + run 3", "nl"))
      .toBe("een rij van drie, een rij van drie en een rij van drie");
    expect(requirementWords("set 12", "en")).toBe("a set of 12");
    expect(requirementWords("points 40", "nl")).toBe("minstens 40 punten");
    expect(requirementWords("all", "nl")).toBe("alles in één keer op tafel");
    expect(requirementWords("all", "en")).toBe("all at once");
    expect(requirementWords("none", "en")).toBe("no requirement");
  });

  it("lists in the player's words", async () => {
    const { listed } = await import("./view");
    expect(listed(["7♥ 8♥ 9♥", "V♠ V♦ V♣", "5♥ 5♠ 5♦"], "nl")).toBe("7♥ 8♥ 9♥, V♠ V♦ V♣ en 5♥ 5♠ 5♦");
    expect(listed(["a", "b"], "en")).toBe("a and b");
    expect(listed(["a"], "en")).toBe("a");
  });
});

describe("hints from the engine's listing", async () => {
  const { hintLines, meldGroups, selectionFits } = await import("./view");
  const moves = ["draw", "meld 7h 8h 9h", "meld 7h 8h 9h / Kc Kd *Ks", "lay 2 10h", "swap 1 5s"];

  it("reads a listed meld's groups", () => {
    expect(meldGroups("meld 7h 8h 9h / Kc Kd *Ks")).toEqual([["7h", "8h", "9h"], ["Kc", "Kd", "*Ks"]]);
    expect(meldGroups("lay 2 10h")).toEqual([]);
  });

  it("says when the selection is a listed meld, whatever the order and the joker's card", () => {
    expect(selectionFits(moves, [], ["9h", "7h", "8h"])).toBe("complete");
    expect(selectionFits(moves, [["8h", "9h", "7h"]], ["*", "Kd", "Kc"])).toBe("complete");
    expect(selectionFits(moves, [], ["Kc", "Kd", "*"])).toBe("group");
    expect(selectionFits(moves, [], ["Kc", "Kd"])).toBeNull();
    expect(selectionFits([], [], ["7h", "8h", "9h"])).toBeNull();
  });

  it("says it once, with one tick", async () => {
    const { fitsWords } = await import("./view");
    expect(fitsWords("complete", "nl")).toBe("✓ Dit kun je zo op tafel leggen");
    expect(fitsWords("group", "en")).toBe("✓ A valid combination");
    expect(fitsWords(null, "nl")).toBe("");
  });

  it("words melds, lay-offs and swaps in the player's language", () => {
    const lines = hintLines(moves, "nl");
    expect(lines[0]).toBe("Je kunt op tafel leggen: 7♥ 8♥ 9♥");
    expect(lines).toContain("Aanleggen bij combinatie 2: 10♥");
    expect(lines).toContain("Joker ruilen in combinatie 1 met 5♠");
  });
});

describe("the last action", async () => {
  const { lastTouched } = await import("./view");
  const ev = (kind: string, over: Record<string, unknown> = {}) => ({
    kind, seat: 0, cards: [], hidden: 0, to: null, melds: [], audience: [], ...over,
  });
  it("points at the melds laid or changed and at a discard", () => {
    const run = { kind: "run" as const, cards: ["7h", "8h", "9h"], start: 7 };
    expect(lastTouched([ev("come-out", { to: 3, melds: [run, run] })])).toEqual({ melds: [3, 4], discard: false });
    expect(lastTouched([ev("lay", { to: 2 }), ev("discard")])).toEqual({ melds: [], discard: true });
    expect(lastTouched([ev("draw")])).toBeNull();
  });
  it("points at every meld of a rearranged table", () => {
    const set = { kind: "set" as const, cards: ["5h", "5d", "5s"], start: 0 };
    expect(lastTouched([ev("draw"), ev("table", { melds: [set, set, set] })])).toEqual({ melds: [1, 2, 3], discard: false });
    expect(lastTouched([ev("table", { melds: [set] }), ev("discard")])).toEqual({ melds: [], discard: true });
  });
});
