#!/usr/bin/env python3
"""Infer each inflection class's table (cells, endings, stress directives) from flexy's output.

Usage: python -m scripts.pipeline.infer_classes [FLEXY_FORMS] [--report FILE]
       (default ../shared/oracles/flexy-forms.txt.gz)

DESIGN-NOTES §5 allows a class's cells, endings and stress to be inferred from flexy's
*output* (never its code). For every class this script reads the forms flexy generates for
the class's lemmas, expresses each form as "strip n letters of the lemma, append ending,
apply stress directive, (augment)", and keeps per cell the suffix rules that explain most
lemmas (a decision list by the lemma's longest matching suffix, at least two lemmas per rule
unless the class is tiny). Output: ``grammars/classes/<CLASS>.tsv``, one table per class — a
grammar table, not a word list: no lemma appears in it except the class exemplar named in
the header. Prints the per-class agreement of the tables with flexy. flexy's forms with an ι
doubled at the stem/ending seam (δεξιιά) are read without it first (:func:`undouble_iota`).
"""
from __future__ import annotations

import collections
import gzip
import sys
from pathlib import Path

from scripts.common import ROOT, SHARED

from grammars import phonology as ph
from grammars.cells import flexy_cell, participle_cells
from grammars.orthography import doubled_iota
from grammars.paradigm import consonant_initial, cut

DEFAULT = SHARED / "oracles" / "flexy-forms.txt.gz"
DIRECTIVE_ORDER = [ph.KEEP, "MAXPEN", "ULT", "PEN", "ANT"]
CONTEXT = 2  # extra lemma letters a key may look at beyond the stripped ones
POS = {"O": "NOUN", "E": "ADJ", "P": "VERB"}


