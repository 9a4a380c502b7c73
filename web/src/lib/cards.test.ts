import { describe, expect, it } from "vitest";
import catalogue from "../../../src/jokeren/words/messages.json";
import {
  cardLabel, formatCard, NotationError, parseCard, parseCards, sortCards, spokenCard,
} from "./cards";
import { setCatalogue } from "./i18n";

describe("notation", () => {
  it("round-trips every canonical card", () => {
    const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    for (const suit of "shdc") {
      for (const rank of ranks) {
        const text = `${rank}${suit}`;
        expect(formatCard(parseCard(text))).toBe(text);
        expect(formatCard(parseCard(`*${text}`))).toBe(`*${text}`);
      }
    }
    expect(formatCard(parseCard("*"))).toBe("*");
  });

  it("accepts T, upper case and suit symbols on input", () => {
    expect(formatCard(parseCard("Td"))).toBe("10d");
    expect(formatCard(parseCard("QS"))).toBe("Qs");
    expect(formatCard(parseCard("7♥"))).toBe("7h");
    expect(parseCards("5h *6h 7h").map(formatCard)).toEqual(["5h", "*6h", "7h"]);
  });

  it("refuses what is not a card", () => {
    for (const bad of ["", "1h", "11s", "Kx", "h7", "**"]) {
      expect(() => parseCard(bad), bad).toThrow(NotationError);
    }
  });
});

describe("words", () => {
  it("uses B, V, H, A in Dutch and the suit symbol always", () => {
    expect(cardLabel(parseCard("Js"), "nl")).toBe("B♠");
    expect(cardLabel(parseCard("Qh"), "nl")).toBe("V♥");
    expect(cardLabel(parseCard("Kd"), "nl")).toBe("H♦");
    expect(cardLabel(parseCard("Ac"), "nl")).toBe("A♣");
    expect(cardLabel(parseCard("Qh"), "en")).toBe("Q♥");
    expect(cardLabel(parseCard("*7h"), "nl")).toBe("joker (7♥)");
  });

  it("speaks cards for a screen reader", () => {
    expect(spokenCard(parseCard("Qh"), "nl")).toBe("harten vrouw");
    expect(spokenCard(parseCard("Qh"), "en")).toBe("queen of hearts");
    expect(spokenCard(parseCard("10c"), "nl")).toBe("klaveren 10");
    expect(spokenCard(parseCard("*"), "nl")).toBe("joker");
  });

  it("takes its words from the catalogue, as every screen does", () => {
    setCatalogue({ ...catalogue, card_letter_Q: { en: "Q", nl: "Vr" },
      card_suit_h: { en: "hearts", nl: "hartjes" } });
    try {
      expect(cardLabel(parseCard("Qh"), "nl")).toBe("Vr♥");
      expect(spokenCard(parseCard("Qh"), "nl")).toBe("hartjes vrouw");
    } finally {
      setCatalogue(catalogue);
    }
  });
});

describe("sorting", () => {
  it("sorts by suit then rank, ace high, jokers last", () => {
    expect(sortCards(["*", "Ah", "2s", "Kh", "10h", "2h"], "suit"))
      .toEqual(["Ah", "2h", "10h", "Kh", "2s", "*"]);
  });

  it("sorts as the terminal's hand_key and rank_key do (ace low; h s d c)", () => {
    // the orders Python's sorted(..., key=hand_key / rank_key) gives for these cards
    const cards = ["*", "Ah", "2s", "Kh", "10h", "2h", "3d", "Ac", "Qs"];
    expect(sortCards(cards, "suit")).toEqual(["Ah", "2h", "10h", "Kh", "2s", "Qs", "3d", "Ac", "*"]);
    expect(sortCards(cards, "rank")).toEqual(["Ah", "Ac", "2h", "2s", "3d", "10h", "Qs", "Kh", "*"]);
  });

  it("sorts by rank then suit, keeping duplicates", () => {
    expect(sortCards(["7c", "7h", "*", "7h", "5d"], "rank"))
      .toEqual(["5d", "7h", "7h", "7c", "*"]);
  });
});
