#!/usr/bin/env python3
"""Class-choice accuracy of the lemma model (grammars/lemma_model.py), with the lemma's own
class hidden, and the precision–coverage curve over the posterior threshold.

Usage: python -m scripts.measure.measure_lemma_model [--shared DIR] [--sample N] [--jobs N]
       [--cands-cache FILE] [--no-dev]

* **elspell, 5-fold**: a seeded sample of ``lexicon/lemmas.tsv`` (elspell's classed lemmas)
  is split in five; the model is fitted on four and scores every lemma of the fifth among its
  candidate classes and NONE, with hunspell, the dev half and UniMorph as evidence. A choice is
  right when its main forms are those of one of elspell's classes for the lemma.
* **UniMorph lemmas elspell lacks**: fitted on the whole sample, scored with hunspell and the
  dev half only (UniMorph hidden); the right classes are the candidates whose main forms cover
  the most of UniMorph's table (at least 90 % of its one-word forms).

For each part of speech it prints, per threshold t, the share of lemmas whose best class has
posterior ≥ t (coverage) and the share of those that are right (precision), and the share of
real lemmas the model would reject (P(NONE) ≥ t). Then, per kind (POS, decided class) at the
POS's threshold, both precisions and whether the kind is kept (``scripts/pipeline/decide_review.py`` computes the same
table, writes it to ``lexicon/model-kinds.tsv`` and decides only kept kinds). Writes nothing
else but the optional candidate cache (a development aid; stale if the class tables change).
``DEKTES_PES_FOLD=0|1`` reads one fold of the dev half.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import multiprocessing
import pickle
import random
import sys
import unicodedata
from pathlib import Path

from scripts.common import ROOT, SHARED

from grammars import lemma_model as LM
from grammars.paradigm import proposable_tables

THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999)
#: the threshold each part of speech is decided at (chosen on the curves printed here: the
#: lowest where UniMorph's class-choice precision is ≥ TARGET); kinds are (POS, class) at it
POS_THRESHOLD = {"ADJ": 0.9, "NOUN": 0.995, "VERB": 0.9}  # on P(class | exists)
EXISTS_MIN = 0.9    # P(the lemma exists) a decision needs
MIN_KIND = 20       # decided lemmas an evaluation needs before its precision counts
KINDS = ROOT / "lexicon" / "model-kinds.tsv"
UM_POS = {"N": "NOUN", "ADJ": "ADJ", "V": "VERB"}
TARGET = 0.975


# ------------------------------------------------------------------------------------------
# sources

def read_unimorph(shared: Path) -> dict[tuple[str, str], set[str]]:
    """(lemma, POS) → the one-word forms of its UniMorph ``ell`` table (lower case, NFC)."""
    out: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    with gzip.open(shared / "data" / "unimorph" / "ell.tsv.gz", "rt", encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[2]:
                continue
            pos = UM_POS.get(parts[2].split(";")[0])
            lemma = unicodedata.normalize("NFC", parts[0])
            form = unicodedata.normalize("NFC", parts[1])
            if pos and " " not in form and lemma == lemma.lower():
                out[(lemma, pos)].add(form)
    return dict(out)


def read_sources(shared: Path, use_dev: bool = True):
    """(hunspell lower-case forms, dev-half tile words or None, could-hold test, UniMorph)."""
    from fst.learn import dev_could_hold, fold_from_env, read_dev
    from scripts.common import read_hunspell_dic as read_hunspell
    hun = frozenset(read_hunspell(shared / "oracles" / "hunspell-el_GR.dic.gz"))
    path = shared / "oracles" / "pes-2-8-2024-dev.txt"
    dev = could = None
    if use_dev and path.exists():
        fold = fold_from_env()
        dev = read_dev(path, fold)
        could = dev_could_hold(fold)
    return hun, dev, could, read_unimorph(shared)


def read_classed(path: Path) -> dict[tuple[str, str], set[str]]:
    """(lemma, POS) → classes, from an 8-column lexicon file."""
    out = collections.defaultdict(set)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        p = line.split("\t")
        out[(p[0], p[1])].add(p[3])
    return dict(out)


# ------------------------------------------------------------------------------------------
# candidates (the costly part: one paradigm per citing class), cached

_T: dict = {}


def _cands(item):
    lemma, pos_list, codes = item
    if "tables" not in _T:
        _T["tables"] = proposable_tables()
    tables = _T["tables"]
    if codes is not None:
        tables = {c: tables[c] for c in codes if c in tables}
    return (lemma, pos_list), LM.candidates(lemma, pos_list, tables)


def all_candidates(items, jobs: int, cache: Path | None = None, restrict=None) -> dict:
    """{(lemma, pos tuple): [Candidate]} for ``items``, computed in ``jobs`` processes with a
    progress bar; ``restrict``: {(lemma, pos tuple): class codes} to try only those classes
    (the review queue's candidates column); ``cache``: a pickle file reused and extended."""
    from tqdm import tqdm
    restrict = restrict or {}
    done = {}
    if cache and cache.exists():
        with open(cache, "rb") as f:
            done = pickle.load(f)
    todo = [(lm, pl, restrict.get((lm, pl))) for lm, pl in sorted(set(items) - set(done))]
    if todo:
        with multiprocessing.Pool(jobs) as pool:
            for item, cands in tqdm(pool.imap_unordered(_cands, todo, chunksize=50),
                                    total=len(todo), desc="candidates", mininterval=10):
                done[item] = cands
        if cache:
            tmp = cache.with_suffix(".tmp")
            with open(tmp, "wb") as f:
                pickle.dump(done, f)
            tmp.replace(cache)
    return done


def observations(cands, ev: LM.Evidence) -> dict:
    forms = {f for c in cands for f in c.forms}
    return {f: ev.observe(f) for f in forms}


def evidence(hun, dev, could, um_forms, use_um=True, explained=None) -> LM.Evidence:
    from grammars.normalize import to_tile
    return LM.Evidence(hun=hun, dev=dev, dev_could=could,
                       um=um_forms if use_um else None, tile=to_tile, explained=explained)


# ------------------------------------------------------------------------------------------
# scoring and curves

def judge(model, lemma, cands, obs, truth_forms, size, sources=LM.SOURCES):
    """(P(decided class | the lemma exists), or 0 when P(exists) < EXISTS_MIN; right?; P(NONE);
    share of its main forms that a right class has; decided class). The class is
    ``LM.voice_choice``'s: an active-only verb class (``P2.1a``) is right when its forms are a
    subset of a right class's (the full class ``P2.1`` less its passive: no wrong form)."""
    merged = LM.merge_identical(cands, size)
    post = model.posterior(lemma, merged, obs, sources=sources)
    best, p, voiced = LM.voice_choice(post, merged, obs)
    forms = {c.code: frozenset(c.forms) for c in merged}
    right = best is not None and (forms[best] in truth_forms or (
        (voiced or (best.startswith("P") and best.endswith("a")))
        and any(forms[best] <= t for t in truth_forms)))
    share = (max((len(forms[best] & t) / len(forms[best]) for t in truth_forms), default=0.0)
             if best else 0.0)
    if post[LM.NONE] > 1 - EXISTS_MIN:
        p = 0.0
    return p, right, post[LM.NONE], share, best


def curve(rows) -> list[tuple]:
    """rows: judge()'s → per threshold (t, n, coverage, class precision, rejected share,
    form precision: the mean share of a decided class's main forms that a right class has)."""
    out = []
    n = len(rows)
    for t in THRESHOLDS:
        kept = [r for r in rows if r[0] >= t]
        ok = sum(r[1] for r in kept)
        out.append((t, n, len(kept) / max(1, n), ok / max(1, len(kept)),
                    sum(r[2] >= t for r in rows) / max(1, n),
                    sum(r[3] for r in kept) / max(1, len(kept))))
    return out


def print_curve(title, by_pos) -> dict[str, float | None]:
    """Print the curves; return per POS the lowest threshold with precision ≥ TARGET."""
    print(f"\n{title}")
    print("  pos    t      lemmas  coverage  precision  rejected  form-precision")
    print("  (coverage: lemmas with P(exists) >= %.2f whose best class has P(class | exists)"
          " >= t; precision: right class among them; rejected: real lemmas with"
          " P(NONE) >= t)" % EXISTS_MIN)
    lowest = {}
    for pos in sorted(by_pos):
        rows = by_pos[pos]
        acc = sum(r[1] for r in rows) / max(1, len(rows))
        print(f"  {pos}: {len(rows)} lemmas, top choice right {acc:.3f}")
        lowest[pos] = None
        for t, n, cov, prec, rej, fprec in curve(rows):
            print(f"  {pos:5s}  {t:<6} {n:6d}  {cov:8.3f}  {prec:9.4f}  {rej:8.4f}  {fprec:9.4f}")
            if lowest[pos] is None and prec >= TARGET and cov > 0:
                lowest[pos] = t
    return lowest


def um_truth(cands, forms: set[str]) -> set[frozenset]:
    """Main-form sets of the candidates that cover the most of UniMorph's forms (≥ 90 %)."""
    best, out = 0.0, set()
    for c in cands:
        cov = len(forms & set(c.forms)) / max(1, len(forms))
        if cov > best + 1e-9:
            best, out = cov, {frozenset(c.forms)}
        elif abs(cov - best) <= 1e-9:
            out.add(frozenset(c.forms))
    return out if best >= 0.9 else set()


def elspell_examples(sample, cands, hun, dev, could, um):
    out = []
    for (lemma, pos), true in sample:
        cs = cands.get((lemma, (pos,)), [])
        ev = evidence(hun, dev, could, um.get((lemma, pos)))
        out.append((lemma, pos, true, cs, observations(cs, ev)))
    return out


def sample_and_unimorph(um, sample_n: int):
    """(seeded sample of elspell's (lemma, POS) → classes, class sizes, UniMorph (lemma, POS)
    pairs whose lemma elspell and the hand entries lack)."""
    classed = read_classed(ROOT / "lexicon" / "lemmas.tsv")
    size = collections.Counter(c for cs in classed.values() for c in cs)
    keys = sorted(k for k in classed if k[1] in ("NOUN", "ADJ", "VERB"))
    rng = random.Random(22)
    sample = [(k, classed[k]) for k in sorted(rng.sample(keys, min(sample_n, len(keys))))]
    known = {lm for lm, _ in classed}
    known |= {lm for lm, _ in read_classed(ROOT / "lexicon" / "lemmas-manual.tsv")}
    um_items = sorted(k for k in um if k[0] not in known)
    return sample, size, um_items


def evaluate(sources, sample, size, um_items, cands, verbose: bool = True):
    """Run both evaluations; print the curves when ``verbose``. Returns (kinds table, model
    fitted on the whole sample)."""
    hun, dev, could, um = sources
    out = print if verbose else (lambda *a, **k: None)
    examples = elspell_examples(sample, cands, hun, dev, could, um)
    folds = [examples[i::5] for i in range(5)]
    by_pos = collections.defaultdict(list)
    by_pos_nohun = collections.defaultdict(list)
    for i in range(5):
        model = LM.Model().fit(e for j in range(5) if j != i for e in folds[j])
        for lemma, pos, true, cs, obs in folds[i]:
            truth = {frozenset(c.forms) for c in cs if c.code in true}
            by_pos[pos].append(judge(model, lemma, cs, obs, truth, size))
            by_pos_nohun[pos].append(judge(model, lemma, cs, obs, truth, size,
                                           sources=("dev", "um")))
    model = LM.Model().fit(examples)
    um_rows = collections.defaultdict(list)
    no_truth = collections.Counter()
    for lemma, pos in um_items:
        cs = cands.get((lemma, (pos,)), [])
        truth = um_truth(cs, um[(lemma, pos)])
        if not truth:
            no_truth[pos] += 1
            continue
        ev = evidence(hun, dev, could, None, use_um=False)
        um_rows[pos].append(judge(model, lemma, cs, observations(cs, ev), truth, size,
                                  sources=("hun", "dev")))
    if verbose:
        low_el = print_curve("elspell lemmas, 5-fold, class hidden (hunspell + dev half + "
                             "UniMorph)", by_pos)
        print_curve("elspell lemmas, 5-fold, without hunspell (built from elspell's data)",
                    by_pos_nohun)
        out(f"\nUniMorph lemmas elspell lacks: {len(um_items)}; no candidate covers 90 % of "
            f"the table: {dict(no_truth)}")
        low_um = print_curve("UniMorph lemmas elspell lacks (hunspell + dev half; UniMorph "
                             "hidden)", um_rows)
        out("\nlowest threshold with precision >= %.3f (elspell 5-fold / UniMorph):" % TARGET)
        for pos in sorted(set(low_el) | set(low_um)):
            out(f"  {pos}: {low_el.get(pos)} / {low_um.get(pos)}")
    return kind_table(by_pos, um_rows, verbose), model


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--sample", type=int, default=8000, help="elspell lemmas (default 8000)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cands-cache", type=Path, metavar="FILE")
    ap.add_argument("--no-dev", action="store_true", help="leave the dev half out")
    args = ap.parse_args(argv)
    sources = read_sources(args.shared, not args.no_dev)
    hun, dev, could, um = sources
    print(f"hunspell {len(hun)} forms; dev half {len(dev) if dev else 0} words; "
          f"UniMorph {len(um)} tables")
    sample, size, um_items = sample_and_unimorph(um, args.sample)
    items = [(lm, (pos,)) for (lm, pos), _ in sample] + [(lm, (pos,)) for lm, pos in um_items]
    cands = all_candidates(items, args.jobs, args.cands_cache)
    evaluate(sources, sample, size, um_items, cands)
    return 0


def kind_table(by_pos, um_rows, verbose: bool = True):
    """Per (POS, decided class) at POS_THRESHOLD: (n, right) on elspell's folds and on
    UniMorph, and whether the kind is kept: precision ≥ TARGET in each evaluation with at
    least MIN_KIND decided lemmas, and at least one such evaluation."""
    table = collections.defaultdict(lambda: [0, 0, 0, 0])
    for i, rows_by_pos in enumerate((by_pos, um_rows)):
        for pos, rows in rows_by_pos.items():
            t = POS_THRESHOLD[pos]
            for p, right, _none, _share, code in rows:
                if code and p >= t:
                    table[(pos, code)][2 * i] += 1
                    table[(pos, code)][2 * i + 1] += right
    out = []
    say = print if verbose else (lambda *a, **k: None)
    say(f"\nkinds (POS, class) at the POS threshold {POS_THRESHOLD}; kept: precision >= "
          f"{TARGET} wherever n >= {MIN_KIND}")
    say("  pos   class    elspell n  prec    UniMorph n  prec    kept")
    for (pos, code), (n1, k1, n2, k2) in sorted(table.items()):
        counted = [(n, k) for n, k in ((n1, k1), (n2, k2)) if n >= MIN_KIND]
        kept = bool(counted) and all(k / n >= TARGET for n, k in counted)
        out.append((pos, code, POS_THRESHOLD[pos], n1, k1, n2, k2, kept))
        say(f"  {pos:5s} {code:8s} {n1:6d} {k1 / max(1, n1):7.3f}  {n2:8d} "
              f"{k2 / max(1, n2):7.3f}   {'yes' if kept else 'no'}")
    for pos in sorted({k[0] for k in out}):
        for i, name in ((3, "elspell"), (5, "UniMorph")):
            n = sum(k[i] for k in out if k[0] == pos and k[7])
            ok = sum(k[i + 1] for k in out if k[0] == pos and k[7])
            say(f"  kept {pos} kinds pooled, {name}: {ok}/{n} = {ok / max(1, n):.4f}")
    return out


def write_kinds(kinds) -> None:
    lines = [
        "# Kinds (part of speech, decided class) of the lemma model (grammars/lemma_model.py)",
        "# and whether each is kept: written by scripts/measure_lemma_model.py --write-kinds.",
        "# A kind is kept when its class-choice precision at the POS's posterior threshold is",
        f"# >= {TARGET} in each evaluation that decided >= {MIN_KIND} of its lemmas (elspell,",
        "# 5-fold, own class hidden; UniMorph lemmas elspell lacks, UniMorph hidden).",
        "# pos\tclass\tthreshold\telspell_n\telspell_right\tunimorph_n\tunimorph_right\tkept",
    ]
    for pos, code, t, n1, k1, n2, k2, kept in kinds:
        lines.append("\t".join([pos, code, str(t), str(n1), str(k1), str(n2), str(k2),
                                "yes" if kept else "no"]))
    KINDS.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
