"""Rule profiles at full speed (issue 16): each profile's own acceptor, built once into the
cache (fst.build.profiles), gives exactly the verdicts of ``Judge.check`` under the profile,
and the commands take the profile options."""
from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import FIXTURES
from fst.build import profiles as pa
from fst.app.protocol import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH
from fst.app.engine import judge_for
from fst.app.cli import main
from grammars.profiles import PROFILES, disabled

pytestmark = pytest.mark.usefixtures("judge")

CASES = [line.split("\t")[0] for line in
         (FIXTURES / "rule_cases.tsv").read_text(encoding="utf-8").splitlines()[1:]
         if line and not line.startswith("#")]


def profile_judge(profile: str, without=()):
    return judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, disabled(profile, without))


def sample(judge, step: int = 89) -> list[str]:
    words = list(judge.wordlist())[::step]
    return words + CASES + ["ΓΡΑΨΑ", "ΞΑΝΑΓΡΑΨΑ", "ΕΓΡΑΨΑΜΕ", "ΑΒΓΟΥΛΙ", "ΕΑΛΩ"]


@pytest.mark.parametrize("profile, without", [("no-hidden-words", ()), ("dictionary", ()),
                                              ("board", ("D1",)), ("board", ("B3", "D7"))])
def test_the_profile_acceptor_gives_the_verdicts_of_check(judge, profile, without):
    pj = profile_judge(profile, without)
    words = sample(judge)
    fast = pj.validate_many(words)
    slow = [pj.check(w).valid for w in words]
    assert fast == slow
    assert any(slow) and not all(slow) or profile == "no-hidden-words"
    # the command's fast path (validate_text) agrees too
    text = pj.validate_text("\n".join(words))
    assert text is not None and text.tolist() == slow


def test_a_profile_is_built_once_into_the_cache(judge):
    pj = profile_judge("dictionary")
    acceptor = pj.acceptor
    pd = judge._cache / pa.PROFILES_DIR / pa.name(pj.disabled_rules)
    manifest = json.loads((pd / pa.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["disabled"] == sorted(PROFILES["dictionary"]) and manifest["board"] == judge._cache.name
    assert manifest["tile_words"] == acceptor.count() < judge.runtime.count()
    stamp = (pd / pa.MANIFEST).stat().st_mtime_ns
    assert pa.ensure(judge._cache, pj.disabled_rules, progress=False) == pd
    assert (pd / pa.MANIFEST).stat().st_mtime_ns == stamp  # not built again


def test_a_damaged_profile_acceptor_is_rebuilt(judge, tmp_path):
    import shutil
    d = tmp_path / judge._cache.name
    shutil.copytree(judge._cache, d, ignore=shutil.ignore_patterns("*.fst", "profiles"))
    off = frozenset({"E2"})
    pd = pa.ensure(d, off, progress=False)
    good = (pd / "dfa_targets.npy").read_bytes()
    data = bytearray(good)
    data[-1] ^= 1
    (pd / "dfa_targets.npy").write_bytes(bytes(data))
    assert not pa._check(pd, d.name)
    assert pa.ensure(d, off, progress=False) == pd
    assert (pd / "dfa_targets.npy").read_bytes() == good


def test_the_keep_mask_follows_the_analyses(judge):
    table = judge.table
    keep = pa.keep_mask(table, frozenset({"D1"}))
    ranks = judge.runtime.ranks_of(["ΓΡΑΨΑΜΕ", "ΕΓΡΑΨΑΜΕ", "ΕΓΡΑΨΑ"]).tolist()
    assert [bool(keep[r]) for r in ranks] == [True, False, True]
    assert np.count_nonzero(pa.keep_mask(table, frozenset())) == judge.runtime.count()


def test_validate_and_check_agree_under_a_profile(capsys, tmp_path):
    words = ["ΓΡΑΨΑΜΕ", "ΕΓΡΑΨΑΜΕ", "ΞΑΝΑΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "έγραψα", "ΞΨΖΩ"]
    f = tmp_path / "w.txt"
    f.write_text("\n".join(words) + "\n", encoding="utf-8")
    assert main(["validate", "--profile", "dictionary", str(f)]) == 0
    got = [line.split("\t")[1] for line in capsys.readouterr().out.splitlines()]
    main(["check", "--profile", "dictionary", *words])
    want = ["1" if line.split("\t")[1] == "valid" else "0"
            for line in capsys.readouterr().out.splitlines()]
    assert got == want and "0" in got and "1" in got


def test_explain_takes_the_profile_options(capsys):
    assert main(["explain", "ΕΓΡΑΨΑΜΕ"]) == 0
    capsys.readouterr()
    assert main(["explain", "--without", "D1", "ΕΓΡΑΨΑΜΕ"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ΕΓΡΑΨΑΜΕ\tinvalid\t§D1: the profile switches this rule off"
    assert out[1].split("\t")[1:3] == ["nearest", "ΕΓΡΑΨΑΜΕ"] and "§D1" in out[1]
    assert main(["explain", "--latin-lookalikes", "--max-length", "5", "EΓΡΑΨΑ"]) == 1
    assert "§LEN" in capsys.readouterr().out


def test_every_named_profile_is_a_choice():
    assert set(PROFILES) >= {"board", "no-hidden-words", "dictionary"}
