"""Corpus input for ``dektes validate`` and ``dektes coverage``: many files, compressed or not,
local or remote, cut into blocks of whole lines that are judged one by one, in this process or
on Dask workers (:mod:`fst.app.distributed`). No Dask and no pynini here.

A file is read as ``dektes validate`` reads stdin (:func:`fst.app.protocol.read_lines`: lines split on
``\\n`` only, a line over :data:`fst.app.protocol.MAX_LINE_BYTES` bytes never read whole); its last
line is ended with a newline when it lacks one, so that the files judged together print what
``dektes validate -`` prints for them decompressed and concatenated.

A plain (uncompressed) file is cut into blocks of about :data:`BLOCK_BYTES` bytes; a block
owns the lines that *start* inside its byte range, so that every line belongs to exactly one
block whatever the cut. A compressed file (``.gz``, ``.bz2``, ``.xz``, ``.lzma``, ``.zst``)
cannot be entered in the middle and is one block.

Paths are local paths or fsspec URLs (``s3://…``, ``gs://…``, ``https://…``: fsspec and the
file system's package are needed for those); ``-`` is stdin (read in this process only).

Workers load the look-up arrays once per process (:func:`load_judge`, keyed by the cache
directory), with numpy alone, from a cache directory built once beforehand; a missing or
damaged artifact is an error there, never a rebuild.
"""
from __future__ import annotations

import bz2
import gzip
import itertools
import json
import lzma
import os
import posixpath
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Iterator

from grammars.examples import BUILD_WORD

from fst.app import protocol
from fst.app.protocol import compression_of, is_url
from fst.app import batch
from fst.api import Judge
from fst.build.tags import TagTable
from fst.runtime.dfa import TileDFA
from fst.runtime.lookup import COUNTS_FILE  # a word judged alone is ranked with the counts
from fst.runtime.overlay import Overlay
from fst import store

#: about this many bytes of a plain file per block (one task)
BLOCK_BYTES = 32 << 20
_STDLIB_OPEN = {"gzip": gzip.open, "bz2": bz2.open, "xz": lzma.open, "lzma": lzma.open}
#: the artifacts that judging needs (look-up arrays and tag table); the analysis table too
#: when a profile switches rule layers off (its verdicts come from analyses)
LOOKUP_FILES = ("dfa_offsets.npy", "dfa_labels.npy", "dfa_targets.npy", "dfa_final.npy",
                "dfa_mindist.npy", "dfa_height.npy", COUNTS_FILE, "tags.json")
ANALYSIS_FILES = ("ana_offsets.npy", "ana_lemma.npy", "ana_form.npy", "ana_strings.json")
MANIFEST = "manifest.json"


class CorpusError(Exception):
    """An input or output file cannot be read or written (one sentence naming it)."""


class OutputFileError(CorpusError):
    """An output file cannot be written (disk full, no permission): the run stops (exit 4)."""


# --------------------------------------------------------------------------------------------
# files


def local_path(path: str) -> str:
    return path[len("file://"):] if path.startswith("file://") else path


def load_fsspec():
    try:
        import fsspec
    except ImportError:
        raise CorpusError("reading URLs needs fsspec: pip install 'dektes[dask]'") from None
    return fsspec


def file_reason(e: OSError) -> str:
    if isinstance(e, FileNotFoundError):
        return "no such file"
    if isinstance(e, IsADirectoryError):
        return "it is a directory"
    if isinstance(e, PermissionError):
        return "permission denied"
    return e.strerror or str(e) or type(e).__name__


class _Opened:
    """A context manager around an open binary stream (and what must be closed with it)."""

    def __init__(self, stream: IO[bytes], *others):
        self.stream, self.others = stream, others

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def __exit__(self, *exc) -> None:
        self.stream.close()
        for o in self.others:
            o.close()


def open_input(path: str, storage_options: dict | None = None) -> _Opened:
    """The decompressed bytes of ``path`` (local path or fsspec URL), as a context manager;
    raises :class:`CorpusError` naming the file when it cannot be opened."""
    comp = compression_of(path)
    try:
        if is_url(path) or (comp and comp not in _STDLIB_OPEN):
            of = load_fsspec().open(path, "rb", compression=comp, **(storage_options or {}))
            f = of.open()
            return _Opened(f)
        raw = open(local_path(path), "rb")
        if comp:
            return _Opened(_STDLIB_OPEN[comp](raw, "rb"), raw)
        return _Opened(raw)
    except CorpusError:
        raise
    except OSError as e:
        raise CorpusError("cannot read %r: %s" % (path, file_reason(e))) from None
    except Exception as e:  # fsspec back-ends raise their own errors (missing package, auth)
        raise CorpusError("cannot read %r: %s" % (path, str(e).strip().splitlines()[0]
                                                  if str(e).strip() else type(e).__name__)) from None


