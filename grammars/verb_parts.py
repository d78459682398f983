"""Principal parts in the build: which lexicon rows they correct, and their forms as listed rows.

The grammar is ``grammars/conjugation.py`` (the parts' systems) and ``grammars/compounds.py``
(prefix verbs); the data ``lexicon/verb-parts.tsv`` (lexicon/README.md, "Principal parts").
The compiler (:mod:`fst.build.compile`) calls:

* :func:`entries` — the lexicon rows plus the verbs that only a parts row brings (αυξάνω),
  with each row's flags, a lemma file's ``base_only`` verb with its present system only, minus
  the compounds of parts bases that ``compounds.tsv`` records (their paradigm is the compound's);
* :func:`parts_by_lemma` — lemma → parts row, for :func:`fst.build.compile.paradigm_groups`, which
  leaves out the class cells a stated part governs (:func:`grammars.conjugation.overridden`);
* :func:`rows` — the parts' forms as listed rows (class = the verb's class, citation
  ``part:KEY``, so that the analysis names the part), with the §D2 forms made from them and the §D3 learned passive aorist;
* :func:`base_rows` — every parts verb's whole paradigm (class present system + parts), the
  bases ``grammars/compounds.py`` builds compounds on.
"""
from __future__ import annotations

import collections
import functools

from grammars import alphabet, compounds
from grammars import conjugation as cj
from grammars import phonology as ph
from grammars.paradigm import consonant_initial, cut, load_tables, variants_of
from grammars.rules import d2_internal_augment as d2
from grammars.rules import d3_learned_aorist as d3
from grammars.rules import e4_spellings as e4
from grammars.rules.d9_present import FLAG as D9_FLAG
import dataclasses

from lexicon import read_listed

PART_RULE = "part:"  # analysis tag prefix: part:aor, part:paor, part:ppp …
LISTED = "IRR"  # the class of a parts row that completes a listed paradigm (irregular.tsv)


def parts_by_lemma() -> dict[str, cj.Parts]:
    """lemma → its row of ``lexicon/verb-parts.tsv`` (base-only rows included)."""
    return dict(cj.parts_index())


@functools.lru_cache(maxsize=1)
def _compound_records():
    return tuple(compounds.read_records())


def hand_entered_bases() -> set[str]:
    """Parts verbs whose compounds' class rows give way to the compound record: the
    hand-entered rows (``Parts.hand_entered``). An evidence row's verb (χωρώ: ppp-absent)
    passes nothing on: its compound keeps a lemma row of its own (προχωρώ P10.11a), and
    the augment mode its own forms chose (κατήργησα) joins that row."""
    return {lm for lm, p in cj.parts_index().items() if p.hand_entered}


def compound_lemmas_of_parts_bases() -> set[str]:
    """Lemmas of ``compounds.tsv`` whose base is a hand-entered parts row: their class rows
    give way (a compound inherits its base's parts unless its own evidence says otherwise).
    An evidence row's verb (αργώ, ισχύω: ppp-absent) passes on only the augment its
    compound's own forms chose (κατήργησα), beside the compound's own class row: its
    absences are the simple verb's (no *αργημένος), not the compound's (καταργήθηκε,
    καταργημένος, ενισχυμένος)."""
    idx, bases = cj.parts_index(), hand_entered_bases()
    return {r.lemma for r in _compound_records() if r.base in idx and r.base in bases}


