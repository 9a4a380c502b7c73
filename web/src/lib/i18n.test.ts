import { describe, expect, it } from "vitest";
import catalogue from "../../../src/jokeren/words/messages.json";
import { preferredLang, t } from "./i18n";

describe("language", () => {
  it("prefers Dutch when the browser does, in the order it gives", () => {
    expect(preferredLang(["nl-BE", "en"])).toBe("nl");
    expect(preferredLang(["en-GB", "nl"])).toBe("en");
    expect(preferredLang(["fr", "nl-NL"])).toBe("nl");
    expect(preferredLang(["de"])).toBe("en");
    expect(preferredLang([])).toBe("en");
  });
});

describe("catalogue", () => {
  it("gives every message in Dutch and English", () => {
    for (const [key, entry] of Object.entries(catalogue as Record<string, Record<string, unknown>>)) {
      expect(entry.en, key).toBeTruthy();
      expect(entry.nl, key).toBeTruthy();
    }
  });

  it("fills in fields and leaves unknown ones visible", () => {
    expect(t("round", "nl")).toBe("Ronde");
    expect(t("pot", "en", { cents: 12, name: "Ann" })).toBe("Pot: €0.12, won by Ann");
    expect(t("pot", "nl", { cents: 561, name: "Ann" })).toBe("Pot: € 5,61, gewonnen door Ann");
    expect(t("no-such-key", "nl")).toBe("no-such-key");
  });

  it("chooses the plural form by the field n, as Babel does in Python", () => {
    expect(t("tui_cards", "nl", { n: 1 })).toBe("1 kaart");
    expect(t("tui_cards", "nl", { n: 0 })).toBe("0 kaarten");
    expect(t("tui_cards", "en", { n: 3 })).toBe("3 cards");
  });
});
