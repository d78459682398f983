"""The build cache: one directory per hash of the build's inputs, every artifact checked.

Artifacts (in the cache directory ``<root>/<key>``, :func:`cache_dir`):

* ``analyser.fst`` — weighted transducer, accented surface → analysis string;
* ``tiles.fst`` — minimal deterministic acceptor of the tile forms;
* ``tile2surface.fst`` — tile form → accented surface (restricted to the language);
* ``tags.json`` — the tag table (:mod:`fst.build.tags`): private-use code points → class codes,
  cells, rule ids;
* ``dfa_*.npy`` — the tile acceptor as numpy arrays for look-ups without pynini
  (:mod:`fst.runtime.dfa`), checked against ``tiles.fst`` when built;
* ``ana_*`` — every analysis of every tile word, for analysis without pynini
  (:mod:`fst.runtime.anatable`), checked against ``analyser.fst`` when built;
* ``manifest.json`` — written last: the sha256 and size of every other file. A missing,
  truncated, corrupt or stale artifact is reported and everything rebuilt (:func:`ensure_cache`).
  The same inputs give byte-identical artifacts.

The key (:func:`cache_key`) hashes whole folders: all of lexicon/ and grammars/ and the build
code of fst/ (:func:`input_files`), and the pynini version, so a file that the build reads is never
missed, wherever it is imported or opened.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import time
from pathlib import Path

import lexicon

from fst.build.tags import TagTable
from fst.runtime.lookup import ANA_FILES, DFA_FILES  # the names alone: no numpy at a start

PKG_ROOT = Path(__file__).resolve().parent.parent
GRAMMARS_DIR = PKG_ROOT / "grammars"
FST_DIR = Path(__file__).resolve().parent
#: the files of fst/ that never shape the artifacts: the applications, which only read them,
#: and the profile acceptors, which key their own code (fst.build.profiles). Every other
#: file of fst/ is build code, so a new module is keyed until it is named here;
#: tests/test_compile.py checks that the build imports none of these.
NOT_BUILD_CODE = ("__main__.py", "api.py", "app", "build/export.py", "build/profiles.py",
                  "build/subset.py", "learn.py", "notebook.py", "rules.py", "runtime/kernel.py",
                  "runtime/overlay.py", "runtime/search.py")


def _rel_tree(folder: Path) -> list[tuple[str, Path]]:
    """(path relative to ``folder`` in posix form, path) of every file under ``folder``, bar
    Python's byte-code caches and hidden files, in the order of sorted paths. os.walk, not
    Path.rglob: a warm start lists these ~250 files, and pathlib took ~15 ms of it."""
    found = []
    for root, dirs, files in os.walk(folder):
        rel = os.path.relpath(root, folder)
        parts = () if rel == os.curdir else tuple(rel.split(os.sep))
        dirs[:] = [n for n in dirs if n != "__pycache__" and not n.startswith(".")]
        found.extend(parts + (n,) for n in files
                     if not n.startswith(".") and n != "__pycache__"
                     and os.path.isfile(os.path.join(root, n)))
    found.sort()  # as sorted Paths: part by part
    return [("/".join(parts), folder.joinpath(*parts)) for parts in found]


def _tree(folder: Path) -> list[Path]:
    """Every file under ``folder``, bar Python's byte-code caches and hidden files, sorted."""
    return [p for _, p in _rel_tree(folder)]


def code_files() -> list[Path]:
    """The build code: every file of fst/ but :data:`NOT_BUILD_CODE` (paths under fst/; a folder
    named there leaves out everything under it)."""
    return [p for rel, p in _rel_tree(FST_DIR)
            if not any(rel == n or rel.startswith(n + "/") for n in NOT_BUILD_CODE)]


def input_files(lexicon_path: Path | None = None) -> list[Path]:
    """Every file the key covers: all of lexicon/ and grammars/ (whatever the build reads or
    may read: a file is never missed for being read inside a function), the build code
    (:func:`code_files`) and, for a build from one lemmas file, that file."""
    files = _tree(lexicon.LEXICON_DIR) + _tree(GRAMMARS_DIR) + code_files()
    if lexicon_path is not None:
        files.append(Path(lexicon_path).resolve())
    return files


def _pynini_version() -> str:
    """The installed pynini's version, from the package metadata (importing pynini costs
    a third of a second, and a warm cache must not need it). The dist-info folder beside the
    package is read directly: importlib.metadata takes 60 ms to get there."""
    spec = importlib.util.find_spec("pynini")
    if spec is not None and spec.origin:
        site = Path(spec.origin).parent.parent
        for info in sorted(site.glob("pynini-*.dist-info")):
            try:
                for line in (info / "METADATA").read_text(encoding="utf-8").splitlines():
                    if line.startswith("Version:"):
                        return line.split(":", 1)[1].strip()
                    if not line:
                        break
            except OSError:
                pass
    from importlib import metadata  # stdlib, but 60 ms: only when the dist-info is not found
    try:
        return metadata.version("pynini")
    except metadata.PackageNotFoundError:
        import pynini
        return pynini.__version__



