"""The browser table's weight and speed (docs/benchmarks.md, "Browser table"): the
JavaScript and CSS the table loads (raw and gzip), and the time from the page request to
a playable hand (the hand drawn and the status line saying what to do), median and worst
of N fresh page loads against a real `jokeren serve` on loopback, with Debian's chromium.

Run: ``python benchmarks/web.py [--loads 15]``.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # e2e's helpers

from playwright.sync_api import sync_playwright
from serving import CHROMIUM, CHROMIUM_ARGS, running_server

ROOT = Path(__file__).resolve().parents[1]

BUILD = ROOT / "src" / "jokeren" / "web"


def weights() -> dict[str, tuple[int, int]]:
    """{kind: (bytes, gzip bytes)} of what index.html loads."""
    out: dict[str, tuple[int, int]] = {}
    for path in sorted((BUILD / "assets").iterdir()):
        data = path.read_bytes()
        kind = path.suffix.lstrip(".")
        raw, packed = out.get(kind, (0, 0))
        out[kind] = (raw + len(data), packed + len(gzip.compress(data, 9)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=15, help="page loads to time")
    args = parser.parse_args()
    for kind, (raw, packed) in weights().items():
        print(f"{kind}: {raw / 1024:.1f} KiB, {packed / 1024:.1f} KiB gzip")
    times = []
    with tempfile.TemporaryDirectory() as work, running_server(Path(work)) as base, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.loads + 1):
            context = browser.new_context(locale="nl-NL")
            page = context.new_page()
            start = time.perf_counter()
            page.goto(f"{base}/play")
            page.locator(".hand button").first.wait_for()
            page.locator(".status").wait_for()
            times.append((time.perf_counter() - start) * 1000)
            context.close()
        browser.close()
    times = times[1:]  # the first load warms the server's and the browser's caches
    print(f"page request to a playable hand, {len(times)} loads (room made by /play "
          f"included): median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms")


if __name__ == "__main__":
    main()
