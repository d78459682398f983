"""The build cache: one directory per hash of the build's inputs, every artifact checked.

Artifacts (in the cache directory ``<root>/<key>``, :func:`cache_dir`):

* ``analyser.fst`` — weighted transducer, accented surface → analysis string;
* ``tiles.fst`` — minimal deterministic acceptor of the tile forms;
* ``tile2surface.fst`` — tile form → accented surface (restricted to the language);
* ``tags.json`` — the tag table (:mod:`fst.tags`): private-use code points → class codes,
  cells, rule ids;
* ``dfa_*.npy`` — the tile acceptor as numpy arrays for look-ups without pynini
  (:mod:`fst.runtime`), checked against ``tiles.fst`` when built;
* ``ana_*`` — every analysis of every tile word, for analysis without pynini
  (:mod:`fst.anatable`), checked against ``analyser.fst`` when built;
* ``manifest.json`` — written last: the sha256 and size of every other file. A missing,
  truncated, corrupt or stale artifact is reported and everything rebuilt (:func:`ensure_cache`).
  The same inputs give byte-identical artifacts.

The key (:func:`cache_key`) hashes exactly the files the build reads (:func:`input_files`)
and the pynini version.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import lexicon

from . import anatable, phases, runtime
from .tags import TagTable

PKG_ROOT = Path(__file__).resolve().parent.parent
GRAMMARS_DIR = PKG_ROOT / "grammars"
FST_DIR = Path(__file__).resolve().parent
#: grammar modules the build does not import (scripts' and the API's only)
NOT_BUILD_CODE = ("grammars/derivation.py", "grammars/lemma_model.py", "grammars/orthography.py",
                  "grammars/profiles.py")
#: the engine modules the build imports
BUILD_ENGINE = ("__init__.py", "anatable.py", "cache.py", "compile.py", "normalize.py",
                "phases.py", "runtime.py", "tags.py", "verb_parts.py")


def code_files() -> list[Path]:
    """The source files the build imports: the grammars (bar :data:`NOT_BUILD_CODE`), the
    lexicon's readers and the engine modules of :data:`BUILD_ENGINE`."""
    files = [p for p in sorted(GRAMMARS_DIR.rglob("*.py"))
             if str(p.relative_to(PKG_ROOT)) not in NOT_BUILD_CODE]
    files += sorted(lexicon.LEXICON_DIR.glob("*.py"))
    files += [FST_DIR / n for n in BUILD_ENGINE if (FST_DIR / n).exists()]
    return files


def input_files(lexicon_path: Path | None = None) -> list[Path]:
    """Every file the build reads: the lexicon's data (:func:`lexicon.input_files`), the
    grammars' tables and :func:`code_files`."""
    return (lexicon.input_files(lexicon_path) + sorted(GRAMMARS_DIR.rglob("*.tsv"))
            + code_files())


def _pynini_version() -> str:
    """The installed pynini's version, from the package metadata (importing pynini costs
    a third of a second, and a warm cache must not need it). The dist-info folder beside the
    package is read directly: importlib.metadata takes 60 ms to get there."""
    import importlib.util
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
    from importlib import metadata
    try:
        return metadata.version("pynini")
    except metadata.PackageNotFoundError:
        import pynini
        return pynini.__version__



