#!/usr/bin/env python3
"""Recall and precision of the shipped language against the oracles in ../shared/oracles.

Usage: python -m scripts.measure.measure_oracles [SHARED_DIR] [--profile P] [--by-source] [--verbs]
       (default ../shared; $DEKTES_PES_FOLD=0|1: fold figures, see below)

* hunspell el_GR: recall of its lower-case entries, in tile form, 2–15 letters;
* the federation's official 2–8 list, development half: recall, and precision as
  ../shared/README.md defines it (among our accepted 2–8 letter tile forms whose hash puts
  them in the development half, the share that the file contains).
* ``--profile P``: the language of profile P (grammars/profiles.py: a word counts only if one
  of its analyses names none of the layers or sources P switches off).
* With ``DEKTES_PES_FOLD=k`` (the lexicon regenerated from fold k: scripts/measure/measure_folds.py),
  the dev-half figures are measured on the **other fold only** (recall over its words,
  precision over our forms that hash into it): the generalisation figure.
* ``--by-source``: precision per lemma source (the lemma files' source column), over the forms
  that only lemmas of that source generate (its marginal contribution), in the measured fold.
* ``--verbs``: the same for the words one of whose analyses is a verb form.
Prints figures only; writes nothing. Compiled lexicon overlays (``dektes learn``) never apply.
"""
from __future__ import annotations

import sys
from pathlib import Path

from scripts.common import SHARED

from fst.api import Judge
from fst.learn import fold_from_env, fold_of, in_dev_half, read_dev
from grammars.normalize import InvalidWord, to_tile
from scripts.common import hunspell_lower


def split_folds(words) -> tuple[set[str], set[str]]:
    """``words`` of fold 0 and of fold 1 (fst.learn.fold_of; ../shared/README.md, "Folds")."""
    folds: tuple[set[str], set[str]] = (set(), set())
    for w in words:
        folds[fold_of(w)].add(w)
    return folds


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
    import argparse

    import pynini
    from lexicon import read_lexicon
    from grammars.paradigm import load_tables
    from grammars.profiles import disabled
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shared", nargs="?", type=Path, default=SHARED)
    ap.add_argument("--profile", default="board")
    ap.add_argument("--by-source", action="store_true")
    ap.add_argument("--verbs", action="store_true")
    args = ap.parse_args(argv[1:])
    shared = args.shared
    off = disabled(args.profile)
    fold = fold_from_env()
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
    if off:
        words = sorted(ours)
        ours = {w for w, ana in zip(words, judge.analyse_many(words))
                if any(not off & set(a.rules) for a in ana)}
        print(f"profile {args.profile}: without {', '.join(sorted(off))}")
    print(f"accepted tile forms (2–15 letters): {len(ours)}")
    hun = set()
    for w in hunspell_lower(shared / "oracles" / "hunspell-el_GR.dic.gz"):
        try:
            t = to_tile(w)
        except InvalidWord:
            continue
        if 2 <= len(t) <= 15:
            hun.add(t)
    print(f"hunspell lower-case tile forms 2–15: {len(hun)}; recall {len(hun & ours) / len(hun):.4f}")
    dev = read_dev(shared / "oracles" / "pes-2-8-2024-dev.txt")
    ours28 = {w for w in ours if len(w) <= 8}
    ours_dev = {w for w in ours28 if in_dev_half(w)}
    what = "official 2–8 dev half"
    if fold is not None:  # learned from fold k: measure on the other fold only
        dev, ours_dev = split_folds(dev)[1 - fold], split_folds(ours_dev)[1 - fold]
        what = f"official 2–8 dev half, fold {1 - fold} (learned from fold {fold})"
    print(f"{what}: {len(dev)} words; recall {len(dev & ours) / len(dev):.4f}; "
          f"precision {len(ours_dev & dev) / max(1, len(ours_dev)):.4f} "
          f"({len(ours_dev)} of our 2–8 forms hash into it)")
    if fold is None:  # each fold apart (the held-out fold of a lexicon learned under fold 1-k)
        for k, (d, o) in enumerate(zip(split_folds(dev), split_folds(ours_dev))):
            print(f"  fold {k}: {len(d)} words; recall {len(d & ours) / len(d):.4f}; "
                  f"precision {len(o & d) / max(1, len(o)):.4f}")
    if args.verbs:
        # verb forms: words one of whose analyses is a verb cell (V…)
        def is_verb(w):
            return any(a.tags.startswith("V") for a in judge.analyse(w))
        ours_v = {w for w in ours_dev if is_verb(w)}
        dev_v = {w for w in dev & ours if is_verb(w)}
        print(f"verb forms: {len(ours_v)} of our dev-hashed 2–8 forms, precision "
              f"{len(ours_v & dev) / max(1, len(ours_v)):.4f}; dev words accepted as verb forms "
              f"{len(dev_v)} (recall over the whole dev half {len(dev_v) / len(dev):.4f})")
        if fold is None:
            for k, (o, dv) in enumerate(zip(split_folds(ours_v), split_folds(dev_v))):
                print(f"  fold {k}: verb precision {len(o & dev) / max(1, len(o)):.4f}; "
                      f"dev words accepted as verb forms {len(dv)}")
    if args.by_source:
        by_source(judge, entries, sorted(ours_dev), dev)
    return 0


def by_source(judge, entries, words, dev) -> None:
    """Precision per lemma source over the words whose analyses all come from that source."""
    import collections
    source = {}
    for e in entries:
        source.setdefault((e.lemma, e.inflection_class), e.source)
    n, held = collections.Counter(), collections.Counter()
    for w, ana in zip(words, judge.analyse_many(words)):
        srcs = {source.get((a.lemma, a.inflection_class), "listed paradigms") for a in ana}
        if len(srcs) == 1:
            s = srcs.pop()
            n[s] += 1
            held[s] += w in dev
    print("precision by source (forms only that source's lemmas generate):")
    for s in sorted(n, key=lambda s: -n[s]):
        print(f"  {s}: {held[s] / n[s]:.4f} ({held[s]}/{n[s]})")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
