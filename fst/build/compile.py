"""Compile a :class:`lexicon.Lexicon` × the grammars into the analyser and the tile acceptor.

:func:`build` returns the FSTs and the tag table; :mod:`fst.store` stores them with the look-up
arrays. An analysis string is ``lemma + CLASS + CELL + RULE*`` where CLASS, CELL and RULE are
single private-use code points of the tag table (:mod:`fst.build.tags`).
"""
from __future__ import annotations

import collections
import sys

import lexicon as lx
from grammars import compounds, defective, rules, verb_parts
from grammars import phonology as ph
from grammars.alphabet import LETTERS, SURFACE_LETTERS, TILE_MAP
from grammars.cells import Cell
from grammars.paradigm import consonant_initial, cut, load_tables, variants_of
from grammars.rules import RULE_WEIGHT
from lexicon import Lexicon, ListedForm

from fst.build import phases
from fst.build.tags import TagTable


def cell_variants(code, cell, rule):
    """(ending, directive, aug symbol, weight, rule ids) for one paradigm rule, its grammar
    variants (grammars/variants.tsv) and the ``variants`` layers on each of them (§D1)."""
    aug = ph.AUG if rule.aug else None
    bases = [(rule.ending, rule.directive, float(rule.weight))]
    bases += [(e, d, float(w)) for e, d, w in variants_of(code, rule)]
    layers = [(x.rule_id, x.hooks["variants"]) for x in rules.at("variants")]
    out = []
    for ending, directive, weight in bases:
        out.append((ending, directive, aug, weight, ()))
        for rid, variants in layers:
            for e, d, a in variants(cell, ending, directive, rule.aug):
                out.append((e, d, a, RULE_WEIGHT, (rid,)))
    return out


def paradigm_groups(entries, tables, ctx: rules.Context | None = None, silent=None):
    """Group lemmas whose paradigms are built from the same rules (same class, same tail),
    after the ``cells`` layers have dropped cells or rules of each lemma's paradigm (§E5
    diminutives, §D2 mode ``only``, §D9 ``present_only``, §D4 ``no_aw``), and the cells a
    verb's stated principal parts govern (lexicon/verb-parts.tsv; grammars/verb_parts.py makes
    those). ``ctx`` defaults to a context whose lexicon holds ``entries`` alone. A
    plural-only noun or an impersonal verb takes its cells from its base (grammars/defective.py). Rows that produce no form (no
    table, or no rule of their class fits the lemma) are appended to the list ``silent`` when
    one is given."""
    ctx = ctx or rules.Context(Lexicon(lemmas=tuple(entries)), tables, None)
    filters = [x.hooks["cells"] for x in rules.at("cells")]
    groups = collections.defaultdict(list)
    parts = verb_parts.parts_by_lemma()
    for e in entries:
        table = tables.get(e.inflection_class)
        if table is None:
            if silent is not None:
                silent.append(e)
            continue
        # a plural-only noun or an impersonal verb is inflected from its base (defective.py)
        base, mark = e.lemma, None
        if not defective.cites(e.lemma, e.pos, table):
            found_base = defective.base_of(e.lemma, e.pos, table)
            if found_base:
                base, mark = found_base
        lu = ph.underlying(base, glides=False)
        lp = ph.plain(lu)
        chosen = []
        found = [f for f in (make(e, table, ctx) for make in filters) if f is not None]
        drop_cell = [f.drop_cell for f in found if f.drop_cell]
        pr = parts.get(e.lemma)
        if pr is not None and pr.inflection_class == e.inflection_class:
            drop_cell.append(lambda cell, pr=pr: verb_parts.cj.overridden(pr, cell))
        drop_rule = [f.drop_rule for f in found if f.drop_rule]
        for cell in table.cells():
            if any(drop(cell) for drop in drop_cell) or (mark and not defective.keeps(cell, mark)):
                continue
            kept = tuple(r for r in table.rules_for(lp, cell) if r.strip <= len(lp)
                         and not any(drop(cell, r) for drop in drop_rule))
            chosen.append((cell, kept))
        if silent is not None and not any(rs for _, rs in chosen):
            silent.append(e)
        kmax = max((r.strip for _, rs in chosen for r in rs), default=0)
        stem, tail = cut(lu, kmax)
        ci = consonant_initial(lp)
        groups[(e.inflection_class, tail, ci, tuple(chosen), e.marks)].append((e.lemma, stem))
    return groups


