#!/usr/bin/env python3
"""Print the accepted words whose letter clusters are outside the phonotactic inventory.

Usage: python -m scripts.measure.phonotactic_offenders [--summary] [--all]

Runs over the build's word list (every accepted 2–15 letter board word) and prints, for each
word with a run that the grammar made outside the inventory (``grammars.phonotactics``:
``made_outside``, a run that none of the word's lemmas has itself), one line per analysis:
``word  run(position)  lemma  class  cell``. Exempt, as in tests/test_phonotactics.py: the
listed 2–3 letter words and the hidden words (§E2); ``--all`` exempts nothing and reports
every run outside the inventory, the lemmas' own included. ``--summary`` prints the counts
by run and by class only. The last line gives the number of offending words. Reads no oracle.
"""
from __future__ import annotations

import argparse
import collections
import sys

from tqdm import tqdm

from grammars.phonotactics import made_outside, outside

#: classes of listed words the audit leaves out (§E2 hidden words); 2–3 letter words go by length
EXEMPT_CLASSES = ("HIDDEN-WORD",)


def offenders(judge, exempt: bool = True) -> dict:
    """{tile word: (runs, analyses)} of the accepted words with a run outside the inventory
    (made by the grammar unless not ``exempt``), in word-list order."""
    dfa = judge.runtime
    out = {}
    words = dfa.wordlist(0, max(1, int(dfa.height[0])))
    for tile in tqdm(words, desc="words", unit=" words", mininterval=5, disable=None):
        if not outside(tile):
            continue
        if exempt and len(tile) <= 3:
            continue
        an = judge.analyse(tile)
        if exempt and any(a.inflection_class in EXEMPT_CLASSES or "E2" in a.rules for a in an):
            continue
        bad = made_outside(tile, [a.lemma for a in an]) if exempt else outside(tile)
        if bad:
            out[tile] = (bad, an)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--summary", action="store_true", help="counts by run and class only")
    ap.add_argument("--all", action="store_true", help="exempt nothing")
    a = ap.parse_args(argv)
    from fst.app.protocol import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH
    from fst.app.engine import judge_for
    off = offenders(judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH), exempt=not a.all)
    by_run, by_class = collections.Counter(), collections.Counter()
    for tile, (bad, an) in off.items():
        runs = ",".join(f"{r}({p})" for p, r in bad)
        for p, r in bad:
            by_run[f"{r}({p})"] += 1
        for lemma, cls, cell in sorted({(x.lemma, x.inflection_class, x.tags) for x in an}):
            by_class[cls] += 1
            if not a.summary:
                print(f"{tile}\t{runs}\t{lemma}\t{cls}\t{cell}")
    if a.summary:
        print("by run: " + ", ".join(f"{k} {n}" for k, n in by_run.most_common()))
        print("by class: " + ", ".join(f"{k} {n}" for k, n in by_class.most_common()))
    print(f"{len(off)} words outside the phonotactic inventory")
    return 0


if __name__ == "__main__":
    sys.exit(main())
