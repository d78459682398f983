"""The normaliser's names where the machinery has always imported them: the rules themselves
are Greek (tile form, Latin look-alikes, final sigma) and live in :mod:`grammars.normalize`."""
from __future__ import annotations

from grammars.normalize import (ERROR_CODES, LATIN_LOOKALIKES, MAX_LETTERS, TILE_LETTERS,
                                InvalidWord, is_tile, to_lower_accented, to_tile)

__all__ = [
    "TILE_LETTERS",
    "MAX_LETTERS",
    "LATIN_LOOKALIKES",
    "ERROR_CODES",
    "InvalidWord",
    "to_tile",
    "to_lower_accented",
    "is_tile",
]
