"""A compiled wheel (``hatch_build.py``, mypyc) plays exactly as the sources do."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "compiled_play.py"


def _env(**more: str) -> dict[str, str]:
    """This process's environment, less a request for a pure-Python build."""
    return {**{k: v for k, v in os.environ.items() if k != "JOKEREN_PURE"}, **more}


def _play(pythonpath: Path, cwd: Path) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT)], env=_env(PYTHONPATH=str(pythonpath)),
                          cwd=cwd, text=True, capture_output=True, check=True)
    return done.stdout.split()


@pytest.mark.slow
def test_a_compiled_wheel_plays_exactly_as_the_sources(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path / "wheel"), str(ROOT)], env=_env(), check=True)
    (wheel,) = (tmp_path / "wheel").glob("jokeren-*.whl")
    assert not wheel.name.endswith("-none-any.whl"), "the wheel was not compiled"
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    compiled = _play(site, tmp_path)
    pure = _play(ROOT / "src", tmp_path)
    assert (compiled[1], pure[1]) == ("compiled", "pure")
    assert compiled[0] == pure[0]
