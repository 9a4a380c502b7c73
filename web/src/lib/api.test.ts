import { afterEach, describe, expect, it, vi } from "vitest";
import names from "../../../src/jokeren/server/names.py?raw";
import { ApiFailure, capital, join, NAME_MOST, refusalText } from "./api";

const refused = (status: number, key: string, en: string, nl: string): ApiFailure =>
  new ApiFailure({ key, text: { en, nl } }, `${status}`);

describe("what the join page says when the server refuses a name", () => {
  it("says a refusal the person can change in its own sentence, not as a failure", () => {
    const taken = refused(409, "name_taken", "Ann is already at this table", "Ann zit al aan deze tafel");
    expect(refusalText(taken, "nl")).toBe("Ann zit al aan deze tafel.");
    expect(refusalText(taken, "en")).toBe("Ann is already at this table.");
    const long = refused(422, "name", "a name has 1 to 24 characters and no ':'",
                         "een naam heeft 1 tot 24 tekens en geen ':'");
    expect(refusalText(long, "nl")).toBe("Een naam heeft 1 tot 24 tekens en geen ':'.");
  });

  it("keeps \"Something went wrong\" for a failure: the server's own trouble, no answer", () => {
    const store = refused(503, "store", "the server cannot store anything just now", "de server kan nu even niets opslaan");
    expect(refusalText(store, "nl")).toBe("Er ging iets mis: de server kan nu even niets opslaan");
    expect(refusalText(new ApiFailure(null, "422"), "en")).toBe("Something went wrong: Error: 422");
    expect(refusalText(new TypeError("Failed to fetch"), "en")).toMatch(/^Something went wrong: /);
  });

  it("ends a sentence once", () => {
    expect(capital("klaar!")).toBe("Klaar!");
    expect(capital("klaar")).toBe("Klaar.");
  });

  it("lets the name field take as many characters as the server allows (server/names.py)", () => {
    expect(`${NAME_MOST}`).toBe(/^MOST = (\d+)/m.exec(names)?.[1]);
  });
});

describe("a request without an answer", () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it("is said in the person's words, not the browser's \"TypeError: Failed to fetch\"", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const exc: unknown = await join("r", "t", "Ann").catch((e: unknown) => e);
    expect(refusalText(exc, "nl")).toBe(
      "Er ging iets mis: de server antwoordt niet: kijk of je verbinding hebt en probeer het opnieuw");
    expect(refusalText(exc, "en")).not.toContain("TypeError");
  });
});
