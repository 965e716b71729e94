"""The second opinion: an evidence-obligated verdict from a model of another family, via Ollama."""