def build(lex: Lexicon | None = None, progress: bool = True):
    """Build (analyser, tiles, tile2surface, tag table) from ``lex`` (default: the shipped
    lexicon, :func:`lexicon.load`), the class tables and the layers of
    :data:`grammars.rules.LAYERS`, stage by stage.

    Raises ValueError for a lexicon row the grammar cannot use (a §D3 learned aorist the
    rule does not derive)."""
    import pynini

    phase = phases.enter  # the phases of fst.build.buildctl.PHASES, for its progress display
    phase("reading the lexicon")
    lex = verb_parts.apply(lx.load() if lex is None else lex)
    tags = TagTable()
    tables = load_tables()
    ctx = rules.Context(lex, tables, tags)
    silent: list = []
    groups = paradigm_groups(list(lex.lemmas), tables, ctx, silent)
    if silent:  # no silent loss: a row whose class gives it no form is reported
        print(f"dektes: {len(silent)} lexicon rows produce no form (class without a rule for "
              "the lemma): " + ", ".join(f"{e.lemma} {e.inflection_class}" for e in silent[:20])
              + (" …" if len(silent) > 20 else ""), file=sys.stderr)
    extra_cells = [(x.rule_id, x.hooks["extra cells"]) for x in rules.at("extra cells")]
    compounds_ = [(x.rule_id, x.hooks["compound"]) for x in rules.at("compound")]
    with pynini.default_token_type("utf8"):
        cascade = ph.cascade()
        pieces = []
        phase("paradigms")
        for n_done, ((code, tail, ci, chosen, marks), members) in enumerate(
                sorted(groups.items(), key=lambda kv: repr(kv[0]))):
            phases.step(n_done, len(groups))
            csym = tags.char("class", code)
            by_aug = collections.defaultdict(list)
            extra_items = {rid: collections.defaultdict(list) for rid, _ in extra_cells}

            def add(bucket, cell, retained, variants, extra_rules=()):
                for e, d, a, w, rids in variants:
                    if a is not None and not ci:
                        if a == ph.AUG_D1:
                            continue
                        a = None
                    ana = csym + tags.char("cell", cell) + "".join(
                        tags.char("rule", x) for x in rids + extra_rules + marks)
                    bucket(a).append((ana, ph.encode(retained, e, d), w))

            for cell, kept in chosen:
                for r in kept:
                    retained, _ = cut(tail, r.strip)
                    add(lambda a: by_aug[a], cell, retained, cell_variants(code, cell, r))
                    for rid, hook in extra_cells:  # §B6 -ότερος, §D4 -αγα …
                        if cell == hook.trigger:
                            for c, variants in hook.cells(r.ending):
                                add(lambda a, rid=rid: extra_items[rid][a], c, retained,
                                    variants, (rid,))
            lemma_map = _lemma_map(members)
            for a, items in sorted(by_aug.items(), key=lambda kv: str(kv[0])):
                pieces.append(_piece(lemma_map, items, a))
            for rid, hook in extra_cells:
                if extra_items[rid]:
                    ok = [(lm, st) for lm, st in members if hook.member(lm, code, ctx)]
                    if ok:  # one piece per augment slot (§D4's εκράταγα takes §D1's)
                        for a, items in sorted(extra_items[rid].items(), key=lambda kv: str(kv[0])):
                            pieces.append(_piece(_lemma_map(ok), items, a))
            # prefix compounds take the verb's augment logic (§B3: ξανάγραψα, εξανάγραψα)
            for rid, hook in compounds_:
                xs = hook(tables[code], ci, members)
                if xs is None:
                    continue
                sym = tags.char("rule", rid)
                for a in (ph.AUG, ph.AUG_D1):
                    if xs and by_aug.get(a):
                        items = [(ana + sym, u, max(w, RULE_WEIGHT)) for ana, u, w in by_aug[a]]
                        pieces.append(_piece(_lemma_map(xs), items, a))
        phase("stress cascade")
        gen = pynini.union(*pieces).optimize()
        gen = pynini.compose(gen, cascade).optimize()
        # the ``forms`` layers (§D3 and §E4 twins read off the paradigms' generator, §E2), the
        # ``strings`` hooks (§D2) and the listed paradigms join it in one union (each union +
        # optimize of the whole generator costs seconds), before the ``surface`` layers
        # (§D7, §B3), which reach all of their forms
        gen.arcsort("ilabel")
        phase("form layers and listed forms")
        extra = [t for t in (x.build(gen, ctx) for x in rules.at("forms") if x.build)
                 if t is not None]
        strings = [s for x in rules.at("forms") if "strings" in x.hooks
                   for s in x.hooks["strings"](ctx)]
        listed_rows = list(lex.listed)
        parts_rows = verb_parts.rows(ListedForm, {e.lemma for e in lex.lemmas}
                                     | verb_parts.listed_lemmas(), dict(lex.internal_augment),
                                     lex.learned_aorists)
        main_parts = [r for r in parts_rows if r.weight < RULE_WEIGHT]
        strings += listed_forms(listed_rows + parts_rows + compound_rows(
            listed_rows + main_parts, lex.lemmas, lex.compounds, dict(lex.internal_augment)),
            tags)
        if strings:
            extra.append(pynini.string_map(
                [(pynini.escape(ana), form, str(w)) for ana, form, w in strings]))
        if extra:
            gen = pynini.union(gen, *extra).optimize()
        phase("surface layers")
        surface = rules.at("surface")
        for n_done, x in enumerate(surface):
            phases.step(n_done, len(surface))
            gen = x.build(gen, ctx)
        phase("analyser")
        analyser = pynini.invert(gen).optimize()
        analyser.arcsort("ilabel")
        _check_surface_alphabet(analyser)
        phase("tile acceptor")
        surfaces = pynini.project(analyser, "input").rmepsilon()
        surfaces = pynini.determinize(_unweight(surfaces)).minimize()
        tile_map = _tile_map()
        t2s = pynini.compose(pynini.invert(tile_map), surfaces).optimize()
        t2s.arcsort("ilabel")
        tiles = pynini.project(t2s, "input").rmepsilon()
        for x in rules.at("acceptor"):  # §L23 2–3 letter words, §A4 rulings (the last layer)
            tiles = x.hooks.get("acceptor", x.build)(tiles, ctx)
        tiles.arcsort("ilabel")
    return analyser, tiles, t2s, tags


