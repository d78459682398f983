"""Compound verbs of the irregular core (grammars/compounds.py, lexicon/compounds.tsv, §D2)."""
import pytest

from lexicon import read_listed
from grammars import compounds as C


def base_rows(lemma):
    return [(r.cell, r.form, r.weight) for r in read_listed(("irregular.tsv",))
            if r.lemma == lemma and r.pos == "V"]


def forms(lemma, base, prefix, modes):
    p = C.prefix_of(prefix, base)
    return {(c, f) for c, f, _w, _r in C.derive(p, base, base_rows(base), set(modes))}


def cell_forms(fs, cell):
    return {f for c, f in fs if c == cell}


AOR1SG, AOR1PL = "V;IND;PST;PFV;1;SG;ACT", "V;IND;PST;PFV;1;PL;ACT"


def test_demotic_drop_is_recessive():
    fs = forms("ξεφεύγω", "φεύγω", "ξε", {"drop"})
    assert cell_forms(fs, AOR1SG) == {"ξέφυγα", "εξέφυγα"}  # §D1 external augment
    assert cell_forms(fs, AOR1PL) == {"ξεφύγαμε", "εξεφύγαμε"}
    assert "ξεφεύγω" in cell_forms(fs, "V;IND;PRS;IPFV;1;SG;ACT")
    assert "ξέφυγε" in cell_forms(fs, "V;IMP;PFV;2;SG;ACT")


def test_passive_imperative_keeps_the_base_stress():
    """Only the active 2sg imperative is recessive: στάσου → αντιστάσου, not αντίστασου."""
    fs = forms("αντιστέκομαι", "στέκομαι", "αντι", {"drop"})
    assert cell_forms(fs, "V;IMP;PFV;2;SG;PASS") == {"αντιστάσου"}


def test_learned_prefix_keeps_the_temporal_augment_inside():
    fs = forms("παρέχω", "έχω", "παρ", {"internal"})
    assert cell_forms(fs, "V;IND;PST;IPFV;1;SG;ACT") == {"παρείχα"}
    assert "παρέχεις" in cell_forms(fs, "V;IND;PRS;IPFV;2;SG;ACT")


def test_erchomai_stems_are_modes():
    fs = forms("απέρχομαι", "έρχομαι", "απ", {"internal", "ήλθα"})
    assert cell_forms(fs, AOR1SG) == {"απήλθα"}
    assert "απέλθω" in cell_forms(fs, "V;SBJV;PFV;1;SG;ACT")
    assert not {f for _c, f in fs if "ρθ" in f}
    assert not {f for _c, f in fs if f.startswith("απέλα")}  # έλα is the simple verb's


def test_regulation_d2_kalo_eida():
    """§D2: ΚΑΛΟΕΙΔΑ, ΚΑΛΟΔΑ, ΕΚΑΛΟΔΑ yes; ΕΚΑΛΟΕΙΔΑ no."""
    fs = forms("καλοβλέπω", "βλέπω", "καλο", {"drop", "keep", "D1"})
    aor = cell_forms(fs, AOR1SG)
    assert {"καλοείδα", "καλόδα", "εκαλόδα"} <= aor
    assert "εκαλοείδα" not in {f for _c, f in fs}


def test_regulation_d2_parafaga():
    """§D2: ΠΑΡΑΕΦΑΓΑ, ΠΑΡΑΦΑΓΑΜΕ, ΕΠΑΡΑΦΑΓΑΜΕ yes; ΠΑΡΑΕΦΑΓΑΜΕ no (unstressed augment)."""
    fs = forms("παρατρώω", "τρώω", "παρα", {"drop", "keep", "D1"})
    every = {f for _c, f in fs}
    assert "παραέφαγα" in cell_forms(fs, AOR1SG)
    assert {"παραφάγαμε", "επαραφάγαμε"} <= cell_forms(fs, AOR1PL)
    assert "παραεφάγαμε" not in every


def test_syllabic_internal_augment():
    fs = forms("αποδίνω", "δίνω", "απο", {"internal"})
    assert cell_forms(fs, AOR1SG) == {"απέδωσα"}
    assert cell_forms(fs, AOR1PL) == {"αποδώσαμε"}  # no unstressed internal augment (§D2)


