#!/usr/bin/env python3
"""Compound verbs of the irregular core: write ``lexicon/compounds.tsv`` (records, no forms).

Usage: python -m scripts.pipeline.import_compounds [--shared DIR] [--no-official]   (default ../shared)

Deterministic (same inputs → byte-identical file); prints its counts.

* **Which lemmas**: a lemma is prefix + the citation form of a verb of
  ``lexicon/irregular.tsv`` or of ``lexicon/verb-parts.tsv`` (its compounds replace the
  lexicon's class rows) (``grammars.compounds.prefix_of``: learned prefixes of the §D2
  prefix table, elided or assimilated, and ξε-, καλο-, κακο-), and it must be a spaCy verb
  lemma (``data/spacy/el_lemma_index.json.gz``, junk filtered as in classify_by_evidence.py),
  an elspell lemma (``data/elspell/word.rule.data``) or a hunspell citation form. A lemma the
  lexicon already inflects (a ``lemmas*.tsv`` row, a listed paradigm) is skipped.
* **Which modes** (``grammars.compounds``: drop, keep, internal, D1; ήρθα/ήλθα for έρχομαι):
  hunspell el_GR (lower-case entries; only the decision is shipped) attests each mode's own
  forms (those no other candidate mode makes): a mode is taken with ``MIN_MODE`` attested own
  forms and ``MODE_RATIO`` of them attested. The forms every mode shares (present system,
  participles) need ``MIN_SHARED`` attested (fewer if there are fewer) and ``SHARED_RATIO``
  of them; a base with an augmented past needs one augment mode taken (aorist evidence).
* **Official list** (``oracles/pes-2-8-2024-dev.txt``, when present; never the only reason):
  of the record's forms of 2–8 letters whose tile form hashes into the dev half, at least
  ``CONFIRM_RATIO`` must be there (else the lemma is dropped and counted); a mode hunspell
  left out but attests at least once is chosen if the dev half holds ``CHOOSE_RATIO`` of
  its own forms (at least ``MIN_OFFICIAL`` of them). Then each kind (mode × prefix kind:
  learned, demotic, παρα-) is kept only if the dev half holds ``KIND_PRECISION`` of its own
  forms over the accepted records (in-sample); a dropped kind removes that mode from every
  record, and a record left without aorist evidence goes.

Lemmas compiled here are removed from ``scripts/pipeline/data/review.tsv`` (review lemmas are not in the
lexicon).
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import sys
import unicodedata
from pathlib import Path

from scripts.common import REVIEW, ROOT, SHARED

from lexicon import read_lexicon, read_listed
from grammars import compounds as C

OUT = ROOT / "lexicon" / "compounds.tsv"
MIN_MODE, MODE_RATIO = 2, 0.4
MIN_SHARED, SHARED_RATIO = 3, 0.5
CONFIRM_RATIO, CHOOSE_RATIO, MIN_OFFICIAL = 0.6, 0.7, 2
KIND_PRECISION = 0.975
HEADER = ("# Compound verbs of the irregular core (grammars/compounds.py): prefix + a verb of\n"
          "# lexicon/irregular.tsv or lexicon/verb-parts.tsv. Written by scripts/import_compounds.py (lemma sources:\n"
          "# spaCy lemma index, MIT; elspell word.rule.data; hunspell el_GR citation forms;\n"
          "# modes chosen by hunspell evidence; see lexicon/README.md). Do not edit by hand.\n"
          "lemma\tbase\tprefix\tmode\tsource")


def dictionary_forms(p: C.Prefix, base: str, rows, modes) -> set[str]:
    """The forms ``C.derive`` gives the compound in ``modes`` but §D1's optional ε-: that
    variant (εκατάπια beside κατάπια) is in no dictionary, so counted as evidence it left
    every drop-mode compound of ήπια, είδα … under MODE_RATIO (καταπίνω: 3 of 11). §D2's
    internal augment (κατέπεσα) is the mode's own form and counts."""
    return {f for _, f, _, rules in C.derive(p, base, rows, modes) if "D1" not in rules}


HUNSPELL_LEMMAS = "hunspell+evidence"
#: lemmas whose plain spellings share this many first letters are a compound's neighbours
NEIGHBOUR_PREFIX = 4


def neighbour_forms(entries):
    """``made_by_others(lemma)``: the surface forms that the lexicon's other verb rows whose
    plain spelling shares the lemma's first ``NEIGHBOUR_PREFIX`` letters generate (their class
    tables, ``grammars.paradigm.generate``); the lemma's own rows and the guessed lemmas of
    ``lemmas-hunspell.tsv`` are left out."""
    from grammars.alphabet import plain
    from grammars.paradigm import generate, load_tables
    tables = load_tables()
    near = collections.defaultdict(set)
    for e in entries:
        # a pass-2 lemma of classify_by_evidence is a guessed citation form (προσμείνω, the
        # subjunctive of προσμένω): it defers to the compounds, it does not outrank them
        if e.pos == "VERB" and e.inflection_class in tables and e.source != HUNSPELL_LEMMAS:
            near[plain(e.lemma)[:NEIGHBOUR_PREFIX]].add((e.lemma, e.inflection_class))
    memo: dict = {}

    def made_by_others(lemma: str) -> set[str]:
        out = set()
        for other, code in near.get(plain(lemma)[:NEIGHBOUR_PREFIX], ()):
            if other == lemma:
                continue
            if (other, code) not in memo:
                try:
                    memo[other, code] = {f for f, _, _ in generate(other, tables[code])}
                except ValueError:
                    memo[other, code] = set()
            out |= memo[other, code]
        return out
    return made_by_others


