"""``dektes export hunspell`` (issue 25): a .dic/.aff pair of the accented language, affix
classes from the inflection classes, read back by Debian's hunspell, which must judge words
as ``check --strict-accents`` does. Needs the hunspell program: skips without it, except under
CI=true (.ci/run installs it), where it fails."""
from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest

from fst.build import export

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def hunspell_accepts(directory, words: list[str]) -> list[bool]:
    if not shutil.which("hunspell"):
        if CI:
            pytest.fail("hunspell is not installed (apt-get install hunspell)")
        pytest.skip("needs hunspell (apt-get install hunspell)")
    out = subprocess.run(["hunspell", "-l", "-d", str(directory / "dektes_el")],
                         input="\n".join(words) + "\n", capture_output=True, text=True,
                         check=True).stdout
    listed = set(out.split("\n"))
    return [w not in listed for w in words]


def near_misses(forms: list[str], rng: random.Random, n: int) -> list[str]:
    letters = "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ"
    out = []
    while len(out) < n:
        s = rng.choice(forms)
        i = rng.randrange(len(s))
        out.append(s[:i] + rng.choice(letters) + s[i + 1:])
    return out


def test_hunspell_files_of_the_small_grammar(small_judge, tmp_path):
    aff, dic = export.hunspell_files(small_judge, "board")
    lines = dic.splitlines()
    assert int(lines[0]) == len(lines) - 1
    assert aff.startswith("# dektes") and "GPL-2.0-or-later" in aff and "SET UTF-8" in aff
    assert any(line.startswith("# ") and "E1" in line.split() for line in aff.splitlines())
    assert any("/" in e for e in lines[1:])  # stems with affix classes, not only whole forms
    export.write_hunspell(small_judge, tmp_path)
    forms = sorted({f for fs in export.accented_forms(small_judge).values() for f in fs})
    assert "ανθρώπου" in forms and "άνθρωπου" not in forms
    rng = random.Random(25)
    # a "miss" with a final σ for ς is the form itself to dektes, which writes a final σ as ς
    # (to_lower_accented), and a misspelling to hunspell: not a miss either would agree on
    words = forms + [w for w in near_misses(forms, rng, 2 * len(forms)) if not w.endswith("σ")]
    words += ["ανθρωπου", "άνθρωπου"]
    got = hunspell_accepts(tmp_path, words)
    want = small_judge.accents_many(words, small_judge.validate_many(words))
    assert got == want
    assert got[words.index("ανθρώπου")] and not got[words.index("άνθρωπου")]
