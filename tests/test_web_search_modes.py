"""Issue 25's modes through the web API and the search page (the framework's TestClient, no
socket): letter sets, super-anagrams, probability order, extensions, inner hooks, strict
accents. Skips without the web extra, except under CI=true (see tests/test_web.py)."""
from __future__ import annotations

from test_web import _error, _require

_require("fastapi")
_require("httpx2")
_require("jinja2")

from fst.runtime import search  # noqa: E402


def test_pattern_with_letter_sets(client, judge):
    body = client.get("/api/pattern", params={"pattern": "αν[θτ]ρωπ*", "max_length": 9,
                                              "limit": 5000}).json()
    want = [m.word for m in judge.pattern("ΑΝ[ΘΤ]ΡΩΠ*", max_length=9)]
    assert [m["word"] for m in body["matches"]] == want and body["count"] == len(want)
    assert "ΑΝΘΡΩΠΟΣ" in want
    reason = _error(client.get("/api/pattern", params={"pattern": "ΑΝ[ΘΤ"}), 400, "bad-pattern")
    assert "not closed" in reason
    page = client.get("/search", params={"pattern": "ΑΝ[ΘΤ]ΡΩΠΟΣ"})
    assert page.status_code == 200 and 'data-word="ΑΝΘΡΩΠΟΣ"' in page.text


def test_super_anagrams_by_probability(client, judge):
    body = client.get("/api/anagram", params={"rack": "ΑΕΓΡΨΑΚ", "super": 2,
                                              "sort": "probability"}).json()
    words = [m["word"] for m in body["matches"]]
    assert sorted(words) == [m.word for m in judge.anagram("ΑΕΓΡΨΑΚ", extra=2)]
    assert [m["combinations"] for m in body["matches"]] == search.combinations(words).tolist()
    assert body["super"] == 2 and body["sort"] == "probability"
    _error(client.get("/api/anagram", params={"rack": "ΑΒ", "super": 1, "exact": "true"}),
           400, "bad-request")
    _error(client.get("/api/anagram", params={"rack": "ΑΒ", "sort": "random"}), 400,
           "bad-request")
    page = client.get("/search", params={"rack": "ΑΕΓΡΨΑΚ", "super": 2, "sort": "probability"})
    assert page.status_code == 200 and 'data-word="ΚΑΤΕΓΡΑΨΕ"' in page.text


def test_extensions_and_inner_hooks(client, judge):
    body = client.get("/api/extensions", params={"word": "γράφω", "side": "front"}).json()
    assert [m["word"] for m in body["matches"]] == \
        [m.word for m in judge.extensions("ΓΡΑΦΩ", "front")]
    assert body["count"] > 10 and all(m["word"].endswith("ΓΡΑΦΩ") for m in body["matches"])
    _error(client.get("/api/extensions", params={"word": "ΓΡΑΦΩ", "side": "middle"}), 400,
           "bad-request")
    # a word that cannot be Greek has the normaliser's code, as on /api/hooks
    _error(client.get("/api/extensions", params={"word": "gr"}), 400, "not-greek")
    hooks = client.get("/api/hooks", params={"word": "ανθρωπος"}).json()
    assert hooks["inner_front"] is None and hooks["inner_back"] == "ΑΝΘΡΩΠΟ"


def test_strict_accents_in_the_api(client):
    body = client.get("/api/check", params={"word": ["ανθρωπου", "ΑΝΘΡΩΠΟΥ", "ανθρώπου"],
                                            "strict_accents": "true"}).json()
    assert [r["valid"] for r in body["results"]] == [False, True, True]
    assert "ανθρώπου" in body["results"][0]["reason"] and not body["all_valid"]
    plain = client.get("/api/check", params={"word": "ανθρωπου"}).json()
    assert plain["all_valid"]
    posted = client.post("/api/check", json={"words": ["άνθρωπου"], "strict_accents": True})
    assert posted.json()["results"][0]["valid"] is False
    _error(client.post("/api/check", json={"words": ["άνθρωπου"], "strict_accents": "yes"}),
           400, "bad-request")
    ana = client.get("/api/analyse", params={"word": "άνθρωπου", "strict_accents": "true"}).json()
    assert ana["valid"] is False and ana["analyses"] == [] and "ανθρώπου" in ana["reason"]
    ana = client.get("/api/analyse", params={"word": "ανθρώπου", "strict_accents": "true"}).json()
    assert ana["valid"] and {a["surface"] for a in ana["analyses"]} == {"ανθρώπου"}
