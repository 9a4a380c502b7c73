"""benchmarks/server_load.py runs: 2 tables of 4 WebSockets for 2 seconds, no error.
(The figures come from the full run, docs/server-load.md; nothing here is timed.)"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_load_benchmark_runs_without_error() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--tables", "2",
         "--seconds", "2", "--soak-minutes", "0", "--fanout"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "errors: 0" in done.stdout, done.stdout
    assert "action -> last seat's events: n=" in done.stdout
    # the echo and the fan-out at the tables' rate, each message answered (an unanswered
    # one is an error), and the CPU each spent a message
    echoed = re.search(r"echo \(same run\) +: n=(\d+)", done.stdout)
    fanned = re.search(r"fan-out echo \(same run\) +: n=(\d+)", done.stdout)
    assert echoed and fanned and int(fanned[1]) >= 20, done.stdout
    assert abs(int(echoed[1]) - int(fanned[1])) <= 4, done.stdout
    echo_cpu = float(done.stdout.split("echo CPU per message: ")[1].split()[0])
    fan_cpu = float(done.stdout.split("fan-out CPU per message: ")[1].split()[0])
    assert echo_cpu > 0 and fan_cpu > 0, done.stdout
    # the server's CPU an action, and the part of it that its event loop's thread spent
    total = float(done.stdout.split("server CPU per action: ")[1].split()[0])
    actions = int(done.stdout.split(" ms (all ")[1].split()[0].replace(",", ""))
    found = re.search(r"of which the event loop's thread ([\d.]+) ms \(user ([\d.]+), "
                      r"system ([\d.]+)\)", done.stdout)
    assert found, done.stdout
    spent, user, system = (float(x) for x in found.groups())
    tick = 1000 / os.sysconf("SC_CLK_TCK") / actions  # one clock tick, ms an action: the
    # loop's thread and the whole process are read one after the other
    assert 0 < spent <= total + 2 * tick and abs(user + system - spent) < 0.002, done.stdout


def test_the_clients_run_on_uvloop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client processes' loop is uvloop's, as the server's and the echo's are (uvicorn
    [standard] brings it): a policy set inside ``asyncio.run`` came too late, and on
    asyncio's own loop the clients took some 40% more CPU, on the cores the server
    shares."""
    import uvloop

    module = load_benchmark(monkeypatch)

    async def loop_kind() -> type:
        return type(asyncio.get_running_loop())

    assert module.run_fast(loop_kind()) is uvloop.Loop


def test_the_clients_collect_no_garbage_while_they_measure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A client's young collections walked the frames' dicts for 8-12 ms about once a
    second, a pause measured as the server's latency: while a client process plays its
    tables and its echo (``drive``), the collector is off, and afterwards on again, also
    when the play fails."""
    module = load_benchmark(monkeypatch)
    seen: list[tuple[str, bool]] = []

    async def nothing(*_: Any) -> None:
        return None

    async def play(who: str) -> None:
        seen.append((who, gc.isenabled()))

    monkeypatch.setattr(module.TableClient, "open", nothing)
    monkeypatch.setattr(module.TableClient, "close", nothing)
    monkeypatch.setattr(module.TableClient, "play", lambda *_: play("table"))
    monkeypatch.setattr(module, "echo_socket", nothing)
    monkeypatch.setattr(module, "echo_client", lambda *_: play("echo"))
    asyncio.run(module.drive("http://127.0.0.1:1", "ws://127.0.0.1:1/", "amerikaans",
                             tables=1, start_at=0.0, seconds=0.0, rate=1.0, seed=1))
    assert sorted(seen) == [("echo", False), ("table", False)]
    assert gc.isenabled()
    with module.quiet_collector():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), module.quiet_collector():
        raise RuntimeError("a client failed")
    assert gc.isenabled()


def test_the_fan_out_sends_each_message_to_its_group_and_the_echo_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The echo process's ASGI app: on a ``/fan/`` path every socket of that path hears
    what one of them sends (a table's four frames of an action); elsewhere the message
    comes back to its sender alone. A socket that leaves is no longer sent to."""
    module = load_benchmark(monkeypatch)

    async def scenario() -> dict[str, list[str | None]]:
        heard: dict[str, list[str | None]] = {}
        inboxes: dict[str, asyncio.Queue[dict[str, Any]]] = {}
        tasks = []
        for name, path in (("a", "/fan/t1"), ("b", "/fan/t1"), ("c", "/fan/t1"),
                           ("d", "/fan/t2"), ("e", "/")):
            inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
            inbox.put_nowait({"type": "websocket.connect"})
            inboxes[name], heard[name] = inbox, []

            async def send(message: dict[str, Any], name: str = name) -> None:
                if message["type"] == "websocket.send":
                    heard[name].append(message["text"])

            tasks.append(asyncio.create_task(module.echo_app(
                {"type": "websocket", "path": path}, inbox.get, send)))
        await asyncio.sleep(0)
        inboxes["a"].put_nowait({"type": "websocket.receive", "text": "1"})
        inboxes["e"].put_nowait({"type": "websocket.receive", "text": "2"})
        await asyncio.sleep(0.01)
        inboxes["c"].put_nowait({"type": "websocket.disconnect"})
        await asyncio.sleep(0.01)
        inboxes["b"].put_nowait({"type": "websocket.receive", "text": "3"})
        await asyncio.sleep(0.01)
        for name in "abde":
            inboxes[name].put_nowait({"type": "websocket.disconnect"})
        await asyncio.gather(*tasks)
        return heard

    heard = asyncio.run(scenario())
    assert heard == {"a": ["1", "3"], "b": ["1", "3"], "c": ["1"], "d": [], "e": ["2"]}
    assert module.FANS == {}  # every group let go once its sockets left


