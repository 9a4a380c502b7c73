"""Which process runs a table when several ``jokeren serve`` processes share one store
(docs/server.md, "Several processes"): leases in Redis.

Each process holds one key of its own, ``jokeren:proc:ID``, that expires ``TTL`` seconds
after its last renewal (every ``BEAT`` seconds). A table belongs to the process the hash
``jokeren:owner`` names for its room, while that process's key lives: taking a room (a Lua
script, so two processes never both take it) succeeds when nobody holds it or its holder's
key has expired. A process that has not renewed its key for ``HOLD`` seconds stops every
table it runs (another may take them once the key expires), so two processes never run one
table at once; PostgreSQL's key on (room, version) is the last guard (runtime.py: an action
whose version is stored already stops the table that tried to store it).
"""

from __future__ import annotations

from typing import Any

TTL = 3.0  # seconds a process's key lives after its last renewal
BEAT = 0.5  # seconds between renewals (and looks for tables whose process died)
HOLD = 2.0  # seconds without a renewal after which a process lets its tables go
PREFIX = "jokeren:"
OWNERS = PREFIX + "owner"  # hash: room -> the process that runs its table

_CLAIM = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner == ARGV[2] then return owner end
if owner and redis.call('EXISTS', ARGV[3] .. owner) == 1 then return owner end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
"""

_RELEASE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""


def proc_key(proc: str) -> str:
    return f"{PREFIX}proc:{proc}"


class Leases:
    """One process's leases on one Redis (redis-py's asyncio client, ``decode_responses``)."""

    def __init__(self, client: Any, me: str) -> None:
        self.client, self.me = client, me
        self._claim = client.register_script(_CLAIM)
        self._release = client.register_script(_RELEASE)

    async def register(self) -> None:
        """This process is alive (its key set for ``TTL``)."""
        await self.client.set(proc_key(self.me), "1", px=int(TTL * 1000))

    async def renew(self) -> bool:
        """Renew this process's key; False when it had expired meanwhile (the process was
        held up longer than ``TTL``: its tables may be another's now)."""
        return bool(await self.client.set(proc_key(self.me), "1", px=int(TTL * 1000),
                                          xx=True))

    async def claim(self, room: str) -> str:
        """Take the room if nobody alive holds it; the process that runs it now."""
        return str(await self._claim(keys=[OWNERS], args=[room, self.me, proc_key("")]))

    async def release(self, room: str) -> None:
        """Give the room up (only if this process holds it)."""
        await self._release(keys=[OWNERS], args=[room, self.me])

    async def owner(self, room: str) -> str | None:
        """The process the hash names for the room (alive or not), None if nobody."""
        found: str | None = await self.client.hget(OWNERS, room)
        return found

    async def alive(self, proc: str) -> bool:
        return bool(await self.client.exists(proc_key(proc)))

    async def orphans(self) -> list[str]:
        """The rooms whose process is no longer alive."""
        owners: dict[str, str] = await self.client.hgetall(OWNERS)
        procs = sorted(set(owners.values()))
        if not procs:
            return []
        live = await self.client.mget([proc_key(p) for p in procs])
        dead = {p for p, v in zip(procs, live, strict=True) if v is None}
        return [room for room, proc in owners.items() if proc in dead]

    async def held(self) -> set[str]:
        """Every room some process holds (alive or not)."""
        return set(await self.client.hkeys(OWNERS))

    async def retire(self) -> None:
        """This process stops: its key goes (its rooms may be taken at once)."""
        await self.client.delete(proc_key(self.me))
