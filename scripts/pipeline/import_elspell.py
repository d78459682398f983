#!/usr/bin/env python3
"""Import elspell's ``word.rule.data`` (lemma + Triantafyllidis-style class) into ``lexicon/``.

Usage: python -m scripts.pipeline.import_elspell [PATH_TO_word.rule.data] [--out DIR]
       (defaults: ../shared/data/elspell/word.rule.data, lexicon/)

Writes ``lexicon/lemmas.tsv`` (one row per lemma + inflection class) and
``lexicon/derivations.tsv`` (second class codes that encode a derived lexeme,
DESIGN-NOTES §5). Deterministic: the same input gives byte-identical output.

Cleaning (counts are printed):
* literal ``<I>`` and stray commas removed from the lemma field;
* exact duplicate lines dropped;
* lemmas with an initial capital dropped (regulation C1; tested with ``str.isupper`` so that
  Latin look-alike capitals such as ``Aμερικανός`` are caught too);
* a lemma's second class code is a *derivation record* when the code's own members never end
  like the lemma (e.g. αγρότης O7 + O27: O27 members end in -α, so O27 encodes αγρότισσα),
  or when its table would strip the lemma's stress (βασιλιάς O21, :func:`stress_misfits`), or
  when it is a verb class that does not give the lemma back as its 1sg present (ανθίζω
  P10.9a, *ανθίζησα);
* no silent loss (issue 12): a row whose class gives no form of the lemma (ζελέ O13, βράδυ
  O44) is misclassified: it goes to the review queue, ``scripts/pipeline/data/review.tsv``
  (``review.tsv`` in ``--out DIR``; source ``elspell``, with the classes of its part of speech
  that cite the lemma), never into ``lemmas.tsv`` (grammars/defective.py, ``status``). Plural-only and impersonal lemmas (γενέθλια, χιονίζει) stay: the compiler
  inflects them from their base.
"""
from __future__ import annotations

import collections
import sys
import unicodedata
from pathlib import Path

from scripts.common import REVIEW, ROOT, SHARED

from grammars.derivation import pos_of

DEFAULT = SHARED / "data" / "elspell" / "word.rule.data"

# What a second class code derives, by the code's part of speech and gender (DESIGN-NOTES §5).
KIND = {
    "O27": "feminine in -α (-ισσα, -τρια)", "O27a": "feminine in -α (-ισσα, -τρια)",
    "O37": "feminine in -ού", "O37a": "feminine in -ού", "O37b": "feminine in -ού",
    "P11": "learned passive in -ώμαι / -ούμαι",
}


def strip_accents(s: str) -> str:
    from grammars.alphabet import plain
    return plain(s)


def ending(lemma: str, n: int = 2) -> str:
    return strip_accents(lemma)[-n:]


def main(argv: list[str]) -> int:
    out = ROOT / "lexicon"
    if "--out" in argv:
        i = argv.index("--out")
        out = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    src = Path(argv[1]) if len(argv) > 1 else DEFAULT
    if not src.exists():
        print(f"import_elspell: {src} not found", file=sys.stderr)
        return 2
    counts = collections.Counter()
    seen_lines = set()
    pairs: list[tuple[str, str]] = []
    names: set[tuple[str, str]] = set()  # capitalised lemmas: lexicon/excluded.tsv (§C1, §C5)
    for raw in src.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        counts["lines"] += 1
        if raw in seen_lines:
            counts["duplicate lines"] += 1
            continue
        seen_lines.add(raw)
        lemma, code = raw.split()
        if "<I>" in lemma:
            counts["<I> removed"] += 1
            lemma = lemma.replace("<I>", "")
        if "," in lemma:
            counts["comma removed"] += 1
            lemma = lemma.replace(",", "")
        lemma = unicodedata.normalize("NFC", lemma)
        if lemma[:1].isupper():
            counts["capitalised (C1) dropped"] += 1
            names.add((greek_capital(lemma), code))
            continue
        pairs.append((lemma, code))
    # class profiles: endings of lemmas that carry a single code
    by_lemma: dict[str, list[str]] = collections.defaultdict(list)
    for lemma, code in pairs:
        if code not in by_lemma[lemma]:
            by_lemma[lemma].append(code)
    profile: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for lemma, codes in by_lemma.items():
        if len(codes) == 1:
            profile[codes[0]][ending(lemma)] += 1

    from grammars.defective import forms_of
    from grammars.paradigm import load_tables
    tables = load_tables()

    def gives_present(lemma: str, code: str) -> bool:
        """False for a verb class whose table has an active 1sg present and does not give
        ``lemma`` there (ανθίζω P10.9a would be *ανθίζησα: the code of a sibling lemma,
        ανθώ). A deponent present (αρνούμαι P10.11b: the variant αρνιέμαι) is not checked."""
        table = tables.get(code)
        if not code.startswith("P") or table is None:
            return True
        first = forms_of(lemma, table, "V;IND;PRS;IPFV;1;SG;ACT")
        return not first or lemma in first

    def fits(lemma: str, code: str) -> bool:
        prof = profile.get(code)
        if not prof or not gives_present(lemma, code):
            return False
        return prof[ending(lemma)] / sum(prof.values()) >= 0.01 or prof[ending(lemma)] >= 3

    rows, derivs = [], []
    for lemma, codes in by_lemma.items():
        if len(codes) == 1:
            rows.append((lemma, codes[0]))
            continue
        primary = [c for c in codes if fits(lemma, c)] or codes[:1]
        for c in codes:
            if c in primary:
                rows.append((lemma, c))
            else:
                derivs.append((lemma, primary[0], c))
    rows, misfits = stress_misfits(rows)
    counts["second codes stripping the lemma's stress (derivation records)"] = len(misfits)
    derivs += misfits
    n = len(rows)
    rows, review = misclassified(rows, out)
    counts["misclassified rows (class gives no form) dropped"] = n - len(rows)
    counts["of which moved to review.tsv (lemma not elsewhere in the lexicon)"] = len(review)
    counts["lemma+class rows"] = len(rows)
    counts["derivation records"] = len(derivs)
    with open(out / "lemmas.tsv", "w", encoding="utf-8") as f:
        f.write("# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource\n")
        for lemma, code in sorted(rows, key=lambda r: (strip_accents(r[0]), r[0], r[1])):
            f.write(f"{lemma}\t{pos_of(code)}\t-\t{code}\t-\t-\t-\telspell\n")
    with open(out / "derivations.tsv", "w", encoding="utf-8") as f:
        f.write("# lemma\tbase_class\tderived_class\tkind\tsource\n")
        for lemma, base, code in sorted(derivs, key=lambda r: (strip_accents(r[0]), r[0], r[2])):
            kind = KIND.get(code, f"{pos_of(code).lower()} of class {code}")
            f.write(f"{lemma}\t{base}\t{code}\t{kind}\telspell\n")
    with open(out / "excluded.tsv", "w", encoding="utf-8") as f:
        f.write("# Lemmas written with an initial capital (proper and ethnic names), excluded by\n"
                "# regulation §C1/§C5; kept so that `dektes explain` can name the rule. Written by\n"
                "# scripts/import_elspell.py from elspell (Latin look-alike capitals made Greek).\n"
                "lemma\tclass\tsource\n")
        for lemma, code in sorted(names, key=lambda r: (strip_accents(r[0]), r[0], r[1])):
            f.write(f"{lemma}\t{code}\telspell\n")
    counts["capitalised lemma+class rows (excluded.tsv)"] = len(names)
    # the review queue is the pipeline's own data; beside the other files when --out is given
    write_review(REVIEW if out == ROOT / "lexicon" else out / "review.tsv", review)
    for k, v in counts.items():
        print(f"{k}: {v}")
    return 0


