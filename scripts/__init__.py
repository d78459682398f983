"""The project's scripts, run as modules from the repository root
(``python -m scripts.pipeline.classify_by_evidence``): :mod:`scripts.pipeline` writes the data of
lexicon/ and grammars/, :mod:`scripts.measure` measures and audits it, :mod:`scripts.benchmarks`
times it; :mod:`scripts.common` holds what they share."""
