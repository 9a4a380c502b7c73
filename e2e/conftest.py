"""End-to-end tests of the browser table: a real `jokeren serve` on 127.0.0.1 and Debian's
chromium driven by Playwright (never a browser download). They run in their own pytest
invocation (`python -m pytest e2e -n 2`, see README): Playwright's event loop and the async
tests of the main suite do not mix in one process (STACK.md). Each pytest-xdist worker
starts its own server and browser (the fixtures are per session, and a worker is one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright
from serving import CHROMIUM, CHROMIUM_ARGS, running_server


@pytest.fixture(scope="session")
def serve_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the server keeps its SQLite file (``jokeren.sqlite``)."""
    return tmp_path_factory.mktemp("serve")


@pytest.fixture(scope="session")
def server(serve_dir: Path) -> Iterator[str]:
    """The server's base URL; computer players move without the pause people follow."""
    with running_server(serve_dir, "--bot-delay", "0.05", "--round-pause", "0.5") as base:
        yield base


@pytest.fixture(autouse=True)
def server_log(request: pytest.FixtureRequest, serve_dir: Path) -> Iterator[None]:
    """What the shared server logged during each test: printed when the test fails (a
    stalled table is otherwise a mystery once CI's machine is gone), and a traceback in it
    fails the test, which passed only in appearance: never a traceback."""
    log = serve_dir / "server.log"
    start = log.stat().st_size if log.exists() else 0
    yield
    if not log.exists():
        return
    with log.open("rb") as f:
        f.seek(start)
        lines = f.read().decode("utf-8", "replace").splitlines()
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print("the server's log during the test (its last 80 lines):", *lines[-80:], sep="\n")
    if any(line.startswith("Traceback") for line in lines):
        pytest.fail("the server logged a traceback during the test:\n" + "\n".join(lines[-80:]))


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[pytest.TestReport]:
    """Keeps each phase's report on the test (``rep_call``), for the fixtures' teardown."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def pw() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(pw: Playwright) -> Iterator[_Patient]:
    """Debian's chromium (never a browser download)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM} "
                    "(apt-get install chromium)")
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield _Patient(browser)
    browser.close()


class _Patient:
    """The browser, whose pages wait up to 60 s for what they expect instead of 30: the
    machines that run the tests are shared, and a loaded one was seen to need more."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> BrowserContext:
        # Playwright's string predicates (wait_for_function) are evaluated in the page,
        # which the server's Content-Security-Policy forbids (no 'unsafe-eval'): the tests
        # of what a person does bypass it; test_security_headers.py runs under it
        options.setdefault("bypass_csp", True)
        context = self._browser.new_context(**options)
        context.set_default_timeout(60_000)
        return context
