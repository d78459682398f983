"""Property-based tests (hypothesis) for bad input and the analyser (issue 6).

- ``validate`` prints exactly one line per input line, whatever the lines hold;
- every analysis that :meth:`fst.api.Judge.analyse` returns re-generates its accented form
  (:meth:`~fst.api.Judge.generate`, and :meth:`~fst.api.Judge.paradigm` for the forms no rule
  licenses);
- every word of ``dektes wordlist`` validates;
- random bytes as command-line words or as stdin never crash a command: no traceback, an exit
  status of the documented set.

The CLI runs in this process (:func:`run_cli`, with DEKTES_DEBUG set so that an internal error
raises instead of becoming exit status 3) except in the ``*_process`` tests, which check what
only a real process shows (argv bytes decoded by the OS).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import subprocess
import sys
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO_ROOT
from fst.app.cli import main
from grammars.normalize import TILE_LETTERS, to_tile

pytestmark = pytest.mark.usefixtures("judge")

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
# exit statuses a run may end with: 0/1 verdicts, 2 bad usage (argv starting with '-')
ARGV_STATUSES = {0, 1, 2}
STDIN_STATUSES = {"validate": {0}, "analyse": {0, 1}, "check": {0, 1}, "explain": {0, 1},
                  "guess": {0, 1}}


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """``main(argv)`` with ``stdin`` as standard input: (status, stdout bytes, stderr)."""
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stdin_stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err), \
            mock.patch.object(sys, "stdin", stdin_stream), \
            mock.patch.dict(os.environ, {"DEKTES_DEBUG": "1"}):
        code = main(argv)
    stdout.flush()
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


def out_lines(data: bytes) -> list[str]:
    """Output lines, split on "\\n" only (as the contract counts them); UTF-8 is required."""
    text = data.decode("utf-8")
    assert text == "" or text.endswith("\n")
    return text.split("\n")[:-1]


# ---------------------------------------------------------------------------------------------
# strategies

greek_word = st.text(alphabet=st.sampled_from(TILE_LETTERS + "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ"),
                     min_size=1, max_size=12)
# one line's bytes: words, near-words, anything (no "\n": lines are what is split on it)
line_bytes = st.one_of(
    greek_word.map(str.encode),
    st.sampled_from([b"", b" ", b"\r", b"\t", b"\xef\xbb\xbf", b"\xff", b"HOTEL", b"\xce",
                     "ΕΓΡΑΨΑ".encode(), "ΑΒ ΓΔ".encode(), "Α".encode() * 3000,
                     "\u2028".encode(), b"\x00", b"\x85", "ά\u0301".encode()]),
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
    st.text(max_size=20).map(lambda t: t.encode("utf-8", "surrogatepass").replace(b"\n", b"")),
)


@st.composite
def input_files(draw) -> bytes:
    lines = draw(st.lists(line_bytes, max_size=30))
    data = b"\n".join(lines)
    if lines and draw(st.booleans()):
        data += b"\n"
    return data


def n_input_lines(data: bytes) -> int:
    return 0 if not data else data.count(b"\n") + (not data.endswith(b"\n"))


# ---------------------------------------------------------------------------------------------
# validate: one line per input line


@given(input_files(), st.booleans())
@settings(FUZZ, max_examples=300)
def test_validate_prints_one_line_per_input_line(data, latin):
    code, out, err = run_cli(["validate", "-"] + (["--latin-lookalikes"] * latin), data)
    assert code == 0
    lines = out_lines(out)
    n = n_input_lines(data)
    assert len(lines) == n
    for line in lines:
        cols = line.split("\t")
        assert len(cols) in (2, 3) and cols[1] in ("0", "1"), line
        assert len(cols) == 2 or (cols[1] == "0" and cols[2].startswith("E:")), line
    n_valid = sum(l.endswith("\t1") for l in lines)
    n_err = sum(l.count("\t") == 2 for l in lines)
    assert err.strip().splitlines()[-1] == "lines %d, valid %d, invalid %d, errors %d" % (
        n, n_valid, n - n_valid - n_err, n_err)
    # the same lines one at a time give the same verdicts (no chunk or line interferes)
    if 0 < n <= 6:
        for raw, line in zip(re.findall(rb"[^\n]*\n|[^\n]+$", data), lines):
            if raw.startswith(b"\xef\xbb\xbf"):
                continue  # a byte order mark is dropped from the first line only
            alone = run_cli(["validate", "-"] + (["--latin-lookalikes"] * latin), raw)[1]
            assert out_lines(alone) == [line]


# ---------------------------------------------------------------------------------------------
# analyses re-generate their forms


@pytest.fixture(scope="module")
def word_sample(judge) -> list[str]:
    """10,000 words of the word list, spread over it (a fixed seed: reproducible)."""
    words = list(judge.wordlist())
    return random.Random(6).sample(words, 10_000)


@given(st.data())
@settings(FUZZ, max_examples=150, suppress_health_check=list(HealthCheck))
def test_every_analysis_regenerates_its_form(judge, word_sample, data):
    word = data.draw(st.sampled_from(word_sample), label="word")
    analyses = judge.analyse(word)
    assert analyses, "%s is in the word list but has no analysis" % word
    assert judge.check(word).valid
    tables: dict = {}
    for a in analyses:
        assert to_tile(a.surface) == word, a
        forms = judge.generate(a.lemma, a.inflection_class, a.tags, a.rules)
        assert a.surface in forms, (word, a, forms)
        if not a.rules:  # a paradigm form: in the lemma's table, in that cell
            key = (a.lemma, a.inflection_class)
            if key not in tables:
                tables[key] = judge.paradigm(a.lemma, a.inflection_class)
            rows = {(r.form, r.tags) for t in tables[key] for r in t.rows}
            assert (a.surface, a.tags) in rows, (word, a)


@given(st.text(alphabet=st.sampled_from(TILE_LETTERS), min_size=2, max_size=9))
@settings(FUZZ, max_examples=300)
def test_analyses_exist_exactly_for_accepted_words(judge, tile):
    """Random tile strings (almost all not words): an analysis iff the acceptor accepts the
    string, and each analysis re-generates its form."""
    analyses = judge.analyse(tile)
    assert bool(analyses) == judge.accepts(tile), tile
    for a in analyses:
        assert to_tile(a.surface) == tile
        assert a.surface in judge.generate(a.lemma, a.inflection_class, a.tags, a.rules)


def test_generate_is_not_trivially_true(judge):
    assert judge.generate("γράφω", "P4", "V;IND;PST;PFV;1;PL;ACT") == ["γράψαμε"]
    assert "ξαναγράψαμε" in judge.generate("γράφω", "P4", "V;IND;PST;PFV;1;PL;ACT", ("B3",))
    assert judge.generate("γράφω", "O19", "V;IND;PST;PFV;1;PL;ACT") == []
    assert judge.generate("γράφω", "P4", "N;NOM;SG") == []


# ---------------------------------------------------------------------------------------------
# the word list validates


def test_every_wordlist_word_validates(judge):
    """The whole word list (a million words or so) through ``validate``: every line 1."""
    code, out, _ = run_cli(["wordlist"])
    assert code == 0
    n = out.count(b"\n")
    assert n == judge.runtime.count(2, 15) > 0
    code, judged, err = run_cli(["validate", "-"], out)
    assert code == 0
    assert judged.count(b"\t1\n") == n and b"\t0" not in judged
    assert err.strip().endswith("lines %d, valid %d, invalid 0, errors 0" % (n, n))


@given(st.data())
@settings(FUZZ, max_examples=100, suppress_health_check=list(HealthCheck))
def test_wordlist_sample_checks_valid(judge, word_sample, data):
    words = data.draw(st.lists(st.sampled_from(word_sample), min_size=1, max_size=5))
    code, out, _ = run_cli(["check", "--challenge", *words])
    assert code == 0
    assert out_lines(out) == ["%s\tvalid" % w for w in words]


# ---------------------------------------------------------------------------------------------
# random bytes never crash a command


def as_argv(raw: bytes) -> str:
    """What Python makes of a command-line argument's bytes on Linux."""
    return os.fsdecode(raw)


