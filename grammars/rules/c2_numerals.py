"""§C2 — ancient alphabetic numerals are not words (grammars/RULES.md §C2: ΙΓ, ΚΔ).

The Greek alphabetic numerals (Triantafyllidis grammar, numerals: α΄ = 1 … θ΄ = 9, ι΄ = 10 …
π΄ = 80, ρ΄ = 100 … ω΄ = 800; στ΄ = 6; ϟ΄ 90 and ϡ΄ 900 have no tile) write a number with
hundreds, tens and units in that order. An invalid word of that shape is explained as one.
"""
from __future__ import annotations

import re

from grammars.layer import Layer
from grammars.labels import message

RULE_ID = "C2"
_UNITS = {"Α": 1, "Β": 2, "Γ": 3, "Δ": 4, "Ε": 5, "ΣΤ": 6, "Ζ": 7, "Η": 8, "Θ": 9}
_TENS = {"Ι": 10, "Κ": 20, "Λ": 30, "Μ": 40, "Ν": 50, "Ξ": 60, "Ο": 70, "Π": 80}
_HUNDREDS = {"Ρ": 100, "Σ": 200, "Τ": 300, "Υ": 400, "Φ": 500, "Χ": 600, "Ψ": 700, "Ω": 800}
_SHAPE = re.compile("({})?({})?({})?".format(
    "|".join(_HUNDREDS), "|".join(_TENS), "|".join(sorted(_UNITS, key=len, reverse=True))))


def value(tile: str) -> int | None:
    """The number an alphabetic numeral of two or more letters writes (ΙΓ → 13, ΡΚΔ → 124),
    or None if ``tile`` does not have that shape."""
    m = _SHAPE.fullmatch(tile)
    if not m or len(tile) < 2:
        return None
    h, t, u = m.groups()
    return _HUNDREDS.get(h, 0) + _TENS.get(t, 0) + _UNITS.get(u, 0)


def blocked(tile: str, analyse=None) -> str | None:
    """Why §C2 rejects ``tile``: it is the shape of an alphabetic numeral."""
    n = value(tile)
    return None if n is None else message("reason.C2", n=n)


LAYER = Layer(RULE_ID, "explain", False, explain=blocked)
