"""Each rule profile's own tile acceptor, built once into the cache, so that any profile
validates as fast as the board.

A profile that switches rule layers off (grammars/profiles.py) accepts a word of the board
acceptor when one of its analyses names none of those layers, or when a ruling accepts it
(§A4): the verdict of :meth:`fst.api.Judge.check`. The mask of those words is read off the
analysis table (:mod:`fst.runtime.anatable`, every analysis of every word with its rule ids), and
:func:`fst.build.subset.subset_arrays` makes their minimal acceptor; :func:`fst.build.subset.verify_subset`
checks it, word by word. The arrays go into ``<cache>/profiles/<name>/`` with a manifest
(written last, checksums as for the main cache), built on first use under the build lock
(:func:`fst.build.buildctl.build_lock`), so that concurrent processes build a profile once.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

from fst import store
from fst.runtime import anatable
from fst.runtime import dfa as runtime
from fst.build import buildctl, subset
from lexicon import read_rulings

PROFILES_DIR = "profiles"
MANIFEST = "manifest.json"
FORMAT = 1
FILES = tuple(f"dfa_{n}.npy" for n in runtime.ARRAY_NAMES)


def name(disabled: frozenset[str]) -> str:
    """The folder name of the profile that switches ``disabled`` off: ``without-D1-E2``."""
    return "without-" + "-".join(sorted(disabled))


def _code_version() -> str:
    """A hash of the code that makes a profile's arrays: a change rebuilds them."""
    h = hashlib.sha256()
    for mod in (subset, sys.modules[__name__]):
        h.update(Path(mod.__file__).read_bytes())
    return h.hexdigest()[:16]


def keep_mask(table: anatable.AnalysisTable, disabled: frozenset[str],
              ruled_in: list[str] = ()) -> np.ndarray:
    """Per word of the board acceptor (by rank): True if the profile accepts it, that is if
    one of its analyses names none of the ``disabled`` rule ids, or it has no analysis (a word
    that a ruling alone accepts) or is in ``ruled_in`` (§A4 outranks the profile)."""
    bad = np.array([bool(disabled & set(rules)) for _, _, rules, _ in table.forms] + [False])
    form = np.asarray(table.form, dtype=np.int64) // table._n_pat
    ok = ~bad[form]
    before = np.concatenate(([0], np.cumsum(ok, dtype=np.int64)))
    offsets = np.asarray(table.offsets, dtype=np.int64)
    keep = before[offsets[1:]] > before[offsets[:-1]]
    keep |= offsets[1:] == offsets[:-1]
    if ruled_in:
        ranks = table.dfa.ranks_of(list(ruled_in))
        keep[ranks[ranks >= 0]] = True
    return keep


def _check(pd: Path, key: str) -> bool:
    """True if the profile folder ``pd`` was made from the board ``key`` by this code and its
    arrays match its manifest (:func:`fst.store.verify`)."""
    try:
        m = json.loads((pd / MANIFEST).read_text(encoding="utf-8"))
        if m["format"] != FORMAT or m["board"] != key or m["code"] != _code_version():
            return False
        sums = {n: (str(v["sha256"]), int(v["size"])) for n, v in m["artifacts"].items()}
        return store.verify(pd, sums, FILES)[0] is None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _make(d: Path, disabled: frozenset[str], board: runtime.TileDFA | None,
          display: buildctl.Display) -> tuple[dict[str, np.ndarray], int]:
    """(arrays, number of words) of the profile's acceptor, checked."""
    display.phase("analyses")
    board = board or runtime.TileDFA.load(d)
    table = anatable.AnalysisTable.load(d, board)
    ruled_in = [w for w, (ok, _) in read_rulings().items() if ok]
    keep = keep_mask(table, disabled, ruled_in)
    display.phase("minimal acceptor")
    arrays = subset.subset_arrays(board, keep)
    display.phase("checking it")
    return arrays, subset.verify_subset(board, keep, runtime.TileDFA(arrays))


_PHASES = {"analyses": 1.0, "minimal acceptor": 6.0, "checking it": 4.0, "writing": 0.2}


def ensure(d: Path, disabled: frozenset[str], board: runtime.TileDFA | None = None,
           progress: bool = True) -> Path:
    """The folder of the profile's arrays under the cache folder ``d``, built (under the build
    lock) if missing, damaged or made by other code. ``board``: the board's arrays, if loaded.

    Raises :class:`fst.build.buildctl.CacheError` if the folder cannot be written."""
    pd = d / PROFILES_DIR / name(disabled)
    if _check(pd, d.name):
        return pd
    buildctl.usable_root(pd.parent)
    with buildctl.build_lock(pd, quiet=not progress):
        if _check(pd, d.name):
            return pd
        display = buildctl.Display(enabled=progress, phases=_PHASES,
                                   title="dektes: building the profile's acceptor (once)")
        try:
            arrays, n_words = _make(d, disabled, board, display)
            display.phase("writing")
            tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=pd.parent))
            try:
                for n, f in zip(runtime.ARRAY_NAMES, FILES):
                    np.save(tmp / f, np.ascontiguousarray(arrays[n]), allow_pickle=False)
                manifest = {"format": FORMAT, "board": d.name, "code": _code_version(),
                            "disabled": sorted(disabled), "tile_words": n_words,
                            "artifacts": {f: {"sha256": store.file_sha256(tmp / f),
                                              "size": (tmp / f).stat().st_size} for f in FILES}}
                (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True)
                                            + "\n", encoding="utf-8")
                if pd.exists():
                    shutil.rmtree(pd)
                os.replace(tmp, pd)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
        finally:
            display.close()
    return pd


def load(d: Path, disabled: frozenset[str], board: runtime.TileDFA | None = None,
         progress: bool = True) -> runtime.TileDFA:
    """The profile's acceptor (:class:`fst.runtime.dfa.TileDFA`), built into the cache first if
    needed; built in memory, with a note on stderr, when the cache cannot be written."""
    try:
        return runtime.TileDFA.load(ensure(d, disabled, board, progress))
    except buildctl.CacheError as e:
        print(f"dektes: {e}; the profile's acceptor is built in memory", file=sys.stderr)
        display = buildctl.Display(enabled=progress, phases=_PHASES,
                                   title="dektes: building the profile's acceptor")
        try:
            return runtime.TileDFA(_make(d, disabled, board, display)[0])
        finally:
            display.close()
