"""Write the lock: ``constraints.txt`` and the pinned ``[build-system] requires``.

What a fresh machine installs is pinned in two places, both written here from
``pyproject.toml`` (docs/development.md, "The lock"):

- ``constraints.txt``: every package of the program, of the extras named in
  ``[tool.jokeren.lock] extras`` and of the build, pinned for Python 3.11 and later on every
  platform (uv's universal resolution). ``pip install -c constraints.txt ".[test]"`` uses it.
- ``[build-system] requires``: the build's packages (mypy, whose mypyc compiles the wheel,
  hatchling and what they need), pinned to the same versions. pip does not hand ``-c`` to
  the isolated environment it builds in, so the pins stand in the build's own list, where
  every pip (and uv, and ``python -m build``) reads them, lock or no lock.

The wishes (ranges) are in ``[project]``'s dependencies and extras and in
``[tool.jokeren.lock] build``; the pins are only ever written by this script, which keeps
the versions of the last lock unless asked: ``--upgrade`` (everything) or
``--upgrade-package NAME`` (one), passed on to ``uv pip compile``. Needs uv
(``pip install uv``); never downloads a Python (UV_PYTHON_DOWNLOADS=never).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "constraints.txt"
COMMAND = "python scripts/lock.py"
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;]+)\s*(?:;\s*(.+))?$")


def pins(text: str) -> list[tuple[str, str, str | None]]:
    """The (name, version, marker) of every pin in a requirements file's text."""
    found = []
    for line in text.splitlines():
        match = PIN.match(line.strip())
        if match:
            found.append((match[1].lower().replace("_", "-"), match[2], match[3]))
    return found


def build_requires(locked: str) -> list[str]:
    """The lines of ``[build-system] requires``: every pin of the build's own lock."""
    return [f"{name}=={version}" + (f"; {marker}" if marker else "")
            for name, version, marker in pins(locked)]


def write_build_requires(lines: list[str]) -> None:
    text = PYPROJECT.read_text(encoding="utf-8")
    body = "".join(f'    "{line}",\n' for line in lines)
    new, count = re.subn(r"(?ms)^(\[build-system\]\n(?:#[^\n]*\n)*requires = \[\n).*?^\]",
                         lambda m: m[1] + body + "]", text)
    if count != 1:
        raise SystemExit("pyproject.toml: no [build-system] requires = [ ... ] list to write")
    PYPROJECT.write_text(new, encoding="utf-8")


def compile_lock(uv: str, sources: list[Path], output: Path, extras: list[str],
                 more: list[str]) -> None:
    subprocess.run(
        [uv, "pip", "compile", "--quiet", "--universal", "--python-version", "3.11",
         "--custom-compile-command", COMMAND, *(f"--extra={e}" for e in extras),
         *map(str, sources), "-o", str(output), *more],
        check=True, cwd=ROOT, env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"})


def main(more: list[str]) -> None:
    uv = shutil.which("uv")
    if uv is None:
        raise SystemExit("scripts/lock.py needs uv: pip install uv")
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["jokeren"]["lock"]
    with tempfile.TemporaryDirectory() as tmp:
        build_in = Path(tmp) / "build.in"
        build_in.write_text("\n".join(config["build"]) + "\n", encoding="utf-8")
        # The whole lock first (the build with the rest: one version of each package) ...
        compile_lock(uv, [PYPROJECT, build_in], LOCK, config["extras"], more)
        LOCK.write_text(LOCK.read_text(encoding="utf-8").replace(
            f"-r {build_in}", "[tool.jokeren.lock] build"), encoding="utf-8")
        # ... then the build's own packages, each held to the version the lock has.
        build_out = Path(tmp) / "build.txt"
        compile_lock(uv, [build_in], build_out, [], ["--constraint", str(LOCK)])
        write_build_requires(build_requires(build_out.read_text(encoding="utf-8")))
    print(f"wrote {LOCK.name} ({len(pins(LOCK.read_text(encoding='utf-8')))} pins) and "
          "pyproject.toml's [build-system] requires")


if __name__ == "__main__":
    main(sys.argv[1:])
