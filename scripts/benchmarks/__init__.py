"""The benchmarks, run as ``python -m scripts.benchmarks.NAME`` from the repository root."""
