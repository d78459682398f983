#!/usr/bin/env python3
"""§B6 by evidence: which adjectives form -ότερος/-ότατος (-έστερος/-έστατος) → ``lexicon/comparison.tsv``.

Usage: python -m scripts.pipeline.find_comparison [--shared DIR]      (default ../shared)

An adjective of the lemma files whose masculine ends in -ος, or in -ής/-ης (the synthetic
degrees of §B6, grammars/rules/b6_degree.py) is *graded* when one of its comparative or
superlative forms (stem + -ότερ-/-ότατ-, for -ής/-ης -έστερ-/-έστατ-, + an -ος/-η/-ο ending,
compared in tile form) is attested:

* in the hunspell el_GR list (lower-case entries; evidence, no form is shipped);
* in UniMorph's Greek tables (rows with CMPR or SPRL; CC BY-SA 3.0);
* in the official list's development half (its 2–8 letter forms; with DEKTES_PES_FOLD=0|1
  only that fold is read): a lemma-level fact, marked ``+pes-dev`` in the source column.

The grammar's bars still apply on top (b6_degree.allowed: colour, state, pronoun, numeral
adjectives of lexicon/no-comparison.tsv, material -ινος). Not by suffix: σημαντικός and
λογικός are graded because their degrees are attested, not because of -ικός. Rows: ``lemma
hunspell unimorph dev source``, counts of attested degree forms; deterministic, counts on stdout.
"""
from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from fst import learn
from scripts.common import hunspell_lower
from lexicon import read_lexicon
from grammars.normalize import InvalidWord, to_tile

OUT = ROOT / "lexicon" / "comparison.tsv"
ENDINGS = ("ΟΣ", "ΟΥ", "Ο", "Ε", "ΟΙ", "ΩΝ", "ΟΥΣ", "Η", "ΗΣ", "ΕΣ", "Α")
HEADER = """\
# §B6 by evidence (lexicon/README.md, "Degrees of comparison"): -ος, -ής/-ης adjectives whose
# comparative or superlative is attested, written by scripts/find_comparison.py (do not edit by
# hand). Columns: attested degree forms in the hunspell el_GR list, in UniMorph (CC BY-SA 3.0),
# in the official list's dev half (lemma-level evidence: source +pes-dev). No form is shipped.
lemma\thunspell\tunimorph\tdev\tsource
"""


def tile(w: str) -> str | None:
    try:
        return to_tile(w)
    except InvalidWord:
        return None


def degree_tiles(lemma: str) -> list[str]:
    """Tile forms of the comparative and superlative of an -ος or -ής/-ης adjective (§B6 cells)."""
    t = to_tile(lemma)
    infixes = ("ΕΣΤΕΡ", "ΕΣΤΑΤ") if t.endswith("ΗΣ") else ("ΟΤΕΡ", "ΟΤΑΤ")
    return [t[:-2] + infix + e for infix in infixes for e in ENDINGS]


def read_dev(shared: Path) -> frozenset[str]:
    """The dev half of the official list (empty without it), or the fold DEKTES_PES_FOLD names."""
    path = shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not path.exists():
        return frozenset()
    try:
        return learn.read_dev(path, learn.fold_from_env())
    except ValueError as e:
        raise SystemExit(f"find_comparison: {e}") from None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    lemmas = sorted({e.lemma for e in read_lexicon() if e.pos == "ADJ"
                     and e.lemma.endswith(("ος", "ός", "ης", "ής")) and len(e.lemma) > 3})
    hun: set[str] = set()
    hp = args.shared / "oracles" / "hunspell-el_GR.dic.gz"
    if hp.exists():
        for w in hunspell_lower(hp):
            if "τερ" in w or "τατ" in w:
                t = tile(w)
                if t:
                    hun.add(t)
    um: set[str] = set()
    up = args.shared / "data" / "unimorph" / "ell.tsv.gz"
    if up.exists():
        with gzip.open(up, "rt", encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) >= 3 and ("CMPR" in p[2] or "SPRL" in p[2]):
                    um.update(t for t in map(tile, p[1].split(", ")) if t)
    dev = read_dev(args.shared)
    rows = []
    for lm in lemmas:
        forms = degree_tiles(lm)
        h = sum(f in hun for f in forms)
        u = sum(f in um for f in forms)
        d = sum(f in dev for f in forms)
        if h or u or d:
            src = "+".join(s for s, n in (("hunspell", h), ("unimorph", u)) if n)
            src = (src + "+pes-dev") if d and src else (src or "pes-dev")
            rows.append(f"{lm}\t{h}\t{u}\t{d}\t{src}")
    args.out.write_text(HEADER + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"-ος, -ής/-ης adjectives: {len(lemmas)}; graded by evidence: {len(rows)} "
          f"(hunspell {sum(',' not in r and r.split(chr(9))[1] != '0' for r in rows)}, "
          f"unimorph {sum(r.split(chr(9))[2] != '0' for r in rows)}, "
          f"dev half {sum(r.split(chr(9))[3] != '0' for r in rows)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
