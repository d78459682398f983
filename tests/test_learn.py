"""Learning lemma records from a word list (fst/learn.py, scripts/pipeline/learn_pes_dev.py) and
the profiles that leave learned sources out (grammars/profiles.py). No test reads the official
list: the lists here are made up from paradigms of made-up lemmas."""
import importlib
import os

import pytest

from conftest import REPO_ROOT
from fst import learn
from grammars.normalize import to_tile
from grammars.paradigm import generate, load_tables
from grammars.profiles import PROFILES, disabled
from lexicon import source_marks


# made-up lemmas (no Greek dictionary has them), with a class whose paradigm gives them back
NOUN = ("γλούμπα", "O25")
VERB = ("ζουφώνω", "P1")


def _tiles(lemma, code, main_only=True):
    table = load_tables()[code]
    return sorted({to_tile(f) for f, _, w in generate(lemma, table) if w == 0 or not main_only})


def _dev_forms(lemma, code):
    """The forms of a made-up paradigm that a development half would show: 2–8 letters,
    dev-hashed."""
    return [t for t in _tiles(lemma, code) if 2 <= len(t) <= 8 and learn.in_dev_half(t)]


def test_split_and_folds_follow_the_shared_readme():
    import hashlib
    for w in ("ΑΓΟΡΑ", "ΧΑΡΑ", "ΕΓΡΑΨΑ", "ΝΩΡΙΣ"):
        h = int(hashlib.sha256(("pes-split-v1:" + w).encode()).hexdigest(), 16) % 2
        assert learn.in_dev_half(w) == (h == 0)
        assert learn.fold_of(w) == int(
            hashlib.sha256(("pes-fold-v1:" + w).encode()).hexdigest(), 16) % 2


def test_fold_switch(monkeypatch, tmp_path):
    monkeypatch.delenv(learn.FOLD_ENV, raising=False)
    assert learn.fold_from_env() is None
    monkeypatch.setenv(learn.FOLD_ENV, "1")
    assert learn.fold_from_env() == 1
    words = ["ΑΓΟΡΑ", "ΧΑΡΑ", "ΣΕΙΡΑ", "ΦΩΣ", "ΠΙΣΩ", "ΓΕΙΑ", "ΝΩΡΙΣ", "ΧΤΕΣ"]
    p = tmp_path / "list.txt"
    p.write_text("\n".join(words) + "\n", encoding="utf-8")
    assert learn.read_dev(p, 1) == {w for w in words if learn.fold_of(w) == 1}
    assert learn.read_dev(p) == set(words)
    monkeypatch.setenv(learn.FOLD_ENV, "2")
    with pytest.raises(ValueError, match="DEKTES_PES_FOLD"):
        learn.fold_from_env()


def _support(words, explained=frozenset()):
    return learn.guess_pairs([w for w in words if w not in explained], jobs=1)


def test_a_lemma_with_most_of_its_listed_forms_is_learned():
    forms = _dev_forms(*VERB)
    assert len(forms) >= 3
    could = learn.dev_could_hold()
    out = learn.judge_candidates(_support(forms), set(forms), could, set(), set())
    got = {(to_tile(c.lemma), c.pos) for c in out.accepted}
    assert (to_tile(VERB[0]), "VERB") in got
    c = next(c for c in out.accepted if to_tile(c.lemma) == to_tile(VERB[0]))
    assert c.accent_source == ""  # no source gives the accent: guessed
    assert c.found == set(forms) & c.could and c.ratio >= 0.6


