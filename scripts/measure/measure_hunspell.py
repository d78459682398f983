#!/usr/bin/env python3
"""Agreement of hunspell, with the dictionary of ``dektes export hunspell``, and ``dektes check
--strict-accents`` on the words of scripts/benchmarks/run.py (half valid words in their
accented form, half near misses: an edit of a valid word's accented form that is not in the
language), in accented lower case. Prints figures only; no assertions.

    python -m scripts.measure.measure_hunspell [--words N] [--seed S] [--keep DIR]

Needs hunspell (``apt-get install hunspell``; .ci/run installs it). A word is accepted by
hunspell when ``hunspell -l`` does not list it; by dektes when ``Judge.validate_many`` and then
``Judge.accents_many`` (the batch form of ``check --strict-accents``) accept it.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


from scripts.benchmarks.run import make_words

from fst.build import export
from fst.api import Judge


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--keep", type=Path, help="keep the files in this directory")
    args = ap.parse_args()
    if not shutil.which("hunspell"):
        sys.exit("hunspell is not installed (apt-get install hunspell)")
    work = args.keep or Path(tempfile.mkdtemp(prefix="dektes-hunspell-"))
    work.mkdir(parents=True, exist_ok=True)
    judge = Judge.load()
    aff, dic = export.write_hunspell(judge, work)
    classes = sum(line.startswith("SFX") and " Y " in line
                  for line in aff.read_text(encoding="utf-8").splitlines())
    print(f"dictionary: {dic.stat().st_size // 1024} KiB .dic, {classes} affix classes")
    wordlist = list(judge.wordlist())
    _, lower, n_valid = make_words(args.words, args.seed, wordlist, judge, work)
    words = lower.read_text(encoding="utf-8").split("\n")[:-1]
    with open(lower, "rb") as f:
        listed = subprocess.run(["hunspell", "-l", "-d", str(work / "dektes_el")], stdin=f,
                                capture_output=True, check=True).stdout.decode("utf-8")
    rejected = set(listed.split("\n"))
    hs = [w not in rejected for w in words]
    ours = judge.accents_many(words, judge.validate_many(words))
    agree = sum(a == b for a, b in zip(hs, ours))
    both = sum(a and b for a, b in zip(hs, ours))
    only_h = [w for w, a, b in zip(words, hs, ours) if a and not b]
    only_d = [w for w, a, b in zip(words, hs, ours) if b and not a]
    print(f"words: {len(words)} ({n_valid} valid tile words, in accented lower case)")
    print(f"agreement: {agree}/{len(words)} = {agree / len(words):.5f}; accepted by both {both}, "
          f"by hunspell only {len(only_h)}, by dektes only {len(only_d)}")
    print("hunspell only, e.g.:", " ".join(only_h[:10]))
    print("dektes only, e.g.:", " ".join(only_d[:10]))


if __name__ == "__main__":
    main()
