"""Playing together (issue 39): the words said at a table (reactions and chat, stored with
the match) and each finished room's rematch, so its link survives a restart.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_word",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("room.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("text", sa.String(512), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("room_id", "n"),
    )
    op.create_table(
        "room_next",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("room.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("next_id", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_next")
    op.drop_table("room_word")
