#!/usr/bin/env python3
"""Sample the newly accepted long forms for judging by hand.

"Newly accepted" = tile forms of 9–15 letters (``--min-length``/``--max-length``) that this
repository accepts (board profile) but a baseline git revision did not. The script

1. lists the baseline's accepted tile forms: a detached ``git worktree`` of the revision in a
   temporary folder, built with its own cache (``DEKTES_CACHE``: a temporary folder, deleted
   afterwards, or ``--baseline-cache``) and listed with that revision's ``dektes wordlist``;
   the list is kept in the output folder (``baseline-<sha>-<lo>-<hi>.txt``) and reused;
2. lists this repository's accepted tile forms of the same lengths (``Judge.wordlist``);
3. prints the counts (at baseline, now, new, dropped; new forms by lemma source and by part of
   speech, both of the form's best analysis);
4. draws a seeded random sample (``--n``, ``--seed``) of the new forms and writes it as a TSV
   with one row per form: tile form, accented surface form(s), lemma(s), inflection class,
   cell, lemma source (the ``source`` column of the ``lexicon/lemmas*.tsv`` row, else the
   ``verb-parts.tsv`` row's, the listed-paradigm file, the compound record's or
   ``hidden-words``), the rule ids that licensed
   it, and an empty ``judgement`` and ``reason`` column. A form's several analyses are
   listed in the same order in each column, separated by `` | ``.

The TSV goes outside the repository: ``--out``, default
``$DEKTES_CACHE/sample-new-forms/sample-<baseline>-<head>-n<N>-seed<S>.tsv``.

Usage: python -m scripts.measure.sample_new_forms [--baseline REV] [--n 200] [--seed 1] [--out FILE]
       [--all-out FILE] (every new form's row as well)
Exit status 0, or 2 with a one-line error (bad revision, failed baseline build, bad --out).
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from scripts.common import ROOT

DEFAULT_BASELINE = "1956003"
HEADER = ("tile", "surface", "lemma", "class", "cell", "source", "rules", "judgement", "reason")
SEP = " | "


class SampleError(Exception):
    """A one-sentence error for the user (exit status 2)."""


# -- pure parts (tests/test_sample_new_forms.py) ----------------------------------------------

@dataclass(frozen=True)
class Difference:
    """The baseline's and the current accepted sets compared."""
    baseline: int
    now: int
    new: frozenset[str]
    dropped: frozenset[str]


def difference(baseline: set[str] | frozenset[str], now: set[str] | frozenset[str]) -> Difference:
    """Counts and the new (now, not at baseline) and dropped (at baseline, not now) forms."""
    return Difference(len(baseline), len(now), frozenset(now - baseline),
                      frozenset(baseline - now))


def draw(words, n: int, seed: int) -> list[str]:
    """``n`` of ``words`` (all if fewer) drawn with ``random.Random(seed)`` from their sorted
    order, returned sorted: the same words for the same set and seed whatever order the set
    was given in."""
    pool = sorted(set(words))
    return sorted(random.Random(seed).sample(pool, min(n, len(pool))))


def source_index(entries, listed=(), compounds=(), parts=()) -> dict[tuple[str, str], str]:
    """(lemma, inflection class) → lemma source: the ``source`` column of the first lemma row
    (as scripts/measure/measure_oracles.py ``by_source``), else ``verb-parts:<source>`` for a verb
    that only ``lexicon/verb-parts.tsv`` enters, else ``listed:<file stem>`` for a listed
    paradigm's lemma. ``entries``: LexEntry-like (lemma, inflection_class, source);
    ``listed``: (file name, ListedForm-like) pairs; ``compounds``: CompoundRecord-like
    (lemma, source), keyed by (lemma, ``*``); ``parts``: Parts-like (lemma,
    inflection_class, source)."""
    out: dict[tuple[str, str], str] = {}
    for e in entries:
        out.setdefault((e.lemma, e.inflection_class), e.source)
    for p in parts:
        out.setdefault((p.lemma, p.inflection_class), "verb-parts:" + p.source)
    for name, f in listed:
        out.setdefault((f.lemma, f.inflection_class), "listed:" + Path(name).stem)
    for c in compounds:
        out.setdefault((c.lemma, "*"), "compound:" + c.source)
    return out


def source_of(index: dict[tuple[str, str], str], lemma: str, inflection_class: str) -> str:
    """The lemma source of one analysis (:func:`source_index`): its row's, else its compound
    record's, ``hidden-words`` for the §E2 hidden words, else ``?``."""
    if (lemma, inflection_class) in index:
        return index[lemma, inflection_class]
    if (lemma, "*") in index:
        return index[lemma, "*"]
    if inflection_class.startswith("HIDDEN"):
        return "hidden-words"
    return "?"