def test_ambiguous_or_thin_evidence_learns_nothing():
    # a small paradigm: the noun γλούμπα O25 and an adjective in -ης (E9) show the same
    # forms, so neither has a listed form the other lacks (condition 3)
    could = lambda t: 2 <= len(t) <= 8  # noqa: E731
    noun = [t for t in _tiles(*NOUN) if could(t)]
    out = learn.judge_candidates(_support(noun), set(noun), could, set(), set())
    assert out.accepted == [] and out.counts["a rival explains the same words"]
    forms = _dev_forms(*VERB)
    could = learn.dev_could_hold()
    # one form only: condition 1 (two forms nothing else generates)
    out = learn.judge_candidates(_support(forms[:1]), set(forms[:1]), could, set(), set())
    assert not any(to_tile(c.lemma) == to_tile(VERB[0]) for c in out.accepted)
    # most of its forms absent: condition 2
    some = forms[:4]
    out = learn.judge_candidates(_support(some), set(some), learn.dev_could_hold(), set(),
                                 set())
    assert not any(to_tile(c.lemma) == to_tile(VERB[0]) and c.code == VERB[1]
                   for c in out.accepted)


def test_forms_the_lexicon_generates_do_not_support_a_new_lemma():
    forms = _dev_forms(*VERB)
    could = learn.dev_could_hold()
    out = learn.judge_candidates(_support(forms), set(forms), could, set(forms), set())
    assert out.accepted == []


def test_a_known_lemma_is_not_learned_again():
    forms = _dev_forms(*VERB)
    could = learn.dev_could_hold()
    lemmas = {c.lemma for c in learn.judge_candidates(
        _support(forms), set(forms), could, set(), set()).accepted}
    out = learn.judge_candidates(_support(forms), set(forms), could, set(), lemmas)
    assert not {c.lemma for c in out.accepted} & lemmas


def test_a_source_gives_the_accent():
    forms = _dev_forms(*VERB)
    could = learn.dev_could_hold()
    out = learn.judge_candidates(_support(forms), set(forms), could, set(), set(),
                                 lemma_sources={VERB[0]: ("spacy", frozenset({"VERB"}))})
    c = next(c for c in out.accepted if to_tile(c.lemma) == to_tile(VERB[0]))
    assert (c.lemma, c.accent_source, c.kind) == (VERB[0], "spacy", "source")


def test_profiles_are_layers_plus_sources():
    assert disabled("no-pes-dev") == {"PES"}
    assert {"PES", "FD", "L23", "E2"} <= disabled("free")
    assert "PES" not in disabled("board")
    assert disabled("board", ["pes"]) == {"PES"}
    assert source_marks("lemmas-pes-dev.tsv", ("accent_guessed",)) == ("PES", "ACCENT-GUESSED")
    assert source_marks("lemmas.tsv") == ()
    assert set(PROFILES) >= {"board", "no-pes-dev", "free"}


def test_learned_rows_carry_their_source_id_in_analyses():
    from fst.build.compile import paradigm_groups
    from lexicon import LexEntry
    e = LexEntry(NOUN[0], "NOUN", NOUN[1], "pes-dev", ("accent_guessed",),
                 source_marks("lemmas-pes-dev.tsv", ("accent_guessed",)))
    (key, _), = paradigm_groups([e], load_tables()).items()
    assert key[-1] == ("PES", "ACCENT-GUESSED")


