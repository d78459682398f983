#!/usr/bin/env python3
"""Print the accepted words whose letter clusters are outside the phonotactic inventory.

Usage: python scripts/phonotactic_offenders.py [--summary] [--all]

Reads the build's analysis table (every accepted 2–15 letter board word, rule-derived forms
included) and prints, for each word with a run that ``grammars.phonotactics.outside`` names,
one line per analysis: ``word  run(position)  lemma  class  cell``. Exempt, as in
tests/test_phonotactics.py, unless ``--all``: the listed 2–3 letter words, the hidden words
(§E2) and the indeclinable foreign loans (§B7, lexicon/loans.tsv). ``--summary`` prints the
counts by run and by class only. The last line gives the number of offending words. Reads no
oracle.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grammars.phonotactics import outside  # noqa: E402

#: analyses whose words the audit leaves out: listed 2–3 letter words, hidden words, loans
EXEMPT_CLASSES = ("W23", "HIDDEN", "INDECL")


def analyses():
    """(tile word, lemma, class, cell) of every analysis of the build's table."""
    import numpy as np

    from fst.cli import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, _judge
    judge = _judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)
    table, dfa = judge.table, judge.runtime
    offsets = np.asarray(table.offsets)
    words = list(dfa.wordlist(0, max(1, int(dfa.height[0]))))
    n_pat = table._n_pat
    word = np.repeat(np.arange(len(words), dtype=np.int64), np.diff(offsets))
    fid, _pid = np.divmod(np.asarray(table.form), n_pat)
    lem = np.asarray(table.lemma)
    for w, f, lm in zip(word.tolist(), fid.tolist(), lem.tolist()):
        cls, cell, _rules, _weight = table.forms[f]
        yield words[w], table.lemmas[lm], cls, cell
    for tile, rows in table.extra.items():
        for r in rows:
            yield tile, r.lemma, r.inflection_class, r.tags


def offenders(exempt: bool = True):
    """{tile word: (outside runs, [(lemma, class, cell), …])} of the accepted words outside
    the inventory; a word with an exempt analysis is left out when ``exempt``."""
    by_word: dict[str, list] = collections.defaultdict(list)
    for tile, lemma, cls, cell in analyses():
        by_word[tile].append((lemma, cls, cell))
    out = {}
    for tile, an in by_word.items():
        if len(tile) < 2:
            continue
        bad = outside(tile)
        if not bad:
            continue
        if exempt and (len(tile) <= 3 or any(c in EXEMPT_CLASSES for _, c, _ in an)):
            continue
        out[tile] = (bad, an)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--summary", action="store_true", help="counts by run and class only")
    ap.add_argument("--all", action="store_true", help="exempt nothing")
    a = ap.parse_args(argv)
    off = offenders(exempt=not a.all)
    by_run, by_class = collections.Counter(), collections.Counter()
    for tile in sorted(off):
        bad, an = off[tile]
        runs = ",".join(f"{r}({p})" for p, r in bad)
        for p, r in bad:
            by_run[f"{r}({p})"] += 1
        for lemma, cls, cell in sorted(set(an)):
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
