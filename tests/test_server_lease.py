"""One process's leases among several (bus.py, lease.py), on a real Redis, with rooms
whose tables are stand-ins: a table runs here exactly while this process holds its room's
lease. A release of a table let go that reaches Redis after the room was claimed again
would leave a table here that nobody holds: another process runs it too, and when that one
dies the takeover passes the room by (a scale-test failure, tests/test_server_scale.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from jokeren.server.bus import Cluster, RemoteTable
from jokeren.server.errors import ApiError
from jokeren.server.lease import OWNERS, TTL, proc_key


class Runner:
    """A table's runner as the cluster sees it."""

    def __init__(self) -> None:
        self.halted = False
        self.table = SimpleNamespace(version=7)

    async def stop(self, *_: Any) -> None:
        self.halted = True


class Rooms:
    """The rooms as the cluster asks them: a resume reads the store (a pause), once."""

    def __init__(self, rng: random.Random, ended: frozenset[str] = frozenset()) -> None:
        self.runners: dict[str, Any] = {}
        self.rng, self.ended = rng, ended
        self.resumed: list[str] = []
        self.store = SimpleNamespace(rooms_with_status=self._playing)
        self._lock = asyncio.Lock()

    async def _playing(self, status: str) -> list[str]:
        return []

    async def resume(self, room: str) -> Any:
        async with self._lock:
            if room in self.runners:
                return self.runners[room]
            await asyncio.sleep(self.rng.uniform(0, 0.004))
            if room in self.ended:
                raise ApiError(410, "ended")
            runner = self.runners[room] = Runner()
            self.resumed.append(room)
            return runner

    async def end_here(self, room: str) -> None:
        self.runners.pop(room, None)


@pytest.fixture
async def cluster(redis_url: str) -> AsyncIterator[Cluster]:
    made = Cluster(f"{redis_url}/3", Rooms(random.Random(5)))  # type: ignore[arg-type]
    await made.client.flushdb()
    await made.leases.register()
    try:
        yield made
    finally:
        await made.client.flushdb()
        await made.client.aclose()


async def settled(cluster: Cluster) -> dict[str, str]:
    """The owners once every release this process scheduled has reached Redis."""
    for _ in range(50):
        await asyncio.sleep(0.01)
        if all(not lock.locked() for lock in cluster._locks):
            break
    owners: dict[str, str] = await cluster.client.hgetall(OWNERS)
    return owners


def idle(cluster: Cluster, room: str) -> None:
    """A finished table nobody looks at leaves memory and its lease (rooms._idle)."""
    if cluster.rooms.runners.pop(room, None) is not None:
        cluster.release(room)


@pytest.mark.anyio
async def test_a_release_never_takes_the_lease_of_a_table_resumed_meanwhile(
        cluster: Cluster) -> None:
    await cluster.take("r")
    idle(cluster, "r")  # its release is sent, not yet carried out
    runner = await cluster.take("r")  # a page reconnects at once: resumed here
    assert not isinstance(runner, RemoteTable) and cluster.rooms.runners["r"] is runner
    assert (await settled(cluster)).get("r") == cluster.me


@pytest.mark.anyio
async def test_tables_here_and_leases_held_agree_whatever_the_order(cluster: Cluster) -> None:
    """Many pages and hosts at once over a few rooms: takes (a connect), finds (a host's
    question), tables let go. Whenever all is done, a table runs here exactly where this
    process holds the lease."""
    rng = random.Random(11)
    rooms = [f"room{i}" for i in range(3)]

    async def someone(seed: int) -> None:
        mine = random.Random(seed)
        for _ in range(3):
            room = mine.choice(rooms)
            what = mine.random()
            if what < 0.4:
                await cluster.take(room)
            elif what < 0.6:
                await cluster.find(room)
            else:
                idle(cluster, room)
            await asyncio.sleep(mine.uniform(0, 0.003))

    for _ in range(40):
        await asyncio.gather(*(someone(rng.randrange(2**32)) for _ in range(6)))
        owners = await settled(cluster)
        here = set(cluster.rooms.runners)
        assert here == {room for room, proc in owners.items() if proc == cluster.me}
    assert len(cluster.rooms.resumed) > 20  # tables were let go and resumed


@pytest.mark.anyio
async def test_the_planted_fault_is_found(cluster: Cluster,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A release that does not look whether a table here runs the room again: the first
    test's order leaves the table here with nobody holding it."""
    monkeypatch.setattr(Cluster, "_release",
                        lambda self, room: self.leases.release(room))
    await cluster.take("r")
    idle(cluster, "r")
    await cluster.take("r")
    assert "r" in cluster.rooms.runners and "r" not in await settled(cluster)


@pytest.mark.anyio
async def test_the_takeover_stops_a_table_run_here_without_its_lease(
        cluster: Cluster) -> None:
    """A room whose process died is taken from the store, even if a table of it runs here
    (a table that ran without the lease may be behind what the dead process stored)."""
    await cluster.client.hset(OWNERS, mapping={"stale": "dead-1", "plain": "dead-1"})
    stale = cluster.rooms.runners["stale"] = Runner()
    await cluster._sweep(False)
    assert stale.halted and cluster.rooms.runners["stale"] is not stale
    assert sorted(cluster.rooms.resumed) == ["plain", "stale"]
    assert await settled(cluster) == {"stale": cluster.me, "plain": cluster.me}


@pytest.mark.anyio
async def test_the_takeover_leaves_a_table_taken_here_since_it_looked(
        cluster: Cluster, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room the sweep read as played and held by nobody, or as a dead process's, that
    this process took in the meantime (a start, a page's connect): its table runs on."""
    await cluster.client.hset(OWNERS, "started", cluster.me)
    started = cluster.rooms.runners["started"] = Runner()
    cluster.rooms.store.rooms_with_status = lambda status: _listed(["started"])

    async def looked_before() -> set[str]:
        return set()

    monkeypatch.setattr(cluster.leases, "held", looked_before)
    await cluster._sweep(True)
    assert not started.halted and cluster.rooms.runners["started"] is started
    assert cluster.rooms.resumed == []


async def _listed(rooms: list[str]) -> list[str]:
    return rooms


@pytest.mark.anyio
async def test_where_a_table_runs(cluster: Cluster) -> None:
    """Another living process's room is reached there; a room no process runs is found
    nowhere and keeps no lease; an ended room is refused and keeps none either."""
    other = "other-1"
    await cluster.client.set(proc_key(other), "1", px=int(TTL * 1000))
    await cluster.client.hset(OWNERS, "theirs", other)
    found = await cluster.take("theirs")
    assert isinstance(found, RemoteTable) and found.owner == other
    assert await cluster.find("nobody") is None
    cluster.rooms.ended = frozenset({"over"})
    with pytest.raises(ApiError):
        await cluster.take("over")
    assert await settled(cluster) == {"theirs": other}