@given(st.sampled_from(["check", "analyse", "explain", "guess", "paradigm"]),
       st.lists(st.binary(min_size=0, max_size=30).filter(lambda b: b"\x00" not in b),
                min_size=1, max_size=4))
@settings(FUZZ, max_examples=300)
def test_random_argv_bytes_never_crash(command, raws):
    argv = [command, *map(as_argv, raws)]
    if command == "paradigm":
        argv = argv[:2]
    code, out, err = run_cli(argv)
    assert code in ARGV_STATUSES, (code, err)
    lines = out_lines(out)  # valid UTF-8 whatever came in
    if command in ("check", "analyse") and not any(r.startswith(b"-") for r in raws):
        assert code in (0, 1) and len(lines) >= len(raws)


@given(st.sampled_from(sorted(STDIN_STATUSES)), st.binary(max_size=200))
@settings(FUZZ, max_examples=300)
def test_random_stdin_bytes_never_crash(command, data):
    code, out, err = run_cli([command, "-"], data)
    assert code in STDIN_STATUSES[command], (code, err)
    lines = out_lines(out)
    if command in ("validate", "check"):
        assert len(lines) == n_input_lines(data)
    elif command == "analyse":
        assert len(lines) >= n_input_lines(data)


@given(st.lists(st.binary(min_size=1, max_size=20).filter(lambda b: b"\x00" not in b),
                min_size=1, max_size=4),
       st.binary(max_size=100))
@settings(FUZZ, max_examples=15)
def test_random_bytes_in_a_real_process(raws, data):
    """argv bytes as the OS passes them, stdin bytes, with a non-UTF-8 Python I/O encoding."""
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    for argv, stdin, statuses in ((["check", *raws], b"", ARGV_STATUSES),
                                  ([b"validate", b"-"], data, {0}),
                                  ([b"analyse", b"-"], data, {0, 1})):
        argv = [a if isinstance(a, bytes) else a.encode() for a in argv]
        proc = subprocess.run([sys.executable.encode(), b"-m", b"fst", *argv], input=stdin,
                              capture_output=True, cwd=REPO_ROOT, env=env, timeout=600)
        assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr, \
            proc.stderr
        assert proc.returncode in statuses, (argv, proc.returncode, proc.stderr)
        proc.stdout.decode("utf-8")
        if argv[0] == b"validate":
            assert proc.stdout.count(b"\n") == n_input_lines(stdin)
