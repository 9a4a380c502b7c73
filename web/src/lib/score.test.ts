import { describe, expect, it } from "vitest";
import { t } from "./i18n";
import {
  buildEntry, cardFromText, copies, type Draft, emptyDraft, keepCard, keptCard, leftValue, losers, namesOf,
  PICKER, removeOne,
} from "./score";

const cards = (...c: string[]): Draft => ({ ...emptyDraft(), cards: c });
const points = (p: string): Draft => ({ ...emptyDraft(), mode: "points", points: p });

class Memory implements Storage {
  private data = new Map<string, string>();
  get length(): number { return this.data.size; }
  clear(): void { this.data.clear(); }
  getItem(key: string): string | null { return this.data.get(key) ?? null; }
  key(i: number): string | null { return [...this.data.keys()][i] ?? null; }
  removeItem(key: string): void { this.data.delete(key); }
  setItem(key: string, value: string): void { this.data.set(key, value); }
}

describe("the card picker", () => {
  it("offers every card of a pack once and the joker", () => {
    expect(PICKER).toHaveLength(53);
    expect(new Set(PICKER).size).toBe(53);
    expect(PICKER.slice(0, 3)).toEqual(["As", "2s", "3s"]);
    expect(PICKER).toContain("10h");
    expect(PICKER.at(-1)).toBe("*");
  });

  it("counts copies and takes back one tap at a time", () => {
    const hand = ["Ks", "7h", "Ks", "*"];
    expect(copies(hand, "Ks")).toBe(2);
    expect(removeOne(hand, "Ks")).toEqual(["Ks", "7h", "*"]);
    expect(removeOne(hand, "2c")).toEqual(hand);
  });
});

describe("a round as the card file writes it", () => {
  it("writes cards in the notation, none as '-', points as a number", () => {
    expect(leftValue(cards("Ks", "7h", "*"))).toBe("Ks 7h *");
    expect(leftValue(cards())).toBe("-");
    expect(leftValue(points(" 35 "))).toBe(35);
    expect(leftValue(points("3x"))).toBeNull();
    expect(leftValue(points("-4"))).toBeNull();
  });

  it("asks the hands of all but the one out and the eliminated", () => {
    expect(losers(["Ann", "Bob", "Cor", "Dirk"], "Bob", ["Dirk"])).toEqual(["Ann", "Cor"]);
    expect(losers(["Ann", "Bob"], null, [])).toEqual(["Ann", "Bob"]);
  });

  it("builds the entry and names whoever still lacks points", () => {
    const drafts = { Ann: { ...cards("*"), comeOut: false }, Cor: points("") };
    const { entry, missing } = buildEntry(["Ann", "Bob", "Cor"], "Bob", [], drafts, true);
    expect(entry).toEqual({ out: "Bob", left: { Ann: "*" }, all_at_once: true,
                            not_come_out: ["Ann"] });
    expect(missing).toEqual(["Cor"]);
    const stock = buildEntry(["Ann", "Bob"], null, [], {}, true).entry;
    expect(stock).toEqual({ out: null, left: { Ann: "-", Bob: "-" }, all_at_once: false,
                            not_come_out: [] });
  });

  it("leaves out names left empty", () => {
    expect(namesOf([" Ann ", "", "Bob", "  "])).toEqual(["Ann", "Bob"]);
  });
});

describe("the card kept in this browser", () => {
  it("survives a reload and is forgotten on request", () => {
    const storage = new Memory();
    expect(keptCard(storage)).toBeNull();
    keepCard(storage, { format: "jokeren-score/1", players: ["Ann", "Bob"] });
    expect(keptCard(storage)).toEqual({ format: "jokeren-score/1", players: ["Ann", "Bob"] });
    keepCard(storage, null);
    expect(keptCard(storage)).toBeNull();
    storage.setItem("jokeren-score-card", "{not json");
    expect(keptCard(storage)).toBeNull();
  });

  it("opens a card file, and nothing else", () => {
    expect(cardFromText('{"format": "jokeren-score/1", "players": []}'))
      .toEqual({ format: "jokeren-score/1", players: [] });
    expect(cardFromText('{"format": "jokeren-club/1"}')).toBeNull();
    expect(cardFromText("[1, 2]")).toBeNull();
    expect(cardFromText("Ann,Bob")).toBeNull();
  });
});

describe("the page's words", () => {
  it("speaks as Dutch players do", () => {
    expect(t("web_score_penalty", "nl", { points: 35 })).toBe("35 strafpunten");
    expect(t("web_score_who_out", "nl")).toBe("Wie ging uit?");
    expect(t("web_score_ranks", "nl")).toContain("B V H A");
  });
});
