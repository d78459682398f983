"""``dektes serve``: the JSON API and the pages through the framework's TestClient (no socket),
the Greek keyboard table against X.Org's layout, the paradigm grid, and the ``serve`` command's
errors. The real browser test is tests/test_web_browser.py.

The web extra (fastapi, jinja2, httpx) is optional: without it these tests skip, except under
CI=true, where a missing dependency fails them.
"""
from __future__ import annotations

import html
import os
import re
import socket
import unicodedata
from pathlib import Path

import pytest

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _require(module: str):
    if CI:
        return __import__(module)
    return pytest.importorskip(module, reason="needs the web extra: pip install 'dektes[web-test]'")


_require("fastapi")
_require("httpx2")
_require("jinja2")

from fst.app.web import app as webapp  # noqa: E402
from fst.app.web import keyboard, tables  # noqa: E402
from fst import rules


def _error(resp, status: int, code: str | None = None) -> str:
    """The error reason of a JSON error answer, after checking its status and code."""
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    err = resp.json()["error"]
    if code is not None:
        assert err["code"] == code, err
    assert err["reason"] and "Traceback" not in resp.text
    return err["reason"]


# -- judge ------------------------------------------------------------------------------------


def test_check_one_word_with_rules(client):
    r = client.get("/api/check", params={"word": "εγραψα"})
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["all_valid"] is True
    [res] = body["results"]
    assert res["word"] == "εγραψα" and res["tile"] == "ΕΓΡΑΨΑ" and res["valid"] is True
    assert res["rules"] == ["§A1"]


def test_check_list_keeps_order_and_gives_reasons(client):
    words = ["ΓΡΑΨΑ", "ΕΓΡΑΨΑ", "abc", "ΑΝΘΡΩΠΟΥΣ", "Α"]
    r = client.get("/api/check", params=[("word", w) for w in words])
    body = r.json()
    assert body["all_valid"] is False
    assert [x["word"] for x in body["results"]] == words
    assert [x["valid"] for x in body["results"]] == [False, True, False, True, False]
    grapsa, _, abc, _, alpha = body["results"]
    assert grapsa["rules"] == ["§D1"] and "augment" in grapsa["reason"]  # §D1's own example
    assert abc["error"] == "not-greek" and abc["tile"] is None
    assert alpha["rules"] == ["§C6"]  # one-letter words are never valid


def test_check_post_json(client):
    r = client.post("/api/check", json={"words": ["ΕΓΡΑΨΑ", "ΞΑΝΑΡΩ"]})
    assert r.status_code == 200
    res = r.json()["results"]
    assert res[0]["valid"] and not res[1]["valid"]
    assert res[1]["rules"] == ["§B3"]  # §B3: ξανα- with α-initial verbs takes αα


def test_challenge_says_valid_or_invalid_only(client):
    ok = client.get("/api/challenge", params=[("word", "ΕΓΡΑΨΑ"), ("word", "ΑΝΘΡΩΠΟΥΣ")])
    assert ok.json() == {"words": ["ΕΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ"], "valid": True}
    bad = client.get("/api/challenge", params=[("word", "ΕΓΡΑΨΑ"), ("word", "ΓΡΑΨΑ")])
    assert bad.json() == {"words": ["ΕΓΡΑΨΑ", "ΓΡΑΨΑ"], "valid": False}  # no hint which


# -- analyses and paradigms -------------------------------------------------------------------


def test_analyse_valid_and_blocked(client):
    body = client.get("/api/analyse", params={"word": "ανθρωπους"}).json()
    assert body["valid"] and body["tile"] == "ΑΝΘΡΩΠΟΥΣ"
    assert {"lemma": "άνθρωπος", "surface": "ανθρώπους", "tags": "N;ACC;PL"}.items() <= \
        body["analyses"][0].items()
    blocked = client.get("/api/analyse", params={"word": "ΓΡΑΨΑ"}).json()
    assert not blocked["valid"] and blocked["blocked"][0]["rule"] == "§D1"


def test_analyse_unknown_word_gives_neighbours(client):
    body = client.get("/api/analyse", params={"word": "ΕΓΡΑΨΑΞ"}).json()
    assert not body["valid"] and body["analyses"] == []
    assert "ΕΓΡΑΨΑ" in body["neighbours"]


def test_paradigm_cells_and_variants(client):
    body = client.get("/api/paradigm", params={"lemma": "γράφω"}).json()
    [table] = body["paradigms"]
    rows = {(r["form"], r["tags"]): r["variant"] for r in table["rows"]}
    assert rows[("έγραψα", "V;IND;PST;PFV;1;SG;ACT")] == "main"
    assert rows[("γράφομε", "V;IND;PRS;IPFV;1;PL;ACT")] == "alt"  # a variant cell form


