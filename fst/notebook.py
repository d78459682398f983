"""HTML tables for Jupyter: the ``_repr_html_`` of paradigms, analysis lists, verdicts and
explanations (fst.api). Every value is escaped; the markup is a plain ``<table>`` that
notebooks style themselves, with ``class="dektes"`` for anyone who wants to style it."""
from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from fst.rules import shown


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """An HTML table: ``caption`` (escaped), a header row, one row per item (cells escaped;
    a cell given as :class:`Markup` is kept as is)."""
    out = ['<table class="dektes">']
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in headers)
               + "</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


class Markup(str):
    """Text that is already HTML (built here from escaped parts)."""


def _cell(c: object) -> str:
    if isinstance(c, Markup):
        return str(c)
    if isinstance(c, float):
        return escape("%g" % c)
    return escape("" if c is None else str(c))


def _rules(rules: Iterable[str]) -> str:
    return " ".join(shown(rules)) or "–"


ANALYSIS_HEADERS = ("lemma", "class", "cell", "accented form", "rules", "weight")


def analyses(items, caption: str = "") -> str:
    """The analyses of a word (fst.api.Analysis), best first, as a table."""
    return table(ANALYSIS_HEADERS,
                 [(a.lemma, a.inflection_class, a.tags, a.surface, _rules(a.rules), a.weight)
                  for a in items],
                 caption or ("no analysis" if not items else ""))


def paradigm(t) -> str:
    """One paradigm (fst.api.ParadigmTable): a row per cell, its forms with the main form
    first and variants marked by their kind (alt, colloq …)."""
    cells: dict[str, list] = {}
    for row in t.rows:
        cells.setdefault(row.tags, []).append(row)
    body = []
    for cell, rows in cells.items():
        forms = ", ".join(escape(r.form) if r.variant == "main" else
                          f"<i>{escape(r.form)}</i> <small>({escape(r.variant)})</small>"
                          for r in rows)
        body.append((cell, Markup(forms)))
    return table(("cell", "forms"), body, f"{t.lemma} ({t.inflection_class})")


def paradigms(tables) -> str:
    """Several paradigms, one table each; a line saying so when there is none."""
    if not tables:
        return "<p>no paradigm</p>"
    return "".join(paradigm(t) for t in tables)


def verdict(v) -> str:
    """A verdict (fst.api.Verdict): the word, VALID/INVALID, the rules or the reason."""
    word = escape(v.word)
    status = "VALID" if v.valid else "INVALID"
    note = _rules(v.rules) if v.valid else (v.reason or _rules(v.rules))
    return (f'<p class="dektes"><b>{word}</b> ({escape(v.tile)}): <b>{status}</b> — '
            f"{escape(note)}</p>")


def explanation(e) -> str:
    """An explanation (fst.api.Explanation): the verdict, then the analyses with their rule
    chains, or the blocking rules, or the closest valid words."""
    out = [verdict(e.verdict)]
    if e.analyses:
        out.append(analyses(e.analyses, "analyses"))
    if e.blocked:
        out.append(table(("rule", "reason"), [("§" + r, why) for r, why in e.blocked],
                         "blocked by"))
    if not e.verdict.valid and not e.blocked:
        out.append(table(("closest valid words",), [(w,) for w in e.neighbours] or [("none",)]))
    return "".join(out)
