"""The artifact cache: reproducible builds, checksums, damaged artifacts detected and rebuilt.

Builds use the small lexicon ``fixtures/lemmas-small.tsv`` (a few lemmas: ~20 s a build) into
temporary cache roots, never the user's cache.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO_ROOT
from fst import store as fc
from fst.runtime import dfa as rt

SMALL = FIXTURES / "lemmas-small.tsv"
ALL_FILES = fc.ARTIFACTS + (fc.MANIFEST,)

BUILD_IN_SUBPROCESS = r"""
import sys
from pathlib import Path
from fst import store as fc
fc.cache_key = lambda lexicon_path=None: sys.argv[3]  # the key of the first build
print(fc.ensure_cache(progress=False, lexicon_path=Path(sys.argv[1]), root=sys.argv[2]))
"""
REAL_CACHE_KEY = fc.cache_key


@pytest.fixture(scope="module", autouse=True)
def frozen_key():
    """The cache key as of the start of this module: the tests are about the cache, and must
    not see it move when someone edits the lexicon or the grammars while they run."""
    key = REAL_CACHE_KEY(SMALL)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fc, "cache_key", lambda lexicon_path=None: key if lexicon_path == SMALL
                   else REAL_CACHE_KEY(lexicon_path))
        yield key


def snapshot(d: Path) -> dict[str, bytes]:
    return {n: (d / n).read_bytes() for n in ALL_FILES}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """One build of the small lexicon, in this process."""
    root = tmp_path_factory.mktemp("cache-a")
    d = fc.ensure_cache(progress=False, lexicon_path=SMALL, root=root)
    assert d.parent == root
    return d


def clone(built: Path, tmp_path: Path) -> Path:
    d = tmp_path / "root" / built.name
    shutil.copytree(built, d)
    return d


def test_the_cache_holds_every_artifact_with_its_checksum(built, frozen_key):
    assert sorted(p.name for p in built.iterdir()) == sorted(ALL_FILES)
    manifest = json.loads((built / fc.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["key"] == built.name == fc.cache_key(SMALL) == frozen_key
    assert sorted(manifest["artifacts"]) == sorted(fc.ARTIFACTS)
    assert fc.check_cache(built) is None
    dfa = rt.TileDFA.load(built)
    assert dfa.count() == manifest["tile_words"] > 0
    assert dfa.accepts("ΑΝΘΡΩΠΟΥΣ") and not dfa.accepts("ΑΝΘΡΩΠΟΥ" + "Σ" * 2)


def test_cache_key_depends_on_the_lexicon_file(tmp_path):
    other = tmp_path / "lemmas.tsv"
    other.write_bytes(SMALL.read_bytes().replace("σπίτι".encode(), "σπιτάκι".encode()))
    key = REAL_CACHE_KEY
    assert key(SMALL) != key(other) != key()
    assert key(SMALL) == key(SMALL) and len(key()) == 16


def test_cache_key_is_memoised_by_the_inputs_stamps(tmp_path, monkeypatch):
    """The key is kept in the root's memo under the inputs' stamps and read back from it; an
    input whose stamp moves (here: a lemmas file rewritten) is hashed again, and an input
    written moments ago is never memoised (its mtime may not move on the next write)."""
    monkeypatch.setenv("DEKTES_CACHE", str(tmp_path / "root"))
    (tmp_path / "root").mkdir()
    lemmas = tmp_path / "lemmas.tsv"
    lemmas.write_bytes(SMALL.read_bytes())
    memo = tmp_path / "root" / fc.KEY_MEMO
    key = REAL_CACHE_KEY(lemmas)
    assert not memo.exists()  # written just now: no memo
    assert key == REAL_CACHE_KEY(SMALL)
    memo.unlink()
    old = lemmas.stat().st_mtime - 60
    os.utime(lemmas, (old, old))
    assert REAL_CACHE_KEY(lemmas) == key
    entries = json.loads(memo.read_text(encoding="utf-8"))
    assert list(entries.values()) == [key]
    # the memo is what answers: a planted value under the same stamp comes back
    memo.write_text(json.dumps({s: "f" * 16 for s in entries}), encoding="utf-8")
    assert REAL_CACHE_KEY(lemmas) == "f" * 16
    lemmas.write_bytes(SMALL.read_bytes().replace("σπίτι".encode(), "σπιτάκι".encode()))
    assert REAL_CACHE_KEY(lemmas) not in (key, "f" * 16)
    memo.write_text("not json", encoding="utf-8")  # a damaged memo is ignored
    os.utime(lemmas, (old, old))
    assert REAL_CACHE_KEY(lemmas) == REAL_CACHE_KEY(lemmas) != key


def test_two_builds_are_byte_identical(built, tmp_path):
    """A second build, in another process with another string hash seed, writes the same
    bytes (FSTs, tag table, arrays and manifest)."""
    env = dict(os.environ, PYTHONHASHSEED="12345")
    env.pop("DEKTES_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", BUILD_IN_SUBPROCESS, str(SMALL), str(tmp_path),
                           built.name],
                          capture_output=True, cwd=REPO_ROOT, env=env, timeout=1800)
    assert proc.returncode == 0, proc.stderr.decode()
    other = Path(proc.stdout.decode().strip())
    assert other.name == built.name and other.parent == tmp_path
    a, b = snapshot(built), snapshot(other)
    assert [n for n in ALL_FILES if a[n] != b[n]] == []


@pytest.fixture
def fast_rebuild(built, monkeypatch):
    """fc.build replaced by reading the FSTs of ``built`` (the rest of the rebuild, the export,
    the check and the writing, runs for real); returns the list of calls."""
    calls = []

    def build(progress=True, lexicon_path=None):
        calls.append(lexicon_path)
        return (*fc.read_fsts(built), fc.read_tags(built))

    monkeypatch.setattr(fc, "build", build)
    return calls


def test_a_corrupt_byte_is_detected_and_rebuilt(built, tmp_path, capsys, fast_rebuild):
    d = clone(built, tmp_path)
    victim = d / "dfa_targets.npy"
    data = bytearray(victim.read_bytes())
    data[len(data) // 2] ^= 0x01
    victim.write_bytes(bytes(data))
    assert fc.check_cache(d) == "cache artifact dfa_targets.npy is corrupt"
    capsys.readouterr()
    again = fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent)
    err = capsys.readouterr().err
    assert again == d
    assert err.strip().splitlines() == ["dektes: cache artifact dfa_targets.npy is corrupt; rebuilding"]
    assert fast_rebuild == [SMALL]
    assert snapshot(d) == snapshot(built)  # the rebuild is exact, the bad byte is gone


@pytest.mark.parametrize("name", ["analyser.fst", "tiles.fst", "dfa_offsets.npy", "tags.json"])
def test_a_truncated_artifact_is_detected_and_rebuilt(built, tmp_path, capsys, fast_rebuild, name):
    d = clone(built, tmp_path)
    with open(d / name, "r+b") as f:
        f.truncate((d / name).stat().st_size // 2)
    assert fc.check_cache(d) == f"cache artifact {name} is truncated"
    capsys.readouterr()
    assert fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent) == d
    assert capsys.readouterr().err == f"dektes: cache artifact {name} is truncated; rebuilding\n"
    assert fast_rebuild == [SMALL]
    assert snapshot(d) == snapshot(built)


@pytest.mark.parametrize("damage, problem", [
    ("delete tiles.fst", "cache artifact tiles.fst is missing"),
    ("delete manifest.json", "cache artifact manifest.json is missing"),
    ("garble manifest.json", "cache artifact manifest.json is corrupt"),
    ("stale manifest.json", "cache artifact manifest.json is stale"),
    ("grow tags.json", "cache artifact tags.json is corrupt"),
])
def test_damage_is_detected_and_never_used(built, tmp_path, capsys, fast_rebuild, damage,
                                           problem):
    d = clone(built, tmp_path)
    verb, name = damage.split()
    p = d / name
    if verb == "delete":
        p.unlink()
    elif verb == "garble":
        p.write_text("{not json", encoding="utf-8")
    elif verb == "stale":
        m = json.loads(p.read_text(encoding="utf-8"))
        m["key"] = "0" * 16
        p.write_text(json.dumps(m), encoding="utf-8")
    else:
        p.write_bytes(p.read_bytes() + b" ")
    assert fc.check_cache(d) == problem
    capsys.readouterr()
    fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent)
    assert capsys.readouterr().err == f"dektes: {problem}; rebuilding\n"
    assert len(fast_rebuild) == 1
    assert snapshot(d) == snapshot(built)


def test_an_empty_cache_directory_builds_quietly(built, tmp_path, capsys, fast_rebuild):
    d = tmp_path / "root" / built.name
    d.mkdir(parents=True)
    assert fc.check_cache(d) == "absent"
    fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent)
    assert capsys.readouterr().err == ""
    assert snapshot(d) == snapshot(built)


def test_a_good_cache_is_used_without_building(built, capsys, fast_rebuild):
    assert fc.ensure_cache(progress=False, lexicon_path=SMALL, root=built.parent) == built
    assert fast_rebuild == [] and capsys.readouterr().err == ""


def test_the_env_variable_chooses_the_cache_root(built, monkeypatch, fast_rebuild):
    monkeypatch.setenv("DEKTES_CACHE", str(built.parent))
    assert fc.cache_dir(SMALL) == built
    assert fc.ensure_cache(progress=False, lexicon_path=SMALL) == built
    assert fast_rebuild == []


def test_a_copied_cache_is_hashed_once_and_not_rebuilt(built, tmp_path, monkeypatch,
                                                      fast_rebuild):
    """Copied without its modification times, a cache is hashed on its first start and
    used; later starts trust sizes, mtimes and inodes and hash nothing."""
    d = tmp_path / "root" / built.name
    shutil.copytree(built, d, copy_function=shutil.copy)  # new mtimes and inodes
    assert not fc.stamps_file(d).exists()
    assert fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent) == d
    assert fast_rebuild == [] and fc.stamps_file(d).exists()

    def no_hashing(path):
        raise AssertionError("hashed %s" % path)
    monkeypatch.setattr(fc, "file_sha256", no_hashing)
    assert fc.check_cache(d) is None
    (d / "tags.json").touch()  # a new mtime: that file alone is hashed again
    with pytest.raises(AssertionError, match="tags.json"):
        fc.check_cache(d)


def test_a_change_in_place_with_size_and_mtime_kept_is_caught_by_verify(
        built, tmp_path, monkeypatch, capsys, fast_rebuild):
    """A byte changed in place, the file's size and mtime restored: a start trusts the
    stamps, ``dektes cache --verify`` hashes every artifact and reports it (status 1), and
    the next start, the stamps withdrawn, rebuilds."""
    from fst.app.cli import main

    d = clone(built, tmp_path)
    assert fc.check_cache(d) is None and fc.stamps_file(d).exists()
    victim = d / "ana_offsets.npy"
    st = victim.stat()
    with open(victim, "r+b") as f:
        f.seek(st.st_size // 2)
        byte = f.read(1)
        f.seek(st.st_size // 2)
        f.write(bytes([byte[0] ^ 0x10]))
    os.utime(victim, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert fc.check_cache(d) is None  # size, mtime and inode as recorded
    monkeypatch.setattr(fc, "cache_dir", lambda *a, **k: d)
    monkeypatch.setenv("DEKTES_CACHE", str(d.parent))
    capsys.readouterr()
    assert main(["cache", "--verify"]) == 1
    out, err = capsys.readouterr()
    assert out == f"{d}\tcache artifact ana_offsets.npy is corrupt\n"
    assert "ana_offsets.npy is corrupt" in err and "Traceback" not in err
    assert not fc.stamps_file(d).exists()
    assert fc.ensure_cache(progress=False, lexicon_path=SMALL, root=d.parent) == d
    assert fast_rebuild == [SMALL]
    assert snapshot(d) == snapshot(built)
    assert main(["cache", "--verify"]) == 0
    assert capsys.readouterr().out == f"{d}\tok\n"
