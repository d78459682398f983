#!/usr/bin/env python3
"""Where the shipped language's surplus comes from: precision on the official 2–8 dev half,
broken down by the source, inflection class and rule ids of each form's best analysis.

Usage: python -m scripts.measure.measure_sources [SHARED_DIR] [--top N]

Every accepted 2–8 letter tile form whose hash puts it in the dev half (see measure_oracles.py)
is analysed; its best analysis names a lemma, a class and rule ids, and the lemma's source
comes from lexicon/*.tsv (``manual`` for irregular/closed rows, ``hidden`` for §E2).
Precision per group = share of the group's forms that the dev half contains. Prints only.
"""
from __future__ import annotations

import collections
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from fst.api import Judge
from grammars.rules.e2_hidden_words import HIDDEN_CLASS
from lexicon import read_lexicon, read_listed
from fst.learn import in_dev_half


def main(argv):
    top = 25
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
        argv = argv[:argv.index("--top")] + argv[argv.index("--top") + 2:]
    shared = Path(argv[1]) if len(argv) > 1 else SHARED
    dev = set((shared / "oracles" / "pes-2-8-2024-dev.txt").read_text(encoding="utf-8").split())
    judge = Judge.load(min_length=2, max_length=8)
    source = {}
    for e in read_lexicon():
        source.setdefault((e.lemma, e.inflection_class), e.source)
    for r in read_listed():
        source.setdefault((r.lemma, r.inflection_class), "manual")
    compounds = ROOT / "lexicon" / "compounds.tsv"
    if compounds.exists():  # compound verbs of the irregular core (grammars/compounds.py)
        for line in compounds.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith(("#", "lemma\t")):
                source.setdefault((line.split("\t")[0], "IRR"), "compound")
    ours = [w for w in judge.wordlist(2, 8) if in_dev_half(w)]
    stats = {k: collections.defaultdict(lambda: [0, 0]) for k in ("source", "class", "rules")}
    bad_examples = collections.defaultdict(list)
    for w in ours:
        ana = judge.analyse(w)
        if not ana:
            continue
        a = ana[0]
        src = source.get((a.lemma, a.inflection_class),
                         "hidden" if a.inflection_class == HIDDEN_CLASS else "?")
        ok = w in dev
        for kind, key in (("source", src), ("class", f"{src}:{a.inflection_class}"),
                          ("rules", " ".join(a.rules) or "paradigm")):
            stats[kind][key][0 if ok else 1] += 1
        if not ok and len(bad_examples[src]) < 15:
            bad_examples[src].append(f"{w}({a.lemma} {a.inflection_class})")
    print(f"dev-half 2–8 forms we accept: {len(ours)}; precision "
          f"{sum(w in dev for w in ours) / max(1, len(ours)):.4f}")
    for kind, table in stats.items():
        print(f"\nby {kind} (best analysis): group, forms, in list, precision")
        rows = sorted(table.items(), key=lambda kv: -kv[1][1])[:top]
        for key, (good, bad) in rows:
            print(f"  {key}\t{good + bad}\t{good}\t{good / (good + bad):.3f}")
    print("\nexamples not in the list, per source:")
    for src, ex in bad_examples.items():
        print(f"  {src}: {' '.join(ex)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