#: the memo of :func:`cache_key` in the cache root: the inputs' stat stamps → their key
KEY_MEMO = "key-memo.json"
#: an input modified this close (seconds) before the memo was written may change again within
#: the file system's mtime granularity without a new stamp ("racy git"): then no memo
_RACY_S = 2.0


def _inputs_stamp(version: str, files: list[Path]) -> str:
    """A digest of the names, sizes, mtimes and inodes of ``files`` and ``version``."""
    h = hashlib.sha256(version.encode())
    for p in files:
        st = p.stat()
        h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode())
    return h.hexdigest()


def cache_key(lexicon_path: Path | None = None) -> str:
    """Hash of the inputs (:func:`input_files`, the pynini version and, for a build from one
    lemmas file, that file): the name of the cache directory.

    Hashing the ~7 MB of inputs is most of a warm start, so the key is memoised in
    :data:`KEY_MEMO` under the cache root by the inputs' names, sizes, mtimes and inodes; a
    memo is written only when every input is older than :data:`_RACY_S`, and is silently
    skipped when the root cannot be read or written."""
    version = _pynini_version()
    files = input_files(lexicon_path)
    memo_path = default_root() / KEY_MEMO
    try:
        stamp = _inputs_stamp(version, files)
    except OSError:
        stamp = None
    memo = {}
    if stamp is not None:
        try:
            memo = json.loads(memo_path.read_text(encoding="utf-8"))
            hit = memo.get(stamp) if isinstance(memo, dict) else None
            if isinstance(hit, str) and len(hit) == 16:
                return hit
        except (OSError, ValueError):
            memo = {}
    key = _hash_inputs(version, files, lexicon_path)
    if stamp is not None and isinstance(memo, dict):
        try:
            newest = max((p.stat().st_mtime for p in files), default=0.0)
            if time.time() - newest > _RACY_S and memo_path.parent.is_dir():
                memo = dict(list(memo.items())[-7:])  # a few keys: branches, lemma files
                memo[stamp] = key
                tmp = memo_path.with_name(f".{KEY_MEMO}.{os.getpid()}.tmp")
                tmp.write_text(json.dumps(memo), encoding="utf-8")
                os.replace(tmp, memo_path)
        except OSError:
            pass
    return key


