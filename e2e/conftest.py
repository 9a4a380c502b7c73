"""End-to-end tests of the browser table: a real `jokeren serve` on 127.0.0.1 and Debian's
chromium driven by Playwright (never a browser download). They run in their own pytest
invocation (`python -m pytest e2e`, see README): Playwright's event loop and the async
tests of the main suite do not mix in one process (STACK.md)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

CHROMIUM = os.environ.get("JOKEREN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"]
ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`jokeren serve` on a free loopback port with a fresh SQLite file; its base URL."""
    port = _free_port()
    db = tmp_path_factory.mktemp("db") / "e2e.sqlite"
    log = (tmp_path_factory.mktemp("log") / "server.log").open("w")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "jokeren", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", f"sqlite+aiosqlite:///{db}"], stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):  # up to 30 s to start
            try:
                with urllib.request.urlopen(f"{base}/api/messages", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError(f"jokeren serve did not start; see {log.name}")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def pw() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(pw: Playwright) -> Iterator[Browser]:
    """Debian's chromium (never a browser download)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM} "
                    "(apt-get install chromium)")
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()
