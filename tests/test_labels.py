"""Greek grammatical labels of the cells (grammars/labels.tsv, one formatter: grammars/labels.py):
paradigm --labels greek, and the web's paradigm tables in Greek by default (issue 23); the web
page's phrases (grammars/interface.tsv) and the engine's reasons (grammars/messages.tsv), Greek
on the Greek pages, English for the CLI and the JSON."""
from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from grammars import labels
from grammars.labels import _rows, label


@pytest.mark.parametrize("cell, greek", [
    ("V;IND;PRS;IPFV;1;SG;ACT", "Ρήμα, Ενεστώτας, α΄ πρόσωπο, Ενικός, Ενεργητική φωνή"),
    ("V;IND;PST;IPFV;3;PL;ACT", "Ρήμα, Παρατατικός, γ΄ πρόσωπο, Πληθυντικός, Ενεργητική φωνή"),
    ("V;IND;PST;PFV;2;SG;PASS", "Ρήμα, Αόριστος, β΄ πρόσωπο, Ενικός, Παθητική φωνή"),
    ("N;GEN;PL", "Ουσιαστικό, Γενική, Πληθυντικός"),
    ("ADJ;FEM;VOC;SG", "Επίθετο, Θηλυκό, Κλητική, Ενικός"),
])
def test_cells_are_named_in_greek(cell, greek):
    assert label(cell) == greek


def test_every_feature_of_every_class_has_a_name():
    from grammars.paradigm import load_tables
    named = set().union(*[keys for keys, _ in _rows()])
    used = {f for t in load_tables().values() for cell in t.rules for f in cell.split(";")}
    assert used and used <= named, sorted(used - named)
    assert label("N;XYZ") == "Ουσιαστικό, XYZ"  # an unnamed feature keeps its code
    with pytest.raises(ValueError, match="language"):
        label("N;NOM;SG", "fr")


def test_paradigm_labels_greek(judge, capsys):
    from fst.app.cli import main
    assert main(["paradigm", "γράφω", "--labels", "greek"]) == 0
    out = capsys.readouterr().out
    assert "γράφω\tΡήμα, Ενεστώτας, α΄ πρόσωπο, Ενικός, Ενεργητική φωνή\tmain" in out
    assert "έγραψα\tΡήμα, Αόριστος" in out and "V;IND" not in out
    assert main(["paradigm", "γράφω"]) == 0
    assert "γράφω\tV;IND;PRS;IPFV;1;SG;ACT\tmain" in capsys.readouterr().out


def test_the_web_paradigm_table_is_greek_and_the_json_keeps_unimorph(judge):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from fst.app.web import app as webapp
    with TestClient(webapp.create_app(judge)) as c:
        page = c.get("/paradigm", params={"lemma": "γράφω"}).text
        assert "Ενεστώτας" in page and "Αόριστος" in page and "Παρατατικός" in page
        assert "IND;PRS;IPFV" not in page
        body = c.get("/api/paradigm", params={"lemma": "γράφω"}).json()
        assert "V;IND;PRS;IPFV;1;SG;ACT" in {r["tags"] for r in body["paradigms"][0]["rows"]}
    with TestClient(webapp.create_app(judge, lang="en")) as c:
        assert "present" in c.get("/paradigm", params={"lemma": "γράφω"}).text


# -- the web page's words (grammars/interface.tsv) ------------------------------------------------

