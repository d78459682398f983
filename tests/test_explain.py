"""`explain`, rulings (§A4) and hidden words (§E2): the reasons behind verdicts."""
from fst.api import Judge
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


def test_rulings_are_the_last_layer(judge):
    j = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags,
              rulings={"ΞΨΖΩ": (True, "test ruling (2026-01-01)"),
                       "ΑΝΘΡΩΠΟΣ": (False, "test ruling (2026-01-01)")})
    assert j.check("ΞΨΖΩ").valid and j.check("ΞΨΖΩ").rules == ("A4",)
    v = j.check("ΑΝΘΡΩΠΟΣ")
    assert not v.valid and v.rules == ("A4",) and "test ruling" in v.reason


def test_hidden_words_e2(judge):
    v = judge.check("ΑΒΑΞ")     # listed inside ΑΒΑΚΑΣ (Babiniotis), 'Κρυμμένες Λέξεις'
    assert v.valid and "E2" in v.rules


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


def test_hidden_words_carry_a_tag_no_class_uses(judge):
    """A hidden word's analysis names no inflection class: its class tag is no class code."""
    from grammars.paradigm import load_tables
    from grammars.rules.e2_hidden_words import HIDDEN_CLASS
    import lexicon
    classes = set(load_tables()) | {r.inflection_class for r in lexicon.read_listed()}
    assert HIDDEN_CLASS not in classes
    hidden = [a for a in judge.analyse("ΑΥΤΟΦΟΡΩ") if "E2" in a.rules]
    assert hidden and all(a.inflection_class == HIDDEN_CLASS for a in hidden)
