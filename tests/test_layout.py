"""The layout shows the architecture (docs/architecture.md, "Layout"): every module belongs
to a layer, imports only from its own layer and those below it, and the layers import each
other without a cycle. Read from the sources with ``ast``, lazy and type-only imports too.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

# The layers, lowest first: each is a package of jokeren, and what it may import besides itself.
MAY_IMPORT: dict[str, set[str]] = {
    "support": set(),  # the bounded caches, atomic file writing: nothing of the game
    "rules": {"support"},
    "engine": {"support", "rules"},
    "analysis": {"support", "rules", "engine"},
    "words": {"support", "rules", "engine", "analysis"},
    "bots": {"support", "rules", "engine", "analysis"},
    "score": {"support", "rules", "engine", "words"},
    "club": {"support", "rules", "engine", "words", "score"},
    "play": {"support", "rules", "engine", "analysis", "words", "bots", "score"},
    "tui": {"support", "rules", "engine", "analysis", "words", "bots", "score", "play"},
    "server": {"support", "rules", "engine", "analysis", "words", "bots", "score", "club", "play"},
    "cli": {"support", "rules", "engine", "analysis", "words", "bots", "score", "club", "play",
            "tui", "server"},
}
PACKAGES = set(MAY_IMPORT)
# Modules directly under jokeren/ ("" is jokeren/__init__.py): the command's way in.
TOP_LEVEL = {"__main__": "cli", "": "cli"}


def modules(src: Path) -> dict[str, Path]:
    """Every module of the package under ``src``: {dotted name: file}."""
    found = {}
    for path in sorted((src / "jokeren").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The jokeren modules (or packages) that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & known.keys()
            out |= subs or {target}
    return {m for m in out if m == "jokeren" or m.startswith("jokeren.")}


def layer(name: str) -> str:
    parts = name.split(".")[1:]
    if len(parts) > 1 or (parts and parts[0] in PACKAGES):
        assert parts[0] in PACKAGES, f"{name}: a package without a layer (tests/test_layout.py)"
        return parts[0]
    top = parts[0] if parts else ""
    assert top in TOP_LEVEL, f"{name}: a module without a layer (tests/test_layout.py)"
    return TOP_LEVEL[top]


def edges(src: Path) -> set[tuple[str, str, str, str]]:
    """(module, imported, its layer, the imported one's layer) between different layers."""
    known = modules(src)
    out = set()
    for name, path in known.items():
        for target in imports(name, path, known):
            if target == "jokeren" and name != "jokeren":
                continue  # the package itself is loaded before any module of it anyway
            a, b = layer(name), layer(target)
            if a != b:
                out.add((name, target, a, b))
    return out


def upward(src: Path) -> list[str]:
    return sorted(f"{m} ({a}) imports {t} ({b})" for m, t, a, b in edges(src)
                  if b not in MAY_IMPORT[a])


def test_the_layers_are_ordered() -> None:
    assert set(TOP_LEVEL.values()) <= PACKAGES
    try:
        tuple(TopologicalSorter(MAY_IMPORT).static_order())
    except CycleError as exc:  # pragma: no cover - fails the test
        pytest.fail(f"the layers of MAY_IMPORT form a cycle: {exc.args[1]}")


def test_no_module_imports_from_a_higher_layer() -> None:
    assert upward(SRC) == []


def test_the_layers_import_each_other_without_a_cycle() -> None:
    graph: dict[str, set[str]] = {}
    for _, _, a, b in edges(SRC):
        graph.setdefault(a, set()).add(b)
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        pytest.fail(f"the layers import each other in a cycle: {exc.args[1]}")


def module_graph(src: Path) -> dict[str, set[str]]:
    """Every module of jokeren and the modules it imports (lazy and type-only ones too)."""
    known = modules(src)
    return {name: {t for t in imports(name, path, known) if t != name and t != "jokeren"}
            for name, path in known.items()}


def cycle(src: Path) -> list[str] | None:
    """One import cycle between modules (a list that starts and ends with one module), or
    None when there is none."""
    try:
        tuple(TopologicalSorter(module_graph(src)).static_order())
    except CycleError as exc:
        found: list[str] = exc.args[1]
        return found
    return None


def test_no_module_imports_itself_through_others() -> None:
    """No cycle anywhere: a module is understood, loaded and tested after what it imports."""
    assert cycle(SRC) is None


def private_imports(src: Path) -> list[str]:
    """Imports of another module's ``_private`` names (``from .x import _y``)."""
    found = []
    for name, path in modules(src).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found += [f"{name} imports {node.module or '.'}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    return sorted(found)


def test_no_module_imports_another_ones_private_names() -> None:
    assert private_imports(SRC) == []


def test_the_checks_find_a_cycle_and_a_private_import(tmp_path: Path) -> None:
    for file, text in {"__init__.py": "", "rules/__init__.py": "",
                       "rules/a.py": "from .b import _hidden\n",
                       "rules/b.py": "def f() -> None:\n    from . import a\n"}.items():
        path = tmp_path / "jokeren" / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    found = cycle(tmp_path)
    assert found is not None and set(found) == {"jokeren.rules.a", "jokeren.rules.b"}
    assert private_imports(tmp_path) == ["jokeren.rules.a imports b._hidden"]


def test_the_check_finds_an_upward_import(tmp_path: Path) -> None:
    for file, text in {"__init__.py": "", "rules/__init__.py": "",
                       "rules/cards.py": "def f() -> None:\n    from ..engine import apply\n",
                       "engine/__init__.py": "from .core import apply\n",
                       "engine/core.py": "from ..rules import cards\n"}.items():
        path = tmp_path / "jokeren" / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert upward(tmp_path) == ["jokeren.rules.cards (rules) imports jokeren.engine (engine)"]
