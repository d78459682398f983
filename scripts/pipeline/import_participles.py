#!/usr/bin/env python3
"""Participles that a dictionary gives as headwords → ``lexicon/lemmas-participles.tsv``.

Usage: python -m scripts.pipeline.import_participles [--shared DIR] [--freedict INDEX]
       (defaults ../shared and Debian's /usr/share/dictd/freedict-ell-eng.index)

Regulation §D6: a participle other than -οντας/-ώντας is valid only where the dictionaries give
it. A -όμενος/-ούμενος/-ώμενος participle that a dictionary has as a headword of its own
(αναμενόμενος, κινούμενος, συνεργαζόμενος) is an adjective lemma of class E5 (-ος -η -ο,
stress kept: επόμενος, επόμενων; Triantafyllidis 1941 § 1143). The verb's paradigm never
generates these forms: only such a headword does.

Sources, lemma records only (lexicon/SOURCES.md): FreeDict's Greek-English dictionary
(Debian dict-freedict-ell-eng, CC BY-SA 3.0), the Greek WordNet's lemmas (Apache-2.0) and
UniMorph's Greek adjective lemmas (CC BY-SA 3.0). A headword is taken when it is lower-case
Greek, ends in -όμενος, -ούμενος or -ώμενος after a stem with a vowel (not γκόμενος), class E5
gives it back as its citation form, and no other lemma file has it. Rows:

    lemma  ADJ  -  E5  -  -  -  SOURCES        (SOURCES: freedict, wordnet, unimorph, joined by +)

Active participles in -ων, -ουσα, -ον likewise (§D6): a headword in -ων/-ών of FreeDict, or one
that WordNet, UniMorph or spaCy's lemma index (MIT) tags as an adjective, is a participle when
its verb is a lemma of the lexicon: the headword less its -ν for a paroxytone (υπάρχων ←
υπάρχω, πάσχων, δευτερεύων: class E12, -οντος, -ουσα), -ών → -ώ for a contracted verb
(κυβερνών ← κυβερνώ, επιζών: E14, -ώντος, -ώσα; a verb in -ώ, -είς: διοικών ← διοικώ, E15,
-ούντος, -ούσα). An oxytone in -ών of no such verb is taken
only as WordNet's or UniMorph's adjective (παρών, απών, επιτυχών: E13, -όντος, -ούσα); the
third-declension adjectives in -ων, -ον (ευγνώμων, μετριόφρων) have no verb and are not taken.
Triantafyllidis grammar (1941): the active present participle declined as an adjective. The
official list's dev half confirms, as for classify_by_evidence's lemmas (lemma-level evidence:
absence): of the participle's forms that it could hold (2–8 letters, dev-hashed, the training
fold under DEKTES_PES_FOLD) it must hold ``CONFIRM_RATIO`` (νήφων: none of five), else the
lemma is dropped and counted.

A row whose only source is FreeDict carries the id ``FD`` (lexicon/__init__.py), as
``lemmas-freedict.tsv`` does, so that the ``free`` profile leaves it out. Deterministic;
counts on stdout. Only the active participles read the official list (above). Exit status 1,
with one line, if a source is missing.
"""
from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

from scripts.common import FREEDICT_INDEX, REVIEW, ROOT, SHARED, lemma_headwords

from fst.learn import dev_could_hold, dev_held, fold_from_env, read_dev
from grammars import compounds
from grammars.conjugation import parts_index
from grammars.normalize import to_tile
from grammars.paradigm import generate, load_tables
from lexicon import LEXICON_DIR, LISTED_FILES, read_lemmas, read_lexicon, read_listed

OUT = ROOT / "lexicon" / "lemmas-participles.tsv"
CLASS = "E5"
SOURCE_ORDER = ("wordnet", "unimorph", "freedict")
CONFIRM_RATIO = 0.6  # of an active participle's forms the dev half could hold, the share it must hold
#: the sources of the active participles in -ων (spaCy only where it tags an adjective)
ACTIVE_ORDER = ("wordnet", "unimorph", "spacy", "freedict")
ACTIVE = re.compile(r"^[αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*"
                    r"[αεηιουωάέήίύϊϋ][αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*(ων|ών)$")
