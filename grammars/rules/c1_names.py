"""§C1/§C5 — proper names and ethnic names written with a capital (grammars/RULES.md §C1, C5).

Lemmas written with an initial capital are not valid, nor their forms (ΕΛΛΑΔΑ, ΟΛΥΜΠΟΣ; ethnic
names such as Έλληνας unless a dictionary lists them in lower case). The importers leave them
out of the lexicon; ``lexicon/excluded.tsv`` keeps elspell's capitalised lemmas with their
inflection class so that the rejection can name the rule. A homograph that is also a
lower-case lemma stays valid (ΝΙΚΗ, ΟΜΗΡΟΣ): this module only explains invalid words.
"""
from __future__ import annotations

import functools

from grammars.layer import Layer
from grammars.labels import message
from grammars.normalize import to_tile
from grammars.paradigm import generate, load_tables
from lexicon import EXCLUDED_FILE, LEXICON_DIR, rows

RULE_ID = "C1"
EXCLUDED = LEXICON_DIR / EXCLUDED_FILE


@functools.lru_cache(maxsize=1)
def name_forms() -> dict[str, str]:
    """Tile form → capitalised lemma, for every form of the lemmas in lexicon/excluded.tsv
    (generated with their class tables, grammars/classes). {} when the file is absent."""
    if not EXCLUDED.exists():
        return {}
    tables = load_tables()
    out: dict[str, str] = {}
    for _, (lemma, code, _) in rows(EXCLUDED, "lemma"):
        table = tables.get(code)
        forms = [f for f, _, _ in generate(lemma.lower(), table)] if table else []
        for form in forms or [lemma]:
            out.setdefault(to_tile(form), lemma)
    return out


def blocked(tile: str, analyse=None) -> str | None:
    """Why §C1/§C5 rejects ``tile`` (a tile string): a form of a capitalised lemma."""
    lemma = name_forms().get(tile)
    if lemma is None:
        return None
    return message("reason.C1", lemma=lemma)


LAYER = Layer(RULE_ID, "explain", False, explain=blocked)
