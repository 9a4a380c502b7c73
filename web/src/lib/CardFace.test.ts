import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import CardFace from "./CardFace.svelte";

// each <text> of the card: where it is drawn and what it says
const texts = (html: string): { x: number; y: number; words: string }[] =>
  [...html.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map(([, attrs, words]) => ({
    x: Number(/\bx="([\d.]+)"/.exec(attrs ?? "")?.[1]), y: Number(/\by="([\d.]+)"/.exec(attrs ?? "")?.[1]),
    words: (words ?? "").trim(),
  }));

describe("a card", () => {
  it("shows what a joker stands for in its top-left corner, under the ★, which an overlapping card leaves visible", () => {
    const drawn = texts(render(CardFace, { props: { card: "*Ks", lang: "nl" } }).body);
    const stands = drawn.find((d) => d.words === "H♠");
    expect(stands).toBeDefined();
    // cards in a combination overlap by 14 of 34 px (18 of 46): the left 35 of the 60 units stay visible
    expect(stands!.x).toBeLessThan(12);
    expect(stands!.y).toBeLessThan(40);
    const star = drawn.find((d) => d.words === "★" && d.y < 30);
    expect(star!.y).toBeLessThan(stands!.y);
  });

  it("shows a joker standing for nothing yet without a card", () => {
    const drawn = texts(render(CardFace, { props: { card: "*", lang: "en" } }).body);
    expect(drawn.map((d) => d.words).filter((w) => /[♠♥♦♣]/.test(w))).toEqual([]);
  });
});
