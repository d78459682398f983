"""Compile a :class:`lexicon.Lexicon` × the grammars into the analyser and the tile acceptor.

:func:`build` returns the FSTs and the tag table; :mod:`fst.cache` stores them with the look-up
arrays. An analysis string is ``lemma + CLASS + CELL + RULE*`` where CLASS, CELL and RULE are
single private-use code points of the tag table (:mod:`fst.tags`).
"""
from __future__ import annotations

import collections
import sys

import lexicon as lx
from grammars import compounds, defective
from grammars import phonology as ph
from grammars.paradigm import consonant_initial, cut, load_tables, variants_of
from grammars.rules import (aw_present, b3_xana, b6_degree, b7_loans, b9_simo, d1_augment,
                            d2_internal_augment, d3_learned_aorist, d4_aga, d7_ome, d9_present,
                            e4_spellings, e5_diminutives, l23_short)
from lexicon import SURFACE_LETTERS, LexEntry, Lexicon, ListedForm

from . import anatable
from .tags import TagTable

# weights by variant kind: main 0, alt 1, colloq/learned 2, rare 3, rule-derived 5
RULE_WEIGHT = 5.0
TILE_MAP = {"ά": "Α", "έ": "Ε", "ή": "Η", "ί": "Ι", "ό": "Ο", "ύ": "Υ", "ώ": "Ω",
            "ϊ": "Ι", "ϋ": "Υ", "ΐ": "Ι", "ΰ": "Υ", "ς": "Σ"}



def cell_variants(code, cell, rule):
    """(ending, directive, aug symbol, weight, rule ids) for one paradigm rule, its grammar
    variants (grammars/variants.tsv) and the regulation layers on each of them."""
    aug = ph.AUG if rule.aug else None
    bases = [(rule.ending, rule.directive, float(rule.weight))]
    bases += [(e, d, float(w)) for e, d, w in variants_of(code, rule)]
    out = []
    for ending, directive, weight in bases:
        out.append((ending, directive, aug, weight, ()))
        if cell.startswith("V;"):
            for e, d, a in d1_augment.variants(cell, ending, directive, rule.aug):
                out.append((e, d, a, RULE_WEIGHT, (d1_augment.RULE_ID,)))
    return out


def paradigm_groups(entries, tables, internal=None, silent=None):
    """Group lemmas whose paradigms are built from the same rules (same class, same tail).
    Cells that §E5 bars for a diminutive or augmentative are left out of its paradigm, and so
    are the cells where a verb of ``internal`` (§D2, lemma → entry) in mode ``only`` takes the
    stressed internal augment instead (:func:`internal_forms` makes those); a verb flagged
    ``present_only`` keeps its present-stem cells alone (§D9), one flagged ``no_aw`` loses the
    -άω alternant of its -ώ present and so its §D4 -αγα imperfect (grammars/rules/aw_present.py).
    A plural-only noun or an impersonal verb takes its cells from its base (grammars/defective.py).
    Rows that produce no form (no table, or no rule of their class fits the lemma) are appended
    to the list ``silent`` when one is given."""
    groups = collections.defaultdict(list)
    bases = e5_diminutives.base_index(e.lemma for e in entries)
    internal = internal or {}
    for e in entries:
        table = tables.get(e.inflection_class)
        if table is None:
            if silent is not None:
                silent.append(e)
            continue
        # a plural-only noun or an impersonal verb is inflected from its base (defective.py)
        base, mark = e.lemma, None
        if not defective.cites(e.lemma, e.pos, table):
            found = defective.base_of(e.lemma, e.pos, table)
            if found:
                base, mark = found
        lu = ph.underlying(base, glides=False)
        lp = ph.plain(lu)
        chosen = []
        bar = e5_diminutives.barred(e.lemma, bases) if e.inflection_class[0] == "O" else None
        ia = internal.get(e.lemma) if e.inflection_class[0] == "P" else None
        only = d2_internal_augment.only_cells(ia, table) if ia else frozenset()
        present_only = d9_present.FLAG in e.flags
        no_aw = aw_present.FLAG in e.flags
        for cell in table.cells():
            if (bar and bar(cell)) or cell in only or (
                    present_only and not d9_present.keeps(cell)) or (
                    mark and not defective.keeps(cell, mark)):
                continue
            rules = tuple(r for r in table.rules_for(lp, cell) if r.strip <= len(lp)
                          and not (no_aw and aw_present.is_alternant(cell, r)))
            chosen.append((cell, rules))
        if silent is not None and not any(rs for _, rs in chosen):
            silent.append(e)
        kmax = max((r.strip for _, rs in chosen for r in rs), default=0)
        stem, tail = cut(lu, kmax)
        ci = consonant_initial(lp)
        groups[(e.inflection_class, tail, ci, tuple(chosen))].append((e.lemma, stem))
    return groups


