"""Messages that name the real rule (issue 23): principal parts as a § id that ``dektes rules``
reads, double ξανα- and the §D2 examples explained by their rule, §E2 for hidden words, an
unknown inflection class named as such."""
from __future__ import annotations

import pytest


def _run(capsys, *argv):
    from fst.app.cli import main
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_principal_part_is_shown_as_an_id_rules_explains(judge, capsys):
    from fst import rules
    code, out, _ = _run(capsys, "check", "ξαναπιάστηκα")  # πιάνω: paor=πιάστηκα (manual)
    note = out.rstrip("\n").split("\t")[2]
    assert code == 0 and note == "§A1:paor §B3" and "part:" not in out
    for form in ("§A1:paor", "A1:paor", "paor", "part:paor"):
        assert rules.lookup(form) is not None and rules.lookup(form).id == "A1:paor"
        code, out, _ = _run(capsys, "rules", form)
        assert code == 0 and out.startswith("§A1:paor\t")
    assert rules.lookup("nosuchpart") is None


def test_the_shown_ids_drop_a_bare_a1_beside_a_part():
    from fst.rules import shown
    assert shown(("A1", "part:aor")) == ["§A1:aor"]
    assert shown(("A1",)) == ["§A1"]
    assert shown(("part:paor", "B3")) == ["§A1:paor", "§B3"]


def test_wordlist_rule_filter_takes_the_shown_id(judge):
    words = set(judge.wordlist_bytes(5, 6, rules=["§A1:paor"]).__next__().split(b"\n")[:200])
    assert words and all(judge.analyse(w.decode()) for w in words if w)


@pytest.mark.parametrize("word, rule, says", [
    ("ξαναξαναγράφω", "§B3", "once only"),
    ("ξαναπρωτοβγαίνω", "§B3", "πρωτο-"),
    ("ΠΑΡΑΕΦΑΓΑΜΕ", "§D2", "unstressed internal augment (ΠΑΡΑΦΑΓΑΜΕ is valid"),
    ("ξανακαλός", "§B3", "ΚΑΛΟΣ is an ADJ or NOUN form, not a VERB"),
    ("ΞΑΝΑΦΩΣ", "§B3", "ΦΩΣ is a NOUN form"),
])
def test_invalid_words_are_blamed_on_their_rule(word, rule, says, judge, capsys):
    code, out, _ = _run(capsys, "check", word)
    note = out.rstrip("\n").split("\t")[2]
    assert code == 1 and note.startswith(rule + ":") and says in note, note
    assert "no analysis" not in note


def test_the_regulation_examples_stay_valid(judge):
    for w in ("ΠΑΡΑΕΦΑΓΑ", "ΠΑΡΑΦΑΓΑΜΕ", "ΞΑΝΑΓΡΑΦΩ"):
        assert judge.check(w).valid, w


def test_explain_names_e2_for_a_hidden_word_not_a1(judge, capsys):
    hidden = next(w for w in judge.wordlist_bytes(6, 8, rules=["E2"]).__next__()
                  .decode().split("\n") if w and judge.check(w).rules == ("E2",))
    code, out, _ = _run(capsys, "explain", hidden)
    lines = out.splitlines()
    assert code == 0 and lines[0].endswith("\t§E2")
    assert "§E2 hidden word" in lines[1] and "§A1" not in lines[1]


def test_paradigm_unknown_class_and_other_class_are_told_apart(judge, capsys):
    code, _, err = _run(capsys, "paradigm", "κάλος", "--class", "ZZ")
    assert code == 2 and "ZZ is not an inflection class" in err
    code, _, err = _run(capsys, "paradigm", "κάλος", "--class", "O19")
    assert code == 1 and "κάλος is not in class O19; its paradigm is in class O18" in err
    code, out, _ = _run(capsys, "paradigm", "κάλος", "--class", "O18")
    assert code == 0 and out.startswith("# κάλος\tO18")


def test_an_unknown_part_of_speech_is_told_as_the_help_spells_them(judge, capsys):
    """The message listed the cell codes (N, PRO, V) where --help and the verdicts say NOUN,
    PRON, VERB."""
    import re

    from fst.api import POS_SHOWN
    from fst.app import cli
    assert cli.main(["wordlist", "--pos", "NOUNS"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["dektes: unknown part of speech 'NOUNS' (known: %s)" % POS_SHOWN]
    helptext = " ".join(cli.build_parser().commands["wordlist"].format_help().split())
    assert POS_SHOWN in helptext
    for name in re.findall(r"[A-Z][A-Z.]+", POS_SHOWN):  # every name shown is taken
        assert list(judge.wordlist_bytes(2, 3, pos=[name])) is not None
