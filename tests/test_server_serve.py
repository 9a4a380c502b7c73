"""``jokeren serve`` as a family starts it: the addresses it prints (the make-a-room page and
a table, never a bare ``/``), a QR code for the phones in the house, invite links on the
public address (``--public-url``) which the Host check then lets in, and ``--open`` without
a display saying so in one sentence."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import segno
from typer.testing import CliRunner

import jokeren
from jokeren.cli.app import app
from jokeren.server import serve as serving

TREE = str(Path(jokeren.__file__).resolve().parents[1])
WAIT = 60.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _matrix(drawn: str) -> list[list[bool]]:
    """The dark modules of a QR code drawn with half blocks (light is a full block: the
    code reads on a dark terminal), border included."""
    top = {"█": False, "▀": False, "▄": True, " ": True}
    bottom = {"█": False, "▀": True, "▄": False, " ": True}
    rows: list[list[bool]] = []
    for line in drawn.strip("\n").splitlines():
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


def test_the_terminal_qr_code_is_the_address() -> None:
    url = "http://192.168.1.20:8000/"
    drawn = _matrix(serving.qr_text(url))
    want = [[bool(v) for v in row] for row in segno.make(url, error="m").matrix]
    border = 2
    inner = [row[border:border + len(want)] for row in drawn[border:border + len(want)]]
    assert inner == want
    drawn = drawn[:len(want) + 2 * border]  # the last half line pads an odd height
    assert not any(drawn[0]) and not any(row[0] for row in drawn)  # a quiet zone, light


def test_the_banner_names_pages_not_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    here = serving.banner("127.0.0.1", 8000, None, "en", False)
    assert "http://127.0.0.1:8000/new" in here and "http://127.0.0.1:8000/play" in here
    assert "--lan" in here and "█" not in here
    lan = serving.banner("0.0.0.0", 8000, "http://192.168.1.20:8000", "nl", True)
    assert "Maak een tafel: http://192.168.1.20:8000/new" in lan
    assert "http://192.168.1.20:8000/" in lan and "█" in lan
    assert "--open: hier is geen scherm" in lan and "http://192.168.1.20:8000/play" in lan
    assert "Ctrl+C" in lan
    found = serving.lan_address()
    assert found is None or not found.startswith("127.")


def test_public_urls_as_operators_type_them() -> None:
    assert serving.public_origin("https://Jokeren.Example.org/") == "https://jokeren.example.org"
    assert serving.public_origin("https://127.0.0.1:8443") == "https://127.0.0.1:8443"
    for bad in ("jokeren.example.org", "ftp://x.org", "https://x.org/jokeren",
                "https://x.org:99999", "https://u@x.org", "https://x.org/?a=1", "https://"):
        assert serving.public_origin(bad) is None, bad
    cli = CliRunner()
    for args in (["--public-url", "x.org/path"], ["--lan", "--host", "10.1.2.3"]):
        said = []
        for lang in ("en", "nl"):
            done = cli.invoke(app, ["serve", *args, "--lang", lang])
            assert done.exit_code == 2, done.output
            said.append(done.output.strip())
            assert len(said[-1].splitlines()) == 1 and "Traceback" not in said[-1]
        assert said[0] != said[1] and args[0] in said[1]
    helped = cli.invoke(app, ["serve", "--help"])
    assert "--public-url" in helped.output and "--lan" in helped.output


def test_several_processes_refused_as_typed(tmp_path: Path) -> None:
    """--workers and --redis (docs/scale.md): each misuse is one sentence in the reader's
    language and exit 2, before anything listens."""
    cli = CliRunner()
    sqlite, pg = f"sqlite:///{tmp_path / 'g.db'}", "postgresql://u@127.0.0.1:1/x"
    for args, word in ((["--workers", "0"], "--workers"), (["--workers", "2"], "--redis"),
                       (["--redis", "redis://127.0.0.1:1/0", "--db", sqlite], "PostgreSQL"),
                       (["--redis", "http://x", "--db", pg], "redis://"),
                       (["--redis", "redis://127.0.0.1:1/0", "--db", pg], "Redis")):
        said = []
        for lang in ("en", "nl"):
            done = cli.invoke(app, ["serve", *args, "--lang", lang])
            assert done.exit_code == 2, (args, done.output)
            said.append(done.output.strip())
            assert len(said[-1].splitlines()) == 1 and "Traceback" not in said[-1]
            assert word in said[-1], (args, said[-1])
        assert said[0] != said[1]
    helped = cli.invoke(app, ["serve", "--help"])
    assert "--workers" in helped.output and "--redis" in helped.output


def test_serve_with_a_public_url(tmp_path: Path) -> None:
    """The server listens on 127.0.0.1 only; the public name stands for a reverse proxy."""
    port = _free_port()
    public = f"http://jokeren.test:{port}"
    log = tmp_path / "server.log"
    env = {**os.environ, "PYTHONPATH": TREE, "JOKEREN_LANG": "en"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jokeren", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--db", f"sqlite:///{tmp_path / 'games.db'}", "--public-url", public,
             "--open", "--lang", "en"], env=env, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            ends = time.monotonic() + WAIT
            while "Ctrl+C" not in log.read_text(encoding="utf-8"):
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < ends, "the server did not start"
                time.sleep(0.2)
            made = http.post("/api/rooms", json={"seats": [{"kind": "person"},
                                                           {"kind": "person"}]})
            assert made.status_code == 201, made.text
            room = made.json()
            assert room["invite"] == f"{public}/join/{room['room']}#{room['invite_token']}"
            assert room["spectate"].startswith(f"{public}/watch/")
            assert http.get("/new", headers={"Host": f"jokeren.test:{port}"}).status_code \
                == 200
            assert http.get("/new", headers={"Host": "elsewhere.test"}).status_code == 400
    finally:
        proc.terminate()
        proc.wait(60)
    text = log.read_text(encoding="utf-8")
    assert f"Make a room: {public}/new" in text and f"{public}/play" in text
    assert "█" in text  # the QR code of the public address
    assert "there is no display" in text
    assert "Uvicorn running on" not in text  # its bare address is replaced by ours
    assert "Traceback" not in text
