"""Build control (fst.build.buildctl, issue 16): the cache root checked before any build, the build
lock shared by concurrent processes, the progress display over every phase, the build process
and its report, and the listing and cleaning of old caches (never a folder that is not a
build). No test here runs a real build: the cache folders are made by hand, with a valid
manifest."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT
from fst.build import buildctl
from fst import store as fc

KEY = "0123456789abcdef"
TESTS = Path(__file__).resolve().parent


def fake_build(d: Path) -> Path:
    """A cache folder that :func:`fst.build.compile.check_cache` accepts (dummy artifacts, a true
    manifest): what a build would leave, without building."""
    d.mkdir(parents=True, exist_ok=True)
    sums = {}
    for n in fc.ARTIFACTS:
        data = n.encode()
        (d / n).write_bytes(data)
        sums[n] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    (d / fc.MANIFEST).write_text(json.dumps({"format": fc.CACHE_FORMAT, "key": d.name,
                                             "artifacts": sums}), encoding="utf-8")
    assert fc.check_cache(d) is None
    return d


# -- the cache root ------------------------------------------------------------------------

def test_a_root_that_is_a_file_is_refused(tmp_path):
    f = tmp_path / "f"
    f.write_text("")
    with pytest.raises(buildctl.CacheError, match="is not a folder"):
        buildctl.usable_root(f)
    with pytest.raises(buildctl.CacheError, match="a part of its path is a file"):
        buildctl.usable_root(f / "below")


def test_a_root_is_created(tmp_path):
    assert buildctl.usable_root(tmp_path / "a" / "b").is_dir()


def test_the_env_variable_is_named_in_the_message(tmp_path, monkeypatch):
    f = tmp_path / "f"
    f.write_text("")
    monkeypatch.setenv("DEKTES_CACHE", str(f))
    with pytest.raises(buildctl.CacheError) as e:
        fc.ensure_cache(progress=False)
    assert str(e.value) == f"the cache folder {f} (DEKTES_CACHE) is not a folder"


# -- the lock ---------------------------------------------------------------------------------

WAITER = r"""
import sys
from fst.build import buildctl
from fst import store as fc
fc.cache_key = lambda lexicon_path=None: sys.argv[2]
def no_build(*a, **k):
    print("BUILT", flush=True)
    raise SystemExit(5)
