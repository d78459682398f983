#!/usr/bin/env python3
"""Benchmark of anagram and pattern search (fst/search.py) against Python baselines on the same
word list, in one run and one process. Prints figures and ratios; no assertions.

    python scripts/benchmarks/search.py [--racks N] [--patterns N] [--seed S]

Needs a warm cache (run ``dektes check ΕΓΡΑΨΑ`` once first, or let this script build it).

Rows:

1. anagram of a 7-tile rack, two of them blanks (every word of 2–7 letters it makes): racks of
   5 letters drawn from the Greek bag (``lexicon/tiles/greek.tsv``) plus ``??``. dektes:
   ``Judge.anagram(rack, max_length=7)`` (the walk of the tile acceptor, results as ``Match``
   objects with blanks and scores). Baselines, built once before timing on the same word list
   (``Judge.wordlist``):
   - *plain scan*: the word list as ``dektes wordlist`` prints it (2–15 letters); per rack,
     each word of at most 7 letters is counted (``collections.Counter``) and tested: the letters
     the rack lacks are at most the blanks;
   - *prepared scan*: only the 2–7 letter words, each word's letter counts precomputed; per
     rack, the same test with an early exit;
   - *alphagram index*: words grouped by their sorted letters; per rack, every sub-multiset of
     its letters plus every choice of letters for the blanks is looked up.
2. pattern with a rack: a valid word of 8–15 letters with some letters kept (the board) and the
   others replaced by ``?`` (and one run by ``*``); the rack holds the replaced letters, a few
   more and sometimes a blank (at most 8 tiles). dektes: ``Judge.pattern(p, rack=r)``.
   Baseline *scan*: one compiled regular expression run over the whole 2–15 word list (one
   newline-joined text, ``re.finditer``), each hit tested against the rack.

Every result set is compared with its baselines'. Times are per query: wall time (median,
95th percentile) and CPU time of this process (mean; less disturbed by other processes on a
shared machine); a ratio is baseline total / dektes total, in CPU time (above 1: dektes faster).
Goal (issue 14): ≥ 20× the scan, ≤ 50 ms per rack.
"""
from __future__ import annotations

import argparse
import itertools
import random
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from fst.api import Judge  # noqa: E402
from fst.normalize import TILE_LETTERS  # noqa: E402
from fst.search import parse_rack, tile_set  # noqa: E402


def bag(rng: random.Random) -> list[str]:
    ts = tile_set()
    tiles = [c for c, n in ts.counts.items() for _ in range(n)]
    rng.shuffle(tiles)
    return tiles


def scan_anagram(counted, rack_letters: str, blanks: int) -> set[str]:
    have = Counter(rack_letters)
    out = set()
    for w, cnt in counted:
        need = 0
        for c, n in cnt:
            k = n - have.get(c, 0)
            if k > 0:
                need += k
                if need > blanks:
                    break
        if need <= blanks:
            out.add(w)
    return out


def plain_scan_anagram(words, rack_letters: str, blanks: int, hi: int) -> set[str]:
    have = Counter(rack_letters)
    out = set()
    for w in words:
        if len(w) > hi:
            continue
        c = Counter(w)
        c.subtract(have)
        if sum(v for v in c.values() if v > 0) <= blanks:
            out.add(w)
    return out


def alphagram_anagram(index, rack_letters: str, blanks: int, lo: int, hi: int) -> set[str]:
    out = set()
    subs = set()
    letters = sorted(rack_letters)
    for k in range(len(letters) + 1):
        subs.update(itertools.combinations(letters, k))
    fills = [()]
    for b in range(1, blanks + 1):
        fills += list(itertools.combinations_with_replacement(TILE_LETTERS, b))
    for s in subs:
        for f in fills:
            n = len(s) + len(f)
            if lo <= n <= hi:
                hit = index.get("".join(sorted(s + f)))
                if hit:
                    out.update(hit)
    return out


def scan_pattern(text: str, pat: str, rack_letters: str, blanks: int) -> set[str]:
    rx = re.compile("^" + "".join("." if c == "?" else ".*" if c == "*" else c for c in pat)
                    + "$", re.M)
    fixed = Counter(c for c in pat if c not in "?*")
    have = Counter(rack_letters)
    out = set()
    for m in rx.finditer(text):
        w = m.group()
        c = Counter(w)
        c.subtract(fixed)
        c.subtract(have)
        if sum(v for v in c.values() if v > 0) <= blanks:
            out.add(w)
    return out


def timed(fn, *a, **k):
    """(result, (wall s, CPU s))."""
    t, c = time.perf_counter(), time.process_time()
    r = fn(*a, **k)
    return r, (time.perf_counter() - t, time.process_time() - c)


