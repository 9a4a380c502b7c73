"""The table page's size (docs/web.md, Figures): the JavaScript and CSS that index.html
loads (its script, the modules it preloads, its stylesheets), gzipped, within the budget a
family's phone on a slow line can take. The pages off the way to the table load apart."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "jokeren" / "web"
BUDGET_JS = 50 * 1024  # bytes, gzipped: docs/web.md says the same
BUDGET_CSS = 6 * 1024


def loaded(kind: str) -> list[Path]:
    """The built files index.html loads at once: ``js`` or ``css``."""
    html = (WEB / "index.html").read_text(encoding="utf-8")
    paths = re.findall(r'(?:src|href)="/(assets/[^"]+\.' + kind + ')"', html)
    return [WEB / p for p in paths]


def gzipped(files: list[Path]) -> int:
    return sum(len(gzip.compress(f.read_bytes(), compresslevel=9)) for f in files)


def test_the_table_page_loads_its_javascript_and_css_within_the_budget() -> None:
    js, css = loaded("js"), loaded("css")
    assert js and css and all(f.is_file() for f in js + css)
    assert gzipped(js) <= BUDGET_JS, f"{gzipped(js)} bytes of JavaScript gzipped"
    assert gzipped(css) <= BUDGET_CSS, f"{gzipped(css)} bytes of CSS gzipped"


def test_the_pages_off_the_way_load_apart() -> None:
    """The club evening, the score card, the replay, the rules and making a room are
    their own files, none of which index.html loads."""
    at_once = {f.name for f in loaded("js")}
    apart = {f.name for f in (WEB / "assets").glob("*.js")} - at_once
    for page in ("Club", "Score", "Replay", "Rules", "NewRoom"):
        assert any(name.startswith(f"{page}-") for name in apart), page
