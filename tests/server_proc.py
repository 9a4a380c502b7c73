"""A server in a process of its own, for the crash test: ``python server_proc.py DB PORT
BOT_DELAY`` (the pauses short, so that a test sees many actions between kills)."""

from __future__ import annotations

import logging
import sys

import uvicorn

from jokeren.server.app import Settings, create_app
from jokeren.server.limits import Limits
from jokeren.server.runtime import Timing

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    db, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    timing = Timing(bot_delay=delay, round_pause=delay, grace=60.0)
    settings = Settings(db=db, timing=timing, limits=Limits.off())
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
                ws_max_size=65536)