def tile(w: str) -> str:
    from grammars.normalize import to_tile
    return to_tile(w)


def prefix_kind(p: C.Prefix) -> str:
    if p.spelled == "παρα" and p.augmented:
        return "παρα"
    return "demotic" if p.demotic else "learned"


def kind_of(mode, p, base, rows) -> tuple[str, str]:
    """(mode, prefix kind); every augment mode on a base whose past has a temporal augment
    (είχα, ήλθα, ήπια) is a kind of its own (``internal/temporal``: παρείχα; ``drop/temporal``:
    κατάπια, where the subjunctive πιω lacks the augment), the augment being the base's, not
    the prefix's: its forms are not those of a syllabic augment dropped (απόδωσα). The modes
    are aorist facts: the active aorist's augment decides (πίνω: ήπια, though έπινα), the
    imperfect's where there is no aorist (έχω: είχα)."""
    by = C.augment_kinds(rows[base])
    aor = {k for t, k in by.items() if ";PFV;" in t + ";" and t.endswith("ACT")}
    kinds = aor or set(by.values())
    if mode in C.AUGMENT_MODES and "temporal" in kinds and "syllabic" not in kinds:
        mode += "/temporal"
    return mode, prefix_kind(p)


def kind_figures(records, rows, dev_figures):
    """(mode, prefix kind) → [dev-half forms, held] over the records' own forms of each mode."""
    kinds = collections.defaultdict(lambda: [0, 0])
    for lemma, base, p, taken, srcs, own in records:
        mine = dictionary_forms(p, base, rows[base], taken)
        for m in taken:
            rest = dictionary_forms(p, base, rows[base], taken - {m})
            n, held = dev_figures(mine - rest)
            k = kinds[kind_of(m, p, base, rows)]
            k[0] += n
            k[1] += held
    return kinds


def drop_kind(records, rows, kind, counts):
    """Records without the mode of ``kind`` for its prefix kind; a record left without an
    augment mode (or a stem) it needs is dropped and counted."""
    out = []
    for lemma, base, p, taken, srcs, own in records:
        if kind_of(kind[0], p, base, rows) == kind:
            taken = taken - {kind[0]}
        modes = C.candidate_modes(p, base, rows[base])
        aug = {m for m in modes if m in C.AUGMENT_MODES}
        stems = set(modes) - aug
        if (aug and not taken & aug) or (stems and not taken & stems):
            counts["dropped with its kind"] += 1
            continue
        out.append([lemma, base, p, taken, srcs, own])
    return out


