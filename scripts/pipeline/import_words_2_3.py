#!/usr/bin/env python3
"""The federation's 2- and 3-letter words → ``lexicon/words-2-3.tsv`` (rule §L23).

Usage: python -m scripts.pipeline.import_words_2_3 [--shared DIR]      (default ../shared)

Reads ``data/pes/words-2-3.txt`` (every 2- and 3-letter word of the official list, both
halves: the federation's rendering of the 2- and 3-letter word book that §A1 names as a
source; free non-commercial use, shipped under that note) and writes one row per word:

    word  form  lemma  pos  accent  source

* ``form``: the accented lower-case spelling a shippable source gives (a spaCy lemma, a UniMorph
  form, a Greek WordNet lemma; else a lower-case entry of the hunspell el_GR list); with no
  source, the word in lower case without accent (``accent`` = ``none``) — monosyllables are
  unaccented anyway;
* ``lemma``: the UniMorph lemma when the word is a UniMorph form of another lemma (άρε → αίρω),
  else ``form``;
* ``pos``: UniMorph part of speech, else spaCy's, else WordNet's (``N``, ``ADJ``, ``ADV``, ``V``);
  ``X`` when no source gives one.

The compiler (``fst.build.compile``, ``grammars/rules/l23_short.py``) uses a row only where no lemma of
the lexicon analyses the word: it then gets the listed analysis ``lemma  INDECL|FORM  pos  §L23``.
Deterministic; counts on stdout. Never reads the official list's halves (only this file).
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import sys
import unicodedata
from pathlib import Path

from scripts.common import ROOT, SHARED

from grammars.normalize import InvalidWord, to_tile
from scripts.common import hunspell_lower

OUT = ROOT / "lexicon" / "words-2-3.tsv"
SPACY_POS = {"noun": "N", "adj": "ADJ", "adv": "ADV", "verb": "V"}
WN_POS = {"n": "N", "v": "V", "a": "ADJ", "s": "ADJ", "r": "ADV"}
VOWELS = set("αεηιουωάέήίόύώϊϋΐΰ")
GREEK = set("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ")

HEADER = """\
# The federation's 2- and 3-letter words (rule §L23; lexicon/README.md, "Two- and three-letter
# words"), written by scripts/import_words_2_3.py from ../shared/data/pes/words-2-3.txt: every
# word of 2 and 3 letters of the official list of accepted words (4th edition, 2024), the
# federation's rendering of the 2- and 3-letter word book (Όμιλος Σκραμπλ Καστοριάς, 2006) that
# the regulation names as a source (§A1). Free non-commercial use, by the federation's note: NOT
# under the project's licence (lexicon/SOURCES.md); `--without L23` leaves it out.
# For 2-3 letters the board accepts exactly these words. A row's analysis is used only where no
# lemma of the lexicon gives the word: form, lemma and POS from spaCy (MIT), UniMorph (CC BY-SA
# 3.0), the Greek WordNet (Apache-2.0) or, for the accent only, the hunspell el_GR list.
# Do not edit by hand: rerun the script.
word\tform\tlemma\tpos\taccent\tsource
"""


def tile(w: str) -> str | None:
    try:
        return to_tile(w)
    except InvalidWord:
        return None


def clean(w: str) -> bool:
    """A single monotonic lower-case Greek word (no polytonic spelling, no junk)."""
    return bool(w) and unicodedata.normalize("NFC", w) == w and set(w) <= GREEK


def plausible(w: str) -> bool:
    """Polysyllabic forms must carry an accent (UniMorph has endings such as 'αμε')."""
    syll = sum(1 for c in w if c in VOWELS)
    return syll <= 1 or any(c in "άέήίόύώΐΰ" for c in w)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    words = sorted(set((args.shared / "data" / "pes" / "words-2-3.txt")
                       .read_text(encoding="utf-8").split()))
    want = set(words)
    # candidates per tile: (priority, form, lemma, pos, source)
    cand: dict[str, list[tuple[int, str, str, str, str]]] = collections.defaultdict(list)
    um = args.shared / "data" / "unimorph" / "ell.tsv.gz"
    if um.exists():
        with gzip.open(um, "rt", encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) < 3:
                    continue
                for form in p[1].split(", "):
                    t = tile(form) if clean(form) and plausible(form) else None
                    # a form of a much longer lemma is a stray particle of a cell (ας)
                    if t in want and clean(p[0]) and len(p[0]) <= len(form) + 3:
                        cand[t].append((0, form, p[0], p[2].split(";")[0], "unimorph"))
    sp = args.shared / "data" / "spacy" / "el_lemma_index.json.gz"
    if sp.exists():
        with gzip.open(sp, "rt", encoding="utf-8") as f:
            index = json.load(f)
        for key, pos in SPACY_POS.items():
            for lm in index.get(key, []):
                t = tile(lm) if clean(lm) and plausible(lm) else None
                if t in want:
                    cand[t].append((1, lm, lm, pos, "spacy"))
    wn = args.shared / "data" / "wordnet" / "wn-data-ell.tab.gz"
    if wn.exists():
        with gzip.open(wn, "rt", encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) == 3 and p[1] == "ell:lemma" and clean(p[2]) and plausible(p[2]):
                    t = tile(p[2])
                    if t in want and p[0][-1:] in WN_POS:
                        cand[t].append((2, p[2], p[2], WN_POS[p[0][-1]], "wordnet"))
    hun: dict[str, set[str]] = collections.defaultdict(set)
    hp = args.shared / "oracles" / "hunspell-el_GR.dic.gz"
    if hp.exists():
        for w in hunspell_lower(hp):
            if clean(w) and plausible(w):
                t = tile(w)
                if t in want:
                    hun[t].add(w)
    counts = collections.Counter()
    lines = []
    for w in words:
        rows = sorted(cand.get(w, []))
        if rows:
            _, form, lemma, pos, src = rows[0]
            # the spelling most sources agree on, the best-ranked source breaking ties
            votes = collections.Counter(r[1] for r in rows)
            best = max(votes.values())
            form = next(r[1] for r in rows if votes[r[1]] == best)
            # a lemma of its own first (UniMorph has stray lemmas: έχε for έχω)
            lemma, pos, src = min(((r[2] != form, r[0]), r[2], r[3], r[4])
                                  for r in rows if r[1] == form)[1:]
            srcs = sorted({r[4] for r in rows if r[1] == form}, key=["unimorph", "spacy",
                                                                     "wordnet"].index)
            accent, source = "source", "+".join(srcs)
        elif hun.get(w):
            form = sorted(hun[w])[0]
            lemma, pos, accent, source = form, "X", "source", "hunspell-accent"
        else:
            form = w.lower()
            form = form[:-1] + "ς" if form.endswith("σ") else form
            lemma, pos, source = form, "X", "-"
            accent = "none" if sum(1 for c in form if c in VOWELS) > 1 else "monosyllable"
        counts[f"pos {pos}"] += 1
        counts[f"source {source.split('+')[0]}"] += 1
        lines.append("\t".join((w, form, lemma, pos, accent, source)))
    args.out.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(words)} words → {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