def test_learn_pes_dev_script_is_deterministic(tmp_path, judge):
    """The script reruns on a small made-up list: the made-up verb is learned (source
    pes-dev, accent guessed), the same bytes twice, the report outside the output folder."""
    from scripts.pipeline import learn_pes_dev
    forms = _dev_forms(*NOUN) + _dev_forms(*VERB)
    dev = tmp_path / "dev.txt"
    dev.write_text("\n".join(sorted(forms)) + "\n", encoding="utf-8")
    out = tmp_path / "lexicon"
    out.mkdir()
    args = ["--dev", str(dev), "--out-dir", str(out), "--shared", str(tmp_path / "none"),
            "--freedict", str(tmp_path / "none"), "--jobs", "1",
            "--report", str(tmp_path / "report.txt"), "--all-kinds"]
    assert learn_pes_dev.main(args) == 0
    first = {n: (out / n).read_bytes() for n in learn_pes_dev.OWN_FILES}
    rows = [line.split("\t") for line in first["lemmas-pes-dev.tsv"].decode().splitlines()
            if not line.startswith("#")]
    assert any(to_tile(r[0]) == to_tile(VERB[0]) and r[1] == "VERB" and r[7] == "pes-dev"
               and r[5] == "accent_guessed" for r in rows)
    assert learn_pes_dev.main(args) == 0
    assert {n: (out / n).read_bytes() for n in learn_pes_dev.OWN_FILES} == first
    # no form of the list is written into the lexicon files
    text = b"".join(first.values()).decode()
    assert not any(f in text for f in forms)
    # without --all-kinds only the kinds that held on folds are written
    assert learn_pes_dev.main(args[:-1]) == 0
    kept = [line for n in learn_pes_dev.OWN_FILES
            for line in (out / n).read_text(encoding="utf-8").splitlines()
            if not line.startswith("#")]
    kinds = {("list-alone" if r.split("\t")[7] == "pes-dev" else "source", r.split("\t")[1])
             for r in kept}
    assert kinds <= learn_pes_dev.KEEP_KINDS
    assert ("list-alone", "VERB") not in learn_pes_dev.KEEP_KINDS  # 0.73 on the other fold
    assert not any(to_tile(r.split("\t")[0]) == to_tile(VERB[0]) for r in kept)


def test_report_may_not_go_into_the_repository(tmp_path, judge):
    from scripts.pipeline import learn_pes_dev
    dev = tmp_path / "dev.txt"
    dev.write_text("\n".join(_dev_forms(*VERB)) + "\n", encoding="utf-8")
    out = tmp_path / "lexicon"
    out.mkdir()
    code = learn_pes_dev.main(["--dev", str(dev), "--out-dir", str(out), "--jobs", "1",
                               "--shared", str(tmp_path / "none"),
                               "--freedict", str(tmp_path / "none"),
                               "--report", str(REPO_ROOT / "report.txt")])
    assert code == 2 and not (REPO_ROOT / "report.txt").exists()


