#!/usr/bin/env python3
"""Decide which verbs take the internal augment (regulation §D2); write lexicon rows.

Usage: python -m scripts.pipeline.find_internal_augment [--shared DIR] [--no-official] [--show]
       (default ../shared)

§D2 says compound verbs take the internal augment "as the dictionaries recommend": a lemma
fact. For every verb of the lexicon (``lemmas*.tsv``, classes with a table) that starts with
a learned prefix of ``grammars/internal_augment.tsv``, every split (prefix, augmented shape)
gives the internal-augment twins of its recessive active past cells
(``grammars.rules.d2_internal_augment.twins``): διάλυσα → διέλυσα, διαλύσαμε → διελύσαμε.
The twins are looked up in the hunspell el_GR list (lower-case entries only; never shipped,
only the decision per lemma is written), separately where the augment is stressed
(διέλυσα) and where it is not (διελύσαμε, διετέλεσα); the plain forms of the same cells too.

Decision, per lemma (thresholds below):

* the split with most attested twins is taken if it has ``MIN_TWINS`` distinct attested twins;
* ``unstressed=yes`` if ``MIN_UNSTRESSED`` twins with an unstressed augment are attested
  (διελύσαμε; διετέλεσα, whose augment is never stressed); otherwise only the stressed ones
  are made;
* mode ``only`` (the plain form of a cell whose twin is stressed is dropped: *ύπαρξα beside
  υπήρξα) if at least ``MIN_ONLY`` stressed twins and none of the plain forms of those cells
  are attested (plain forms the lemma also has in another cell, as the imperative επίτρεψε
  beside the aorist *επίτρεψε, do not count); otherwise ``both``: the twins are added beside
  the plain forms.

**Official list.** When ``../shared/oracles/pes-2-8-2024-dev.txt`` (development half of the
federation's 2–8 list) is present it may confirm, never be the only reason (every twin taken is
attested by hunspell first): a lemma whose twins of 2–8 letters hashing into the dev half number
``MIN_OFFICIAL`` or more is dropped if the list holds fewer than ``CONFIRM_RATIO`` of them.
The list must also confirm the ``only`` mode: at least one plain form it would drop has 2–8
letters and hashes into the dev half, and none of them is in the list (the federation's list
holds many plain forms hunspell lacks: ΣΥΝΤΑΞΑ, ΥΠΟΓΡΑΨΑ); otherwise the mode is ``both``. Figures are printed; figures measured on the dev half afterwards are in-sample.
With ``DEKTES_PES_FOLD=0|1`` only that fold of the dev half is read (a measurement build,
scripts/measure/measure_folds.py).

Output: ``lexicon/internal-augment.tsv`` (deterministic), rows
``lemma prefix augmented mode unstressed evidence source``; ``evidence`` is
``s=attested/twins u=attested/twins plain=attested/forms`` (stressed twins, unstressed twins,
plain forms of the stressed cells), source ``hunspell+evidence``.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from lexicon import read_lexicon
from grammars import phonology as ph
from grammars.paradigm import generate, load_tables
from grammars.rules import d2_internal_augment as d2

OUT = ROOT / "lexicon" / "internal-augment.tsv"
MIN_TWINS = 2        # distinct attested twins for a lemma to take the internal augment
MIN_UNSTRESSED = 2   # attested twins with an unstressed augment for unstressed=yes
MIN_ONLY = 3         # attested stressed twins (and no attested plain form) for mode only
MIN_OFFICIAL = 1     # twins the dev half could hold before its silence counts
CONFIRM_RATIO = 0.5  # share of them it must hold


def to_tile(w: str) -> str:
    from grammars.normalize import to_tile as t
    return t(w)


def evidence(lemma: str, table, hun: set[str]):
    """Per split: (prefix, aug, twins) with twins = [(cell, plain, twin, stressed)]; best first."""
    lp = ph.plain(ph.underlying(lemma, glides=False))
    out = []
    for prefix, aug in d2.splits(lp):
        tw = d2.twins(lemma, table, prefix, aug)
        if not tw:
            continue
        att = len({t for _, _, t, _ in tw if t in hun})
        out.append((att, prefix, aug, tw))
    out.sort(key=lambda x: (-x[0], x[1], x[2]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=str(SHARED))
    ap.add_argument("--no-official", action="store_true")
    ap.add_argument("--show", action="store_true", help="print every decided lemma")
    args = ap.parse_args(argv)
    shared = Path(args.shared)
    from scripts.common import read_hunspell
    hun = read_hunspell(shared)
    dev = None
    devp = shared / "oracles" / "pes-2-8-2024-dev.txt"
    if devp.exists() and not args.no_official:
        # the training fold only under DEKTES_PES_FOLD (the dev half's words and hashes)
        from fst.learn import dev_could_hold, fold_from_env, read_dev
        dev = read_dev(devp, fold_from_env())
        in_dev_half = dev_could_hold(fold_from_env())  # 2–8 letters, dev half, training fold
    tables = load_tables()
    verbs = sorted({(e.lemma, e.inflection_class) for e in read_lexicon()
                    if e.inflection_class.startswith("P") and e.inflection_class in tables})
    counts = collections.Counter()
    off = collections.Counter()
    rows = {}
    for lemma, code in verbs:
        evs = evidence(lemma, tables[code], hun)
        if not evs:
            continue
        counts["verbs with a learned prefix"] += 1
        att, prefix, aug, tw = evs[0]
        if att < MIN_TWINS:
            counts["too few attested twins"] += 1
            continue
        if len(evs) > 1 and evs[1][0] == att:
            counts["two splits tie: left out"] += 1
            continue
        st = {t for _, _, t, s in tw if s}
        un = {t for _, _, t, s in tw if not s}
        # a plain form the lemma also has in another cell (επίτρεψε: imperative) says nothing
        st_cells = {c for c, _, _, s in tw if s}
        elsewhere = {f for f, c, _ in generate(lemma, tables[code]) if c not in st_cells}
        plain_st = {p for _, p, t, s in tw if s and p != t} - elsewhere
        s_att, u_att, p_att = len(st & hun), len(un & hun), len(plain_st & hun)
        unstressed = u_att >= MIN_UNSTRESSED
        made = st | (un if unstressed else set())
        if not made & hun:
            counts["attested twins only where not made"] += 1
            continue
        mode = "only" if s_att >= MIN_ONLY and p_att == 0 and plain_st else "both"
        if dev is not None:
            mine = [x for x in {to_tile(t) for t in made} if in_dev_half(x)]
            held = sum(x in dev for x in mine)
            off["twins the dev half could hold"] += len(mine)
            off["... held"] += held
            if len(mine) >= MIN_OFFICIAL and held < CONFIRM_RATIO * len(mine):
                counts["official list does not confirm"] += 1
                continue
            if mode == "only":
                drop = [x for x in {to_tile(p) for p in plain_st}
                        if in_dev_half(x)]
                off["plain forms mode only would drop, in the dev half"] += len(drop)
                if not drop or any(x in dev for x in drop):
                    off["mode only refused (no such form, or one held)"] += 1
                    mode = "both"
        rows.setdefault(lemma, (lemma, prefix, aug, mode, "yes" if unstressed else "no",
                                f"s={s_att}/{len(st)} u={u_att}/{len(un)} "
                                f"plain={p_att}/{len(plain_st)}", "hunspell+evidence"))
        counts[f"taken: mode {mode}, unstressed {'yes' if unstressed else 'no'}"] += 1
        if args.show:
            print("\t".join(rows[lemma]))
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# §D2 internal augment of learned compound verbs: which lemmas take it and how\n"
                "# (written by scripts/find_internal_augment.py from hunspell evidence, confirmed\n"
                "# by the official list; see lexicon/README.md). Do not edit by hand.\n")
        f.write("lemma\tprefix\taugmented\tmode\tunstressed\tevidence\tsource\n")
        for lemma in sorted(rows):
            f.write("\t".join(rows[lemma]) + "\n")
    for k, v in counts.items():
        print(f"{k}: {v}")
    for k, v in off.items():
        print(f"official: {k}: {v}")
    print(f"rows written: {len(rows)} → {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
