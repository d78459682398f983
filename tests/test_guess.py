"""The guesser (grammars/guess.py), its command, and the lexicon files classified by evidence.

None of this needs pynini or the compiled engine: the guesser inverts the class tables directly.
"""
from __future__ import annotations

import collections
import hashlib

import pytest

from conftest import REPO_ROOT
from fst.app.cli import main
from grammars.guess import Guess, Guesser, guess, read_lemma_classes
from grammars.normalize import InvalidWord
from grammars.paradigm import generate, load_tables

LEX = REPO_ROOT / "lexicon"
REVIEW = REPO_ROOT / "scripts" / "pipeline" / "data" / "review.tsv"  # the review queue
SOURCES = {"lemmas-spacy.tsv": "spacy+evidence", "lemmas-hunspell.tsv": "hunspell+evidence"}
CITATION = {"NOUN": "N;NOM;SG", "ADJ": "ADJ;MASC;NOM;SG"}
SAMPLE = {"NOUN": 20, "ADJ": 15, "VERB": 15}


def _h(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def citation(pos: str, lemma: str) -> str:
    if pos == "VERB":
        return "V;IND;PRS;IPFV;1;SG;" + ("PASS" if lemma.endswith("μαι") else "ACT")
    return CITATION[pos]


def rows(name):
    with open(LEX / name, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f
                if not line.startswith("#") and line.strip()]


# ---------------------------------------------------------------------------------------------
# recovery of held-out lemmas


@pytest.fixture(scope="module")
def held_out():
    """~50 regular lemmas of lemmas.tsv (one class, which cites them), chosen by hash, and a
    guesser whose weights were estimated without them."""
    tables = load_tables()
    pairs = read_lemma_classes()
    n_rows = collections.Counter(lm for lm, _ in pairs)
    pos_of = {r[0]: r[1] for r in rows("lemmas.tsv")}
    chosen = []
    for pos, n in SAMPLE.items():
        picked = 0
        for lemma, code in sorted(pairs, key=lambda p: _h(p[0] + p[1])):
            if picked == n:
                break
            if pos_of.get(lemma) != pos or n_rows[lemma] != 1 or code not in tables:
                continue
            gen = generate(lemma, tables[code])
            if not any(f == lemma and c == citation(pos, lemma) and w == 0 for f, c, w in gen):
                continue
            forms = sorted({f for f, _, w in gen if w == 0 and f != lemma})
            if not forms:
                continue
            chosen.append((lemma, code, forms[int(_h(lemma), 16) % len(forms)]))
            picked += 1
    out = {lm for lm, _, _ in chosen}
    return chosen, Guesser([p for p in pairs if p[0] not in out])


def test_guesser_recovers_held_out_lemmas(held_out):
    chosen, g = held_out
    assert len(chosen) == sum(SAMPLE.values())
    hits, misses = 0, []
    for lemma, code, form in chosen:
        top = [(x.lemma, x.inflection_class) for x in g.guess(form, limit=3)]
        if (lemma, code) in top:
            hits += 1
        else:
            misses.append((form, lemma, code, top))
    share = hits / len(chosen)
    print(f"\nguesser: true (lemma, class) in the top 3 for {hits}/{len(chosen)} "
          f"held-out inflected forms ({share:.0%}); misses: {misses}")
    assert share >= 0.9, misses


def test_guesser_recovers_held_out_citation_forms(held_out):
    chosen, g = held_out
    hits = sum((lemma, code) in [(x.lemma, x.inflection_class) for x in g.guess(lemma, limit=3)]
               for lemma, code, _ in chosen)
    print(f"\nguesser: {hits}/{len(chosen)} held-out lemmas recovered from the citation form")
    assert hits / len(chosen) >= 0.9


# ---------------------------------------------------------------------------------------------
# specific cases and the API


@pytest.mark.parametrize("form, lemma, code", [
    ("ανθρώπου", "άνθρωπος", "O19"),
    ("θαλασσών", "θάλασσα", None),
    ("έγραψα", "γράφω", None),
])
def test_specific_cases(form, lemma, code):
    gs = guess(form)
    assert gs and gs[0].lemma == lemma, gs[:3]
    if code:
        assert (lemma, code) in [(x.lemma, x.inflection_class) for x in gs[:3]]


def test_guesses_regenerate_the_form_and_are_ranked():
    tables = load_tables()
    gs = guess("γράψαμε")
    assert gs and all(isinstance(x, Guess) for x in gs)
    assert [x.weight for x in gs] == sorted(x.weight for x in gs)
    assert len({(x.lemma, x.inflection_class) for x in gs}) == len(gs)
    for x in gs:
        assert (x.form, x.cell) in {(f, c) for f, c, _ in generate(x.lemma, tables[x.inflection_class])}


def test_tile_form_input_tries_accent_positions():
    gs = guess("ΑΝΘΡΩΠΟΥ")
    assert gs[0].lemma == "άνθρωπος"
    # ανθρώπου (O19) and άνθρωπου (O20, stress kept) are both spellings of the tile form
    assert ("άνθρωπος", "O19", "ανθρώπου") in [(x.lemma, x.inflection_class, x.form) for x in gs]


def test_pos_filter_and_limit():
    assert all(x.inflection_class.startswith("P") for x in guess("έγραψα", pos="VERB"))
    assert not [x for x in guess("έγραψα", pos="NOUN") if x.lemma == "γράφω"]
    assert len(guess("καλός", limit=2)) <= 2


def test_invalid_input_raises():
    with pytest.raises(InvalidWord):
        guess("abc")
    with pytest.raises(InvalidWord):
        guess("")


# ---------------------------------------------------------------------------------------------
# the command


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out.splitlines(), err


def test_cli_guess_columns_and_order(capsys):
    code, lines, _ = run(capsys, "guess", "ανθρώπου", "ΘΑΛΑΣΣΩΝ")
    assert code == 0
    cols = [line.split("\t") for line in lines]
    assert all(len(c) == 4 for c in cols)
    assert cols[0][:3] == ["ανθρώπου", "άνθρωπος", "O19"]
    assert {c[0] for c in cols} == {"ανθρώπου", "ΘΑΛΑΣΣΩΝ"}
    for word in ("ανθρώπου", "ΘΑΛΑΣΣΩΝ"):
        weights = [float(c[3]) for c in cols if c[0] == word]
        assert 1 <= len(weights) <= 10 and weights == sorted(weights)


def test_cli_guess_limit(capsys):
    code, lines, _ = run(capsys, "guess", "--limit", "2", "έγραψα")
    assert code == 0 and len(lines) == 2
    assert lines[0].split("\t")[1:3] == ["γράφω", "P4"]


def test_cli_guess_invalid_input_is_one_line(capsys):
    code, lines, _ = run(capsys, "guess", "abc")
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith("abc\t-\t") and "Latin" in lines[0]


def test_cli_guess_exit_status_any(capsys):
    code, lines, _ = run(capsys, "guess", "abc", "ανθρώπου")
    assert code == 0 and lines[0].startswith("abc\t-\t")


def test_cli_guess_usage_errors(capsys):
    assert run(capsys, "guess")[0] == 2
    assert run(capsys, "guess", "--limit", "0", "λόγος")[0] == 2


def test_cli_guess_stdin(capsys, monkeypatch):
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("δρόμων\n\n".encode())))
    code, lines, _ = run(capsys, "guess", "--limit", "1", "-")
    assert code == 0
    assert lines[0].split("\t")[:2] == ["δρόμων", "δρόμος"]
    assert lines[1].startswith("\t-\t")  # the empty line: not a word, said in one line


