"""Code-stage checks of an answer against its excerpts: deterministic, no model involved."""