PARTICIPLE = re.compile(r"^[αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*"
                        r"[αεηιουωάέήίύϊϋ][αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ]*"
                        r"(όμενος|ούμενος|ώμενος)$")

HEADER = """\
# Participles that a dictionary gives as headwords of their own (regulation §D6: participles
# other than -οντας/-ώντας only where the dictionaries give them), as adjectives: -όμενος of
# class E5, -ων/-ουσα/-ον of E12 (υπάρχων), E13 (παρών), E14 (κυβερνών), E15 (διοικών).
# Written by scripts/pipeline/import_participles.py; do not edit by hand (rerun the script).
# Sources (lemma records only): FreeDict Greek-English (CC BY-SA 3.0, the FreeDict
# contributors; Debian dict-freedict-ell-eng), the Greek WordNet (Apache-2.0), UniMorph Greek
# (CC BY-SA 3.0, the UniMorph project and Wiktionary contributors).
"""


def headwords(shared: Path, freedict: Path) -> tuple[dict[str, set[str]], dict, dict]:
    """(lemma → the dictionaries of :data:`SOURCE_ORDER` that give it as a headword, and the
    two maps of :func:`scripts.common.lemma_headwords`: lemma → every source, lemma → source →
    parts of speech). Raises SystemExit naming a missing source file."""
    files = {"wordnet": shared / "data" / "wordnet" / "wn-data-ell.tab.gz",
             "unimorph": shared / "data" / "unimorph" / "ell.tsv.gz", "freedict": freedict}
    for name, path in files.items():
        if not path.exists():
            raise SystemExit(f"import_participles: the {name} file {path} is missing")
    found, pos = lemma_headwords(shared, freedict)
    out = {}
    for w, ss in found.items():
        # UniMorph as an adjective's source only where it tags the lemma as one
        got = {s for s in ss & set(SOURCE_ORDER)
               if s != "unimorph" or any(t.startswith("ADJ") for t in pos[w]["unimorph"])}
        if got:
            out[w] = got
    return out, found, pos


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--freedict", type=Path, default=FREEDICT_INDEX,
                    help="FreeDict's ell-eng dictd index (Debian dict-freedict-ell-eng)")
    args = ap.parse_args(argv)
    found, every, pos = headwords(args.shared, args.freedict)
    known = {e.lemma for e in read_lemmas(sorted(p for p in LEXICON_DIR.glob("lemmas*.tsv")
                                                 if p != OUT))}
    table = load_tables()[CLASS]
    rows = []
    counts = collections.Counter({"headwords": 0, "already a lemma": 0, "not given back by E5": 0})
    for lemma in sorted(found):
        if not PARTICIPLE.match(lemma):
            continue
        counts["headwords"] += 1
        if lemma in known:
            counts["already a lemma"] += 1
            continue
        if not any(f == lemma and c == "ADJ;MASC;NOM;SG" for f, c, _w in generate(lemma, table)):
            counts["not given back by E5"] += 1
            continue
        src = "+".join(s for s in SOURCE_ORDER if s in found[lemma])
        rows.append(f"{lemma}\tADJ\t-\t{CLASS}\t-\t-\t-\t{src}\n")
        counts[src] += 1
    rows += active_participles(args.shared, every, pos, known, counts)
    OUT.write_text(HEADER + "".join(sorted(rows)), encoding="utf-8")
    # its lemmas leave the review queue (review lemmas are not in the lexicon)
    written = {r.split("\t", 1)[0] for r in rows}
    if REVIEW.exists():
        text = REVIEW.read_text(encoding="utf-8").splitlines(keepends=True)
        kept = [ln for ln in text if ln.startswith("#") or ln.split("\t", 1)[0] not in written]
        counts["review rows removed"] = len(text) - len(kept)
        REVIEW.write_text("".join(kept), encoding="utf-8")
    for k, v in counts.items():
        print(f"  {k}: {v}")
    print(f"rows written: {len(rows)} ({OUT.relative_to(ROOT)})")
    return 0


