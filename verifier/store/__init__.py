"""The question log: ORM models and the repository holding every query."""