def misclassified(rows, out: Path | None = None):
    """(rows kept, review rows ``lemma pos elspell reason candidates``): see the docstring. A
    dropped row whose lemma another row has (a kept elspell row, or ``lemmas-derived.tsv`` in
    ``out``) gets no review row: the lemma is in the lexicon."""
    from grammars import defective
    from grammars.paradigm import load_tables
    tables = load_tables()
    elsewhere = set()
    derived = (out or ROOT / "lexicon") / "lemmas-derived.tsv"
    if derived.exists():
        elsewhere = {ln.split("\t", 1)[0] for ln in derived.read_text(encoding="utf-8")
                     .splitlines() if not ln.startswith("#")}
    kept, review = [], []
    for lm, c in rows:
        # a class that gives other forms only is a second code adding cells (the aorist of
        # αρνούμαι P10.11b beside P10.9b): kept, tests/test_lexicon_rows.py checks its sibling
        if defective.status(lm, pos_of(c), tables.get(c)) == "nothing":
            pos = pos_of(c)
            cands = [k for k, t in sorted(tables.items())
                     if pos_of(k) == pos and defective.cites(lm, pos, t)]
            review.append((lm, pos, "elspell", f"class {c} gives no form of the lemma",
                           " ".join(f"{k}:-" for k in cands) or "-"))
        else:
            kept.append((lm, c))
    has = {lm for lm, _ in kept} | elsewhere
    return kept, [r for r in review if r[0] not in has]


def write_review(path: Path, review) -> None:
    """Put the elspell rows into the review file, keeping its other rows (written by
    scripts/pipeline/classify_by_evidence.py) and its header."""
    head, body = [], []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                head.append(line)
            elif line.strip() and line.split("\t")[2:3] != ["elspell"]:
                body.append(tuple(line.split("\t")))
    if not head:
        head = ["# lemma\tpos\tsource\treason\tcandidates"]
    lines = head + ["\t".join(r) for r in sorted(set(body) | set(review))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def stress_misfits(rows):
    """(rows kept, derivation records ``(lemma, fitting class, misfit class)``) — a lemma's
    second code whose table keeps the stem's stress while removing the letters that carry the
    lemma's stress (grammars.paradigm.strips_stress: βασιλιάς O1 + O21, -έας: *βασιλιας,
    *βασιλιίς; ζημιά O24 + O25, -ία: *ζημιας) describes another lexeme (βασιλέας, ζημία), as
    derivation records do, when another row of the lemma fits (Triantafyllidis grammar
    §§ 74–79: a polysyllable is stressed; audit of generated paradigms)."""
    from grammars.paradigm import load_tables, strips_stress
    tables = load_tables()
    misfit = {(lm, c) for lm, c in rows if c in tables and strips_stress(lm, tables[c])}
    fit = collections.defaultdict(list)
    for lm, c in rows:
        if (lm, c) not in misfit:
            fit[lm].append(c)
    out = sorted((lm, c) for lm, c in misfit if fit[lm])
    drop = set(out)
    return [r for r in rows if r not in drop], [(lm, fit[lm][0], c) for lm, c in out]


def greek_capital(lemma: str) -> str:
    """``lemma`` with a Latin look-alike initial capital made Greek (Aμερικανός → Αμερικανός)."""
    from grammars.normalize import LATIN_LOOKALIKES
    return LATIN_LOOKALIKES.get(lemma[0], lemma[0]) + lemma[1:]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
