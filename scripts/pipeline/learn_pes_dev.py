#!/usr/bin/env python3
"""Learn lemma records from the official list's development half; write the lexicon files.

Usage: python -m scripts.pipeline.learn_pes_dev [--shared DIR] [--jobs N] [--report FILE]
       [--guess-cache FILE] [--dev FILE] [--out-dir DIR]

Reads ``../shared/oracles/pes-2-8-2024-dev.txt`` (only the fold $DEKTES_PES_FOLD=0|1 when set)
and the other evidence, and decides lemma-level facts by ../shared/README.md, "The official
list as evidence", with the method of :mod:`fst.learn`:

* the words of the list that the lexicon does not generate (the compiled language *without*
  this script's own files, so a rerun gives the same files) are guessed (``grammars.guess``);
* a candidate (lemma, class) must meet the three conditions (fst.learn's docstring): two listed
  tile forms nothing else generates, ``--min-ratio`` of the dev-hashed 2–8 letter main forms it
  could show listed, and a listed form against each rival;
* a lemma no other source has goes to ``lexicon/lemmas-pes-dev.tsv`` (source ``pes-dev``; flag
  ``accent_guessed`` unless a hunspell form of its paradigm gives the accent); a lemma that
  spaCy, the review file, UniMorph, the Greek WordNet or a hunspell citation form has goes to
  ``lexicon/lemmas-sources.tsv`` with ``+pes-dev`` in its source (the list decided its class);
  one only FreeDict has goes to ``lexicon/lemmas-freedict.tsv`` (``freedict+pes-dev``).

Deterministic (same inputs → same files); counts on stdout. The report of the listed words no
lemma explains goes outside the repository (default: the dektes cache folder), never into
review.tsv. Nothing of the list is written into the repository except lemma records.
"""
from __future__ import annotations

import argparse
import collections
import os
import pickle
import sys
import time
from pathlib import Path

from scripts.common import FREEDICT_INDEX, ROOT, SHARED, lemma_headwords

from fst import learn

LEXICON = ROOT / "lexicon"
OUT_PES = "lemmas-pes-dev.tsv"
OUT_SOURCES = "lemmas-sources.tsv"
OUT_FREEDICT = "lemmas-freedict.tsv"
OWN_FILES = (OUT_PES, OUT_SOURCES, OUT_FREEDICT)
HEADER = "# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource"
# Kinds of decision written to the lexicon, as (kind, part of speech): those whose precision
# held (>= 0.90, the weakest shipped source's marginal precision being 0.958 and the overall
# target 0.975) on the other fold: learned from DEKTES_PES_FOLD=0 with --all-kinds at the
# thresholds below, measured on fold 1 over the 2-8 letter forms they alone add (see the
# lexicon README, "Fold figures"). With min_ratio 0.6: list-alone 0.69, source 0.73 (none
# held). With 0.9 and 3 listed forms: list-alone ADJ 0.904 (141 lemmas, 197 fold-1 words),
# source VERB 0.914 (27, 106), source ADJ 1.0 (15, 15), source NOUN 1.0 (9, 1); not kept:
# list-alone VERB 0.732 (35, 115), list-alone NOUN 0.889 (19, 8).
KEEP_KINDS: frozenset[tuple[str, str]] = frozenset({
    ("list-alone", "ADJ"), ("source", "VERB"), ("source", "ADJ"), ("source", "NOUN")})
PARAMS = {"min_ratio": 0.9, "min_found": 3, "min_ratio_source": 0.9, "min_found_source": 3}
# a lemma's other sources, strongest first (its source column names the first that has it)
SOURCE_ORDER = ("spacy", "unimorph", "wordnet", "hunspell", "freedict")  # hunspell: review.tsv


def _greek_lemma(s: str) -> bool:
    return bool(s) and all("\u0370" <= ch <= "\u03ff" for ch in s) and s == s.lower()


def lemma_sources(shared: Path, freedict: Path | None) -> dict[str, tuple[str, frozenset]]:
    """Accented lemma → (the first source of SOURCE_ORDER that lists it, its parts of speech
    there: NOUN/ADJ/VERB; empty when the source gives none, as FreeDict)."""
    found, pos = lemma_headwords(shared, freedict)
    out = {}
    for w, ss in found.items():
        if _greek_lemma(w):
            src = next(s for s in SOURCE_ORDER if s in ss)
            out[w] = (src, frozenset() if src == "freedict" else frozenset(
                t for tags in pos[w].values() for t in tags))
    return out