def file_size(path: str, storage_options: dict | None = None) -> int:
    """Size in bytes of ``path`` as stored; raises :class:`CorpusError` if it is unreadable."""
    try:
        if is_url(path):
            fs, p = load_fsspec().core.url_to_fs(path, **(storage_options or {}))
            return int(fs.size(p))
        p = local_path(path)
        if os.path.isdir(p):
            raise IsADirectoryError(p)
        with open(p, "rb"):
            pass
        return os.path.getsize(p)
    except CorpusError:
        raise
    except OSError as e:
        raise CorpusError("cannot read %r: %s" % (path, file_reason(e))) from None
    except Exception as e:
        raise CorpusError("cannot read %r: %s" % (path, e)) from None


@dataclass(frozen=True)
class Block:
    """Lines of one input file: those starting at byte offsets ``start`` ≤ o < ``end`` of
    the stored (plain) file; ``end`` None: to the end (a compressed file is one block)."""
    file_index: int
    path: str
    start: int = 0
    end: int | None = None
    first_of_file: bool = True
    size: int = 0  # bytes stored in this block (for progress)


def plan(paths: list[str], block_bytes: int = BLOCK_BYTES,
         storage_options: dict | None = None) -> list[Block]:
    """The blocks of ``paths`` in input order; raises :class:`CorpusError` for a file that
    cannot be read (checked here, before any work is sent out)."""
    blocks = []
    for i, path in enumerate(paths):
        size = file_size(path, storage_options)
        if compression_of(path) or size <= block_bytes:
            blocks.append(Block(i, path, 0, None, True, size))
            continue
        for start in range(0, size, block_bytes):
            end = min(start + block_bytes, size)
            blocks.append(Block(i, path, start, None if end == size else end, start == 0,
                                end - start))
    return blocks


def block_chunks(stream: IO[bytes], start: int = 0, end: int | None = None,
                 size: int = protocol.CHUNK_LINES, name: str = protocol.STDIN) -> Iterator[list[bytes]]:
    """The lines (:func:`fst.app.protocol.read_lines`) of ``stream`` that start at offsets in
    [``start``, ``end``), in lists of at most ``size``; the last line of the stream is ended
    with a newline. Raises :class:`fst.app.protocol.InputError` naming ``name`` when the stream
    cannot be read (a truncated or corrupt compressed file)."""
    pos = 0
    if start:
        stream.seek(start - 1)
        pos = start - 1
        while True:  # the rest of the line that began before start (a piece at a time)
            piece = stream.readline(1 << 16)
            pos += len(piece)
            if not piece or piece.endswith(b"\n"):
                break
    lines = protocol.read_lines(stream, name)
    long_type = protocol.LongLine
    while True:
        if end is not None and pos >= end:
            return
        chunk = list(itertools.islice(lines, size))
        if not chunk:
            return
        if long_type in set(map(type, chunk)):
            nbytes = [x.size + 1 if type(x) is long_type else len(x) for x in chunk]
        else:
            nbytes = None
        total = sum(nbytes) if nbytes is not None else sum(map(len, chunk))
        if end is not None and pos + total > end:  # the block ends inside this chunk
            nbytes = nbytes or list(map(len, chunk))
            for i, k in enumerate(nbytes):
                if pos >= end:
                    del chunk[i:]
                    break
                pos += k
        else:
            pos += total
        last = chunk[-1]
        if type(last) is not long_type and not last.endswith(b"\n"):
            chunk[-1] = last + b"\n"  # the stream's last line, ended as if files were concatenated
        yield chunk


def block_lines(stream: IO[bytes], start: int = 0, end: int | None = None) -> Iterator[bytes]:
    """The lines of :func:`block_chunks`, one by one."""
    for chunk in block_chunks(stream, start, end):
        yield from chunk


# --------------------------------------------------------------------------------------------
# the judge on a worker


