"""``dektes wordlist`` filters (issue 16): part of speech, rule id (with or without) and
profile, streamed a block at a time; each word listed has an analysis that passes."""
from __future__ import annotations

import pytest

from fst.app.protocol import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH
from fst.app.engine import judge_for
from fst.app.cli import main
from grammars.profiles import disabled

pytestmark = pytest.mark.usefixtures("judge")


def listing(capsys, *argv) -> list[str]:
    assert main(["wordlist", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_verbs_with_xana(judge, capsys):
    got = listing(capsys, "--pos", "VERB", "--rule", "B3", "--max-length", "9")
    assert got == sorted(got) and "ΞΑΝΑΓΡΑΨΑ" in got and "ΕΓΡΑΨΑ" not in got
    for w in got[::50]:
        assert any(a.tags.startswith("V") and "B3" in a.rules for a in judge.analyse(w)), w
    # every word of at most 9 letters with such an analysis is listed (on a sample)
    listed = set(got)
    for w in list(judge.wordlist(2, 9))[::997]:
        has = any(a.tags.startswith("V") and "B3" in a.rules for a in judge.analyse(w))
        assert has == (w in listed), w


def test_nouns_without_rules(judge, capsys):
    got = listing(capsys, "--pos", "noun,adj", "--without-rule", "E2,B6", "--max-length", "6")
    assert "ΣΠΙΤΙ" in got
    for w in got[::97]:
        assert any(a.tags.split(";")[0] in ("N", "ADJ") and not {"E2", "B6"} & set(a.rules)
                   for a in judge.analyse(w)), w


def test_the_profile_lists_what_it_accepts(judge, capsys):
    got = listing(capsys, "--profile", "dictionary", "--min-length", "3", "--max-length", "7")
    pj = judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, disabled("dictionary"))
    board = list(judge.wordlist(3, 7))
    assert got == [w for w, ok in zip(board, pj.validate_many(board)) if ok]
    assert 0 < len(got) < len(board)


def test_the_filters_stream_in_blocks(judge):
    blocks = judge.wordlist_bytes(2, 15, pos=["N"])
    first = next(blocks)
    assert first.endswith(b"\n") and len(first) < 40_000_000


@pytest.mark.parametrize("argv, message", [
    (["--pos", "NOUNS"], "unknown part of speech 'NOUNS'"),
    (["--rule", "Z9"], "unknown rule id 'Z9'"),
])
def test_unknown_filters_are_usage_errors(capsys, argv, message):
    assert main(["wordlist", *argv]) == 2
    assert message in capsys.readouterr().err
