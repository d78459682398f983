"""Frequent long words that dektes refused (`python -m scripts.measure.measure_everyday --long`):
each fixed where its fact lives, with the dictionary the row cites."""
from __future__ import annotations

import pytest

from fst.api import Judge


@pytest.fixture(scope="module")
def judge():
    return Judge.load()


@pytest.mark.parametrize("word", [
    # lexicon/closed.tsv: the indefinite pronouns in -δήποτε (ΛΚΝ; Triantafyllidis 1941)
    "ΟΠΟΙΟΣΔΗΠΟΤΕ", "ΟΠΟΙΟΥΔΗΠΟΤΕ", "ΟΠΟΙΟΝΔΗΠΟΤΕ", "ΟΠΟΙΑΣΔΗΠΟΤΕ", "ΟΠΟΙΕΣΔΗΠΟΤΕ",
    "ΟΠΟΙΟΔΗΠΟΤΕ", "ΟΣΟΣΔΗΠΟΤΕ", "ΟΣΗΔΗΠΟΤΕ", "ΟΤΙΔΗΠΟΤΕ",
    # lexicon/irregular.tsv: learned neuters of the third declension
    "ΚΑΘΕΣΤΩΤΟΣ", "ΚΑΘΕΣΤΩΤΑ", "ΣΥΜΠΑΝΤΟΣ", "ΣΥΜΠΑΝΤΩΝ", "ΦΩΝΗΕΝΤΟΣ", "ΦΩΝΗΕΝΤΑ",
    # lexicon/verb-parts.tsv: ΛΚΝ's -γράφτηκα & (λόγ.) -γράφηκα
    "ΠΕΡΙΓΡΑΦΗΚΕ", "ΚΑΤΑΓΡΑΦΗΚΑΝ", "ΔΙΑΓΡΑΦΗΚΕ", "ΣΥΓΓΡΑΦΗΚΕ",
    "ΠΕΡΙΓΡΑΦΤΗΚΕ", "ΚΑΤΑΓΡΑΦΤΗΚΑΝ",
    # γράφω's own row (flag own_only): γράφτηκα & (λόγ.) γράφηκα, γράψου
    "ΓΡΑΦΗΚΕ", "ΓΡΑΦΗΚΑΝ", "ΓΡΑΦΤΗΚΕ", "ΓΡΑΨΟΥ",
    # a compound of an evidence row's verb keeps its own class row beside the augment its
    # record chose (grammars/verb_parts.py): καταργώ P10.9 beside αργώ's, ενισχύω P9 beside
    # ισχύω's ppp=-
    "ΚΑΤΑΡΓΗΘΗΚΕ", "ΚΑΤΑΡΓΕΙΤΑΙ", "ΚΑΤΑΡΓΗΜΕΝΟΣ", "ΚΑΤΗΡΓΗΣΕ", "ΕΝΙΣΧΥΜΕΝΟΣ",
    "ΕΝΙΣΧΥΘΗΚΕ", "ΕΠΑΛΗΘΕΥΤΗΚΕ", "ΑΠΕΛΠΙΣΜΕΝΟΣ",
    # lexicon/verb-parts.tsv, session 35 (each row cites its ΛΚΝ entry): the passives of the
    # έχω/μένω compounds, which their bases lack
    "ΠΑΡΕΧΕΤΑΙ", "ΠΑΡΕΧΟΝΤΑΙ", "ΠΑΡΑΣΧΕΙ", "ΠΑΡΑΣΧΕΘΕΙ", "ΠΑΡΕΙΧΑΜΕ", "ΠΕΡΙΕΧΕΤΑΙ",
    "ΠΕΡΙΕΧΟΝΤΑΙ", "ΕΜΠΕΡΙΕΧΕΙ", "ΚΑΤΕΧΕΤΑΙ", "ΑΝΑΜΕΝΕΤΑΙ", "ΑΝΑΜΕΝΟΤΑΝ", "ΑΝΕΜΕΝΕ",
    # περιμένω, a verb of its own (περίμενα is imperfect and aorist)
    "ΠΕΡΙΜΕΝΟΝΤΑΣ", "ΠΕΡΙΜΕΝΕΤΑΙ", "ΠΕΡΙΜΕΝΑΜΕ",
    # learned compounds that the prefix table does not split
    "ΠΕΡΙΣΤΡΕΦΕΤΑΙ", "ΠΕΡΙΕΣΤΡΕΨΕ", "ΕΠΑΝΑΦΕΡΕΙ", "ΕΠΑΝΕΦΕΡΕ", "ΣΥΝΕΙΣΦΕΡΕΙ",
    "ΠΑΡΕΜΒΑΙΝΕΙ", "ΠΑΡΕΝΕΒΗ", "ΣΥΜΠΙΠΤΕΙ", "ΣΥΝΕΠΕΣΕ", "ΠΡΟΥΠΟΘΕΤΕΙ", "ΣΥΝΥΠΑΡΧΟΥΝ",
    "ΑΝΑΠΑΡΑΓΕΤΑΙ", "ΠΑΡΗΓΓΕΙΛΕ", "ΠΑΡΑΓΓΕΙΛΩ", "ΕΞΗΓΓΕΙΛΕ", "ΠΑΡΙΣΤΑΝΕΙ",
    # passive aorists: καταστάθηκα (καθιστώ and its compounds), συστάθηκα, αφαιρέθηκα
    "ΕΓΚΑΤΑΣΤΑΘΕΙ", "ΑΝΤΙΚΑΤΑΣΤΑΘΗΚΕ", "ΑΠΟΚΑΤΑΣΤΑΘΕΙ", "ΣΥΣΤΑΘΗΚΕ", "ΑΦΑΙΡΕΘΗΚΕ",
    "ΤΡΕΦΕΤΑΙ", "ΠΙΑΝΕΤΑΙ", "ΑΠΟΦΕΥΓΕΤΑΙ", "ΑΠΟΦΕΥΧΘΕΙ", "ΕΠΙΤΕΥΧΘΕΙ", "ΕΙΣΗΧΘΗΣΑΝ",
    # the learned aorist in -ευσα beside -εψα; §D3 learned passive aorists
    "ΠΡΟΣΤΑΤΕΥΣΕΙ", "ΧΡΗΣΙΜΕΥΣΕ", "ΣΤΗΡΙΧΘΗΚΕ", "ΕΓΚΑΤΑΛΕΙΦΘΗΚΕ",
    # learned passive aorists in -ην beside the demotic one (paor=…,…ην)
    "ΕΝΕΠΛΑΚΗΣΑΝ", "ΕΞΕΠΛΑΓΗΝ", "ΕΠΕΤΕΥΧΘΗ", "ΣΥΝΕΤΡΙΒΗ", "ΣΥΝΤΡΙΦΤΗΚΕ",
    # lexicon/closed.tsv adverbs (ΛΚΝ; §B5 -ως only as listed), lemmas-manual.tsv
    "ΚΑΤΕΥΘΕΙΑΝ", "ΕΠΙΤΕΛΟΥΣ", "ΑΚΟΛΟΥΘΩΣ", "ΣΥΓΧΡΟΝΩΣ", "ΕΠΙΜΕΡΟΥΣ", "ΚΑΛΗΣΠΕΡΑ",
    "ΜΥΣΤΗΡΙΩΔΗΣ", "ΣΤΟΙΧΕΙΩΔΗ",
])
def test_everyday_long_words_are_valid(judge, word):
    assert judge.check(word).valid, word