def explained_tiles(own_rows: set[tuple[str, str]]) -> set[str]:
    """Tile words the compiled language has without ``own_rows`` (this script's rows in the
    compiled lexicon): a word that only those rows analyse does not count."""
    from fst.api import Judge
    from grammars.normalize import to_tile
    from grammars.paradigm import generate, load_tables
    judge = Judge.load(min_length=2, max_length=15)
    words = set(judge.wordlist(2, 15))
    tables = load_tables()
    maybe = set()  # the words own rows could analyse (their paradigms, variants, rule forms)
    for lemma, code in own_rows:
        if code in tables:
            maybe |= {to_tile(f) for f, _, _ in generate(lemma, tables[code])}
    maybe = sorted(maybe & words)
    for w, analyses in zip(maybe, judge.analyse_many(maybe)):
        if all((a.lemma, a.inflection_class) in own_rows for a in analyses):
            words.discard(w)
    return words


def read_own_rows(out_dir: Path) -> set[tuple[str, str]]:
    from lexicon import rows
    got = set()
    for name in OWN_FILES:
        p = out_dir / name
        if p.exists():
            got |= {(parts[0], parts[3]) for _, parts in rows(p)}
    return got


def known_lemmas(out_dir: Path) -> set[str]:
    """Lemmas of the lexicon files other than this script's, and of the listed paradigms."""
    from lexicon import LISTED_FILES
    from lexicon import rows
    got = set()
    for p in sorted(LEXICON.glob("lemmas*.tsv")):
        if p.name in OWN_FILES:
            continue
        got |= {parts[0] for _, parts in rows(p)}
    for name in LISTED_FILES:
        p = LEXICON / name
        if p.exists():
            got |= {parts[0] for _, parts in rows(p, "lemma") if parts}
    return got


