"""One alphabet (grammars/alphabet.py), one cell type (grammars/cells.Cell), the part of
speech from the class table's header, hand-written class tables kept apart."""
from __future__ import annotations


from conftest import REPO_ROOT
from grammars import alphabet
from grammars.cells import Cell
from grammars.paradigm import load_tables


def test_plain_form():
    assert alphabet.plain("αϊτός") == "αιτος"
    assert alphabet.plain("αϊτός", diaeresis=True) == "αϊτος"
    assert alphabet.plain("ΐ", diaeresis=True) == "ϊ"
    assert alphabet.plain("αυγός", final_sigma=False) == "αυγοσ"
    assert alphabet.plain("ἄνθρωπος") == "ανθρωπος"  # polytonic marks go too
    assert alphabet.plain("Άρης") == "Αρης"


def test_alphabets_agree():
    from grammars.normalize import TILE_LETTERS
    assert TILE_LETTERS == alphabet.TILE_LETTERS
    assert "".join(alphabet.TILE_MAP.get(c, c.upper()) for c in alphabet.LETTERS) == TILE_LETTERS
    assert all(alphabet.plain(c) in alphabet.LETTERS for c in alphabet.MARKED)


def test_cell_value():
    c = Cell.of("V;IND;PST;PFV;1;SG;ACT")
    assert c is Cell.of("V;IND;PST;PFV;1;SG;ACT")
    assert c.finite and c.verbal and c.has("PST", "SG") and not c.has("PL")
    assert c.tense == "V;IND;PST;PFV;ACT" and c.person_number == "1;SG"
    g = Cell.of("V.CVB;PRS;ACT")
    assert g.verbal and not g.finite
    assert not Cell.of("N;GEN;PL").verbal and Cell.of("N;GEN;PL").has("GEN", "PL")


def test_part_of_speech_comes_from_the_table_header():
    tables = load_tables()
    assert {t.pos for t in tables.values()} == {"NOUN", "ADJ", "VERB"}
    assert tables["P4"].pos == "VERB" and tables["O19"].pos == "NOUN"
    assert tables["E10"].pos == "ADJ"


def test_infer_classes_keeps_hand_written_tables():
    from scripts.pipeline import infer_classes
    hand = sorted(p.stem for p in (REPO_ROOT / "grammars" / "classes").glob("*.tsv")
                  if not infer_classes.is_inferred(p))
    assert hand == ["E10", "E11", "E12", "E13", "E14", "E15", "O54", "O55", "P13", "P14", "P15"]
