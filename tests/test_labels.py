"""Greek grammatical labels of the cells (grammars/labels.tsv, one formatter: grammars/labels.py):
paradigm --labels greek, and the web's paradigm tables in Greek by default (issue 23)."""
from __future__ import annotations

import re
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
PAGES = ["/", "/challenge?words=ΓΡΑΨΑ", "/analyse?word=γραψαμε", "/analyse?word=ΓΡΑΨΑ",
         "/paradigm?lemma=γράφω", "/paradigm?lemma=ανθρωπου", "/search?rack=ΑΕΓΡΨΑ",
         "/search?pattern=ΑΝ?Ρ*ΠΟΣ", "/api", "/no-such-page"]


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
    """The page's own words: its text less scripts, code and the engine's reasons (English, the
    CLI's one-line messages: errors, the reason column, the summary after —, blocks)."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    html = re.sub(r"<code.*?</code>", " ", html, flags=re.S)  # JSON fields, commands: no language
    html = re.sub(r'<(p|td) class="(error|why|blocked)".*?</\1>', " ", html, flags=re.S)
    html = re.sub(r"— [^<]*", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


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
            page_el, page_en = el.get(path).text, en.get(path).text
            assert '<html lang="el">' in page_el and '<html lang="en">' in page_en
            shown_el, shown_en = _visible(page_el), _visible(page_en)
            # an English phrase on the Greek page (a whole word of it) is a missed translation
            leaks = {e for e in english if re.search(r"(?<!\w)%s(?!\w)" % re.escape(e), shown_el)}
            assert leaks == set(), (path, leaks)
            # and no Greek phrase of the pages on the English page
            leaks = {g for g in greek if re.search(r"(?<!\w)%s(?!\w)" % re.escape(g), shown_en)}
            assert leaks == set(), (path, leaks)
            seen_el |= {g for g in greek if g in page_el}
            seen_en |= {e for e in english if e in page_en}
    assert {"Κρίση", "Αμφισβήτηση", "Κλίση", "Ράφι"} <= seen_el
    assert {"Judge", "Challenge", "Paradigm", "Rack"} <= seen_en
    with pytest.raises(ValueError, match="language"):
        webapp.create_app(judge, lang="fr")
