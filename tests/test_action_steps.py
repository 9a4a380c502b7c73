"""benchmarks/action_steps.py runs: every step of an action's game part is timed and the
total is their sum (the figures come from the full run, docs/server-load.md; nothing here
is timed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "action_steps.py"


def test_each_step_is_timed_and_the_total_is_their_sum() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "1"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    played = int(lines[0].split()[0].replace(",", ""))
    assert played > 50, done.stdout
    figures = {line[:26].strip(): float(line[26:]) for line in lines[1:]}
    steps = [k for k in figures if k != "the game in all"]
    assert steps == ["notation (stored)", "Table.act", "4 views", "4 views' changes",
                     "moves of the seat to act", "4 events frames", "4 frames' JSON"]
    assert all(figures[k] > 0 for k in steps), done.stdout
    assert abs(sum(figures[k] for k in steps) - figures["the game in all"]) < 0.5, done.stdout


def test_a_bad_option_is_one_sentence() -> None:
    for option in (["--rules", "nope"], ["--seconds", "0"]):
        done = subprocess.run([sys.executable, str(SCRIPT), *option],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
        assert "error:" in done.stderr.splitlines()[-1]
