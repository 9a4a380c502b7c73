"""The browser's message types (web/src/lib/wire.gen.ts) are what scripts/wire_types.py
writes from ``wire.json_schema()``: a change to the schema without the types fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wire_types", ROOT / "scripts" / "wire_types.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_browsers_types_are_generated_from_the_current_schema() -> None:
    script = _script()
    assert script.TARGET.read_text() == script.render(), \
        "web/src/lib/wire.gen.ts is out of date: run PYTHONPATH=src python scripts/wire_types.py"


def test_the_generated_types_name_every_field_of_a_view() -> None:
    from jokeren.engine.wire import ViewJSON

    text = _script().render()
    body = text.split("export interface ViewJSON {")[1].split("}")[0]
    for field in ViewJSON.__annotations__:
        assert f"  {field}:" in body
    assert "  open_hands: string[][] | null;" in body
