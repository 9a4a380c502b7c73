"""Rooms, their seats and every table's stored actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("spectate_hash", sa.String(64), nullable=False),
    )
    op.create_index("room_status", "room", ["status"])
    op.create_table(
        "seat",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("room.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.PrimaryKeyConstraint("room_id", "seat"),
    )
    op.create_table(
        "action",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("room.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(512), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("room_id", "version"),
    )


def downgrade() -> None:
    op.drop_table("action")
    op.drop_table("seat")
    op.drop_index("room_status", "room")
    op.drop_table("room")
