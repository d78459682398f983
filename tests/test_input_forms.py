"""Input forms everywhere (issue 16): every API call and command takes a word as ``check``
does (any case, accents optional, polytonic, tile form unchanged), ``paradigm`` takes any form
of a lemma and says how it read it, and ``analyse``/``explain`` on a rejected form show the
rule that blocks it and the nearest analyses."""
from __future__ import annotations

import pytest

from fst.app.cli import main

pytestmark = pytest.mark.usefixtures("judge")

FORMS = ["ΚΑΛΗΜΕΡΑ", "καλημέρα", "Καλημέρα", "καλημερα", " καλημέρα ", "καλημέρᾳ"]


def test_validate_many_normalises_as_check_does(judge):
    words = FORMS + ["ΓΡΑΨΑ", "HOTEL", "", "ΑΝΘΡΩΠΟΣ", "ἄνθρωπος", None]
    assert judge.validate_many(words) == [True] * len(FORMS) + [
        False, False, False, True, True, False]
    for w in words[:-1]:
        try:
            assert judge.check(w).valid == judge.validate_many([w])[0]
        except Exception as e:  # an InvalidWord from check is False in validate_many
            assert type(e).__name__ == "InvalidWord" and judge.validate_many([w]) == [False]


def test_analyse_many_and_accepts_normalise(judge):
    got = judge.analyse_many(["καλημέρα", "ΚΑΛΗΜΕΡΑ", "HOTEL", "ΞΨΖΩ"])
    assert got[0] == got[1] == judge.analyse("ΚΑΛΗΜΕΡΑ") and got[0]
    assert got[2] == [] and got[3] == []
    assert judge.accepts("έγραψα") and judge.accepts("ΕΓΡΑΨΑ") and not judge.accepts("HOTEL")


@pytest.mark.parametrize("typed", ["άνθρωπος", "ανθρωπος", "ΑΝΘΡΩΠΟΣ", "ἄνθρωπος",
                                   "ΑΝΘΡΩΠΟΥΣ", "ανθρώπων"])
def test_paradigm_takes_any_form_of_the_lemma(judge, typed):
    tables = judge.paradigm(typed)
    assert [(t.lemma, t.inflection_class) for t in tables] == [("άνθρωπος", "O19")]
    assert ("ανθρώπου", "N;GEN;SG") in {(r.form, r.tags) for r in tables[0].rows}


def test_paradigm_of_a_verb_form_is_its_lemmas(judge):
    assert {t.lemma for t in judge.paradigm("έγραψα")} == {"γράφω"}
    assert judge.paradigm("έγραψα", resolve=False) == []
    assert judge.paradigm("ξψζω") == []


def test_generate_takes_an_unaccented_lemma(judge):
    assert judge.generate("ανθρωπος", "O19", "N;GEN;SG") == ["ανθρώπου"]
    assert judge.generate("ΑΝΘΡΩΠΟΣ", "O19", "N;GEN;SG") == ["ανθρώπου"]


@pytest.mark.parametrize("typed, note", [
    ("ΑΝΘΡΩΠΟΣ", "read as the lemma άνθρωπος"),
    ("έγραψα", "not a lemma but a form of γράφω"),
])
def test_the_paradigm_command_says_how_it_read_the_word(capsys, typed, note):
    assert main(["paradigm", typed]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("dektes: %s: %s" % (typed, note))
    assert out.splitlines()[0].startswith("# ")


def test_the_paradigm_command_is_silent_for_a_lemma(capsys):
    assert main(["paradigm", "άνθρωπος"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[0] == "# άνθρωπος\tO19"


def test_the_paradigm_command_for_no_lemma(capsys):
    assert main(["paradigm", "ξψζω"]) == 1
    assert capsys.readouterr().err == "dektes: unknown lemma ξψζω: no lemma has it among its forms\n"


def test_analyse_shows_the_blocking_rule_and_the_nearest_analyses(capsys):
    assert main(["analyse", "ΓΡΑΨΑ"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ΓΡΑΨΑ\t-\t§D1: the stressed augment is obligatory (ΕΓΡΑΨΑ is valid)"
    assert out[1].startswith("ΓΡΑΨΑ\t-\tnearest ΕΓΡΑΨΑ: γράφω ")
    assert all(line.startswith("ΓΡΑΨΑ\t-\t") for line in out)


def test_analyse_json_shows_the_reason_and_the_nearest_words(capsys):
    import json
    assert main(["analyse", "--json", "ΞΑΝΑΡΩ"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["analyses"] == [] and obj["reason"].startswith("§B3")
    assert obj["nearest"][0]["word"] == "ΞΑΝΑΑΡΩ" and obj["nearest"][0]["analyses"]


def test_analyse_in_batch_keeps_one_line_per_word(capsys, monkeypatch):
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("ΓΡΑΨΑ\n".encode())))
    assert main(["analyse", "-"]) == 1
    assert capsys.readouterr().out == "ΓΡΑΨΑ\t-\n"


def test_explain_shows_the_nearest_analyses_of_a_word_without_lemma(judge):
    ex = judge.explain("ΑΝΘΡΩΠΟΙΣ")
    assert not ex.verdict.valid and not ex.blocked and ex.neighbours
    assert ex.nearest and ex.nearest[0][0] == ex.neighbours[0]
    assert all(a.lemma == "άνθρωπος" for _, rows in ex.nearest for a in rows)
