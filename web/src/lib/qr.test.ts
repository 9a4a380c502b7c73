import qrcode from "qrcode-generator";
import { describe, expect, it } from "vitest";
import { QR_MODULE, QR_QUIET, qrDataUrl } from "./qr";

/** The dark modules an SVG from ``qrDataUrl`` draws: each a ``M x,y`` square of one module,
 * in the SVG's units; the quiet zone included. */
function drawn(url: string): boolean[][] {
  const svg = decodeURIComponent(url.replace(/^data:image\/svg\+xml,/, ""));
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]) / QR_MODULE;
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const [, x, y] of svg.matchAll(/M(\d+),(\d+)l/g)) grid[Number(y) / QR_MODULE]![Number(x) / QR_MODULE] = true;
  return grid;
}

function finder(grid: boolean[][], top: number, left: number): boolean {
  // the 7x7 finder pattern: a dark ring, a light ring, a dark 3x3 centre
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (grid[top + r]![left + c] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe("the invite's QR code", () => {
  const link = "http://192.168.1.20:8000/join/0123456789abcdef#" + "x".repeat(43);

  it("draws the link's modules inside a light quiet zone, the finders in three corners", () => {
    const grid = drawn(qrDataUrl(link));
    const want = qrcode(0, "M");
    want.addData(link, "Byte");
    want.make();
    const n = want.getModuleCount();
    expect(grid.length).toBe(n + 2 * QR_QUIET);
    for (let r = 0; r < grid.length; r++) {
      for (let c = 0; c < grid.length; c++) {
        const inside = r >= QR_QUIET && c >= QR_QUIET && r < QR_QUIET + n && c < QR_QUIET + n;
        expect(grid[r]![c]).toBe(inside && want.isDark(r - QR_QUIET, c - QR_QUIET));
      }
    }
    expect(finder(grid, QR_QUIET, QR_QUIET)).toBe(true);
    expect(finder(grid, QR_QUIET, QR_QUIET + n - 7)).toBe(true);
    expect(finder(grid, QR_QUIET + n - 7, QR_QUIET)).toBe(true);
    expect(finder(grid, QR_QUIET + n - 7, QR_QUIET + n - 7)).toBe(false);
  });

  it("is the smallest version with error correction M that holds the link", () => {
    // 90 bytes: version 5 holds 84 at M, version 6 holds 106
    expect(drawn(qrDataUrl(link)).length).toBe(4 * 6 + 17 + 2 * QR_QUIET);
  });

  it("encodes a link's ASCII form: a house network's name in punycode", () => {
    const a = drawn(qrDataUrl("http://spelkamer.thuis/join/ab#cd"));
    expect(drawn(qrDataUrl("http://SPELKAMER.thuis/join/ab#cd"))).toEqual(a);
    expect(drawn(qrDataUrl("http://kaartclub-zoë.nl/join/ab#cd")))
      .toEqual(drawn(qrDataUrl("http://xn--kaartclub-zo-dfb.nl/join/ab#cd")));
  });
});
