"""Batch validation: what ``dektes validate`` prints for a chunk of input lines, the one path
of every batch and distributed caller (:mod:`fst.app.corpus`, :mod:`fst.app.distributed`)."""
from __future__ import annotations

import collections
import io
import itertools
import os
import queue
import threading
import time
from typing import IO, Iterator

import numpy as np

from fst.app import protocol
from fst.app.protocol import LongLine, byte_blocks, decode_line, escape, read_chunks
from grammars.normalize import InvalidWord, to_tile


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
    judge the blocks read ahead in turn (:func:`_ahead`; numpy's walk releases the GIL, so a
    second core halves the kernel's wall time); 1: each block is judged here. A judge with a
    user's list is always judged here, since its list calls :meth:`fst.api.Judge.check`."""
    def judge_block(block: bytes):
        return None if type(block) is LongLine else _validate_chunk_fast([block], judge,
                                                                         valid_only)

    blocks = byte_blocks(stream, name)
    if threads > 1 and judge.overlay is None:
        judge.acceptor  # loaded (a profile's: perhaps built) here, before the threads start
        judged = _ahead(judge_block, blocks, threads)
    else:
        judged = ((b, judge_block(b)) for b in blocks)
    for block, fast in judged:
        if fast is not None:
            yield fast
        elif type(block) is not LongLine:
            yield from read_chunks(io.BytesIO(block), protocol.CHUNK_LINES, name)
        else:
            yield [block]


#: threads that judge validate's blocks: the reading and writing one and a worker, each every
#: other block (numpy releases the GIL in the walk's gathers); more gain little on the GIL-held
#: steps, and each holds a block's arrays (~3 MB of peak memory)
KERNEL_THREADS = 2


def kernel_threads() -> int:
    """The threads :func:`validate_chunks` uses here: :data:`KERNEL_THREADS`, at most one per
    core this process may run on."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(KERNEL_THREADS, cores))


#: a worker's share of CPU time in its wall time below which its core is taken to be shared
SHARED_CORE = 0.7
#: the workers' items on a shared core after which :func:`_ahead` stops handing items out
SHARED_ITEMS = 2


class _Slot:
    """One block handed to :func:`_ahead`'s threads, and what came of it; ``claim``: taken by
    the first thread that acquires it (a worker, or the caller's when it needs the result)."""

    __slots__ = ("item", "claim", "done", "result", "error")

    def __init__(self, item):
        self.item, self.claim, self.done = item, threading.Lock(), threading.Event()
        self.result = self.error = None

    def run(self, fn) -> None:
        try:
            self.result = fn(self.item)
        except BaseException as e:  # raised again in the caller's thread
            self.error = e
        self.done.set()


def _ahead(fn, items: Iterator, threads: int) -> Iterator[tuple]:
    """``(item, fn(item))`` for each of ``items``, in order; ``fn`` run by ``threads - 1``
    daemon threads on the items read ahead (at most ``threads``), and by the caller's thread
    on every ``threads``-th item and on any other no worker has taken when it is due. Once :data:`SHARED_ITEMS` of the
    workers' items ran with less CPU time than :data:`SHARED_CORE` of their wall time (the
    worker shared a core with this thread, or with another process: two threads on one core
    are ~10% slower than one), the caller's thread runs every item. An exception of ``fn`` is
    raised here, at its item. The workers stop when the caller has taken every item or closed
    the iterator."""
    jobs: queue.SimpleQueue = queue.SimpleQueue()
    shared = [0]  # the workers' items that ran on a shared core

    def work() -> None:
        while True:
            slot = jobs.get()
            if slot is None:
                return
            if slot.claim.acquire(blocking=False):
                wall, cpu = time.perf_counter(), time.thread_time()
                slot.run(fn)
                if time.thread_time() - cpu < SHARED_CORE * (time.perf_counter() - wall):
                    shared[0] += 1

    def taken(slot: _Slot) -> tuple:
        if slot.claim.acquire(blocking=False):
            slot.run(fn)
        slot.done.wait()
        if slot.error is not None:
            raise slot.error
        return slot.item, slot.result

    workers = [threading.Thread(target=work, daemon=True) for _ in range(threads - 1)]
    for w in workers:
        w.start()
    pending: collections.deque = collections.deque()
    try:
        for i, item in enumerate(items):
            slot = _Slot(item)
            # every threads-th item is the caller's; all are once the workers' core is shared
            if i % threads and shared[0] < SHARED_ITEMS:
                jobs.put(slot)
            pending.append(slot)
            if len(pending) >= threads:
                yield taken(pending.popleft())
        while pending:
            yield taken(pending.popleft())
    finally:
        for _ in workers:
            jobs.put(None)
