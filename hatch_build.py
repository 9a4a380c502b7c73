"""Wheel build hook: compile the engine's hot modules with mypyc (docs/benchmarks.md).

Random play and the computer players spend their time listing moves and applying them; the
same typed modules compiled by mypyc (part of mypy, which already checks them) run them about
1.5x faster. What is compiled and what is not:

- a standard wheel (``pip install .``): the modules in ``COMPILED``, compiled in a temporary
  copy of the package, never beside the sources;
- an editable install (``pip install -e .``): nothing, so the sources an engineer edits are
  what runs;
- ``JOKEREN_PURE=1``, or a machine without a C compiler: a pure-Python wheel (the second with
  a warning).

The tests run on the installed wheel (the README's test command); ``tests/test_compiled.py``
checks that it is compiled and plays exactly as the sources do, and ``.ci/run`` tests a pure
wheel apart.

Left out: modules that would not work compiled as they are (``rules/house.py``: a mypyc internal
error; ``rules/requirements.py``: its frozen dataclass would not unpickle in the tournament's
worker processes, as ``engine/state.py``'s and ``rules/melds.py``'s would not without their
``__reduce__``; ``bots/random_player.py``:
players subclass it, and an interpreted class cannot inherit a compiled one), and those where
time is not spent (the command line, the terminal table, records, score sheets, the
tournament runner, the errors of ``rules/sentence.py``).

The split's one rule: a class of a module listed here is a native class, and no class
elsewhere (the package's other modules, the tests) may inherit from it unless it is marked
``@mypyc_attr(allow_interpreted_subclasses=True)``; Python lets such a class be written and
the installed wheel fails with a TypeError when it is made. ``tests/test_compiled_split.py``
checks the rule over the sources, and that every module named here exists.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = [
    "analysis/hands", "analysis/legal", "analysis/search", "bots/basic", "bots/determinise",
    "bots/heuristic", "bots/lookahead", "bots/race", "bots/strong", "engine/actions",
    "engine/checks", "engine/copies", "engine/core", "engine/dealing", "engine/errors",
    "engine/events", "engine/phase", "engine/rearrange", "engine/roundend", "engine/state",
    "engine/stock", "engine/usable", "engine/views", "engine/wire", "rules/cards", "rules/melds",
    "rules/patterns", "rules/reasons", "rules/scoring", "support/memo",
]
SUFFIXES = tuple(EXTENSION_SUFFIXES)  # what a compiled module's file name ends with here


def compile_package(package: Path, workdir: Path) -> dict[str, str]:
    """Compile ``COMPILED`` of a copy of ``package`` in ``workdir``; the built extension
    files, as {absolute path: path inside the wheel}. Raises CalledProcessError on failure."""
    shutil.copytree(package, workdir / "jokeren",
                    ignore=shutil.ignore_patterns("__pycache__", *(f"*{x}" for x in SUFFIXES)))
    modules = [f"jokeren/{m}.py" for m in COMPILED]
    # pip builds the wheel before it installs the package's dependencies, so on a new
    # machine the third-party modules the compiled ones reach (pydantic through
    # engine/wire_schema, babel through support/messages) may be missing; mypyc needs none
    # of their types (their objects stay Python objects), and without this flag it stopped
    # with "Cannot find implementation or library stub" and the wheel fell back to pure
    # Python
    subprocess.run([sys.executable, "-m", "mypyc", "--ignore-missing-imports", *modules],
                   cwd=workdir, check=True,
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    built = {}
    for path in workdir.rglob("*"):
        if path.name.endswith(SUFFIXES) and "build" not in path.relative_to(workdir).parts:
            built[str(path)] = path.relative_to(workdir).as_posix()
    return built


class MypycHook(BuildHookInterface):
    """Compiles the standard wheel; see the module docstring."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._workdir: str | None = None
        if self.target_name != "wheel" or version == "editable" or \
                os.environ.get("JOKEREN_PURE"):
            return
        self._workdir = tempfile.mkdtemp(prefix="jokeren-mypyc-")
        try:
            built = compile_package(Path(self.root) / "src" / "jokeren", Path(self._workdir))
        except (OSError, subprocess.CalledProcessError) as exc:
            output = getattr(exc, "stdout", b"") or b""
            self.app.display_warning(
                "jokeren: compiling with mypyc failed, building a pure-Python wheel "
                f"(slower, same play): {exc}\n{output.decode(errors='replace')[-2000:]}")
            return
        build_data["force_include"].update(built)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._workdir:
            shutil.rmtree(self._workdir, ignore_errors=True)
