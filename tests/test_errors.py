"""Every failure to read input or write output is one line naming the file or stream, with its
exit status (issue 16): 2 for input and an unusable cache folder, 4 for output. Each case runs
``python -m fst`` in a real process, since only a process shows closed descriptors."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import REPO_ROOT

TIMEOUT = 1800  # the first load may build the artifacts


def dektes(*argv: str, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env=None,
           shell_redirect: str = "") -> subprocess.CompletedProcess:
    """``python -m fst ARGV`` from the repository root; ``shell_redirect`` (e.g. ``<&-``) is
    applied by a shell, for the descriptors a Python caller cannot close."""
    full_env = dict(os.environ, **(env or {}))
    if shell_redirect:
        cmd = " ".join([sys.executable, "-m", "fst"] + ["'%s'" % a for a in argv])
        proc = subprocess.run(["sh", "-c", cmd + " " + shell_redirect], stdout=stdout,
                              stderr=subprocess.PIPE, cwd=REPO_ROOT, env=full_env,
                              timeout=TIMEOUT)
    else:
        proc = subprocess.run([sys.executable, "-m", "fst", *argv], stdin=stdin,
                              stdout=stdout, stderr=subprocess.PIPE, cwd=REPO_ROOT,
                              env=full_env, timeout=TIMEOUT)
    assert b"Traceback" not in proc.stderr, proc.stderr.decode("utf-8", "replace")
    return proc


def one_line(proc) -> str:
    lines = proc.stderr.decode("utf-8").strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("argv", [["validate", "-"], ["validate"], ["check", "-"],
                                  ["analyse", "-"], ["explain", "-"], ["guess", "-"]])
def test_closed_stdin_is_unreadable_input(argv):
    proc = dektes(*argv, shell_redirect="<&-")
    assert proc.returncode == 2
    assert one_line(proc) == "dektes: cannot read standard input: it is closed"


def test_a_directory_as_file_is_unreadable_input():
    proc = dektes("validate", str(REPO_ROOT))
    assert proc.returncode == 2
    assert "cannot read" in one_line(proc) and str(REPO_ROOT) in one_line(proc)


def test_closed_stdin_does_not_matter_when_words_are_given(judge):
    proc = dektes("check", "ΕΓΡΑΨΑ", shell_redirect="<&-")
    assert proc.returncode == 0 and proc.stdout.decode().startswith("ΕΓΡΑΨΑ\tvalid")


@pytest.mark.parametrize("argv", [["check", "ΕΓΡΑΨΑ"], ["wordlist", "--max-length", "3"],
                                  ["validate", "-"], ["analyse", "-"], ["rules"]])
def test_a_full_disk_is_an_output_error(judge, argv, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("ΕΓΡΑΨΑ\nΓΡΑΨΑ\n", encoding="utf-8")
    with open("/dev/full", "wb") as full, open(words, "rb") as stdin:
        proc = dektes(*argv, stdin=stdin, stdout=full)
    assert proc.returncode == 4, proc.stderr
    assert one_line(proc) == "dektes: cannot write standard output: no space left on device"


def test_closed_stdout_is_an_output_error():
    proc = dektes("check", "ΕΓΡΑΨΑ", stdout=None, shell_redirect=">&-")
    assert proc.returncode == 4
    assert one_line(proc) == "dektes: cannot write standard output: it is closed"


def test_a_cache_folder_that_is_a_file_is_reported_before_any_build(tmp_path):
    f = tmp_path / "not-a-folder"
    f.write_text("x")
    proc = dektes("check", "ΕΓΡΑΨΑ", env={"DEKTES_CACHE": str(f)})
    assert proc.returncode == 2
    assert one_line(proc) == f"dektes: the cache folder {f} (DEKTES_CACHE) is not a folder"
    assert f.read_text() == "x"  # nothing was built or written


def test_a_cache_folder_below_a_file_is_reported_before_any_build(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    proc = dektes("validate", "-", env={"DEKTES_CACHE": str(f / "cache")})
    assert proc.returncode == 2
    assert one_line(proc) == (f"dektes: the cache folder {f / 'cache'} (DEKTES_CACHE) cannot be "
                              "created: a part of its path is a file")


def test_the_cache_command_reports_a_file_as_cache_folder(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    for opt in ("--list", "--clean"):
        proc = dektes("cache", opt, env={"DEKTES_CACHE": str(f)})
        assert proc.returncode == 2
        assert "is not a folder" in one_line(proc)


def test_the_readme_documents_the_exit_codes():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "4 the output cannot be\n  written" in readme or "4 the output cannot be written" in readme
    assert "closed standard input" in readme and "reported before any build" in readme