def test_paradigm_of_a_form_is_its_lemmas_and_an_unknown_lemma_is_404(client):
    # any inflected form resolves to its lemma's paradigm (Judge.paradigm)
    r = client.get("/api/paradigm", params={"lemma": "ανθρωπου"})
    assert r.status_code == 200
    assert [p["lemma"] for p in r.json()["paradigms"]] == ["άνθρωπος"]
    _error(client.get("/api/paradigm", params={"lemma": "άνθρωπος", "class": "P4"}),
           404, "unknown-lemma")


# -- search ---------------------------------------------------------------------------------


def test_anagram_ranks_best_first_and_marks_blanks(client):
    from fst.runtime.search import tile_set
    body = client.get("/api/anagram", params={"rack": "αεγρψα?"}).json()
    words = [m["word"] for m in body["matches"]]
    assert body["count"] == len(words) and not body["truncated"]
    assert "ΕΓΡΑΨΑ" in words and "ΓΡΑΨΑ" not in words  # §D1: the augment is obligatory
    scores = [m["score"] for m in body["matches"]]
    assert scores == sorted(scores, reverse=True)
    for m in body["matches"]:
        assert m["score"] == tile_set().score(m["word"], m["blanks"])
        assert [i for i, c in enumerate(m["shown"]) if c.islower()] == m["blanks"]
    exact = client.get("/api/anagram", params={"rack": "ΑΕΓΡΨΑ", "exact": "true"}).json()
    assert all(len(m["word"]) == 6 for m in exact["matches"]) and exact["count"] >= 1
    few = client.get("/api/anagram", params={"rack": "αεγρψα?", "limit": 2}).json()
    assert few["count"] == body["count"] and few["matches"] == body["matches"][:2]


def test_pattern_and_hooks(client):
    body = client.get("/api/pattern", params={"pattern": "ΑΝ?Ρ*ΠΟΣ"}).json()
    assert "ΑΝΘΡΩΠΟΣ" in [m["word"] for m in body["matches"]]
    assert all(re.fullmatch("ΑΝ.Ρ.*ΠΟΣ", m["word"]) for m in body["matches"])
    racked = client.get("/api/pattern", params={"pattern": "*ΨΑ", "rack": "ΕΓΡΑ"}).json()
    assert "ΕΓΡΑΨΑ" in [m["word"] for m in racked["matches"]]
    many = client.get("/api/pattern", params={"pattern": "Α*", "limit": 5}).json()
    assert many["truncated"] and many["count"] == webapp.MAX_COUNTED
    words = [m["word"] for m in many["matches"]]
    assert len(words) == 5 and words == sorted(words)
    hooks = client.get("/api/hooks", params={"word": "γραψα"}).json()
    assert "Ε" in hooks["front"]  # ΕΓΡΑΨΑ


@pytest.mark.parametrize("path, params, code", [
    ("/api/anagram", {"rack": ""}, "empty"),
    ("/api/anagram", {"rack": "Α???"}, "bad-rack"),
    ("/api/anagram", {"rack": "ΨΨΨ"}, "bad-rack"),
    ("/api/anagram", {"rack": "abc"}, "bad-rack"),
    ("/api/anagram", {"rack": "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠ"}, "bad-rack"),
    ("/api/pattern", {"pattern": ""}, "empty"),
    ("/api/pattern", {"pattern": "1*"}, "bad-pattern"),
    ("/api/pattern", {"pattern": "*", "rack": "Α???"}, "bad-pattern"),
    ("/api/hooks", {"word": "abc"}, "not-greek"),
])
def test_bad_search_input(client, path, params, code):
    _error(client.get(path, params=params), 400, code)


def test_search_page_shows_the_rack_and_results(client):
    r = client.get("/search", params={"rack": "ΑΕΓΡΨΑ"})
    assert r.status_code == 200
    assert len(re.findall(r'<button type="button" class="tile" data-letter="[Α-Ω]">', r.text)) == 24
    assert 'data-word="ΕΓΡΑΨΑ"' in r.text
    bad = client.get("/search", params={"rack": "Α???"})
    # the search's reason, in the page's language (Greek by default): never the CLI's English
    assert bad.status_code == 400 and "«Α???» έχει 3 λευκά πλακίδια" in bad.text
    assert "3 blanks" not in bad.text


# -- bad input: 4xx, one sentence, never a 500 ---------------------------------------------------


