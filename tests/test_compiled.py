"""The suite tests what ships: the installed, compiled package (``hatch_build.py``, mypyc),
and the compiled package plays exactly as the sources do.

The README's test command installs the project as users do (``pip install ".[test]"``, a
compiled wheel where a C compiler is present) and the suite imports that. Engineers test
their sources on purpose with ``PYTHONPATH=src JOKEREN_TEST_PURE=1`` (docs/development.md);
``.ci/run`` tests the pure wheel (``JOKEREN_PURE=1``, the fallback without a compiler) the
same way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import jokeren

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "compiled_play.py"
PURE = os.environ.get("JOKEREN_TEST_PURE") == "1"
TREE = Path(jokeren.__file__).resolve().parents[1]  # where the jokeren under test lies


def c_compiler() -> str | None:
    """The C compiler a wheel build would use here, if there is one."""
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


def test_the_package_under_test_is_what_ships() -> None:
    """Installed from a wheel (its dist-info beside it: not the sources, not an editable
    install), and compiled wherever a C compiler could compile it; or, asked for with
    JOKEREN_TEST_PURE=1, the pure Python."""
    state = "compiled" if jokeren.compiled() else "pure Python"
    if PURE:
        assert not jokeren.compiled(), (
            f"JOKEREN_TEST_PURE=1 asks to test pure Python, but {TREE} is compiled: put the "
            "sources first (PYTHONPATH=src) or unset JOKEREN_TEST_PURE")
        return
    assert list(TREE.glob("jokeren-*.dist-info")), (
        f"the jokeren under test ({TREE}, {state}) is not an installed wheel: install it as "
        "users do, pip install -c constraints.txt '.[test]' (not -e), or test the sources "
        "knowingly with PYTHONPATH=src JOKEREN_TEST_PURE=1 (docs/development.md)")
    compiler = c_compiler()
    assert jokeren.compiled() or compiler is None, (
        f"the jokeren under test ({TREE}) is pure Python though a C compiler ({compiler}) is "
        "here: the build fell back (see pip install -v's warning) or it was built with "
        "JOKEREN_PURE=1; set JOKEREN_TEST_PURE=1 to test a pure wheel knowingly")


def _play(pythonpath: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    done = subprocess.run([sys.executable, str(SCRIPT)], env=env, cwd=ROOT / "tests",
                          text=True, capture_output=True, check=True)
    return done.stdout.split()


@pytest.mark.slow
def test_the_package_under_test_plays_exactly_as_the_sources() -> None:
    """Fixed matches of every preset and of the computer players (tests/compiled_play.py),
    in the package under test and in the sources: the same records. Against the compiled
    package this is the check that mypyc changed nothing."""
    under_test = _play(TREE)
    sources = _play(ROOT / "src")
    assert under_test[1] == ("compiled" if jokeren.compiled() else "pure")
    assert sources[1] == "pure"
    assert under_test[0] == sources[0]
