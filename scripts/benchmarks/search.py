#!/usr/bin/env python3
"""Benchmark of anagram and pattern search (fst/runtime/search.py) against Python baselines on the same
word list, in one run and one process. Prints figures and ratios; no assertions.

    python -m scripts.benchmarks.search [--racks N] [--patterns N] [--seed S]

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

3. pattern with letter sets, no rack (issue 25): a valid word of 5–12 letters with one or two
   letters as a set ``[..]`` holding it and two others, or as a negated set ``[^..]`` of two
   other letters, one or two as ``?``, and half the time a run (the start included) as ``*``;
   three letters at least are kept.
   dektes: ``Judge.pattern(p)``. Baselines: *text scan*, the regular expression over the word
   list's text (one ``re.finditer``, as in row 2), and *plain scan*, ``fullmatch`` of each
   word of the list.
4. super-anagram, 7 tiles and up to 2 letters more (``anagram --super 2``): 7 letters drawn
   from the bag. dektes: ``Judge.anagram(rack, extra=2)``. Baseline *plain scan*: each word of
   7–9 letters of the list counted (``Counter``) and tested to hold the rack.
5. probability order (``--sort probability``): row 1's racks, every word of 2–7 letters
   ranked by :func:`fst.runtime.search.by_probability`. Baseline: the plain scan of row 1, then each
   word's draw count in Python (``math.comb``, the same formula) and the same sort.
6. extensions (``dektes extensions``): valid words of 4–7 letters, in turn anywhere, --front
   and --back. dektes: ``Judge.extensions(w, side)``. Baseline *plain scan*: ``w in x``
   (``x.endswith(w)``, ``x.startswith(w)``) over the word list.
7. hooks with inner hooks: valid words of 3–10 letters. dektes: ``Judge.hooks(w)``. Baseline
   *plain scan*: one pass over the word list for the words one letter longer that begin or end
   with w and the words w less its first or last letter.

Every result set is compared with its baselines'. Times are per query: wall time (median,
95th percentile) and CPU time of this process (mean; less disturbed by other processes on a
shared machine); a ratio is baseline total / dektes total, in CPU time (above 1: dektes faster).
Goal (issue 14): ≥ 20× the scan, ≤ 50 ms per rack. Goal (issue 25, rows 3–7): each ≥ 10× the
plain scan; a 7-tile ``--super 2`` ≤ 50 ms.
"""
from __future__ import annotations

import argparse
import gc
import itertools
import random
import re
import statistics
import sys
import time
from collections import Counter

from fst.api import Judge
from grammars.normalize import TILE_LETTERS
from fst.runtime.search import by_probability, parse_pattern, parse_rack, tile_set


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
    """(result, (wall s, CPU s)), with the garbage collector paused as ``timeit`` does (a
    collection walks the baselines' million objects, landing on whichever call is running)."""
    gc.disable()
    try:
        t, c = time.perf_counter(), time.process_time()
        r = fn(*a, **k)
        return r, (time.perf_counter() - t, time.process_time() - c)
    finally:
        gc.enable()


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
    ap.add_argument("--queries", type=int, default=15,
                    help="queries of each of rows 3–7 (default 15)")
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
    issue_25(judge, words15, text, racks, rng, args.queries)


def zyzzyva_combinations(word: str) -> int:
    """The draw count of :func:`fst.runtime.search.combinations`, in plain Python, term by term."""
    from math import comb
    ts = tile_set()
    n = Counter(word)
    letters = list(n)

    def prod(minus: Counter) -> int:
        p = 1
        for x in letters:
            p *= comb(ts.counts[x], n[x] - minus[x]) if n[x] >= minus[x] else 0
        return p

    total = prod(Counter())
    total += comb(ts.blanks, 1) * sum(prod(Counter({y: 1})) for y in letters)
    total += comb(ts.blanks, 2) * sum(prod(Counter({y: 1}) + Counter({z: 1}))
                                      for i, y in enumerate(letters) for z in letters[i:])
    return total


def plain_scan_super(words, rack_letters: str, extra: int) -> list[str]:
    have = Counter(rack_letters)
    n = len(rack_letters)
    out = []
    for w in words:
        if n <= len(w) <= n + extra and not (have - Counter(w)):
            out.append(w)
    return out


def pattern_regex(tokens) -> str:
    return "^" + "".join("." if t == "?" else ".*" if t == "*" else
                         t if not t.startswith("[^") else t[:-1] + "\n]" for t in tokens) + "$"


def report(title: str, rows, base, ours, found) -> None:
    print("\n" + title)
    print("   results per query: median %d, max %d; identical to the baseline"
          % (statistics.median(found), max(found)))
    print("   " + summary("dektes", ours))
    print("   " + summary(base, rows))
    print("   ratio %s / dektes: %6.1f×" % (base, ratio(rows, ours)))


