import { afterEach, describe, expect, it, vi } from "vitest";
import { TableState } from "./table.svelte";
import { duplicates, type EventJSON, eventsWords, exchangeLog, type ViewJSON } from "./view";
import { FakeSocket } from "./fake-socket";

// The duplicate exchange's end in the browser's log says what the terminal table says
// (tests/test_tui_words.py, `exchange_lines`): the reader's own card given and got in one
// line, last; the others' cards never.

const players = ["Ann", "Bob", "Cas", "Dirk"];
const ev = (kind: string, seat: number | null, over: Partial<EventJSON> = {}): EventJSON =>
  ({ kind, seat, cards: [], hidden: 0, to: null, melds: [], audience: [], ...over });
/** The deal as `you` is sent it: its own hand, the others' without cards. */
const deal = (you: number | null, hand: string[], seats = 4): EventJSON[] =>
  Array.from({ length: seats }, (_, s) => ev("deal", s, s === you ? { cards: hand } : { hidden: 13 }));
/** An `exchanged` event as `you` is sent it: the card only to giver and taker. */
const passed = (you: number | null, seat: number, card: string, to: number): EventJSON =>
  ev("exchanged", seat, seat === you || to === you ? { cards: [card], to } : { hidden: 1, to });
const read = (lines: ((lang: "nl" | "en") => string)[], lang: "nl" | "en"): string[] => lines.map((l) => l(lang));

describe("the end of the duplicate exchange in the log", () => {
  // Ann 5♥ to Bob, Bob 10♦ to Dirk, Dirk 7♣ to Ann; Cas passes
  const three = (you: number | null): EventJSON[][] => [
    [...deal(you, ["5h", "5h", "2c"]), ev("upcard", 3, { cards: ["Ks"] })],
    [ev("give", 0)], [ev("give", 1)], [ev("pass", 2)],
    [ev("give", 3), passed(you, 0, "5h", 1), passed(you, 1, "Td", 3), passed(you, 3, "7c", 0)],
  ];
  it("says what the reader gave and got in one line, last, and the others' passes without cards", () => {
    const lines = (you: number | null, lang: "nl" | "en"): string[] => {
      const follow = exchangeLog();
      return three(you).flatMap((batch) => read(eventsWords(batch, players, you, follow), lang));
    };
    expect(lines(0, "en")).toEqual(["K♠ is turned up", "You offered a duplicate card", "Bob offered a duplicate card",
      "Dirk offered a duplicate card", "Bob gave a card to Dirk", "You gave 5♥ to Bob and got 7♣ from Dirk"]);
    expect(lines(1, "nl").slice(-2)).toEqual(["Dirk gaf een kaart aan Ann", "Je gaf 10♦ aan Dirk en kreeg 5♥ van Ann"]);
    // no line of its own for a card given or got ("Je gaf 5♥ aan Bob", "Dirk gaf 7♣ aan jou")
    expect(lines(0, "nl").filter((l) => l.includes("aan jou") || l === "Je gaf 5♥ aan Bob")).toEqual([]);
    expect(lines(2, "nl").slice(-3)).toEqual(["Ann gaf een kaart aan Bob", "Bob gaf een kaart aan Dirk",
      "Dirk gaf een kaart aan Ann"]);
    expect(lines(null, "en").slice(-3)).toEqual(["Ann gave a card to Bob", "Bob gave a card to Dirk",
      "Dirk gave a card to Ann"]);
    // the whole log at once (a reload's `missed`) says the same
    expect(read(eventsWords(three(0).flat(), players, 0, exchangeLog()), "en")).toEqual(lines(0, "en"));
  });

  it("never says an earlier round's cards when a round's passes come without its deal", () => {
    const follow = exchangeLog();
    const round = (gave: string, got: string): EventJSON[][] => [[ev("give", 0), ev("pass", 1)],
      [ev("give", 2), passed(0, 0, gave, 2), passed(0, 2, got, 0)]];
    const said = [[...deal(0, ["5h", "5h"], 3)], ...round("5h", "Td"), ...round("7c", "Qs")]
      .flatMap((b) => read(eventsWords(b, players, 0, follow), "en"));
    expect(said.filter((l) => l.startsWith("You gave"))).toEqual(["You gave 5♥ to Cas and got 10♦ back",
      "You gave 7♣ to Cas and got Q♠ back"]);
  });

  it("says the card came back when two gave", () => {
    const two = (you: number): string[] => {
      const follow = exchangeLog();
      return [[...deal(you, ["5h", "5h"], 3)], [ev("give", 0), ev("pass", 1)],
        [ev("give", 2), passed(you, 0, "5h", 2), passed(you, 2, "Td", 0)]]
        .flatMap((b) => read(eventsWords(b, players, you, follow), "nl"));
    };
    expect(two(0).at(-1)).toBe("Je gaf 5♥ aan Cas en kreeg 10♦ terug");
    expect(two(2).at(-1)).toBe("Je gaf 10♦ aan Ann en kreeg 5♥ terug");
    expect(two(1).at(-1)).toBe("Cas gaf een kaart aan Ann");
  });

  it("says a lone giver keeps the card, and nothing was exchanged", () => {
    const follow = exchangeLog();
    const lines = [[...deal(0, ["2c"], 3)], [ev("pass", 0)], [ev("give", 1)], [ev("pass", 2)], [ev("draw", 1, { hidden: 1 })]]
      .flatMap((b) => read(eventsWords(b, players, 0, follow), "nl"));
    expect(lines).toEqual(["Bob bood een dubbele kaart aan", "Alleen Bob gaf een kaart, dus er is niets geruild",
      "Bob trok een kaart"]);
    // nobody gave, or no exchange at all (the upcard's passes): nothing said
    const none = exchangeLog();
    expect([[...deal(0, ["2c"], 3)], [ev("pass", 0), ev("pass", 1), ev("pass", 2)], [ev("pass", 0)]]
      .flatMap((b) => read(eventsWords(b, players, 0, none), "en"))).toEqual([]);
    expect(duplicates(["7s", "*", "7s", "*", "2c", "2c", "2c"])).toEqual(["7s", "2c"]);
  });
});