def load_benchmark(monkeypatch: pytest.MonkeyPatch) -> Any:
    """benchmarks/server_load.py as a module (it is a script, not a package's)."""
    spec = importlib.util.spec_from_file_location("server_load", ROOT / "benchmarks"
                                                  / "server_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "server_load", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("option", [["--tables", "0"], ["--warm-minutes", "-1"],
                                    ["--memo-budget", "0"]])
def test_bad_options_are_refused(option: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), *option],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "must be positive" in done.stderr


def test_runs_side_by_side_are_compared() -> None:
    """``--servers 1,1``: one run each, then the table of actions/s, their ratio, CPU an
    action and the echo beside each (several processes need Redis and PostgreSQL: the
    figures of docs/server-load.md)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), "--tables", "2",
         "--seconds", "2", "--soak-minutes", "0", "--servers", "1,1"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("errors: 0") == 2, done.stdout
    table = done.stdout.split("server processes | actions/s | ratio")[1].splitlines()
    assert table[1].startswith("1 | ") and " | 1.00x | " in table[1], done.stdout


@pytest.mark.parametrize("option", [["--servers", "2"], ["--servers", "0"],
                                    ["--servers", "x"]])
def test_several_servers_need_redis_and_postgresql(option: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server_load.py"), *option],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--servers" in done.stderr


def test_the_rooms_made_benchmark_runs_without_error() -> None:
    """benchmarks/rooms_made.py: 2 tables playing while 3 rooms are made (nothing timed)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "rooms_made.py"), "--tables", "2",
         "--rooms", "3", "--before", "1", "--after", "10"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "3 rooms made by 4 threads" in done.stdout, done.stdout
    assert "actions during the making: n=" in done.stdout
    assert "actions outside it: n=" in done.stdout
    assert "errors: 0" in done.stdout, done.stdout


def test_the_gc_log_times_a_servers_collections_and_nothing_else(tmp_path: Path) -> None:
    """benchmarks/gc_log on PYTHONPATH: a process with ``serve`` among its arguments writes
    its long collections to GCLOG; any other writes nothing."""
    log = tmp_path / "gc.log"
    env = {**os.environ, "GCLOG": str(log), "GCLOG_MS": "0",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "benchmarks" / "gc_log"),
                                                       os.environ.get("PYTHONPATH")]))}
    grow = "import gc; kept = [[i] for i in range(1000)]; gc.collect()"
    subprocess.run([sys.executable, "-c", grow], env=env, check=True, timeout=120)
    assert not log.exists()
    subprocess.run([sys.executable, "-c", grow, "serve"], env=env, check=True, timeout=120)
    lines = log.read_text().splitlines()
    assert lines and all(" gen" in line and "ms collected=" in line for line in lines)
    assert any(" gen2 " in line for line in lines)  # the full collection asked