def pos_of(cell: str) -> str:
    """Part of speech: the cell's first field (``N``, ``ADJ``, ``V`` …; ``V.PTCP`` stays)."""
    return cell.split(";", 1)[0] or "?"


def row(tile: str, analyses, index) -> tuple[str, ...]:
    """One TSV row for ``tile`` from its analyses (best first; duplicates of surface, lemma,
    class, cell and rules dropped), judgement and reason empty."""
    seen, uniq = set(), []
    for a in analyses:
        k = (a.surface, a.lemma, a.inflection_class, a.tags, a.rules)
        if k not in seen:
            seen.add(k)
            uniq.append(a)
    col = lambda f: SEP.join(f(a) for a in uniq)  # noqa: E731
    return (tile, col(lambda a: a.surface), col(lambda a: a.lemma),
            col(lambda a: a.inflection_class), col(lambda a: a.tags),
            col(lambda a: source_of(index, a.lemma, a.inflection_class)),
            col(lambda a: ",".join(a.rules) or "-"), "", "")


def tally(rows, column: str) -> collections.Counter:
    """Rows counted by the first ``SEP``-separated value (the best analysis) of ``column``
    (a name of :data:`HEADER`, or ``pos``: the cell's part of speech)."""
    c: collections.Counter = collections.Counter()
    for r in rows:
        if column == "pos":
            c[pos_of(r[HEADER.index("cell")].split(SEP)[0])] += 1
        else:
            c[r[HEADER.index(column)].split(SEP)[0]] += 1
    return c


# -- the word lists ---------------------------------------------------------------------------

def _git(*args: str, cwd: Path = ROOT) -> str:
    p = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if p.returncode:
        raise SampleError(f"git {' '.join(args)} failed: "
                          f"{(p.stderr.strip().splitlines() or ['?'])[-1]}")
    return p.stdout.strip()


def resolve(rev: str) -> str:
    """The full commit id of ``rev``; SampleError if git does not know it."""
    p = subprocess.run(["git", "rev-parse", "--verify", "--quiet", rev + "^{commit}"],
                       cwd=ROOT, capture_output=True, text=True)
    if p.returncode:
        raise SampleError(f"{rev!r} is not a commit of the repository {ROOT}")
    return p.stdout.strip()