@pytest.mark.parametrize("word", [
    "ΟΣΟΣΔΗΠΟΤΕΣ", "ΟΠΟΙΟΣΔΗΠΟΤΑ",  # no such forms
    "ΚΑΘΕΣΤΩΤΟΥ", "ΣΥΜΠΑΝΤΟΥ",  # the -ντ- stems keep the third declension's genitive
    "ΞΕΓΡΑΦΗΚΕ",  # a demotic compound has γράφτηκα only (ξεγράφτηκε)
    "ΑΦΑΙΡΕΣΤΗΚΕ", "ΣΥΝΙΣΤΗΣΑ", "ΠΑΡΙΣΤΗΣΑ",  # the class's wrong aorists, replaced by the parts
    "ΤΡΕΜΜΕΝΟΣ", "ΠΑΡΕΜΒΕ",  # no such participle or imperative
    "ΠΕΡΙΕΧΤΗΚΕ", "ΣΥΜΠΙΠΤΕΤΑΙ",  # no passive aorist of περιέχω; συμπίπτω is active only
])
def test_their_neighbours_stay_invalid(judge, word):
    assert not judge.check(word).valid, word


def test_the_learned_aorist_is_a_variant_of_the_demotic_one(judge):
    # weights rank analyses: the demotic passive aorist first, the learned one its variant
    demotic = min(a.weight for a in judge.analyse("περιγράφτηκε"))
    learned = min(a.weight for a in judge.analyse("περιγράφηκε"))
    assert demotic < learned
