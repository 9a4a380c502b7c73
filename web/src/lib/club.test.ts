import { describe, expect, it } from "vitest";
import { ClubFailure, dateWords, formNumbers, perGame, sentence } from "./club";

describe("a form's cells", () => {
  it("are whole numbers, spaces around allowed", () => {
    expect(formNumbers([["0", " 15", "20 "], ["5", "0", "40"]])).toEqual([[0, 15, 20], [5, 0, 40]]);
  });
  it("refuse an empty cell, a fraction, a sign or a word", () => {
    for (const bad of ["", "1.5", "-5", "tien", "5 5"]) expect(formNumbers([["0", bad]])).toBeNull();
  });
});

describe("a refusal", () => {
  it("is said in the page's language, with where it points", () => {
    const exc = new ClubFailure({ en: "Bob's column adds up to 40", nl: "de kolom van Bob telt op tot 40" },
                                { column: 2 });
    expect(sentence(exc, "nl")).toBe("De kolom van Bob telt op tot 40");  // on its own: a capital
    expect(sentence(exc, "en")).toBe("Bob's column adds up to 40");
    expect(exc.params.column).toBe(2);
  });
});

describe("the evening's figures", () => {
  it("say the date in words, as the forms do (the page said 2026-12-04)", () => {
    expect(dateWords("2026-12-04", "nl")).toBe("4 december 2026");
    expect(dateWords("2026-01-31", "en")).toBe("31 January 2026");
    expect(dateWords("", "nl")).toBe("");
  });
  it("write points per game with a decimal comma in Dutch, a half up", () => {
    expect(perGame(33.125, "nl")).toBe("33,13");
    expect(perGame(8.5, "en")).toBe("8.50");
    expect(perGame(1250, "nl")).toBe("1250,00");
    expect(perGame(null, "nl")).toBe("");
  });
});
