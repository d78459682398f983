"""The batch kernel's fast path: lines of tile words judged by one walk of a compact table.

:class:`fst.runtime.dfa.TileDFA` has the general batch kernel (:meth:`~fst.runtime.dfa.TileDFA.
judge_units` on UTF-16 code units, :meth:`~fst.runtime.dfa.TileDFA.judge_utf8` on UTF-8 bytes:
any case, accents, combining marks, polytonic), which orders the words by length and walks them
through the dense transition table. Most batches (``dektes validate`` of a word list,
:meth:`fst.api.Judge.validate_many` on tile words) hold tile capitals only; for them:

* the block is checked with a few elementwise passes (UTF-8: the lead byte CE, a continuation
  91…A9 right after it, newlines) instead of being decoded character by character; its
  newlines are found by groups of 4 bytes (:func:`where`: numpy's nonzero, the costly pass,
  on a quarter of the elements);
* each line reads its own letters where they are, at ``start + j * stride`` (no copy into a
  letter matrix), its letters as table columns (a code point or byte minus one constant);
* the lines are ordered by length, so that the lines still walking at each step are a slice
  and no line steps past its end (:func:`walk`); the table holds uint16 state ids (half the
  bytes of int32 row starts: fewer cache misses in the gathers), and a letter without an arc
  leads to REJECT, which loops.

Both kernels cost about two gathers per letter (the column, the table); the fast path saves
the decoding (UTF-8 tile text: about 1.4x less CPU). UTF-8 words as typed in
two-byte Greek (lower case, tonos, diaeresis, final sigma: ``dektes validate`` of a
dictionary's list) take the same walk: each continuation byte's column is read by one
:meth:`bytes.translate` of the block, keyed by the lead byte's last bit (:func:`_greek_block`;
about 1.5x less CPU than the general kernel). A block that is neither, or where some line is
not a plain word (empty, too long, U+03A2, a combining mark, a character to_tile does not read
as one letter), goes to the general kernel, so the verdicts (and which lines are plain) are
exactly its own: the tests compare the two on random and hostile input. Pure numpy; imported by
:mod:`fst.api` and the batch applications, never by the build (fst/store.py's NOT_BUILD_CODE).
"""
from __future__ import annotations

import collections
import os
import queue
import threading
import time
import weakref
from typing import Iterator

import numpy as np

from fst.runtime.dfa import _LETTER_COL, TileDFA, _unit_cols, line_bounds
from grammars.normalize import MAX_LETTERS

#: table columns: 0…24 a tile capital's code point minus U+0391 (24 is Ω; column 17, the
#: unassigned U+03A2, is never walked: a block holding it goes to the general kernel), and NL,
#: the end of the line (what the callers mark a line's end with; never walked)
NL = 25
STRIDE = 26
_FIRST = 0x391  # Α
_UTF8_LEAD = 0xCE  # the first byte of every tile capital in UTF-8
_GAP = 0x3A2 - _FIRST
#: bytes per block of :func:`judge_utf8` (its arrays stay in the CPU's cache)
KERNEL_BYTES = 1 << 19
#: the bytes at a block's start that :func:`_utf8_block` reads to choose its walk
PROBE_BYTES = 64

#: most states (REJECT included) whose ids the table holds as uint16, else int32
UINT16_STATES = 1 << 16

_TABLES: "weakref.WeakKeyDictionary[TileDFA, _Table]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


class _Table:
    """The transition table of one acceptor for :func:`walk`: ``next[state * STRIDE + col]``
    the next state, flattened; rows 0…n-1 the acceptor's states, row n REJECT, where a letter
    without an arc leads (a prefix of no word stays there), and ``final[state]`` (bool, n + 1
    entries). State ids as uint16 while they fit (the board's 56k states: a 2.9 MB table,
    half the bytes of int32 row starts, so that the walk's random gathers miss the CPU's
    cache less: ~15% faster), else int32."""

    def __init__(self, dfa: TileDFA):
        n = dfa.num_states
        kind = np.uint16 if n + 1 <= UINT16_STATES else np.int32
        t = np.full((n + 1) * STRIDE, n, dtype=kind)
        # built from the arcs a slice at a time: no temporary as big as the table
        rows = np.repeat(np.arange(n, dtype=np.int32), dfa._outdeg)
        for lo in range(0, len(rows), 1 << 14):
            hi = lo + (1 << 14)
            at = rows[lo:hi].astype(np.int64) * STRIDE
            at += _LETTER_COL[dfa.labels[lo:hi]]
            t[at] = dfa.targets[lo:hi]
        final = np.zeros(n + 1, dtype=bool)
        final[:n] = np.asarray(dfa.final, dtype=bool)
        self.next, self.final = t, final
        self.index = np.int32 if len(t) < 2 ** 31 else np.int64  # of state * STRIDE + col


