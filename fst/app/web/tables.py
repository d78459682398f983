"""Paradigms laid out as tables for the web pages: forms by cell, variants marked.

A paradigm (:class:`fst.api.ParadigmTable`) is a list of rows ``form, tags, variant`` with
UniMorph-style tags (``V;IND;PST;PFV;1;SG;ACT``, ``ADJ;CMPR;FEM;GEN;PL``). Person, number and
gender become the columns (1 SG … 3 PL, MASC SG … NEUT PL), case or mood/tense/aspect the rows,
and what is left (part of speech, degree, voice) names the table. Feature names are those of
the UniMorph schema (Sylak-Glassman 2016), as the analyser's tag table writes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from grammars.labels import label as cell_label
from grammars.labels import phrase

PERSON = ("1", "2", "3")
NUMBER = ("SG", "PL")
GENDER = ("MASC", "FEM", "NEUT")
CASE = ("NOM", "GEN", "ACC", "VOC", "DAT")
VOICE = ("ACT", "PASS", "MID")
_COLUMN = frozenset(PERSON + NUMBER + GENDER)


@dataclass
class Section:
    """One table: ``title`` (the features shared by its cells), ``columns`` (labels such as
    ``1 SG``), ``rows`` as (label, one list of (form, variant) per column)."""
    title: str
    columns: list[str]
    rows: list[tuple[str, list[list[tuple[str, str]]]]] = field(default_factory=list)


def _column_key(feats: list[str]) -> tuple:
    # Greek grammars order person within number (1 SG, 2 SG, 3 SG, 1 PL …) and gender within
    # number (MASC SG, FEM SG, NEUT SG, MASC PL …)
    number = next((NUMBER.index(f) for f in feats if f in NUMBER), -1)
    gender = next((GENDER.index(f) for f in feats if f in GENDER), -1)
    person = next((PERSON.index(f) for f in feats if f in PERSON), -1)
    return number, gender, person


def grid(rows, lang: str | None = None) -> list[Section]:
    """The sections of one paradigm's ``rows`` (objects with ``form``, ``tags``, ``variant``),
    in the order their cells first appear; a cell's forms keep their order (main form first).
    Titles and labels are UniMorph codes, or with ``lang`` (el, en) named in that language
    by the one formatter of cell names, :func:`grammars.labels.label`."""
    if lang:

        def named(code: str) -> str:
            if code == "form":  # the one column of a cell without person or number
                return phrase("paradigm.form", lang)
            return code if code == "–" else cell_label(code.replace(" ", ";"), lang)
        return [Section(named(s.title), [named(c) for c in s.columns],
                        [(named(r), cells) for r, cells in s.rows]) for s in grid(rows)]
    sections: dict[tuple, dict] = {}
    for row in rows:
        feats = row.tags.split(";")
        cols = [f for f in feats if f in _COLUMN]
        rest = [f for f in feats if f not in _COLUMN]
        case = [f for f in rest if f in CASE]
        if case:  # nominal: cases down, gender and number across
            title, label = ";".join(f for f in rest if f not in CASE), ";".join(case)
        else:  # verbal: mood, tense, aspect down; the table per part of speech and voice
            head = [rest[0]] + [f for f in rest[1:] if f in VOICE]
            title = ";".join(head)
            label = ";".join(f for f in rest if f not in head) or "–"
        col = " ".join(cols)
        key = (title, "nominal" if case else "verbal")
        sec = sections.setdefault(key, {"cols": {}, "rows": {}})
        sec["cols"].setdefault(col, _column_key(cols))
        sec["rows"].setdefault(label, {}).setdefault(col, []).append((row.form, row.variant))
    # a verbal table whose rows use different columns (imperative: 2nd person only) is split so
    # that no table is mostly empty
    out: list[Section] = []
    for (title, kind), sec in sections.items():
        groups: dict[tuple, list[str]] = {}
        every = tuple(sorted(sec["cols"], key=sec["cols"].get))
        for label, cells in sec["rows"].items():
            cols = every if kind == "nominal" else tuple(sorted(cells, key=sec["cols"].get))
            groups.setdefault(cols, []).append(label)
        for cols, labels in groups.items():
            table = Section(title, list(cols) if cols != ("",) else ["form"])
            for label in labels:
                cells = sec["rows"][label]
                table.rows.append((label, [cells.get(c, []) for c in cols]))
            out.append(table)
    return out