# ---------------------------------------------------------------------------------------------
# lexicon files made by scripts/pipeline/classify_by_evidence.py


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_evidence_lexicon_files_parse(name):
    if not (LEX / name).exists():
        pytest.skip(f"{name} not generated")
    tables = load_tables()
    elspell = {r[0] for r in rows("lemmas.tsv")}
    got = rows(name)
    assert got, name
    seen = set()
    for r in got:
        assert len(r) == 8, r
        lemma, pos, gender, code, parts, flags, variants, source = r
        assert source == SOURCES[name], r
        assert (gender, parts, flags, variants) == ("-", "-", "-", "-"), r
        assert code in tables and pos == {"O": "NOUN", "E": "ADJ", "P": "VERB"}[code[0]], r
        assert lemma not in elspell, r
        assert (lemma, code) not in seen, r
        seen.add((lemma, code))
    # every row's class gives the lemma back as its citation form (a sample, for speed)
    for r in sorted(got, key=lambda r: _h(r[0]))[:200]:
        gen = generate(r[0], tables[r[3]])
        assert any(f == r[0] and c == citation(r[1], r[0]) and w == 0 for f, c, w in gen), r


def test_review_rows_are_not_in_the_lexicon():
    if not REVIEW.exists():
        pytest.skip("review.tsv not generated")
    review = rows(REVIEW)  # an absolute path: LEX / REVIEW is REVIEW
    assert review and all(len(r) == 5 for r in review)
    assert {r[2] for r in review} <= {"spacy", "hunspell", "elspell"}
    # the learned files (scripts/pipeline/learn_pes_dev.py) may class a review lemma: the dev half
    # decided it (source "…+pes-dev")
    learned = ("lemmas-sources.tsv", "lemmas-freedict.tsv", "lemmas-pes-dev.tsv")
    lexicon = {r[0] for p in LEX.glob("lemmas*.tsv") for r in rows(p.name)
               if p.name not in learned}
    assert not [r for r in review if r[0] in lexicon]
    decided = [r for n in learned if (LEX / n).exists() for r in rows(n)]
    assert all(r[7].endswith("pes-dev") for r in decided)