def build(lex: Lexicon | None = None, progress: bool = True):
    """Build (analyser, tiles, tile2surface, tag table) from ``lex`` (default: the shipped
    lexicon, :func:`lexicon.load`) and the grammars.

    Raises ValueError for a lexicon row the grammar cannot use (a §D3 learned aorist the
    rule does not derive)."""
    import pynini
    from tqdm import tqdm

    lex = lx.load() if lex is None else lex
    tags = TagTable()
    entries = list(lex.lemmas)
    tables = load_tables()
    internal = dict(lex.internal_augment)
    silent: list[LexEntry] = []
    groups = paradigm_groups(entries, tables, internal, silent)
    if silent:  # no silent loss: a row whose class gives it no form is reported (issue 12)
        print(f"dektes: {len(silent)} lexicon rows produce no form (class without a rule for "
              "the lemma): " + ", ".join(f"{e.lemma} {e.inflection_class}" for e in silent[:20])
              + (" …" if len(silent) > 20 else ""), file=sys.stderr)
    with pynini.default_token_type("utf8"):
        cascade = ph.cascade()
        pieces = []
        for (code, tail, ci, chosen), members in tqdm(
                sorted(groups.items(), key=lambda kv: repr(kv[0])), desc="paradigms",
                unit="group", disable=not progress, file=sys.stderr):
            csym = tags.char("class", code)
            by_aug = collections.defaultdict(list)
            d4_items, b6_items = [], []

            def add(bucket, cell, retained, variants, extra_rules=()):
                for e, d, a, w, rids in variants:
                    if a is not None and not ci:
                        if a == ph.AUG_D1:
                            continue
                        a = None
                    ana = csym + tags.char("cell", cell) + "".join(
                        tags.char("rule", x) for x in rids + extra_rules)
                    bucket(a).append((ana, ph.encode(retained, e, d), w))

            for cell, rules in chosen:
                for r in rules:
                    retained, _ = cut(tail, r.strip)
                    add(lambda a: by_aug[a], cell, retained, cell_variants(code, cell, r))
                    if cell == "ADJ;MASC;NOM;SG":  # §B6: -ότερος, -ότατος
                        for c6, e6 in b6_degree.cells(r.ending):
                            add(lambda a: b6_items, c6, retained,
                                [(e6, "ANT", None, RULE_WEIGHT, ())], (b6_degree.RULE_ID,))
                    if cell == d4_aga.PRESENT_CELL:  # §D4: -αγα beside an -άω present
                        for c4, e4 in d4_aga.cells(r.ending):
                            v = [(e4, "ANT", None, RULE_WEIGHT, ())]
                            v += [(e, d, a, RULE_WEIGHT, (d1_augment.RULE_ID,)) for e, d, a in
                                  d1_augment.variants(c4, e4, "ANT", False)]
                            add(lambda a: d4_items, c4, retained, v, (d4_aga.RULE_ID,))
            lemma_map = _lemma_map(members)
            for a, items in sorted(by_aug.items(), key=lambda kv: str(kv[0])):
                pieces.append(_piece(lemma_map, items, a))
            if b6_items:
                ok = [(lm, st) for lm, st in members
                      if b6_degree.allowed(lm, code, lex.no_comparison, lex.graded)]
                if ok:
                    pieces.append(_piece(_lemma_map(ok), b6_items, None))
            if d4_items:
                ok = [(lm, st) for lm, st in members if lm not in d4_aga.EXCLUDED_LEMMAS]
                if ok:
                    pieces.append(_piece(_lemma_map(ok), d4_items, None))
            # §B3 as a compound: ξανα- takes the verb's augment logic (ξανάγραψα, εξανάγραψα)
            if code.startswith("P") and ci:
                xs = [(lm, b3_xana.PREFIX + st) for lm, st in members if b3_xana.takes_xana(lm)]
                bsym = tags.char("rule", b3_xana.RULE_ID)
                for a in (ph.AUG, ph.AUG_D1):
                    if xs and by_aug.get(a):
                        items = [(ana + bsym, u, max(w, RULE_WEIGHT)) for ana, u, w in by_aug[a]]
                        pieces.append(_piece(_lemma_map(xs), items, a))
        if progress:
            print("dektes: composing with the stress cascade …", file=sys.stderr)
        gen = pynini.union(*pieces).optimize()
        gen = pynini.compose(gen, cascade).optimize()
        # §D3 and §E4 twins are read off the paradigms' generator; they, §E2, §D2 and the
        # listed paradigms then join it in one union (each union + optimize of the whole
        # generator costs seconds), before §D7 and §B3, which reach all of their forms
        gen.arcsort("ilabel")
        extra = [t for t in (_d3_twins(gen, tags, {e.lemma for e in entries},
                                       lex.learned_aorists),
                             _e4_twins(gen, tags, entries, lex.spellings)) if t is not None]
        # §E2 hidden words: the federation's list, only the printed forms (tile form given)
        hidden = [w for w in lex.hidden_words
                  if not b9_simo.barred(w)]  # §B9 outranks a set phrase (ΠΛΥΣΙΜΟΥ)
        if hidden:
            esym = tags.char("class", "E2") + tags.char("cell", "HIDDEN") + tags.char("rule", "E2")
            extra.append(pynini.string_map(
                [(pynini.escape(w + esym), w, str(RULE_WEIGHT)) for w in hidden]))
        # §D2: the internal augment of learned compound verbs (lexicon/internal-augment.tsv)
        # and the hand-entered paradigms (irregular core, closed classes, compounds)
        listed_rows = list(lex.listed)
        strings = internal_forms(entries, tables, internal, tags)
        strings += listed_forms(listed_rows + compound_rows(listed_rows, entries, lex.compounds),
                                tags)
        # §L23: the federation's 2–3 letter words that no lemma gives, with the file's analysis
        short = list(lex.short_words)
        if short:
            made = _short_tiles(gen, short) | {_to_tile(w) for w in hidden}
            made |= {_to_tile(f) for _, f, _ in strings}
            strings += short_word_forms(short, made, tags)
        if strings:
            extra.append(pynini.string_map(
                [(pynini.escape(ana), form, str(w)) for ana, form, w in strings]))
        if extra:
            gen = pynini.union(gen, *extra).optimize()
        # §D7: -ομε beside unstressed -ουμε, on the surface
        gen = _add_d7(gen, tags)
        gen = _add_b3(gen, tags)
        analyser = pynini.invert(gen).optimize()
        analyser.arcsort("ilabel")
        _check_surface_alphabet(analyser)
        surfaces = pynini.project(analyser, "input").rmepsilon()
        surfaces = pynini.determinize(_unweight(surfaces)).minimize()
        tile_map = _tile_map()
        t2s = pynini.compose(pynini.invert(tile_map), surfaces).optimize()
        t2s.arcsort("ilabel")
        tiles = pynini.project(t2s, "input").rmepsilon()
        if short:  # §L23: at 2–3 letters, the federation's list and nothing else
            tiles = _only_short_words(tiles, {w.word for w in short})
        # §A4 rulings, the last layer: accepted words join, rejected words leave the language
        rulings = lex.rulings
        yes = [w for w, (ok, _) in sorted(rulings.items()) if ok]
        no = [w for w, (ok, _) in sorted(rulings.items()) if not ok]
        if yes:
            tiles = pynini.union(tiles, pynini.string_map(yes)).rmepsilon()
        tiles = pynini.determinize(tiles).minimize()
        if no:
            tiles = pynini.difference(tiles, pynini.string_map(no).optimize())
            tiles = pynini.determinize(tiles.rmepsilon()).minimize()
        tiles.arcsort("ilabel")
    return analyser, tiles, t2s, tags