const hand = ["7s", "7s", "Qh", "Qh", "2c"]; // two cards held twice: the page says which it gave
const view = (over: Partial<ViewJSON> = {}): ViewJSON => ({
  seat: 0, rules: "amerikaans", players: ["Ann", "Bob", "Cas"], round_index: 0,
  requirement: { notation: "set 3", text: { en: "set of 3", nl: "set van 3" } },
  dealer: 2, phase: "exchange", turn: 0, to_act: 0, offer: [0, 1, 2], hand,
  open_hands: null, hand_sizes: [5, 5, 5], known: [[], [], []], come_out: [false, false, false],
  table: [], owners: [], discard_top: "Ks", discard_size: 1, stock_size: 40, turns_done: 0,
  drawn: [], pending: [], came_out_now: false, totals: [0, 0, 0], results: [], eliminated: [],
  pot: 0, winner: null, discard_pile: ["Ks"], rebuilds: 0, ...over,
});

describe("the table page's log of a lone giver", () => {
  it("names the card the page gave, which the lone giver keeps", () => {
    const socket = new FakeSocket();
    const s = new TableState("room", "tok", "nl");
    s.confirmations = false;
    s.connect("ws://x", () => socket);
    socket.onopen?.({});
    socket.frame({ type: "welcome", seat: 0, version: 0, view: view(), moves: ["give 7s", "give Qh", "pass"] });
    socket.frame({ type: "missed", version: 0, events: deal(0, hand, 3) });
    s.toggle(2); // the first Q♥
    s.act("give");
    expect(socket.sent.filter((f) => f.type === "act").map((f) => f.action)).toEqual(["give Qh"]);
    socket.frame({ type: "events", version: 1, events: [ev("give", 0)], view: view({ to_act: 1 }), moves: [] });
    socket.frame({ type: "events", version: 2, events: [ev("pass", 1)], view: view({ to_act: 2 }), moves: [] });
    socket.frame({ type: "events", version: 3, events: [ev("pass", 2)], view: view({ phase: "draw" }), moves: [] });
    expect(s.log).toEqual(["Je bood een dubbele kaart aan", "Niemand anders gaf een kaart, dus je houdt V♥"]);
    s.lang = "en";
    expect(s.log.at(-1)).toBe("Nobody else gave a card, so you keep Q♥");
  });

  it("names the hand's only card held twice, or says 'yours' when the page cannot tell", () => {
    const lone = (dealt: string[]): string | undefined => {
      const socket = new FakeSocket();
      const s = new TableState("other", "tok", "nl");
      s.connect("ws://x", () => socket);
      socket.onopen?.({});
      socket.frame({ type: "welcome", seat: 0, version: 3, view: view({ phase: "draw", hand: dealt }), moves: [] });
      // a reload: the whole log at once, the card given on another device
      socket.frame({ type: "missed", version: 3, events: [...deal(0, dealt, 3), ev("give", 0), ev("pass", 1), ev("pass", 2)] });
      return s.log.at(-1);
    };
    expect(lone(["7s", "7s", "2c"])).toBe("Niemand anders gaf een kaart, dus je houdt 7♠");
    expect(lone(hand)).toBe("Niemand anders gaf een kaart, dus je houdt je kaart");
  });

  // the page at `room` in the round `round` (from 0), its welcome and the log from the first
  // deal (`log`), with the exchange's question on it
  const opened = (room: string, round: number, log: EventJSON[] = []): { s: TableState; socket: FakeSocket } => {
    const socket = new FakeSocket();
    const s = new TableState(room, "tok", "nl");
    s.confirmations = false;
    s.connect("ws://x", () => socket);
    socket.onopen?.({});
    socket.frame({ type: "welcome", seat: 0, version: 0, view: view({ round_index: round }),
      moves: ["give 7s", "give Qh", "pass"] });
    socket.frame({ type: "missed", version: 0, events: log });
    return { s, socket };
  };
  const alone = [ev("give", 0), ev("pass", 1), ev("pass", 2)]; // this seat gave, alone
  const ends = (socket: FakeSocket, round: number, version: number, events = alone): void =>
    socket.frame({ type: "events", version, events, view: view({ round_index: round, phase: "draw" }), moves: [] });
  const giveQueen = (s: TableState): void => { s.toggle(2); s.act("give"); };
  afterEach(() => { vi.unstubAllGlobals(); });

  it("forgets the card it gave once the next round is dealt", () => {
    const { s, socket } = opened("rounds", 0, deal(0, hand, 3));
    giveQueen(s);
    ends(socket, 0, 1);
    expect(s.log.at(-1)).toBe("Niemand anders gaf een kaart, dus je houdt V♥");
    // the next round deals the same cards; this seat gives on another device, alone again:
    // the page cannot tell which card (the Q♥ was the last round's)
    socket.frame({ type: "events", version: 2, events: deal(0, hand, 3), view: view({ round_index: 1 }),
      moves: ["give 7s", "give Qh", "pass"] });
    ends(socket, 1, 3);
    expect(s.log.at(-1)).toBe("Niemand anders gaf een kaart, dus je houdt je kaart");
  });

  it("keeps the card it gave over a reload in the round, not into the next", () => {
    const kept = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => { kept.set(k, v); },
    });
    const first = opened("reload", 0, deal(0, hand, 3));
    giveQueen(first.s);
    // a reload before the exchange ends: the page still says which card it gave
    const again = opened("reload", 0, [...deal(0, hand, 3), ev("give", 0)]);
    ends(again.socket, 0, 1, alone.slice(1));
    expect(again.s.log.at(-1)).toBe("Niemand anders gaf een kaart, dus je houdt V♥");
    // a reload in the next round, whose card was given on another device
    const next = opened("reload", 1, [...deal(0, hand, 3), ...alone, ...deal(0, hand, 3)]);
    ends(next.socket, 1, 2);
    expect(next.s.log.at(-1)).toBe("Niemand anders gaf een kaart, dus je houdt je kaart");
  });
});
