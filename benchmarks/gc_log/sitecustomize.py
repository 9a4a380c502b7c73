"""Every garbage collection of a `jokeren serve` process, for the load benchmark.

Put this directory on PYTHONPATH and name a file in GCLOG:

    GCLOG=/tmp/gc.log PYTHONPATH=benchmarks/gc_log python benchmarks/server_load.py ...

Python imports ``sitecustomize`` at start; in a process run with ``serve`` among its
arguments this one appends to ``gc.callbacks`` and writes to GCLOG each collection of at
least GCLOG_MS milliseconds (5 unless set: seconds since the start, generation, wall
milliseconds, objects freed) and, every 30 s, each generation's count, total and longest
pause and the frozen objects' count. Anywhere else (the clients, the echo, any other
Python) it does nothing. docs/server-load.md, "Pauses", quotes what it wrote."""

import os
import sys

if "serve" in sys.argv and os.environ.get("GCLOG"):
    import gc
    import time

    _out = open(os.environ["GCLOG"], "a", buffering=1)  # noqa: SIM115 - the process's life
    _least = float(os.environ.get("GCLOG_MS", "5"))
    _began = time.monotonic()
    _start = [0.0]
    _totals: dict[int, tuple[int, float, float]] = {}
    _told = [_began]

    def _timed(phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter()
        if phase == "start":
            _start[0] = now
            return
        ms, generation = (now - _start[0]) * 1000, info["generation"]
        n, total, most = _totals.get(generation, (0, 0.0, 0.0))
        _totals[generation] = (n + 1, total + ms, max(most, ms))
        at = time.monotonic()
        if ms >= _least:
            _out.write(f"{at - _began:.1f} gen{generation} {ms:.1f}ms "
                       f"collected={info['collected']}\n")
        if at - _told[0] > 30:
            _told[0] = at
            _out.write(f"{at - _began:.1f} agg " + " ".join(
                f"gen{g}: n={n} total={t:.0f}ms max={m:.1f}"
                for g, (n, t, m) in sorted(_totals.items()))
                + f" frozen={gc.get_freeze_count()}\n")
            _totals.clear()

    gc.callbacks.append(_timed)
