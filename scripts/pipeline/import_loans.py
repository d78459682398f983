#!/usr/bin/env python3
"""Indeclinable foreign loans (§B7) and single-form words from spaCy's noun and adjective lemmas → ``lexicon/loans.tsv``.

Usage: python -m scripts.pipeline.import_loans [--shared DIR]      (default ../shared)

A spaCy lemma (``data/spacy/el_lemma_index.json.gz``, MIT; keys ``noun``, ``adj``) becomes a row

    lemma  N|ADJ  INDECL  N|ADJ  lemma  0  citation

when it is a clean single word (the junk filter of import_spacy_adverbs.py, scripts/common.py), no lexicon
file has it, it has a loan shape (``grammars.rules.b7_loans.loan_shaped``: γκολ, ασανσέρ,
κλισέ), no inflection class of its part of speech cites it (so νερό, αλεπού stay with their
classes), and the hunspell el_GR list attests it in lower case or the Greek WordNet lists it
(on the official list's dev half, unattested candidates were right about half the time,
hunspell-attested ones over 90 %, WordNet-listed ones 11 of 11; FreeDict's ell-eng as the
second source only 49 of 75, so not used). The compiler adds the -ιγκ/-ινγκ doublet (§B7).

Single-form words (issue 12): a spaCy lemma without a loan shape (βίντεο? no: στούντιο,
εσπρέσο, καράτε, σόου, μπάρμαν, όσκαρ) is kept as well when a second source lists it (a Greek
WordNet lemma, Apache-2.0), hunspell attests it, and, for an adjective, hunspell attests none
of the other forms of any class that cites it (so it is used indeclinably); on the official dev
half such lemmas held 31 of 34 forms (in-sample). A noun is not tested for inflected forms
(γεγονός, ισχύς: learned nouns whose inflection no class gives; the test would drop 60 rows,
all 16 the dev half could show listed). Their citation names both sources and no §B7.
Deterministic; counts on stdout.
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

from scripts.common import cites
from grammars.derivation import citation_cell, pos_of
from grammars.paradigm import proposable_tables
from grammars.rules.b7_loans import loan_shaped
from scripts.common import read_hunspell_dic as read_hunspell, reason_to_drop

OUT = ROOT / "lexicon" / "loans.tsv"
POS = {"noun": ("N", "N"), "adj": ("ADJ", "ADJ")}  # listed-file POS (closed.tsv style)


#: the lexicon files whose first column is no lemma this step should skip: its own output, the
#: review queue, rulings, the hidden words, and single-forms.tsv (import_single_forms.py reads
#: loans.tsv, not the other way round)
KNOWN_SKIP = ("loans.tsv", "review.tsv", "rulings.tsv", "hidden_words.tsv", "single-forms.tsv")


def known_lemmas(skip=KNOWN_SKIP) -> set[str]:
    """The first column of every ``lexicon/*.tsv`` file but those named in ``skip``."""
    out = set()
    for p in sorted((ROOT / "lexicon").glob("*.tsv")):
        if p.name in skip:
            continue
        with open(p, encoding="utf-8") as f:
            out.update(ln.split("\t", 1)[0] for ln in f if not ln.startswith("#"))
    return out


def read_wordnet(path: Path) -> set[str]:
    """One-word lemmas of the Greek WordNet (OMW tab file; Apache-2.0); empty if absent."""
    if not path.exists():
        return set()
    out = set()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) == 3 and p[1] == "ell:lemma" and " " not in p[2]:
                out.add(unicodedata.normalize("NFC", p[2]))
    return out


def to_tile(w: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))
    return bare.upper().replace("ς", "Σ")


def inflected(w: str, pos: str, tables, hun_tiles: set[str]) -> bool:
    """Does hunspell attest a form other than ``w`` of a class of ``pos`` (``N`` or ``NOUN``,
    ``ADJ``) that cites ``w``?"""
    from grammars import defective
    from grammars.paradigm import generate
    pos = {"N": "NOUN"}.get(pos, pos)  # the listed files' N is the class tables' NOUN
    t = to_tile(w)
    for c, table in tables.items():
        if pos_of(c) == pos and defective.cites(w, pos, table):
            if any(to_tile(f) != t and to_tile(f) in hun_tiles for f, _, _ in generate(w, table)):
                return True
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args(argv)
    with gzip.open(args.shared / "data" / "spacy" / "el_lemma_index.json.gz", "rt",
                   encoding="utf-8") as f:
        index = json.load(f)
    hun = read_hunspell(args.shared / "oracles" / "hunspell-el_GR.dic.gz")
    # the participle classes cite only the headwords import_participles takes (μείζων, an
    # -ων adjective of no verb, is no E12 lemma: its -ον is not E12's)
    tables = proposable_tables()
    known = known_lemmas()
    wordnet = read_wordnet(args.shared / "data" / "wordnet" / "wn-data-ell.tab.gz")
    hun_tiles = {to_tile(w) for w in hun}
    counts = collections.Counter()
    rows = set()
    for key, (pos, cell) in POS.items():
        for raw in index[key]:
            w = unicodedata.normalize("NFC", raw.strip())
            why = reason_to_drop(w)
            if why:
                counts[f"{key}: dropped, {why}"] += 1
            elif w in known:
                counts[f"{key}: already in the lexicon"] += 1
            elif not loan_shaped(w):
                # single-form words (issue 12, §B7): a second source lists the lemma, hunspell
                # attests it and none of its inflected forms under any class that cites it
                # nouns are not tested for inflected forms: the WordNet nouns that test drops
                # were all listed on the dev half (16 of 16: γεγονός, ισχύς, πάγκρεας, χασίς,
                # learned nouns whose inflection no class of the lexicon gives)
                if w in wordnet and w in hun and (pos == "N" or not inflected(
                        w, pos, tables, hun_tiles)):
                    counts[f"{key}: kept, single form confirmed by WordNet"] += 1
                    rows.add((w, pos, cell, key + "+wordnet"))
                else:
                    counts[f"{key}: no loan shape"] += 1
            elif any(pos_of(c) == pos and cites(w, t, citation_cell(pos, w))
                     for c, t in tables.items()):
                counts[f"{key}: an inflection class cites it"] += 1
            elif w not in hun and w in wordnet:
                # a second lemma source instead of hunspell's form: on the dev half such
                # loans held 11 of the 11 forms it could show (hunspell lacks many new loans)
                counts[f"{key}: kept, loan confirmed by WordNet"] += 1
                rows.add((w, pos, cell, key + "+wordnet-loan"))
            elif w not in hun:
                counts[f"{key}: not attested in hunspell or WordNet"] += 1
            else:
                counts[f"{key}: kept"] += 1
                rows.add((w, pos, cell, key))
    lines = [
        "# Indeclinable foreign loans (§B7): spaCy lemmas of loan shape that no inflection class",
        "# cites, attested in the hunspell el_GR list or the Greek WordNet. Generated by scripts/import_loans.py from",
        "# spaCy's el_lemma_index (spacy-lookups-data 1.0.5, MIT); do not edit by hand.",
        "# lemma\tpos\tclass\tcell\tform\tweight\tcitation",
    ]
    for w, pos, cell, key in sorted(rows):
        if key.endswith("+wordnet-loan"):
            lines.append(f"{w}\t{pos}\tINDECL\t{cell}\t{w}\t0\tspaCy el_lemma_index "
                         f"({key[:-len('+wordnet-loan')]}), MIT; Greek WordNet lemma, "
                         "Apache-2.0; §B7")
            continue
        if key.endswith("+wordnet"):
            lines.append(f"{w}\t{pos}\tINDECL\t{cell}\t{w}\t0\tspaCy el_lemma_index "
                         f"({key[:-8]}), MIT; Greek WordNet lemma, Apache-2.0; attested in "
                         "hunspell el_GR" + ("" if pos == "N" else ", no inflected form attested"))
            continue
        lines.append(f"{w}\t{pos}\tINDECL\t{cell}\t{w}\t0\tspaCy el_lemma_index ({key}), MIT; "
                     "attested in hunspell el_GR; §B7")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for k, n in sorted(counts.items()):
        print(f"  {k}: {n}")
    print(f"import_loans: {len(rows)} rows → {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
