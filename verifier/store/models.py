"""ORM models of the question log (SQLAlchemy 2, typed)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

# Explicit names so that every migration creates and drops the same constraint on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware timestamp on every backend; SQLite hands back naive UTC values."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Attach UTC to naive values read back from the database."""
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    """Declarative base carrying the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class ApiKey(Base):
    """An API key; only the SHA-256 of the secret is stored."""

    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    role: Mapped[str] = mapped_column(String(16))
    tenant: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class User(Base):
    """A person who signs in to the web pages: reviewer, analyst or admin of one tenant."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(16))
    tenant: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Answer(Base):
    """A chatbot answer as posted, with its processing and review state."""

    __tablename__ = "answers"
    __table_args__ = (
        UniqueConstraint("tenant", "external_id"),
        Index("ix_answers_tenant_received_at", "tenant", "received_at"),
        Index(
            "ix_answers_tenant_review_state_received_at", "tenant", "review_state", "received_at"
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    tenant: Mapped[str] = mapped_column(String(100))
    external_id: Mapped[str | None] = mapped_column(String(200))
    question: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(Text)
    answer_model: Mapped[str | None] = mapped_column(String(200))
    conversation_id: Mapped[str | None] = mapped_column(String(200))
    extra: Mapped[dict[str, Any] | None] = mapped_column("metadata", JSON)
    status: Mapped[str] = mapped_column(String(16))
    error: Mapped[str | None] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime())
    stored_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    # pending -> rated | discarded; the lease keeps two reviewers off the same answer.
    review_state: Mapped[str] = mapped_column(
        String(16), default="pending", server_default="pending"
    )
    lease_owner: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    discard_reason: Mapped[str | None] = mapped_column(Text)

    excerpts: Mapped[list[Excerpt]] = relationship(
        back_populates="answer", order_by="Excerpt.n", cascade="all, delete-orphan"
    )


class Excerpt(Base):
    """One numbered excerpt exactly as the answering model saw it."""

    __tablename__ = "excerpts"
    __table_args__ = (UniqueConstraint("answer_id", "n"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[str] = mapped_column(ForeignKey("answers.id", ondelete="CASCADE"))
    n: Mapped[int]
    text: Mapped[str] = mapped_column(Text)
    title: Mapped[str | None] = mapped_column(Text)
    url: Mapped[str | None] = mapped_column(Text)

    answer: Mapped[Answer] = relationship(back_populates="excerpts")


class Verdict(Base):
    """The shadow verdict of one answer; exactly one per answer."""

    __tablename__ = "verdicts"
    __table_args__ = (
        # The coverage count outer-joins a verdict to every answer of the window and counts its
        # id; with (answer_id, id) that is an index-only probe per answer. Without it PostgreSQL
        # hashes the whole verdicts table, a cost that grows with the log, not the window
        # (bench/README.md: at 1M answers, coverage_counts 170 -> 74 ms).
        Index("ix_verdicts_answer_id_id", "answer_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[str] = mapped_column(
        ForeignKey("answers.id", ondelete="CASCADE"), unique=True
    )
    flagged: Mapped[bool]
    # Flat copies of what the metrics group by, so they aggregate in SQL, not over JSON.
    code_flagged: Mapped[bool] = mapped_column(default=False, server_default=false())
    judge_flagged: Mapped[bool | None]
    judge_status: Mapped[str | None] = mapped_column(String(32))
    judge_model: Mapped[str | None] = mapped_column(String(200))
    prompt_version: Mapped[str | None] = mapped_column(String(50))
    reasons: Mapped[list[Any]] = mapped_column(JSON)
    stages: Mapped[dict[str, Any]] = mapped_column(JSON)
    checker_version: Mapped[str] = mapped_column(String(50))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Finding(Base):
    """One flagging finding of a verdict, by stage and kind, for the metrics by kind."""

    __tablename__ = "findings"

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[str] = mapped_column(ForeignKey("answers.id", ondelete="CASCADE"), index=True)
    stage: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(40))


class Rating(Base):
    """A human rating; revision 0 is the blind one the metrics count."""

    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("answer_id", "revision"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[str] = mapped_column(ForeignKey("answers.id", ondelete="CASCADE"))
    revision: Mapped[int]
    rating: Mapped[str] = mapped_column(String(16))
    comment: Mapped[str | None] = mapped_column(Text)
    rater: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