TEMPLATES = Path(__file__).resolve().parent.parent / "fst" / "app" / "web" / "templates"
PAGES = ["/", "/?words=ΓΡΑΨΑ+ΞΑΝΑΡΩ+ΞΑΝΑΚΑΛΟΣ+Α+ΞΨΖΩ+ΚΟΚΚΙΝΟΤΕΡΟΣ+ΕΓΡΑΨΑ",
         "/challenge?words=ΓΡΑΨΑ", "/analyse?word=γραψαμε", "/analyse?word=ΓΡΑΨΑ",
         "/analyse?word=ΞΨΖΩ",
         "/paradigm?lemma=γράφω", "/paradigm?lemma=ανθρωπου", "/search?rack=ΑΕΓΡΨΑ",
         "/search?pattern=ΑΝ?Ρ*ΠΟΣ", "/api", "/no-such-page",
         # bad input (issue 23 item 6): a Latin look-alike (the A of ΕΓΡAΨΑ), a Cyrillic letter
         # in a Greek word (the Р of ΑΝΘРΩΠΟΣ), a digit, an invisible character, an unknown
         # class and lemma, numbers out of range, a method not allowed, a long URL
         "/?words=ΕΓΡAΨΑ+ΑΝΘРΩΠΟΣ+ΛΟΓΟΣ1+ΑΒ%E2%80%8BΓ+HOTEL", "/analyse?word=ΕΓΡAΨΑ",
         "/analyse?word=ΑΝΘРΩΠΟΣ", "/analyse?word=%CE%91%FF", "/paradigm?lemma=γράφω&class=ZZ",
         "/paradigm?lemma=ξψζωξψ", "/paradigm?lemma=γράφω&class=O19",
         "/search?rack=ΑΕΓΡΨΑ&min_length=99", "/search?rack=ΑΕΓΡΨΑ&limit=0&super=99",
         "/search?rack=ΑΕΓΡΨΑ&min_length=9&max_length=3", "/search?rack=ΑΕ&min_length=x",
         # a rack or pattern that cannot be searched (fst/runtime/search.py: SearchError): an
         # empty rack, too many blanks, tiles, Ξ; a letter set empty, unclosed, or none opened
         "/search?rack=", "/search?rack=%3F%3F%3F%3F%3F%3F%3F%3F%3F%3F",
         "/search?rack=ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥ", "/search?rack=ΞΞΞ", "/search?rack=ΑΒ1",
         "/search?pattern=[]", "/search?pattern=]", "/search?pattern=ΑΝ[ΘΤ",
         "/search?pattern=[%3F]", "/search?pattern=" + "%3F" * 16,
         "/search?pattern=ΑΝ*&rack=ΞΞΞ",
         ("POST", "/analyse")]

#: words of Latin letters a Greek page may show: names of formats, of the program and of an
#: HTTP method, the byte; any other is English left on the page (rule ids, code points, file
#: paths and parameter names are not words: see the test)
LATIN_ON_GREEK = {"API", "JSON", "UTF", "OpenAPI", "UniMorph", "dektes", "POST", "IRR", "URL",
                  "byte"}


def _used_keys() -> set[str]:
    """The phrase keys the templates name: t('key' …), and t('a' if … else 'b')."""
    keys = set()
    for path in TEMPLATES.glob("*.html"):
        for call in re.findall(r"\bt\(('[^']*'(?: if [^)]*? else '[^']*')?)",
                               path.read_text(encoding="utf-8")):
            keys |= set(re.findall(r"'([^']*)'", call))
    return keys


def test_every_phrase_a_page_uses_is_written_in_both_languages():
    from grammars.paradigm import WEIGHTS
    used = _used_keys() | {"paradigm.not_lemma", "paradigm.form"}  # app.py's note, tables.py
    # paradigm.html's marks t('variant.' ~ variant): every variant but the main form
    used -= {"variant.", "mark."}
    used |= {f"{kind}.{v}" for v in WEIGHTS.values() if v != "main" for kind in ("variant", "mark")}
    written = set(labels._phrases())
    assert used - written == set()
    assert written - used == set(), "phrases no page uses"
    for key in written:
        el, en = labels.phrase(key, "el"), labels.phrase(key, "en")
        assert el and en, key


def test_phrase_fills_fields_and_names_a_bad_key():
    assert labels.phrase("judge.count", "el", valid=2, total=3) == "2 από 3 δεκτές"
    assert labels.phrase("judge.count", "en", valid=2, total=3) == "2 of 3 valid"
    with pytest.raises(ValueError, match="no-such"):
        labels.phrase("no-such", "el")
    with pytest.raises(ValueError, match="language"):
        labels.phrase("valid", "fr")


