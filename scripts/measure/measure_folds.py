#!/usr/bin/env python3
"""Fold figures: regenerate the whole lexicon from one fold of the official list's dev half and
measure it on the other fold (../shared/README.md, "The official list as evidence", "Folds").

Usage: python -m scripts.measure.measure_folds [SHARED_DIR] [--fold K] [--skip SCRIPT] [--keep]
       [--cache DIR] [--no-shipped] [--all-kinds]        (default ../shared, fold 0)

1. Copies the repository's tracked files (as they are in the working tree) into a temporary
   folder; nothing is ever written inside the repository.
2. Measures the copy as it is (the shipped lexicon, learned from the whole dev half) on fold
   1-K: ``python -m scripts.measure.measure_oracles SHARED --verbs`` and ``--profile no-pes-dev`` under
   ``DEKTES_PES_FOLD=K``. These figures are in-sample (the shipped files saw that fold too).
3. Runs every generating script of :data:`STEPS` in the copy, in that order, under
   ``DEKTES_PES_FOLD=K``: the scripts that read the dev file then read fold K only, and the
   scripts downstream of their outputs are rerun on the regenerated files.
4. Builds the regenerated language (``DEKTES_CACHE`` in the temporary folder unless ``--cache``)
   and measures it the same way on fold 1-K: the fold figure (held out).

``--skip SCRIPT`` (repeatable) leaves a step out: its files stay the shipped ones, which were
learned from the whole dev half, the measured fold included, so what they decide leaks into the
figure (it is then not fully held out; the summary says so). ``--keep`` keeps the temporary
folder (the regenerated lexicon, the scripts' logs). ``--cache DIR`` keeps the builds (about
65 MB each on disk) in DIR, so a second run reuses the shipped build. ``--all-kinds`` passes
``--all-kinds`` to learn_pes_dev.py (every kind of list-learned lemma, to measure them).

Time on 2 shared cores: about an hour (measured: 59 min for fold 0): the generating scripts
about 45 min (classify_by_evidence.py about 30, learn_pes_dev.py about 10, which also builds the
regenerated language), the shipped build and the four measurements about 15.
Exit status: 0, or 1 with a one-line message (../shared or the dev file missing, not a git
checkout, a step failing).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.common import ROOT, SHARED, copy_tracked, tracked_files
from scripts.pipeline.steps import FOLD_STEPS, PIPELINE
DEV_FILE = Path("oracles") / "pes-2-8-2024-dev.txt"
#: the steps a fold reruns (the pipeline's, scripts/pipeline/steps.py, which says what they
#: read and write)
STEPS = FOLD_STEPS


def fail(msg: str) -> "SystemExit":
    return SystemExit(f"measure_folds: {msg}")


def modified_tracked(root: Path) -> list[str]:
    """Tracked files whose working-tree contents differ from HEAD (measured as they are)."""
    out = subprocess.run(["git", "-C", str(root), "diff", "--name-only", "HEAD"],
                         capture_output=True, text=True).stdout
    return out.split()


def run(cmd: list[str], cwd: Path, env: dict, log: Path, indent: str = "    ") -> int:
    """Run ``cmd``, echoing its standard output (indented) and saving it to ``log``; its
    standard error (the build's progress bar, errors) goes straight to ours. Its exit status."""
    with open(log, "w", encoding="utf-8") as f, subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, text=True, encoding="utf-8",
            errors="replace", bufsize=1) as p:
        for line in p.stdout:
            f.write(line)
            print(indent + line.rstrip("\n"), flush=True)
        return p.wait()


FIGURE = re.compile(r"official 2–8 dev half, fold \d \(learned from fold \d\): (\d+) words; "
                    r"recall ([\d.]+); precision ([\d.]+)")
VERBS = re.compile(r"verb forms: (\d+) of our dev-hashed 2–8 forms, precision ([\d.]+); "
                   r"dev words accepted as verb forms (\d+) \(recall over the whole dev half "
                   r"([\d.]+)\)")


def measure(copy: Path, shared: Path, env: dict, logs: Path, label: str) -> dict[str, str]:
    """Run measure_oracles.py twice in ``copy`` (``--verbs``; ``--profile no-pes-dev``);
    the figures parsed from their output, keyed ``board recall`` … ``no-pes-dev precision``."""
    got: dict[str, str] = {}
    for name, extra in (("board", ["--verbs"]), ("no-pes-dev", ["--profile", "no-pes-dev"])):
        print(f"  measure_oracles.py {shared} {' '.join(extra)}  [{label}]", flush=True)
        t0 = time.time()
        log = logs / f"measure-{label}-{name}.txt"
        code = run([sys.executable, "-m", "scripts.measure.measure_oracles", str(shared), *extra],
                   copy, env, log)
        if code:
            raise fail(f"scripts/measure/measure_oracles.py {' '.join(extra)} failed on the {label} "
                       f"lexicon (exit {code}); its output is above")
        text = log.read_text(encoding="utf-8")
        m = FIGURE.search(text)
        if m:
            got[f"{name} recall"], got[f"{name} precision"] = m.group(2), m.group(3)
        v = VERBS.search(text)
        if v:
            got[f"{name} verb precision"] = v.group(2)
            got[f"{name} words accepted as verbs"] = v.group(3)
        print(f"  ({time.time() - t0:.0f} s)", flush=True)
    return got


