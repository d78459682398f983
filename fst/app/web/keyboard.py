"""The standard Greek keyboard layout, as typed on a Latin keyboard.

The pages of ``dektes serve`` let a player type Greek without switching layouts: a Latin key
gives the Greek character that the same key gives in the standard Greek layout (X.Org's
``gr(basic)``, the Greek layout of Windows and macOS alike: ``a``→α, ``u``→θ, ``j``→ξ,
``c``→ψ, ``v``→ω, ``w``→ς, ``W``→Σ). The key that gives ``;`` on a US keyboard is the Greek
layout's dead accent key: ``;`` then a vowel gives the vowel with tonos (ά), ``:`` then ι or υ
gives the diaeresis (ϊ). The page script (``static/keyboard.js``) reads these tables from the
page; typing on a Greek layout is left as it is. The table is Greek data:
``grammars/keyboard.tsv``.
"""
from __future__ import annotations

from pathlib import Path

#: the layout's table (grammars/keyboard.tsv: rows ``key  greek``, ``#`` comments)
LAYOUT_FILE = Path(__file__).resolve().parents[3] / "grammars" / "keyboard.tsv"


def _read_layout(path: Path = LAYOUT_FILE) -> dict[str, str]:
    """Latin key → Greek character, in the file's order. Raises ValueError naming file and
    line for a row that is not two tab-separated fields."""
    out: dict[str, str] = {}
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#") or line.startswith("key\t"):
            continue
        parts = line.split("\t")
        if len(parts) != 2:
            raise ValueError(f"{path}:{lineno}: expected key, greek")
        out[parts[0]] = parts[1]
    return out


#: Latin key (as a US layout labels it) → character of the Greek layout (level 1 and, for
#: the capital, level 2 of the same key).
LATIN_TO_GREEK: dict[str, str] = _read_layout()

#: Dead keys of the Greek layout (on the US ``;`` key): key → combining mark it puts on the
#: next letter (tonos U+0301, diaeresis U+0308; NFC composes ά, ϊ, ΐ).
DEAD_KEYS: dict[str, str] = {";": "\u0301", ":": "\u0308"}
