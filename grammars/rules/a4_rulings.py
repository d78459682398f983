"""§A4 — rulings (regulation §A4): decisions of the federation's language section or of a
partner lexicographic centre override the dictionaries. ``lexicon/rulings.tsv`` lists them
(tile form, accept|reject, reference, date).

The last layer of the build: on the tile acceptor, accepted words join the language and
rejected words leave it, whatever the grammar says. ``fst.api.Judge.check`` consults the
rulings before the acceptor, so that a ruling's reference is the reason given.
"""
from __future__ import annotations

from grammars.layer import Layer

RULE_ID = "A4"


def verdict(tile: str, rulings) -> bool | None:
    """The ruling on ``tile`` (True accepted, False rejected), None if there is none; the
    Python reference of :func:`fst`. ``rulings``: tile form → (accepted?, reference)."""
    r = rulings.get(tile)
    return None if r is None else r[0]


def fst(tiles, ctx):
    """``tiles`` (the tile acceptor, determinised) with the accepted rulings added and the
    rejected removed; minimal."""
    import pynini
    rulings = ctx.lexicon.rulings
    yes = [w for w, (ok, _) in sorted(rulings.items()) if ok]
    no = [w for w, (ok, _) in sorted(rulings.items()) if not ok]
    if yes:
        tiles = pynini.union(tiles, pynini.string_map(yes)).rmepsilon()
    tiles = pynini.determinize(tiles).minimize()
    if no:
        tiles = pynini.difference(tiles, pynini.string_map(no).optimize())
        tiles = pynini.determinize(tiles.rmepsilon()).minimize()
    return tiles


LAYER = Layer(RULE_ID, "acceptor", False, build=fst)
