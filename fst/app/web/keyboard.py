"""The standard Greek keyboard layout, as typed on a Latin keyboard.

The pages of ``dektes serve`` let a player type Greek without switching layouts: a Latin key
gives the Greek character that the same key gives in the standard Greek layout (X.Org's
``gr(basic)``, the Greek layout of Windows and macOS alike: ``a``→α, ``u``→θ, ``j``→ξ,
``c``→ψ, ``v``→ω, ``w``→ς, ``W``→Σ). The key that gives ``;`` on a US keyboard is the Greek
layout's dead accent key: ``;`` then a vowel gives the vowel with tonos (ά), ``:`` then ι or υ
gives the diaeresis (ϊ). The page script (``static/keyboard.js``) reads these tables from the
page; typing on a Greek layout is left as it is.
"""
from __future__ import annotations

#: Latin key (as a US layout labels it) → character of the Greek layout (level 1 and, for
#: the capital, level 2 of the same key).
LATIN_TO_GREEK: dict[str, str] = {
    "q": ";", "Q": ":",
    "w": "ς", "W": "Σ",
    "e": "ε", "E": "Ε", "r": "ρ", "R": "Ρ", "t": "τ", "T": "Τ", "y": "υ", "Y": "Υ",
    "u": "θ", "U": "Θ", "i": "ι", "I": "Ι", "o": "ο", "O": "Ο", "p": "π", "P": "Π",
    "a": "α", "A": "Α", "s": "σ", "S": "Σ", "d": "δ", "D": "Δ", "f": "φ", "F": "Φ",
    "g": "γ", "G": "Γ", "h": "η", "H": "Η", "j": "ξ", "J": "Ξ", "k": "κ", "K": "Κ",
    "l": "λ", "L": "Λ",
    "z": "ζ", "Z": "Ζ", "x": "χ", "X": "Χ", "c": "ψ", "C": "Ψ", "v": "ω", "V": "Ω",
    "b": "β", "B": "Β", "n": "ν", "N": "Ν", "m": "μ", "M": "Μ",
}

#: Dead keys of the Greek layout (on the US ``;`` key): key → combining mark it puts on the
#: next letter (tonos U+0301, diaeresis U+0308; NFC composes ά, ϊ, ΐ).
DEAD_KEYS: dict[str, str] = {";": "\u0301", ":": "\u0308"}
