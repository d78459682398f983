"""scripts/measure/measure_folds.py: its list of generating scripts, its errors, its copy (no build;
nothing here reads ../shared)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

from scripts.measure import measure_folds as MF
from scripts.pipeline.steps import REVIEW_TSV

# what marks a script that reads the official list's dev file or honours the fold switch
DEV_MARKS = re.compile(r"pes-2-8-2024-dev|DEKTES_PES_FOLD|fold_from_env|in_training")


def dev_readers() -> set[str]:
    # the pipeline's own runner and step list name the fold switch; they are no step
    return {p.name for p in (REPO_ROOT / "scripts" / "pipeline").glob("*.py")
            if p.name not in ("__main__.py", "steps.py")
            and DEV_MARKS.search(p.read_text("utf-8"))}


def test_every_dev_reader_is_a_step():
    """A new script that learns from the dev file must join STEPS, or the fold figure would
    keep its decisions learned from the whole dev half (the measured fold included)."""
    readers = dev_readers()
    assert "learn_pes_dev.py" in readers and "classify_by_evidence.py" in readers
    assert {s.script for s in MF.STEPS if s.reads_dev} == readers


def test_steps_exist_and_write_tracked_lexicon_files():
    """Each step writes files of lexicon/ (and the pipeline's review queue), all tracked."""
    names = [s.script for s in MF.STEPS]
    assert len(names) == len(set(names))
    for s in MF.STEPS:
        assert (REPO_ROOT / MF.PIPELINE / s.script).is_file(), s.script
        assert s.writes, s.script
        for w in s.writes:
            assert w.startswith("lexicon/") or w == REVIEW_TSV, (s.script, w)
            assert (REPO_ROOT / w).is_file(), (s.script, w)


def test_no_step_writes_a_file_an_earlier_step_wrote_except_review():
    """Each lexicon file has one generating step (review.tsv collects rows of two)."""
    seen: dict[str, str] = {}
    for s in MF.STEPS:
        for w in s.writes:
            if w in seen and w != REVIEW_TSV:
                pytest.fail(f"{w} written by {seen[w]} and {s.script}")
            seen[w] = s.script


def test_missing_shared_is_one_clear_error(tmp_path):
    with pytest.raises(SystemExit) as e:
        MF.main([str(tmp_path / "nowhere")])
    assert str(e.value).startswith("measure_folds: ") and "not found" in str(e.value)
    (tmp_path / "shared").mkdir()
    with pytest.raises(SystemExit) as e:
        MF.main([str(tmp_path / "shared")])
    assert "pes-2-8-2024-dev.txt not found" in str(e.value)


def test_unknown_skip_is_refused(tmp_path):
    (tmp_path / "oracles").mkdir()
    (tmp_path / "oracles" / "pes-2-8-2024-dev.txt").write_text("ΑΒΑ\n", encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        MF.main([str(tmp_path), "--skip", "no_such_script"])
    assert "no_such_script.py: not a generating script" in str(e.value)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_copy_takes_tracked_files_only(tmp_path):
    repo, dest = tmp_path / "repo", tmp_path / "copy"
    (repo / "lexicon").mkdir(parents=True)
    (repo / "lexicon" / "a.tsv").write_text("committed\n", encoding="utf-8")
    (repo / "untracked.txt").write_text("x\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "add", "lexicon/a.tsv"], check=True)
    (repo / "lexicon" / "a.tsv").write_text("edited\n", encoding="utf-8")  # working tree wins
    assert MF.copy_tracked(repo, dest) == 1
    assert (dest / "lexicon" / "a.tsv").read_text(encoding="utf-8") == "edited\n"
    assert not (dest / "untracked.txt").exists()
    with pytest.raises(SystemExit, match="not a git checkout"):
        MF.tracked_files(tmp_path / "copy")
