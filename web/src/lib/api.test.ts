import { afterEach, describe, expect, it, vi } from "vitest";
import names from "../../../src/jokeren/server/names.py?raw";
import { ApiFailure, capital, fetchRecord, getWith, join, keptName, NAME_MOST, refusalText, request, roomInfo } from "./api";
import { replayRecord } from "./replay";

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

describe("a request without an answer, on every page", () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  const noAnswer = "Er ging iets mis: de server antwoordt niet: kijk of je verbinding hebt en probeer het opnieuw";

  it("says so when reading the room, its record or a replay, as a POST does", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const said = async (asked: Promise<unknown>): Promise<string> =>
      refusalText(await asked.catch((e: unknown) => e), "nl");
    expect(await said(roomInfo("r", "t"))).toBe(noAnswer);
    expect(await said(fetchRecord("r", "t"))).toBe(noAnswer);
    expect(await said(getWith("/api/rooms/r/matches", "t"))).toBe(noAnswer);
    expect(await said(replayRecord("{}"))).toBe(noAnswer);
    expect(await said(request("/api/score/penalty"))).toBe(noAnswer);
  });

  it("still sends the token in a header, never in the URL", async () => {
    const asked: [string, RequestInit | undefined][] = [];
    vi.stubGlobal("fetch", (path: string, init?: RequestInit) => {
      asked.push([path, init]);
      return Promise.resolve(new Response("{}"));
    });
    await getWith("/api/rooms/r", "secret");
    expect(asked).toEqual([["/api/rooms/r", { headers: { authorization: "Bearer secret" } }]]);
  });
});

describe("what a page says of a refusal read from the server", () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it("says the server's 4xx sentence on its own, begun with a capital and ended with a full stop", async () => {
    const body = { key: "record", text: { en: "this is not a game record that can be replayed: the record has no 'rules'",
                                          nl: "dit is geen verslag dat teruggekeken kan worden: het verslag mist 'rules'" } };
    vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(body), { status: 422 })));
    const exc: unknown = await replayRecord("{}").catch((e: unknown) => e);
    expect(refusalText(exc, "en")).toBe("This is not a game record that can be replayed: the record has no 'rules'.");
  });
});

describe("the name a page starts with", () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  const kept = (name: string | null): void => {
    vi.stubGlobal("localStorage", { getItem: () => name });
  };

  it("is the name kept, cut to what the server takes (one kept when the field took 64)", () => {
    kept("Grootmoeder van de hele familie Jansen");
    expect(keptName()).toBe("Grootmoeder van de hele ");
    expect(keptName()).toHaveLength(NAME_MOST);
    kept("Oma");
    expect(keptName()).toBe("Oma");
    kept(null);
    expect(keptName()).toBe("");
  });

  it("never cuts a character in two", () => {
    kept(`${"a".repeat(23)}🃏🃏`);
    expect(keptName()).toBe(`${"a".repeat(23)}🃏`);
  });
});