def entries(lex: list, entry_type, add: bool = True) -> list:
    """``lex`` (LexEntry rows) with the parts rows applied: a hand-entered row whose lemma has
    no entry of its class adds one (``entry_type(lemma, "VERB", class, source, flags)``), a
    row's flags join the entry's; the compounds of parts bases are removed, and a lemma row of a
    ``base_only`` verb keeps its present system only (flag ``present_only``, §D9: the dev half
    of the federation's list has ΠΤΥΣΣΩ, ΠΤΥΣΣΕΙ, ΠΤΥΣΣΑΝ and lacks ΕΠΤΥΞΑ, ΠΤΥΞΕΙ)."""
    idx = cj.parts_index()
    bases = {p.lemma for p in idx.values() if "base_only" in p.flags}
    drop = compound_lemmas_of_parts_bases()
    have = {(e.lemma, e.inflection_class) for e in lex}
    out = []
    for e in lex:
        if e.lemma in drop:
            continue
        if e.lemma in bases:  # the simple verb's own row: its present system only (§D9)
            if D9_FLAG not in e.flags:
                e = entry_type(e.lemma, e.pos, e.inflection_class, e.source, e.flags + (D9_FLAG,))
            out.append(e)
            continue
        p = idx.get(e.lemma)
        if p is not None and p.inflection_class == e.inflection_class:
            extra = tuple(f for f in p.flags if f not in e.flags)
            if extra:
                e = entry_type(e.lemma, e.pos, e.inflection_class, e.source, e.flags + extra)
        out.append(e)
    not_added = drop | bases
    for p in sorted(idx.values(), key=lambda p: p.lemma) if add else ():
        if p.inflection_class == LISTED:
            continue  # a listed verb's parts: see listed()
        # only a hand-entered row brings a lemma: an evidence row (infer_parts) decides the
        # parts of a lexicon lemma, and decide_review may since have taken it out (θρομβούμαι)
        if ("manual" in p.source.split("+") and p.lemma not in not_added
                and (p.lemma, p.inflection_class) not in have):
            out.append(entry_type(p.lemma, "VERB", p.inflection_class, p.source,
                                  tuple(f for f in p.flags if f != "base_only")))
    return out


def listed(rows: list) -> list:
    """The listed rows (``lexicon/irregular.tsv`` …) without the verb cells that a parts row
    of class ``IRR`` governs (μαθαίνω: paor=μαθεύτηκα completes the listed paradigm); the
    parts' forms come from :func:`rows`."""
    idx = cj.parts_index()
    return [r for r in rows if not (r.pos == "V" and r.lemma in idx
                                    and idx[r.lemma].inflection_class == LISTED
                                    and cj.overridden(idx[r.lemma], r.cell))]


def listed_lemmas() -> set[str]:
    """Lemmas whose parts row is for their listed paradigm (class ``IRR``)."""
    return {lm for lm, p in cj.parts_index().items() if p.inflection_class == LISTED}


def _forms(p: cj.Parts):
    return cj.forms(p, load_tables().get(p.inflection_class))


def _d1_of_parts(lemma: str, p: cj.Parts):
    """Predicate ``(cell, form, part key) -> bool``: does this form of ``p``'s parts take
    §D1's optional unstressed augment ε- (επέρασα, εγράψαμε, επείθαμε; the passive aorist
    in every person, as the class tables' has it: εδέθηκε, εγραφτήκαμε)?"""
    # each aorist with its subjunctive, as cj.forms pairs them (φύτεψα/φυτέψω, φύτευσα/φυτεύσω)
    d1 = [a for a, s in zip(p.parts.get("aor", ()), cj.aorist_subjunctives(p.parts))
          if cj.unaugmented(lemma, a, s)]
    present = lemma if lemma.endswith("ω") else None  # the imperfect's stem (cj.forms)
    d1_ipf = [a for a in p.parts.get("ipf", ()) if cj.unaugmented(lemma, a, present)]
    # consonant-initial, with an aorist that takes §D1 too (not συνέδεσα's internal one)
    d1_paor = lemma[:1] not in cj.VOWELS_WITH_STRESSED and (bool(d1) or "aor" not in p.parts)
    # the unaccented stems of those variants, less a stressed syllabic augment (έγραψα: the
    # forms without it, εγράψαμε): only their forms take it, not those of an augmented
    # variant beside them (παρήγγειλα beside παράγγειλα)
    stems = {k: tuple(alphabet.plain(a[1:-1] if a[:1] == "έ" else a[:-1]) for a in v)
             for k, v in (("aor", d1), ("ipf", d1_ipf))}

    def takes(cell: str, form: str, key: str) -> bool:
        if not cell.startswith("V;IND;PST;"):
            return False
        return (((d1 and key == "aor") or (d1_ipf and key == "ipf")) and form[:1] != "έ"
                and alphabet.plain(form).startswith(stems[key])) or (
            d1_paor and key == "paor" and form[:1] not in "εέ"
            and not d2.has_internal_augment(form, lemma))  # εδέθηκε, εγραφτήκαμε (§D1)
    return takes


