"""Greek grammatical labels of the cells (grammars/labels.tsv, one formatter: grammars/labels.py):
paradigm --labels greek, and the web's paradigm tables in Greek by default (issue 23)."""
from __future__ import annotations

import pytest

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
