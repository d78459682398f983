"""`explain`: the reasons behind verdicts (rulings, §A4: tests/test_layer_a4_rulings.py; hidden
words, §E2: tests/test_layer_e2_hidden_words.py)."""
from fst.app.cli import main


def test_blocked_forms_name_their_rule(judge):
    assert judge.explain("ΓΡΑΨΑ").blocked[0][0] == "D1"            # stressed augment
    assert judge.explain("ΞΑΝΑΑΝΘΡΩΠΟΣ").blocked[0][0] == "B3"     # ξανα- on verbs only
    assert judge.explain("ΕΞΑΝΑΕΓΡΑΨΑ").blocked[0][0] == "D2"      # double augment


def test_valid_word_lists_every_analysis(judge):
    ex = judge.explain("ΑΝΘΡΩΠΟΙ")
    assert ex.verdict.valid
    assert {a.tags for a in ex.analyses} == {"N;NOM;PL", "N;VOC;PL"}


def test_no_lemma_offers_neighbours(judge):
    ex = judge.explain("ΑΝΘΡΩΠΟΞ")
    assert not ex.verdict.valid and not ex.blocked
    assert "ΑΝΘΡΩΠΟΣ" in ex.neighbours


def test_explain_cli(capsys):
    code = main(["explain", "ΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥ"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith("ΓΡΑΨΑ\tinvalid\t§D1")
    # the nearest analyses: those of the word the blocking rule names (issue 16)
    assert out[1].split("\t")[:7] == ["", "nearest", "ΕΓΡΑΨΑ", "γράφω", "P4",
                                      "V;IND;PST;PFV;1;SG;ACT", "έγραψα"]
    assert out[2].startswith("ΑΝΘΡΩΠΟΥ\tvalid")
    assert "άνθρωπος" in out[3] and "§A1" in out[3]
