"""Grammar bars against systematic over-generation: participle-shaped hunspell lemmas (the
-άω alternant, flag ``no_aw``: tests/test_layer_aw_present.py; §B6 degrees of pronouns,
numerals and irregular adjectives: tests/test_layer_b6_degree.py)."""

import pytest


@pytest.mark.parametrize("lemma,shaped", [
    ("αγαπώσης", True), ("δηλούσης", True), ("γενομένης", True), ("τιθεμένης", True),
    ("δοθείσης", True), ("ζώσης", True), ("παρούσης", True),
    ("γρίπης", False), ("ευμενής", False), ("τρώση", False), ("γνώση", False)])
def test_genitive_participles_are_participle_shaped(lemma, shaped):
    from scripts.pipeline.classify_by_evidence import participle_shaped
    assert participle_shaped(lemma) is shaped