@pytest.mark.parametrize("path, params, status, code", [
    ("/api/check", {}, 400, "empty"),
    ("/api/analyse", {}, 400, "bad-request"),
    ("/api/analyse", {"word": ""}, 400, "empty"),
    ("/api/analyse", {"word": "hello"}, 400, "not-greek"),
    ("/api/analyse", {"word": "ΑΒΓ1"}, 400, "digit"),
    ("/api/analyse", {"word": "ΕΓΡAΨΑ"}, 400, "latin-lookalike"),
    ("/api/analyse", {"word": "Α" * 100}, 400, "too-long"),
    ("/api/analyse", {"word": "Α" * 5000}, 400, "bad-request"),
    ("/api/analyse", {"word": "ΑΒ\x00Γ"}, 400, "control"),
    ("/api/paradigm", {"lemma": "  "}, 400, "empty"),
    ("/api/paradigm", {"lemma": "дом"}, 400, "not-greek"),
    ("/api/anagram", {"rack": "ΑΒΓ", "min_length": "two"}, 400, "bad-request"),
    ("/api/anagram", {"rack": "ΑΒΓ", "limit": "0"}, 422, "out-of-range"),
    ("/api/anagram", {"rack": "ΑΒΓ", "min_length": "20"}, 422, "out-of-range"),
    ("/api/anagram", {"rack": "ΑΒΓ", "min_length": "1"}, 422, "out-of-range"),
    ("/api/anagram", {"rack": "ΑΒΓ", "min_length": "5", "max_length": "3"}, 422,
     "out-of-range"),
    ("/api/pattern", {"pattern": "Α*", "min_length": "16"}, 422, "out-of-range"),
    ("/api/nowhere", {}, 404, "not-found"),
])
def test_bad_input_is_4xx_json(client, path, params, status, code):
    _error(client.get(path, params=params), status, code)


def test_invalid_utf8_in_the_url(client):
    r = client.get("/api/analyse?word=%CE%95%FF%CE%91")
    assert "not valid UTF-8" in _error(r, 400, "invalid-utf8")
    res = client.get("/api/check?word=%FF").json()["results"][0]
    assert res["valid"] is False and res["error"] == "invalid-utf8"


def test_bad_bodies(client):
    post = client.post
    _error(post("/api/check", content=b'{"words": '), 400, "bad-request")
    _error(post("/api/check", content=b'\xff\xfe'), 400, "invalid-utf8")
    _error(post("/api/check", json={"word": "ΕΓΡΑΨΑ"}), 400, "bad-request")
    _error(post("/api/check", json={"words": [1, 2]}), 400, "bad-request")
    _error(post("/api/check", json={"words": []}), 400, "empty")
    _error(post("/api/check", json={"words": ["ΑΒ"] * (webapp.MAX_WORDS + 1)}),
           413, "too-many-words")
    _error(post("/api/check", content=b"x" * (webapp.MAX_BODY + 1)), 413, "too-large")
    _error(client.delete("/api/check"), 405, "method-not-allowed")


# -- pages --------------------------------------------------------------------------------------


