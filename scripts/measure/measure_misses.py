#!/usr/bin/env python3
"""How far the shippable sources can take recall on the official 2–8 dev half.

Usage: python -m scripts.measure.measure_misses [SHARED_DIR]

Of the dev-half words the shipped language misses, how many are attested at all in a source
the project may draw lemmas from: hunspell el_GR's lower-case list (as a form) or spaCy's
lemma index (as a lemma). A missed word neither attests has no shippable evidence, so the
printed ceiling bounds the recall any lexicon built by the project's rules can reach (an
optimistic bound: it assumes every attested word is reached). Prints only; reads ../shared.
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from scripts.common import SHARED

from scripts.common import read_hunspell
from fst.api import Judge
from grammars.normalize import InvalidWord, to_tile


def tiles(words) -> set[str]:
    out = set()
    for w in words:
        try:
            out.add(to_tile(w))
        except InvalidWord:  # junk entries (βικιλεξικό:ορισμοί)
            pass
    return out


def main(argv):
    shared = Path(argv[1]) if len(argv) > 1 else SHARED
    dev = set((shared / "oracles" / "pes-2-8-2024-dev.txt").read_text(encoding="utf-8").split())
    hunspell = tiles(read_hunspell(shared))
    with gzip.open(shared / "data" / "spacy" / "el_lemma_index.json.gz", "rt",
                   encoding="utf-8") as f:
        spacy = tiles(w for ws in json.load(f).values() for w in ws)
    ours = set(Judge.load(min_length=2, max_length=8).wordlist(2, 8))
    missed = [w for w in dev if w not in ours]
    in_h = sum(w in hunspell for w in missed)
    in_s = sum(w in spacy for w in missed)
    either = sum(w in hunspell or w in spacy for w in missed)
    print(f"dev half: {len(dev)} words; missed {len(missed)} (recall {1 - len(missed) / len(dev):.4f})")
    print(f"missed words in hunspell's lower-case list: {in_h} ({in_h / len(missed):.3f}); "
          f"spaCy lemmas: {in_s} ({in_s / len(missed):.3f}); either: {either} "
          f"({either / len(missed):.3f})")
    print(f"recall ceiling if every attested missed word were reached: "
          f"{(len(dev) - len(missed) + either) / len(dev):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