def _to_tile(form: str) -> str:
    return "".join(TILE_MAP.get(c, c.upper()) for c in form)


def _short_tiles(gen, short) -> set[str]:
    """Tile forms of ``short`` (§L23 words) that the generator ``gen`` makes."""
    import pynini
    words = pynini.string_map(sorted({w.word for w in short}))
    accented = pynini.project(pynini.compose(words, pynini.invert(_tile_map())),
                              "output").optimize()
    made = pynini.project(pynini.compose(gen, accented), "output").optimize()
    return {_to_tile(s) for _, s, _ in anatable.fst_paths(made)}


def short_word_forms(short, made: set[str], tags: TagTable) -> list[tuple[str, str, float]]:
    """(analysis string, surface form, weight) of the §L23 words whose tile form is not in
    ``made`` (no lemma of the lexicon gives them): the file's lemma, INDECL|FORM, POS, §L23."""
    rid = tags.char("rule", l23_short.RULE_ID)
    return [(w.lemma + tags.char("class", w.inflection_class) + tags.char("cell", w.cell) + rid,
             w.form, 0.0) for w in short if w.word not in made]


def _only_short_words(tiles, words: set[str]):
    """``tiles`` without its 2–3 letter strings that are not in ``words`` (§L23)."""
    import pynini
    sigma = pynini.union(*sorted(set("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")))
    short = pynini.compose(tiles, pynini.closure(sigma, 2, 3)).optimize()
    extra = sorted({s for s, _, _ in anatable.fst_paths(short)} - words)
    if not extra:
        return tiles
    return pynini.difference(tiles, pynini.string_map(extra).optimize()).rmepsilon()


