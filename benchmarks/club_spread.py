"""How well the club draw spreads the meetings, against a plain draw by lot (docs/club.md).

    python benchmarks/club_spread.py [--seeds 20] [--pictures docs/screenshots]

For 12, 24 and 40 players over 7 rounds: the different opponents each player meets, the
meetings beyond a pair's first, the pairs that meet more than once, the most one pair
meets; the mean over the seeds, for the optimiser and for shuffling and dealing out. With
--pictures: a competition form and the standings of a made-up evening of 12 (pdf rendered
by pdftoppm), the spread picture of a made-up season of three such evenings, and the
histogram of pair meetings for 24 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from jokeren.club.clubgrids import round_grids, seating_grids, standings_grid
from jokeren.club.evening import Evening, Form, draw_next, enter_form, new_evening
from jokeren.club.seating import Meetings, draw_evening, spread_of
from jokeren.club.stats import write_plots
from jokeren.score.pdf import write_pdf


def measure(seeds: int) -> None:
    print("| players | draw | opponents (mean / min; best) | extra meetings (best) | "
          "pairs twice+ | most one pair meets (bound) | tables of 3 a player | s per evening |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (7, 12, 13, 24, 40):
        for spread in (True, False):
            t0 = time.perf_counter()
            found = [spread_of(n, draw_evening(n, 7, seed, spread)) for seed in range(seeds)]
            took = (time.perf_counter() - t0) / seeds
            best = found[0]
            print(f"| {n} | {'spread' if spread else 'plain'} | "
                  f"{statistics.mean(f.opponents_mean for f in found):.1f} / "
                  f"{statistics.mean(f.opponents_min for f in found):.1f}; "
                  f"{best.opponents_best} | "
                  f"{statistics.mean(f.extra_meetings for f in found):.1f} "
                  f"({best.extra_best}) | "
                  f"{statistics.mean(f.pairs_twice for f in found):.1f} | "
                  f"{statistics.mean(f.most_met for f in found):.1f} "
                  f"(max {max(f.most_met for f in found)}; {best.most_best}) | "
                  f"{min(f.threes_least for f in found)}-{max(f.threes_most for f in found)} | "
                  f"{took:.2f} |")


def made_up_evening(day: int = 2, seed: int = 12) -> Evening:
    rng = random.Random(2026 + seed)
    names = ["Ans", "Bert", "Corrie", "Dirk", "Els", "Frans", "Gerda", "Henk", "Ineke",
             "Jan", "Kees", "Loes", "Mien"]
    ev = new_evening(names, rounds=7, seed=seed, title="Clubavond",
                     date=f"2026-12-{day:02}")
    for r in range(1, 8):
        ev = draw_next(ev)
        for k, seats in enumerate(ev.draws[-1], 1):
            games = []
            for _game in range(4):
                points = [rng.choice([rng.randint(3, 40), rng.randint(20, 120)])
                          for _ in seats]
                points[rng.randrange(len(seats))] = 0
                games.append(tuple(points))
            ev = enter_form(ev, r, k, Form(tuple(games)))
    return ev


def pictures(folder: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    ev = made_up_evening()
    blank = replace(ev, forms=tuple((None,) * len(tables) for tables in ev.draws))
    with tempfile.TemporaryDirectory() as tmp:
        for name, grids, options, dpi in (
                ("club-form", round_grids(blank, 1, "nl"), {"per_page": 2, "portrait": True},
                 "50"),
                ("club-seating", seating_grids(ev, "nl", 1), {"big": True}, "40"),
                ("club-standings", [standings_grid(ev, "nl")], {}, "60")):
            pdf = Path(tmp) / f"{name}.pdf"
            write_pdf(pdf, grids, True, **options)
            subprocess.run(["pdftoppm", "-r", dpi, "-png", "-singlefile", str(pdf),
                            str(folder / name)], check=True)
        paths = write_plots([made_up_evening(d, d + 10) for d in (2, 9, 16)], Path(tmp), "nl")
        (folder / "club-season-spread.png").write_bytes(paths[2].read_bytes())
    fig, ax = plt.subplots(figsize=(7, 3.5), dpi=90)
    for spread, colour in ((False, "#bbbbbb"), (True, "#2e7d32")):
        m = Meetings.of(24, draw_evening(24, 7, 1, spread))
        counts = [m.met[i][j] for i in range(24) for j in range(i + 1, 24)]
        ax.hist(counts, bins=[x - 0.5 for x in range(7)], alpha=0.7, color=colour,
                label="spread" if spread else "plain")
    ax.set_xlabel("times a pair met (24 players, 7 rounds)")
    ax.set_ylabel("pairs")
    ax.legend()
    fig.tight_layout()
    fig.savefig(folder / "club-meetings.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--pictures", type=Path)
    args = parser.parse_args()
    measure(args.seeds)
    if args.pictures:
        pictures(args.pictures)


if __name__ == "__main__":
    main()
