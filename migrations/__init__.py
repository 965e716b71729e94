"""Alembic migrations of the question log; applied by `verifier serve` and verifier.migrate."""
