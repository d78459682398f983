"""The stress/augment cascade: the Python reference and the pynini transducer agree.

Examples from Triantafyllidis grammar §§ 198–203 (stress) and § 254 (augment), and the
regulation's §D1 (unstressed augment, euphonic -ε).
"""
import pynini
import pytest

from grammars import phonology as ph

CASES = [  # stem, ending, directive, augment slot, expected surface
    ("δρο'μ", "ου", "keep", None, "δρόμου"),
    ("α'νθρωπ", "ου", "MAXPEN", None, "ανθρώπου"),
    ("α'νθρωπ", "ε", "keep", None, "άνθρωπε"),
    ("θα'λασσ", "ων", "ULT", None, "θαλασσών"),
    ("σπι'τ", "jου", "ULT", None, "σπιτιού"),
    ("σπι'τ", "jα", "keep", None, "σπίτια"),
    ("πλυσιματ", "οσ", "ANT", None, "πλυσίματος"),
    ("πλυσιματ", "ων", "PEN", None, "πλυσιμάτων"),
    ("γραψ", "α", "ANT", ph.AUG, "έγραψα"),
    ("γραψ", "αμε", "ANT", ph.AUG, "γράψαμε"),
    ("γραψ", "αμε", "ANT", ph.AUG_D1, "εγράψαμε"),
    ("γραψ", "α", "ANT", ph.AUG_D1, ""),          # §D1: a stressed augment is not optional
    ("γραψ", "ανε", "ANT", ph.AUG, "γράψανε"),
    ("δεσ", "αν", "PEN+ε", None, "δέσανε"),
    ("αγαπ", "ουν", "ULT+ε", None, "αγαπούνε"),
    ("δεσ", "", "ANT", None, "δες"),             # monosyllables carry no accent
    ("τσα'ι", "", "keep", None, "τσάι"),         # the accent breaks the digraph
    ("ευκολ", "οτεροσ", "ANT", None, "ευκολότερος"),
    # a polysyllable is stressed: keep with no mark has no form (§§ 74–79) …
    ("βασιλι", "ισ", "keep", None, ""),          # βασιλιά-ς stripped of its stressed ά
    ("ζημι", "εσ", "keep", None, ""),
    ("στρατ", "οσ", "keep", None, ""),           # unstressed monosyllable στρας
    ("γραφ", "ει", "keep", ph.AUG_D1, ""),
    ("δεσ", "αν", "keep+ε", None, ""),
    # … but a monosyllable, synizesis granted, needs none
    ("στρα", "σ", "keep", None, "στρας"),
    ("γι", "οι", "keep", None, "γιοι"),
    ("γει", "α", "keep", None, "γεια"),
    ("ποι", "οι", "keep", None, "ποιοι"),
    ("δυ", "ο", "keep", None, "δυο"),
    ("ζημι", "εσ", "PEN", None, "ζημίες"),
]


@pytest.fixture(scope="module")
def cascade():
    return ph.cascade()


@pytest.mark.parametrize("stem,ending,directive,aug,expected", CASES)
def test_python_and_fst_agree(cascade, stem, ending, directive, aug, expected):
    assert ph.realise(stem, ending, directive, aug) == expected
    with pynini.default_token_type("utf8"):
        lattice = pynini.compose(pynini.accep(ph.encode(stem, ending, directive, aug)), cascade)
        outs = set(lattice.paths().ostrings()) if lattice.num_states() else set()
    assert outs == ({expected} if expected else set())


def test_underlying_marks_stress_and_glides():
    assert ph.underlying("θάλασσα") == "θα'λασσα"
    assert ph.underlying("σπιτιού") == "σπιτjου'"
    assert ph.underlying("αβάκιο", glides=False) == "αβα'κιο"
    with pytest.raises(ValueError):
        ph.underlying("abc")


def test_keep_obeys_the_law_of_three_syllables():
    # issue 20's stress audit: keep moved the accent before the antepenult (O11 *φούρναρηδες,
    # O51 *πάγκρεατος, O48 *θυμίαματα, E9 *γλήγορηδες); Triantafyllidis grammar § 75
    import pynini
    casc = ph.cascade()
    cases = [("φου'ρναρ", "ηδεσ", "φουρνάρηδες"), ("φου'ρναρ", "ηδων", "φουρνάρηδων"),
             ("πα'γκρε", "ατοσ", "παγκρέατος"), ("πα'γκρε", "ατα", "παγκρέατα"),
             ("θυμι'α", "ματα", "θυμιάματα"), ("γλη'γορ", "ικο", "γληγόρικο"),
             ("φου'ρναρ", "η", "φούρναρη"), ("δρο'μ", "ου", "δρόμου"),
             # synizesis: -ρια- and -για- are one syllable, so the accent stays
             (ph.underlying("αταίριαχτ", glides=False), "οσ", "αταίριαχτος"),
             (ph.underlying("άδειαστ", glides=False), "οι", "άδειαστοι"),
             # an accented vowel's off-glide is no syllable either
             (ph.underlying("γάιδαρ", glides=False), "ουσ", "γάιδαρους"),
             (ph.underlying("κορόιδ", glides=False), "εμα", "κορόιδεμα"),
             (ph.underlying("κελάηδ", glides=False), "ημα", "κελάηδημα")]
    for stem, ending, want in cases:
        assert ph.realise(stem, ending) == want
        got = pynini.shortestpath(pynini.compose(
            pynini.accep(ph.encode(stem, ending), token_type="utf8"), casc)).string(token_type="utf8")
        assert got == want, (stem, ending, got)
