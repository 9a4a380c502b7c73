import { describe, expect, it } from "vitest";
import { ClubFailure, formNumbers, sentence } from "./club";

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
    expect(sentence(exc, "nl")).toBe("de kolom van Bob telt op tot 40");
    expect(sentence(exc, "en")).toBe("Bob's column adds up to 40");
    expect(exc.params.column).toBe(2);
  });
});
