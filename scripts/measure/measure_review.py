#!/usr/bin/env python3
"""How well the review queue's rejections are calibrated, from ``decide_review.py --dump``.

Usage: python -m scripts.measure.measure_review DUMP [--shared DIR] [--fold K]

``DUMP`` is the pickle ``scripts/pipeline/decide_review.py --dump FILE`` writes (each queued
row's posterior, candidates and observations). Prints

* the distribution of P(NONE) and of the best class's P(class | exists) over the rows the
  decision leaves in review, by queue reason;
* with ``--fold K`` (the dump made with ``DEKTES_PES_FOLD=K``): for the rows the model would
  reject at each P(NONE) threshold, and for the rows :func:`decide_review.never_shown` and
  :func:`decide_review.unsupported` (with and without :func:`decide_review.not_a_lemma`)
  reject, the share that the *other* fold of the dev half contradicts — a tile form of one of
  the lemma's candidate paradigms (the citation form included; forms the lexicon gives
  another lemma left out) that hashes into the other fold and is in the dev file. Only rows
  with at least one such form the other fold could show are measurable. Precision = the
  share of measurable rejections that the other fold does not contradict (at least one form:
  strict; at least two: lenient).

Prints figures only; writes nothing. Raises SystemExit with one sentence when the dump or the
dev half is missing.
"""
from __future__ import annotations

import argparse
import collections
import pickle
import sys
from pathlib import Path

from scripts.common import SHARED

from grammars import lemma_model as LM
from grammars.normalize import to_tile
from scripts.pipeline import decide_review as D

BINS = (0.0, 0.5, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 1.0001)


def bin_of(x: float) -> str:
    for lo, hi in zip(BINS, BINS[1:]):
        if lo <= x < hi:
            return f"[{lo:.3f},{min(hi, 1):.3f})"
    return "?"


def _reason(reason: str) -> str:
    """The queue reason without its class or counts ('class O25 gives no form …' → 'class
    gives no form of the lemma')."""
    if reason.startswith("class ") and "gives no form" in reason:
        return "class gives no form of the lemma"
    if reason.startswith("class "):
        return "class: other"
    return reason.split(":")[0].split(" (")[0]


def other_fold(row, dev, fold: int) -> tuple[int, int]:
    """(forms the other fold could show, of them in the dev file) for one dumped row."""
    from fst.learn import fold_of, in_dev_half
    r, _pl, _post, cs, obs = row
    tiles = set()
    for c in cs:
        for f in c.forms:
            if f != r[0] and obs.get(f) == {}:   # another lemma of the lexicon has it
                continue
            tiles.add(to_tile(f))
    tiles.add(to_tile(r[0]))
    could = [t for t in tiles if 2 <= len(t) <= 8 and in_dev_half(t) and fold_of(t) != fold]
    return len(could), sum(t in dev for t in could)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump", type=Path)
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--fold", type=int, choices=(0, 1))
    args = ap.parse_args(argv)
    if not args.dump.exists():
        raise SystemExit(f"{args.dump} does not exist: run decide_review.py --dump {args.dump}")
    data = pickle.loads(args.dump.read_bytes())
    rows = data["rows"]
    from fst.learn import dev_could_hold
    could = dev_could_hold(args.fold)
    what = {}
    for d in data["decided"]:
        what[d[0]] = d[1]
    print(f"rows scored: {len(rows)}")
    # 1. the rows left in review: P(NONE) and best class posterior, by reason
    left = [x for x in rows if what.get(x[0]) == "keep"]
    print(f"\nleft in review by the model: {len(left)}")
    for title, key in (("P(NONE)", lambda x: x[2].get(LM.NONE, 0.0)),
                       ("P(best class | exists)", lambda x: LM.best_class(x[2])[1])):
        by = collections.defaultdict(collections.Counter)
        for x in left:
            by[_reason(x[0][3])][bin_of(key(x))] += 1
            by["(all)"][bin_of(key(x))] += 1
        print(f"\n  {title}:")
        bins = [bin_of(b) for b in BINS[:-1]]
        print("  " + "reason".ljust(34) + "".join(b.rjust(14) for b in bins))
        for reason in sorted(by, key=lambda k: -sum(by[k].values())):
            print("  " + reason[:34].ljust(34) + "".join(str(by[reason][b]).rjust(14)
                                                        for b in bins))
    never = [x for x in left if D.never_shown(x[0][0], x[3], x[4], could)]
    print(f"\n  of them never shown by the dev half (decide_review.never_shown): {len(never)}")
    unsup = [x for x in left if D.unsupported(x[0][0], x[3], x[4])]
    print(f"  of them unsupported (decide_review.unsupported): {len(unsup)}")
    if args.fold is None:
        return 0
    from fst.learn import read_dev
    path = args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not path.exists():
        raise SystemExit(f"{path} does not exist: the fold measure needs the dev half")
    dev = read_dev(path)
    print(f"\nfold {args.fold}: rejections checked on the other fold of the dev half")
    print("  rule                              rejected  measurable  contradicted>=1  >=2  "
          "precision(strict)  precision(lenient)")
    scored = [(x, other_fold(x, dev, args.fold)) for x in rows if what.get(x[0]) != "accept"]

    def line(name, sel):
        meas = [(n, k) for _x, (n, k) in sel if n > 0]
        c1 = sum(k >= 1 for _n, k in meas)
        c2 = sum(k >= 2 for _n, k in meas)
        m = max(1, len(meas))
        print(f"  {name:32s}  {len(sel):8d}  {len(meas):10d}  {c1:15d}  {c2:3d}  "
              f"{1 - c1 / m:17.3f}  {1 - c2 / m:18.3f}")
    for t in (0.9, 0.95, 0.97, 0.98, 0.99, 0.995):
        line(f"P(NONE) >= {t}", [s for s in scored if s[0][2].get(LM.NONE, 0) >= t])
    for lo, hi in zip(BINS, BINS[1:]):
        line(f"  P(NONE) in {bin_of(lo)}",
             [s for s in scored if lo <= s[0][2].get(LM.NONE, 0) < hi])
    line("never shown (kept rows)", [s for s in scored if what.get(s[0][0]) == "keep"
                                     and D.never_shown(s[0][0][0], s[0][3], s[0][4], could)])
    line("never shown, P(NONE) < 0.99", [s for s in scored if what.get(s[0][0]) == "keep"
                                         and s[0][2].get(LM.NONE, 0) < 0.99
                                         and D.never_shown(s[0][0][0], s[0][3], s[0][4], could)])
    known = D.lexicon_lemmas()

    def unsup(s):
        return D.unsupported(s[0][0][0], s[0][3], s[0][4])
    line("unsupported (kept rows)", [s for s in scored if what.get(s[0][0]) == "keep"
                                     and unsup(s)])
    line("unsupported and not a lemma", [s for s in scored if what.get(s[0][0]) == "keep"
                                         and unsup(s) and D.not_a_lemma(s[0][0], known)])
    line("all rejections, these rules", [
        s for s in scored if what.get(s[0][0]) == "reject" or what.get(s[0][0]) == "keep" and (
            D.never_shown(s[0][0][0], s[0][3], s[0][4], could)
            or unsup(s) and D.not_a_lemma(s[0][0], known))])
    return 0


if __name__ == "__main__":
    sys.exit(main())