def _table(dfa: TileDFA) -> _Table:
    """The table of ``dfa``, built on first use (about 3 MB for the board's acceptor)."""
    got = _TABLES.get(dfa)
    if got is None:
        with _LOCK:
            got = _TABLES.get(dfa)
            if got is None:
                got = _TABLES[dfa] = _Table(dfa)
    return got


def walk(dfa: TileDFA, cols: np.ndarray, starts: np.ndarray, letters: np.ndarray,
         min_len: int = 0, max_len: int | None = None, stride: int = 1) -> np.ndarray:
    """Acceptance (bool per line) of lines of tile letters whose letter j is the table column
    ``cols[starts[i] + j * stride]`` (0…24, never 17) for j < ``letters[i]``, the line's
    length; only lengths ``min_len``…``max_len`` are accepted (the others take no step).

    The lines are ordered by length (a stable radix sort of at most MAX_LETTERS values), so
    that at step j the lines still walking are the last ones of that order, a slice: no line
    steps past its end, and none is tested for it. A line's verdict is ``final`` of the
    state its last letter leads to."""
    tab = _table(dfa)
    nxt = tab.next
    n = len(starts)
    letters = np.asarray(letters)
    ok = letters >= min_len
    if max_len is not None:
        ok &= letters <= max_len
    walked = np.where(ok, letters, 0).astype(np.uint8 if MAX_LETTERS < 256 else np.uint16)
    order = np.argsort(walked, kind="stable")
    done_by = np.cumsum(np.bincount(walked))  # [j]: lines of at most j letters
    pos = starts[order]
    state = np.zeros(n, dtype=nxt.dtype)
    # every index is in range (a line's letters, a state's row): mode "wrap" then only
    # tests it, and is ~15% faster than "clip" in numpy's take
    at = np.empty(n, dtype=tab.index)
    col = np.empty(n, dtype=cols.dtype)
    for j in range(len(done_by) - 1):
        lo = int(done_by[j])  # the lines of more than j letters: state[lo:]
        s, c, a = state[lo:], col[lo:], at[lo:]
        # letter j of each, from a view that starts j letters on (no position update)
        np.take(cols[j * stride:], pos[lo:], out=c, mode="wrap")
        np.multiply(s, STRIDE, out=a, dtype=tab.index)
        a += c
        np.take(nxt, a, out=s, mode="wrap")
    done = np.empty(n, dtype=bool)
    done[order] = tab.final[state]
    done &= ok
    return done


#: the groups of :func:`where`: the unsigned integer of as many bools (little-endian, so that
#: the first of them is the lowest byte)
_GROUP_DTYPES = {2: "<u2", 4: "<u4"}