IPF1SG, IPF1PL = "V;IND;PST;IPFV;1;SG;ACT", "V;IND;PST;IPFV;1;PL;ACT"


def test_imperfect_follows_the_internal_aorist():
    # §D2: the imperfect follows the aorist (ΕΝΕΠΝΕΥΣΑ – ΕΝΕΠΝΕΑ): διέφυγα, so διέφευγα beside
    # the demotic διάφευγα; never where unstressed (διαφεύγαμε)
    fs = forms("διαφεύγω", "φεύγω", "δια", {"internal"})
    assert cell_forms(fs, AOR1SG) == {"διέφυγα"}
    assert {"διέφευγα", "διάφευγα"} <= cell_forms(fs, IPF1SG)
    assert "εδιέφευγα" not in cell_forms(fs, IPF1SG)  # no double augment (§D2)
    assert not {f for f in cell_forms(fs, IPF1PL) if f.startswith("διε")}
    # a nasal present's compounds drop it in the imperfect: απέδωσα, απόδινα (not *απέδινα)
    fs = forms("αποδίνω", "δίνω", "απο", {"internal"})
    assert "απόδινα" in cell_forms(fs, IPF1SG)
    assert not {f for f in cell_forms(fs, IPF1SG) if f.startswith("απε")}
    assert C.nasal_present("δίνω", base_rows("δίνω"))
    assert not C.nasal_present("μένω", [(AOR1SG, "έμεινα", 0)])


def test_prefix_shapes():
    assert C.prefix_of("συμ", "πίνω").full == "συν"
    assert C.before_consonant("συν", "πίνω") == "συμ"
    assert C.prefix_of("απ", "έχω").augmented == "απε"  # from grammars/internal_augment.tsv
    assert C.prefix_of("ξανα", "πίνω") is None  # §B3 handles ξανα-


def test_records_file_format():
    recs = C.read_records()
    for r in recs:
        assert r.lemma == r.prefix + r.base
        assert r.source and set(r.source.split("+")) <= {"spacy", "elspell", "hunspell"}
    assert len({r.lemma for r in recs}) == len(recs)


def test_records_file_rejects_bad_rows(tmp_path):
    bad = tmp_path / "c.tsv"
    bad.write_text("ξεφεύγω\tφεύγω\tξε\tfly\tspacy\n", encoding="utf-8")
    with pytest.raises(ValueError):
        C.read_records(bad)
    bad.write_text("ξεφεύγω\tφεύγω\tαπο\tdrop\tspacy\n", encoding="utf-8")
    with pytest.raises(ValueError):
        C.read_records(bad)


def test_compound_lemmas_are_not_review_or_lexicon_rows():
    from conftest import REPO_ROOT
    from lexicon import read_lexicon
    review = {ln.split("\t", 1)[0] for ln in
              (REPO_ROOT / "scripts" / "pipeline" / "data" / "review.tsv")
              .read_text(encoding="utf-8").splitlines()
              if ln and not ln.startswith("#")}
    from grammars.conjugation import parts_index
    lemmas = {e.lemma for e in read_lexicon()}
    parts_bases = set(parts_index())  # their compounds replace a class row (verb-parts.tsv)
    for r in C.read_records():
        assert r.lemma not in review
        assert r.lemma not in lemmas or r.base in parts_bases


def test_compiled_compound_analyses_with_its_lemma(judge):
    recs = {r.lemma: r for r in C.read_records()}
    if "ξεφεύγω" not in recs:
        pytest.skip("ξεφεύγω is not compiled")
    assert judge.check("ΞΕΦΥΓΑ").valid
    assert any(a.lemma == "ξεφεύγω" for a in judge.analyse("ΞΕΦΥΓΑΜΕ"))
    if "παρατρώω" in recs and "keep" in recs["παρατρώω"].modes:
        assert judge.check("ΠΑΡΑΕΦΑΓΑ").valid
        assert not judge.check("ΠΑΡΑΕΦΑΓΑΜΕ").valid


