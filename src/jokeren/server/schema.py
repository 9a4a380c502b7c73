"""The database's tables (SQLAlchemy Core); Alembic's migrations create and upgrade them."""

from __future__ import annotations

from sqlalchemy import (
                        Column,
                        Float,
                        ForeignKey,
                        Integer,
                        MetaData,
                        PrimaryKeyConstraint,
                        String,
                        Table,
                        Text,
)

metadata = MetaData()

room = Table(
    "room", metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("rules", Text, nullable=False),  # JSON: a preset name or {"preset": ..., keys}
    Column("options", Text, nullable=False),  # JSON: timers, substitute level
    Column("status", String(16), nullable=False),  # open, playing, finished, ended
    Column("seed", String(64), nullable=False),  # decimal; 128 bits do not fit a BIGINT
    Column("host_hash", String(64), nullable=False),
    Column("invite_hash", String(64), nullable=False),
    Column("spectate_hash", String(64), nullable=False),
)

seat = Table(
    "seat", metadata,
    Column("room_id", String(32), ForeignKey("room.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # person or computer
    Column("level", String(16), nullable=True),  # a computer player's level
    Column("name", String(64), nullable=True),  # the display name, once taken
    Column("token_hash", String(64), nullable=True),
    PrimaryKeyConstraint("room_id", "seat"),
)

action = Table(
    "action", metadata,
    Column("room_id", String(32), ForeignKey("room.id", ondelete="CASCADE"), nullable=False),
    Column("version", Integer, nullable=False),  # the table's version this action made
    Column("seat", Integer, nullable=True),  # None: the table itself (a new round)
    Column("text", String(512), nullable=False),  # the action in the public notation
    Column("client_id", String(64), nullable=True),
    Column("created", Float, nullable=False),
    PrimaryKeyConstraint("room_id", "version"),
)

club_evening = Table(
    "club_evening", metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("secretary_hash", String(64), nullable=False),
    Column("data", Text, nullable=False),  # JSON: {"evening": jokeren-club/1, "absent": [...]}
)

room_word = Table(
    "room_word", metadata,
    Column("room_id", String(32), ForeignKey("room.id", ondelete="CASCADE"), nullable=False),
    Column("n", Integer, nullable=False),  # 1, 2, ... in the order they were said
    Column("seat", Integer, nullable=False),
    Column("kind", String(16), nullable=False),  # reaction or chat
    Column("text", String(512), nullable=False),
    Column("created", Float, nullable=False),
    PrimaryKeyConstraint("room_id", "n"),
)

room_next = Table(
    "room_next", metadata,
    Column("room_id", String(32), ForeignKey("room.id", ondelete="CASCADE"), primary_key=True),
    Column("next_id", String(32), nullable=False),  # the rematch of this finished room
)
