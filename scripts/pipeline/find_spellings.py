"""Write ``lexicon/spellings.tsv``: the stem pairs of §E4 double spellings (RULES.md E4).

Rows ``stem  other  kind  lemmas  citation`` (grammars/rules/e4_spellings.py reads them):

* the regulation's own examples (αυγό/αβγό, αυγίλα/αβγίλα, αυγούλι/αβγούλι, αητός/αϊτός),
  cited ``regulation §E4``;
* pairs of lemmas of the lexicon (``lexicon/lemmas*.tsv``: elspell, spaCy and hunspell lemmas,
  hand entries) of the same part of speech and inflection class that differ only by one
  sound-preserving alternation (``e4_spellings.ALTERNATIONS``: αυ/αβ, ευ/εβ before a voiced
  consonant or a vowel, αη/αϊ, οη/οϊ), cited by the lemma files they come from.

Each lemma pair gives the stem around its alternation (``e4_spellings.stem_at``: αυγοθήκη →
αυγο); pairs giving the same stem are one row, and a stem that begins with a shorter stem of
the same alternation is dropped (the shorter one reaches its lemmas). Deterministic; no oracle
is read. Prints the counts.

    python -m scripts.pipeline.find_spellings [--dry-run]
"""
from __future__ import annotations

import argparse
import collections
import sys

from scripts.common import ROOT

from lexicon import LEXICON_DIR, SPELLINGS_FILE, read_lexicon
from grammars.rules import e4_spellings as e4

REGULATION_PAIRS = (("αυγό", "αβγό"), ("αυγίλα", "αβγίλα"), ("αυγούλι", "αβγούλι"),
                    ("αητός", "αϊτός"))
HEADER = """\
# §E4 double spellings (RULES.md E4): pairs of stems spelt two ways with the same sound.
# Written by scripts/find_spellings.py; do not edit by hand (rerun the script).
# stem, other: plain stems (no stress mark, diaeresis kept) as e4_spellings.stem_at cuts them;
# kind: the alternation; lemmas: the lemma pairs behind the row; citation: the regulation's
# own examples, or the lemma files where both spellings are lemmas of the same part of speech
# and inflection class (elspell = lemmas.tsv, MPL-1.1/GPL-2/LGPL-2.1; spacy+evidence,
# hunspell+evidence: see SOURCES.md). Every lemma reached by a stem takes the other spelling
# (grammars/rules/e4_spellings.py).
stem\tother\tkind\tlemmas\tcitation
"""


def lemma_pairs(entries):
    """(lemma, other lemma, position, source, target, kind, sources) of same-POS, same-class
    lemma pairs differing by one alternation, each pair once; and the rejected count per
    reason."""
    by_lemma = collections.defaultdict(set)
    src_of = collections.defaultdict(set)
    by_plain = collections.defaultdict(set)
    for e in entries:
        by_lemma[e.lemma].add((e.pos, e.inflection_class))
        src_of[e.lemma].add(e.source)
        by_plain[e4.plain(e.lemma)].add(e.lemma)
    out, rejected = [], collections.Counter()
    for lm in sorted(by_lemma):
        w = e4.plain(lm)
        for i, src, dst, kind in e4.find_alternations(w):
            if src != e4.ALTERNATIONS[kind][0]:
                continue  # each pair once, from its αυ/ευ/αη/οη side
            ow = w[:i] + dst + w[i + 2:]
            for other in sorted(by_plain.get(ow, ())):
                if by_lemma[lm] & by_lemma[other]:
                    out.append((lm, other, i, src, dst, kind,
                                sorted(src_of[lm] | src_of[other])))
                else:
                    rejected["another part of speech or class"] += 1
    return out, rejected


def stem_rows(pairs, regulation=REGULATION_PAIRS):
    """Rows (stem, other, kind, lemmas, citation), sorted, shorter stems subsuming longer."""
    rows = {}
    for lm, other, i, src, dst, kind, sources in pairs:
        stem = e4.stem_at(e4.plain(lm), i)
        ostem = stem[:i] + dst + stem[i + 2:]
        r = rows.setdefault((stem, ostem, kind), {"lemmas": [], "sources": set(), "reg": False})
        r["lemmas"].append(f"{lm}/{other}")
        r["sources"].update(sources)
    for lm, other in regulation:
        w = e4.plain(lm)
        for i, src, dst, kind in e4.find_alternations(w):
            if w[:i] + dst + w[i + 2:] == e4.plain(other):
                stem = e4.stem_at(w, i)
                key = (stem, stem[:i] + dst + stem[i + 2:], kind)
                r = rows.setdefault(key, {"lemmas": [], "sources": set(), "reg": False})
                r["reg"] = True
                if f"{lm}/{other}" not in r["lemmas"]:
                    r["lemmas"].append(f"{lm}/{other}")
    keys = sorted(rows)
    kept = [k for k in keys
            if not any(j != k and j[2] == k[2] and e4.reaches(k[0], j[0]) and
                       e4.reaches(k[1], j[1]) for j in keys)]
    out = []
    for k in kept:
        r = rows[k]
        cit = "regulation §E4" if r["reg"] else "lexicon: " + ", ".join(sorted(r["sources"]))
        out.append((*k, " ".join(sorted(r["lemmas"])), cit))
    return out, len(keys) - len(kept)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="print the counts, write nothing")
    args = ap.parse_args(argv)
    entries = read_lexicon()
    pairs, rejected = lemma_pairs(entries)
    rows, subsumed = stem_rows(pairs)
    kinds = collections.Counter(p[5] for p in pairs)
    print(f"lemma pairs (same POS and class): {len(pairs)}  "
          + " ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    for why, n in sorted(rejected.items()):
        print(f"lemma pairs rejected ({why}): {n}")
    print(f"stem rows: {len(rows)} ({sum(r[4] == 'regulation §E4' for r in rows)} from the "
          f"regulation), {subsumed} subsumed by a shorter stem")
    pairs_ = [e4.StemPair(*r) for r in rows]
    ext = e4.extensions((e.lemma for e in entries), pairs_)
    per_stem = collections.Counter(x.stem for x in ext)
    print(f"lemmas given the other spelling: {len(ext)}  "
          + " ".join(f"{s} {n}" for s, n in sorted(per_stem.items())))
    if not args.dry_run:
        path = LEXICON_DIR / SPELLINGS_FILE
        with open(path, "w", encoding="utf-8") as f:
            f.write(HEADER)
            for r in rows:
                f.write("\t".join(r) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