def internal_forms(entries, tables, internal, tags) -> list[tuple[str, str, float]]:
    """(analysis string, surface form, weight) of the §D2 internal-augment forms of the verbs
    of ``internal`` (lemma → ``d2_internal_augment.Entry``), for each class the lemma has."""
    out = []
    for e in entries:
        ia = internal.get(e.lemma)
        table = tables.get(e.inflection_class)
        if ia is None or table is None or e.inflection_class[0] != "P":
            continue
        head = e.lemma + tags.char("class", e.inflection_class)
        for cell, form, rids in d2_internal_augment.forms(ia, table):
            out.append((head + tags.char("cell", cell)
                        + "".join(tags.char("rule", r) for r in rids), form, RULE_WEIGHT))
    return sorted(set(out))


def compound_rows(rows: list[ListedForm], entries=(), records=None) -> list[ListedForm]:
    """Listed rows of the compound verbs of ``lexicon/compounds.tsv`` (grammars/compounds.py),
    made from their base's rows among ``rows``; a lemma the lexicon ``entries`` inflect is
    skipped. Citations name the base, ``rules`` the rule (§D2 internal/kept augment, §D1
    external)."""
    bases = collections.defaultdict(list)
    for r in rows:
        if r.pos == "V" and not r.printed_only:
            bases[r.lemma].append((r.cell, r.form, r.weight))
    known = {e.lemma for e in entries}
    out = []
    for rec in (compounds.read_records() if records is None else records):
        if rec.lemma in known or rec.base not in bases:
            continue
        for cell, form, w, rids in compounds.record_forms(rec, bases[rec.base]):
            cit = f"compound of {rec.base} (grammars/compounds.py)" + "".join(
                f" §{r}" for r in rids)
            out.append(ListedForm(rec.lemma, "V", "IRR", cell, form, w, cit, tuple(rids)))
    return out


