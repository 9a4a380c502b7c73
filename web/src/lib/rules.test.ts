import { beforeEach, describe, expect, it } from "vitest";
import { setCatalogue } from "./i18n";
import {
  type Check, choiceWords, differs, firstOf, grouped, houseRules, type KeySpec, moveRound, type Preset,
  problemsOf, readNumber, readRound, removeRound, roundOfKind, roundText, roundWords, slug, startFrom, syncRounds,
} from "./rules";
import catalogue from "../../../src/jokeren/words/messages.json";

const preset: Preset = {
  preset: "jokeren-13",
  description: { en: "", nl: "" },
  rules: { preset: "jokeren-13", packs: "by-players", hand_size: 13, discard_joker: true,
    schedule: ["run 3", "set 3"], rounds: 2, penalty: { A: 11, "*": 25 }, buying: null },
};
const spec = (over: Partial<KeySpec>): KeySpec => ({
  key: "packs", group: "dealing", kind: "int", min: 1, max: 4, nullable: false, choices: [], fields: [], ...over,
});

beforeEach(() => setCatalogue(catalogue));

describe("house rules", () => {
  it("sends only the keys that differ from the preset, numbers as numbers", () => {
    expect(houseRules(preset, { ...preset.rules })).toBe("jokeren-13");
    expect(houseRules(preset, { ...preset.rules, discard_joker: false, schedule: ["all"] }))
      .toEqual({ preset: "jokeren-13", discard_joker: false, schedule: ["all"] });
    expect(houseRules(preset, { ...preset.rules, packs: 1 })).toEqual({ preset: "jokeren-13", packs: 1 });
    expect(differs(preset, { ...preset.rules, packs: 1 }, "packs")).toBe(true);
    expect(differs(preset, { ...preset.rules, packs: 1 }, "hand_size")).toBe(false);
  });

  it("starts from a saved rule set over its preset, never sharing the preset's values", () => {
    const edited = startFrom(preset, { preset: "jokeren-13", packs: 1, penalty: { A: 15 }, no_such: 3 });
    expect(edited.packs).toBe(1);
    expect(edited.penalty).toEqual({ A: 15, "*": 25 });
    expect("no_such" in edited).toBe(false);
    (edited.schedule as string[]).push("all");
    expect(preset.rules.schedule).toEqual(["run 3", "set 3"]);
    expect(startFrom(preset, "jokeren-13")).toEqual(preset.rules);
  });

  it("reads a whole number within the key's range only", () => {
    expect(readNumber("1", 1, 4)).toBe(1);
    expect(readNumber(" 4 ", 1, 4)).toBe(4);
    expect(readNumber("5", 1, 4)).toBeNull();
    expect(readNumber("0", 1, 4)).toBeNull();
    expect(readNumber("2.5", 1, 4)).toBeNull();
    expect(readNumber("", 1, 4)).toBeNull();
    expect(readNumber("250", 1, null)).toBe(250);
  });

  it("groups the keys in the server's order and leaves out empty groups", () => {
    const keys = { groups: ["dealing", "jokers", "money"],
      keys: [spec({ key: "packs" }), spec({ key: "money", group: "money" }), spec({ key: "jokers" })] };
    expect(grouped(keys).map((g) => [g.group, g.keys.map((k) => k.key)]))
      .toEqual([["dealing", ["packs", "jokers"]], ["money", ["money"]]]);
  });

  it("shows a problem beside each key it concerns", () => {
    const check: Check = { ok: true, error: null, rules: null, contradictions: [
      { en: "the packs do not hold 13 cards for 9 players", nl: "", keys: ["packs", "players"] },
      { en: "round 1 asks for a set of 5", nl: "", keys: ["schedule", "set_max"] }] };
    expect(problemsOf(check, "packs").map((p) => p.en)).toEqual(["the packs do not hold 13 cards for 9 players"]);
    expect(problemsOf(check, "set_max")).toHaveLength(1);
    expect(problemsOf(check, "hand_size")).toEqual([]);
    expect(problemsOf({ ...check, ok: false, error: { en: "bad", nl: "", keys: ["rounds"] } }, "rounds")
      .map((p) => p.en)).toEqual(["bad"]);
    expect(problemsOf(null, "packs")).toEqual([]);
  });

  it("takes a number or a value from the presets when a key is switched to one", () => {
    const presets = [preset, { ...preset, rules: { ...preset.rules, packs: 3, buying: { extra: 1, min_players: 3 } } }];
    expect(firstOf(presets, spec({ key: "packs" }), "number")).toBe(3);
    expect(firstOf(presets, spec({ key: "max_turns", min: 1 }), "number")).toBe(1);
    expect(firstOf(presets, spec({ key: "buying" }), "object")).toEqual({ extra: 1, min_players: 3 });
    expect(firstOf([preset], spec({ key: "money", fields: [{ name: "per_buy", min: 0, max: null }] }), "object"))
      .toEqual({ per_buy: 0 });
  });

  it("words every value from the catalogue, in both languages", () => {
    expect(slug("3+")).toBe("3plus");
    expect(slug("by-players")).toBe("by_players");
    expect(slug(null)).toBe("null");
    expect(choiceWords("upcard", "3+", "nl")).toBe("alleen bij 3 of meer spelers");
    expect(choiceWords("packs", "by-players", "en")).toMatch(/number of players/);
    expect(choiceWords("set_max", null, "nl")).toBe("elke grootte");
  });
});

