#!/usr/bin/env python3
"""Compile elspell's derivation records into lexicon rows: ``lexicon/lemmas-derived.tsv``.

Usage: python -m scripts.pipeline.import_derivations [--shared DIR] [--out FILE] [--no-official]
       (default ../shared, lexicon/lemmas-derived.tsv)

Every record of ``lexicon/derivations.tsv`` (lemma, base class, derived class, kind; DESIGN-NOTES
§5) is turned into the derived lexeme's citation form by ``grammars.derivation.candidates``
(word formation + the derived class's table). Then, per record (deterministic; counts on
stdout):

* **hunspell chooses** among the candidates: a candidate's *own* forms are its paradigm's
  distinct main forms that the base lemma's paradigm lacks; it is attested by those of them
  the hunspell el_GR list has (lower-case entries; never shipped). The candidates with the most
  attested own forms are taken (several: doublets such as -ισσα/-τρια) if each has its citation
  form attested (unless it is the base lemma itself), at least ``MIN_FOUND`` attested own
  forms (or all of them, if fewer) and ``MIN_RATIO`` of them attested. The ratio is lower than
  classify_by_evidence.py's 0.5/0.6: own forms are the cells where a second class differs,
  often rare ones (απαντώμαι: -όμουν, -όσουν), and the citation form must be attested besides;
* **the grammar decides** a record hunspell is silent on (no candidate has an attested own
  form): the grammar's first candidate (``preference``: -ισσα/-τρια, -ού, -ώμαι …), tier
  ``grammar``;
* otherwise (some evidence but thin or tied) the record is dropped and counted.

A derived lemma already in the lexicon (any ``lemmas*.tsv`` but this file) with the same
class is skipped; one the lexicon has under another class of its part of speech is skipped
too (elspell's own class for it is a direct statement, the derivation an indirect one), unless
the derived lemma is the base lemma itself (a second class of the same lemma).

**Per kind and tier, evidence decides what is kept.** For every kind (small kinds pooled by
part of speech: ``POOL_BELOW`` records) and tier, the script prints generated / kept / dropped,
the share of the chosen lemmas' 2–8 letter main forms (tile form) that hunspell attests, and,
when the official list's development half is present, the share of those that hash into the
dev half that it holds (its precision). Forms are the chosen lemmas' *own*
main forms (those the base lemma's paradigm lacks). A kind × tier is kept if its dev-half
precision is at least ``KEEP_PRECISION`` (0.975: the shipped language's own precision on the
dev half, so a kept group does not lower it; elspell's own classes hold 0.981), measured on at
least ``MIN_MEASURED`` forms; a kind with fewer is judged with the pool of its tier (all kinds);
without the official list (``--no-official``), a hunspell-tier group is kept if hunspell
attests ``KEEP_HUNSPELL`` of its forms and a grammar-tier group is not. The list thus only
confirms or rejects whole kinds, never a lemma; every kept lemma rests on hunspell's evidence
or on the grammar (its figures on the dev half are then in-sample). With ``DEKTES_PES_FOLD=0|1``
only that fold of the dev half is read (a measurement build, scripts/measure/measure_folds.py).

Only lemma + class rows are written (source ``elspell-derivation``): no hunspell form is
copied.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from grammars.derivation import FEMININE_A, FEMININE_OU, candidates, pos_of
from grammars.paradigm import generate, load_tables

LEXICON = ROOT / "lexicon"
OUT = LEXICON / "lemmas-derived.tsv"
SOURCE = "elspell-derivation"

MIN_FOUND = 2          # attested own forms hunspell must show for its choice
MIN_RATIO = 0.4        # share of the own forms attested (module docstring)
POOL_BELOW = 20        # kinds with fewer records are pooled per part of speech
KEEP_PRECISION = 0.975  # dev-half precision a kind × tier needs (module docstring)
MIN_MEASURED = 30      # dev-half forms needed before the precision counts
KEEP_HUNSPELL = 0.8    # without a dev-half measure: share of forms hunspell must attest


def read_records(path: Path = LEXICON / "derivations.tsv") -> list[tuple[str, str, str, str]]:
    """(lemma, base_class, derived_class, kind) rows of ``lexicon/derivations.tsv``."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            lemma, base, derived, kind, _src = line.rstrip("\n").split("\t")
            out.append((lemma, base, derived, kind))
    return out


