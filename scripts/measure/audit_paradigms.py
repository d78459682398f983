#!/usr/bin/env python3
"""Count the surface forms of a build that break monotonic spelling (grammars/orthography.py).

Usage: python -m scripts.measure.audit_paradigms [--generated] [--rule-derived] [--stress] [--examples N]

Default: every analysis of the build's analysis table (all board words, 2–15 letters) whose
weight is below the rule layers' (dictionary forms and grammar variants); ``--rule-derived``
adds the forms only a regulation rule licenses. ``--generated`` instead runs the class tables
on every lexicon row in Python (``grammars.paradigm.generate``: every length, no build, no
rule layer). Prints the offending forms counted by defect, by inflection class and by lexicon
source (a lemma + class row's ``source``; listed rows count as their file's class ``IRR`` …),
with a few examples each. ``--stress`` adds the law of three syllables
(``grammars.orthography.stress_early``: stressed before the antepenult). Reads no oracle.
"""
from __future__ import annotations

import argparse
import collections
import sys

import lexicon
from grammars.orthography import defects, stress_early


def generated_forms(lex):
    """(lemma, class, cell, surface, weight) of every lexicon row by the class tables."""
    from grammars.paradigm import generate, load_tables
    tables = load_tables()
    for e in lex.lemmas:
        t = tables.get(e.inflection_class)
        if t is None:
            continue
        for form, cell, w in generate(e.lemma, t):
            yield e.lemma, e.inflection_class, cell, form, w


def built_forms(rule_derived: bool):
    """(lemma, class, cell, surface, weight) of every analysis of the build's table."""
    import numpy as np

    from fst.runtime.anatable import apply_pattern
    from fst.app.protocol import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH
    from fst.app.engine import judge_for
    from grammars.rules import RULE_WEIGHT
    judge = judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)
    table, dfa = judge.table, judge.runtime
    offsets = np.asarray(table.offsets)
    words = list(dfa.wordlist(0, max(1, int(dfa.height[0]))))
    n_pat = table._n_pat
    word = np.repeat(np.arange(len(words), dtype=np.int64), np.diff(offsets))
    fid, pid = np.divmod(np.asarray(table.form), n_pat)
    lem = np.asarray(table.lemma)
    for w, f, p, lm in zip(word.tolist(), fid.tolist(), pid.tolist(), lem.tolist()):
        cls, cell, _rules, weight = table.forms[f]
        if weight >= RULE_WEIGHT and not rule_derived:
            continue
        yield table.lemmas[lm], cls, cell, apply_pattern(words[w], table.patterns[p]), weight
    for rows in table.extra.values():
        for r in rows:
            if r.weight < RULE_WEIGHT or rule_derived:
                yield r.lemma, r.inflection_class, r.tags, r.surface, r.weight


def audit(forms, sources, stress: bool = False):
    """Counters of offending (lemma, class, form) by defect, class and source, and examples."""
    by_kind, by_class, by_source = (collections.Counter() for _ in range(3))
    examples = collections.defaultdict(list)
    seen = set()
    total = 0
    for lemma, cls, cell, form, _w in forms:
        key = (lemma, cls, form)
        if key in seen:
            continue
        seen.add(key)
        total += 1
        bad = defects(form, lemma)
        if stress and stress_early(form):
            bad.append("stress-early")
        if not bad:
            continue
        src = sources.get((lemma, cls), "listed")
        by_class[cls] += 1
        by_source[src] += 1
        for k in bad:
            by_kind[k] += 1
        examples[cls].append(f"{lemma}→{form} ({','.join(bad)})")
    return total, by_kind, by_class, by_source, examples


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generated", action="store_true",
                    help="class tables on every lexicon row (no build)")
    ap.add_argument("--rule-derived", action="store_true",
                    help="also forms only a regulation rule licenses")
    ap.add_argument("--examples", type=int, default=3, help="examples per class (default 3)")
    ap.add_argument("--stress", action="store_true",
                    help="also count forms stressed before the antepenult (stress-early)")
    a = ap.parse_args(argv)
    lex = lexicon.load()
    sources = {(e.lemma, e.inflection_class): e.source for e in lex.lemmas}
    forms = generated_forms(lex) if a.generated else built_forms(a.rule_derived)
    total, by_kind, by_class, by_source, ex = audit(forms, sources, a.stress)
    bad = sum(by_class.values())
    print(f"{bad} offending forms of {total} (lemma, class, form) triples")
    print("by defect: " + ", ".join(f"{k} {n}" for k, n in by_kind.most_common()))
    print("by source: " + ", ".join(f"{k} {n}" for k, n in by_source.most_common()))
    print("by class:")
    for cls, n in by_class.most_common():
        print(f"  {cls}\t{n}\t" + "; ".join(ex[cls][:a.examples]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
