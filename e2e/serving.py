"""A real `jokeren serve` on a free loopback port, and Debian's chromium: shared by the
end-to-end tests, scripts/web_screenshots.py and benchmarks/web.py."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("JOKEREN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(workdir: Path, *extra: str, limits: bool = False) -> Iterator[str]:
    """`jokeren serve` with a fresh SQLite file in ``workdir``; its base URL. The jokeren
    this Python imports (the installed package; PYTHONPATH=src for the sources). Stops it on
    leaving; waits at most 60 s for it to answer. ``limits``: with the limits a real server
    has (a seat keeps four connections, not a thousand); else without them, for every
    test's browser and calls come from this one address, faster than the rate limits let
    one address (docs/server.md, "Fair shares")."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "JOKEREN_LIMITS"}
    if not limits:
        env["JOKEREN_LIMITS"] = "off"
    log_path = workdir / "server.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jokeren", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", f"sqlite+aiosqlite:///{workdir / 'jokeren.sqlite'}", *extra],
            stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                if proc.poll() is not None:
                    raise RuntimeError(f"jokeren serve stopped: {log_path.read_text()[-2000:]}")
                try:
                    with urllib.request.urlopen(f"{base}/api/messages", timeout=1) as r:
                        if r.status == 200:
                            break
                except OSError:
                    time.sleep(0.2)
            else:
                raise RuntimeError(f"jokeren serve did not answer; see {log_path}")
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def call(url: str, body: object | None = None, token: str | None = None
         ) -> dict[str, object]:
    """GET ``url``, or POST ``body`` to it as JSON (``token``: the room's, as a Bearer
    header); the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data, method="GET" if body is None else "POST",
                                 headers=headers)
    with urllib.request.urlopen(req, timeout=10) as r:
        out: dict[str, object] = json.load(r)
        return out


def finished_room(base: str, rules: object | None = None) -> dict[str, object]:
    """A room of three computer players (one round of jokeren-7 unless ``rules`` say
    otherwise) played to its end; the room's answer, with its host token."""
    room = call(f"{base}/api/rooms", {
        "rules": rules or {"preset": "jokeren-7", "rounds": 1, "max_turns": 200},
        "seats": [{"kind": "computer", "level": "basic"}] * 3})
    token = room["host_token"]
    call(f"{base}/api/rooms/{room['room']}/start", {"token": token})
    end = time.monotonic() + 120
    while call(f"{base}/api/rooms/{room['room']}", token=token)["status"] != "finished":
        if time.monotonic() > end:
            raise RuntimeError("the computer players did not finish in time")
        time.sleep(0.2)
    return room
