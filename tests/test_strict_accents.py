"""``--strict-accents`` (issue 25): a word typed with a lower-case letter must be written as
one of its valid accented forms; words in capitals are judged as without it. Through the
engine (fst.api.Judge), ``check``, ``analyse`` and ``validate``, and the web API."""
from __future__ import annotations

import io
import json

import pytest

from grammars.normalize import to_lower_accented

from test_search import run


@pytest.mark.parametrize("word, valid", [
    ("ανθρώπου", True), ("ανθρωπου", False), ("άνθρωπου", False), ("ανθρωπού", False),
    ("ΑΝΘΡΩΠΟΥ", True),  # capitals: as today
    ("Ανθρώπου", True), ("Ανθρωπου", False),  # a capital first letter: lower-cased
    ("πότε", True), ("ποτέ", True), ("ποτε", False),  # two accented forms
    ("και", True),  # a monosyllable has no accent
    ("ἀνθρώπου", True),  # polytonic: read as monotonic
    ("εγραψα", False), ("έγραψα", True),
])
def test_strict_accents_verdicts(judge, word, valid):
    assert judge.check(word).valid  # folding accents, every one is valid
    v = judge.check(word, strict_accents=True)
    assert v.valid is valid
    if not valid:
        forms = [a.surface for a in judge.analyse(word)]
        assert any(f in v.reason for f in forms) and to_lower_accented(word) in v.reason


def test_reason_names_the_accented_form(judge):
    for typed in ("ανθρωπου", "άνθρωπου"):
        v = judge.check(typed, strict_accents=True)
        assert not v.valid and "ανθρώπου" in v.reason and "\n" not in v.reason
    v = judge.check("ποτε", strict_accents=True)
    assert "ποτέ" in v.reason and "πότε" in v.reason


def test_invalid_words_keep_their_reason(judge):
    plain, strict = judge.check("γραψα"), judge.check("γραψα", strict_accents=True)
    assert not plain.valid and strict == plain  # §D1 says why, not the accents


def test_batch_agrees_with_one_at_a_time(judge):
    words = ["ανθρώπου", "ανθρωπου", "ΑΝΘΡΩΠΟΥ", "Ανθρωπου", "πότε", "ποτε", "και", "γραψα",
             "έγραψα", "εγράψα"]
    plain = judge.validate_many(words)
    assert judge.accents_many(words, plain) == \
        [judge.check(w, strict_accents=True).valid for w in words]


def test_cli_check_analyse_validate(judge, capsys, monkeypatch):
    code, out, _ = run(capsys, "check", "--strict-accents", "ανθρώπου", "άνθρωπου", "ΑΝΘΡΩΠΟΥ")
    rows = [line.split("\t") for line in out.splitlines()]
    assert code == 1 and [r[1] for r in rows] == ["valid", "invalid", "valid"]
    assert "ανθρώπου" in rows[1][2]
    code, out, _ = run(capsys, "check", "άνθρωπου")
    assert code == 0 and "\tvalid\t" in out  # without the option: accents fold

    code, out, _ = run(capsys, "analyse", "--strict-accents", "άνθρωπου", "ανθρώπου")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("άνθρωπου\t-\taccents:") and "ανθρώπου" in lines[0]
    assert all(line.split("\t")[4] == "ανθρώπου" for line in lines[1:]) and len(lines) > 1
    code, out, _ = run(capsys, "analyse", "--strict-accents", "--json", "ανθρωπου")
    obj = json.loads(out)
    assert obj["analyses"] == [] and "ανθρώπου" in obj["reason"]

    text = "ανθρώπου\nανθρωπου\nΑΝΘΡΩΠΟΥ\nxx\n\nάνθρωπου\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "validate", "--strict-accents", "-")
    assert out.splitlines() == ["ανθρώπου\t1", "ανθρωπου\t0", "ΑΝΘΡΩΠΟΥ\t1",
                                "xx\t0\tE:not-greek", "\t0\tE:empty", "άνθρωπου\t0"]
    assert "valid 2, invalid 2, errors 2" in err