buildctl.run_build = no_build
fc.write_cache = no_build
print(fc.ensure_cache(progress=True, root=sys.argv[1]), flush=True)
"""


def test_a_second_process_waits_for_the_build_and_loads_it(tmp_path):
    """This process holds the build lock; another one that needs the same cache waits (and
    says so), and when the lock is released with the cache built, it loads without building."""
    d = tmp_path / KEY
    with buildctl.build_lock(d) as waited:
        assert not waited
        proc = subprocess.Popen([sys.executable, "-c", WAITER, str(tmp_path), KEY],
                                cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        line = proc.stderr.readline()  # blocks until the other process waits
        assert line == f"dektes: another process is building the cache in {d}; waiting for it\n"
        assert proc.poll() is None
        fake_build(d)
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert out.strip() == str(d) and "BUILT" not in out


def test_without_the_lock_held_the_process_builds(tmp_path):
    proc = subprocess.run([sys.executable, "-c", WAITER, str(tmp_path), KEY], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 5 and proc.stdout.strip() == "BUILT"


# -- the display --------------------------------------------------------------------------------

def test_the_display_covers_every_phase_by_its_weight():
    now = [0.0]
    d = buildctl.Display(enabled=False, phases={"a": 1.0, "b": 3.0}, clock=lambda: now[0])
    assert d.percent() == 0.0
    d.phase("a")
    d.step(0.5)
    assert d.percent() == pytest.approx(12.5)
    now[0] = 2.0  # phase a took twice its reference time
    d.phase("b")
    assert d.percent() == pytest.approx(25.0)  # the start of b
    now[0] = 5.0  # half of b at this build's speed (3 s reference × 2)
    assert d.percent() == pytest.approx(25.0 + 75.0 / 2)
    d.step(1.0)
    assert d.percent() == pytest.approx(100.0)
    d.close()
    assert set(d.times) == {"a", "b"}


def test_within_a_phase_without_steps_the_display_stops_short_of_its_end():
    d = buildctl.Display(enabled=False, phases={"a": 1e-6, "b": 1.0})
    d.phase("a")
    d.phase_started -= 10  # as if phase a had run for 10 s
    assert d.percent() < 100 * 0.95 * 1e-6 / (1 + 1e-6) + 1e-3


def test_the_default_phases_are_those_the_build_reports():
    import re
    source = (REPO_ROOT / "fst" / "build" / "compile.py").read_text(encoding="utf-8")
    source += (REPO_ROOT / "fst" / "store.py").read_text(encoding="utf-8")
    named = re.findall(r'(?:phase|phases\.enter)\("([^"]+)"\)', source)
    assert set(named) == set(buildctl.PHASES) and len(named) == len(buildctl.PHASES)


# -- the build process --------------------------------------------------------------------------

def test_the_build_process_reports_phases_and_its_peak_memory(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    import build_targets
    report = buildctl.run_build(build_targets.works, {"n": 3}, progress=False)
    assert list(report.phases) == ["one", "two"]
    assert report.peak_rss > 1_000_000 and report.cpu >= 0 and report.wall > 0
    assert "peak memory" in report.text() and "one" in report.text()


def test_a_failing_build_process_raises_its_one_line_error(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    monkeypatch.delenv("DEKTES_DEBUG", raising=False)
    import build_targets
    with pytest.raises(buildctl.BuildError, match="^lexicon/x.tsv:3: bad row$"):
        buildctl.run_build(build_targets.fails, {}, progress=False)


# -- listing and cleaning -----------------------------------------------------------------------

def test_clean_removes_old_builds_only(tmp_path):
    root = tmp_path
    current = fake_build(root / KEY)
    old = fake_build(root / "fedcba9876543210")
    incomplete = root / "00000000000000aa"
    incomplete.mkdir()
    (root / "fedcba9876543210.lock").write_text("")
    keep = [root / "lists", root / "overlays", root / "abc"]
    for k in keep:
        k.mkdir()
        (k / "learned.tsv").write_text("λέξη\n", encoding="utf-8")
    (root / "notes.txt").write_text("mine")
    listed = {e.path.name: e.status for e in buildctl.list_cache(root, KEY)}
    assert listed == {KEY: "current", old.name: "old", incomplete.name: "incomplete",
                      "lists": "other", "overlays": "other", "abc": "other"}
    removed = buildctl.clean_cache(root, KEY)
    assert sorted(e.path.name for e in removed) == sorted([old.name, incomplete.name])
    assert not old.exists() and not incomplete.exists()
    assert not (root / "fedcba9876543210.lock").exists()
    assert current.is_dir() and fc.check_cache(current) is None
    assert all((k / "learned.tsv").exists() for k in keep) and (root / "notes.txt").exists()


def test_clean_leaves_a_build_in_progress(tmp_path):
    old = fake_build(tmp_path / "fedcba9876543210")
    with buildctl.build_lock(old):
        assert buildctl.clean_cache(tmp_path, KEY) == []
    assert old.exists()
    assert [e.path for e in buildctl.clean_cache(tmp_path, KEY)] == [old]


def test_the_cache_command_lists_and_cleans(tmp_path, monkeypatch, capsys):
    from fst.app.cli import main
    monkeypatch.setenv("DEKTES_CACHE", str(tmp_path))
    current = fc.cache_key()
    fake_build(tmp_path / current)
    old = fake_build(tmp_path / "fedcba9876543210")
    (tmp_path / "overlays").mkdir()
    assert main(["cache", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[:2] for line in out] == [
        [str(tmp_path / current), "current"], [str(old), "old"],
        [str(tmp_path / "overlays"), "other (not a build; kept)"]]
    assert main(["cache", "--clean"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[:2] for line in out] == [["removed", str(old)]]
    assert (tmp_path / "overlays").is_dir() and (tmp_path / current).is_dir()


def test_a_lock_is_released_when_its_process_dies(tmp_path):
    d = tmp_path / KEY
    code = ("import os, sys; from fst.build import buildctl; from pathlib import Path\n"
            "with buildctl.build_lock(Path(sys.argv[1])):\n"
            "    print('held', flush=True); os._exit(9)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(d)], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.stdout == "held\n" and proc.returncode == 9
    with buildctl.build_lock(d) as waited:
        assert not waited  # acquired at once
