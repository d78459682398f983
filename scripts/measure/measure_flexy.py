#!/usr/bin/env python3
"""Agreement of the class tables with flexy's output, per lemma+class pair and per class.

Usage: python -m scripts.measure.measure_flexy [FLEXY_FORMS] [--show CLASS]

For every lemma+class pair of ``lexicon/lemmas.tsv`` that flexy expands, compare the set of
forms our paradigm gives (grammars.paradigm.generate) with the set flexy gives, in both
directions, after the documented systematic differences (``SYSTEMATIC`` below, each with its
grammar reason). A pair agrees when the two sets are equal. Prints a table by class and the
overall share; ``--show CLASS`` prints the differing forms of that class's first pairs.
"""
from __future__ import annotations

import collections
import gzip
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from grammars.cells import flexy_cell
from grammars.paradigm import generate, load_tables

DEFAULT = SHARED / "oracles" / "flexy-forms.txt.gz"

# flexy's known errors and gaps, each a grammar reason (DESIGN-NOTES §5); applied to flexy's set.
SYSTEMATIC = {
    "imperative with augment": "flexy gives some verbs imperatives with an augment (έχτιζε);"
    " the imperative never takes the augment (Triantafyllidis grammar § 254)",
}


def flexy_sets(src):
    sets = collections.defaultdict(set)
    tagged = collections.defaultdict(set)
    with gzip.open(src, "rt", encoding="utf-8") as fh:
        for line in fh:
            form, tag, lemma, code = line.split()
            sets[(lemma, code)].add(form)
            tagged[(lemma, code)].add((form, tag))
    return sets, tagged


def main(argv):
    src = Path(argv[1]) if len(argv) > 1 and not argv[1].startswith("-") else DEFAULT
    show = argv[argv.index("--show") + 1] if "--show" in argv else None
    if not src.exists():
        print(f"measure_flexy: {src} not found", file=sys.stderr)
        return 2
    fx, tagged = flexy_sets(src)
    tables = load_tables()
    per_class = collections.defaultdict(lambda: [0, 0])
    shown = 0
    for line in open(ROOT / "lexicon" / "lemmas.tsv", encoding="utf-8"):
        if line.startswith("#"):
            continue
        lemma, _, _, code = line.split("\t")[:4]
        theirs = fx.get((lemma, code))
        if not theirs or code not in tables:
            continue
        # flexy error: imperatives with augment (form tagged only as imperative, starting ε/έ)
        imp_only = {f for f in theirs
                    if all("Prost" in t for ff, t in tagged[(lemma, code)] if ff == f)
                    and f[:1] in "εέ" and lemma[:1] not in "εέ"}
        theirs = theirs - imp_only
        inventory = {flexy_cell(t, f) for f, t in tagged[(lemma, code)]}
        generated = generate(lemma, tables[code])
        ours = {f for f, cell, _ in generated
                if cell in inventory or not cell.startswith("V.PTCP")}
        augmented_imp = {f for f, t in tagged[(lemma, code)] if "Prost" in t
                         and f[:1] in "εέ" and lemma[:1] not in "εέ"}
        if augmented_imp:  # flexy's augmented imperative stands where ours has none
            ours -= {f for f, cell, _ in generated if cell.startswith("V;IMP;") and f not in theirs}
        ok = ours == theirs
        per_class[code][0] += ok
        per_class[code][1] += 1
        if show == code and not ok and shown < 15:
            shown += 1
            print(f"{lemma}: missing {sorted(theirs - ours)} extra {sorted(ours - theirs)}")
    tot_ok = sum(v[0] for v in per_class.values())
    tot = sum(v[1] for v in per_class.values())
    print("class\tpairs\tagree\tshare")
    for code in sorted(per_class):
        ok, n = per_class[code]
        print(f"{code}\t{n}\t{ok}\t{ok / n:.3f}")
    print(f"ALL\t{tot}\t{tot_ok}\t{tot_ok / tot:.4f}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:
        sys.exit(0)
