"""Batch validation: what ``dektes validate`` prints for a chunk of input lines, the one path
of every batch and distributed caller (:mod:`fst.app.corpus`, :mod:`fst.app.distributed`)."""
from __future__ import annotations

import io
import itertools
import sys
from typing import IO, Iterator

import numpy as np

from fst.app import protocol
from fst.runtime import kernel
from fst.app.protocol import LongLine, byte_blocks, decode_line, escape, read_chunks
from grammars.normalize import InvalidWord, to_tile


#: glibc's mallopt parameters (malloc.h), and what :func:`reuse_freed_memory` sets them to: a
#: block's arrays and bytes (~0.5 MB each, a dozen per block) come from the heap, not from a
#: fresh mmap each, and a free heap top of less than HEAP_TRIM is kept for the next block
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
HEAP_MMAP, HEAP_TRIM = 8 << 20, 16 << 20


def reuse_freed_memory() -> None:
    """Ask glibc's malloc to reuse the memory a batch frees rather than give it back to the
    system and fault it in again for the next block: by default a block-sized array is
    mapped and unmapped each time, or the heap trimmed, and ``dektes validate`` of 1M words
    took ~20k page faults (~10% of its time); with :data:`HEAP_MMAP` and :data:`HEAP_TRIM`
    ~8k, peak memory the same. For the batch commands (a process of their own), never the
    library. Nothing happens without glibc (another C library, macOS, Windows)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes  # numpy loads it anyway

        mallopt = ctypes.CDLL(None).mallopt
    except (ImportError, OSError, AttributeError):  # no ctypes, or no mallopt: not glibc
        return
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    mallopt(M_MMAP_THRESHOLD, HEAP_MMAP)  # fixed: no longer raised to each freed block's size
    mallopt(M_TRIM_THRESHOLD, HEAP_TRIM)


def _validate_chunk_fast(chunk: list[bytes], judge,
                         valid_only: bool) -> tuple[bytes | bytearray, int, int] | None:
    """(output, UTF-8 bytes or a bytearray of them, lines, valid lines) for a chunk whose lines are all plain Greek words
    (the usual case: no empty line, no error to report), judged in one batch with no Python
    object per line; None otherwise, and the caller goes line by line."""
    if LongLine in set(map(type, chunk)):
        return None
    data = b"".join(chunk)
    if not data.endswith(b"\n"):
        data += b"\n"
    ends: list = []
    verdicts = judge.validate_utf8(data, ends)  # None for "\r", BOM, white space, empty lines …
    if verdicts is None:
        return None
    n, n_valid = len(verdicts), int(np.count_nonzero(verdicts))
    if valid_only:
        lines = data.split(b"\n")[:-1]
        kept = list(itertools.compress(lines, verdicts.tolist()))
        return (b"\n".join(kept) + b"\n" if kept else b""), n, n_valid
    if n_valid == n:
        return data.replace(b"\n", b"\t1\n"), n, n_valid
    out = bytearray(data).replace(b"\n", b"\t1\n")  # a bytearray: its digits set in place
    # the digit of line i follows its newline's position, moved by the 2 bytes added to each
    # line before it
    nl = np.concatenate(ends) if len(ends) > 1 else ends[0] if ends else np.flatnonzero(
        np.frombuffer(data, dtype=np.uint8) == 10)
    bad = np.flatnonzero(~verdicts)
    digit = nl[bad]
    digit += 2 * bad + 1
    np.frombuffer(out, dtype=np.uint8)[digit] = ord("0")
    return out, n, n_valid


def validate_chunk(chunk: list[bytes], judge, valid_only: bool = False,
                   latin_lookalikes: bool = False, first: bool = False,
                   strict_accents: bool = False) -> tuple[bytes, int, int, int, int]:
    """What ``dektes validate`` prints for ``chunk``, lines of :func:`read_lines` (each with its
    newline, or a :class:`LongLine`), as UTF-8 bytes, and the counts (lines, valid, invalid,
    errors). ``first``: the chunk starts the input (a byte order mark on its first line is
    dropped). Every distributed or batch caller goes through here, so that they all print the
    same bytes (:mod:`fst.app.distributed`). ``strict_accents``: words typed with a lower-case
    letter must be written as one of their valid forms (:meth:`fst.api.Judge.accents_many`)."""
    fast = None if strict_accents else _validate_chunk_fast(chunk, judge, valid_only)
    if fast is not None:
        data, k, k_valid = fast
        return bytes(data), k, k_valid, k - k_valid, 0
    n = n_valid = n_invalid = n_errors = 0
    shown_list: list[str] = []  # per line: the input as echoed
    errors: list[str | None] = []  # per line: "E:code" or None (to be judged)
    tiles: list[str] = []
    typed: list[str] = []
    for raw in chunk:
        shown, text = decode_line(raw)
        if first:
            first = False
            if isinstance(text, str) and text.startswith("\ufeff"):  # byte order mark
                text = text[1:]
                shown = escape(text)
        if isinstance(text, InvalidWord):
            shown_list.append(shown)
            errors.append("E:" + text.code)
            continue
        try:
            tile = to_tile(text, latin_lookalikes=latin_lookalikes)
        except InvalidWord as e:
            shown_list.append(shown)
            errors.append("E:" + e.code)
            continue
        # --valid-only prints accepted lines unchanged (white space around the word
        # may hold a tab, escaped in the INPUT column otherwise)
        shown_list.append(text if valid_only else shown)
        errors.append(None)
        tiles.append(tile)
        typed.append(text)
    judged = judge.validate_many(tiles) if tiles else []
    if strict_accents and tiles:
        judged = judge.accents_many([t.strip() for t in typed], judged)
    verdicts = iter(judged)
    out: list[str] = []
    for shown, err in zip(shown_list, errors):
        n += 1
        if err is not None:
            n_errors += 1
            if not valid_only:
                out.append("%s\t0\t%s\n" % (shown, err))
        elif next(verdicts):
            n_valid += 1
            out.append(shown + "\n" if valid_only else "%s\t1\n" % shown)
        else:
            n_invalid += 1
            if not valid_only:
                out.append("%s\t0\n" % shown)
    return "".join(out).encode("utf-8"), n, n_valid, n_invalid, n_errors


def validate_chunks(stream: IO[bytes], name: str, judge, valid_only: bool,
                    threads: int = 1) -> Iterator[tuple[bytes, int, int] | list[bytes]]:
    """What ``validate`` judges in ``stream``: per block of plain words, the kernel's
    (output, UTF-8 bytes or a bytearray of them, lines, valid lines); the lines of any other
    block in lists of protocol.CHUNK_LINES, for :func:`validate_chunk` (which prints the
    errors). In input order whatever ``threads``: this thread and ``threads - 1`` workers
    judge the blocks read ahead in turn (:func:`fst.runtime.kernel.ahead`; numpy's walk releases the GIL, so a
    second core halves the kernel's wall time); 1: each block is judged here. A judge with a
    user's list is always judged here, since its list calls :meth:`fst.api.Judge.check`."""
    def judge_block(block: bytes):
        return None if type(block) is LongLine else _validate_chunk_fast([block], judge,
                                                                         valid_only)

    blocks = byte_blocks(stream, name)
    if threads > 1 and judge.overlay is None:
        judge.acceptor  # loaded (a profile's: perhaps built) here, before the threads start
        judged = kernel.ahead(judge_block, blocks, threads)
    else:
        judged = ((b, judge_block(b)) for b in blocks)
    for block, fast in judged:
        if fast is not None:
            yield fast
        elif type(block) is not LongLine:
            yield from read_chunks(io.BytesIO(block), protocol.CHUNK_LINES, name)
        else:
            yield [block]
