"""The arq worker that verifies queued answers."""
