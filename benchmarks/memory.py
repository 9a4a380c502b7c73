"""The memory of one process holding many tables, as a server would.

    python benchmarks/memory.py [--tables 200] [--rule-sets 20] [--trace]

Builds ``--tables`` tables over ``--rule-sets`` house-rule sets (the presets, then
house-rules files that change one key of one), 2-4 players each, and plays every table to
the middle of its first round through ``Table`` (as the server plays): a person (uniform
random legal moves) and computer players of levels 1-3. All the tables stay in memory
together, with their events, records and players. The report gives the process's resident
memory (RSS) before and after, what the engine's process-wide caches hold against their
budget (``jokeren.support.memo``), and with ``--trace`` what ``tracemalloc`` counts (slower: it
traces every allocation). A measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

try:  # the installed package (compiled by `pip install .`); else the tree beside this file
    import jokeren  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from run import deep_size  # benchmarks/run.py, beside this file

from jokeren import compiled
from jokeren.engine import core as engine
from jokeren.engine.state import Phase
from jokeren.play.table import Seat, Table
from jokeren.rules.house import PRESETS, Rules
from jokeren.support import memo

BUILD = ("compiled with mypyc" if compiled() else "pure Python") + \
    f" ({Path(engine.__file__ or '?').parent})"
NAMES = ["Ann", "Bob", "Cas", "Dirk"]
LEVELS = ("level1", "level2", "level3")
# house-rules files that change one key of a preset, as clubs and families write them
HOUSE_RULES: tuple[dict[str, Any], ...] = (
    {"preset": "amerikaans", "joker_gap": 0},
    {"preset": "amerikaans", "set_max": None},
    {"preset": "amerikaans", "ace_high": False},
    {"preset": "amerikaans", "penalty": {"A": 11}},
    {"preset": "jokeren", "set_distinct_suits": True},
    {"preset": "jokeren", "joker_gap": 0},
    {"preset": "jokeren-30", "discard_joker": False},
    {"preset": "jokeren-13", "take_discard": "if-used"},
    {"preset": "jokeren-7", "ace_high": False},
    {"preset": "amerikaans-40", "set_max": None},
    {"preset": "turbo", "joker_in_first_meld": False},
    {"preset": "jokeren-30", "joker_gap": 0},
    {"preset": "jokeren", "set_max": None},
)


def rule_sets(n: int) -> list[Rules]:
    """``n`` distinct rule sets: the presets first, then the house-rules files above."""
    found: list[Rules] = []
    for obj in (*PRESETS, *HOUSE_RULES):
        try:
            rules = Rules.load(obj)
        except ValueError:  # a key this version does not know: skip it
            continue
        if all(repr(rules) != repr(r) for r in found):
            found.append(rules)
        if len(found) == n:
            return found
    raise SystemExit(f"only {len(found)} distinct rule sets here; ask for fewer")


def mid_round(table: Table, rng: random.Random) -> int:
    """Play ``table`` to the middle of its first round: every seat takes about six turns,
    or the round ends first. Returns the decisions taken."""
    decisions = 0
    while table.state.turns_done < 6 * len(table.seats) and table.phase not in (
            Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = table.to_act
        assert seat is not None
        if table.seats[seat].person:
            legal = table.legal()
            table.act(seat, legal[rng.randrange(len(legal))], table.version)
        else:
            table.play_bot(deal=False)
        decisions += 1
    return decisions


def rss_kb() -> int:
    """The resident memory of this process now (Linux), in KB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables held at once")
    parser.add_argument("--rule-sets", type=int, default=20, help="distinct house-rule sets")
    parser.add_argument("--trace", action="store_true", help="also count with tracemalloc")
    args = parser.parse_args()
    if args.tables < 1 or args.rule_sets < 1:
        parser.error("--tables and --rule-sets must be at least 1")
    sets = rule_sets(args.rule_sets)
    gc.collect()
    before = rss_kb()
    if args.trace:
        tracemalloc.start()
    rng = random.Random(1)
    tables: list[Table] = []
    decisions = 0
    start = time.perf_counter()
    for i in range(args.tables):
        rules = sets[i % len(sets)]
        lo, hi = rules.players
        n = max(lo, min(hi, 2 + i % 3))
        seats = [Seat(NAMES[0])] + [Seat(NAMES[k], LEVELS[(i + k) % len(LEVELS)])
                                    for k in range(1, n)]
        table = Table(rules, seats, seed=i)
        decisions += mid_round(table, rng)
        tables.append(table)
    took = time.perf_counter() - start
    gc.collect()
    after = rss_kb()
    traced = tracemalloc.get_traced_memory() if args.trace else None
    print(f"jokeren: {BUILD}")
    print(f"{len(tables)} tables over {len(sets)} rule sets, {decisions:,} decisions in "
          f"{took:.1f} s")
    peak = max(after, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    print(f"RSS: {before / 1024:.1f} MB before the tables, {after / 1024:.1f} MB with them "
          f"(+{(after - before) / 1024:.1f} MB), peak {peak / 1024:.1f} MB")
    if traced is not None:
        print(f"tracemalloc: {traced[0] / 2**20:.1f} MB held, peak {traced[1] / 2**20:.1f} MB")
    print(f"engine caches (budget in entries, memo.BUDGET): {len(memo.CACHES)}")
    for cache in memo.CACHES:
        # what another cache holds is counted there (the rule sets' memo tables)
        others = [c.contents() for c in memo.CACHES if c is not cache]
        skip = (*others, *(v for o in others if isinstance(o, dict) for v in o.values()))
        size = deep_size(cache.contents(), skip=skip)
        print(f"  {cache.name:15} {cache.entries():>7,} of {memo.BUDGET[cache.name]:>7,} "
              f"entries  {size / 2**20:6.1f} MB")
    held = deep_size([c.contents() for c in memo.CACHES])
    print(f"  in all {held / 2**20:.1f} MB")
    shared = tuple({id(r): r for r in sets}.values())  # a rule set is shared, as loaded
    whole = deep_size(tables, skip=shared)
    states = deep_size([t.state for t in tables], skip=shared)
    bots = deep_size([t.player(k) for t in tables for k, s in enumerate(t.seats)
                      if not s.person], skip=shared)
    each = len(tables)
    print(f"tables: {whole / 2**20:.1f} MB, {whole // each:,} bytes a table, of which the "
          f"state {states // each:,} and the computer players {bots // each:,} (the rest: "
          f"events, record, actions)")

if __name__ == "__main__":
    main()
