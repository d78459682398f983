"""``python -m scripts.pipeline``: the generating steps in order (scripts/pipeline/steps.py), run
in place or checked in a copy. The check of the quick steps reads ../shared (skipped without)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.pipeline import __main__ as pipeline
from scripts.pipeline import steps as S

REPO_ROOT = Path(__file__).resolve().parent.parent
#: the steps CI checks: together about 2 minutes on 2 cores; each reproduces its committed files
QUICK = ["import_words_2_3", "import_hidden_words", "import_derivations", "import_loans",
         "import_single_forms", "find_spellings", "find_aw_present", "find_comparison",
         "import_participles"]


def test_every_generating_script_is_one_step_and_exists():
    scripts = {p.name for p in (REPO_ROOT / S.PIPELINE).glob("*.py")
               if p.name not in ("__init__.py", "__main__.py", "steps.py")}
    names = [s.script for s in S.STEPS]
    assert len(names) == len(set(names))
    assert set(names) == scripts
    for s in S.STEPS:
        for w in s.writes:
            assert (REPO_ROOT / w).exists(), (s.script, w)


def test_by_name_keeps_pipeline_order_and_names_an_unknown_step():
    assert [s.name for s in S.by_name(["find_comparison", "import_loans.py"])] == \
        ["import_loans", "find_comparison"]
    with pytest.raises(ValueError, match="no_such_step"):
        S.by_name(["no_such_step"])


def test_a_bad_step_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as e:
        pipeline.main(["--steps", "no_such_step"])
    assert e.value.code == 2 and "no_such_step" in capsys.readouterr().err


def test_check_names_a_file_its_step_does_not_reproduce(monkeypatch):
    """--check compares the copy with the checkout byte for byte: a step that writes another
    byte is caught, naming the file."""
    def one_more_byte(steps, root, env, logs):
        with open(root / "lexicon" / "loans.tsv", "a", encoding="utf-8") as f:
            f.write("\n")

    monkeypatch.setattr(pipeline, "run_steps", one_more_byte)
    monkeypatch.setattr(pipeline, "SHARED", REPO_ROOT)  # any folder: nothing reads it here
    assert pipeline.check(S.by_name(["import_loans"]), dict(os.environ)) == ["lexicon/loans.tsv"]
    monkeypatch.setattr(pipeline, "run_steps", lambda *a: None)
    assert pipeline.check(S.by_name(["import_loans"]), dict(os.environ)) == []


def test_the_quick_steps_reproduce_their_committed_files():
    """Regenerating the files of the quick steps from ../shared gives the committed bytes."""
    from scripts.common import SHARED
    if os.environ.get("DEKTES_NO_SHARED") or not SHARED.is_dir():
        pytest.skip("../shared is not here (DEKTES_NO_SHARED or missing)")
    res = subprocess.run([sys.executable, "-m", "scripts.pipeline", "--check", "--steps",
                          ",".join(QUICK)], cwd=REPO_ROOT, capture_output=True, text=True,
                         timeout=1800)
    assert res.returncode == 0, res.stderr[-2000:]
    assert f"every tracked file is reproduced by {len(QUICK)} steps" in res.stderr
