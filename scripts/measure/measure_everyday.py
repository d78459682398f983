#!/usr/bin/env python3
"""Everyday words: of wordfreq's most frequent Greek forms that the official list's dev half
accepts, the share the shipped language accepts (issue 12's proxy for everyday play).

Usage: python -m scripts.measure.measure_everyday [--shared DIR] [--top 1000,5000,50000]
                                          [--misses N] [--misses-out FILE] [--long N]

wordfreq (PyPI, evidence of use only, never a source) ranks the forms; a form counts if its
tile form has 2–8 letters and is in the dev half (``oracles/pes-2-8-2024-dev.txt``; with
DEKTES_PES_FOLD=0|1 only that fold of it is read). Prints one line per cut-off. ``--misses N``
writes the first N rejected forms to ``--misses-out`` (default: stdout), for a person to
examine: never commit that list (it is derived from the oracle).

``--long N``: also the frequent long words, a set of this project's own (issues 21 and 22): of
wordfreq's top ``N`` forms, those whose tile form has 9–15 letters and that the hunspell el_GR
list has in lower case (``oracles/hunspell-el_GR.dic.gz``; the list has no word past 8
letters), the share accepted, and the first ``--misses`` rejected ones (hunspell's forms, not
the official list's: they may be printed).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scripts.common import SHARED

from fst import learn
from grammars.normalize import InvalidWord, to_tile


def read_dev(shared: Path) -> frozenset[str]:
    """The dev half of the official list, or the fold DEKTES_PES_FOLD names (0 or 1)."""
    try:
        return learn.read_dev(shared / "oracles" / "pes-2-8-2024-dev.txt", learn.fold_from_env())
    except ValueError as e:
        raise SystemExit(f"measure_everyday: {e}") from None


def ranked_tiles(n: int) -> list[str]:
    """Distinct tile forms of wordfreq's top ``n`` Greek words, in rank order."""
    import wordfreq
    out, seen = [], set()
    for w in wordfreq.top_n_list("el", n):
        w = w[:-1] + "ς" if w.endswith("σ") else w  # wordfreq folds final sigma to σ
        try:
            t = to_tile(w)
        except InvalidWord:
            continue
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--top", default="1000,5000,50000")
    ap.add_argument("--misses", type=int, default=0)
    ap.add_argument("--misses-out", type=Path)
    ap.add_argument("--long", type=int, default=0, metavar="N")
    args = ap.parse_args(argv)
    from fst.api import Judge
    dev = read_dev(args.shared)
    cuts = sorted(int(x) for x in args.top.split(","))
    tiles = ranked_tiles(cuts[-1])
    judge = Judge.load(min_length=2, max_length=15, progress=False)
    ok = judge.validate_many(tiles)
    misses = []
    for cut in cuts:
        top = [(t, v) for t, v in zip(tiles[:cut], ok[:cut]) if 2 <= len(t) <= 8 and t in dev]
        good = sum(v for _, v in top)
        print(f"top {cut}: {len(top)} forms in the dev half; accepted {good} "
              f"({good / max(1, len(top)):.4f}); rejected {len(top) - good}")
        if cut == cuts[-1]:
            misses = [t for t, v in top if not v]
    if args.long:
        from scripts.common import hunspell_lower
        hun = {to_tile(w) for w in hunspell_lower(
            args.shared / "oracles" / "hunspell-el_GR.dic.gz") if w.isalpha()}
        long = [t for t in ranked_tiles(args.long) if 9 <= len(t) <= 15 and t in hun]
        got = judge.validate_many(long)
        good = sum(got)
        print(f"long words, wordfreq top {args.long} with 9-15 letters in hunspell: "
              f"{len(long)}; accepted {good} ({good / max(1, len(long)):.4f})")
        if args.misses:
            print("  rejected: " + " ".join([t for t, v in zip(long, got) if not v][:args.misses]))
    if args.misses:
        text = "\n".join(misses[:args.misses]) + "\n"
        if args.misses_out:
            args.misses_out.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
