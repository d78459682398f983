"""§A4 rulings (grammars/rules/a4_rulings.py): its own cases."""
import pynini

from fst.runtime.anatable import fst_paths
from fst.api import Judge
from grammars.rules import a4_rulings
from layer_fst import _ctx


def test_a4_fst_agrees_with_its_reference():
    rulings = {"ΕΖ": (True, "r1"), "ΓΔ": (False, "r2")}
    with pynini.default_token_type("utf8"):
        tiles = pynini.string_map(["ΑΒ", "ΓΔ"]).optimize()
        got = {o for _, o, _ in fst_paths(a4_rulings.fst(tiles, _ctx(None, rulings=rulings)))}
    words = {"ΑΒ", "ΓΔ", "ΕΖ"}
    want = {w for w in words if a4_rulings.verdict(w, rulings) is not False
            and (w in ("ΑΒ", "ΓΔ") or a4_rulings.verdict(w, rulings))}
    assert got == want == {"ΑΒ", "ΕΖ"}


def test_rulings_are_the_last_layer(judge):
    j = Judge(judge.analyser, judge.tiles, judge.t2s, judge.tags,
              rulings={"ΞΨΖΩ": (True, "test ruling (2026-01-01)"),
                       "ΑΝΘΡΩΠΟΣ": (False, "test ruling (2026-01-01)")})
    assert j.check("ΞΨΖΩ").valid and j.check("ΞΨΖΩ").rules == ("A4",)
    v = j.check("ΑΝΘΡΩΠΟΣ")
    assert not v.valid and v.rules == ("A4",) and "test ruling" in v.reason
