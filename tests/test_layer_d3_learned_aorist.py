"""§D3 learned passive aorists (grammars/rules/d3_learned_aorist.py): its rows of
tests/fixtures/rule_cases.tsv (the regulation's examples) and its own cases."""
import pytest

from fst.runtime.anatable import decode
from fst.api import Judge
from fst.build.tags import TagTable
from grammars.profiles import disabled
from grammars.rules import Context, d3_learned_aorist
from lexicon import LexEntry, Lexicon
import rule_cases


@pytest.mark.parametrize("row", rule_cases.params("D3"))
def test_rule_case(judge, row):
    rule_cases.check(judge, row)


def test_d3_conjugates_the_listed_learned_aorist():
    # the learned stem is a part of its own: conjugated from the listed 1st singular, not
    # read off the class's demotic forms (P4b makes *επισκέπφτηκα, P3b δέχτηκα)
    from grammars.paradigm import load_tables
    lemmas = (LexEntry("δέχομαι", "VERB", "P3b", "t"), LexEntry("επισκέπτομαι", "VERB", "P4b", "t"),
              LexEntry("γράφω", "VERB", "P4", "t"), LexEntry("φωνάζω", "VERB", "P2.2a", "t"))
    tags = TagTable()
    ctx = Context(Lexicon(lemmas=lemmas, learned_aorists={
        "δέχομαι": "δέχθηκα", "επισκέπτομαι": "επισκέφθηκα", "φωνάζω": "φωνάχθηκα"}),
        load_tables(), tags)
    got = {(decode(a, tags.by_char), f) for a, f, _w in d3_learned_aorist.strings(ctx)}
    forms = {f for _, f in got}
    assert {"δέχθηκα", "δεχθήκαμε", "δεχθούν", "δεχθούνε", "δεχθεί", "δεχθήκανε",
            "επισκέφθηκα", "επισκεφθεί"} <= forms
    assert all(a[3] == ("D3",) and d3_learned_aorist.applies(a[2]) for a, _ in got)
    assert not {f for a, f in got if a[0] in ("γράφω", "φωνάζω")}  # unlisted; active-only
    with pytest.raises(ValueError, match="δέχτηκα"):
        d3_learned_aorist.forms("δέχτηκα")


@pytest.mark.parametrize("demotic,learned", [
    ("παίχτηκα", "παίχθηκα"), ("παιχτήκαμε", "παιχθήκαμε"), ("παιχτούνε", "παιχθούνε"),
    ("κατασκευαστεί", "κατασκευασθεί"), ("γράφτηκα", "γράφθηκα"), ("δέχτηκα", "δέχθηκα"),
    ("δέθηκα", None), ("στάλθηκα", None)])
def test_d3_sound_change(demotic, learned):
    assert d3_learned_aorist.learned(demotic) == learned


def test_d3_listed_verbs_only(judge):
    for word in ("ΠΑΙΧΤΗΚΑ", "ΠΑΙΧΘΗΚΑ", "ΠΑΙΧΘΕΙ", "ΠΑΙΧΘΟΥΝ", "ΠΑΙΧΘΟΥΝΕ",
                 "ΚΑΤΑΣΚΕΥΑΣΤΗΚΑ", "ΚΑΤΑΣΚΕΥΑΣΘΗΚΑ"):
        assert judge.check(word).valid, word
    assert "D3" in judge.check("ΠΑΙΧΘΗΚΑ").rules
    assert judge.check("ΓΡΑΦΤΗΚΑ").valid
    assert not judge.check("ΓΡΑΦΘΗΚΑ").valid       # not listed: the demotic form only
    assert not judge.check("ΠΑΙΧΘΟΜΑΙ").valid      # the aorist only, not the present
    strict = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags,
                   disabled_rules=disabled("board", ["D3"]))
    assert not strict.check("ΠΑΙΧΘΗΚΑ").valid and strict.check("ΠΑΙΧΤΗΚΑ").valid
