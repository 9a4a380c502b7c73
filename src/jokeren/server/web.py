"""The browser table's side of the server: its files (built into ``jokeren/web`` by web/'s
``npm run build``), its pages all answered with ``index.html`` (which routes by path, so an
invite link, a reload or a bookmark opens the right page), the Dutch and English catalogue
it words everything with, and the rules in plain words with the rules' own check, for the
rules page and the house-rules editor."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..rules.house import PRESETS, Rules, contradictions
from ..rules.sentence import Sentence
from ..words.catalogue import catalogue

PAGES = ("/", "/play", "/rules", "/new", "/score", "/table/{room}", "/join/{room}",
         "/watch/{room}", "/replay", "/replay/{room}", "/club", "/club/{club}",
         "/club/{club}/projector")


class Words(BaseModel):
    en: str
    nl: str


class PresetOut(BaseModel):
    preset: str
    description: Words = Field(description="the source text's rules in plain words")
    rules: dict[str, Any] = Field(description="every key with its value")


class CheckIn(BaseModel):
    rules: str | dict[str, Any] = Field(description='a preset, or {"preset": NAME, keys...}')


class CheckOut(BaseModel):
    ok: bool = Field(description="the rules can be played")
    error: Words | None = Field(None, description="why they cannot")
    contradictions: list[Words] = Field(description="rules that contradict each other")
    rules: dict[str, Any] | None = Field(None, description="every key with its value")


def check_rules(obj: str | dict[str, Any]) -> CheckOut:
    """What `jokeren rules --check` says: why the rules cannot be played, or which of them
    contradict each other."""
    try:
        rules = Rules.load(obj)
    except Sentence as exc:
        return CheckOut(ok=False, error=Words(en=exc.text("en"), nl=exc.text("nl")),
                        contradictions=[], rules=None)
    found = zip(contradictions(rules, "en"), contradictions(rules, "nl"), strict=True)
    return CheckOut(ok=True, error=None, contradictions=[Words(en=en, nl=nl) for en, nl in found],
                    rules=rules.to_dict())


def mount_api(app: FastAPI) -> None:
    """The catalogue and the rules, for the browser (and anyone else)."""

    @app.get("/api/messages", tags=["browser"])
    async def messages() -> JSONResponse:
        """Every text a player reads, in Dutch and English (the terminal's catalogue too)."""
        return JSONResponse(catalogue(), headers={"Cache-Control": "no-cache"})

    @app.get("/api/presets", tags=["browser"])
    async def presets() -> list[PresetOut]:
        """Every preset: its source text's rules in plain words, and all its keys."""
        return [PresetOut(preset=name, rules=r.to_dict(),
                          description=Words(en=r.describe("en"), nl=r.describe("nl")))
                for name, r in PRESETS.items()]

    @app.post("/api/rules/check", tags=["browser"])
    async def check(body: CheckIn) -> CheckOut:
        """House rules checked as `jokeren rules --check` does (the editor's live check)."""
        return check_rules(body.rules)


def mount_web(app: FastAPI) -> bool:
    """Serve the browser table if this install has it; returns whether it does."""
    mount_api(app)
    folder = Path(str(resources.files("jokeren") / "web"))
    index = folder / "index.html"
    if not index.is_file():
        return False
    if (folder / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=folder / "assets"), name="assets")

    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    return True