def listed_forms(rows: list[ListedForm], tags: TagTable) -> list[tuple[str, str, float]]:
    """(analysis string, surface form, weight) of the listed paradigms, with the rule layers
    that apply to listed forms: the row's ``rules`` (§B7 for loans),
    the §B7 -ιγκ/-ινγκ doublet of indeclinable loans, §D1 and the §B3 compound (ξανάφαγα,
    εξανάφαγα) on hand-entered verbs (not on §E1 printed forms)."""
    out = []
    verbs = collections.defaultdict(list)
    for r in rows:
        head = r.lemma + tags.char("class", r.inflection_class) + tags.char("cell", r.cell)
        rids = "".join(tags.char("rule", x) for x in r.rules)
        out.append((head + rids, r.form, float(r.weight)))
        doublet = b7_loans.gerund_doublet(r.form) if r.inflection_class == b7_loans.CLASS else None
        if doublet:
            out.append((head + tags.char("rule", b7_loans.RULE_ID), doublet, RULE_WEIGHT))
        if r.cell.startswith("V;") and not r.printed_only:
            verbs[(r.lemma, r.inflection_class)].append((r.cell, r.form))
    d1 = tags.char("rule", d1_augment.RULE_ID)
    for (lemma, code), forms in sorted(verbs.items()):
        head = lemma + tags.char("class", code)
        for cell, form in d1_augment.listed_variants(forms):
            out.append((head + tags.char("cell", cell) + d1, form, RULE_WEIGHT))
        for cell, form, rids in b3_xana.listed_compounds(lemma, forms):
            out.append((head + tags.char("cell", cell)
                        + "".join(tags.char("rule", r) for r in rids), form, RULE_WEIGHT))
    return out


def _check_surface_alphabet(analyser) -> None:
    """Every surface symbol must be a Greek letter: a stray mark or directive means a bug in
    the cascade, and it must stop the build rather than leak into the language."""
    bad = set()
    for state in analyser.states():
        for arc in analyser.arcs(state):
            if arc.ilabel and chr(arc.ilabel) not in SURFACE_LETTERS:
                bad.add(arc.ilabel)
    if bad:
        raise RuntimeError("surface side has non-letters: "
                           + ", ".join(repr(chr(c)) if c < 0x110000 else str(c) for c in sorted(bad)))


def _lemma_map(members):
    import pynini
    return pynini.string_map(
        [(pynini.escape(lm), pynini.escape(st)) for lm, st in members]).optimize()


def _piece(lemma_map, items, aug):
    """lemma → stem, then analysis tags → underlying ending; ``aug`` slot in front."""
    import pynini
    endings = pynini.string_map(
        [(pynini.escape(ana), _esc_under(under), str(w)) for ana, under, w in items]).optimize()
    piece = pynini.concat(lemma_map, endings)
    if aug is not None:
        piece = pynini.concat(pynini.cross("", aug), piece)
    return piece


def _esc_under(s: str) -> str:
    """Escape letters of an underlying string but keep its bracketed symbols."""
    import re
    return "".join(p if p.startswith("[") else pynini_escape(p)
                   for p in re.split(r"(\[[^\]]+\])", s) if p)


def pynini_escape(s: str) -> str:
    import pynini
    return pynini.escape(s)


def _unweight(f):
    import pynini
    return pynini.arcmap(f, map_type="rmweight")


def _tile_map():
    """Accented lower-case surface → tile form (24 capitals, ς → Σ), one letter at a time."""
    import pynini
    pairs = [(c, TILE_MAP.get(c, c.upper())) for c in "αβγδεζηθικλμνξοπρστυφχψω"]
    pairs += list(TILE_MAP.items())
    return pynini.string_map(pairs).closure().optimize()


