"""The -άω present beside an -ώ present (flag ``no_aw``, a §D4 layer)
(grammars/rules/aw_present.py): its own cases."""
import pytest

from fst.build.compile import paradigm_groups
from grammars.paradigm import load_tables
from grammars.rules import aw_present
from lexicon import LexEntry, read_flags, read_lexicon


def _chosen(entry):
    (key, members), = paradigm_groups([entry], load_tables()).items()
    return dict(key[3])


def test_no_aw_drops_the_aw_alternant_and_its_aga_hook():
    plain = _chosen(LexEntry("αγωνιώ", "VERB", "P10.1a", "test"))
    flagged = _chosen(LexEntry("αγωνιώ", "VERB", "P10.1a", "test", (aw_present.FLAG,)))
    one_sg = "V;IND;PRS;IPFV;1;SG;ACT"
    assert "αω" in {r.ending for r in plain[one_sg]}          # αγωνιάω, source of -αγα
    assert "αω" not in {r.ending for r in flagged[one_sg]}
    assert "ω" in {r.ending for r in flagged[one_sg]}          # αγωνιώ stays
    for cell, ending in aw_present.ALTERNANT.items():
        assert ending not in {r.ending for r in flagged[cell] if r.weight > 0}
    # the main -ουμε, -ουν and the aorist are untouched
    assert {r.ending for r in flagged["V;IND;PRS;IPFV;1;PL;ACT"]} == {"ουμε"}
    assert flagged["V;IND;PST;PFV;1;SG;ACT"] == plain["V;IND;PST;PFV;1;SG;ACT"]


def test_no_aw_keeps_an_aw_lemma_whole():
    # a lemma in -άω is the alternant itself: the flag never removes its citation form
    flagged = _chosen(LexEntry("κοιτάω", "VERB", "P10.1", "test", (aw_present.FLAG,)))
    assert "ω" in {r.ending for r in flagged["V;IND;PRS;IPFV;1;SG;ACT"]}


def test_flags_file_is_read_and_merged(tmp_path):
    f = tmp_path / "flags.tsv"
    f.write_text("# c\nαγωνιώ\tP10.1a\tno_aw\tev\n", encoding="utf-8")
    assert read_flags(f) == {("αγωνιώ", "P10.1a"): ("no_aw",)}
    f.write_text("αγωνιώ\tP10.1a\tno_aw\n", encoding="utf-8")
    with pytest.raises(ValueError, match="4 tab-separated"):
        read_flags(f)
    shipped = read_flags()
    if not shipped:
        pytest.skip("lexicon/flags.tsv not generated")
    (lemma, code), flags = sorted(shipped.items())[0]
    entry = next(e for e in read_lexicon() if (e.lemma, e.inflection_class) == (lemma, code))
    assert set(flags) <= set(entry.flags)
