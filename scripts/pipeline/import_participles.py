#!/usr/bin/env python3
"""Present passive participles that a dictionary gives as headwords → ``lexicon/lemmas-participles.tsv``.

Usage: python -m scripts.pipeline.import_participles [--shared DIR] [--freedict INDEX]
       (defaults ../shared and Debian's /usr/share/dictd/freedict-ell-eng.index)

Regulation §D6: a participle other than -οντας/-ώντας is valid only where the dictionaries give
it. A -όμενος/-ούμενος/-ώμενος participle that a dictionary has as a headword of its own
(αναμενόμενος, κινούμενος, συνεργαζόμενος) is an adjective lemma of class E5 (-ος -η -ο,
stress kept: επόμενος, επόμενων; Triantafyllidis 1941 § 1143). The verb's paradigm never
generates these forms: only such a headword does.

Sources, lemma records only (lexicon/SOURCES.md): FreeDict's Greek-English dictionary
(Debian dict-freedict-ell-eng, CC BY-SA 3.0), the Greek WordNet's lemmas (Apache-2.0) and
UniMorph's Greek adjective lemmas (CC BY-SA 3.0). A headword is taken when it is lower-case
Greek, ends in -όμενος, -ούμενος or -ώμενος after a stem with a vowel (not γκόμενος), class E5
gives it back as its citation form, and no other lemma file has it. Rows:

    lemma  ADJ  -  E5  -  -  -  SOURCES        (SOURCES: freedict, wordnet, unimorph, joined by +)

A row whose only source is FreeDict carries the id ``FD`` (lexicon/__init__.py), as
``lemmas-freedict.tsv`` does, so that the ``free`` profile leaves it out. Deterministic;
counts on stdout. Never reads the official list. Exit status 1, with one line, if a source is
missing.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from scripts.common import FREEDICT_INDEX, ROOT, SHARED, lemma_headwords

from grammars.paradigm import generate, load_tables
from lexicon import LEXICON_DIR, read_lemmas

OUT = ROOT / "lexicon" / "lemmas-participles.tsv"
CLASS = "E5"
SOURCE_ORDER = ("wordnet", "unimorph", "freedict")
PARTICIPLE = re.compile(r"^[αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*"
                        r"[αεηιουωάέήίύϊϋ][αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*"
                        r"(όμενος|ούμενος|ώμενος)$")

HEADER = """\
# Present passive participles that a dictionary gives as headwords of their own (regulation §D6:
# -όμενος participles only where the dictionaries give them), as adjectives of class E5.
# Written by scripts/pipeline/import_participles.py; do not edit by hand (rerun the script).
# Sources (lemma records only): FreeDict Greek-English (CC BY-SA 3.0, the FreeDict
# contributors; Debian dict-freedict-ell-eng), the Greek WordNet (Apache-2.0), UniMorph Greek
# (CC BY-SA 3.0, the UniMorph project and Wiktionary contributors).
"""


def headwords(shared: Path, freedict: Path) -> dict[str, set[str]]:
    """Lemma → the dictionaries of :data:`SOURCE_ORDER` that give it as a headword
    (:func:`scripts.common.lemma_headwords`). Raises SystemExit naming a missing source file."""
    files = {"wordnet": shared / "data" / "wordnet" / "wn-data-ell.tab.gz",
             "unimorph": shared / "data" / "unimorph" / "ell.tsv.gz", "freedict": freedict}
    for name, path in files.items():
        if not path.exists():
            raise SystemExit(f"import_participles: the {name} file {path} is missing")
    found, pos = lemma_headwords(shared, freedict)
    out = {}
    for w, ss in found.items():
        # UniMorph as an adjective's source only where it tags the lemma as one
        got = {s for s in ss & set(SOURCE_ORDER)
               if s != "unimorph" or any(t.startswith("ADJ") for t in pos[w]["unimorph"])}
        if got:
            out[w] = got
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--freedict", type=Path, default=FREEDICT_INDEX,
                    help="FreeDict's ell-eng dictd index (Debian dict-freedict-ell-eng)")
    args = ap.parse_args(argv)
    found = headwords(args.shared, args.freedict)
    known = {e.lemma for e in read_lemmas(sorted(p for p in LEXICON_DIR.glob("lemmas*.tsv")
                                                 if p != OUT))}
    table = load_tables()[CLASS]
    rows, counts = [], {"headwords": 0, "already a lemma": 0, "not given back by E5": 0}
    for lemma in sorted(found):
        if not PARTICIPLE.match(lemma):
            continue
        counts["headwords"] += 1
        if lemma in known:
            counts["already a lemma"] += 1
            continue
        if not any(f == lemma and c == "ADJ;MASC;NOM;SG" for f, c, _w in generate(lemma, table)):
            counts["not given back by E5"] += 1
            continue
        src = "+".join(s for s in SOURCE_ORDER if s in found[lemma])
        rows.append(f"{lemma}\tADJ\t-\t{CLASS}\t-\t-\t-\t{src}\n")
        counts[src] = counts.get(src, 0) + 1
    OUT.write_text(HEADER + "".join(rows), encoding="utf-8")
    for k, v in counts.items():
        print(f"  {k}: {v}")
    print(f"rows written: {len(rows)} ({OUT.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
