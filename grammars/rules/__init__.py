"""The regulation's rule layers: one module per rule id, each exporting one :class:`Layer`
named ``LAYER``; :data:`LAYERS` lists them in order.

A layer acts at one or more *stages* of the build (``fst.build.compile.build``), in this order:

* ``paradigm`` — the rule is part of the class tables or their grammar variants themselves
  (§D8, §D10): its module reads those rows and licenses nothing beyond the paradigm;
* ``cells`` — cell filter: drops cells or rules of one lemma's paradigm
  (hook ``(entry, table, ctx) -> Filter | None``);
* ``variants`` — paradigm variants: more (ending, directive, augment) for one paradigm rule
  (hook ``(cell, ending, directive, aug) -> [(ending, directive, aug)]``);
* ``extra cells`` — cells the paradigm lacks, made from one of its rules (hook: an
  :class:`ExtraCells`);
* ``compound`` — a prefix compound of a group's verbs that takes their augment logic (hook
  ``(table, consonant_initial, [(lemma, stem)]) -> [(lemma, prefixed stem)] | None``);
* ``forms`` — forms added beside the paradigms' generator: twins read off it, lists from the
  lexicon (:attr:`Layer.build` ``(gen, ctx) -> Fst | None``; hook ``strings``:
  ``ctx -> [(analysis, form, weight)]`` joined to the listed paradigms' string map);
* ``listed`` — forms made from a listed paradigm (hooks ``listed row``:
  ``(row) -> [(form, weight)]``, ``listed verb``: ``(lemma, [(cell, form)]) ->
  [(cell, form, rule ids)]``);
* ``surface`` — a rewrite of every form of the generator (:attr:`Layer.build`
  ``(gen, ctx) -> Fst``);
* ``acceptor`` — on the tile acceptor (:attr:`Layer.build` ``(tiles, ctx) -> Fst``);
* ``explain`` — only explains why a word is rejected (:attr:`Layer.explain`).

Within a stage, layers act in the order of :data:`LAYERS`, and rejections are explained in
that order too (``fst.api.Judge.blocked``). A layer that *licenses* forms of its own tags them
with its rule id, so that a profile can switch it off (``grammars.profiles``).
"""
from __future__ import annotations

from grammars.layer import HOOKS, RULE_WEIGHT, STAGES, Context, ExtraCells, Filter, Layer

# the layers, in order
from . import (a4_rulings, aw_present, b3_xana, b6_degree, b7_loans, b9_simo,  # noqa: E402
               c1_names, c2_numerals, d1_augment, d2_internal_augment, d3_learned_aorist,
               d4_aga, d7_ome, d8_imperative, d9_present, d10_omouna, e2_hidden_words,
               e4_spellings, e5_diminutives, l23_short)

#: every layer, in the order the build applies them within a stage and explanations are given
LAYERS: tuple[Layer, ...] = (
    d7_ome.LAYER, d1_augment.LAYER, b3_xana.LAYER, d2_internal_augment.LAYER,
    e5_diminutives.LAYER, b9_simo.LAYER, c1_names.LAYER, c2_numerals.LAYER, d9_present.LAYER,
    aw_present.LAYER, b6_degree.LAYER, d4_aga.LAYER, b7_loans.LAYER, d3_learned_aorist.LAYER,
    e4_spellings.LAYER, e2_hidden_words.LAYER, d8_imperative.LAYER, d10_omouna.LAYER,
    l23_short.LAYER, a4_rulings.LAYER)


def at(stage: str, layers=None) -> list[Layer]:
    """The layers of ``layers`` (default :data:`LAYERS`) acting at ``stage`` (as their main
    stage or by a hook), in order."""
    return [x for x in (LAYERS if layers is None else layers)
            if x.stage == stage or stage in x.hooks]


def licensing() -> tuple[str, ...]:
    """Rule ids of the layers that license forms of their own, sorted: the layers a profile
    can switch off."""
    return tuple(sorted({x.rule_id for x in LAYERS if x.licenses}))


def explainers() -> tuple[Layer, ...]:
    """The layers that explain a rejection, in order."""
    return tuple(x for x in LAYERS if x.explain is not None)


__all__ = ["HOOKS", "RULE_WEIGHT", "STAGES", "Context", "ExtraCells", "Filter", "Layer", "LAYERS",
           "at", "licensing", "explainers"]