def second_singular(verb: str, verb_classes: dict, tables: dict) -> set[str]:
    """The present 2nd singular active endings (underlying: ``ασ``, ``εισ``) of the class
    tables of ``verb``'s classes: which contracted conjugation (A or B) it follows."""
    return {r.ending for c in verb_classes.get(verb, ()) if c in tables
            for rs in tables[c].rules.get("V;IND;PRS;IPFV;2;SG;ACT", {}).values() for r in rs}


def active_participles(shared: Path, found: dict, pos: dict, known: set,
                       counts: collections.Counter) -> list[str]:
    """Rows of the active participles in -ων that a dictionary gives (module docstring), not
    already a lemma of ``known`` or of the listed paradigms (ενδιαφέρων); ``found`` and
    ``pos`` are :func:`scripts.common.lemma_headwords`' maps; ``counts`` is updated."""
    tables = load_tables()
    # a listed paradigm (ενδιαφέρων) is the lemma; an indeclinable loan row (παρών, απών, that
    # import_loans took while no class cited them) is not
    listed = {r.lemma for r in read_listed(tuple(f for f in LISTED_FILES if f != "loans.tsv"))}
    # the verbs of every lemma file and of the parts rows (συμμετέχω) with their classes, then
    # the compounds and listed verbs
    verb_classes: dict[str, set[str]] = collections.defaultdict(set)
    for e in read_lexicon():
        if e.pos == "VERB":
            verb_classes[e.lemma].add(e.inflection_class)
    for lm, pt in parts_index().items():
        verb_classes[lm].add(pt.inflection_class)
    verbs = (set(verb_classes) | {r.lemma for r in compounds.read_records()}
             | {r.lemma for r in read_listed() if r.pos == "V"})
    path = shared / "oracles" / "pes-2-8-2024-dev.txt"
    dev = read_dev(path, fold_from_env()) if path.exists() else None
    could = dev_could_hold(fold_from_env())
    rows = []
    for lemma in sorted(found):
        if not ACTIVE.match(lemma) or len(lemma) < 5:
            continue
        adj = {s for s in found[lemma] & {"wordnet", "unimorph", "spacy"}
               if any(t.startswith("ADJ") for t in pos.get(lemma, {}).get(s, ()))}
        srcs = adj | ({"freedict"} & found[lemma])
        if not srcs:
            continue
        counts["-ων headwords"] += 1
        if lemma in known or lemma in listed:
            counts["-ων already a lemma"] += 1
            continue
        verb = lemma[:-2] + "ώ"
        if not lemma.endswith("ών"):
            code = "E12" if lemma[:-1] in verbs else None
        elif verb in verbs:
            # -ώ, -είς (type B: διοικώ, διοικείς) → -ούντος, -ούσα; -ώ, -άς (κυβερνώ) and ζω
            # (επιζώ) → -ώντος, -ώσα
            b = "εισ" in second_singular(verb, verb_classes, tables)
            code = "E15" if b and not verb.endswith("ζώ") else "E14"
        else:
            code = "E13" if adj & {"wordnet", "unimorph"} else None
            srcs = adj & {"wordnet", "unimorph"}
        if code is None:
            counts["-ων no verb of the lexicon"] += 1
            continue
        forms = generate(lemma, tables[code])
        if not any(f == lemma and c == "ADJ;MASC;NOM;SG" for f, c, _w in forms):
            counts["-ων not given back by its class"] += 1
            continue
        if dev is not None:
            n, held = dev_held((to_tile(f) for f, _c, _w in forms), dev, could)
            if n and held < CONFIRM_RATIO * n:
                counts["-ων official list does not confirm"] += 1
                continue
        src = "+".join(s for s in ACTIVE_ORDER if s in srcs)
        rows.append(f"{lemma}\tADJ\t-\t{code}\t-\t-\t-\t{src}\n")
        counts[f"-ων {code}"] += 1
    return rows


if __name__ == "__main__":
    sys.exit(main())