def main(argv=None) -> int:
    from scripts.common import junk_reason, read_hunspell
    from fst.learn import dev_could_hold, dev_held, fold_from_env, read_dev
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--no-official", action="store_true")
    args = ap.parse_args(argv)
    counts = collections.Counter()
    # principal-parts verbs (lexicon/verb-parts.tsv) are bases too; their compounds replace
    # a class row the lexicon has (its class gives the regular pattern the base departs from)
    from grammars.verb_parts import base_rows, compound_bases
    from grammars.conjugation import parts_index
    parts_bases = base_rows()
    rows = compound_bases()
    bases = sorted(rows)
    known = {e.lemma for e in read_lexicon()} | {r.lemma for r in read_listed()}
    # a verb with its own aorist in verb-parts.tsv is no compound record (a row stating only
    # a participle, as καταστρέφω's κατεστραμμένος, corrects the compound's paradigm)
    own_rows = {lm for lm, p in parts_index().items() if "aor" in p.parts}
    hun = read_hunspell(args.shared)
    with gzip.open(args.shared / "data" / "spacy" / "el_lemma_index.json.gz", "rt",
                   encoding="utf-8") as f:
        spacy = {unicodedata.normalize("NFC", x.strip()) for x in json.load(f)["verb"]}
    spacy = {x for x in spacy if not junk_reason(x)}
    with open(args.shared / "data" / "elspell" / "word.rule.data", encoding="utf-8") as f:
        elspell = {unicodedata.normalize("NFC", ln.split()[0]) for ln in f if ln.strip()}
    official = None
    dev = args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not args.no_official and dev.exists():
        official = read_dev(dev, fold_from_env())  # the training fold only under DEKTES_PES_FOLD

    could_hold = dev_could_hold(fold_from_env())  # 2–8 letters, dev half, training fold
    made_by_others = neighbour_forms(read_lexicon())

    def dev_figures(forms):
        return dev_held((tile(f) for f in forms), official, could_hold)

    cands = {}
    for src, pool in (("spacy", spacy), ("elspell", elspell), ("hunspell", hun)):
        for w in sorted(pool):
            for b in bases:
                if len(w) > len(b) + 1 and w.endswith(b):
                    p = C.prefix_of(w[:-len(b)], b)
                    if p is not None:
                        cands.setdefault(w, (b, p, set()))[2].add(src)
    records = []  # (lemma, base, prefix, modes, sources, own forms by mode, all forms)
    for lemma in sorted(cands):
        base, p, srcs = cands[lemma]
        counts["candidates"] += 1
        if lemma in own_rows:
            counts["has its own parts row"] += 1
            continue
        if lemma in known and base not in parts_bases:
            counts["already in the lexicon"] += 1
            continue
        modes = C.candidate_modes(p, base, rows[base])
        every = dictionary_forms(p, base, rows[base], set(modes))
        stems = {m for m in modes if m not in C.AUGMENT_MODES}
        shared = dictionary_forms(p, base, rows[base], stems)
        own = {}
        for m in modes:
            rest = dictionary_forms(p, base, rows[base], set(modes) - {m})
            own[m] = every - rest
        att = {m: sum(f in hun for f in fs) for m, fs in own.items()}
        taken = {m for m in modes if att[m] >= MIN_MODE and att[m] >= MODE_RATIO * len(own[m])}
        sh = sum(f in hun for f in shared)
        augmenting = [m for m in modes if m in C.AUGMENT_MODES]
        if sh < min(MIN_SHARED, len(shared)) or sh < SHARED_RATIO * len(shared):
            counts["thin evidence (shared forms)"] += 1
            continue
        if official is not None:
            for m in modes:
                if m in taken or att[m] < 1:
                    continue
                n, held = dev_figures(own[m])
                if n >= MIN_OFFICIAL and held >= CHOOSE_RATIO * n:
                    taken.add(m)
                    counts[f"mode {m} chosen by the official list"] += 1
        if augmenting and not taken & set(augmenting):
            counts["no aorist evidence"] += 1
            continue
        if stems and not taken & stems:
            taken |= {next(iter(sorted(stems)))} if len(stems) == 1 else set()
            if not taken & stems:
                counts["no stem evidence"] += 1
                continue
        if lemma in known and not parts_index()[base].hand_entered \
                and not taken & set(C.AUGMENT_MODES):
            # an evidence row's verb (χωρώ) passes nothing on: the compound's own lemma row
            # stands unless the compound's own forms chose an augment mode
            counts["keeps its own lemma row"] += 1
            continue
        forms = dictionary_forms(p, base, rows[base], taken)
        if official is not None:
            # a form another lemma makes is listed whether this compound exists or not
            # (ξεκόπτω's ξέκοψα, ξεκόπηκα are ξεκόβω's): only the rest speak for it
            n, held = dev_figures(forms - made_by_others(lemma))
            if (n >= 1 or srcs == {"hunspell"}) and held < CONFIRM_RATIO * max(n, 1):
                counts["official list does not confirm"] += 1
                continue
        records.append([lemma, base, p, taken, srcs, own])
    # kinds: mode × prefix kind, judged on the dev half (in-sample); the worst kind below
    # KIND_PRECISION goes first, then the others are judged again without it
    if official is not None:
        bad = {}
        while True:
            kinds = kind_figures(records, rows, dev_figures)
            # a kind already dropped is not judged again: drop_kind may leave forms that
            # kind_figures still counts for it (a base whose modes it cannot separate)
            low = sorted((held / n, k) for k, (n, held) in kinds.items()
                         if n and held / n < KIND_PRECISION and k not in bad)
            if not low:
                break
            bad[low[0][1]] = low[0][0]
            records = drop_kind(records, rows, low[0][1], counts)
        print("kinds (mode, prefix kind): dev-half forms, held, precision")
        for k, (n, held) in sorted(kinds.items()):
            print(f"  {k[0]}\t{k[1]}\t{n}\t{held}\t{held / n if n else 1.0:.3f}\tkept")
        for k, prec in sorted(bad.items()):
            print(f"  {k[0]}\t{k[1]}\tprecision {prec:.3f} < {KIND_PRECISION}: dropped")
    lines = [HEADER]
    for lemma, base, p, taken, srcs, own in records:
        order = [m for m in C.AUGMENT_MODES if m in taken] + sorted(taken - set(C.AUGMENT_MODES))
        lines.append(f"{lemma}\t{base}\t{p.spelled}\t{','.join(order) or '-'}\t"
                     f"{'+'.join(s for s in ('spacy', 'elspell', 'hunspell') if s in srcs)}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    compiled = {r[0] for r in records}
    if REVIEW.exists():
        text = REVIEW.read_text(encoding="utf-8").splitlines(keepends=True)
        kept_lines = [ln for ln in text if ln.startswith("#") or ln.split("\t", 1)[0]
                      not in compiled]
        counts["review rows removed"] = len(text) - len(kept_lines)
        REVIEW.write_text("".join(kept_lines), encoding="utf-8")
    counts["records written"] = len(records)
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")
    by_mode = collections.Counter(m for r in records for m in r[3])
    print("  modes: " + ", ".join(f"{m} {n}" for m, n in sorted(by_mode.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