def write_rows(path: Path, rows, what: list[str]) -> None:
    lines = [f"# {x}" for x in what] + [HEADER]
    lines += ["\t".join(r) for r in sorted(set(rows))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_outputs(out_dir: Path, pes, other, fd, fold: int | None) -> None:
    """The three lexicon files (rows sorted; the same header whatever the rows)."""
    note = ["Generated by scripts/learn_pes_dev.py; do not edit by hand (rerun the script).",
            "Inflection class decided by the development half of the Hellenic Scrabble "
            "federation's official 2-8 list",
            "(which forms of the class's paradigm it has and lacks; fst/learn.py). No form of "
            "the list is stored here."]
    if fold is not None:
        note.append(f"LEARNED FROM FOLD {fold} ONLY ($DEKTES_PES_FOLD): a measurement build, "
                    "not for shipping.")
    write_rows(out_dir / OUT_PES, pes, [
        "Lemmas whose only support is the official list (source pes-dev). Licence: the "
        "federation's free non-commercial use;"] + note[:1] + [
        "flag accent_guessed: no source gives the accent (tile forms carry none); it is "
        "the guesser's."] + note[1:])
    write_rows(out_dir / OUT_SOURCES, other, [
        "Lemmas of other sources (spaCy, review.tsv, UniMorph, Greek WordNet, hunspell "
        "citation forms) whose class the official list decided (+pes-dev)."] + note)
    write_rows(out_dir / OUT_FREEDICT, fd, [
        "Lemmas whose only source besides the official list is FreeDict's Greek-English "
        "dictionary (CC BY-SA 3.0; Debian dict-freedict-ell-eng)."] + note)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--dev", type=Path, help="the word list (default: the dev half in --shared)")
    ap.add_argument("--out-dir", type=Path, default=LEXICON)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-ratio", type=float, default=PARAMS["min_ratio"],
                    help="condition 2 for every lemma (default %(default)s)")
    ap.add_argument("--freedict", type=Path, default=FREEDICT_INDEX,
                    help="FreeDict's ell-eng dictd index (Debian dict-freedict-ell-eng)")
    ap.add_argument("--report", type=Path, help="where the words no lemma explains are listed "
                    "(default: the dektes cache folder; never inside the repository)")
    ap.add_argument("--all-kinds", action="store_true",
                    help="write every kind of decision, not only KEEP_KINDS (to measure them)")
    ap.add_argument("--guess-cache", type=Path, metavar="FILE",
                    help="development aid: keep the guesses in FILE and reuse them")
    args = ap.parse_args(argv)
    t0 = time.time()
    fold = learn.fold_from_env()
    report = args.report or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") \
        / "dektes" / "reports" / f"learn-pes-dev{'' if fold is None else f'-fold{fold}'}.txt"
    if ROOT in report.resolve().parents:
        print("learn_pes_dev: the report may not go inside the repository", file=sys.stderr)
        return 2
    dev_path = args.dev or args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not dev_path.exists():
        print(f"learn_pes_dev: {dev_path} not found; nothing to learn", file=sys.stderr)
        return 1
    present = learn.read_dev(dev_path, fold)
    could = learn.dev_could_hold(fold)
    print(f"word list: {len(present)} words" + (f" (fold {fold})" if fold is not None else ""))
    own = read_own_rows(LEXICON)  # the rows the compiled lexicon has from this script
    explained = explained_tiles(own)
    print(f"the lexicon (without this script's {len(own)} rows) generates {len(explained)} "
          f"tile words ({time.time() - t0:.0f} s)", flush=True)
    unexplained = sorted(w for w in present if w not in explained and could(w))
    print(f"listed words the lexicon does not generate: {len(unexplained)}", flush=True)
    support = None
    key = (str(dev_path), fold, tuple(unexplained))
    if args.guess_cache and args.guess_cache.exists():
        with open(args.guess_cache, "rb") as f:
            k, support = pickle.load(f)
        if k != key:
            support = None
    if support is None:
        def progress(i, n):
            print(f"  … {i}/{n} words guessed ({time.time() - t0:.0f} s)", flush=True)
        support = learn.guess_pairs(unexplained, args.jobs, progress)
        if args.guess_cache:
            with open(args.guess_cache, "wb") as f:
                pickle.dump((key, support), f)
    print(f"(lemma, class) candidates: {len(support)} ({time.time() - t0:.0f} s)", flush=True)
    from scripts.common import read_hunspell_dic as read_hunspell
    hun_path = args.shared / "oracles" / "hunspell-el_GR.dic.gz"
    hun = read_hunspell(hun_path) if hun_path.exists() else set()
    sources = lemma_sources(args.shared, args.freedict)
    from grammars.guess import Guesser
    g = Guesser()
    params = learn.Params(**{**PARAMS, "min_ratio": args.min_ratio,
                                 "min_ratio_source": args.min_ratio})
    out = learn.judge_candidates(support, present, could, explained, known_lemmas(args.out_dir),
                                 params, lemma_sources=sources, attested=hun, prior=g.prior)
    pes, other, fd = [], [], []
    by = collections.Counter()
    for c in out.accepted:
        if not args.all_kinds and (c.kind, c.pos) not in KEEP_KINDS:
            by[(f"not written (kind {c.kind} not kept)", c.pos, "-")] += 1
            continue
        src = sources[c.lemma][0] if c.lemma in sources else None
        if src is None:
            flags = "-" if c.accent_source else learn.ACCENT_GUESSED
            pes.append((c.lemma, c.pos, "-", c.code, "-", flags, "-", "pes-dev"))
            by[("pes-dev", c.pos, flags)] += 1
        elif src == "freedict":
            fd.append((c.lemma, c.pos, "-", c.code, "-", "-", "-", "freedict+pes-dev"))
            by[("freedict+pes-dev", c.pos, "-")] += 1
        else:
            other.append((c.lemma, c.pos, "-", c.code, "-", "-", "-", f"{src}+pes-dev"))
            by[(f"{src}+pes-dev", c.pos, "-")] += 1
    write_outputs(args.out_dir, pes, other, fd, fold)
    for k, v in sorted(out.counts.items()):
        print(f"  {k}: {v}")
    for (src, pos, flags), v in sorted(by.items()):
        print(f"  {'' if src.startswith('not written') else 'written '}{src} {pos} {flags}: {v}")
    taken = set()
    for c in out.accepted:
        taken |= c.tiles
    left = sorted(w for w in unexplained if w not in taken)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("\n".join(left) + "\n", encoding="utf-8")
    print(f"listed words still unexplained: {len(left)} (report: {report}); "
          f"{time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
