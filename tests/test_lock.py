"""The lock stands: ``constraints.txt`` pins every package pyproject.toml asks for (the
program, the locked extras, the build), each within what pyproject asks, and the build's
own list is pinned to the same versions (scripts/lock.py writes both; docs/development.md).

A dependency added to pyproject.toml without running scripts/lock.py, or a range moved past
the pinned version, fails here rather than on a fresh machine.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def locked(text: str) -> dict[str, Version]:
    """The lock's pin of each package for this Python and platform (a package may be pinned
    twice, for older and newer Pythons, under markers)."""
    found: dict[str, Version] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate():
            (spec,) = requirement.specifier
            assert spec.operator == "==", f"constraints.txt: {line!r} is not a pin"
            found[canonicalize_name(requirement.name)] = Version(spec.version)
    return found


def wanted(project: dict[str, Any]) -> list[str]:
    """Every requirement the lock must cover: the program's, its locked extras', the
    build's wishes."""
    lock = project["tool"]["jokeren"]["lock"]
    extras = project["project"]["optional-dependencies"]
    return [*project["project"]["dependencies"], *lock["build"],
            *(r for extra in lock["extras"] for r in extras[extra])]


def problems(project: dict[str, Any], lock_text: str) -> list[str]:
    pins = locked(lock_text)
    found = []
    for line in wanted(project):
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        if name == project["project"]["name"]:
            continue  # jokeren[server]: its own extra, checked as that extra
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        if name not in pins:
            found.append(f"{line}: not in constraints.txt")
        elif not requirement.specifier.contains(pins[name], prereleases=True):
            found.append(f"{line}: constraints.txt pins {pins[name]}")
    for line in project["build-system"]["requires"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        specs = list(requirement.specifier)
        if len(specs) != 1 or specs[0].operator != "==":
            found.append(f"[build-system] requires {line!r}: not a pin")
        elif (requirement.marker is None or requirement.marker.evaluate()) and \
                pins.get(name) != Version(specs[0].version):
            found.append(f"[build-system] requires {line!r}: constraints.txt pins "
                         f"{pins.get(name)}")
    return found


def read() -> tuple[dict[str, Any], str]:
    return (tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")),
            (ROOT / "constraints.txt").read_text(encoding="utf-8"))


def test_the_lock_covers_what_pyproject_asks() -> None:
    project, lock = read()
    found = problems(project, lock)
    assert not found, "run python scripts/lock.py (docs/development.md):\n" + "\n".join(found)


def test_the_lock_pins_the_compiler() -> None:
    """mypy, whose mypyc compiles the wheel, is pinned for the build and for the type check
    alike, to one version."""
    project, lock = read()
    assert any(line.startswith("mypy==") for line in project["build-system"]["requires"])
    assert "mypy" in locked(lock)


def test_a_stale_lock_is_found() -> None:
    project, lock = read()
    added = {**project, "project": {**project["project"], "dependencies": [
        *project["project"]["dependencies"], "no-such-package>=1"]}}
    assert problems(added, lock) == ["no-such-package>=1: not in constraints.txt"]
    pytest_pin = locked(lock)["pytest"]
    moved = lock.replace(f"pytest=={pytest_pin}", "pytest==7.0")
    assert problems(project, moved) == ["pytest>=8,<9.2: constraints.txt pins 7.0"]
    build = {**project, "build-system": {**project["build-system"], "requires": [
        "mypy>=2", *project["build-system"]["requires"][1:]]}}
    assert "[build-system] requires 'mypy>=2': not a pin" in problems(build, lock)
