"""Jupyter rendering (fst/notebook.py): paradigms, analysis lists, verdicts and explanations
as HTML tables whose cells are the objects' own data, escaped."""
from __future__ import annotations

from html.parser import HTMLParser

from fst.api import Analyses, Analysis, Explanation, ParadigmRow, ParadigmTable, Verdict


class Tables(HTMLParser):
    """Each <table> as its caption and rows of cell texts (header row included)."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self._in_caption = False
        self.italic: list[str] = []
        self._in_i = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "caption":
            self._in_caption = True
        elif tag == "i":
            self._in_i = True

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1]["rows"][-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "caption":
            self._in_caption = False
        elif tag == "i":
            self._in_i = False

    def handle_data(self, data):
        if self._in_caption:
            self.tables[-1]["caption"] += data
        if self._cell is not None:
            self._cell.append(data)
        if self._in_i:
            self.italic.append(data)


def test_analyses_render_as_a_table(judge):
    got = judge.analyse("ανθρώπους")
    assert isinstance(got, Analyses) and got
    t = Tables(got._repr_html_()).tables
    assert len(t) == 1
    header, *rows = t[0]["rows"]
    assert header == ["lemma", "class", "cell", "accented form", "rules", "weight"]
    assert rows == [[a.lemma, a.inflection_class, a.tags, a.surface,
                     " ".join("§" + r for r in a.rules) or "–", "%g" % a.weight] for a in got]
    assert "άνθρωπος" in {r[0] for r in rows}


def test_paradigm_renders_one_table_per_class(judge):
    tables = judge.paradigm("γράφω")
    html = tables._repr_html_()
    parsed = Tables(html)
    assert len(parsed.tables) == len(tables) >= 1
    for table, got in zip(tables, parsed.tables):
        assert got["caption"] == f"{table.lemma} ({table.inflection_class})"
        header, *rows = got["rows"]
        assert header == ["cell", "forms"]
        cells = list(dict.fromkeys(r.tags for r in table.rows))
        assert [r[0] for r in rows] == cells
        for cell, forms in rows:
            for r in table.rows:
                if r.tags == cell:
                    assert r.form in forms
    variants = [r.form for t in tables for r in t.rows if r.variant != "main"]
    assert set(parsed.italic) == set(variants)
    assert tables[0]._repr_html_() in html


def test_explanations_render_reasons(judge):
    valid = Tables(judge.explain("έγραψα")._repr_html_())
    assert valid.tables[0]["caption"] == "analyses"
    assert any(r[0] == "γράφω" for r in valid.tables[0]["rows"][1:])
    html = judge.explain("ΓΡΑΨΑ")._repr_html_()
    assert "INVALID" in html
    blocked = Tables(html).tables
    assert blocked[0]["caption"] == "blocked by" and blocked[0]["rows"][1][0] == "§D1"
    none = Tables(judge.explain("ΞΨΞΨΑ")._repr_html_()).tables
    assert none[0]["rows"][0] == ["closest valid words"]
    assert "VALID" in judge.check("έγραψα")._repr_html_()


def test_values_are_escaped():
    a = Analysis("<script>", "O1", "N;NOM;SG", "a&b", ("D1",), 0.0)
    html = Analyses([a])._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html and "a&amp;b" in html
    p = ParadigmTable("<x>", "O1", [ParadigmRow("<y>", "N;NOM;SG", "alt")])
    assert "<x>" not in p._repr_html_() and "<y>" not in p._repr_html_()
    v = Verdict("<w>", "W", False, (), "reason <r>")
    e = Explanation(v, Analyses(), [("D1", "<why>")], [])
    assert "<w>" not in e._repr_html_() and "&lt;why&gt;" in e._repr_html_()
