"""The generating scripts: each writes files of lexicon/ or grammars/ from ../shared and the
files before it (their order: ``STEPS`` of :mod:`scripts.measure.measure_folds`). Run each as
``python -m scripts.pipeline.NAME`` from the repository root. Their own data (the review queue,
which nothing at run time reads) is in ``data/``."""