@dataclass(frozen=True)
class JudgeSpec:
    """What a worker needs to judge: the cache directory (a path it can read, or, when
    ``shipped``, the key of the copy under the worker's local directory,
    :class:`fst.app.distributed.ShipCache`) and the profile."""
    cache: str
    min_length: int = protocol.DEFAULT_MIN_LENGTH
    max_length: int = protocol.DEFAULT_MAX_LENGTH
    disabled: frozenset = frozenset()
    shipped: bool = False
    #: the overlay.json of the user's list (``--list NAME``), a path the worker can read
    overlay: str | None = None

    def files(self) -> tuple[str, ...]:
        # a profile's verdicts and a user's list come from analyses
        return LOOKUP_FILES + (ANALYSIS_FILES if self.disabled or self.overlay else ())


_LOADED: dict = {}  # cache directory → (TileDFA, tag table); per worker process
_JUDGES: dict = {}  # JudgeSpec → Judge
_LOCK = threading.Lock()


def check_artifacts(d: Path, names: Iterable[str]) -> None:
    """Raise :class:`CorpusError` unless each artifact ``names`` in ``d`` matches the cache
    manifest (size and sha256)."""
    try:
        artifacts = json.loads((d / MANIFEST).read_text(encoding="utf-8"))["artifacts"]
    except (OSError, ValueError, KeyError, TypeError):
        raise CorpusError("%s is not a built dektes cache (no readable %s); build it with "
                          "'dektes check %s' first" % (d, MANIFEST, BUILD_WORD)) from None
    sums = {n: (v.get("sha256"), v.get("size")) for n, v in artifacts.items()
            if isinstance(v, dict)}
    for name in names:
        problem, _ = store.verify(d, sums, [name])
        if problem is not None and problem.endswith(" is missing"):
            raise CorpusError("cache artifact %s is missing in %s" % (name, d))
        if problem is not None:
            raise CorpusError("cache artifact %s in %s does not match its manifest" % (name, d))


def resolve_cache(spec: JudgeSpec, local_directory: str | None = None) -> Path:
    """The directory holding the artifacts of ``spec`` on this process (``local_directory``:
    the Dask worker's, found from the running task when not given)."""
    if not spec.shipped:
        return Path(spec.cache)
    if local_directory is None:
        from distributed import get_worker  # shipped copies exist on Dask workers only

        local_directory = get_worker().local_directory
    return Path(local_directory) / "dektes-cache" / spec.cache


def load_judge(spec: JudgeSpec, local_directory: str | None = None):
    """The :class:`fst.api.Judge` of ``spec``, loaded once per process: the look-up arrays
    (numpy, memory-mapped) are read once per cache directory and shared by every profile.
    No pynini, no build: a missing or damaged artifact raises :class:`CorpusError`."""
    judge = _JUDGES.get(spec)
    if judge is not None:
        return judge
    with _LOCK:
        judge = _JUDGES.get(spec)
        if judge is not None:
            return judge

        d = resolve_cache(spec, local_directory)
        loaded = _LOADED.get(str(d))
        if loaded is None:
            check_artifacts(d, LOOKUP_FILES)
            tags = TagTable.from_json((d / "tags.json").read_text(encoding="utf-8"))
            loaded = _LOADED[str(d)] = (TileDFA.load(d), tags)
        if spec.disabled or spec.overlay:
            check_artifacts(d, ANALYSIS_FILES)
        dfa, tags = loaded
        judge = Judge(None, None, None, tags, min_length=spec.min_length,
                      max_length=spec.max_length, runtime=dfa, cache=d,
                      disabled_rules=spec.disabled)
        if spec.overlay:
            try:
                judge = judge.with_overlay(Overlay.from_path(Path(spec.overlay)))
            except ValueError as e:
                raise CorpusError(str(e)) from None
        _JUDGES[spec] = judge
        return judge


# --------------------------------------------------------------------------------------------
# validation of a block


@dataclass(frozen=True)
class Options:
    valid_only: bool = False
    latin_lookalikes: bool = False


@dataclass
class Result:
    """What a block printed and counted; ``bom``: its first line starts with a byte order
    mark (which only the very first line of the input drops)."""
    data: bytes
    counts: tuple[int, int, int, int]  # lines, valid, invalid, errors
    bom: bool = False
    #: why the file could not be read to its end (one sentence naming it); ``data`` then
    #: holds the lines read before the fault
    error: str | None = None


