"""scripts/measure/sample_new_forms.py: its pure parts (difference, sampling, sources, rows),
no build."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace as NS

from scripts.measure import sample_new_forms as snf

ROOT = Path(__file__).resolve().parent.parent


def test_difference_counts_new_and_dropped():
    d = snf.difference({"ΑΒΓΔΕΖΗΘΙ", "ΚΑΛΟΚΑΙΡΙ", "ΠΑΛΙΟΛΕΞΗ"},
                       {"ΚΑΛΟΚΑΙΡΙ", "ΠΑΛΙΟΛΕΞΗ", "ΧΕΙΜΩΝΙΑΤΙΚΟ", "ΦΘΙΝΟΠΩΡΟ"})
    assert (d.baseline, d.now) == (3, 4)
    assert d.new == {"ΧΕΙΜΩΝΙΑΤΙΚΟ", "ΦΘΙΝΟΠΩΡΟ"}
    assert d.dropped == {"ΑΒΓΔΕΖΗΘΙ"}


def test_draw_is_deterministic_for_a_seed_and_order_free():
    words = [f"W{i:04d}" for i in range(1000)]
    a = snf.draw(words, 200, seed=1)
    assert a == snf.draw(list(reversed(words)), 200, seed=1)  # same set, other order
    assert len(a) == 200 == len(set(a)) and set(a) <= set(words) and a == sorted(a)
    assert a != snf.draw(words, 200, seed=2)
    assert snf.draw(words[:5], 200, seed=1) == words[:5]  # fewer than n: all


def _a(surface, lemma, cls, cell, rules=()):
    return NS(surface=surface, lemma=lemma, inflection_class=cls, tags=cell, rules=rules)


def test_sources_and_row_columns():
    index = snf.source_index(
        [NS(lemma="καλοκαίρι", inflection_class="O44", source="elspell"),
         NS(lemma="καλοκαίρι", inflection_class="O44", source="spacy")],  # first row wins
        [("irregular.tsv", NS(lemma="είμαι", inflection_class="IRR"))],
        [NS(lemma="αναβάλλω", source="spacy+hunspell")],
        [NS(lemma="αυξάνω", inflection_class="P1", source="manual"),
         NS(lemma="καλοκαίρι", inflection_class="O44", source="manual")])  # a row's wins
    assert snf.source_of(index, "καλοκαίρι", "O44") == "elspell"
    assert snf.source_of(index, "είμαι", "IRR") == "listed:irregular"
    assert snf.source_of(index, "αυξάνω", "P1") == "verb-parts:manual"
    assert snf.source_of(index, "αναβάλλω", "P3") == "compound:spacy+hunspell"
    assert snf.source_of(index, "αβανιάζω", "HIDDEN-WORD") == "hidden-words"
    assert snf.source_of(index, "άγνωστο", "O1") == "?"
    ana = [_a("καλοκαιριού", "καλοκαίρι", "O44", "N;GEN;SG"),
           _a("καλοκαιριού", "καλοκαίρι", "O44", "N;GEN;SG"),  # duplicate: dropped
           _a("καλοκαιριου", "είμαι", "IRR", "V;PRS", ("D1", "E4"))]
    r = snf.row("ΚΑΛΟΚΑΙΡΙΟΥ", ana, index)
    assert len(r) == len(snf.HEADER)
    assert r[snf.HEADER.index("lemma")] == "καλοκαίρι | είμαι"
    assert r[snf.HEADER.index("source")] == "elspell | listed:irregular"
    assert r[snf.HEADER.index("rules")] == "- | D1,E4"
    assert snf.tally([r], "source") == {"elspell": 1}
    assert snf.tally([r, r], "pos") == {"N": 2}
