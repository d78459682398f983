"""The ``dektes`` command-line contract.

Most tests call ``fst.app.cli.main([...])`` in this process (the engine is built or loaded once, by
the session fixture ``judge`` in conftest.py); a few run ``python -m fst`` in a subprocess to
check what only a real process shows: stdin, encodings, exit codes, a closed pipe.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import fst.app.cli
import fst.app.protocol
from conftest import REPO_ROOT
from fst.app.cli import main
from grammars.normalize import TILE_LETTERS

pytestmark = pytest.mark.usefixtures("judge")

SUBPROCESS_TIMEOUT = 1800  # the first load may build the artifacts


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out.splitlines(), err


def run_process(*argv: str, stdin: bytes = b"", env: dict | None = None,
                module: str = "fst") -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run(
        [sys.executable, "-m", module, *argv],
        input=stdin, capture_output=True, cwd=REPO_ROOT, env=full_env,
        timeout=SUBPROCESS_TIMEOUT,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr.decode("utf-8", "replace")
    return proc


def columns(line: str) -> list[str]:
    return line.split("\t")


def is_rule_list(text: str) -> bool:
    return text == "-" or all(tok.startswith("§") and len(tok) > 1 for tok in text.split(" "))


# ---------------------------------------------------------------------------------------------
# check


def test_check_valid_words(capsys):
    code, lines, _ = run(capsys, "check", "ΕΓΡΑΨΑ", "ΓΡΑΨΑΜΕ", "ΑΝΘΡΩΠΟΥΣ")
    assert code == 0
    assert [columns(l)[:2] for l in lines] == [
        ["ΕΓΡΑΨΑ", "valid"], ["ΓΡΑΨΑΜΕ", "valid"], ["ΑΝΘΡΩΠΟΥΣ", "valid"],
    ]
    for line in lines:
        assert len(columns(line)) == 3
        assert is_rule_list(columns(line)[2]), line


def test_check_accepts_any_spelling_and_echoes_it(capsys):
    code, lines, _ = run(capsys, "check", "έγραψα", "Ανθρώπους", "ἀνθρώπους")
    assert code == 0
    assert [columns(l)[:2] for l in lines] == [
        ["έγραψα", "valid"], ["Ανθρώπους", "valid"], ["ἀνθρώπους", "valid"],
    ]


def test_check_stressed_augment_is_obligatory(capsys):
    code, lines, _ = run(capsys, "check", "ΓΡΑΨΑ")
    assert code == 1
    word, status, note = columns(lines[0])
    assert (word, status) == ("ΓΡΑΨΑ", "invalid")
    assert "§D1" in note


def test_check_mixed_verdicts_keep_order(capsys):
    code, lines, _ = run(capsys, "check", "ΞΨΖΩ", "ΕΓΡΑΨΑ", "ΓΡΑΨΑ")
    assert code == 1
    assert [columns(l)[:2] for l in lines] == [
        ["ΞΨΖΩ", "invalid"], ["ΕΓΡΑΨΑ", "valid"], ["ΓΡΑΨΑ", "invalid"],
    ]
    assert columns(lines[0])[2]  # a reason, e.g. "no analysis"


def test_check_one_letter(capsys):
    code, lines, _ = run(capsys, "check", "Α")
    assert code == 1
    assert columns(lines[0])[:2] == ["Α", "invalid"]
    assert "§C6" in columns(lines[0])[2]


def test_check_longer_than_board(capsys):
    word = "ΑΝΤΑΓΩΝΙΣΤΙΚΟΤΗΤΑ"  # 17 letters
    code, lines, _ = run(capsys, "check", word)
    assert code == 1
    assert columns(lines[0])[:2] == [word, "invalid"]
    assert "§LEN" in columns(lines[0])[2]


def test_check_max_length_option(capsys):
    code, lines, _ = run(capsys, "check", "--max-length", "5", "ΕΓΡΑΨΑ")
    assert code == 1
    assert columns(lines[0])[:2] == ["ΕΓΡΑΨΑ", "invalid"]
    assert "§LEN" in columns(lines[0])[2]


def test_check_challenge(capsys):
    code, lines, _ = run(capsys, "check", "--challenge", "ΕΓΡΑΨΑ", "ΓΡΑΨΑ")
    assert code == 1
    assert lines == ["ΕΓΡΑΨΑ\tvalid", "ΓΡΑΨΑ\tinvalid"]
    code, lines, _ = run(capsys, "check", "--challenge", "ΕΓΡΑΨΑ")
    assert (code, lines) == (0, ["ΕΓΡΑΨΑ\tvalid"])


def test_options_may_follow_words(capsys):
    code, lines, _ = run(capsys, "check", "ΕΓΡΑΨΑ", "--challenge")
    assert (code, lines) == (0, ["ΕΓΡΑΨΑ\tvalid"])


@pytest.mark.parametrize(
    "word, needle",
    [
        ("HOTEL", "LATIN CAPITAL LETTER L"),
        ("ΑΝΘΡΩΠOΥΣ", "position 7"),  # Latin O
        ("ΑΝΘРΩΠΟΥΣ", "CYRILLIC"),
        ("ΑΒ1", "digit"),
        ("ΑΒ-ΓΔ", "HYPHEN-MINUS"),
        ("ΑΒ ΓΔ", "white space"),
        ("", "empty"),
    ],
)
def test_check_non_greek_input_is_invalid_not_an_error(capsys, word, needle):
    code, lines, err = run(capsys, "check", word, "ΕΓΡΑΨΑ")
    assert code == 1
    assert len(lines) == 2
    shown, status, reason = columns(lines[0])
    assert (shown, status) == (word, "invalid")
    assert needle in reason
    assert columns(lines[1])[:2] == ["ΕΓΡΑΨΑ", "valid"]


def test_check_latin_lookalikes_flag(capsys):
    code, lines, _ = run(capsys, "check", "--latin-lookalikes", "ΑΝΘΡΩΠOΥΣ", "EΓPAΨA")
    assert code == 0
    assert [columns(l)[:2] for l in lines] == [["ΑΝΘΡΩΠOΥΣ", "valid"], ["EΓPAΨA", "valid"]]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["check"],
        ["frobnicate"],
        ["check", "--min-length", "x", "ΑΒ"],
        ["check", "--max-length", "0", "ΑΒ"],
        ["check", "--min-length", "9", "--max-length", "3", "ΑΒ"],
        ["check", "--no-such-option", "ΑΒ"],
        ["paradigm"],
        ["validate", "a", "b"],
    ],
)
def test_usage_errors_exit_2(capsys, argv):
    code, lines, err = run(capsys, *argv)
    assert code == 2
    assert lines == []
    assert err.strip()


def test_help_and_version(capsys):
    code, lines, _ = run(capsys, "--help")
    assert code == 0
    text = "\n".join(lines)
    for command in ("check", "analyse", "paradigm", "validate", "wordlist"):
        assert command in text
    code, lines, _ = run(capsys, "validate", "--help")
    assert code == 0
    assert "exit status: 0 whenever the input was read" in " ".join(" ".join(lines).split())
    code, lines, _ = run(capsys, "--version")
    assert code == 0 and lines == ["dektes 0.1.0"]


def test_help_does_not_load_the_engine():
    code = (
        "import sys\n"
        "from fst.app.cli import main\n"
        "rc = main(['--help'])\n"
        "assert 'fst.api' not in sys.modules, 'fst.api imported'\n"
        "assert 'pynini' not in sys.modules, 'pynini imported'\n"
        "sys.exit(rc)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=REPO_ROOT,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert b"usage: dektes" in proc.stdout


# ---------------------------------------------------------------------------------------------
# analyse


def test_analyse(capsys):
    code, lines, _ = run(capsys, "analyse", "ΑΝΘΡΩΠΟΥΣ")
    assert code == 0
    assert lines
    rows = [columns(l) for l in lines]
    for row in rows:
        assert len(row) == 7, row
        assert row[0] == "ΑΝΘΡΩΠΟΥΣ"
        assert is_rule_list(row[5]), row
        float(row[6])
    weights = [float(r[6]) for r in rows]
    assert weights == sorted(weights)
    hits = [r for r in rows if r[1] == "άνθρωπος"]
    assert hits
    assert any(r[4] == "ανθρώπους" and set(r[3].split(";")) >= {"N", "ACC", "PL"} for r in hits)


def test_analyse_verb(capsys):
    code, lines, _ = run(capsys, "analyze", "ΕΓΡΑΨΑ")  # the US spelling is an alias
    assert code == 0
    rows = [columns(l) for l in lines]
    assert any(r[1] == "γράφω" and r[3].startswith("V;") and r[4] == "έγραψα" for r in rows)


def test_analyse_nothing_and_invalid(capsys):
    code, lines, _ = run(capsys, "analyse", "ΞΨΖΩ", "HOTEL", "ΑΝΘΡΩΠΟΥΣ")
    assert code == 1
    # a command-line word without analysis says why (issue 16)
    assert lines[0] == "ΞΨΖΩ\t-\tno analysis: no lemma of the lexicon has this form"
    word, dash, code, reason = columns(lines[1])
    assert (word, dash, code) == ("HOTEL", "-", "E:not-greek") and "position" in reason
    assert all(l.startswith("ΑΝΘΡΩΠΟΥΣ\t") for l in lines[2:]) and len(lines) > 2


def test_analyse_json(capsys):
    code, lines, _ = run(capsys, "analyse", "--json", "ΑΝΘΡΩΠΟΥΣ", "ΞΨΖΩ", "HOTEL")
    assert code == 1
    objs = [json.loads(l) for l in lines]
    assert [o["word"] for o in objs] == ["ΑΝΘΡΩΠΟΥΣ", "ΞΨΖΩ", "HOTEL"]
    assert objs[0]["tile"] == "ΑΝΘΡΩΠΟΥΣ"
    assert objs[0]["analyses"]
    for a in objs[0]["analyses"]:
        assert set(a) >= {"lemma", "inflection_class", "tags", "surface", "rules", "weight"}
        assert isinstance(a["rules"], list) and isinstance(a["weight"], (int, float))
    assert any(a["lemma"] == "άνθρωπος" for a in objs[0]["analyses"])
    assert objs[1]["analyses"] == []
    assert objs[2]["analyses"] == [] and objs[2]["error"]["code"] == "not-greek"
    assert "ΑΝΘΡΩΠΟΥΣ" in lines[0]  # UTF-8, not \u escapes


def test_analyse_stdin():
    proc = run_process("analyse", "-", stdin="ανθρώπους\nΞΨΖΩ\n\n".encode("utf-8"))
    assert proc.returncode == 1
    lines = proc.stdout.decode("utf-8").splitlines()
    assert lines[0].startswith("ανθρώπους\tάνθρωπος\t") or any(
        l.startswith("ανθρώπους\tάνθρωπος\t") for l in lines)
    assert "ΞΨΖΩ\t-" in lines
    assert lines[-1].startswith("\t-\t")  # the empty line is reported, not skipped


# ---------------------------------------------------------------------------------------------
# paradigm


def test_paradigm(capsys):
    code, lines, _ = run(capsys, "paradigm", "άνθρωπος")
    assert code == 0
    assert lines[0].startswith("# άνθρωπος\t")
    rows = [columns(l) for l in lines if not l.startswith("# ")]
    assert all(len(r) == 3 for r in rows), rows
    assert any(r[0] == "ανθρώπου" and r[1] == "N;GEN;SG" for r in rows)
    assert any(r[0] == "άνθρωπος" and r[1] == "N;NOM;SG" for r in rows)


def test_paradigm_class_filter(capsys):
    code, lines, _ = run(capsys, "paradigm", "άνθρωπος", "--class", "O19")
    assert code == 0
    assert [l for l in lines if l.startswith("# ")] == ["# άνθρωπος\tO19"]


def test_paradigm_unknown_lemma(capsys):
    code, lines, err = run(capsys, "paradigm", "ξψζωλογος")
    assert code == 1
    assert lines == []
    assert "ξψζωλογος" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------------------------------
# validate

VALIDATE_INPUT = b"".join([
    "ΕΓΡΑΨΑ\n".encode(),
    b"\n",
    b"\xff\xfe bad\n",
    "HOTEL\n".encode(),
    "ΞΨΖΩ\r\n".encode(),
    "έγραψα\n".encode(),
    "ΑΝΘΡΩΠOΥΣ\n".encode(),  # Latin O
    ("α" * 65 + "\n").encode(),
    "  \n".encode(),
    "Α\n".encode(),
    "ΑΝΤΑΓΩΝΙΣΤΙΚΟΤΗΤΑ\n".encode(),
    "ΓΡΑΨΑΜΕ".encode(),  # no final newline
])

VALIDATE_OUTPUT = [
    "ΕΓΡΑΨΑ\t1",
    "\t0\tE:empty",
    "\\xff\\xfe bad\t0\tE:invalid-utf8",
    "HOTEL\t0\tE:not-greek",
    "ΞΨΖΩ\t0",
    "έγραψα\t1",
    "ΑΝΘΡΩΠOΥΣ\t0\tE:latin-lookalike",
    "α" * 65 + "\t0\tE:too-long",
    "  \t0\tE:empty",
    "Α\t0",
    "ΑΝΤΑΓΩΝΙΣΤΙΚΟΤΗΤΑ\t0",
    "ΓΡΑΨΑΜΕ\t1",
]


@pytest.fixture
def word_file(tmp_path) -> Path:
    path = tmp_path / "words.txt"
    path.write_bytes(VALIDATE_INPUT)
    return path


def test_validate(capsys, word_file):
    code, lines, err = run(capsys, "validate", str(word_file))
    assert code == 0
    assert lines == VALIDATE_OUTPUT
    assert err.strip().splitlines()[-1] == "lines 12, valid 3, invalid 3, errors 6"


def test_validate_valid_only(capsys, word_file):
    code, lines, err = run(capsys, "validate", "--valid-only", str(word_file))
    assert code == 0
    assert lines == ["ΕΓΡΑΨΑ", "έγραψα", "ΓΡΑΨΑΜΕ"]
    assert "lines 12, valid 3" in err


def test_validate_latin_lookalikes(capsys, word_file):
    code, lines, _ = run(capsys, "validate", "--latin-lookalikes", str(word_file))
    assert code == 0
    assert lines[6] == "ΑΝΘΡΩΠOΥΣ\t1"
    assert len(lines) == 12


def test_validate_across_chunks(capsys, tmp_path, monkeypatch):
    words = ["ΕΓΡΑΨΑ", "", "ΞΨΖΩ", "ΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "HOTEL", "ΓΡΑΨΑΜΕ"] * 5
    path = tmp_path / "many.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    code, whole, _ = run(capsys, "validate", str(path))
    monkeypatch.setattr(fst.app.protocol, "CHUNK_LINES", 3)
    code2, chunked, _ = run(capsys, "validate", str(path))
    assert code == code2 == 0
    assert chunked == whole
    assert [columns(l)[0] for l in chunked] == words
    assert [columns(l)[1] for l in chunked] == ["1", "0", "0", "0", "1", "0", "1"] * 5


def test_validate_empty_input(capsys, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    code, lines, err = run(capsys, "validate", str(path))
    assert (code, lines) == (0, [])
    assert "lines 0, valid 0, invalid 0, errors 0" in err


def test_validate_missing_file(capsys, tmp_path):
    missing = tmp_path / "no-such-file.txt"
    code, lines, err = run(capsys, "validate", str(missing))
    assert code == 2
    assert lines == []
    assert len(err.strip().splitlines()) == 1 and "no-such-file.txt" in err


def test_validate_stdin():
    proc = run_process("validate", "-", stdin=VALIDATE_INPUT)
    assert proc.returncode == 0
    assert proc.stdout.decode("utf-8").splitlines() == VALIDATE_OUTPUT
    proc = run_process("validate", stdin=VALIDATE_INPUT)  # no FILE means stdin
    assert proc.stdout.decode("utf-8").splitlines() == VALIDATE_OUTPUT


# ---------------------------------------------------------------------------------------------
# wordlist


def test_wordlist(capsys, judge):
    code, lines, _ = run(capsys, "wordlist", "--max-length", "3")
    assert code == 0
    assert lines
    assert lines == sorted(set(lines))
    assert all(2 <= len(w) <= 3 and set(w) <= set(TILE_LETTERS) for w in lines)
    assert all(judge.validate_many(lines[:: max(1, len(lines) // 200)]))


def test_wordlist_closed_pipe_is_quiet():
    proc = subprocess.Popen(
        [sys.executable, "-m", "fst", "wordlist"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO_ROOT,
    )
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=SUBPROCESS_TIMEOUT)
    assert first.strip()
    assert b"Traceback" not in err and b"Exception ignored" not in err
    assert proc.returncode in (0, 141)


# ---------------------------------------------------------------------------------------------
# entry points and encoding


@pytest.mark.parametrize("module", ["fst", "fst.app.cli"])
def test_module_entry_points_write_utf8(module):
    # Even when Python would pick another encoding, the output is UTF-8.
    proc = run_process("check", "έγραψα", "ΓΡΑΨΑ", module=module,
                       env={"PYTHONIOENCODING": "latin-1"})
    assert proc.returncode == 1
    lines = proc.stdout.decode("utf-8").splitlines()
    assert [columns(l)[:2] for l in lines] == [["έγραψα", "valid"], ["ΓΡΑΨΑ", "invalid"]]


def test_console_script():
    script = Path(sys.executable).parent / "dektes"
    if not script.exists():
        pytest.skip("the dektes console script is not installed next to this Python")
    proc = subprocess.run([str(script), "check", "--challenge", "ΕΓΡΑΨΑ"], capture_output=True,
                          timeout=SUBPROCESS_TIMEOUT)
    assert proc.returncode == 0
    assert proc.stdout.decode("utf-8") == "ΕΓΡΑΨΑ\tvalid\n"


def test_check_profile_switches_rules_off(capsys):
    code, lines, _ = run(capsys, "check", "ΕΓΡΑΨΑΜΕ")
    assert code == 0 and "§D1" in lines[0]
    code, lines, _ = run(capsys, "check", "--profile", "dictionary", "ΕΓΡΑΨΑΜΕ", "ΓΡΑΨΑΜΕ")
    assert code == 1
    assert columns(lines[0])[1] == "invalid" and "§D1" in lines[0]
    assert columns(lines[1])[1] == "valid"
    code, lines, _ = run(capsys, "check", "--without", "D1", "ΕΓΡΑΨΑΜΕ")
    assert code == 1


def test_validate_profile(capsys, tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("ΕΓΡΑΨΑΜΕ\nΓΡΑΨΑΜΕ\n", encoding="utf-8")
    code, lines, _ = run(capsys, "validate", "--without", "§D1", str(f))
    assert [columns(x)[1] for x in lines] == ["0", "1"]


def test_unknown_rule_layer_is_a_usage_error(capsys):
    code, _, err = run(capsys, "check", "--without", "Q9", "ΕΓΡΑΨΑ")
    assert code == 2 and "Q9" in err


def test_verdict_note_names_a_project_rule_once():
    """A reason that starts with its own rule id (§L23, §LIST) is not prefixed twice."""
    from fst.api import Verdict
    from fst.rules import verdict_note

    v = Verdict("ΝΩ", "ΝΩ", False, ("L23",), "§L23: not in the list of 2- and 3-letter words")
    assert verdict_note(v) == "§L23: not in the list of 2- and 3-letter words"
    v = Verdict("ΓΡΑΨΑ", "ΓΡΑΨΑ", False, ("D1",), "§D1: the stressed augment is obligatory")
    assert verdict_note(v) == "§D1: the stressed augment is obligatory"


def test_commands_ask_openblas_for_one_thread(monkeypatch, capsys):
    """A command asks numpy's OpenBLAS for one thread (dektes does no linear algebra; a pool
    per core slowed every batch start), unless the environment chose a number."""
    monkeypatch.delenv(fst.app.cli.BLAS_THREADS[0], raising=False)
    assert main(["rules", "D1"]) == 0
    assert os.environ[fst.app.cli.BLAS_THREADS[0]] == "1"
    monkeypatch.setenv(fst.app.cli.BLAS_THREADS[0], "4")
    assert main(["rules", "D1"]) == 0
    assert os.environ[fst.app.cli.BLAS_THREADS[0]] == "4"
    capsys.readouterr()
