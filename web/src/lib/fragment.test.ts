import { describe, expect, it } from "vitest";
import { type Page, takeFragment } from "./fragment";

const TOKEN = "Zq3_x-9AbCdEfGhIjKlMnOpQrStUvWxY0123456789ab";

const page = (pathname: string, hash: string): Page & { bar: string; replaced: number } => {
  const p = {
    bar: `${pathname}${hash}`, replaced: 0,
    location: { hash, pathname, search: "" },
    history: {
      state: null,
      replaceState: (_s: unknown, _u: string, url: string) => { p.bar = url; p.replaced += 1; p.location.hash = ""; },
    },
  };
  return p;
};

describe("the fragment a page was opened with", () => {
  it("on a table page (a seat's link) leaves the address bar at once, kept for the page", () => {
    const p = page("/table/4f2a9c", `#seat=2&token=${TOKEN}`);
    expect(takeFragment(p)).toBe(`#seat=2&token=${TOKEN}`);
    expect(p.bar).toBe("/table/4f2a9c");
    const cut = page("/table/4f2a9c", "#seat=2&token=short"); // whatever it is
    expect(takeFragment(cut)).toBe("#seat=2&token=short");
    expect(cut.bar).toBe("/table/4f2a9c");
  });

  it("stays in the bar of any other page, whose link it is (a reload opens it again)", () => {
    for (const path of ["/watch/4f2a9c", "/join/4f2a9c", "/replay/4f2a9c", "/club/c1"]) {
      const p = page(path, `#${TOKEN}`);
      expect(takeFragment(p)).toBe(`#${TOKEN}`);
      expect(p.replaced, path).toBe(0);
    }
  });

  it("leaves a page without a fragment alone", () => {
    const p = page("/table/4f2a9c", "");
    expect(takeFragment(p)).toBe("");
    expect(p.replaced).toBe(0);
  });
});