def compound_rows(rows: list[ListedForm], entries=(), records=None,
                  internal=None) -> list[ListedForm]:
    """Listed rows of the compound verbs of ``lexicon/compounds.tsv`` (grammars/compounds.py),
    made from their base's rows among ``rows``; a lemma the lexicon ``entries`` inflect is
    skipped, unless its base is a hand-entered principal-parts verb (lexicon/verb-parts.tsv,
    whose verbs are bases too) or the record has an augment mode (an evidence row's verb,
    χωρώ, passes nothing on to a compound with a row of its own, προχωρώ). Citations name the base, ``rules`` the rule (§D2 internal/kept augment,
    §D1 external); ``internal`` (lemma → ``lexicon/internal-augment.tsv`` row) gives a
    compound its own §D2 internal augment (:func:`grammars.compounds.record_forms`), a parts
    base its §D1 ε- where its class has it (συγκάλεσα, εσυγκάλεσα); a
    compound's own parts row replaces the systems it states."""
    bases = collections.defaultdict(list)
    for r in rows:
        if r.pos == "V" and not r.printed_only:
            bases[r.lemma].append((r.cell, r.form, r.weight))
    parts_bases = verb_parts.base_rows()
    bases.update(parts_bases)  # a parts row is the fuller base (άγω: listed as printed only)
    parts_d1 = verb_parts.base_d1()
    hand = verb_parts.hand_entered_bases()
    known = {e.lemma for e in entries}
    out = []
    for rec in (compounds.read_records() if records is None else records):
        if rec.base not in bases or (rec.lemma in known and rec.base not in hand and not (
                set(rec.modes) & set(compounds.AUGMENT_MODES))):
            continue
        made = []
        for cell, form, w, rids in compounds.record_forms(
                rec, bases[rec.base], (internal or {}).get(rec.lemma),
                verb_parts.base_class(rec.base) if rec.base in parts_bases else None,
                parts_d1.get(rec.base, frozenset())):
            cit = f"compound of {rec.base} (grammars/compounds.py)" + "".join(
                f" §{r}" for r in rids)
            made.append(ListedForm(rec.lemma, "V", "IRR", cell, form, w, cit, tuple(rids)))
        out += verb_parts.own_override(rec.lemma, made, ListedForm)
    return out


def listed_forms(rows: list[ListedForm], tags: TagTable) -> list[tuple[str, str, float]]:
    """(analysis string, surface form, weight) of the listed paradigms, with the layers that
    act on listed forms: the row's ``rules``, the ``listed row`` hooks (§B7 -ιγκ/-ινγκ doublet
    of indeclinable loans) and the ``listed verb`` hooks (§D1, the §B3 compound ξανάφαγα,
    εξανάφαγα) on hand-entered verbs, not on §E1 printed forms."""
    out = []
    verbs = collections.defaultdict(list)
    row_hooks = [(x.rule_id, x.hooks["listed row"]) for x in rules.at("listed row")]
    verb_hooks = [x.hooks["listed verb"] for x in rules.at("listed verb")]
    for r in rows:
        head = r.lemma + tags.char("class", r.inflection_class) + tags.char("cell", r.cell)
        rids = "".join(tags.char("rule", x) for x in r.rules)
        out.append((head + rids, r.form, float(r.weight)))
        for rid, hook in row_hooks:
            for form, w in hook(r):
                out.append((head + tags.char("rule", rid), form, w))
        if Cell.of(r.cell).finite and not r.printed_only and "D3" not in r.rules:
            # §D3 rows bring their own -ε 3rd plurals (d3_learned_aorist.forms)
            verbs[(r.lemma, r.inflection_class)].append((r.cell, r.form))
    for x in rules.at("listed verb"):
        tags.char("rule", x.rule_id)
    for (lemma, code), forms in sorted(verbs.items()):
        head = lemma + tags.char("class", code)
        for hook in verb_hooks:
            for cell, form, rids in hook(lemma, forms):
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
    pairs = [(c, TILE_MAP.get(c, c.upper())) for c in LETTERS]
    pairs += list(TILE_MAP.items())
    return pynini.string_map(pairs).closure().optimize()