def rows(listed_type, lemmas: set[str], internal=None, learned=None) -> list:
    """Listed rows (``listed_type(lemma, pos, class, cell, form, weight, citation)``) of the
    parts of the verbs among ``lemmas``, with the §D2 internal-augment forms of verbs of
    ``internal`` (lemma → d2 Entry; mode ``only`` drops the plain form where the augment is
    stressed) and the §D3 learned passive aorist of ``learned`` (lemma → its listed 1st
    singular, conjugated by ``d3_learned_aorist.forms``)."""
    internal = internal or {}
    learned = learned or {}
    out = []
    for lemma, p in sorted(cj.parts_index().items()):
        if lemma not in lemmas or "base_only" in p.flags:
            continue
        ia = internal.get(lemma)
        takes_d1 = _d1_of_parts(lemma, p)
        made = _forms(p)
        twins = d2.listed_twins(ia, [(c, f) for c, f, _w, _k in made]) if ia else {}
        for cell, form, w, key in made:
            cit = f"{PART_RULE}{key} (lexicon/verb-parts.tsv)"
            tag = (PART_RULE + key,)
            if takes_d1(cell, form, key):
                out.append(listed_type(lemma, "V", p.inflection_class, cell,
                                       "ε" + form, 5, cit + " §D1", tag + ("D1",)))
            twin = twins.get((cell, form))
            if twin is not None:
                out.append(listed_type(lemma, "V", p.inflection_class, cell, twin[0], 5,
                                       cit + " §D2", tag + ("D2",)))
                if ia.mode == "only" and twin[1]:
                    continue
            out.append(listed_type(lemma, "V", p.inflection_class, cell, form, w, cit, tag))
        if lemma in learned and p.parts.get("paor"):
            # §D3: the listed learned passive aorist beside the stated one, conjugated (a
            # row leaving paor to the class: grammars/rules/d3_learned_aorist.strings)
            cit = f"{PART_RULE}paor (lexicon/learned-aorists.tsv) §D3"
            for cell, form in d3.forms(learned[lemma]):
                out.append(listed_type(lemma, "V", p.inflection_class, cell, form, 5, cit,
                                       (PART_RULE + "paor", "D3")))
    return out


def class_rows(lemma: str, table, skip=lambda cell: False) -> list[tuple[str, str, int]]:
    """``[(cell, form, weight)]`` of ``lemma`` under the class ``table`` as the compiler
    builds its paradigm (:func:`fst.build.compile.cell_variants`): each rule's form and its
    grammar variants (``grammars/variants.tsv``: the §D10 -όμουνα, -ούμουνα of the passive
    imperfect, weight 1), in paradigm order, distinct; the cells of ``skip`` left out."""
    u = ph.underlying(lemma, glides=False)
    lp = ph.plain(u)
    aug = ph.AUG if consonant_initial(lp) else None
    out = []
    for cell in table.cells():
        if skip(cell):
            continue
        for r in table.rules_for(lp, cell):
            if r.strip > len(lp):
                continue
            stem, _ = cut(u, r.strip)
            a = aug if r.aug else None
            for e, d, w in [(r.ending, r.directive, r.weight)] + variants_of(table.code, r):
                form = ph.realise(stem, e, d, a)
                if form:
                    out.append((cell, form, w))
    return list(dict.fromkeys(out))


def class_d1(lemma: str, table, skip=lambda cell: False) -> set[tuple[str, str]]:
    """(cell, form) of :func:`class_rows` that take §D1's optional unstressed augment ε- in
    the compiler (the ``[AUG1]`` slot of a consonant-initial verb, where the augment is not
    stressed: κάλεσα → εκάλεσα, καλέσαμε → εκαλέσαμε; not έγραψα)."""
    u = ph.underlying(lemma, glides=False)
    lp = ph.plain(u)
    if not consonant_initial(lp):
        return set()
    out = set()
    for cell in table.cells():
        if skip(cell):
            continue
        for r in table.rules_for(lp, cell):
            if not r.aug or r.strip > len(lp):
                continue
            stem, _ = cut(u, r.strip)
            for e, d, _w in [(r.ending, r.directive, r.weight)] + variants_of(table.code, r):
                if ph.realise(stem, e, d, ph.AUG_D1):
                    out.add((cell, ph.realise(stem, e, d, ph.AUG)))
    return out


