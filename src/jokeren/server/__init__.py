"""The online table: ``jokeren serve`` (FastAPI, SQLAlchemy, one asyncio task per table).

The server holds no rule of the game: rooms say who sits where, the runtime passes every
action to the engine and sends each seat what the engine says it may see (docs/server.md).
"""