def lcp(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def analyse_form(lu: str, lp: str, form: str, aug_cell: bool, min_strip: int = 0):
    """(strip, ending, directives that reproduce form, augment seen) or None.

    ``min_strip``: strip at least the class's common lemma ending, so that endings start at
    the morpheme boundary (άνθρωπ-ος → ανθρώπ-ου, not ανθρωπο-σ → ανθρωπο-υ).
    """
    try:
        fu = ph.underlying(form)
    except ValueError:
        return None
    fp = ph.plain(fu)
    aug_seen = False
    if fp.startswith("ε") and lcp(lp, fp[1:]) > lcp(lp, fp):
        fu, fp, aug_seen = fu[1:].lstrip(ph.MARK), fp[1:], True
    n = min(lcp(lp, fp), len(lp) - min_strip)
    strip = len(lp) - n
    _, ending = cut(fu, len(fp) - n)
    ending = ending.replace(ph.MARK, "")
    stem, _ = cut(lu, strip)
    aug = ph.AUG if (aug_cell and consonant_initial(lp)) else None
    dirs = tuple(d for d in DIRECTIVE_ORDER if ph.realise(stem, ending, d, aug) == form)
    return strip, ending, dirs, aug_seen


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 and not argv[1].startswith("-") else DEFAULT
    if not src.exists():
        print(f"infer_classes: {src} not found (flexy's output is needed to infer tables)",
              file=sys.stderr)
        return 2
    lexicon = collections.defaultdict(list)
    for line in open(ROOT / "lexicon" / "lemmas.tsv", encoding="utf-8"):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if f[7] == "elspell":
            lexicon[f[3]].append(f[0])
    # flexy forms per (lemma, class) and cell, in file order (first = main)
    flexy: dict[tuple[str, str], dict[str, list[str]]] = collections.defaultdict(dict)
    with gzip.open(src, "rt", encoding="utf-8") as fh:
        for line in fh:
            form, tag, lemma, code = line.split()
            cell = flexy_cell(tag, form)
            if cell is None:
                continue
            form = undouble_iota(form, lemma)
            forms = flexy[(lemma, code)].setdefault(cell, [])
            if form not in forms:
                forms.append(form)
    out_dir = ROOT / "grammars" / "classes"
    out_dir.mkdir(parents=True, exist_ok=True)
    # hand-written tables (E10, E11, P13, P14: no INFERRED_MARK in their header) are never
    # deleted nor overwritten
    hand = {p.stem for p in out_dir.glob("*.tsv") if not is_inferred(p)}
    if "--only" not in argv:
        for old in out_dir.glob("*.tsv"):
            if old.stem not in hand:
                old.unlink()
    report = []
    only = set(argv[argv.index("--only") + 1].split(",")) if "--only" in argv else None
    for code in sorted(lexicon, key=lambda c: (c[0], [int(x) if x.isdigit() else x for x in
                                                      c[1:].replace("a", ".a").replace("b", ".b").split(".") if x])):
        if (only and code not in only) or code in hand:
            continue
        lemmas = [lm for lm in lexicon[code] if (lm, code) in flexy]
        if not lemmas:
            report.append((code, len(lexicon[code]), 0, 0))
            continue
        table, exemplar = infer_class(code, lemmas, flexy)
        write_table(out_dir / f"{code}.tsv", code, exemplar, table, len(lemmas))
        report.append((code, len(lexicon[code]), len(lemmas), 0))
    print(f"wrote {len(list(out_dir.glob('*.tsv')))} class tables to {out_dir}")
    return 0


def undouble_iota(form: str, lemma: str) -> str:
    """flexy's form with the ι it doubles at the stem/ending seam dropped (its error: δεξιός
    → δεξιιά for δεξιά, παλιός → παλιιά; Triantafyllidis grammar (1941), adjectives in -ός,
    -ιά, -ό: the stem's ι is the feminine's -ιά). The unaccented one of the pair goes; a
    doubled ι the lemma has itself (αντιιός) stays."""
    while doubled_iota(form) > doubled_iota(lemma):
        for i in range(len(form) - 1):
            if form[i] in "ιί" and form[i + 1] in "ιί":
                j = i if form[i] == "ι" else i + 1
                form = form[:j] + form[j + 1:]
                break
    return form


def infer_class(code, lemmas, flexy):
    cells: list[str] = []
    for lm in lemmas:
        for c in flexy[(lm, code)]:
            if c not in cells:
                cells.append(c)
    # which cells take the augment slot: any form of the class shows it
    aug_cells = set()
    for lm in lemmas:
        lu = ph.underlying(lm, glides=False)
        lp = ph.plain(lu)
        for cell, forms in flexy[(lm, code)].items():
            for form in forms:
                r = analyse_form(lu, lp, form, False)
                if r and r[3]:
                    aug_cells.add(cell)
    # the augment belongs to the past indicative only (flexy's augmented imperatives such as
    # έχτιζε are its error, DESIGN-NOTES §5), and to every active past cell once the class
    # shows one
    aug_cells = {c for c in aug_cells if ";PST;" in c}
    if aug_cells:
        aug_cells |= {c for c in cells if ";PST;" in c and c.endswith(";ACT")}
    suffix = class_suffix([ph.plain(ph.underlying(lm, glides=False)) for lm in lemmas])
    table = {}
    for cell in cells:
        aug_cell = cell in aug_cells
        # outcome per lemma: frozenset of (strip, ending, directive, weight)
        per_lemma = {}
        for lm in lemmas:
            forms = flexy[(lm, code)].get(cell)
            if not forms:
                continue
            lu = ph.underlying(lm, glides=False)
            lp = ph.plain(lu)
            res = [analyse_form(lu, lp, f, aug_cell, len(suffix)) for f in forms]
            if any(r is None or not r[2] for r in res):
                per_lemma[lm] = (lp, None, res)
                continue
            per_lemma[lm] = (lp, tuple((r[0], r[1], r[2]) for r in res), res)
        table[cell] = learn_cell(per_lemma, aug_cell, small=len(lemmas) < 6)
    exemplar = max(lemmas, key=lambda lm: len(flexy[(lm, code)]))
    return table, exemplar


def class_suffix(plains: list[str]) -> str:
    """The longest ending (≤ 2 letters) shared by at least 90% of the class's lemmas."""
    best = ""
    for n in range(1, 3):
        ctr = collections.Counter(p[-n:] for p in plains if len(p) > n)
        if not ctr:
            break
        suf, c = ctr.most_common(1)[0]
        if c >= 0.9 * len(plains):
            best = suf
    return best


def outcome_ok(pred, obs):
    """Does a predicted rule list (strip, ending, directive) reproduce every observed form?"""
    if obs is None or pred is None:
        return False
    got = {(s, e, d) for s, e, d, _ in pred}
    need = [(s, e, dirs) for s, e, dirs in obs]
    if len(got) != len(need):
        return False
    return all(any((s, e, d) in got for d in dirs) for s, e, dirs in need)


def learn_cell(per_lemma, aug_cell, small):
    # candidate outcomes per key: key = stripped letters + up to CONTEXT letters before
    by_key: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for lm, (lp, obs, _) in per_lemma.items():
        if obs is None:
            continue
        strips = {s for s, _, _ in obs}
        if len(strips) != 1:
            # variants with different stems: key on the longest strip
            pass
        base = max(strips)
        for extra in range(0, CONTEXT + 1):
            if base + extra > len(lp):
                break
            key = lp[len(lp) - base - extra:]
            by_key[key][tuple((s, e) for s, e, _ in obs)] += 1
    # choose, per key, the outcome with most lemmas, and a directive per (strip, ending)
    chosen = {}
    for key, ctr in by_key.items():
        obs, n = ctr.most_common(1)[0]
        if n < 1:
            continue
        # directive: the first in DIRECTIVE_ORDER allowed by most lemmas of this outcome
        chosen[key] = [(s, e, ph.KEEP, w) for w, (s, e) in enumerate(obs)]
    ends_with = collections.defaultdict(list)
    for lp, obs, _ in per_lemma.values():
        for n in range(len(lp) + 1):
            k = lp[len(lp) - n:]
            if k in chosen:
                ends_with[k].append((lp, obs))
    # directive: the one that reproduces the most lemmas with the key
    for key, rules in list(chosen.items()):
        fixed = []
        for s, e, d, w in rules:
            votes = collections.Counter()
            for lp, obs in ends_with[key]:
                if obs is None or len(obs) <= w:
                    continue
                s2, e2, dirs = obs[w]
                if (s2, e2) == (s, e):
                    votes.update(dirs)
            best = max(DIRECTIVE_ORDER, key=lambda x: (votes[x], -DIRECTIVE_ORDER.index(x)))
            fixed.append((s, e, best, min(w, 1)))
        chosen[key] = fixed

    def predict(lp, keys):
        for n in range(len(lp), -1, -1):
            k = lp[len(lp) - n:]
            if k in keys:
                return keys[k]
        return None

    # prune: drop a key when its parent key explains its lemmas at least as well
    keys = dict(chosen)
    for key in sorted(chosen, key=len, reverse=True):
        routed = [(lp, obs) for lp, obs in ends_with[key] if predict(lp, keys) is keys[key]]
        without = {k: v for k, v in keys.items() if k != key}
        with_score = sum(outcome_ok(keys[key], obs) for lp, obs in routed)
        wo_score = sum(outcome_ok(predict(lp, without), obs) for lp, obs in routed)
        if wo_score >= with_score:
            keys = without
    return {"aug": aug_cell, "keys": keys}


INFERRED_MARK = "# inferred by scripts/infer_classes.py"


def is_inferred(path: Path) -> bool:
    """Is the class table ``path`` one this script wrote (its header says so)?"""
    with open(path, encoding="utf-8") as f:
        return any(line.startswith(INFERRED_MARK) for line in f
                   if line.startswith("#"))


def write_table(path, code, exemplar, table, n_lemmas):
    lines = [
        f"# class: {code}",
        f"# pos: {POS[code[0]]}",
        f"# exemplar: {exemplar}",
        f"# lemmas with flexy output used for inference: {n_lemmas}",
        "# inferred by scripts/infer_classes.py from flexy's output (DESIGN-NOTES §5);"
        " see grammars/paradigm.py for the notation",
        "cell\tkey\tstrip\tending\tdirective\taug\tweight",
    ]
    rows = []
    # the -μένος participle declines in full from whichever cell flexy printed
    ptcp = None
    for cell, cut_n in (("V.PTCP;PASS;PFV;MASC;NOM;SG", 2), ("V.PTCP;PASS;PFV;NEUT;NOM;SG", 1)):
        if cell in table:
            ptcp = (cell, cut_n)
            break
    for cell, info in table.items():
        if cell.startswith("V.PTCP"):
            if ptcp is None or cell != ptcp[0]:
                continue
            for key in sorted(info["keys"], key=lambda k: (len(k), k)):
                for s, e, d, w in info["keys"][key]:
                    for pcell, pend in participle_cells():
                        rows.append((pcell, key, s, e[:-ptcp[1]] + pend, d, 0, w))
            continue
        for key in sorted(info["keys"], key=lambda k: (len(k), k)):
            for s, e, d, w in info["keys"][key]:
                rows.append((cell, key, s, e, d, int(info["aug"]), w))
    for r in rows:
        lines.append("\t".join(str(x) for x in r))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