def _add_d7(gen, tags):
    """§D7 on the surface: a 1st-plural form in unstressed -ουμε gets a twin in -ομε."""
    import pynini
    letters = [c for c in "αβγδεζηθικλμνξοπρστυφχψωϊϋςάέήίόύώΐΰ"]
    sigma = pynini.union(*letters).closure()
    rewrite = pynini.concat(sigma, pynini.cross(d7_ome.SOURCE_ENDING, d7_ome.TARGET_ENDING))
    cells = [c for (kind, c) in tags.by_char.values() if kind == "cell" and d7_ome.applies(c)]
    if not cells:
        return gen
    any_char = pynini.union(*[pynini.escape(chr(i)) for i in range(0x3b1, 0x3ca)] +
                            [pynini.escape(c) for c in "άέήίόύώϊϋΐΰς"] +
                            [tags.by_tag[k] for k in tags.by_tag]).closure()
    cell_syms = pynini.union(*[tags.char("cell", c) for c in cells])
    # analysis side must contain a 1st-plural cell; append the rule symbol. Both filters are
    # optimised first: the raw closure of a big union has a state per symbol, and composing
    # it with the generator multiplied the states (minutes and gigabytes)
    ana_filter = (any_char + cell_syms + any_char).optimize()
    twin = pynini.compose(pynini.compose(ana_filter, gen), rewrite.optimize())
    twin = pynini.concat(twin, pynini.cross(tags.char("rule", d7_ome.RULE_ID), ""))
    twin = pynini.concat(twin, pynini.accep("", weight=RULE_WEIGHT))
    return pynini.union(gen, twin).optimize()


def _d3_twins(gen, tags, lemmas, learned_aorists):
    """§D3: (analysis → surface) of the learned twin (παίχθηκα) of every demotic aorist passive form (παίχτηκα,
    παιχτούνε, παιχτεί) of the verbs ``lexicon/learned-aorists.tsv`` lists, of those among
    ``lemmas`` (the lexicon being built); None if there is none.

    Raises ValueError when a listed learned aorist is not what the rule makes of the verb's
    own paradigm (a wrong lemma or a typo in the file)."""
    import pynini
    listed = {lm: f for lm, f in learned_aorists.items() if lm in lemmas}
    cells = [c for (kind, c) in tags.by_char.values()
             if kind == "cell" and d3_learned_aorist.applies(c)]
    if not listed or not cells:
        return None
    sigma = _analysis_sigma(tags)
    keep = pynini.concat(pynini.union(*[pynini.escape(lm) for lm in sorted(listed)]),
                         pynini.union(*[c for k, c in tags.by_tag.items()
                                        if k.startswith("class:")]))
    keep = (keep + pynini.union(*[tags.char("cell", c) for c in cells]) + sigma).optimize()
    dsym = tags.char("rule", d3_learned_aorist.RULE_ID)
    items, made = [], set()
    for ana, surface, w in anatable.fst_paths(pynini.compose(keep, gen).optimize()):
        form = d3_learned_aorist.learned(surface)
        if form:
            items.append((ana + dsym, form, max(w, RULE_WEIGHT)))
            made.add(form)
    missing = sorted(f"{lm} {f}" for lm, f in listed.items() if f not in made)
    if missing:
        raise ValueError("lexicon/learned-aorists.tsv: §D3 does not derive " + ", ".join(missing))
    return pynini.string_map([(pynini.escape(a), f, str(w)) for a, f, w in items])