def validate_chunk_stream(chunks: Iterable[list[bytes]], spec: JudgeSpec, options: Options,
                     first: bool, write, n: list | None = None
                     ) -> tuple[tuple[int, int, int, int], bool]:
    """Judge ``chunks`` and ``write`` their output; the counts are added up in ``n`` as
    chunks are written (so that they hold what was written when reading fails)."""
    judge = load_judge(spec)
    n = [0, 0, 0, 0] if n is None else n
    bom = False
    for chunk in chunks:
        if not any(n):
            bom = chunk[0].startswith(b"\xef\xbb\xbf")
        data, *k = batch.validate_chunk(chunk, judge, options.valid_only,
                                      options.latin_lookalikes, first)
        first = False
        for i in range(4):
            n[i] += k[i]
        write(data)
    return tuple(n), bom


def validate_block(block: Block, spec: JudgeSpec, options: Options, first: bool = False,
                   storage_options: dict | None = None) -> Result:
    """What ``dektes validate`` prints for the lines of ``block`` (``first``: they start the
    whole input, so a byte order mark on the first line is dropped)."""
    parts: list[bytes] = []
    n = [0, 0, 0, 0]
    try:
        with open_input(block.path, storage_options) as f:
            chunks = block_chunks(f, block.start, block.end, name=repr(block.path))
            counts, bom = validate_chunk_stream(chunks, spec, options, first, parts.append, n)
    except (protocol.InputError, CorpusError) as e:
        # the lines judged before the fault are kept, and the fault is reported by the caller
        return Result(b"".join(parts), tuple(n), False, str(e))
    return Result(b"".join(parts), counts, bom)


def validate_lines_of(lines: list, spec: JudgeSpec, options: Options) -> Result:
    """What ``dektes validate`` prints for ``lines`` (str or bytes, one input line each; a
    newline inside one is read as white space, so that each gives exactly one output line)."""
    raw = []
    for x in lines:
        if x is None or (isinstance(x, float) and x != x):  # missing value: an empty line
            x = b""
        elif isinstance(x, str):
            x = x.encode("utf-8", "surrogateescape")
        elif not isinstance(x, (bytes, bytearray)):
            x = str(x).encode("utf-8")
        x = bytes(x)
        if x.endswith(b"\n"):
            x = x[:-1]
        raw.append(x.replace(b"\n", b" ") + b"\n")
    parts: list[bytes] = []
    counts, _ = validate_chunk_stream([raw], spec, options, False, parts.append)
    return Result(b"".join(parts), counts)


def output_name(path: str) -> str:
    """The output file name for input ``path``: its base name, a compression suffix dropped,
    plus ``.tsv``."""
    name = posixpath.basename(local_path(path).rstrip("/")) or "input"
    if compression_of(name):
        name = posixpath.splitext(name)[0]
    return name + ".tsv"


def validate_file_to(block: Block, out_path: str, spec: JudgeSpec, options: Options,
                     storage_options: dict | None = None) -> tuple[int, int, int, int]:
    """Judge the whole file of ``block`` into ``out_path`` (what ``dektes validate FILE``
    prints for it), streamed, written under a temporary name and renamed when complete (a
    task run again after a lost worker leaves one whole file). Returns the counts."""
    tmp = "%s.part-%s" % (out_path, os.urandom(6).hex())
    try:
        if is_url(out_path):
            fs, target = load_fsspec().core.url_to_fs(out_path, **(storage_options or {}))
            _, tmp_target = load_fsspec().core.url_to_fs(tmp, **(storage_options or {}))
            out = fs.open(tmp_target, "wb")
        else:
            fs = None
            out = open(local_path(tmp), "wb")
    except OSError as e:
        raise OutputFileError("cannot write %r: %s" % (out_path, protocol.os_reason(e))) from None
    try:
        try:
            with out, open_input(block.path, storage_options) as f:
                counts, _ = validate_chunk_stream(block_chunks(f, name=repr(block.path)), spec,
                                             options, True, out.write)
            if fs is None:
                os.replace(local_path(tmp), local_path(out_path))
            else:
                fs.mv(tmp_target, target)
        except OSError as e:  # input faults come as InputError or CorpusError: this is output
            raise OutputFileError("cannot write %r: %s"
                                  % (out_path, protocol.os_reason(e))) from None
    except BaseException:
        try:
            fs.rm(tmp_target) if fs is not None else os.unlink(local_path(tmp))
        except Exception:
            pass
        raise
    return counts


# --------------------------------------------------------------------------------------------
# the command line (fst.app.cli hands over here for several files, compressed files, URLs,
# --output-dir and --dask)