# ---------------------------------------------------------------------------------------------
# dektes learn: a user's own list as an overlay

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _need(module, extra):
    """The optional module, or a skip; under CI=true a missing extra fails the test."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if CI:
            pytest.fail(f"{module} is missing: pip install 'dektes[{extra}]'")
        pytest.skip(f"{module} is not installed (pip install 'dektes[{extra}]')")


_SYMBOL = dict(zip("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ", "ABGDEZHQIKLMNXOPRSTUFCYW"))


def _pdf(path, words, columns=3):
    """A PDF listing ``words`` in columns, as the federation publishes its list (the Symbol
    core font draws Greek capitals, and pypdf reads them back as Greek)."""
    fpdf = _need("fpdf", "pdf-test")
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.set_font("Symbol", size=11)
    rows = -(-len(words) // columns)  # filled column by column, as the list is read
    for i in range(rows):
        for w in words[i::rows]:
            pdf.cell(55, 7, "".join(_SYMBOL[c] for c in w))
        pdf.ln(7)
    pdf.output(str(path))


def _run(capsys, *argv):
    from fst.app.cli import main
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_learn_a_text_list_and_use_it_only_when_asked(tmp_path, lists, capsys, judge):
    forms = [t for t in _tiles(*VERB) if len(t) <= 8]  # a user's list holds them all
    path = tmp_path / "club.txt"
    # accented or tile form, several words a line
    path.write_text(" ".join(forms[:2]) + "\n" + "\n".join(forms[2:]) + "\nΧΑΡΑ\n",
                    encoding="utf-8")
    code, out, _ = _run(capsys, "learn", str(path), "--name", "club")
    assert code == 0 and "lemmas learned\t" in out
    assert (lists / "club" / "overlay.json").exists() and (lists / "club" / "lemmas.tsv").exists()
    word = forms[0]
    code, out, _ = _run(capsys, "check", word)
    assert code == 1 and "\tinvalid" in out          # no overlay by default
    code, out, _ = _run(capsys, "check", "--list", "club", word)
    assert code == 0 and "\tvalid\t§LIST" in out
    # a longer form of the learned lemma, which the list does not have, is valid too
    unlisted = [t for t in _tiles(*VERB) if t not in forms and 9 <= len(t) <= 15]
    code, out, _ = _run(capsys, "check", "--list", "club", unlisted[0])
    assert code == 0 and "§LIST" in out
    code, out, _ = _run(capsys, "analyse", "--list", "club", word)
    assert "§LIST" in out and "LIST" in out
    code, out, _ = _run(capsys, "check", "--list", "nosuchlist", word)
    assert code == 2


def test_learn_a_pdf_in_columns_complete_for_some_lengths(tmp_path, lists, capsys, judge):
    _need("pypdf", "pdf")
    # in alphabetical order, as the federation prints it (a page that is not is read as
    # committee names and skipped: fst.app.lists.ALPHABETICAL_SHARE)
    words = sorted(["ΑΓΟΡΑ", "ΧΑΡΑ", "ΣΕΙΡΑ", "ΦΩΣ", "ΝΩΡΙΣ"] + _dev_forms(*NOUN))
    path = tmp_path / "official.pdf"
    _pdf(path, words)
    code, out, _ = _run(capsys, "learn", str(path), "--name", "official", "--complete", "2-5")
    assert code == 0 and f"words\t{len(words)}" in out
    # 2–5 letters: exactly the list; longer words: the grammar
    assert judge.check("ΕΓΡΑΨΑ").valid and len("ΕΓΡΑΨΑ") == 6
    assert judge.check("ΓΡΑΦΩ").valid
    code, out, _ = _run(capsys, "check", "--list", "official", "ΓΡΑΦΩ", "ΧΑΡΑ", "ΕΓΡΑΨΑ")
    lines = dict(line.split("\t", 1) for line in out.splitlines())
    assert lines["ΓΡΑΦΩ"].startswith("invalid") and "§LIST" in lines["ΓΡΑΦΩ"]
    assert lines["ΧΑΡΑ"].startswith("valid\t§LIST")
    assert lines["ΕΓΡΑΨΑ"].startswith("valid")
    code, out, _ = _run(capsys, "validate", "--list", "official", str(_lines(tmp_path, [
        "ΓΡΑΦΩ", "ΧΑΡΑ", "ΕΓΡΑΨΑ"])))
    assert out == "ΓΡΑΦΩ\t0\nΧΑΡΑ\t1\nΕΓΡΑΨΑ\t1\n"


def _lines(tmp_path, words):
    p = tmp_path / "in.txt"
    p.write_text("\n".join(words) + "\n", encoding="utf-8")
    return p


def test_learn_refuses_the_oracles_and_bad_input(tmp_path, lists, capsys):
    oracles = tmp_path / "shared" / "oracles"
    oracles.mkdir(parents=True)
    (oracles / "list.txt").write_text("ΧΑΡΑ\n", encoding="utf-8")
    code, _, err = _run(capsys, "learn", str(oracles / "list.txt"), "--name", "x")
    assert code == 2 and "oracles" in err
    assert not lists.exists()
    (tmp_path / "l.txt").write_text("ΧΑΡΑ\n", encoding="utf-8")
    code, _, err = _run(capsys, "learn", str(tmp_path / "l.txt"), "--name", "../x")
    assert code == 2 and "list name" in err
    code, _, err = _run(capsys, "learn", str(tmp_path / "l.txt"), "--name", "x",
                        "--complete", "8-2")
    assert code == 2 and "length range" in err
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = _run(capsys, "learn", str(tmp_path / "bad.txt"), "--name", "x")
    assert code == 2 and "bad.txt" in err


def test_overlays_live_apart_from_build_caches(lists):
    from fst.runtime import overlay
    assert overlay.is_overlay(lists / "club" / "overlay.json")
    from fst.store import cache_dir
    assert not overlay.is_overlay(cache_dir())