def where(x: np.ndarray, value: int, group: int) -> np.ndarray:
    """``np.flatnonzero(x == value)``, faster when no two hits lie in one aligned group of
    ``group`` elements (2 or 4; the lines of a block are at least that long): numpy's nonzero,
    the costly pass (~0.5 ns an element), runs on the groups, a ``group``-th of the elements,
    then each hit's place in its group is read from the group's bools as one integer. Any
    other input gives the same positions, by numpy's nonzero on the elements."""
    m = np.zeros(-(-len(x) // group) * group, dtype=bool)
    np.equal(x, value, out=m[:len(x)])
    w = m.view(_GROUP_DTYPES[group])
    g = np.flatnonzero(w != 0)
    if len(g) != np.count_nonzero(m):  # two hits in a group
        return np.flatnonzero(m)
    v = w[g]
    pos = g * group
    for i in range(1, group):  # the hit is the group's bool i: the integer is 1 << 8 * i
        pos += v > (1 << 8 * (i - 1))
    return pos


def judge_units(dfa: TileDFA, data: bytes, min_len: int = 0, max_len: int | None = None,
                lens_out: list | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """:meth:`fst.runtime.dfa.TileDFA.judge_units` (``(verdicts, plain)``, bool per line, for
    the lines of the UTF-16-LE code units ``data`` separated by U+000A; None for an odd number
    of bytes), the same arrays, by :func:`walk` when every unit is a tile capital or a
    newline, or a Greek letter of U+0300…U+03FF as typed (:func:`_greek_units`); any other
    block by the general kernel. ``lens_out``: a list that receives the lines' lengths (int
    array) when every unit was a tile capital or a newline, so that each line is its own tile
    form."""
    if len(data) % 2:
        return None
    u = np.frombuffer(data, dtype=np.uint16)
    cols = np.empty(len(u) + 1, dtype=np.uint16)
    np.subtract(u, np.uint16(_FIRST), out=cols[:-1])  # wraps below U+0391: above NL
    cols[-1] = NL
    nl = where(u, 10, 2)
    if np.count_nonzero(cols < NL) + len(nl) != len(u) or (cols == _GAP).any():
        cols = _greek_units(u, nl)  # Greek letters as typed: no line is its own tile form
        if cols is None:
            return dfa.judge_units(data, min_len, max_len)
        lens_out = None
    starts, lens = line_bounds(nl, len(u))
    plain = (lens >= 1) & (lens <= MAX_LETTERS)
    if lens_out is not None:
        lens_out.append(lens)
    ok = walk(dfa, cols, starts, lens, max(min_len, 1),
              MAX_LETTERS if max_len is None else min(max_len, MAX_LETTERS))
    return ok, plain


_UNIT_03_COLS: bytes | None = None


def _greek_units(u: np.ndarray, nl: np.ndarray) -> np.ndarray | None:
    """The table columns (uint8, one entry more than ``u``; the newlines at ``nl`` not yet
    set) of a block of UTF-16 code units that are all Greek letters of U+0300…U+03FF or
    newlines, each read as to_tile reads it alone (:func:`_greek_cols`' letters, through
    :meth:`bytes.translate` of the units' low bytes); None for any other block."""
    global _UNIT_03_COLS
    b = u.view(np.uint8)  # little-endian units: low byte, high byte
    if np.count_nonzero(b[1::2] == 3) + len(nl) != len(u):
        return None  # a unit outside U+0300…U+03FF that is not a newline
    if _UNIT_03_COLS is None:
        lut = np.array(_unit_cols()[0x300:0x400])
        lut[lut >= NL] = 255
        _UNIT_03_COLS = lut.tobytes()
    buf = bytearray(len(u) + 1)
    np.frombuffer(buf, dtype=np.uint8)[:-1] = b[0::2]
    cols = np.frombuffer(buf.translate(_UNIT_03_COLS), dtype=np.uint8)
    cols[nl] = 0  # a newline's low byte reads as U+030A, a mark
    if len(u) and int(cols[:-1].max()) >= NL:
        return None  # a mark to drop, a symbol, a letter that is not one tile
    cols[-1] = NL
    return cols


#: what :func:`judge_words` joins the words of a list with: U+03AA, the code point after Ω,
#: so that tile capitals and separators read as table columns by one subtraction (the
#: separator as NL: no clamping pass, and a join with it is faster than with a newline)
SEP = chr(_FIRST + NL)
#: words joined into one string at a time by :func:`judge_words`
JOIN_WORDS = 1024


def judge_words(dfa: TileDFA, words: list, min_len: int = 0, max_len: int | None = None,
                lens_out: list | None = None, lo: int = 0,
                hi: int | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`judge_units` of a list of strings, one line per word: ``(verdicts, plain)``,
    bool per word; None when an item is not a string, holds a lone surrogate or a newline
    (the caller takes the words one at a time). ``lens_out`` as in :func:`judge_units`.
    ``lo``, ``hi``: only the words ``words[lo:hi]`` (no copy of that part of the list, whose
    making would touch every string once more).

    The words are joined with :data:`SEP`; a block of tile capitals is walked on its code
    units minus U+0391 as they are. Any other block (a word with accents, lower case, SEP
    itself …) goes to :func:`judge_units` on the words joined by newlines."""
    try:
        # joined a thousand at a time, so that the strings, which the join reads twice, stay in
        # the CPU's cache (a caller's list is scattered in memory: ~25% faster); the pieces
        # joined as str and encoded once (~8% faster than an encoding per piece)
        hi = len(words) if hi is None else min(hi, len(words))
        data = SEP.join([SEP.join(words[i:min(i + JOIN_WORDS, hi)])
                         for i in range(lo, hi, JOIN_WORDS)]).encode("utf-16-le")
    except (TypeError, UnicodeEncodeError):  # not a string, a lone surrogate
        return None
    count = max(0, hi - lo)
    u = np.frombuffer(data, dtype=np.uint16)
    cols = np.empty(len(u) + 1, dtype=np.uint16)
    np.subtract(u, np.uint16(_FIRST), out=cols[:-1])  # wraps below U+0391: above NL
    cols[-1] = NL
    ends = where(cols, NL, 2)  # each word's end: a separator, then the last one
    if len(ends) != count:  # SEP inside a word: newlines end the lines instead
        lines = "\n".join(words[lo:hi]).encode("utf-16-le")
    elif len(cols) and (int(cols.max()) > NL or (cols == _GAP).any()):
        lines = u.copy()  # not tile capitals only: the same words, newlines between them
        lines[ends[:-1]] = 10
        lines = lines.tobytes()
    else:
        starts = np.empty(len(ends), dtype=np.intp)
        starts[:1] = 0
        starts[1:] = ends[:-1] + 1
        lens = ends - starts
        if lens_out is not None:
            lens_out.append(lens)
        ok = walk(dfa, cols, starts, lens, max(min_len, 1),
                  MAX_LETTERS if max_len is None else min(max_len, MAX_LETTERS))
        return ok, (lens >= 1) & (lens <= MAX_LETTERS)
    got = judge_units(dfa, lines, min_len, max_len, lens_out)
    if got is None or len(got[0]) != count:  # a word holding a newline
        if lens_out:
            lens_out.clear()
        return None
    return got


def judge_text(dfa: TileDFA, text: str, min_len: int = 0,
               max_len: int | None = None) -> np.ndarray | None:
    """:meth:`fst.runtime.dfa.TileDFA.judge_text` through :func:`judge_units`: verdicts for
    the lines of ``text`` when every line is a plain word, else None."""
    try:
        data = text.encode("utf-16-le")
    except UnicodeEncodeError:  # a lone surrogate: never a word
        return None
    got = judge_units(dfa, data, min_len, max_len)
    if got is None or not got[1].all():
        return None
    return got[0]


def judge_utf8(dfa: TileDFA, data: bytes, min_len: int = 0, max_len: int | None = None,
               ends: list | None = None, greek: bool = True) -> np.ndarray | None:
    """:meth:`fst.runtime.dfa.TileDFA.judge_utf8`: verdicts (bool per line) for the lines of
    the UTF-8 bytes ``data`` (a missing last newline is supplied), or None when some line is
    not a plain word, a block of about :data:`KERNEL_BYTES` at a time; a
    block of tile capitals by :func:`walk`, any other by the general kernel.

    ``ends``: a list that receives, per block, the positions of its newlines in ``data``
    (int64 array) when every block went through the walk (the caller writes its output
    from them); left empty otherwise. ``greek``: blocks of two-byte Greek letters in any case
    and accents (:func:`_greek_block`) are walked too; with False only tile capitals are,
    so that a non-empty ``ends`` means every line is its own tile form."""
    if not data:
        return None
    if data[-1:] != b"\n":
        data = data + b"\n"
    parts = []
    found = []  # newline positions per block, while every block went through the walk
    lo = 0
    while lo < len(data):
        hi = len(data) if len(data) - lo <= KERNEL_BYTES else \
            data.find(b"\n", min(len(data), lo + KERNEL_BYTES) - 1) + 1
        block = data[lo:hi] if lo or hi < len(data) else data
        got = _utf8_block(dfa, block, min_len, max_len, greek)
        if got is None:
            found = None
            ok = dfa.judge_utf8(block, min_len, max_len)
            if ok is None:
                return None
        else:
            ok = got[0]
            if found is not None:
                found.append(got[1] + lo)
        parts.append(ok)
        lo = hi
    if ends is not None and found is not None:
        ends.extend(found)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _utf8_block(dfa: TileDFA, data: bytes, min_len: int, max_len: int | None,
                greek: bool = True):
    """(verdicts, newline positions) of one block of whole lines (ending with a newline) of
    tile capitals, or of two-byte Greek letters (:func:`_greek_block`), by :func:`walk`;
    None for any other block (the general kernel's)."""
    b = np.frombuffer(data, dtype=np.uint8)
    if greek and max(data[:PROBE_BYTES]) > _UTF8_LEAD:
        # a byte above CE (lead byte CF, a lower-case continuation) at the start: not tile
        # capitals, so no pass for them (both walks give the same verdicts on any block)
        return _greek_block(dfa, b, min_len, max_len)
    # every byte is the lead byte CE, a continuation 91…A9 right after it, or a newline
    lead = b == _UTF8_LEAD
    cols = np.empty(len(b) + 1, dtype=np.uint8)
    np.subtract(b, np.uint8(0x91), out=cols[:-1])
    cont = cols[:-1] < 25
    if cont[0] or not np.array_equal(lead[:-1], cont[1:]):
        return _greek_block(dfa, b, min_len, max_len) if greek else None
    nl = where(b, 10, 4)  # lines of two letters or more: 5 bytes
    if 2 * np.count_nonzero(lead) + len(nl) != len(b) or (cols[:-1] == _GAP).any():
        return _greek_block(dfa, b, min_len, max_len) if greek else None
    return _walk_pairs(dfa, cols, nl, min_len, max_len)


def _walk_pairs(dfa: TileDFA, cols: np.ndarray, nl: np.ndarray, min_len: int,
                max_len: int | None):
    """(verdicts, ``nl``) of a block of lines of two-byte characters whose continuation bytes
    have the table columns ``cols`` (0…24: letters only; one entry more than the block's
    bytes), the newlines at ``nl``; None when a line is empty or too long."""
    # letter j of a line is the continuation byte at start + 2j + 1 (the walk reads no
    # further than a line's last letter: its newline need not be marked)
    n = len(nl)
    starts = np.empty(n, dtype=np.intp)
    starts[0] = 1
    starts[1:] = nl[:-1] + 2
    letters = (nl + 1 - starts) >> 1
    if letters.min() < 1 or letters.max() > MAX_LETTERS:
        return None  # an empty or too long line: the general kernel says which
    ok = walk(dfa, cols, starts, letters, min_len, max_len, 2)
    return ok, nl


_GREEK_COLS: bytes | None = None


def _greek_cols() -> bytes:
    """A :meth:`bytes.translate` table: the table column of a two-byte character
    U+0380…U+03FF by its continuation byte less 0x40 when the lead byte is CF (lead CE:
    0x80…0xBF, lead CF: 0x40…0x7F), the letter :func:`grammars.normalize.to_tile` makes of the
    character alone (its fast path, the general kernel's :func:`fst.runtime.dfa._unit_cols`),
    255 for a character it does not read as one letter (a mark to drop, a symbol); 0 at the
    other entries, what a lead byte or a newline gives (never walked: 0x0A, 0xCA, 0xCE,
    0xCF; or 0x8E, 0x8F, Ύ and Ώ, letters)."""
    global _GREEK_COLS
    if _GREEK_COLS is None:
        lut = np.zeros(256, dtype=np.uint8)
        lut[0x80:0xC0] = _unit_cols()[0x380:0x3C0]
        lut[0x40:0x80] = _unit_cols()[0x3C0:0x400]
        lut[lut >= NL] = 255
        _GREEK_COLS = lut.tobytes()
    return _GREEK_COLS


def _greek_block(dfa: TileDFA, b: np.ndarray, min_len: int, max_len: int | None):
    """:func:`_utf8_block` of a block whose characters are all two-byte Greek letters (lead
    byte CE or CF: capitals, lower case, final sigma, tonos and diaeresis, as typed), each read
    as to_tile reads it alone; None for any other block (the general kernel's)."""
    lead = (b | 1) == 0xCF
    cont = (b & 0xC0) == 0x80
    if cont[0] or not np.array_equal(lead[:-1], cont[1:]):
        return None
    nl = where(b, 10, 4)  # lines of two letters or more: 5 bytes
    if 2 * np.count_nonzero(lead) + len(nl) != len(b):
        return None
    # each byte less 0x40 after an odd byte (a continuation after CF): at a continuation
    # byte its character's column, at any other byte one below 25 (_greek_cols)
    # (made in a bytearray, whose translate makes the columns with no copy of the block)
    buf = bytearray(len(b) + 1)
    key = np.frombuffer(buf, dtype=np.uint8)[1:-1]
    np.left_shift(b[:-1], np.uint8(7), out=key)
    key >>= np.uint8(1)
    np.subtract(b[1:], key, out=key)
    cols = np.frombuffer(buf.translate(_greek_cols()), dtype=np.uint8)  # cols[0]: 0
    if len(b) > 1 and int(cols[1:-1].max()) >= NL:
        return None  # a mark to drop, a symbol, a letter that is not one tile
    return _walk_pairs(dfa, cols, nl, min_len, max_len)


#: threads that judge a batch's blocks (:func:`ahead`): the caller's and a worker, each every
#: other block (numpy releases the GIL in the walk's gathers); more gain little on the GIL-held
#: steps (decoding, joining strings), and each holds a block's arrays (~3 MB of peak memory)
THREADS = 2


def threads() -> int:
    """The threads a batch of several blocks is judged by: :data:`THREADS`, at most one per
    core this process may run on."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(THREADS, cores))


#: a worker's share of CPU time in its wall time below which its core is taken to be shared
SHARED_CORE = 0.7
#: the workers' items on a shared core after which :func:`ahead` stops handing items out
SHARED_ITEMS = 2


class _Slot:
    """One block handed to :func:`ahead`'s threads, and what came of it; ``claim``: taken by
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


def ahead(fn, items: Iterator, threads: int) -> Iterator[tuple]:
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
