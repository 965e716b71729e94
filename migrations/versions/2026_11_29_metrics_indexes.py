"""metrics_indexes

Revision ID: 2026_11_29_metrics_indexes
Revises: 2026_11_29_metrics_columns
Create Date: 2026-11-29 21:10:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "2026_11_29_metrics_indexes"
down_revision: str | None = "2026_11_29_metrics_columns"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The coverage count probes verdicts by answer_id for every answer of the window and counts
    # verdicts.id: (answer_id, id) answers that from the index alone, where PostgreSQL otherwise
    # hashes the whole verdicts table (python -m bench analytics, bench/README.md).
    with op.batch_alter_table("verdicts", schema=None) as batch_op:
        batch_op.create_index("ix_verdicts_answer_id_id", ["answer_id", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("verdicts", schema=None) as batch_op:
        batch_op.drop_index("ix_verdicts_answer_id_id")
