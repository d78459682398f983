#!/usr/bin/env python3
"""Recall and precision of the shipped language against the oracles in ../shared/oracles.

Usage: python scripts/measure_oracles.py [SHARED_DIR]     (default ../shared)

* hunspell el_GR: recall of its lower-case entries, in tile form, 2–15 letters;
* the federation's official 2–8 list, development half: recall, and precision as
  ../shared/README.md defines it (among our accepted 2–8 letter tile forms whose hash puts
  them in the development half, the share that the file contains).
Prints figures only; writes nothing.
"""
from __future__ import annotations

import gzip
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fst.api import Judge  # noqa: E402
from fst.normalize import InvalidWord, to_tile  # noqa: E402


def in_dev_half(word: str) -> bool:
    return int(hashlib.sha256(("pes-split-v1:" + word).encode()).hexdigest(), 16) % 2 == 0


def count_paths(fst) -> int:
    """Number of accepted strings of an acyclic, epsilon-free deterministic acceptor."""
    import pynini
    zero = pynini.Weight.zero(fst.weight_type())
    memo: dict[int, int] = {}
    order = list(fst.states())
    # reverse topological order by iterative DFS
    seen, post = set(), []
    stack = [(fst.start(), iter(fst.arcs(fst.start())))]
    seen.add(fst.start())
    while stack:
        s, it = stack[-1]
        for arc in it:
            if arc.nextstate not in seen:
                seen.add(arc.nextstate)
                stack.append((arc.nextstate, iter(fst.arcs(arc.nextstate))))
                break
        else:
            post.append(s)
            stack.pop()
    for s in post:
        memo[s] = (fst.final(s) != zero) + sum(memo[a.nextstate] for a in fst.arcs(s))
    del order
    return memo[fst.start()]


def main(argv):
    import pynini
    from lexicon import read_lexicon
    from grammars.paradigm import load_tables
    shared = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared"
    judge = Judge.load(min_length=2, max_length=15)
    tables = load_tables()
    entries = read_lexicon()
    compiled = [e for e in entries if e.inflection_class in tables]
    print(f"lemma+class rows compiled: {len(compiled)} of {len(entries)}; "
          f"lemmas {len({e.lemma for e in compiled})}")
    surf = pynini.project(judge.analyser, "input").rmepsilon()
    surf = pynini.determinize(pynini.arcmap(surf, map_type="rmweight")).minimize()
    print(f"accented surface forms: {count_paths(surf)}; tile forms (any length): "
          f"{count_paths(judge.tiles)}")
    ours = set(judge.wordlist(2, 15))
    print(f"accepted tile forms (2–15 letters): {len(ours)}")
    hun = set()
    with gzip.open(shared / "oracles" / "hunspell-el_GR.dic.gz", "rt", encoding="utf-8") as f:
        next(f)
        for line in f:
            w = line.strip().split("/")[0]
            if not w or not w[:1].islower():
                continue
            try:
                t = to_tile(w)
            except InvalidWord:
                continue
            if 2 <= len(t) <= 15:
                hun.add(t)
    print(f"hunspell lower-case tile forms 2–15: {len(hun)}; recall {len(hun & ours) / len(hun):.4f}")
    dev = set((shared / "oracles" / "pes-2-8-2024-dev.txt").read_text(encoding="utf-8").split())
    ours28 = {w for w in ours if len(w) <= 8}
    ours_dev = {w for w in ours28 if in_dev_half(w)}
    print(f"official 2–8 dev half: {len(dev)} words; recall {len(dev & ours) / len(dev):.4f}; "
          f"precision {len(ours_dev & dev) / max(1, len(ours_dev)):.4f} "
          f"({len(ours_dev)} of our 2–8 forms hash into the dev half)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