def _e4_twins(gen, tags, entries, spellings):
    """§E4 on the surface, (analysis → surface) of the twins, None if none: every form of a lemma that a double-spelling stem reaches
    (grammars/rules/e4_spellings.py) gets a twin with the other spelling at the same place,
    same analysis plus §E4, weight + VARIANT_WEIGHT."""
    import pynini
    ext = e4_spellings.extensions((e.lemma for e in entries), list(spellings))
    if not ext:
        return None
    tag_sigma = pynini.union(*sorted(tags.by_tag.values())).closure()
    surf = _surface_sigma()
    acc = {"α": "ά", "ε": "έ", "η": "ή", "ι": "ί", "ο": "ό", "υ": "ύ", "ω": "ώ", "ϊ": "ΐ",
           "ϋ": "ΰ"}
    groups = collections.defaultdict(list)
    for x in ext:  # forms keep the letters before the alternation, stress aside
        groups[(e4_spellings.plain(x.lemma[:x.position]), x.source, x.target)].append(x.lemma)
    lemmas_ana = (pynini.string_map([pynini.escape(lm) for lm in sorted({x.lemma for x in ext})])
                  + tag_sigma).optimize()
    subset = pynini.compose(lemmas_ana, gen).optimize()
    twins = []
    for (prefix, src, dst), lemmas in sorted(groups.items()):
        keep = pynini.accep("")
        for c in prefix:
            keep += pynini.union(c, acc[c]) if c in acc else pynini.accep(c)
        swap = pynini.union(*[pynini.cross(a, b)
                              for a, b in e4_spellings.accented_pairs(src, dst)])
        rewrite = (keep + swap + surf).optimize()
        ana = (pynini.string_map([pynini.escape(lm) for lm in sorted(lemmas)])
               + tag_sigma).optimize()
        twins.append(pynini.compose(pynini.compose(ana, subset), rewrite))
    twin = pynini.union(*twins)
    twin = pynini.concat(twin, pynini.cross(tags.char("rule", e4_spellings.RULE_ID), ""))
    twin = pynini.concat(twin, pynini.accep("", weight=e4_spellings.VARIANT_WEIGHT))
    return twin


def _analysis_sigma(tags, exclude=()):
    import pynini
    letters = [chr(i) for i in range(0x3b1, 0x3ca)] + list("άέήίόύώϊϋΐΰ")
    syms = [c for k, c in tags.by_tag.items() if c not in exclude]
    return pynini.union(*[pynini.escape(c) for c in letters], *syms).closure().optimize()


def _prefixed(prefixes):
    """Acceptor of strings starting with any of ``prefixes``, with or without one accent."""
    import pynini
    acc = {"α": "ά", "ε": "έ", "η": "ή", "ι": "ί", "ο": "ό", "υ": "ύ", "ω": "ώ"}
    forms = set()
    for p in prefixes:
        forms.add(p)
        for i, ch in enumerate(p):
            if ch in acc:
                forms.add(p[:i] + acc[ch] + p[i + 1:])
    return pynini.union(*sorted(forms)).optimize()


def _add_b3(gen, tags):
    """§B3 on the surface: ξανα- before every accepted verb form, unchanged (ΞΑΝΑΕΙΔΑ), and
    ξαν- before α-initial forms of verbs that allow elision (ΞΑΝΑΡΧΙΖΩ)."""
    import pynini
    bsym = tags.char("rule", b3_xana.RULE_ID)
    sigma = _analysis_sigma(tags, exclude=(bsym,))
    verb_cells = [c for (kind, c) in tags.by_char.values()
                  if kind == "cell" and c.startswith("V")]
    any_tail = pynini.union(*[tags.char("cell", c) for c in verb_cells]) + sigma
    barred = pynini.difference(
        pynini.concat(_prefixed(b3_xana.BARRED_PREFIXES), sigma),
        pynini.concat(_prefixed(b3_xana.NON_REPETITIVE_EPAN), sigma))
    if "rule:E1" in tags.by_tag:  # §E1 printed forms take no ξανα-
        barred = pynini.union(barred, sigma + tags.char("rule", "E1") + sigma)
    verb_ana = pynini.difference(sigma + any_tail, barred.optimize()).optimize()
    verbs = pynini.compose(verb_ana, gen)
    mark = pynini.cross(bsym, "") + pynini.accep("", weight=RULE_WEIGHT)
    full = pynini.concat(pynini.cross("", b3_xana.PREFIX), verbs) + mark
    no_elide = pynini.union("αι", "αί") + sigma
    elide_ana = pynini.difference(pynini.accep("α") + sigma, no_elide).optimize()
    elided = pynini.compose(pynini.compose(elide_ana, verbs),
                            pynini.union("α", "ά") + _surface_sigma())
    elided = pynini.concat(pynini.cross("", b3_xana.ELIDED), elided) + mark
    return pynini.union(gen, full, elided).optimize()


def _surface_sigma():
    import pynini
    return pynini.union(*sorted(SURFACE_LETTERS)).closure().optimize()
