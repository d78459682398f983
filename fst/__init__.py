"""dektes: a finite-state morphology toolkit for Modern Greek, judging words for Greek Scrabble.

The engine lives in :mod:`fst.api` (``Judge``); Unicode normalisation in :mod:`grammars.normalize`;
the ``dektes`` command in :mod:`fst.app.cli`. Importing this package does not import pynini.
"""

__version__ = "0.1.0"