def cache_key(lexicon_path: Path | None = None) -> str:
    """Hash of the inputs (:func:`input_files`, the pynini version and, for a build from one
    lemmas file, that file): the name of the cache directory."""
    h = hashlib.sha256(_pynini_version().encode())
    for p in input_files(lexicon_path):
        try:
            name = str(p.relative_to(PKG_ROOT))
        except ValueError:  # a lemmas file given from elsewhere
            name = "\0lexicon_path\0"
        h.update(name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def cache_dir(lexicon_path: Path | None = None, root: Path | str | None = None) -> Path:
    """``root`` (default: $DEKTES_CACHE, else $XDG_CACHE_HOME/dektes or ~/.cache/dektes) /
    :func:`cache_key`."""
    from .buildctl import default_root
    return Path(root or default_root()) / cache_key(lexicon_path)

FST_ARTIFACTS = ("analyser.fst", "tiles.fst", "tile2surface.fst", "tags.json")
#: every file of a cache directory but the manifest
ARTIFACTS = FST_ARTIFACTS + runtime.FILES + anatable.FILES
#: sha256 and size of every artifact, written last: a cache without it is incomplete
MANIFEST = "manifest.json"
CACHE_FORMAT = 1


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check_cache(d: Path) -> str | None:
    """None if every artifact in ``d`` is there and matches the manifest; "absent" if nothing
    was ever built there; otherwise what is wrong, as "cache artifact X is missing|truncated|
    corrupt|stale". Reads every artifact (sha256), imports no pynini."""
    m = d / MANIFEST
    if not m.exists():
        if not any((d / n).exists() for n in ARTIFACTS):
            return "absent"
        return f"cache artifact {MANIFEST} is missing"
    try:
        manifest = json.loads(m.read_text(encoding="utf-8"))
        sums = {n: (str(v["sha256"]), int(v["size"])) for n, v in manifest["artifacts"].items()}
        fmt, key = manifest["format"], manifest["key"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"cache artifact {MANIFEST} is corrupt"
    if fmt != CACHE_FORMAT or key != d.name or sorted(sums) != sorted(ARTIFACTS):
        return f"cache artifact {MANIFEST} is stale"
    for name in ARTIFACTS:
        digest, size = sums[name]
        try:
            actual = (d / name).stat().st_size
        except FileNotFoundError:
            return f"cache artifact {name} is missing"
        if actual < size:
            return f"cache artifact {name} is truncated"
        if actual != size or _sha256(d / name) != digest:
            return f"cache artifact {name} is corrupt"
    return None


def build(progress: bool = True, lexicon_path: Path | None = None):
    """(analyser, tiles, tile2surface, tag table) built by :func:`fst.compile.build` from the
    shipped lexicon, or with the lemma rows of ``lexicon_path`` alone."""
    from .compile import build as build_fsts
    return build_fsts(lexicon.load(lexicon_path), progress=progress)


def write_cache(d: Path, progress: bool = True, lexicon_path: Path | None = None) -> None:
    """Build every artifact, check the look-up arrays and the analysis table against the FSTs,
    and write them into ``d`` (the manifest last, so that an interrupted write is seen as
    incomplete)."""
    import shutil
    import tempfile

    analyser, tiles, t2s, tags = build(progress=progress, lexicon_path=lexicon_path)
    phases.enter("look-up arrays")
    arrays = runtime.export(tiles)
    arrays["wordlist"] = runtime.pack(runtime.TileDFA(arrays))
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
        sums = {n: {"sha256": _sha256(tmp / n), "size": (tmp / n).stat().st_size}
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
    """:func:`write_cache` in a build process (:func:`fst.buildctl.run_build`)."""
    write_cache(Path(d), progress=True, lexicon_path=Path(lexicon_path) if lexicon_path else None)


def ensure_cache(progress: bool = True, lexicon_path: Path | None = None,
                 root: Path | str | None = None, verbose: bool = False) -> Path:
    """The cache directory for the current inputs, every artifact checked against the
    manifest; a missing, truncated, corrupt or stale artifact is reported in one line on
    stderr and everything is rebuilt (never used). Imports no pynini when the cache is good.

    Before a build, the cache root is checked (:func:`fst.buildctl.usable_root`: raises
    :class:`fst.buildctl.CacheError` if it is not a writable folder) and the build lock taken
    (:func:`fst.buildctl.build_lock`): processes that start together build once, the others
    wait and load. With ``progress`` the build runs in a child process under one progress
    display (:func:`fst.buildctl.run_build`; raises :class:`fst.buildctl.BuildError` if it
    fails); otherwise in this process, silently. ``verbose`` reports its time and peak memory
    on stderr."""
    from . import buildctl
    d = cache_dir(lexicon_path, root)
    root_dir = d.parent
    if root_dir.exists() and not root_dir.is_dir():
        buildctl.usable_root(root_dir)  # raises: the root is a file
    problem = check_cache(d) if root_dir.is_dir() else "absent"
    if problem is None:
        return d
    buildctl.usable_root(root_dir)
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
            import time
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
