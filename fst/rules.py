"""The regulation's rule ids, read from the project's digest ``grammars/RULES.md``.

Every rule id that dektes prints (§A1 … §E6, §LEN) has an entry there: a title, the rule in one
line, and where dektes applies it. ``dektes rules [ID]`` prints them (fst/cli.py).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

DIGEST = Path(__file__).resolve().parent.parent / "grammars" / "RULES.md"
_HEAD = re.compile(r"^### §([A-Z]+\d*) (.+)$")


@dataclass(frozen=True)
class Rule:
    """One entry of the digest: ``id`` without the section sign (``"D1"``), ``title``, the rule
    in one line (``text``) and where dektes applies it (``where``)."""
    id: str
    title: str
    text: str
    where: str


@functools.lru_cache(maxsize=1)
def rules() -> dict[str, Rule]:
    """Rule id → :class:`Rule`, in the digest's order. Raises ValueError naming the line of
    an entry that lacks its rule or its ``dektes:`` line."""
    out: dict[str, Rule] = {}
    lines = DIGEST.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = _HEAD.match(lines[i])
        i += 1
        if not m:
            continue
        body = []
        while i < len(lines) and lines[i].strip() and not lines[i].startswith("#"):
            body.append(lines[i].strip())
            i += 1
        where = [b for b in body if b.startswith("dektes:")]
        text = [b for b in body if not b.startswith("dektes:")]
        if len(where) != 1 or len(text) != 1:
            raise ValueError(f"{DIGEST}: the entry §{m.group(1)} needs one line of rule and "
                             "one 'dektes:' line")
        out[m.group(1)] = Rule(m.group(1), m.group(2), text[0],
                               where[0][len("dektes:"):].strip())
    return out


def lookup(rule_id: str) -> Rule | None:
    """The entry of ``rule_id`` (``"D1"``, ``"§d1"`` …), or None if the digest has none."""
    return rules().get(rule_id.strip().lstrip("§").upper())
