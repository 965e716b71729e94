"""Answer verifier: checks after the fact whether a chatbot's answer is faithful to its excerpts."""

__version__ = "0.1.0"
