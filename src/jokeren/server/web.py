"""The browser table (built into ``jokeren/web`` by web/'s ``npm run build``): its files,
and its pages (``/``, ``/table/ROOM``, ``/join/ROOM``, ``/watch/ROOM``) all answered with
``index.html``, which routes by path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles


def mount_web(app: FastAPI) -> bool:
    """Serve the browser table if this install has it; returns whether it does."""
    folder = Path(str(resources.files("jokeren") / "web"))
    index = folder / "index.html"
    if not index.is_file():
        return False
    if (folder / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=folder / "assets"), name="assets")

    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    for path in ("/", "/table/{room}", "/join/{room}", "/watch/{room}"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    return True
