"""The browser table's side of the server: its files (built into ``jokeren/web`` by web/'s
``npm run build``), its pages all answered with ``index.html`` (which routes by path, so an
invite link, a reload or a bookmark opens the right page), the Dutch and English catalogue
it words everything with, and the rules in plain words with the rules' own check, for the
rules page and the house-rules editor."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import fields
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..rules.house import GROUPS, KEYS, PRESETS, Rules, contradictions
from ..rules.sentence import Sentence
from ..words.catalogue import catalogue
from ..words.rules import contradiction, describe

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


class Problem(Words):
    keys: list[str] = Field(description="the house-rule keys it concerns")


class FieldOut(BaseModel):
    name: str
    min: int
    max: int | None


class KeyOut(BaseModel):
    key: str = Field(description="the house-rule key (docs/notation.md)")
    group: str = Field(description="where an editor shows it: one of the groups")
    kind: str = Field(description="bool, int, choice, players, schedule, penalty, buying, money")
    min: int = Field(description="int, players: the least; schedule: a meld's fewest cards")
    max: int | None = Field(description="int, players: the most (null: no most)")
    nullable: bool = Field(description="null is a value: none, off, no limit")
    choices: list[bool | int | str] = Field(
        description="choice: the values; int: words it takes besides a number")
    fields: list[FieldOut] = Field(description="penalty, buying, money: the whole numbers "
                                   "it holds, each with its least and most")


class KeysOut(BaseModel):
    groups: list[str]
    keys: list[KeyOut]


def rule_keys() -> KeysOut:
    """Every house-rule key with what it takes, grouped, in the order of docs/notation.md."""
    order = [f.name for f in fields(Rules) if f.name in KEYS]
    listed = sorted(order, key=lambda k: GROUPS.index(KEYS[k].group))
    return KeysOut(groups=list(GROUPS), keys=[
        KeyOut(key=k, group=KEYS[k].group, kind=KEYS[k].kind, min=KEYS[k].lo, max=KEYS[k].hi,
               nullable=KEYS[k].nullable, choices=list(KEYS[k].choices),  # type: ignore[arg-type]
               fields=[FieldOut(name=n, min=lo, max=hi) for n, (lo, hi) in KEYS[k].fields.items()])
        for k in listed])


class CheckIn(BaseModel):
    rules: str | dict[str, Any] = Field(description='a preset, or {"preset": NAME, keys...}')


class CheckOut(BaseModel):
    ok: bool = Field(description="the rules can be played")
    error: Problem | None = Field(None, description="why they cannot")
    contradictions: list[Problem] = Field(description="rules that contradict each other")
    rules: dict[str, Any] | None = Field(None, description="every key with its value")


def check_rules(obj: str | dict[str, Any]) -> CheckOut:
    """What `jokeren rules --check` says: why the rules cannot be played, or which of them
    contradict each other."""
    try:
        rules = Rules.load(obj)
    except Sentence as exc:
        keys = list(getattr(exc, "keys", ()))
        return CheckOut(ok=False, error=Problem(en=exc.text("en"), nl=exc.text("nl"), keys=keys),
                        contradictions=[], rules=None)
    return CheckOut(ok=True, error=None, rules=rules.to_dict(), contradictions=[
        Problem(en=contradiction(c, "en"), nl=contradiction(c, "nl"), keys=list(c.keys))
        for c in contradictions(rules)])


@cache
def catalogue_body() -> tuple[bytes, bytes, str]:
    """The catalogue as the JSON every page loads at start (177 KB), gzipped (49 KB) and
    its ETag: written and packed once, as the catalogue is read once (a reworded message
    shows after a restart), where writing and packing it cost the server 15-18 ms of CPU
    at each page's load. A page whose browser has it gets a 304 instead
    (``Cache-Control: no-cache`` with the ETag)."""
    body = bytes(JSONResponse(catalogue()).body)  # the encoding every JSON answer has
    return body, gzip.compress(body, 9, mtime=0), f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def _tags(header: str) -> list[str]:
    """The entity tags of an ``If-None-Match`` header (a weak one as its strong form)."""
    return [t.strip().removeprefix("W/") for t in header.split(",")]


def mount_api(app: FastAPI) -> None:
    """The catalogue and the rules, for the browser (and anyone else)."""

    @app.get("/api/messages", tags=["browser"], response_class=JSONResponse)
    async def messages(request: Request) -> Response:
        """Every text a player reads, in Dutch and English (the terminal's catalogue too).
        A page that has it already is answered 304 with no body (its ``If-None-Match``)."""
        body, packed, tag = catalogue_body()
        headers = {"Cache-Control": "no-cache", "ETag": tag, "Vary": "Accept-Encoding"}
        if tag in _tags(request.headers.get("if-none-match", "")):
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):  # as GZipMiddleware asks
            headers["Content-Encoding"] = "gzip"  # so the middleware leaves it as it is
            body = packed
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/presets", tags=["browser"])
    async def presets() -> list[PresetOut]:
        """Every preset: its source text's rules in plain words, and all its keys."""
        return [PresetOut(preset=name, rules=r.to_dict(),
                          description=Words(en=describe(r, "en"), nl=describe(r, "nl")))
                for name, r in PRESETS.items()]

    @app.get("/api/rules/keys", tags=["browser"])
    async def keys() -> KeysOut:
        """Every house-rule key: what it takes (a switch, a whole number from..to, one of some
        values, a list of rounds, a table of numbers) and its group, as the rules check it.
        The house-rules editor draws its controls from this."""
        return rule_keys()

    @app.post("/api/rules/check", tags=["browser"])
    async def check(body: CheckIn) -> CheckOut:
        """House rules checked as `jokeren rules --check` does (the editor's live check)."""
        return check_rules(body.rules)


IMMUTABLE = "public, max-age=31536000, immutable"


class Assets(StaticFiles):
    """The built scripts and styles. Each file's name holds a hash of what it holds (Vite's
    build), so a browser may keep it for good and never ask again (``immutable``); a new
    build has new names, which the page (``index.html``, never kept unasked) points to."""

    def file_response(self, full_path: Any, stat_result: Any, scope: Any,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = IMMUTABLE
        return response


def mount_web(app: FastAPI) -> bool:
    """Serve the browser table if this install has it; returns whether it does."""
    mount_api(app)
    folder = Path(str(resources.files("jokeren") / "web"))
    index = folder / "index.html"
    if not index.is_file():
        return False
    if (folder / "assets").is_dir():
        app.mount("/assets", Assets(directory=folder / "assets"), name="assets")

    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    return True