def _visible(html: str) -> str:
    """The page's own words: its text less scripts and code. The engine's reasons and the
    errors of bad input are the page's (grammars/messages.tsv), in its language."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    html = re.sub(r"<code.*?</code>", " ", html, flags=re.S)  # JSON fields, commands: no language
    html = re.sub(r'<input[^>]*>', " ", html)  # the words as typed (the form keeps them)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _fixed_parts(lang: str) -> set[str]:
    """The runs of words (a dozen characters or more) of the engine's messages in ``lang``,
    between their fields and punctuation: a message shown in the other language leaks one of
    them (less those both languages share, file names)."""
    return {part.strip() for m in labels._messages().values()
            for part in re.split(r"\{[^}]*\}|[()§:;,]", m[lang]) if len(part.strip()) >= 12}


def test_the_pages_speak_greek_by_default_and_english_on_request(judge):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from fst.app.web import app as webapp
    english = {p["en"] for k, p in labels._phrases().items()
               if p["en"] != p["el"] and "{" not in p["en"] and len(p["en"]) > 3}
    greek = {p["el"] for k, p in labels._phrases().items()
             if p["en"] != p["el"] and "{" not in p["el"] and len(p["el"]) > 3}
    seen_el, seen_en = set(), set()
    with TestClient(webapp.create_app(judge), raise_server_exceptions=False) as el, \
            TestClient(webapp.create_app(judge, lang="en"),
                       raise_server_exceptions=False) as en:
        for path in PAGES:
            method, path = path if isinstance(path, tuple) else ("GET", path)
            page_el, page_en = el.request(method, path).text, en.request(method, path).text
            assert '<html lang="el">' in page_el and '<html lang="en">' in page_en
            shown_el, shown_en = _visible(page_el), _visible(page_en)
            # an English phrase on the Greek page (a whole word of it) is a missed translation
            leaks = {e for e in english if re.search(r"(?<!\w)%s(?!\w)" % re.escape(e), shown_el)}
            assert leaks == set(), (path, leaks)
            leaks = {e for e in _fixed_parts("en") - _fixed_parts("el") if e in shown_el}
            assert leaks == set(), (path, leaks)  # an engine's reason left in English
            # any English word: a character's Unicode name, an error of the application's own
            # (less the words of the request, which a page echoes: HOTEL, a parameter's name)
            latin = set(re.findall(r"(?<![\w/.§+])[A-Za-z]{3,}(?![\w/.])", shown_el))
            typed = set(re.findall(r"[A-Za-z]+", urllib.parse.unquote(path)))
            assert latin - LATIN_ON_GREEK - typed == set(), (path, latin)
            seen_el |= {g for g in _fixed_parts("el") if g in shown_el}
            # and no Greek phrase of the pages on the English page
            leaks = {g for g in greek if re.search(r"(?<!\w)%s(?!\w)" % re.escape(g), shown_en)}
            assert leaks == set(), (path, leaks)
            seen_el |= {g for g in greek if g in page_el}
            seen_en |= {e for e in english if e in page_en}
    assert {"Κρίση", "Αμφισβήτηση", "Κλίση", "Ράφι"} <= seen_el
    assert {"η τονισμένη αύξηση είναι υποχρεωτική", "αυτό το ρήμα παίρνει μόνο ξαναα-",
            "κανένα λήμμα του λεξικού δεν έχει αυτόν τον τύπο"} <= seen_el
    assert {"Judge", "Challenge", "Paradigm", "Rack"} <= seen_en
    with pytest.raises(ValueError, match="language"):
        webapp.create_app(judge, lang="fr")


#: a bad request, the error's code and status, its English reason (the JSON's, the CLI's: the
#: same bytes as before issue 23 item 6) and words of the Greek page's
BAD_REQUESTS = [
    ("/analyse?word=ΕΓΡAΨΑ", 400, "latin-lookalike",
     "character 'A' (LATIN CAPITAL LETTER A) at position 4 is a Latin letter, not Greek (it "
     "looks like the Greek 'Α'; allow Latin look-alikes to map it)",
     "ο χαρακτήρας «A» (λατινικό γράμμα, U+0041) στη θέση 4 είναι λατινικό γράμμα"),
    ("/analyse?word=ΑΝΘРΩΠΟΣ", 400, "mixed-script",
     "character 'Р' (CYRILLIC CAPITAL LETTER ER) at position 4 is a Cyrillic letter, not Greek",
     "ο χαρακτήρας «Р» (κυριλλικό γράμμα, U+0420) στη θέση 4 είναι γράμμα άλλου αλφαβήτου"),
    ("/analyse?word=ΑΒ%E2%80%8BΓ", 400, "control",
     "character U+200B (ZERO WIDTH SPACE) at position 3 is an invisible or control character",
     "ο χαρακτήρας U+200B (αόρατος χαρακτήρας μορφοποίησης) στη θέση 3"),
    ("/no-such-page", 404, "not-found", "no page or endpoint /no-such-page",
     "δεν υπάρχει σελίδα ή διεύθυνση /no-such-page"),
    ("/paradigm?lemma=γράφω&class=ZZ", 400, "unknown-class",
     "ZZ is not an inflection class (the classes are the files of grammars/classes, and IRR)",
     "το ZZ δεν είναι κλιτική τάξη"),
    ("/paradigm?lemma=ξψζωξψ", 404, "unknown-lemma",
     "unknown lemma ξψζωξψ: no lemma has it among its forms", "άγνωστο λήμμα ξψζωξψ"),
    ("/search?rack=ΑΕΓΡΨΑ&min_length=99", 422, "out-of-range",
     "min_length (99) must be between 2 and 15",
     "η παράμετρος min_length (99) πρέπει να είναι από 2 έως 15"),
    ("/search?rack=ΑΕΓΡΨΑ&limit=0&super=99", 422, "out-of-range",
     "limit (0) must be between 1 and 5000; super (99) must be between 0 and 15",
     "από 1 έως 5000· η παράμετρος super"),
    ("/search?rack=ΞΞΞ", 400, "bad-rack", "rack 'ΞΞΞ' has 3 × Ξ; the Greek set has 1",
     "το ράφι «ΞΞΞ» έχει 3 × Ξ· το ελληνικό σετ έχει 1"),
]


@pytest.mark.parametrize("path, status, code, english, greek", BAD_REQUESTS)
def test_a_bad_request_is_greek_on_a_greek_page_and_english_in_the_json(judge, path, status,
                                                                         code, english, greek):
    """The error of a bad request (a word that cannot be Greek, an unknown page, class or
    lemma, a number out of range): on a Greek page in Greek, through the one formatter
    (grammars.labels.say); in the JSON (the same request under /api) the CLI's English line
    and its code; on an English page that English line."""
    pytest.importorskip("fastapi")
    import html
    from fastapi.testclient import TestClient

    from fst.app.web import app as webapp
    # the same request to the API: /api/analyse, /api/paradigm; a search is /api/anagram's
    api = "/api" + path.replace("/search?", "/anagram?")
    english = english.replace("/no-such-page", "/api/no-such-page") if code == "not-found" \
        else english
    with TestClient(webapp.create_app(judge), raise_server_exceptions=False) as el, \
            TestClient(webapp.create_app(judge, lang="en"),
                       raise_server_exceptions=False) as en:
        r = el.get(path)
        assert r.status_code == status
        shown = html.unescape(re.search(r'<p class="error".*?>(.*?)</p>', r.text, re.S)[1])
        assert greek in shown and english.replace("/api/", "/") not in shown, shown
        body = el.get(api).json()
        assert body["error"]["code"] == code and body["error"]["reason"] == english, body
        assert labels.say(body["error"]["reason"], "el") == body["error"]["reason"]  # a str
        shown = html.unescape(re.search(r'<p class="error".*?>(.*?)</p>', en.get(path).text,
                                        re.S)[1])
        assert english.replace("/api/", "/") in shown


# -- the engine's reasons (grammars/messages.tsv) -------------------------------------------------

SOURCES = [Path(labels.__file__).resolve().parent.parent / d for d in ("fst", "grammars")]
_FIELD = re.compile(r"\{(\w+)(?:![rsa])?\}")


def _keys_in_code() -> tuple[set[str], set[str]]:
    """The message keys the sources give (message("key" …)), and every quoted string of the
    sources shaped as a key (a table of keys: §E5's endings, the normaliser's characters)."""
    given, quoted = set(), set()
    for folder in SOURCES:
        for path in folder.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            given |= set(re.findall(r'\bmessage\(\s*"([^"]+)"', text))
            quoted |= set(re.findall(r'"([a-z]+(?:\.\w+)+)"', text))
    return given, quoted


def test_every_message_is_written_in_both_languages_and_used():
    written = labels._messages()
    given, quoted = _keys_in_code()
    assert given - set(written) == set(), "messages the code names but messages.tsv lacks"
    assert set(written) - given - quoted == set(), "messages no code gives"
    for key, texts in written.items():
        el, en = texts["el"], texts["en"]
        assert el and en and el != en, key
        # the rule id leads both (fst.rules.verdict_note reads it off the Greek text too)
        lead_el, lead_en = re.match(r"§[^\s:]+", el), re.match(r"§[^\s:]+", en)
        assert (lead_el and lead_el.group()) == (lead_en and lead_en.group()), key
        # a field is a word or a number either language needs; only the English article and
        # part-of-speech names, and the Greek ones, are one language's own, and a field named
        # so (…_el, …_en: a character's Unicode name, its code point on a Greek page)
        def shared(text):
            return {f for f in _FIELD.findall(text) if f not in {"article", "kinds"}
                    and not f.endswith(("_el", "_en"))}
        assert shared(el) == shared(en), key


def test_a_message_is_its_english_string_and_says_itself_in_greek():
    import pickle
    m = labels.message("reason.D1", word="ΕΓΡΑΨΑ")
    assert m == "§D1: the stressed augment is obligatory (ΕΓΡΑΨΑ is valid)"
    assert isinstance(m, str) and labels.say(m, "en") == m
    assert labels.say(m, "el") == ("§D1: η τονισμένη αύξηση είναι υποχρεωτική "
                                   "(η λέξη ΕΓΡΑΨΑ είναι δεκτή)")
    back = pickle.loads(pickle.dumps(m))
    assert back == m and labels.say(back, "el") == labels.say(m, "el")
    assert labels.say("ΞΨΖΩ", "el") == "ΞΨΖΩ"  # a string no row holds stays as it is
    with pytest.raises(ValueError, match="no-such"):
        labels.message("no-such")
    with pytest.raises(ValueError, match="language"):
        labels.say(m, "fr")
    with pytest.raises(KeyError):
        labels.message("reason.D1")  # its field is missing


#: a word each reason of the engine explains, its rule, and words of its Greek reason
REASONS = [
    ("Α", "§C6", "ενός γράμματος"),
    ("ΓΡΑΨΑ", "§D1", "η λέξη ΕΓΡΑΨΑ είναι δεκτή"),
    ("ΞΑΝΑΡΩ", "§B3", "μόνο ξαναα-"),
    ("ΞΑΝΑΞΑΝΑΓΡΑΦΩ", "§B3", "μόνο μία φορά"),
    ("ΞΑΝΑΚΑΛΟΣ", "§B3", "τύπος: επίθετο ή ουσιαστικό, όχι ρήμα"),
    ("ΞΑΝΑΠΡΩΤΟΒΓΑΙΝΩ", "§B3", "πρωτο-"),
    ("ΕΞΑΝΑΕΔΩΣΑ", "§D2", "διπλή αύξηση"),
    ("ΠΑΡΑΕΦΑΓΑΜΕ", "§D2", "η λέξη ΠΑΡΑΦΑΓΑΜΕ είναι δεκτή"),
    ("ΚΟΚΚΙΝΟΤΕΡΟΣ", "§B6", "παραθετικά του κόκκινος"),
    ("ΕΛΛΗΝΑΣ", "§C1", "κεφαλαίο"),
    ("ΞΨΖΩ", "", "κανένα λήμμα του λεξικού"),
]


@pytest.mark.parametrize("word, rule, greek", REASONS)
def test_the_engines_reasons_are_said_in_greek(judge, word, rule, greek):
    """The reasons a verdict and explain give are messages: English as the CLI prints them,
    Greek through the one formatter (say), the rule id leading both."""
    from fst.rules import verdict_note
    v = judge.check(word)
    assert not v.valid and isinstance(v.reason, labels.Message), v
    el, en = labels.say(v.reason, "el"), labels.say(v.reason, "en")
    assert greek in el and el != en and en == v.reason
    note = verdict_note(v, "el")
    assert note.startswith(rule) and greek in note and verdict_note(v) == verdict_note(v, "en")
    def words(text):  # its words, less file paths (lexicon/comparison.tsv: no language)
        return set(re.findall(r"[a-z]{4,}", re.sub(r"\S*/\S*", " ", text)))
    assert not words(labels._messages()[v.reason.key]["en"]) & words(el), el
    for _, why in judge.explain(word).blocked:
        assert labels.say(why, "el") != why


def test_the_profiles_and_the_accents_reasons_are_said_in_greek(judge):
    from fst.app.engine import judge_for
    short = judge_for(2, 5)
    v = short.check("ΕΓΡΑΨΑΜΕ")
    assert v.rules == ("LEN",) and v.reason == "§LEN: 8 letters, the profile allows 2–5"
    assert labels.say(v.reason, "el") == "§LEN: 8 γράμματα, το προφίλ επιτρέπει 2–5"
    v = judge.accent_verdict("ανθρωπου", judge.check("ανθρωπου"))
    assert not v.valid and v.reason == ("accents: ανθρωπου is not written so; the valid form "
                                        "is ανθρώπου")
    assert labels.say(v.reason, "el") == ("τόνοι: το ανθρωπου δεν γράφεται έτσι· ο δεκτός τύπος "
                                          "είναι ανθρώπου")