def changed_files(copy: Path, before: dict[str, str]) -> list[str]:
    """Lines ``path: +added -removed lines`` for the files of ``before`` (path → contents
    before the steps ran)."""
    import difflib
    out = []
    for rel in sorted(before):
        new = (copy / rel).read_text(encoding="utf-8").splitlines()
        old = before[rel].splitlines()
        plus = minus = 0
        for line in difflib.unified_diff(old, new, n=0, lineterm=""):
            if line.startswith("+") and not line.startswith("+++"):
                plus += 1
            elif line.startswith("-") and not line.startswith("---"):
                minus += 1
        out.append(f"{rel}: +{plus} -{minus} lines" if plus or minus else f"{rel}: unchanged")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shared", nargs="?", type=Path, default=SHARED,
                    help="the reference material (default ../shared)")
    ap.add_argument("--fold", type=int, choices=(0, 1), default=0,
                    help="the fold to learn from (default 0); figures are on the other")
    ap.add_argument("--skip", action="append", default=[], metavar="SCRIPT",
                    help="leave this generating script out (its files stay the shipped ones)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--cache", type=Path, metavar="DIR",
                    help="build cache folder (default: inside the temporary folder)")
    ap.add_argument("--no-shipped", action="store_true",
                    help="do not measure the shipped lexicon (saves one build)")
    ap.add_argument("--all-kinds", action="store_true",
                    help="learn_pes_dev.py --all-kinds: write every kind of learned lemma")
    args = ap.parse_args(argv)
    shared = args.shared.resolve()
    if not shared.is_dir():
        raise fail(f"{args.shared} not found (the reference material ../shared is needed)")
    if not (shared / DEV_FILE).is_file():
        raise fail(f"{shared / DEV_FILE} not found (the official list's dev half is needed)")
    names = {s.script for s in STEPS}
    skip = {s if s.endswith(".py") else s + ".py" for s in args.skip}
    for s in sorted(skip - names):
        raise fail(f"--skip {s}: not a generating script ({', '.join(sorted(names))})")
    steps = [s for s in STEPS if s.script not in skip]
    files = tracked_files(ROOT)
    tmp = Path(tempfile.mkdtemp(prefix=f"dektes-fold{args.fold}-")).resolve()
    if ROOT == tmp or ROOT in tmp.parents:
        shutil.rmtree(tmp)
        raise fail(f"the temporary folder {tmp} is inside the repository (set TMPDIR elsewhere)")
    copy, logs = tmp / "repo", tmp / "logs"
    logs.mkdir()
    cache = args.cache.resolve() if args.cache else tmp / "cache"
    if cache == ROOT or ROOT in cache.parents:
        shutil.rmtree(tmp)
        raise fail(f"--cache {args.cache}: inside the repository")
    cache.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, DEKTES_PES_FOLD=str(args.fold), DEKTES_CACHE=str(cache),
               XDG_CACHE_HOME=str(tmp / "xdg"), PYTHONUNBUFFERED="1")
    other = 1 - args.fold
    t_start = time.time()
    try:
        print(f"copying {len(files)} tracked files into {copy}", flush=True)
        copy_tracked(ROOT, copy)
        mod = modified_tracked(ROOT)
        if mod:
            print(f"  note: {len(mod)} tracked files differ from HEAD; measured as they are: "
                  + ", ".join(mod[:5]) + (" …" if len(mod) > 5 else ""), flush=True)
        shipped: dict[str, str] = {}
        if not args.no_shipped:
            print(f"\n== the shipped lexicon, measured on fold {other} (in-sample: it was "
                  f"learned from the whole dev half)", flush=True)
            shipped = measure(copy, shared, env, logs, "shipped")
        before = {w: (copy / w).read_text(encoding="utf-8") for s in steps for w in s.writes}
        total = sum(s.minutes for s in steps)
        print(f"\n== regenerating the lexicon from fold {args.fold} (DEKTES_PES_FOLD="
              f"{args.fold}): {len(steps)} scripts, about {total:.0f} min on 2 cores", flush=True)
        for i, s in enumerate(steps, 1):
            extra = ["--shared", str(shared)] if s.shared else []
            if s.script == "learn_pes_dev.py" and args.all_kinds:
                extra.append("--all-kinds")
            print(f"[{i}/{len(steps)}] {PIPELINE}/{s.script} (about {s.minutes:g} min; "
                  f"{time.time() - t_start:.0f} s so far)", flush=True)
            t0 = time.time()
            code = run([sys.executable, "-m", s.module, *extra],
                       copy, env, logs / f"{i:02d}-{s.script}.txt")
            if code:
                raise fail(f"{PIPELINE}/{s.script} failed (exit {code}) in the copy; its output "
                           "is above (--keep keeps the copy)")
            print(f"  done in {time.time() - t0:.0f} s", flush=True)
        print("\nfiles the regeneration rewrote, against the shipped ones:")
        for line in changed_files(copy, before):
            print("  " + line)
        print(f"\n== the lexicon regenerated from fold {args.fold}, measured on fold {other} "
              "(held out)", flush=True)
        regen = measure(copy, shared, env, logs, "regenerated")
        print(f"\n== fold figures: learned from fold {args.fold}, measured on fold {other} "
              f"({(time.time() - t_start) / 60:.0f} min)")
        keys = ["board recall", "board precision", "board verb precision",
                "board words accepted as verbs", "no-pes-dev recall", "no-pes-dev precision"]
        print(f"  {'':30}{'regenerated':>12}{'shipped':>12}")
        for k in keys:
            print(f"  {k:30}{regen.get(k, '-'):>12}{shipped.get(k, '-'):>12}")
        print(f"  (words: of fold {other}'s words; verb precision: over our dev-hashed forms of "
              f"fold {other} one of whose analyses is a verb form)")
        if skip:
            print(f"  not regenerated (shipped, learned from the whole dev half, fold {other} "
                  f"included): {', '.join(sorted(skip))}; their decisions are in-sample")
    finally:
        if args.keep:
            print(f"kept: {tmp} (the copy, its logs in {logs.name}/, the cache)")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("measure_folds: interrupted")
