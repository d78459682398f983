#!/usr/bin/env python3
"""Learned genitives: -ος of third-declension nouns, -ας of -ος adjectives: write ``lexicon/learned-genitives.tsv``.

Usage: python -m scripts.pipeline.find_learned_genitives [--shared DIR] [--no-official] [--dry-run]

The demotic masculines in -ας of the third declension (κανόνας, άρχοντας, κόρακας: classes
whose genitive singular is -α) keep, in the learned register, the ancient genitive in -ος on
the same stem and stress (κανόνος, άρχοντος, κόρακος; Triantafyllidis 1941, third-declension
masculines: «λόγια γενική σε -ος»); γάλα has γάλακτος (its compounds -γάλακτος, the stress
on the stem's last syllable: πρωτόγαλα, πρωτογάλακτος). A candidate is written as a variant
cell of the lemma's own paradigm (``N;GEN;SG``, weight 1) where a shippable source attests
it: UniMorph's genitive cell (Wiktionary) or the hunspell el_GR list (only the decision is
written, never a list of its forms), unless the official dev half (lemma-level evidence:
absence) could hold the form (2–8 letters, dev-hashed, training fold under DEKTES_PES_FOLD)
and lacks it. Hunspell alone held 22 of 28 such checkable forms on the dev half (0.79), so
the absence veto is part of the rule; the count of forms it vetoed is printed.

Adjectives in -ος whose stem ends in ρ or a vowel keep, in the learned register, the feminine
of the ancient first declension, -α with the genitive in -ας (Triantafyllidis 1941, adjectives
in -ος, -η (-α), -ο: «λόγιοι τύποι» μικρά, μικράς; Μικράς Ασίας, δευτέρας, ελευθέρας, στερεάς):
where the paradigm's own feminine genitive is -ης (μικρής), the learned ``ADJ;FEM;GEN;SG`` in
-ας (stressed on the last syllable for an oxytone lemma, else on the penult: δεύτερος →
δευτέρας) is a candidate, decided by the same sources and veto.

Deterministic; prints its counts.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from fst.learn import dev_could_hold, fold_from_env, read_dev
from grammars import phonology as ph
from grammars.alphabet import plain
from grammars.normalize import to_tile
from grammars.paradigm import generate, load_tables
from lexicon import read_lexicon
from scripts.common import ROOT, SHARED, read_hunspell

OUT = ROOT / "lexicon" / "learned-genitives.tsv"
CELL = "N;GEN;SG"
ADJ_CELL = "ADJ;FEM;GEN;SG"
#: the stem's last letter before -ος for the learned feminine in -α (μικρ-ός, στερε-ός)
ADJ_STEM_END = "ρεαιου"
WEIGHT = 1
# the consonant stems of the third declension before -ας (κανόν-ας, άρχοντ-ας, κόρακ-ας):
# not φέτ-ας or τσέτουλ-ας, first-declension nouns whose -ος would be another word
STEMS = tuple(x + "ας" for x in (
    "ον", "ων", "οντ", "ουντ", "αντ", "ορ", "ωρ", "ηρ", "ερ", "υρ", "ακ", "ικ", "υκ", "ηκ",
    "ητ", "ωτ", "ωπ", "εν", "ιγγ", "υγγ"))
HEADER = """# Learned genitives in -ος of third-declension nouns and in -ας of -ος adjectives (lexicon/README.md, "Learned genitives"):
# a variant cell of the lemma's own paradigm (its class), beside the demotic genitive. Written by
# scripts/pipeline/find_learned_genitives.py: a candidate of the grammar (Triantafyllidis 1941, third-
# declension masculines in -ας, learned genitive in -ος on the same stem: κανόνας, κανόνος; γάλα,
# γάλακτος; μικρός, μικράς; δεύτερος, δευτέρας) that UniMorph or hunspell el_GR attests, and that the official dev half, where it
# could hold it, does not lack. Same 7 columns as irregular.tsv. Never a copy of a word list.
lemma\tpos\tclass\tcell\tform\tweight\tcitation"""


def candidates(lemma: str, code: str, forms) -> list[str]:
    """The learned genitive of ``lemma`` (class ``code``, its generated ``forms``): the
    demotic genitive in -α + ος for a masculine in -ας (κανόνα → κανόνος); -γαλα → -γάλακτος;
    [] otherwise."""
    if lemma == "γάλα" or lemma.endswith("γαλα"):  # the stress on -γάλ-: πρωτογάλακτος
        return [plain(lemma[:-4], diaeresis=True) + "γάλακτος"]
    if not plain(lemma, diaeresis=True).endswith(STEMS):
        return []
    gens = [f for f, c, w in forms if c == CELL and w == 0]
    if not gens or any(not g.endswith("α") for g in gens):
        return []
    return [gens[0][:-1] + "ος"]


def adjective_candidates(lemma: str, forms) -> list[str]:
    """The learned feminine genitive in -ας of an -ος adjective ``lemma`` whose stem ends in ρ
    or a vowel and whose paradigm (``forms``) has -ης there (μικρός → μικράς, δεύτερος →
    δευτέρας); [] otherwise."""
    p = plain(lemma, diaeresis=True)
    if len(p) < 4 or not p.endswith("ος") or p[-3] not in ADJ_STEM_END:
        return []
    gens = [f for f, c, w in forms if c == ADJ_CELL and w == 0]
    if not gens or any(not plain(g).endswith("ης") for g in gens):
        return []
    return [ph.realise(ph.underlying(p[:-2]), "ας", "ULT" if lemma.endswith("ός") else "PEN")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--no-official", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    hun = read_hunspell(args.shared)
    um = read_unimorph_genitives(args.shared)
    dev = None
    path = args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not args.no_official and path.exists():
        dev = read_dev(path, fold_from_env())
    could = dev_could_hold(fold_from_env())
    tables = load_tables()
    counts = collections.Counter()
    out = []
    lemmas = {e.lemma for e in read_lexicon()}  # δράκας → *δράκος is δράκος, φέτας → φέτος
    # every noun's and adjective's paradigm, once
    paradigms = {}
    for e in sorted(read_lexicon(), key=lambda e: (e.lemma, e.inflection_class)):
        if e.pos in ("NOUN", "ADJ") and e.inflection_class in tables \
                and (e.lemma, e.inflection_class) not in paradigms:
            paradigms[(e.lemma, e.inflection_class)] = (
                e, generate(e.lemma, tables[e.inflection_class]))
    # an adjective's -ας that another noun or adjective already makes is that word's (ήμερος →
    # ημέρας is ημέρα's, πυρός → πυράς is πυρά's): hunspell's entry attests it, not the variant
    made = collections.Counter()
    for _e, forms in paradigms.values():
        made.update({f for f, c, w in forms})
    for e, forms in paradigms.values():
        have = {f for f, c, w in forms}
        noun = e.pos == "NOUN"
        found = candidates(e.lemma, e.inflection_class, forms) if noun else \
            adjective_candidates(e.lemma, forms)
        for g in found:
            if g in have or g in lemmas:
                counts["candidate another lemma's citation form"] += g in lemmas
                continue
            if not noun and made[g]:
                counts["candidate another lemma's form"] += 1
                continue
            src = "UniMorph (Wiktionary, CC BY-SA 3.0)" if noun and g in um.get(e.lemma, ()) \
                else "hunspell el_GR" if g in hun else None
            if src is None:
                counts["candidate unattested"] += 1
                continue
            t = to_tile(g)
            if dev is not None and could(t) and t not in dev:
                counts["attested, vetoed by the dev half's absence"] += 1
                continue
            if dev is not None and could(t):
                counts["attested, the dev half holds it"] += 1
            counts[f"written ({'noun' if noun else 'adjective'}, {src.split(' ')[0]})"] += 1
            if noun:
                out.append(f"{e.lemma}\tN\t{e.inflection_class}\t{CELL}\t{g}\t{WEIGHT}\t"
                           f"{src} attests the learned genitive; Triantafyllidis 1941, third "
                           "declension, learned genitive in -ος")
            else:
                out.append(f"{e.lemma}\tADJ\t{e.inflection_class}\t{ADJ_CELL}\t{g}\t{WEIGHT}\t"
                           f"{src} attests the learned genitive; Triantafyllidis 1941, "
                           "adjectives in -ος, learned feminine in -α, genitive in -ας")
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")
    print(f"  rows: {len(out)}")
    if not args.dry_run:
        OUT.write_text(HEADER + "\n" + "\n".join(out) + "\n", encoding="utf-8")
    return 0


def read_unimorph_genitives(shared: Path) -> dict[str, set[str]]:
    """lemma → the forms of UniMorph's noun genitive singular cell."""
    import gzip
    out: dict[str, set[str]] = collections.defaultdict(set)
    path = shared / "data" / "unimorph" / "ell.tsv.gz"
    if not path.exists():
        return out
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) == 3 and p[2].startswith("N;GEN;SG"):
                out[p[0]] |= {x.strip() for x in p[1].split(",") if x.strip()}
    return out


if __name__ == "__main__":
    sys.exit(main())