describe("the round schedule", () => {
  it("reads and writes every requirement of the notation", () => {
    for (const text of ["set 3", "run 4", "set 3 | run 3", "set 3 + run 3", "points 40", "all", "none"]) {
      expect(roundText(readRound(text))).toBe(text);
    }
    expect(readRound("  Set  3 |run 3 ")).toEqual({ kind: "melds", alternatives: [
      [{ kind: "set", size: 3 }], [{ kind: "run", size: 3 }]] });
    expect(readRound("points 40")).toEqual({ kind: "points", points: 40 });
  });

  it("says a round in words, Dutch and English", () => {
    expect(roundWords(readRound("set 3 | run 3"), "nl")).toBe("drie dezelfde of een rij van drie");
    expect(roundWords(readRound("set 3 + run 4"), "en")).toBe("a set of three and a run of four");
    expect(roundWords(readRound("points 40"), "nl")).toBe("minstens 40 punten");
    expect(roundWords(readRound("all"), "en")).toBe("all at once");
    expect(roundWords(readRound("none"), "nl")).toBe("geen eis");
  });

  it("adds, removes and reorders rounds, keeping at least one", () => {
    const list = ["set 3", "run 3", "all"];
    expect(moveRound(list, 2, -1)).toEqual(["set 3", "all", "run 3"]);
    expect(moveRound(list, 0, 1)).toEqual(["run 3", "set 3", "all"]);
    expect(moveRound(list, 0, -1)).toEqual(list);
    expect(moveRound(list, 2, 1)).toEqual(list);
    expect(list).toEqual(["set 3", "run 3", "all"]);
    expect(removeRound(list, 1)).toEqual(["set 3", "all"]);
    expect(removeRound(["all"], 0)).toEqual(["all"]);
  });

  it("changes a round's kind, keeping what it can", () => {
    const melds = readRound("run 4");
    expect(roundOfKind("melds", melds, 3)).toBe(melds);
    expect(roundText(roundOfKind("points", melds, 3))).toBe("points 40");
    expect(roundText(roundOfKind("melds", readRound("all"), 3))).toBe("set 3");
    expect(roundText(roundOfKind("all", melds, 3))).toBe("all");
  });

  it("keeps a match that plays the schedule once doing so as rounds are added", () => {
    expect(syncRounds(2, 2, 3)).toBe(3);
    expect(syncRounds(6, 2, 3)).toBe(6);
    expect(syncRounds(null, 2, 3)).toBeNull();
  });
});
