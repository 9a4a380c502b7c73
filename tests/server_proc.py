"""A server in a process of its own, for the crash tests: ``python server_proc.py DB PORT
BOT_DELAY [REDIS]`` (the pauses short, so that a test sees many actions between kills;
with REDIS, one of several processes that share the rooms, tests/test_server_scale.py)."""

from __future__ import annotations

import logging
import sys

import uvicorn

from jokeren.server import memory
from jokeren.server.app import Settings, create_app
from jokeren.server.limits import UVICORN_WS, Limits
from jokeren.server.runtime import Timing

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    db, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    timing = Timing(bot_delay=delay, round_pause=delay, grace=60.0)
    redis = sys.argv[4] if len(sys.argv) > 4 else ""
    # no rate limit on a seat's messages: the tests' people answer at once
    # a process of its own, like `jokeren serve`: the server's own garbage collector
    settings = Settings(db=db, timing=timing, limits=Limits.off(), rate=1000.0, redis=redis,
                        collect_every=memory.EVERY)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
                **UVICORN_WS)
