import { describe, expect, it } from "vitest";
import { editorKind, houseRules, type Preset, readValue } from "./rules";

const preset: Preset = {
  preset: "jokeren-13",
  description: { en: "", nl: "" },
  rules: { preset: "jokeren-13", hand_size: 13, discard_joker: true, schedule: ["run 3", "set 3"] },
};

describe("house rules", () => {
  it("sends only the keys that differ from the preset", () => {
    expect(houseRules(preset, { ...preset.rules })).toBe("jokeren-13");
    expect(houseRules(preset, { ...preset.rules, discard_joker: false, schedule: ["all"] }))
      .toEqual({ preset: "jokeren-13", discard_joker: false, schedule: ["all"] });
  });

  it("edits each key by its kind and refuses what is not a value", () => {
    expect(editorKind(true)).toBe("bool");
    expect(editorKind(13)).toBe("number");
    expect(editorKind("if-used")).toBe("text");
    expect(editorKind(["set 3"])).toBe("json");
    expect(editorKind(null)).toBe("json");
    expect(readValue("number", "7")).toEqual({ value: 7 });
    expect(readValue("number", "")).toBeNull();
    expect(readValue("json", '{"A": 11}')).toEqual({ value: { A: 11 } });
    expect(readValue("json", "{A: 11")).toBeNull();
  });
});