def test_judge_page_posts_a_list(client):
    r = client.post("/", data={"words": "ΕΓΡΑΨΑ, γραψα\nabc"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    rows = re.findall(r'<td class="word">(.*?)</td>.*?<td class="verdict">(\w+)</td>', r.text,
                      re.S)
    # the page speaks Greek by default (grammars/interface.tsv), its reasons too
    # (grammars/messages.tsv); the English page gives the CLI's
    assert rows == [("ΕΓΡΑΨΑ", "δεκτή"), ("γραψα", "άκυρη"), ("abc", "άκυρη")]
    assert "§D1: η τονισμένη αύξηση είναι υποχρεωτική" in r.text
    assert "the stressed augment is obligatory" not in r.text


def test_the_pages_reasons_are_the_clis_in_the_pages_language(judge, capsys):
    """The judge page's reason column and the analyse page's reason, blocking rules and rules
    column: Greek on a Greek page, on an English one the CLI's own lines (check, explain),
    through the one formatter of the engine's reasons (grammars.labels.say); the JSON keeps
    the English."""
    from fastapi.testclient import TestClient

    from fst.app.cli import main
    from fst.rules import verdict_note, without_rule
    from grammars.labels import phrase, say
    from grammars.normalize import InvalidWord, to_tile
    words = ["ΓΡΑΨΑ", "ΞΑΝΑΡΩ", "Α", "ΞΨΖΩ", "ΕΓΡΑΨΑ"]
    main(["check"] + words)
    cli = [line.split("\t")[2] for line in capsys.readouterr().out.splitlines()]
    for lang in ("el", "en"):
        with TestClient(webapp.create_app(judge, lang), raise_server_exceptions=False) as c:
            page = c.post("/", data={"words": " ".join(words)}).text
            notes = [html.unescape(n.strip()) for n in
                     re.findall(r'<td class="why">(.*?)</td>', page, re.S)]
            assert notes == [verdict_note(judge.check(w), lang) for w in words]
            assert (notes == cli) == (lang == "en"), (notes, cli)
            ex = judge.explain("ΓΡΑΨΑ")
            shown = html.unescape(c.get("/analyse", params={"word": "ΓΡΑΨΑ"}).text)
            assert "— " + say(ex.verdict.reason, lang) in shown
            # the blocking rule once: its reason less the rule id the line names already
            rule, why = ex.blocked[0]
            assert '<p class="blocked">%s</p>' % phrase(
                "analyse.blocked", lang, rule="§" + rule, reason=without_rule(say(why, lang))) \
                in shown and "§D1: §D1" not in shown
            chain = html.unescape(c.get("/analyse", params={"word": "ΕΓΡΑΨΑ"}).text)
            assert ("§A1 κλίση P4" if lang == "el" else "§A1 paradigm P4") in chain
            body = c.get("/api/check", params={"word": words}).json()
            assert [r["note"] for r in body["results"]] == cli
            # a word that cannot be Greek: the normaliser's reason, on the page and in the JSON
            with pytest.raises(InvalidWord) as bad:
                to_tile("abc")
            shown = html.unescape(c.get("/analyse", params={"word": "abc"}).text)
            assert ">%s</p>" % say(bad.value.reason, lang) in shown
            assert _error(c.get("/api/analyse", params={"word": "abc"}), 400,
                          "not-greek") == bad.value.reason
    assert notes != [verdict_note(judge.check(w), "el") for w in words]


def test_challenge_page_has_no_hints(client):
    r = client.get("/challenge", params={"words": "ΓΡΑΨΑ"})
    verdict = re.search(r'id="verdict">(\w+)<', r.text).group(1)
    assert verdict == "ΑΚΥΡΗ"
    assert "§" not in r.text and "augment" not in r.text
    ok = client.get("/challenge", params={"words": "εγραψα ανθρωπους"})
    assert re.search(r'id="verdict">(\w+)<', ok.text).group(1) == "ΔΕΚΤΗ"


def test_paradigm_page_marks_variants_and_finds_the_lemma_of_a_form(client):
    r = client.get("/paradigm", params={"lemma": "γράφω"})
    # marked in Greek (grammars/interface.tsv: variant.alt, mark.alt); the class keeps the code
    assert '<span class="form alt">γράφομε<sup title="παραλλαγή">παραλλ.</sup></span>' in r.text
    # a form (or an unaccented lemma) of one lemma shows that lemma's paradigm
    r = client.get("/paradigm", params={"lemma": "ανθρωπου"})
    assert r.status_code == 200 and "άνθρωπος" in r.text and "ανθρώπων" in r.text


def test_analyse_page_links_lemma_and_hooks(client):
    r = client.get("/analyse", params={"word": "γραψαμε"})
    assert 'href="/paradigm?lemma=%CE%B3%CF%81%CE%AC%CF%86%CF%89&amp;class=P4"' in r.text  # γράφω
    hooks = re.search(r'<p class="hooks" id="hooks">(.*?)</p>', r.text, re.S).group(1)
    assert 'href="/analyse?word=%CE%95%CE%93%CE%A1%CE%91%CE%A8%CE%91%CE%9C%CE%95">Ε<' in hooks


def test_pages_render_errors_as_html(client):
    r = client.get("/analyse", params={"word": "hello"})
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    # the normaliser's reason, in the page's language (Greek by default), the letter named by
    # its script and code point in Greek, not by its Unicode name
    assert re.search(r'id="error" data-code="not-greek">ο χαρακτήρας «h» \(λατινικό γράμμα, '
                     r'U\+0068\) στη θέση 1 είναι γράμμα άλλου αλφαβήτου, όχι ελληνικό', r.text)
    assert "LATIN" not in r.text
    assert 'value="hello"' in r.text  # the form, with what was typed, to correct it
    assert client.get("/nowhere").status_code == 404


def test_pages_escape_what_was_typed(client):
    evil = "<script>alert(1)</script>"
    for path, params in (("/analyse", {"word": evil}), ("/", {"words": evil}),
                         ("/paradigm", {"lemma": evil}), ("/search", {"rack": evil})):
        r = client.get(path, params=params)
        assert r.status_code in (200, 400), path
        assert evil not in r.text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text, path  # shown back, escaped


def test_api_page_and_openapi(client):
    assert "/api/anagram" in client.get("/api").text
    paths = client.get("/api/openapi.json").json()["paths"]
    assert {"/api/check", "/api/challenge", "/api/analyse", "/api/paradigm", "/api/anagram",
            "/api/pattern", "/api/hooks"} <= set(paths)


def test_static_files(client):
    js = client.get("/static/keyboard.js")
    assert js.status_code == 200 and "dektes-keymap" in js.text


# -- the Greek keyboard layout --------------------------------------------------------------------

XKB_GR = Path("/usr/share/X11/xkb/symbols/gr")
# key position (X.Org name) → the key's character on a US layout
US = dict(zip(["AD%02d" % i for i in range(1, 11)], "qwertyuiop"))
US.update(zip(["AC%02d" % i for i in range(1, 11)], "asdfghjkl;"))
US.update(zip(["AB%02d" % i for i in range(1, 8)], "zxcvbnm"))
US_SHIFT = {k: (v.upper() if v.isalpha() else ":") for k, v in US.items()}


def _keysym(name: str) -> str:
    simple = {"semicolon": ";", "colon": ":", "dead_acute": "dead:\u0301",
              "dead_diaeresis": "dead:\u0308"}
    if name in simple:
        return simple[name]
    m = re.fullmatch(r"Greek_(\w+)", name)
    word = m.group(1)
    if word == "finalsmallsigma":
        return "ς"
    case = "CAPITAL" if word.isupper() else "SMALL"
    return unicodedata.lookup("GREEK %s LETTER %s" % (case, word.upper()))


def test_keyboard_matches_the_xorg_greek_layout():
    """Every Latin key maps as X.Org's gr(basic) layout (its 'bare' section) maps the key."""
    if not XKB_GR.exists():
        if CI:
            pytest.fail("%s is missing (xkb-data, installed with chromium)" % XKB_GR)
        pytest.skip("needs %s (xkb-data)" % XKB_GR)
    text = XKB_GR.read_text(encoding="utf-8")
    bare = text[text.index('xkb_symbols "bare"'):]
    bare = bare[:bare.index("};\n")]
    checked = 0
    for pos, lower, upper in re.findall(r"key <(\w+)>\s*{\s*\[\s*(\w+),\s*(\w+)\s*\]", bare):
        if pos not in US:
            continue
        for key, sym in ((US[pos], lower), (US_SHIFT[pos], upper)):
            expected = _keysym(sym)
            if expected.startswith("dead:"):
                assert keyboard.DEAD_KEYS[key] == expected[5:], key
            else:
                assert keyboard.LATIN_TO_GREEK[key] == expected, key
            checked += 1
    assert checked == 2 * len(US) == 54
    # the examples of the issue
    assert "".join(keyboard.LATIN_TO_GREEK[c] for c in "abgdezhuiklmnjoprswtyfxcv") == \
        "αβγδεζηθικλμνξοπρσςτυφχψω"


def test_paradigm_grid():
    from fst.api import ParadigmRow as R
    rows = [R("γράφω", "V;IND;PRS;IPFV;1;SG;ACT", "main"),
            R("γράφουμε", "V;IND;PRS;IPFV;1;PL;ACT", "main"),
            R("γράφομε", "V;IND;PRS;IPFV;1;PL;ACT", "alt"),
            R("γράφεις", "V;IND;PRS;IPFV;2;SG;ACT", "main"),
            R("γράψε", "V;IMP;PFV;2;SG;ACT", "main"),
            R("καλή", "ADJ;FEM;NOM;SG", "main"),
            R("καλός", "ADJ;MASC;NOM;SG", "main"),
            R("καλούς", "ADJ;MASC;ACC;PL", "main")]
    verb, imp, adj = tables.grid(rows)
    assert (verb.title, verb.columns) == ("V;ACT", ["1 SG", "2 SG", "1 PL"])
    assert verb.rows == [("IND;PRS;IPFV", [[("γράφω", "main")], [("γράφεις", "main")],
                                           [("γράφουμε", "main"), ("γράφομε", "alt")]])]
    assert (imp.columns, imp.rows) == (["2 SG"], [("IMP;PFV", [[("γράψε", "main")]])])
    assert (adj.title, adj.columns) == ("ADJ", ["MASC SG", "FEM SG", "MASC PL"])
    assert adj.rows == [("NOM", [[("καλός", "main")], [("καλή", "main")], []]),
                        ("ACC", [[], [], [("καλούς", "main")]])]


# -- the command ---------------------------------------------------------------------------------


def test_serve_refuses_a_bad_port(capsys):
    from fst.app.cli import main
    assert main(["serve", "--port", "70000"]) == 2
    assert "not a TCP port" in capsys.readouterr().err


def test_serve_without_the_web_extra(monkeypatch, capsys):
    import sys

    from fst.app.cli import main
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "uvicorn is missing" in err and "pip install 'dektes[web]'" in err


def test_serve_reports_an_address_in_use(judge, capsys):
    from fst.app.cli import main
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert "cannot serve on 127.0.0.1:%d" % port in err and "in use" in err


def test_rule_ids_are_shown_as_the_cli_shows_them(client, judge):
    """One formatter of rule ids (fst.rules.shown) for the CLI and the web: a form licensed by a
    principal part carries the same ids in both (once the web printed §part:paor)."""
    word = "ξαναπιάστηκα"   # πιάνω's manual paor=πιάστηκα (σκέπτομαι's plain class also has ξανασκέφτηκα)
    v = judge.check(word)
    assert any(r.startswith("part:") for r in v.rules) and "B3" in v.rules
    [res] = client.get("/api/check", params={"word": word}).json()["results"]
    assert res["rules"] == rules.shown(v.rules) == ["§A1:paor", "§B3"]
    body = client.get("/api/analyse", params={"word": word}).json()
    assert [a["rules"] for a in body["analyses"]] == [rules.shown(a.rules)
                                                      for a in judge.analyse(word)]


def test_a_range_error_names_its_parameter(client):
    reason = _error(client.get("/api/anagram", params={"rack": "ΑΒΓ", "min_length": "20"}),
                    422, "out-of-range")
    assert "min_length" in reason


def test_a_long_url_is_414_json(client):
    r = client.get("/api/check", params={"word": "Α" * 7000})  # 42 KB percent-encoded
    assert "at most" in _error(r, 414, "uri-too-long")


def curl_request(client, example: str):
    """Run the curl command ``example`` (as printed on the /api page) through ``client``: the
    options the page uses (-s, -G, -d, --data-urlencode, -H) mean what curl makes of them."""
    import shlex
    from urllib.parse import quote, urlsplit
    argv = shlex.split(example)
    assert argv[0] == "curl", example
    get, data, headers, url = False, [], {}, None
    args = iter(argv[1:])
    for a in args:
        if a in ("-s", "-S", "-sS"):
            continue
        if a in ("-G", "-sG"):
            get = True
        elif a in ("-d", "--data"):
            data.append(next(args))
        elif a == "--data-urlencode":  # name=content: content percent-encoded
            name, _, content = next(args).rpartition("=")
            data.append((name + "=" if name else "") + quote(content, safe=""))
        elif a == "-H":
            key, _, value = next(args).partition(":")
            headers[key.strip()] = value.strip()
        elif a.startswith("http"):
            url = a
        else:
            raise AssertionError(f"{example}: the test does not know curl's {a}")
    parts = urlsplit(url)
    query = "&".join(([parts.query] if parts.query else []) + (data if get else []))
    target = parts.path + ("?" + query if query else "")
    assert target.isascii(), example  # what curl sends: percent-encoded
    if data and not get:
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        return client.post(target, content="&".join(data).encode("utf-8"), headers=headers)
    return client.get(target, headers=headers)


def api_examples(html: str) -> list[str]:
    """The curl examples of the /api page, as a reader copies them."""
    import html as htmllib
    return [htmllib.unescape(m) for m in re.findall(r'<code class="example">(.*?)</code>', html,
                                                     re.S)]


@pytest.mark.parametrize("lang", ["el", "en"])
def test_every_api_example_runs_as_printed(judge, lang):
    """Each curl example of the /api page, copied as printed (its base URL is the server's
    own), answers 200 with JSON and no error; every endpoint has one."""
    from fastapi.testclient import TestClient
    with TestClient(webapp.create_app(judge, lang), raise_server_exceptions=False) as c:
        examples = api_examples(c.get("/api").text)
        assert examples and all(e.startswith("curl ") and " http://testserver/api/" in e
                                for e in examples)
        covered = set()
        for example in examples:
            r = curl_request(c, example)
            assert r.status_code == 200, (example, r.text)
            assert r.headers["content-type"] == "application/json", example
            assert "error" not in r.json(), example
            covered.add(re.search(r"http://testserver(/api/[a-z]+)", example).group(1))
        paths = set(c.get("/api/openapi.json").json()["paths"])
        assert paths <= covered, sorted(paths - covered)
        check = [e for e in examples if "/api/check --data" in e][0]
        assert [r["valid"] for r in curl_request(c, check).json()["results"]] == [True, False]


def test_curl_request_reads_curl_options_as_curl_does(client):
    # the helper above is itself checked: --data-urlencode encodes, -d does not, -G puts both
    # in the query (a wrong helper would make every example pass or fail alike)
    r = curl_request(client, "curl -sG http://testserver/api/check --data-urlencode 'word=Ε Γ'")
    assert r.json()["results"][0]["word"] == "Ε Γ"
    r = curl_request(client, "curl -s http://testserver/api/check -H 'Content-Type: "
                             "application/json' -d '{\"words\": [\"ΑΒ\"]}'")
    assert r.status_code == 200 and r.json()["results"][0]["word"] == "ΑΒ"
    with pytest.raises(AssertionError, match="does not know"):
        curl_request(client, "curl -X DELETE http://testserver/api/check")


@pytest.mark.parametrize("path, params", [
    ("/api/anagram", {"rack": "αεγρψα?"}),
    ("/api/anagram", {"rack": "αεγρψα?", "sort": "probability"}),
    ("/api/pattern", {"pattern": "*ΨΑ", "rack": "ΕΓΡΑ??"}),
    ("/api/pattern", {"pattern": "ΕΓΡΑ*"}),
    ("/api/extensions", {"word": "ΓΡΑΦΩ", "side": "front"}),
])
def test_count_and_truncated_mean_the_same_in_anagram_and_pattern(client, path, params):
    """count = matches found in all; complete = that is all of them; truncated = matches
    leaves some out (the /api page's paragraph)."""
    whole = client.get(path, params={**params, "limit": 500}).json()
    n = whole["count"]
    assert n > 3 and whole["complete"] and not whole["truncated"] and len(whole["matches"]) == n
    few = client.get(path, params={**params, "limit": 3}).json()
    assert (few["count"], few["complete"], few["truncated"]) == (n, True, True)
    assert few["matches"] == whole["matches"][:3]
    exact = client.get(path, params={**params, "limit": n}).json()
    assert not exact["truncated"] and exact["count"] == n


def test_a_capped_count_is_not_complete(client):
    many = client.get("/api/pattern", params={"pattern": "Α*", "limit": 5}).json()
    assert many["count"] == webapp.MAX_COUNTED and not many["complete"] and many["truncated"]
    page = client.get("/api").text
    assert 'id="counts"' in page and "10.000" in page  # Greek groups thousands with a dot


@pytest.mark.parametrize("path, params", [
    ("/api/anagram", {"rack": "ΑΒΓ"}),
    ("/api/pattern", {"pattern": "Α*"}),
    ("/api/extensions", {"word": "ΓΡΑΦΩ"}),
])
@pytest.mark.parametrize("name, value", [
    ("min_length", 20), ("min_length", 1), ("max_length", 16), ("max_length", 0),
    ("limit", 0), ("limit", webapp.MAX_RESULTS + 1), ("super", 16), ("super", -1),
])
def test_every_parameter_out_of_range_is_422_naming_it(client, judge, path, params, name,
                                                       value):
    """A number outside its range is never an empty answer (min_length=20 once gave no
    words): 422, naming the parameter, the value and its range."""
    if name == "super" and path != "/api/anagram":
        pytest.skip("super is an anagram parameter")
    reason = _error(client.get(path, params={**params, name: value}), 422, "out-of-range")
    lo, hi = {"min_length": (2, judge.max_length), "max_length": (2, judge.max_length),
              "limit": (1, webapp.MAX_RESULTS), "super": (0, webapp.MAX_SUPER)}[name]
    assert reason == f"{name} ({value}) must be between {lo} and {hi}"
    page = client.get("/search", params={("pattern" if "pattern" in params else "rack"):
                                         "ΑΒΓ", name: value})
    assert page.status_code == 422 and name in page.text  # the page says it too


def _cli_message(capsys, argv: list[str]) -> str:
    """The one-line message the CLI prints for ``argv``: stderr's line less ``dektes: ``, or
    the reason column of the word's output line."""
    from fst.app.cli import main
    main(argv)
    out, err = capsys.readouterr()
    if err.strip():
        [line] = err.strip().splitlines()
        return line.split(": ", 1)[1]
    return out.strip().split("\t")[-1]


@pytest.mark.parametrize("argv, path, params", [
    (["paradigm", "άνθρωπος", "--class", "ZZ"], "/api/paradigm",
     {"lemma": "άνθρωπος", "class": "ZZ"}),
    (["paradigm", "άνθρωπος", "--class", "P4"], "/api/paradigm",
     {"lemma": "άνθρωπος", "class": "P4"}),
    (["paradigm", "ξξξξος"], "/api/paradigm", {"lemma": "ξξξξος"}),
    (["anagram", "Α???"], "/api/anagram", {"rack": "Α???"}),
    (["anagram", "ΨΨΨ"], "/api/anagram", {"rack": "ΨΨΨ"}),
    (["pattern", "1*"], "/api/pattern", {"pattern": "1*"}),
    (["pattern", "ΑΝ[ΘΤ"], "/api/pattern", {"pattern": "ΑΝ[ΘΤ"}),
    (["extensions", "gr"], "/api/extensions", {"word": "gr"}),
    (["explain", "hello"], "/api/analyse", {"word": "hello"}),
    (["hooks", "abc"], "/api/hooks", {"word": "abc"}),
    (["anagram", "ΑΒΓ", "--min-length", "5", "--max-length", "3"], "/api/anagram",
     {"rack": "ΑΒΓ", "min_length": 5, "max_length": 3}),
])
def test_every_error_carries_the_cli_message(client, capsys, argv, path, params):
    """The API's error reason is the CLI's one-line message for the same input (the CLI's
    --min-length is min_length here)."""
    r = client.get(path, params=params)
    assert 400 <= r.status_code < 500
    reason = _error(r, r.status_code)
    assert reason == _cli_message(capsys, argv).replace("--min-length", "min_length") \
        .replace("--max-length", "max_length")


def test_an_unknown_class_is_named_as_such(client):
    reason = _error(client.get("/api/paradigm", params={"lemma": "άνθρωπος", "class": "ZZ"}),
                    400, "unknown-class")
    assert reason.startswith("ZZ is not an inflection class")
    r = client.get("/api/paradigm", params={"lemma": "άνθρωπος", "class": "P4"})
    assert "its paradigm is in class O19" in _error(r, 404, "unknown-lemma")
    assert r.json()["error"]["lemmas"] == [{"lemma": "άνθρωπος", "inflection_class": "O19"}]


def test_the_json_is_the_same_in_either_language(judge):
    """The pages' language never reaches the JSON: UniMorph codes, the CLI's messages."""
    from fastapi.testclient import TestClient
    asks = [("/api/paradigm", {"lemma": "γράφω"}), ("/api/analyse", {"word": "ΓΡΑΨΑ"}),
            ("/api/check", {"word": ["εγραψα", "γραψα"]}), ("/api/anagram", {"rack": "ΑΒ?"}),
            ("/api/paradigm", {"lemma": "άνθρωπος", "class": "ZZ"})]
    with TestClient(webapp.create_app(judge, "el"), raise_server_exceptions=False) as el, \
            TestClient(webapp.create_app(judge, "en"), raise_server_exceptions=False) as en:
        for path, params in asks:
            assert el.get(path, params=params).json() == en.get(path, params=params).json()
        tags = {r["tags"] for r in el.get("/api/paradigm", params={"lemma": "γράφω"}).json()[
            "paradigms"][0]["rows"]}
        assert "V;IND;PST;PFV;1;SG;ACT" in tags


def test_the_greek_pages_name_cells_through_the_one_formatter(client):
    from grammars.labels import label
    page = client.get("/analyse", params={"word": "γραψαμε"}).text
    cell = "V;IND;PST;PFV;1;PL;ACT"
    assert (f'<td class="cell" title="{cell}">{label(cell, "el")}</td>') in page
    assert label(cell, "el") == "Ρήμα, Αόριστος, α΄ πρόσωπο, Πληθυντικός, Ενεργητική φωνή"
    grid = client.get("/paradigm", params={"lemma": "γράφω"}).text
    assert "<th>τύπος</th>" in grid and "<th>form</th>" not in grid  # the infinitive's column
    for name in ("Ενεστώτας", "Παρατατικός", "Αόριστος", "Υποτακτική αορίστου",
                 "Προστακτική ενεστώτα", "Απαρέμφατο", "Ονομαστική", "Γενική"):
        assert f"<th scope=\"row\">{name}</th>" in grid, name


def test_serve_speaks_greek_unless_told(judge):
    from fst.app.cli import build_parser
    assert build_parser().parse_args(["serve"]).lang == "el"
    assert build_parser().parse_args(["serve", "--lang", "en"]).lang == "en"
    from fastapi.testclient import TestClient
    with TestClient(webapp.create_app(judge)) as c:  # the application's default too
        page = c.get("/").text
        assert '<html lang="el">' in page and ">Κρίση<" in page


@pytest.mark.parametrize("params, reason", [
    ({"word": "Α"}, "rack is missing: add ?rack=… to the URL"),
    ({"rack": "Α", "min_length": "two"}, "min_length (two) is not a whole number"),
    ({"rack": "Α", "sort": "random"}, "sort (random) is not one of score, alpha, probability"),
    ({"rack": "Α", "exact": "maybe"}, "exact (maybe) is not true or false"),
    ({"rack": "Α" * 300}, "rack is 300 characters long; at most 256"),
])
def test_a_bad_parameter_is_one_sentence_naming_it(client, params, reason):
    assert _error(client.get("/api/anagram", params=params), 400, "bad-request") == reason


@pytest.mark.parametrize("word", ["γραψαμε", "ΑΑΑ", "ξανασκέφτηκα"])
def test_the_analyse_page_names_rules_as_explain_does(judge, client, capsys, word):
    """A hidden word is §E2 on the page as in dektes explain, not §A1 (a listed lemma's form);
    a principal part is §A1:KEY; the cell is named in Greek (ΑΑΑ: Κρυμμένη λέξη). The
    English page's rules column is explain's; the Greek page's says its words in Greek."""
    from fastapi.testclient import TestClient

    from fst.app.cli import main
    from fst.app.cli.judge import _explain_chain
    from grammars.labels import say
    main(["explain", word])
    cli = [line.split("\t")[-2] for line in capsys.readouterr().out.splitlines()
           if line.startswith("\t")]
    greek = [" ".join(say(c, "el") for c in _explain_chain(a, judge))
             for a in judge.explain(word).analyses]
    page = client.get("/analyse", params={"word": word}).text
    assert re.findall(r'<td class="chain">(.*?)</td>', page) == greek and greek != cli
    with TestClient(webapp.create_app(judge, "en")) as en:
        english = en.get("/analyse", params={"word": word}).text
        assert re.findall(r'<td class="chain">(.*?)</td>', english) == cli
    if word == "ΑΑΑ":
        assert cli == ["§E2 hidden word"] and greek == ["§E2 κρυμμένη λέξη"]
        assert '<td class="cell" title="HIDDEN">Κρυμμένη λέξη' in page
    assert "_chains" not in client.get("/api/analyse", params={"word": word}).json()
