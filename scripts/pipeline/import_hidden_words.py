#!/usr/bin/env python3
"""Import the federation's «Κρυμμένες Λέξεις» (hidden words, 2020) into lexicon/hidden_words.tsv.

Usage: python -m scripts.pipeline.import_hidden_words [PATH_TO_hidden-words-2020.tsv]
       (default ../shared/data/pes/hidden-words-2020.tsv)

Rule E2: ancient forms surviving in expressions printed in the dictionaries are valid; the
federation lists them with the dictionary entry they hide in. Each row keeps that citation.
Only single words of the 24 tile letters are kept (the parser's broken rows are counted and
dropped). Deterministic output, sorted by word.
"""
from __future__ import annotations

import sys
from pathlib import Path

from scripts.common import ROOT, SHARED
DEFAULT = SHARED / "data" / "pes" / "hidden-words-2020.tsv"
TILES = set("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")
DICTS = {"ΤΡΙΑΝ": "Triantafyllidis ΛΚΝ", "ΜΠΑΜΠ": "Babiniotis ΛΝΕΓ", "ΑΚΑΔ": "Academy of Athens"}


def main(argv):
    src = Path(argv[1]) if len(argv) > 1 else DEFAULT
    if not src.exists():
        print(f"import_hidden_words: {src} not found", file=sys.stderr)
        return 2
    rows, dropped = {}, 0
    lines = src.read_text(encoding="utf-8").splitlines()[1:]
    for line in lines:
        parts = (line.split("\t") + ["", "", ""])[:4]
        word, entry, dictionary = parts[0].strip(), parts[1].strip(), parts[2].strip()
        if not word or not set(word) <= TILES or len(word) < 2 or not entry:
            dropped += 1
            continue
        rows.setdefault(word, (entry, DICTS.get(dictionary, dictionary or "?")))
    out = ROOT / "lexicon" / "hidden_words.tsv"
    with open(out, "w", encoding="utf-8") as f:
        f.write("# Hidden words (rule E2): the Hellenic Scrabble federation's referee aid\n"
                "# «Κρυμμένες Λέξεις» (2020). Free non-commercial use by the federation's\n"
                "# permission; NOT covered by the project's GPL (see SOURCES.md). Each word cites\n"
                "# the dictionary entry it is printed in. Imported by scripts/import_hidden_words.py.\n"
                "word\tfound_under\tdictionary\n")
        for word in sorted(rows):
            entry, d = rows[word]
            f.write(f"{word}\t{entry}\t{d}\n")
    print(f"kept {len(rows)} words, dropped {dropped} malformed rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
