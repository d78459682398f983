#!/usr/bin/env python3
"""Write ``lexicon/flags.tsv``: the flag ``no_aw`` for -ώ verbs whose -άω present is not used.

The class tables give every verb of an αγαπώ-type class the colloquial -άω alternant
(αγωνιάω, αγωνιάει) and, through it, the §D4 imperfect in -αγα; many verbs of these classes,
mostly learned ones (αγωνιώ, σιωπώ, εισορμώ), have no -άω present (Triantafyllidis grammar,
second conjugation; RULES.md §D4; grammars/rules/aw_present.py). Evidence decides per lemma:
a lemma of ``lexicon/lemmas*.tsv`` in -ώ whose class has -άω alternant rules is flagged
``no_aw`` when the hunspell el_GR list (../shared/oracles, never shipped: only the flag is
derived) has none of the forms that belong to the -άω present alone: 1st singular -άω, 3rd
singular -άει, and the -αγα imperfect (-άγα, -άγες, -άγε, -άγαμε, -άγατε, -άγαν, -άγανε).
-άμε and -άνε are left out: the -ώ present has them too (αγαπάμε). The official list is not
read. Deterministic; prints the counts.

    python -m scripts.pipeline.find_aw_present [--shared DIR] [--dry-run]

Rows ``lemma class flag evidence``; lexicon.read_flags reads them.
"""
from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

from scripts.common import SHARED

from lexicon import LEXICON_DIR, read_lexicon
from grammars import phonology as ph
from grammars.alphabet import plain
from grammars.paradigm import load_tables
from grammars.rules import aw_present
from scripts.common import read_hunspell_dic as read_hunspell

OWN_ENDINGS = ("άω", "άει", "άγα", "άγες", "άγε", "άγαμε", "άγατε", "άγαν", "άγανε")
HEADER = """\
# Flags decided by evidence (lexicon/README.md, "Flags by evidence"); lexicon.read_flags.
# Written by scripts/find_aw_present.py; do not edit by hand (rerun the script).
# no_aw: an -ώ verb whose class gives an -άω alternant (and §D4 -αγα) that the hunspell el_GR
# list (MPL-1.1/GPL-2/LGPL-2.1; only the flag is derived, no form is copied) never attests in
# the forms proper to the -άω present: -άω, -άει, -άγα, -άγες, -άγε, -άγαμε, -άγατε, -άγαν(ε).
# lemma	class	flag	evidence"""


def own_forms(lemma: str) -> list[str]:
    """The -άω present's own forms of an -ώ lemma (αγωνιώ → αγωνιάω, αγωνιάει, αγωνιάγα …)."""
    stem = plain(lemma[:-1], diaeresis=True)
    return [unicodedata.normalize("NFC", stem + e) for e in OWN_ENDINGS]


def has_alternant(table, lemma: str) -> bool:
    lp = ph.plain(ph.underlying(lemma, glides=False))
    return any(aw_present.is_alternant(cell, r) for cell in aw_present.ALTERNANT
               if cell in table.rules for r in table.rules_for(lp, cell))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--dry-run", action="store_true", help="print the counts only")
    args = ap.parse_args(argv)
    hun = read_hunspell(args.shared / "oracles" / "hunspell-el_GR.dic.gz")
    tables = load_tables()
    rows, seen, checked = [], set(), 0
    for e in read_lexicon():
        table = tables.get(e.inflection_class)
        key = (e.lemma, e.inflection_class)
        if table is None or key in seen or not e.lemma.endswith("ώ"):
            continue
        seen.add(key)
        if not has_alternant(table, e.lemma):
            continue
        checked += 1
        if not any(f in hun for f in own_forms(e.lemma)):
            rows.append(f"{e.lemma}\t{e.inflection_class}\t{aw_present.FLAG}\t"
                        f"hunspell: 0 of {len(OWN_ENDINGS)} -άω forms")
    rows.sort()
    print(f"-ώ verbs with an -άω alternant: {checked}; flagged {aw_present.FLAG}: {len(rows)}")
    if not args.dry_run:
        (LEXICON_DIR / "flags.tsv").write_text(HEADER + "\n" + "\n".join(rows) + "\n",
                                               encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