def issue_25(judge, words15, text, racks, rng, n) -> None:
    """Rows 3–7 (issue 25's modes), each against a plain scan of the word list."""
    letters = TILE_LETTERS
    # -- 3. pattern with letter sets -------------------------------------------------------
    mid = [w for w in words15 if 5 <= len(w) <= 12]
    queries = []
    while len(queries) < n:
        w = rng.choice(mid)
        pos = rng.sample(range(len(w)), rng.randint(2, 4))
        pat = list(w)
        for k, i in enumerate(pos):
            if k < 2 and rng.random() < 0.5:
                others = rng.sample([c for c in letters if c != w[i]], 2)
                pat[i] = "[" + "".join(sorted(others + [w[i]])) + "]"
            elif k < 2:
                pat[i] = "[^" + "".join(rng.sample([c for c in letters if c != w[i]], 2)) + "]"
            else:
                pat[i] = "?"
        if rng.random() < 0.5:
            i = rng.randrange(len(w) - 3)
            pat[i:i + rng.randint(1, 3)] = ["*"]
        if sum(len(t) == 1 and t not in "?*" for t in pat) < 3:
            continue  # a query keeps three letters of its word (not '?*', the whole list)
        queries.append(re.sub(r"\*+", "*", "".join(pat)))
    list(judge.pattern(queries[0]))
    t_d, t_s, t_w, found = [], [], [], []
    for pat in queries:
        got, t = timed(lambda: [m.word for m in judge.pattern(pat)])
        t_d.append(t)
        rx = re.compile(pattern_regex(parse_pattern(pat)), re.M)
        want, t = timed(lambda: [m.group() for m in rx.finditer(text)])
        t_s.append(t)
        one = re.compile(pattern_regex(parse_pattern(pat))[1:-1])
        each, t = timed(lambda: [w for w in words15 if one.fullmatch(w)])
        t_w.append(t)
        if got != want or got != each:
            sys.exit("MISMATCH on pattern %s: dektes %d, scan %d" % (pat, len(got), len(want)))
        found.append(len(got))
    report("3. pattern with letter sets, no rack, %d queries (e.g. %s)"
           % (len(queries), ", ".join(queries[:3])), t_s, "text scan (regex)", t_d, found)
    print("   " + summary("plain scan (word by word)", t_w))
    print("   ratio plain scan (word by word) / dektes: %6.1f×" % ratio(t_w, t_d))

    # -- 4. super-anagrams, 7 tiles + 2 ------------------------------------------------------
    sracks = ["".join(bag(rng)[:7]) for _ in range(n)]
    list(judge.anagram(sracks[0], extra=2))
    t_d, t_s, found = [], [], []
    for rack in sracks:
        r = parse_rack(rack)
        got, t = timed(lambda: [m.word for m in judge.anagram(rack, extra=2)])
        t_d.append(t)
        want, t = timed(plain_scan_super, words15, r.letters, 2)
        t_s.append(t)
        if got != want:
            sys.exit("MISMATCH on --super 2 %s: dektes %d, scan %d" % (rack, len(got), len(want)))
        found.append(len(got))
    report("4. super-anagram (--super 2), %d racks of 7 letters" % len(sracks), t_s,
           "plain scan (Counter)", t_d, found)

    # -- 5. probability order -----------------------------------------------------------------
    t_d, t_s, found = [], [], []
    for rack in racks[:n]:
        r = parse_rack(rack)
        got, t = timed(lambda: [m.word for m, _ in by_probability(
            judge.anagram(rack, max_length=7))])
        t_d.append(t)

        def scan():
            hits = plain_scan_anagram(words15, r.letters, r.blanks, 7)
            ranked = sorted((-len(w), -zyzzyva_combinations(w), w) for w in hits)
            return [w for _, _, w in ranked]
        want, t = timed(scan)
        t_s.append(t)
        if got != want:
            sys.exit("MISMATCH on --sort probability %s" % rack)
        found.append(len(got))
    report("5. anagram --sort probability, %d racks of row 1" % len(found), t_s,
           "plain scan + Python combinations", t_d, found)

    # -- 6. extensions ---------------------------------------------------------------------
    short = [w for w in words15 if 4 <= len(w) <= 7]
    sides = ["any", "front", "back"]
    tests = {"any": lambda x, w: w in x, "front": lambda x, w: x.endswith(w),
             "back": lambda x, w: x.startswith(w)}
    t_d, t_s, found = [], [], []
    list(judge.extensions("ΓΡΑΦΩ"))
    for k in range(n):
        w, side = rng.choice(short), sides[k % 3]
        got, t = timed(lambda: [m.word for m in judge.extensions(w, side)])
        t_d.append(t)
        test = tests[side]
        want, t = timed(lambda: [x for x in words15 if test(x, w) and x != w])
        t_s.append(t)
        if got != want:
            sys.exit("MISMATCH on extensions %s %s" % (w, side))
        found.append(len(got))
    report("6. extensions (anywhere, --front, --back in turn), %d words of 4–7 letters" % n,
           t_s, "plain scan (in)", t_d, found)

    # -- 7. hooks with inner hooks ---------------------------------------------------------
    hw = [w for w in words15 if 3 <= len(w) <= 10]
    t_d, t_s, found = [], [], []
    for _ in range(n):
        w = rng.choice(hw)
        h, t = timed(judge.hooks, w)
        t_d.append(t)

        def scan():
            front, back, inner = set(), set(), set()
            for x in words15:
                if len(x) == len(w) + 1:
                    if x[1:] == w:
                        front.add(x[0])
                    if x[:-1] == w:
                        back.add(x[-1])
                elif x == w[1:] or x == w[:-1]:
                    inner.add(x)
            return front, back, inner
        (front, back, inner), t = timed(scan)
        t_s.append(t)
        if (set(h.front), set(h.back), {x for x in h.inner_words if x}) != (front, back, inner):
            sys.exit("MISMATCH on hooks %s" % w)
        found.append(len(front) + len(back) + len(inner))
    report("7. hooks with inner hooks, %d words of 3–10 letters" % n, t_s, "plain scan", t_d,
           found)
    print("\ngoal (issue 25): each ≥ 10× the plain scan; a 7-tile --super 2 ≤ 50 ms")


if __name__ == "__main__":
    main()
