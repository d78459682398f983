"""The lexicon's data files (see README.md): plain UTF-8, tab-separated, ``#`` comments."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator


def rows(path: Path, header: str = "") -> Iterator[tuple[int, list[str]]]:
    """(line number, tab-separated fields) of each data row of ``path``: comment lines
    (``#``), blank lines and a header row starting with ``header`` + TAB are skipped.
    Raises OSError if the file cannot be read."""
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip() or (
                    header and line.startswith(header + "\t")):
                continue
            yield lineno, line.rstrip("\n").split("\t")