def read_known() -> dict[str, set[str]]:
    """lemma → classes of every ``lexicon/lemmas*.tsv`` but the derived file."""
    known: dict[str, set[str]] = collections.defaultdict(set)
    for p in sorted(LEXICON.glob("lemmas*.tsv")):
        if p.name == OUT.name:
            continue
        with open(p, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                parts = line.rstrip("\n").split("\t")
                known[parts[0]].add(parts[3])
    return known


POOL = "all kinds (pool of the tier)"


def group_of(kind: str, size: int, derived_class: str) -> str:
    if size >= POOL_BELOW:
        return kind
    return f"{pos_of(derived_class).lower()} of another class (pooled)"


def main_forms(lemma: str, code: str) -> set[str]:
    tables = load_tables()
    if code not in tables:
        return set()
    try:
        return {f for f, _, w in generate(lemma, tables[code]) if w == 0}
    except ValueError:
        return set()


def all_forms(lemma: str, code: str) -> set[str]:
    tables = load_tables()
    if code not in tables:
        return set()
    try:
        return {f for f, _, _ in generate(lemma, tables[code])}
    except ValueError:
        return set()


def choose(lemma, base, derived, hun):
    """(chosen citation forms, tier, reason) for one record (module docstring)."""
    try:
        cands = candidates(lemma, base, derived)
    except ValueError:
        cands = []
    if not cands:
        return [], None, "no candidate (no table or no rule)"
    base_forms = all_forms(lemma, base)
    found = {}
    for c in cands:
        own = main_forms(c, derived) - base_forms
        found[c] = (len(own & hun), len(own))
    if all(n == 0 for n, _ in found.values()):
        return [cands[0]], "grammar", "grammar's first candidate"
    ranked = sorted(cands, key=lambda c: -found[c][0])  # stable: grammar order breaks ties
    best = ranked[0]
    n = found[best][0]

    def holds(c):
        got, size = found[c]
        return (got >= min(MIN_FOUND, size) and got >= MIN_RATIO * size
                and (c == lemma or c in hun))

    tied = [c for c in ranked if found[c][0] == n]
    kept = [c for c in tied if holds(c)]
    if not kept:
        return [], None, "thin hunspell evidence"
    # doublets: every candidate with as many attested own forms (γιατρίνα, γιάτραινα)
    return kept, "hunspell", "hunspell"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--no-official", action="store_true")
    args = ap.parse_args(argv[1:])
    hun_path = args.shared / "oracles" / "hunspell-el_GR.dic.gz"
    if not hun_path.exists():
        print(f"import_derivations: {hun_path} not found (hunspell evidence is needed)",
              file=sys.stderr)
        return 2
    from scripts.common import read_hunspell
    from grammars.normalize import to_tile
    # the training fold only under DEKTES_PES_FOLD (the dev half's words and hashes)
    from fst.learn import fold_from_env, fold_of, in_dev_half, read_dev
    fold = fold_from_env()
    hun = read_hunspell(args.shared)
    dev_path = args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    dev = None
    if dev_path.exists() and not args.no_official:
        dev = read_dev(dev_path, fold)
    records = read_records()
    known = read_known()
    size = collections.Counter(r[3] for r in records)
    counts: dict[tuple[str, str], collections.Counter] = collections.defaultdict(collections.Counter)
    chosen = []  # (group, tier, derived lemma, class, base lemma)
    base_of = {}
    for lemma, base, derived, kind in records:
        base_of[(lemma, derived)] = base
        group = group_of(kind, size[kind], derived)
        forms, tier, reason = choose(lemma, base, derived, hun)
        c = counts[(group, tier or "-")]
        c["records"] += 1
        if not forms:
            c[f"dropped: {reason}"] += 1
            continue
        for f in forms:
            c["generated"] += 1
            if derived in known.get(f, ()):
                c["skipped: already in the lexicon"] += 1
                continue
            if f != lemma and any(pos_of(k) == pos_of(derived) for k in known.get(f, ())
                                  if k[0] in "OEP"):
                c["skipped: in the lexicon under another class"] += 1
                continue
            chosen.append((group, tier, f, derived, lemma))
    # evidence per group × tier, on the own forms (those the base lemma's paradigm lacks)
    measure: dict[tuple[str, str], list[int]] = collections.defaultdict(lambda: [0, 0, 0, 0])
    for group, tier, f, derived, lemma in chosen:
        for key in ((group, tier), (POOL, tier)):
            m = measure[key]
            for form in main_forms(f, derived) - all_forms(lemma, base_of[(lemma, derived)]):
                t = to_tile(form)
                if not 2 <= len(t) <= 8:
                    continue
                m[0] += 1
                m[1] += form in hun
                if in_dev_half(t) and (fold is None or fold_of(t) == fold):
                    m[2] += 1
                    if dev is not None:
                        m[3] += t in dev

    def holds(key):
        n, h, could, held = measure[key]
        if dev is not None and could >= MIN_MEASURED:
            return held / could >= KEEP_PRECISION
        if key[0] != POOL:
            return holds((POOL, key[1]))  # too small to measure: judged with its tier's pool
        return key[1] == "hunspell" and h / max(1, n) >= KEEP_HUNSPELL

    keep = {key: holds(key) for key in measure}
    rows = {}
    for group, tier, f, derived, lemma in chosen:
        c = counts[(group, tier)]
        if not keep[(group, tier)]:
            c["dropped: kind × tier not kept"] += 1
            continue
        if (f, derived) in rows:
            c["duplicate"] += 1
            continue
        c["kept"] += 1
        gender = "f" if derived in FEMININE_A + FEMININE_OU else "-"
        rows[(f, derived)] = (f, pos_of(derived), gender, derived)
    print("group\ttier\trecords\tgenerated\tkept\t2–8 forms\thunspell\tdev-half could\theld\t"
          "precision\tdecision")
    for key in sorted(set(counts) | set(measure), key=lambda k: (k[0] == POOL, -counts[k]["records"], k)):
        c = counts[key]
        n, h, could, held = measure.get(key, [0, 0, 0, 0])
        prec = f"{held / could:.3f}" if dev is not None and could else "-"
        dec = "keep" if keep.get(key) else ("drop" if key in keep else "-")
        print(f"{key[0]}\t{key[1]}\t{c['records']}\t{c['generated']}\t{c['kept']}\t{n}\t"
              f"{h / max(1, n):.3f}\t{could}\t{held if dev is not None else '-'}\t{prec}\t{dec}")
        for k, v in sorted(c.items()):
            if k.startswith(("dropped", "skipped", "duplicate")):
                print(f"\t\t{k}: {v}")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource\n")
        f.write("# derived lexemes of elspell's derivation records (lexicon/derivations.tsv), "
                "written by scripts/import_derivations.py\n")
        for lemma, pos, gender, code in sorted(rows.values(), key=lambda r: (r[0], r[3])):
            f.write(f"{lemma}\t{pos}\t{gender}\t{code}\t-\t-\t-\t{SOURCE}\n")
    print(f"rows written: {len(rows)} → {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
