"""The tag table: private-use code points (U+E000…) ↔ class codes, cells and rule ids.

An analysis string is ``lemma + CLASS + CELL + RULE*`` where CLASS, CELL and RULE are single
code points of this table, so labels are plain Unicode code points, stable across processes,
and decoding needs only ``tags.json``.
"""
from __future__ import annotations

import json

PUA = 0xE000


class TagTable:
    """Bidirectional map between tag strings (``kind:tag``) and private-use code points."""

    def __init__(self):
        self.by_tag: dict[str, str] = {}
        self.by_char: dict[str, tuple[str, str]] = {}

    def char(self, kind: str, tag: str) -> str:
        key = f"{kind}:{tag}"
        if key not in self.by_tag:
            c = chr(PUA + len(self.by_tag))
            self.by_tag[key] = c
            self.by_char[c] = (kind, tag)
        return self.by_tag[key]

    def to_json(self) -> str:
        return json.dumps({c: list(v) for c, v in sorted(self.by_char.items())},
                          ensure_ascii=False, indent=0, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "TagTable":
        t = cls()
        for c, (kind, tag) in json.loads(text).items():
            t.by_char[c] = (kind, tag)
            t.by_tag[f"{kind}:{tag}"] = c
        return t