def base_d1() -> dict[str, set[tuple[str, str]]]:
    """lemma → the (cell, form) of its :func:`base_rows` that take §D1's optional ε- (the
    class's :func:`class_d1`, the parts' as :func:`rows` makes them): a compound's form made
    from one takes it too where it starts with a consonant (κάλεσα, εκάλεσα → συγκάλεσα,
    εσυγκάλεσα: ``grammars/compounds.py``)."""
    tables = load_tables()
    out = {}
    for lemma, p in sorted(cj.parts_index().items()):
        table = tables.get(p.inflection_class)
        if table is None:
            continue
        takes = _d1_of_parts(lemma, p)
        out[lemma] = class_d1(lemma, table, lambda cell, p=p: cj.overridden(p, cell)) | {
            (c, f) for c, f, _w, k in _forms(p) if takes(c, f, k)}
    return out


def base_rows() -> dict[str, list[tuple[str, str, int]]]:
    """lemma → ``[(cell, form, weight)]``: the whole paradigm of every parts verb (the class's
    present system and whatever the parts leave to it, with the class's grammar variants:
    :func:`class_rows`; then the parts' forms), as ``grammars/compounds.py`` reads a base:
    a compound inherits the base's -ούμουνα (§D10) as it inherits its parts."""
    tables = load_tables()
    out = collections.defaultdict(list)
    for lemma, p in sorted(cj.parts_index().items()):
        table = tables.get(p.inflection_class)
        if table is None or "own_only" in p.flags:  # γράφω: its parts are its own
            continue
        out[lemma] += class_rows(lemma, table, lambda cell, p=p: cj.overridden(p, cell))
        out[lemma] += [(c, f, w) for c, f, w, _k in _forms(p)]
    return dict(out)


def compound_bases() -> dict[str, list[tuple[str, str, int]]]:
    """lemma → ``[(cell, form, weight)]`` of every verb a compound record can take as its base,
    as ``scripts/pipeline/import_compounds.py`` reads them: a listed verb of ``irregular.tsv``,
    else a parts verb's whole paradigm (:func:`base_rows`)."""
    rows = collections.defaultdict(list)
    for r in read_listed(("irregular.tsv",)):
        if r.pos == "V":
            rows[r.lemma].append((r.cell, r.form, r.weight))
    for lemma, brows in base_rows().items():
        rows.setdefault(lemma, brows)
    return rows


def base_class(lemma: str):
    """(class table, predicate of the cells its parts state) of the parts verb ``lemma``, as
    :func:`base_rows` reads it, or None if it has no parts row or its class no table: the
    cells a compound of it takes from the class (:func:`grammars.compounds.record_forms`)."""
    p = cj.parts_index().get(lemma)
    table = load_tables().get(p.inflection_class) if p is not None else None
    if table is None:
        return None
    return table, lambda cell: cj.overridden(p, cell)


def own_override(lemma: str, derived: list, listed_type) -> list:
    """A compound's rows (listed rows made from its base) with the systems its own parts row
    states replaced by its parts' forms (καταστρέφω: ppp=κατεστραμμένος)."""
    p = cj.parts_index().get(lemma)
    if p is None:
        return derived
    cls = derived[0].inflection_class if derived else "IRR"
    out = [r for r in derived if not cj.overridden(p, r.cell)]
    for cell, form, w, key in _forms(p):
        out.append(listed_type(lemma, "V", cls, cell, form, w,
                               f"{PART_RULE}{key} (lexicon/verb-parts.tsv)", (PART_RULE + key,)))
    return out


def apply(lex):
    """The :class:`lexicon.Lexicon` ``lex`` with the parts applied: its lemma rows by
    :func:`entries` (rows added only for the shipped lexicon, whose lemma files are all
    read: ``lex.files`` holds more than one lemmas file), its listed rows by :func:`listed`.
    Raises ValueError naming file and line for a ``compounds.tsv`` or ``spellings.tsv`` row
    the grammar cannot use (:func:`grammars.compounds.check_records`,
    :func:`grammars.rules.e4_spellings.check_pairs`)."""
    # the rows the lexicon reads without the grammar's knowledge, checked by the grammar
    compounds.check_records(lex.compounds)
    e4.check_pairs(lex.spellings)
    add = sum(1 for f in lex.files if f.name.startswith("lemmas")) > 1
    return dataclasses.replace(lex, lemmas=tuple(entries(list(lex.lemmas), type(
        lex.lemmas[0]) if lex.lemmas else None, add=add and bool(lex.lemmas))),
        listed=tuple(listed(list(lex.listed))))
