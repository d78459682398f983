"""What a rule layer is (:class:`Layer`, its hooks' values, the build :class:`Context`): the
classes every module of :mod:`grammars.rules` uses, kept apart from the list of layers so that
the layers import them without importing each other (the stages: ``grammars/rules/__init__.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

STAGES = ("paradigm", "cells", "variants", "extra cells", "compound", "forms", "listed", "surface",
          "acceptor", "explain")
#: the names a layer's hooks may have: the stages, and three hooks of their own
HOOKS = STAGES + ("strings", "listed row", "listed verb")
#: weight of a rule-derived form (the scale: grammars.paradigm.WEIGHTS)
RULE_WEIGHT = 5.0


@dataclass(frozen=True)
class Layer:
    """One regulation layer.

    ``rule_id``: the regulation's id (``D7``); ``stage``: where its forms come in (one of
    :data:`STAGES`); ``licenses``: whether it licenses forms of its own (and so can be switched
    off); ``build``: its FST builder for the ``forms``, ``surface`` or ``acceptor`` stage;
    ``explain``: ``(tile, analyse) -> reason | None``, why it rejects a word; ``hooks``: stage
    name → the function it contributes at that stage (module docstring)."""
    rule_id: str
    stage: str
    licenses: bool
    build: Callable | None = None
    explain: Callable | None = None
    hooks: Mapping[str, Callable] = field(default_factory=dict)

    def __post_init__(self):
        if self.stage not in STAGES or not set(self.hooks) <= set(HOOKS):
            raise ValueError(f"layer {self.rule_id}: unknown stage {self.stage!r} or hook in "
                             f"{sorted(self.hooks)}")


@dataclass(frozen=True)
class Filter:
    """What a ``cells`` layer drops from one lemma's paradigm: cells, or rules of a cell."""
    drop_cell: Callable[[str], bool] | None = None
    drop_rule: Callable[[str, object], bool] | None = None


@dataclass(frozen=True)
class ExtraCells:
    """An ``extra cells`` hook: on the paradigm rule of cell ``trigger``, ``cells(ending)``
    gives ``[(cell, [(ending, directive, aug, weight, rule ids)])]``; the lemmas of a group
    that take them are those for which ``member(lemma, class code, ctx)`` holds."""
    trigger: str
    cells: Callable
    member: Callable


class Context:
    """What a layer's builder may read: the lexicon (:class:`lexicon.Lexicon`), the class
    tables, the tag table (``fst.build.tags.TagTable``) and a memo for values computed once per
    build (:meth:`memo`)."""

    def __init__(self, lexicon, tables, tags):
        self.lexicon, self.tables, self.tags = lexicon, tables, tags
        self._memo: dict[str, object] = {}

    def memo(self, key: str, make: Callable[[], object]):
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def rule(self, rule_id: str) -> str:
        """The tag symbol of ``rule_id``."""
        return self.tags.char("rule", rule_id)