# --- compounds of a principal-parts base (issue 21): the base's whole paradigm, the
# compound's own §D2 entry ---

def _parts_compound(lemma, base, prefix, modes=(), internal=None):
    from grammars import verb_parts
    from lexicon import CompoundRecord
    rec = CompoundRecord(lemma, base, prefix, frozenset(modes), "test")
    return {(c, f) for c, f, _w, _r in C.record_forms(
        rec, verb_parts.base_rows()[base], internal, verb_parts.base_class(base))}


def _entry(lemma, prefix, augmented, mode="both", unstressed=True):
    from lexicon import InternalAugment
    return InternalAugment(lemma, prefix, augmented, mode, unstressed)


PIPF1SG = "V;IND;PST;IPFV;1;SG;PASS"


def test_parts_base_rows_keep_the_class_variants():
    """§D10 (ΔΕΟΜΟΥΝΑ, ΗΜΟΥΝΑ): the -ούμουνα of a parts verb's class is part of the paradigm
    its compounds inherit (καλούμουνα → αποκαλούμουνα)."""
    from grammars import verb_parts
    base = verb_parts.base_rows()["καλώ"]
    assert {"καλούμουν", "καλούμουνα"} <= {f for c, f, _w in base if c == PIPF1SG}
    fs = _parts_compound("αποκαλώ", "καλώ", "απο")
    assert {"αποκαλούμουν", "αποκαλούμουνα"} <= cell_forms(fs, PIPF1SG)
    assert "αποκαλούσουνα" in cell_forms(fs, "V;IND;PST;IPFV;2;SG;PASS")
    assert not {f for c, f in fs if c == "V;IND;PST;IPFV;3;SG;PASS" and f.endswith("ανα")}


def test_compound_takes_its_own_internal_augment_entry():
    """§D2 (ΔΙΕΛΥΣΑ beside ΔΙΑΛΥΣΑ): a compound's internal-augment.tsv row acts on the forms
    made from its base, as it does on a class verb: απεκάλεσα, συνεκάλεσα; its unstressed
    augment only with ``unstressed`` (all of καλώ's are unstressed: απεκάλεσα)."""
    fs = _parts_compound("αποκαλώ", "καλώ", "απο", internal=_entry("αποκαλώ", "απο", "απε"))
    assert cell_forms(fs, AOR1SG) == {"αποκάλεσα", "απεκάλεσα"}  # mode both: the plain stays
    assert {"αποκαλέσαμε", "απεκαλέσαμε"} <= cell_forms(fs, AOR1PL)
    assert cell_forms(fs, IPF1SG) == {"αποκαλούσα"}  # stress on the ending: no augment slot
    fs = _parts_compound("συγκαλώ", "καλώ", "συγ", internal=_entry("συγκαλώ", "συγ", "συνε"))
    assert "συνεκάλεσα" in cell_forms(fs, AOR1SG)
    fs = _parts_compound("αποκαλώ", "καλώ", "απο",
                         internal=_entry("αποκαλώ", "απο", "απε", unstressed=False))
    assert cell_forms(fs, AOR1SG) == {"αποκάλεσα"}
    assert cell_forms(_parts_compound("προσκαλώ", "καλώ", "προσ"), AOR1SG) == {"προσκάλεσα"}


def test_compound_internal_augment_on_the_base_parts():
    """A base's stated aorist (καλύπτω: aor=κάλυψα) takes the compound's §D2 entry too
    (αποκάλυψα → απεκάλυψα), and so do the class cells (απεκάλυπτα)."""
    fs = _parts_compound("αποκαλύπτω", "καλύπτω", "απο",
                         internal=_entry("αποκαλύπτω", "απο", "απε"))
    assert cell_forms(fs, AOR1SG) == {"αποκάλυψα", "απεκάλυψα"}
    assert cell_forms(fs, IPF1SG) == {"αποκάλυπτα", "απεκάλυπτα"}