def baseline_wordlist(sha: str, lo: int, hi: int, cache: Path | None) -> set[str]:
    """The tile forms of ``lo``–``hi`` letters that revision ``sha`` accepts: a detached
    worktree in a temporary folder, built with ``DEKTES_CACHE=cache`` (default: a temporary
    folder) by its own ``python -m fst wordlist``; the worktree (and temporary cache) is
    removed afterwards. The build's progress bar goes to stderr."""
    tmp = Path(tempfile.mkdtemp(prefix="dektes-baseline-"))
    tree = tmp / "repo"
    try:
        print(f"baseline {sha[:7]}: worktree {tree}", file=sys.stderr)
        _git("worktree", "add", "--detach", str(tree), sha)
        env = dict(os.environ, DEKTES_CACHE=str(cache or tmp / "cache"), PYTHONPATH=str(tree))
        print(f"baseline {sha[:7]}: building (if {env['DEKTES_CACHE']} lacks it) and listing "
              f"its {lo}–{hi} letter forms", file=sys.stderr)
        p = subprocess.run([sys.executable, "-m", "fst", "wordlist", "--min-length", str(lo),
                            "--max-length", str(hi)], cwd=tree, env=env,
                           stdout=subprocess.PIPE, stderr=None)
        if p.returncode:
            raise SampleError(f"building or listing the baseline {sha[:7]} failed "
                              f"(exit status {p.returncode}; its messages are above)")
        return set(p.stdout.decode("utf-8").split())
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       capture_output=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def cached_baseline(sha: str, lo: int, hi: int, folder: Path, cache: Path | None,
                    refresh: bool) -> set[str]:
    """:func:`baseline_wordlist`, kept in ``folder/baseline-<sha>-<lo>-<hi>.txt`` and read from
    there when present (unless ``refresh``)."""
    keep = folder / f"baseline-{sha}-{lo}-{hi}.txt"
    if keep.exists() and not refresh:
        print(f"baseline {sha[:7]}: word list read from {keep}", file=sys.stderr)
        return set(keep.read_text(encoding="utf-8").split())
    words = baseline_wordlist(sha, lo, hi, cache)
    keep.write_text("".join(w + "\n" for w in sorted(words)), encoding="utf-8")
    return words


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="example:\n  python -m scripts.measure.sample_new_forms "
                                        "--baseline 1956003 --n 200 --seed 1 --out /tmp/s.tsv")
    ap.add_argument("--baseline", default=DEFAULT_BASELINE,
                    help="git revision to compare with (default %(default)s)")
    ap.add_argument("--baseline-cache", type=Path,
                    help="DEKTES_CACHE for the baseline's build (default: a temporary folder, "
                         "deleted afterwards)")
    ap.add_argument("--refresh", action="store_true",
                    help="list the baseline again even if its word list is kept")
    ap.add_argument("--min-length", type=int, default=9)
    ap.add_argument("--max-length", type=int, default=15)
    ap.add_argument("--n", type=int, default=200, help="sample size (default %(default)s)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default %(default)s)")
    ap.add_argument("--out", type=Path, help="output TSV (outside the repository)")
    ap.add_argument("--all-out", type=Path,
                    help="also write every new form's row (same columns) to this TSV")
    args = ap.parse_args(argv)
    try:
        return run(args)
    except SampleError as e:
        print(f"sample_new_forms: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # the temporary worktree is already removed (finally)
        print("sample_new_forms: interrupted", file=sys.stderr)
        return 130


def run(args) -> int:
    from fst.store import default_root
    if not 2 <= args.min_length <= args.max_length <= 15:
        raise SampleError(f"lengths {args.min_length}–{args.max_length} are not within 2–15")
    if args.n < 1:
        raise SampleError(f"--n {args.n} is not a positive number")
    base = resolve(args.baseline)
    head = resolve("HEAD")
    folder = default_root() / "sample-new-forms"
    out = args.out or folder / (f"sample-{base[:7]}-{head[:7]}-n{args.n}-seed{args.seed}.tsv")
    out = out.resolve()
    outs = [out] + ([args.all_out.resolve()] if args.all_out else [])
    for o in outs:
        if o.is_relative_to(ROOT):
            raise SampleError(f"{o} is inside the repository; write the sample elsewhere")
        try:
            o.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise SampleError(f"cannot create the folder for {o}: {e.strerror}") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SampleError(f"cannot create the folder {folder}: {e.strerror}") from None
    lo, hi = args.min_length, args.max_length
    old = cached_baseline(base, lo, hi, folder, args.baseline_cache, args.refresh)

    from fst.api import Judge
    import lexicon
    from grammars.conjugation import read_parts
    print(f"now {head[:7]}: loading (building if needed)", file=sys.stderr)
    judge = Judge.load(min_length=2, max_length=15)
    now = set(judge.wordlist(lo, hi))
    d = difference(old, now)
    print(f"{lo}–{hi} letter tile forms accepted at baseline {base[:7]}: {d.baseline}; "
          f"now ({head[:7]}): {d.now}; new: {len(d.new)}; dropped: {len(d.dropped)}")

    index = source_index(lexicon.read_lexicon(),
                         [(f, x) for f in lexicon.LISTED_FILES
                          for x in lexicon.read_listed((f,))],
                         lexicon.read_compounds(), read_parts())
    from tqdm import tqdm
    words = sorted(d.new)
    rows, step = [], 2000
    with tqdm(total=len(words), desc="analysing the new forms", unit="form",
              file=sys.stderr, disable=None) as bar:
        for i in range(0, len(words), step):
            chunk = words[i:i + step]
            rows += [row(w, a, index) for w, a in zip(chunk, judge.analyse_many(chunk))]
            bar.update(len(chunk))
    for column, what in (("source", "lemma source"), ("pos", "part of speech")):
        print(f"new forms by {what} (best analysis):")
        for k, v in tally(rows, column).most_common():
            print(f"  {k}\t{v}")

    chosen = set(draw(words, args.n, args.seed))
    sample = [r for r in rows if r[0] in chosen]
    what = f"tile forms of {lo}-{hi} letters accepted at {head[:12]} but not at {base[:12]}"
    write(out, sample, f"{len(sample)} of {len(words)} {what}; seed {args.seed}")
    print(f"sample of {len(sample)} written to {out}")
    if args.all_out:
        write(args.all_out.resolve(), rows, f"all {len(rows)} {what}")
        print(f"all {len(rows)} new forms written to {args.all_out.resolve()}")
    return 0


def write(path: Path, rows, comment: str) -> None:
    """``rows`` as a TSV with a ``#`` comment line and the :data:`HEADER` row."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"# {comment}\n")
            f.write("\t".join(HEADER) + "\n")
            for r in rows:
                f.write("\t".join(r) + "\n")
    except OSError as e:
        raise SampleError(f"cannot write {path}: {e.strerror}") from None


if __name__ == "__main__":
    sys.exit(main())
