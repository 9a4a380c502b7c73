import { describe, expect, it } from "vitest";
import { copyLink } from "./copy";

describe("copying a link (the invite's, a seat's for another device)", () => {
  it("puts the link on the clipboard", async () => {
    const written: string[] = [];
    let selected = 0;
    const clipboard = { writeText: async (text: string) => { written.push(text); } };
    expect(await copyLink("https://a.example/join/r#t", { select: () => { selected += 1; } }, clipboard)).toBe(true);
    expect([written, selected]).toEqual([["https://a.example/join/r#t"], 0]);
  });

  it("selects the link's field to copy by hand when there is no clipboard or it refuses", async () => {
    let selected = 0;
    const field = { select: () => { selected += 1; } };
    const refusing = { writeText: () => Promise.reject(new Error("not allowed")) };
    expect(await copyLink("l", field, refusing)).toBe(false);
    expect(await copyLink("l", field, undefined)).toBe(false);
    expect(selected).toBe(2);
    expect(await copyLink("l", null, undefined)).toBe(false); // no field yet: nothing thrown
  });
});