def test_internal_augment_adds_no_cell_the_compound_lacks():
    """άγω's compounds have no imperfect (εισήγαγα, no *εισήγα): their §D2 entry adds none."""
    fs = _parts_compound("συνάγω", "άγω", "συν", {"internal"},
                         internal=_entry("συνάγω", "συνα", "συνη", unstressed=False))
    assert not cell_forms(fs, IPF1SG)
    assert "συνήγαγα" in cell_forms(fs, AOR1SG)


def test_compound_only_mode_drops_the_plain_form():
    """Mode ``only`` (§D2 ΕΝΕΠΝΕΥΣΑ, no *ΕΜΠΝΕΥΣΑ) drops the plain form where the augment is
    stressed: εξέδυα, not έκδυα; εκδύαμε stays (the augment would be unstressed)."""
    fs = _parts_compound("εκδύω", "δύω", "εκ", {"internal"},
                         internal=_entry("εκδύω", "εκ", "εξε", "only", False))
    assert cell_forms(fs, IPF1SG) == {"εξέδυα"}
    assert "εκδύαμε" in cell_forms(fs, IPF1PL)


def test_compiled_compounds_of_kalo(judge):
    """The build: ΑΠΕΚΑΛΕΣΑ, ΣΥΝΕΚΑΛΕΣΑ (§D2, as lexicon/internal-augment.tsv gives
    αποκαλώ and συγκαλώ), ΑΠΟΚΑΛΟΥΜΟΥΝΑ (§D10); ΕΑΠΕΚΑΛΕΣΑ no (no double augment);
    ΠΡΟΣΕΚΑΛΕΣΑ only if that file has προσκαλώ."""
    from lexicon import read_internal_augment
    recs = {r.lemma for r in C.read_records()}
    ia = read_internal_augment()
    if not {"αποκαλώ", "συγκαλώ", "προσκαλώ"} <= recs:
        pytest.skip("the compounds of καλώ are not compound records")
    assert judge.check("ΑΠΟΚΑΛΟΥΜΟΥΝΑ").valid and judge.check("ΣΥΓΚΑΛΟΥΣΟΥΝΑ").valid
    assert not judge.check("ΑΠΟΚΑΛΟΥΝΤΑΝΑ").valid  # §D10: not the 3rd person
    for tile, lemma in (("ΑΠΕΚΑΛΕΣΑ", "αποκαλώ"), ("ΣΥΝΕΚΑΛΕΣΑ", "συγκαλώ"),
                        ("ΠΡΟΣΕΚΑΛΕΣΑ", "προσκαλώ")):
        assert judge.check(tile).valid == (lemma in ia), tile
    assert not judge.check("ΕΑΠΕΚΑΛΕΣΑ").valid
    assert not judge.check("ΑΠΕΚΑΛΟΥΣΑ").valid
    assert judge.check("ΕΣΥΓΚΑΛΕΣΑ").valid  # §D1, as ΕΔΙΑΛΥΣΑ
    assert not judge.check("ΕΣΥΝΕΚΑΛΕΣΑ").valid  # §D2: no double augment


def test_drop_on_a_temporal_aorist_is_a_kind_of_its_own():
    """scripts/pipeline/import_compounds.py judges each mode × prefix kind on the dev half:
    dropping ήπια's hidden augment (κατάπια: the subjunctive πιω has none) is no syllabic
    augment dropped (απόδωσα), so it is its own kind, as the internal one is (παρείχα)."""
    from scripts.pipeline.import_compounds import kind_of
    rows = {b: base_rows(b) for b in ("πίνω", "δίνω", "έχω")}
    assert kind_of("drop", C.prefix_of("κατα", "πίνω"), "πίνω", rows) == ("drop/temporal",
                                                                        "learned")
    assert kind_of("drop", C.prefix_of("απο", "δίνω"), "δίνω", rows) == ("drop", "learned")
    assert kind_of("internal", C.prefix_of("παρ", "έχω"), "έχω", rows) == (
        "internal/temporal", "learned")


