#!/usr/bin/env python3
"""Make grammars/phonotactics.tsv, the inventory of letter clusters of Greek words.

Usage: python -m scripts.pipeline.make_phonotactics [--shared DIR] [--min-lemmas N] [--min-sources N]
                                          [-o FILE]

Reads three independent sources in ../shared (none is shipped; only the cluster table is):

* elspell ``data/elspell/word.rule.data``: its lemmas (each lemma is its own form);
* hunspell ``oracles/hunspell-el_GR.dic.gz``: its lower-case entries only (capitalised ones
  are proper names). It has no lemmas, so the forms sharing the 4 letters before a run and the
  2 after it count as one lemma: the forms of one stem mostly share them;
* UniMorph ``data/unimorph/ell.tsv.gz``: every one-word form, under its lemma.

Each word is read in tile form as runs (grammars/phonotactics.py: initial, medial, final
consonant runs and vowel runs). A run enters the table when at least ``--min-sources``
sources (default 2) have it and the forms of at least ``--min-lemmas`` lemmas (default 3),
counted over those sources, have it. The table's rows: position, run, evidence (lemma counts per source and one example of
each). Prints the table's size by position.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import sys
from pathlib import Path

from scripts.common import SHARED

from tqdm import tqdm

from grammars.normalize import to_tile
from grammars.phonotactics import INVENTORY_FILE, POSITIONS, runs

SOURCES = ("elspell", "hunspell", "unimorph")


def _tile(word: str) -> str | None:
    try:
        t = to_tile(word)
    except Exception:  # InvalidWord: not a Greek word
        return None
    return t if t and all("Α" <= c <= "Ω" and c != "\u03a2" for c in t) else None


def elspell(shared: Path):
    with open(shared / "data/elspell/word.rule.data", encoding="utf-8") as f:
        for line in f:
            p = line.split()
            if p:
                yield p[0], p[0]


def hunspell(shared: Path):
    with gzip.open(shared / "oracles/hunspell-el_GR.dic.gz", "rt", encoding="utf-8") as f:
        next(f)  # the count
        for line in f:
            w = line.strip().split("/")[0]
            if w and w == w.lower():
                yield None, w


def unimorph(shared: Path):
    with gzip.open(shared / "data/unimorph/ell.tsv.gz", "rt", encoding="utf-8") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) < 2:
                continue
            for form in p[1].split(","):
                form = form.strip()
                if form and " " not in form:
                    yield p[0], form


def collect(shared: Path):
    """{(position, run): {source: {lemma key: example form}}}."""
    seen: dict = collections.defaultdict(lambda: collections.defaultdict(dict))
    for name, reader in (("elspell", elspell), ("hunspell", hunspell), ("unimorph", unimorph)):
        for lemma, form in tqdm(reader(shared), desc=name, unit=" forms", mininterval=2):
            t = _tile(form)
            if t is None:
                continue
            pos_i = 0
            for pos, run in runs(t):
                i = t.index(run, pos_i)
                pos_i = i + len(run)
                if lemma is None:  # hunspell: the stem context stands for the lemma
                    key = (t[max(0, i - 4):i], t[pos_i:pos_i + 2])
                else:
                    key = lemma
                d = seen[(pos, run)][name]
                if key not in d and len(d) < 50:
                    d[key] = form
    return seen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--min-lemmas", type=int, default=3)
    ap.add_argument("--min-sources", type=int, default=2)
    ap.add_argument("-o", "--output", type=Path, default=INVENTORY_FILE)
    a = ap.parse_args(argv)
    if not (a.shared / "data/elspell/word.rule.data").exists():
        print(f"error: no elspell data under {a.shared}", file=sys.stderr)
        return 2
    seen = collect(a.shared)
    rows = []
    for (pos, run), by_src in seen.items():
        srcs = [s for s in SOURCES if by_src.get(s)]
        if len(srcs) < a.min_sources or sum(len(by_src[s]) for s in srcs) < a.min_lemmas:
            continue
        ev = "; ".join(f"{s} {len(by_src[s])}{'+' if len(by_src[s]) >= 50 else ''} "
                       f"({next(iter(by_src[s].values()))})" for s in SOURCES if by_src.get(s))
        rows.append((POSITIONS.index(pos), run, pos, ev))
    rows.sort()
    with open(a.output, "w", encoding="utf-8") as f:
        f.write("# Letter clusters of Greek words in tile form (grammars/phonotactics.py), made by\n"
                "# scripts/make_phonotactics.py: a run is listed when at least "
                f"{a.min_sources} sources have it, in the\n"
                f"# forms of at least {a.min_lemmas} lemmas in all: elspell's lemmas "
                "(word.rule.data @cd62887),\n"
                "# hunspell-el 1:7.5.0-1's lower-case entries (lemmas: distinct stem contexts, "
                "4 letters\n"
                "# before the run and 2 after), UniMorph ell (Wiktionary). Evidence: lemmas "
                "per source\n"
                "# (capped at 50) and one example.\n"
                "# A cluster inventory, no word list: no form is accepted or refused by it.\n"
                "position\trun\tevidence\n")
        for _, run, pos, ev in rows:
            f.write(f"{pos}\t{run}\t{ev}\n")
    counts = collections.Counter(r[2] for r in rows)
    print(f"{len(rows)} runs → {a.output}: " + ", ".join(f"{p} {counts[p]}" for p in POSITIONS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