def test_guess_in_a_batch_gives_the_answers_one_by_one():
    """guess_many (kept caches, repeated words analysed once) answers as guess does, word by
    word, in order, one answer per input word; and so does ``dektes guess -``."""
    g = Guesser()
    words = ["ανθρώπου", "θαλασσών", "ανθρώπου", "ΓΡΑΨΑΜΕ", "έγραψα", "λόγε", "abc", "ανθρώπους"]
    fresh = []
    for w in words:
        try:
            fresh.append(Guesser().guess(w))  # a new guesser: nothing kept from earlier words
        except InvalidWord as e:
            fresh.append(e.code)
    batch = [r.code if isinstance(r, InvalidWord) else r for _, r in g.guess_many(words)]
    assert [w for w, _ in g.guess_many(words)] == words
    assert batch == fresh
    assert batch[0] and batch[0][0].lemma == "άνθρωπος"


def test_cli_guess_batch_keeps_lines(capsys, monkeypatch):
    import io
    import sys as _sys
    words = ["ανθρώπου", "θαλασσών", "ανθρώπου", "ανθρώπου"]
    monkeypatch.setattr(_sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(words).encode())))
    assert main(["guess", "--limit", "1", "-"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in out] == words
    one = [line.split("\t")[1:3] for line in out]
    assert one[0] == one[2] == one[3] == ["άνθρωπος", one[0][1]]
    assert one[1] == [guess("θαλασσών", limit=1)[0].lemma, guess("θαλασσών", limit=1)[0].inflection_class]


def test_the_accentuations_the_candidates_use_are_those_of_accentuations():
    """_accent_slots (the accented letter and stress slot of each accentuation, without its
    strings) and the strings _accented makes are _accentuations' own, in its order, and the
    slot is stress_slot's wherever it is given (issue 23 item 7: the speed-up changes no
    candidate); so are the underlying string and plain letters _candidates hands on."""
    from grammars import guess as gm
    from grammars import phonology as ph
    plains = ["ανθρωποσ", "τσαι", "ροιδο", "καρδια", "γαιδαροσ", "κοροιδευω", "ουρανοσ", "μια",
              "φωσ", "χειμωνιασμα", "αυλη", "ευκολοσ", "βουλευω", "υιοσ", "αϋλοσ", "ζζ"]
    given = 0
    for p in plains:
        spelled, slots = gm._accent_slots(p)
        assert [j for j, _ in slots] == [j for _, j, _ in gm._accentuations(p)], p
        for (j, slot), (lemma, _, u) in zip(slots, gm._accentuations(p)):
            assert gm._accented(p, spelled, j) == (lemma, u), (p, j)
            if slot is not None:
                given += 1
                assert slot == gm.stress_slot(lemma), (lemma, slot)
    assert given > 20
    g = Guesser()
    for form in ["ανθρώπου", "τσάι", "κορόιδευα", "γάιδαρος", "ουρανού", "βασιλιάδες"]:
        found = g._candidates(form, None)
        assert found, form
        for lemma, ((u, p, slot), _) in found.items():
            assert u == ph.underlying(lemma, glides=False) and p == ph.plain(u), lemma
            assert slot is None or slot == gm.stress_slot(lemma), (lemma, slot)


def test_the_guesser_proposes_no_headword_only_class():
    """The §D6 participle classes E12–E15 take their lemmas only from a dictionary's headword
    (grammars.paradigm.HEADWORD_ONLY): hunspell's θάλλοντα, θάλλουσα make no lemma *θάλλων
    of E12, though the class inflects it."""
    from grammars.paradigm import HEADWORD_ONLY, proposable_tables
    assert HEADWORD_ONLY == {"E12", "E13", "E14", "E15"} <= set(load_tables())
    assert not HEADWORD_ONLY & set(proposable_tables())
    assert any(f == "θάλλουσα" for f, c, w in generate("θάλλων", load_tables()["E12"]))
    g = Guesser()
    for word in ("θάλλουσα", "θάλλοντα", "διοικούντος", "κυβερνώσα"):
        assert not [x for x in g.guess(word, limit=200) if x.inflection_class in HEADWORD_ONLY], word