def _hash_inputs(version: str, files: list[Path], lexicon_path: Path | None) -> str:
    """The key itself: sha256 over ``version`` and the names and bytes of ``files``."""
    h = hashlib.sha256(version.encode())
    for i, p in enumerate(files):
        if lexicon_path is not None and i == len(files) - 1:
            name = "\0lexicon_path\0"  # the one lemmas file, wherever it lies
        else:
            name = str(p.relative_to(PKG_ROOT))
        h.update(name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def default_root() -> Path:
    """The cache root: $DEKTES_CACHE, else $XDG_CACHE_HOME/dektes, else ~/.cache/dektes. The
    user's lists live under it too (:func:`fst.runtime.overlay.lists_root`)."""
    return Path(os.environ.get("DEKTES_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "dektes"))


def cache_dir(lexicon_path: Path | None = None, root: Path | str | None = None) -> Path:
    """``root`` (default: :func:`default_root`) / :func:`cache_key`."""
    return Path(root or default_root()) / cache_key(lexicon_path)

FST_ARTIFACTS = ("analyser.fst", "tiles.fst", "tile2surface.fst", "tags.json")
#: every file of a cache directory but the manifest
ARTIFACTS = FST_ARTIFACTS + DFA_FILES + ANA_FILES
#: sha256 and size of every artifact, written last: a cache without it is incomplete
MANIFEST = "manifest.json"
CACHE_FORMAT = 1


def file_sha256(path: Path) -> str:
    """The sha256 of the file ``path``, in hex."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify(d: Path, sums: dict, names, stamps: dict | None = None) -> tuple[str | None, dict]:
    """The one check of artifacts against a manifest: (the first problem, as "cache artifact
    NAME is missing|truncated|corrupt", or None; name → stamp of each file checked).

    ``sums``: name → (sha256, size) from the manifest, for each of ``names`` in the folder ``d``
    (a name that the manifest lacks is corrupt). ``stamps``: name → the size, mtime and inode
    recorded at a file's last sha256 check (:func:`stamps_file`); a file whose stamp matches
    is taken as checked, any other is hashed. Imports no pynini."""
    stamps = stamps or {}
    fresh = {}
    for name in names:
        problem = None
        digest, size = sums.get(name, (None, None))
        try:
            st = (d / name).stat()
        except FileNotFoundError:
            problem = "missing"
        else:
            stamp = _stamp(st)
            if size is None:
                problem = "corrupt"
            elif st.st_size < size:
                problem = "truncated"
            elif st.st_size != size or (
                    stamps.get(name) != stamp and file_sha256(d / name) != digest):
                problem = "corrupt"
        if problem:
            return f"cache artifact {name} is {problem}", fresh
        fresh[name] = stamp
    return None, fresh


def stamps_file(d: Path) -> Path:
    """Where the sizes, mtimes and inodes of ``d``'s artifacts are kept from their last
    sha256 check: beside the folder (``<key>.verified.json``), so that the folder's own
    bytes stay those of the build."""
    return d.parent / (d.name + ".verified.json")


def _stamp(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def _read_stamps(d: Path, manifest_digest: str) -> dict:
    try:
        data = json.loads(stamps_file(d).read_text(encoding="utf-8"))
        if data.get("manifest") == manifest_digest and isinstance(data.get("artifacts"), dict):
            return data["artifacts"]
    except (OSError, ValueError, AttributeError):
        pass
    return {}


def _write_stamps(d: Path, manifest_digest: str, stamps: dict) -> None:
    """Record the stamps (atomically; silently not when the root cannot be written)."""
    target = stamps_file(d)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps({"manifest": manifest_digest, "artifacts": stamps}),
                       encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass


def check_cache(d: Path, full: bool = False) -> str | None:
    """None if every artifact in ``d`` is there and matches the manifest; "absent" if nothing
    was ever built there; otherwise what is wrong, as "cache artifact X is missing|truncated|
    corrupt|stale". Imports no pynini.

    An artifact whose size, mtime and inode are those recorded at its last sha256 check
    (:func:`stamps_file`) is taken as checked; any other (a copied cache, a touched file) is
    hashed, and used if its sha256 is the manifest's. ``full``: hash every artifact whatever
    its stamps (``dektes cache --verify``), which also catches a file changed in place with
    its size and mtime kept."""
    m = d / MANIFEST
    if not m.exists():
        if not any((d / n).exists() for n in ARTIFACTS):
            return "absent"
        return f"cache artifact {MANIFEST} is missing"
    try:
        raw = m.read_bytes()
        manifest = json.loads(raw.decode("utf-8"))
        sums = {n: (str(v["sha256"]), int(v["size"])) for n, v in manifest["artifacts"].items()}
        fmt, key = manifest["format"], manifest["key"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"cache artifact {MANIFEST} is corrupt"
    if fmt != CACHE_FORMAT or key != d.name or sorted(sums) != sorted(ARTIFACTS):
        return f"cache artifact {MANIFEST} is stale"
    manifest_digest = hashlib.sha256(raw).hexdigest()
    stamps = {} if full else _read_stamps(d, manifest_digest)
    problem, fresh = verify(d, sums, ARTIFACTS, stamps)
    if problem:  # the stamps must not vouch for this folder any more
        try:
            stamps_file(d).unlink()
        except OSError:
            pass
        return problem
    if fresh != stamps:
        _write_stamps(d, manifest_digest, fresh)
    return None


def build(progress: bool = True, lexicon_path: Path | None = None):
    """(analyser, tiles, tile2surface, tag table) built by :func:`fst.build.compile.build` from the
    shipped lexicon, or with the lemma rows of ``lexicon_path`` alone."""
    from fst.build.compile import build as build_fsts  # pynini and the grammar: a build only
    return build_fsts(lexicon.load(lexicon_path), progress=progress)


def write_cache(d: Path, progress: bool = True, lexicon_path: Path | None = None) -> None:
    """Build every artifact, check the look-up arrays and the analysis table against the FSTs,
    and write them into ``d`` (the manifest last, so that an interrupted write is seen as
    incomplete)."""
    import tempfile  # stdlib; it imports random, which a warm start never needs
    from fst.build import phases
    from fst.runtime import anatable  # numpy: a build only
    from fst.runtime import dfa as runtime
    analyser, tiles, t2s, tags = build(progress=progress, lexicon_path=lexicon_path)
    phases.enter("look-up arrays")
    arrays = runtime.export(tiles)
    arrays["wordlist"] = runtime.pack(runtime.TileDFA(arrays))
    arrays["counts"] = runtime.TileDFA(arrays).state_counts()
    dfa = runtime.TileDFA(arrays)
    n_words = runtime.verify(tiles, dfa)
    phases.enter("analysis table")
    table = anatable.export(analyser, dfa, tags.by_char)
    phases.enter("checking the analysis table")
    ruled_in = [w for w, (ok, _) in lexicon.read_rulings().items() if ok]
    n_analyses = anatable.verify(anatable.AnalysisTable(table, dfa), analyser, t2s, tags.by_char,
                                 n_paths=table["paths"], extra_words=ruled_in)
    phases.enter("writing")
    d.mkdir(parents=True, exist_ok=True)
    try:
        (d / MANIFEST).unlink()
    except FileNotFoundError:
        pass
    tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=d))
    try:
        analyser.write(str(tmp / "analyser.fst"))
        tiles.write(str(tmp / "tiles.fst"))
        t2s.write(str(tmp / "tile2surface.fst"))
        (tmp / "tags.json").write_text(tags.to_json(), encoding="utf-8")
        runtime.save(arrays, tmp)
        anatable.save(table, tmp)
        sums = {n: {"sha256": file_sha256(tmp / n), "size": (tmp / n).stat().st_size}
                for n in ARTIFACTS}
        for n in ARTIFACTS:
            os.replace(tmp / n, d / n)
        manifest = {"format": CACHE_FORMAT, "key": d.name, "tile_words": n_words,
                    "analyses": n_analyses, "artifacts": sums}
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")
        os.replace(tmp / MANIFEST, d / MANIFEST)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _write_cache_child(d: str, lexicon_path: str | None) -> None:
    """:func:`write_cache` in a build process (:func:`fst.build.buildctl.run_build`)."""
    write_cache(Path(d), progress=True, lexicon_path=Path(lexicon_path) if lexicon_path else None)


def ensure_cache(progress: bool = True, lexicon_path: Path | None = None,
                 root: Path | str | None = None, verbose: bool = False) -> Path:
    """The cache directory for the current inputs, every artifact checked against the
    manifest; a missing, truncated, corrupt or stale artifact is reported in one line on
    stderr and everything is rebuilt (never used). Imports no pynini when the cache is good.

    Before a build, the cache root is checked (:func:`fst.build.buildctl.usable_root`: raises
    :class:`fst.build.buildctl.CacheError` if it is not a writable folder) and the build lock taken
    (:func:`fst.build.buildctl.build_lock`): processes that start together build once, the others
    wait and load. With ``progress`` the build runs in a child process under one progress
    display (:func:`fst.build.buildctl.run_build`; raises :class:`fst.build.buildctl.BuildError` if it
    fails); otherwise in this process, silently. ``verbose`` reports its time and peak memory
    on stderr."""
    d = cache_dir(lexicon_path, root)
    root_dir = d.parent
    if root_dir.is_dir():
        problem = check_cache(d)
        if problem is None:
            return d
    else:
        problem = "absent"
    # a build, or an error: the build machinery (subprocess, threads) is imported only now
    from fst.build import buildctl
    buildctl.usable_root(root_dir)  # raises: the root is a file, or not writable
    with buildctl.build_lock(d, quiet=not progress) as waited:
        if waited:  # another process held the lock: it may have built this very cache
            problem = check_cache(d)
            if problem is None:
                return d
        if problem != "absent":
            print(f"dektes: {problem}; rebuilding", file=sys.stderr)
        if progress:
            report = buildctl.run_build(_write_cache_child, {
                "d": str(d), "lexicon_path": str(lexicon_path) if lexicon_path else None},
                progress=True, verbose=verbose)
        else:
            t0, c0 = time.monotonic(), time.process_time()
            write_cache(d, progress=False, lexicon_path=lexicon_path)
            report = buildctl.BuildReport(time.monotonic() - t0, time.process_time() - c0,
                                          buildctl.peak_rss_self())
        if verbose:
            print(report.text(), file=sys.stderr)
        if progress:
            old = [e for e in buildctl.list_cache(root_dir, d.name)
                   if e.status in ("old", "incomplete")]
            if old:
                print(f"dektes: {len(old)} older cache folder(s) in {root_dir} use "
                      f"{sum(e.size for e in old) / 2**20:.0f} MB; 'dektes cache --clean' "
                      "removes them", file=sys.stderr)
        problem = check_cache(d)
    if problem is not None:
        raise RuntimeError(f"the cache in {d} is still not usable after a rebuild: {problem}")
    return d


def read_tags(d: Path) -> TagTable:
    return TagTable.from_json((d / "tags.json").read_text(encoding="utf-8"))


def read_fsts(d: Path) -> tuple:
    """(analyser, tiles, tile2surface) from the cache directory ``d`` (imports pynini)."""
    import pynini
    return (pynini.Fst.read(str(d / "analyser.fst")), pynini.Fst.read(str(d / "tiles.fst")),
            pynini.Fst.read(str(d / "tile2surface.fst")))


def load_or_build(progress: bool = True, lexicon_path: Path | None = None,
                  root: Path | str | None = None):
    """(analyser, tiles, tile2surface, tag table) from the cache, building them first when
    the cache is missing, damaged or stale (:func:`ensure_cache`)."""
    d = ensure_cache(progress=progress, lexicon_path=lexicon_path, root=root)
    return (*read_fsts(d), read_tags(d))