def test_katapino_drops_the_hidden_augment():
    """κατάπια, κατάπιαμε beside the imperfect κατάπινα (Triantafyllidis § 254 ff.: ήπια/πιω);
    no *κατήπια without the internal mode."""
    fs = forms("καταπίνω", "πίνω", "κατα", {"drop"})
    assert {"κατάπια"} <= cell_forms(fs, AOR1SG)
    assert "καταπίαμε" in cell_forms(fs, AOR1PL)
    assert "κατάπινα" in cell_forms(fs, IPF1SG)
    assert not {f for _c, f in fs if f.startswith("κατήπ")}


def test_compiled_katapino(judge):
    """The build: ΚΑΤΑΠΙΑ once compounds.tsv records καταπίνω (mode drop)."""
    recs = {r.lemma: r for r in C.read_records()}
    if "καταπίνω" not in recs:
        pytest.skip("καταπίνω is not in lexicon/compounds.tsv (scripts.pipeline.import_compounds)")
    assert judge.check("ΚΑΤΑΠΙΑ").valid and judge.check("ΚΑΤΑΠΙΝΑ").valid
    assert not judge.check("ΚΑΤΗΠΙΑ").valid


def test_compound_of_a_parts_base_takes_the_classes_d1_augment():
    """§D1 (ΕΔΡΟΣΙΣΑ, ΕΓΡΑΨΑΜΕ; ΕΔΙΑΛΥΣΑ yes, §D2): where the base's class gives the optional
    unstressed ε- (κάλεσα, εκάλεσα) the compound takes it if it starts with a consonant
    (εσυγκάλεσα, as a class compound εδιάλυσα), never on a vowel (no *εαποκάλεσα) nor on
    the §D2 twin (no *εσυνεκάλεσα: no double augment)."""
    from grammars import verb_parts
    d1 = verb_parts.base_d1()["καλώ"]
    assert ("V;IND;PST;PFV;1;SG;ACT", "κάλεσα") in d1
    assert not {f for c, f in d1 if c.startswith("V;IND;PST;IPFV;") and c.endswith("SG;ACT")}
    from lexicon import CompoundRecord
    base = verb_parts.base_rows()["καλώ"]
    made = lambda lemma, prefix, ia=None: {(c, f) for c, f, _w, _r in C.record_forms(
        CompoundRecord(lemma, "καλώ", prefix, frozenset(), "test"), base, ia,
        verb_parts.base_class("καλώ"), d1)}
    fs = made("συγκαλώ", "συγ", _entry("συγκαλώ", "συγ", "συνε"))
    assert cell_forms(fs, AOR1SG) == {"συγκάλεσα", "εσυγκάλεσα", "συνεκάλεσα"}
    assert "εσυγκαλέσαμε" in cell_forms(fs, AOR1PL)
    assert cell_forms(fs, IPF1SG) == {"συγκαλούσα"}  # the -ούσα imperfect: no augment slot
    assert not {f for _c, f in made("αποκαλώ", "απο") if f.startswith("εαπ")}


def test_compound_evidence_leaves_out_the_forms_a_neighbouring_verb_makes():
    """import_compounds confirms a compound on the dev-half forms only it would make: ξεκόπτω's
    ξέκοψα and ξεκόπηκα are ξεκόβω's, listed whether ξεκόπτω exists or not (issue 20: the
    list could show its own forms and shows none). A lemma's own rows, verbs of other first
    letters and classify_by_evidence's guessed lemmas (lemmas-hunspell.tsv: προσμείνω, the
    subjunctive of προσμένω) explain nothing."""
    from lexicon import LexEntry
    from scripts.pipeline.import_compounds import neighbour_forms
    made = neighbour_forms([
        LexEntry("ξεκόβω", "VERB", "P4", "elspell"),
        LexEntry("ξεκόπτω", "VERB", "P4", "elspell"),
        LexEntry("προσμείνω", "VERB", "P7.1a", "hunspell+evidence"),
        LexEntry("ξεκούραση", "NOUN", "O30", "elspell")])
    mine = made("ξεκόπτω")
    assert {"ξέκοψα", "ξεκόψω", "ξεκόβω"} <= mine
    assert "ξεκόπτω" not in mine and "ξέκοπτα" not in mine  # its own rows are left out
    assert "ξεκούραση" not in mine  # verbs only
    assert made("κόβω") == set()
    assert made("προσμένω") == set()
