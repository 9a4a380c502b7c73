"""The split between compiled and interpreted modules holds (``hatch_build.COMPILED``).

mypyc compiles the modules of ``COMPILED``; their classes become native classes, and an
interpreted class (any other module of ``src/``, a test, a benchmark) may not inherit from a
native class unless it says ``@mypyc_attr(allow_interpreted_subclasses=True)``. Python lets
such a class be defined; it breaks later, in the installed wheel only: ``RulesError(Sentence)``
ended in ``TypeError: jokeren.rules.reasons.Sentence object expected; got
jokeren.rules.house.RulesError`` at every bad preset name. This test reads the sources with
``ast`` and finds every such inheritance, so the pure sources catch what only the compiled
wheel would show.

And a frozen dataclass of a compiled module defines ``__reduce__``: compiled, pickle cannot
rebuild it by setting its fields (``FrozenInstanceError``), and computer players' turns,
states and records go to the tournament's worker processes and back.

A class is native as mypyc decides it (``mypyc.irbuild.util.is_implicit_extension_class``):
no decorator but ``dataclass``, ``final``, ``trait`` or ``mypyc_attr``; not a NamedTuple,
TypedDict, Enum or Protocol; no metaclass but ABCMeta.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
# Where interpreted subclasses may be written: the package and everything that imports it.
READERS = ("tests", "benchmarks", "scripts", "e2e")
# Bases (as imported from the standard library) that make a class not native.
NOT_NATIVE = {"NamedTuple", "TypedDict", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
              "Protocol"}
NATIVE_DECORATORS = {"dataclass", "final", "trait", "mypyc_attr"}


def compiled_modules(hook: Path = ROOT / "hatch_build.py") -> set[str]:
    """``COMPILED`` of the build hook as dotted module names (read, not imported: the hook
    imports hatchling, which only the isolated build environment has)."""
    for node in ast.parse(hook.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return {"jokeren." + m.replace("/", ".") for m in ast.literal_eval(node.value)}
    raise AssertionError("hatch_build.py has no COMPILED list")


@dataclass
class Module:
    """What the check needs of one module: its classes and the names it imports."""

    name: str
    path: Path
    tree: ast.Module
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)  # top-level classes
    names: dict[str, tuple[str, str]] = field(default_factory=dict)  # name: (module, name)
    modules: dict[str, str] = field(default_factory=dict)  # alias: module (``import a.b``)


def read(name: str, path: Path) -> Module:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = Module(name, path, tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            module.classes[node.name] = node
    for node in ast.walk(tree):  # imports anywhere (a lazy import may bring a base too)
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                module.names[alias.asname or alias.name] = (source, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    module.modules[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    module.modules[top] = top
    return module


def sources(root: Path = ROOT, src: Path = SRC) -> dict[str, Module]:
    """Every module of the package, the tests, benchmarks, scripts and browser tests."""
    found = {}
    for path in sorted((src / "jokeren").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = read(".".join(parts), path)
    for folder in READERS:
        for path in sorted((root / folder).rglob("*.py")):
            name = "/".join(path.relative_to(root).with_suffix("").parts)  # not importable
            found[name] = read(name, path)
    return found


def dotted(node: ast.expr) -> str | None:
    """``a.b.C`` as a string, or None for anything else (a call, a subscript's value)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    if isinstance(node, ast.Subscript):  # Generic[T], a parametrised base
        return dotted(node.value)
    return None


def resolve(where: Module, expr: str, known: dict[str, Module],
            depth: int = 0) -> tuple[str, str] | None:
    """The (module, class name) that the name ``expr`` means in ``where``, through imports
    and re-exports; None when it is not a class of a module read here."""
    if depth > 20:
        return None
    head, _, rest = expr.partition(".")
    if not rest:
        if head in where.classes:
            return where.name, head
        if head in where.names:
            source, name = where.names[head]
            if f"{source}.{name}" in known:  # a module imported by name: not a class
                return None
            if source in known:
                return resolve(known[source], name, known, depth + 1)
            return source, name  # outside the package (the standard library)
        return None
    # ``module.Class`` or ``package.module.Class``
    module = where.modules.get(head)
    if module is None and head in where.names:
        source, name = where.names[head]
        module = f"{source}.{name}"
    if module is None:
        return None
    owner, _, attr = f"{module}.{rest}".rpartition(".")
    if owner in known:
        return resolve(known[owner], attr, known, depth + 1)
    return owner, attr


def mypyc_attr(cls: ast.ClassDef, key: str) -> object:
    """The value of ``key`` in the class's ``@mypyc_attr(...)``, or None."""
    for node in cls.decorator_list:
        if isinstance(node, ast.Call) and decorator_name(node) == "mypyc_attr":
            for keyword in node.keywords:
                if keyword.arg == key and isinstance(keyword.value, ast.Constant):
                    return keyword.value.value
    return None


def decorator_name(node: ast.expr) -> str:
    name = dotted(node.func if isinstance(node, ast.Call) else node) or ""
    return name.rpartition(".")[2]


def is_native(module: Module, cls: ast.ClassDef, known: dict[str, Module]) -> bool:
    """Whether mypyc makes ``cls`` (of a compiled module) a native class."""
    if any(decorator_name(d) not in NATIVE_DECORATORS for d in cls.decorator_list):
        return False
    if mypyc_attr(cls, "native_class") is False:
        return False
    for keyword in cls.keywords:
        if keyword.arg == "metaclass" and (dotted(keyword.value) or "").rpartition(".")[2] \
                != "ABCMeta":
            return False
    for base in cls.bases:
        name = dotted(base)
        target = resolve(module, name, known) if name else None
        if target is None:
            continue
        source, base_name = target
        if base_name in NOT_NATIVE and source not in known:
            return False
        if source in known and base_name in known[source].classes and \
                not is_native(known[source], known[source].classes[base_name], known):
            return False
    return True


def violations(known: dict[str, Module], compiled: set[str]) -> list[str]:
    """Every interpreted class that inherits from a native class that does not allow it, as
    ``file:line: Class inherits module.Base``."""
    found = []
    for module in known.values():
        if module.name in compiled:
            continue
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for base in node.bases:
                name = dotted(base)
                target = resolve(module, name, known) if name else None
                if target is None or target[0] not in compiled:
                    continue
                owner = known[target[0]]
                cls = owner.classes.get(target[1])
                if cls is None or not is_native(owner, cls, known):
                    continue
                if mypyc_attr(cls, "allow_interpreted_subclasses") is True:
                    continue
                where = module.path.relative_to(ROOT) if module.path.is_relative_to(ROOT) \
                    else module.path
                found.append(f"{where}:{node.lineno}: {node.name} inherits the compiled "
                             f"{target[0]}.{target[1]}")
    return found


def is_frozen_dataclass(cls: ast.ClassDef) -> bool:
    return any(isinstance(d, ast.Call) and decorator_name(d) == "dataclass" and any(
        k.arg == "frozen" and isinstance(k.value, ast.Constant) and k.value.value is True
        for k in d.keywords) for d in cls.decorator_list)


# Frozen dataclasses of compiled modules that are never pickled, and why.
NEVER_PICKLED = {"jokeren.support.memo.Cache": "holds functions (how to count and clear)"}


def unpicklable(known: dict[str, Module], compiled: set[str]) -> list[str]:
    """Every frozen dataclass of a compiled module without its own ``__reduce__``."""
    found = []
    for name in sorted(compiled & known.keys()):
        module = known[name]
        for cls in module.classes.values():
            if f"{name}.{cls.name}" in NEVER_PICKLED:
                continue
            if is_frozen_dataclass(cls) and is_native(module, cls, known) and not any(
                    isinstance(node, ast.FunctionDef) and node.name == "__reduce__"
                    for node in cls.body):
                found.append(f"{module.path.name}: {cls.name}")
    return found


def test_every_compiled_module_exists() -> None:
    """A module moved or renamed without its line in ``COMPILED`` would silently run
    interpreted (and the split below would be checked against names that are gone)."""
    known = sources()
    missing = sorted(compiled_modules() - known.keys())
    assert not missing, f"hatch_build.COMPILED names modules that do not exist: {missing}"


def test_no_interpreted_class_inherits_a_compiled_one() -> None:
    found = violations(sources(), compiled_modules())
    assert not found, (
        "an interpreted class inherits a class that mypyc compiles; in the installed wheel "
        "creating it fails (TypeError). Move the base out of hatch_build.COMPILED's modules, "
        "compile the subclass's module too, or mark the base "
        "@mypyc_attr(allow_interpreted_subclasses=True):\n" + "\n".join(found))


def test_every_compiled_frozen_dataclass_pickles() -> None:
    found = unpicklable(sources(), compiled_modules())
    assert not found, (
        "a frozen dataclass that mypyc compiles cannot be unpickled (FrozenInstanceError) "
        "without its own __reduce__ (see engine/state.py's State):\n" + "\n".join(found))



def nested_functions(modules: dict[str, Module], compiled: set[str]) -> list[str]:
    """Every function defined inside another function of a compiled module. Compiled, the
    nested function and the environment it reads refer to each other: each call of the
    outer one leaves a reference cycle that only the gc frees, and the gc's pauses stop every
    table of a server (tests/test_server_cycles.py). Lambdas are not counted: they are not
    kept in their environment."""
    found = []
    for name in sorted(compiled & modules.keys()):
        module = modules[name]
        stack: list[tuple[ast.AST, str | None]] = [(module.tree, None)]
        while stack:
            node, outer = stack.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if outer is not None:
                        found.append(f"{module.name}:{child.lineno}: {child.name} inside "
                                     f"{outer}")
                    stack.append((child, child.name))
                else:
                    stack.append((child, None if isinstance(child, ast.ClassDef) else outer))
    return sorted(found)


def test_no_compiled_function_nests_another() -> None:
    found = nested_functions(sources(), compiled_modules())
    assert not found, (
        "a function nested in another in a module mypyc compiles: each call leaves a cycle "
        "for the gc. Make it a function of the module (what it read as parameters) or a "
        "method of a small class:\n" + "\n".join(found))


def test_the_nesting_check_finds_one(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("def outer(n):\n    def inner(k):\n        return k and inner(k - 1)\n"
                    "    return inner(n)\n\n\nclass C:\n    def method(self):\n"
                    "        return [lambda: 1]\n", encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in nested_functions(
        {"m": Module("m", path, ast.parse(path.read_text(encoding="utf-8")))}, {"m"})] == [
        "inner inside outer"]

PLANTED = {
    "jokeren/__init__.py": "",
    "jokeren/fast.py": '''
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple
from mypy_extensions import mypyc_attr

class Base(ValueError):
    pass

@mypyc_attr(allow_interpreted_subclasses=True)
class Open:
    pass

class Colour(Enum):
    RED = 1

class Pair(NamedTuple):
    a: int

@dataclass(frozen=True)
class Point:
    x: int

@dataclass(frozen=True, slots=True)
class Pickled:
    x: int

    def __reduce__(self):
        return Pickled, (self.x,)
''',
    "jokeren/again.py": "from .fast import Base as Again\n",
    "jokeren/slow.py": '''
from . import fast
from .again import Again
from .fast import Base, Open, Pair, Point

class Direct(Base):
    pass

class Dotted(fast.Base):
    pass

class ThroughReexport(Again):
    pass

class Dataclass(Point):
    pass

def lazy():
    class Inner(Base):
        pass

class Allowed(Open):
    pass

class FromTuple(Pair):
    pass
''',
}


def test_the_check_finds_a_planted_violation(tmp_path: Path) -> None:
    """Planted in a package of its own: a compiled module ``fast`` and an interpreted
    ``slow`` that subclasses its native classes directly, by module attribute, through a
    re-export and inside a function; the allowed base and the NamedTuple are let be."""
    for name, text in PLANTED.items():
        (tmp_path / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / name).write_text(text, encoding="utf-8")
    known = sources(tmp_path, tmp_path / "src")
    found = violations(known, {"jokeren.fast"})
    got = sorted(line.partition(": ")[2].partition(" ")[0] for line in found)
    assert got == ["Dataclass", "Direct", "Dotted", "Inner", "ThroughReexport"], found
    assert not violations(known, {"jokeren.fast", "jokeren.slow"})  # both compiled: fine
    assert violations(known, set()) == []  # nothing compiled: nothing to break
    assert unpicklable(known, {"jokeren.fast"}) == ["fast.py: Point"]
    assert unpicklable(known, set()) == []


@pytest.mark.parametrize("base", ["Colour", "Pair"])
def test_classes_mypyc_leaves_to_python_are_not_native(base: str, tmp_path: Path) -> None:
    (tmp_path / "src" / "jokeren").mkdir(parents=True)
    (tmp_path / "src" / "jokeren" / "fast.py").write_text(PLANTED["jokeren/fast.py"])
    known = sources(tmp_path, tmp_path / "src")
    module = known["jokeren.fast"]
    assert not is_native(module, module.classes[base], known)
    assert is_native(module, module.classes["Point"], known)
    assert is_native(module, module.classes["Base"], known)