def summary(name: str, times: list[tuple[float, float]]) -> str:
    ms = sorted(w * 1e3 for w, _ in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return "%-26s wall median %8.2f ms  p95 %8.2f ms   CPU mean %8.2f ms" % (
        name, statistics.median(ms), p95, statistics.fmean(c * 1e3 for _, c in times))


def ratio(base, ours) -> float:
    return sum(c for _, c in base) / sum(c for _, c in ours)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--racks", type=int, default=30, help="anagram racks (default 30)")
    ap.add_argument("--patterns", type=int, default=30, help="pattern queries (default 30)")
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    t0 = time.perf_counter()
    judge = Judge.load()
    judge.runtime.state_counts()  # computed once per process, as in any long-lived user
    print("load: %.2f s" % (time.perf_counter() - t0))

    # -- 1. anagram, 7 tiles with 2 blanks --------------------------------------------------
    words15 = list(judge.wordlist(2, 15))
    words7 = [w for w in words15 if len(w) <= 7]
    counted = [(w, tuple(Counter(w).items())) for w in words7]
    index: dict[str, list[str]] = {}
    for w in words7:
        index.setdefault("".join(sorted(w)), []).append(w)
    print("word list: %d words of 2–15 letters, %d of 2–7, %d alphagrams"
          % (len(words15), len(words7), len(index)))
    racks = []
    for _ in range(args.racks):
        racks.append("".join(bag(rng)[:5]) + "??")
    list(judge.anagram(racks[0], max_length=7))  # warm-up
    t_d, t_p, t_s, t_a, found = [], [], [], [], []
    for rack in racks:
        r = parse_rack(rack)
        got, t = timed(lambda: list(judge.anagram(rack, max_length=7)))
        t_d.append(t)
        plain, t = timed(plain_scan_anagram, words15, r.letters, r.blanks, 7)
        t_p.append(t)
        want, t = timed(scan_anagram, counted, r.letters, r.blanks)
        t_s.append(t)
        alpha, t = timed(alphagram_anagram, index, r.letters, r.blanks, 2, 7)
        t_a.append(t)
        words = {m.word for m in got}
        if words != want or words != alpha or words != plain:
            sys.exit("MISMATCH on rack %s: dektes %d, scan %d, alphagram %d"
                     % (rack, len(words), len(want), len(alpha)))
        found.append(len(words))
    print("\n1. anagram, %d racks of 7 tiles (5 letters + 2 blanks), words of 2–7 letters"
          % len(racks))
    print("   words per rack: median %d, max %d; results identical to both baselines"
          % (statistics.median(found), max(found)))
    print("   " + summary("dektes (acceptor walk)", t_d))
    print("   " + summary("plain scan (2–15 list)", t_p))
    print("   " + summary("prepared scan (2–7)", t_s))
    print("   " + summary("alphagram index", t_a))
    print("   ratio plain scan / dektes:    %6.1f×" % ratio(t_p, t_d))
    print("   ratio prepared scan / dektes: %6.1f×" % ratio(t_s, t_d))
    print("   ratio alphagram / dektes:     %6.1f×" % ratio(t_a, t_d))

    # -- 2. pattern with a rack -------------------------------------------------------------
    text = "\n".join(words15)
    long_words = [w for w in words15 if 8 <= len(w) <= 15]
    queries = []
    while len(queries) < args.patterns:
        w = rng.choice(long_words)
        holes = sorted(rng.sample(range(len(w)), rng.randint(3, min(6, len(w) - 2))))
        pat = [c if i not in holes else "?" for i, c in enumerate(w)]
        if rng.random() < 0.5:  # one run of letters becomes '*'
            i = rng.randrange(len(w) - 2)
            j = i + rng.randint(1, 3)
            pat[i:j] = ["*"]
        pat_s = re.sub(r"\*+", "*", "".join(pat))
        rack = [w[i] for i in holes] + bag(rng)[:2]
        if rng.random() < 0.3:
            rack[-1] = "?"
        rack_s = "".join(rack)
        try:
            parse_rack(rack_s)
        except ValueError:
            continue  # more tiles of a letter than the set has
        queries.append((pat_s, rack_s))
    list(judge.pattern(*queries[0]))
    t_d, t_s, found = [], [], []
    for pat, rack in queries:
        r = parse_rack(rack)
        got, t = timed(lambda: list(judge.pattern(pat, rack=rack)))
        t_d.append(t)
        want, t = timed(scan_pattern, text, pat, r.letters, r.blanks)
        t_s.append(t)
        words = {m.word for m in got}
        if words != want:
            sys.exit("MISMATCH on pattern %s rack %s: dektes %d, scan %d"
                     % (pat, rack, len(words), len(want)))
        found.append(len(words))
    print("\n2. pattern with a rack, %d queries (words of 8–15 letters with 3–6 '?' and "
          "sometimes a '*'; racks of up to 8 tiles), over %d words of 2–15 letters"
          % (len(queries), len(words15)))
    print("   e.g. %s" % ", ".join("%s + %s" % q for q in queries[:3]))
    print("   words per query: median %d, max %d; results identical to the scan"
          % (statistics.median(found), max(found)))
    print("   " + summary("dektes (acceptor walk)", t_d))
    print("   " + summary("scan (regex + counts)", t_s))
    print("   ratio scan / dektes:          %6.1f×" % ratio(t_s, t_d))
    print("\ngoal (issue 14): ≥ 20× the scan and ≤ 50 ms per rack")


if __name__ == "__main__":
    main()
