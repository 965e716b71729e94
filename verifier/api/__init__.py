"""HTTP routes, one module per domain; dependencies live in deps."""
