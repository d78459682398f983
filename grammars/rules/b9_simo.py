"""§B9 — proparoxytone neuters in -σιμο/-ξιμο/-ψιμο form the genitive singular only in
-ίματος (ΠΛΥΣΙΜΑΤΟΣ, ΤΡΕΞΙΜΑΤΟΣ, ΣΚΥΨΙΜΑΤΟΣ): a genitive in -ιμου (ΠΛΥΣΙΜΟΥ) is never valid,
even where the hidden-words aid (§E2) prints it in a set phrase.
"""
from __future__ import annotations

from grammars.layer import Layer
from grammars.labels import message

RULE_ID = "B9"
BARRED_ENDINGS = ("σιμου", "ξιμου", "ψιμου", "σίμου", "ξίμου", "ψίμου")


def barred(form: str) -> bool:
    """Whether ``form`` (lower case, accented or not) is a §B9-barred genitive in -ιμου."""
    return form.endswith(BARRED_ENDINGS)


def blocked(tile: str, analyse) -> str | None:
    """Why §B9 blocks ``tile`` (ΠΛΥΣΙΜΟΥ beside the noun ΠΛΥΣΙΜΟ), or None."""
    if tile.endswith(("ΣΙΜΟΥ", "ΞΙΜΟΥ", "ΨΙΜΟΥ")) and analyse(tile[:-1]):
        return message("reason.B9", genitive=tile[:-2] + "ΑΤΟΣ")
    return None


# read by §E2 (grammars/rules/e2_hidden_words.py), which leaves barred forms out
LAYER = Layer(RULE_ID, "explain", False, explain=blocked)
