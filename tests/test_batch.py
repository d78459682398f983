"""The batch contract of ``dektes validate`` and ``dektes analyse -`` (issue 6: bad input and
big input): one output line per input line (at least one for ``analyse``), in order, empty
lines kept, a line that cannot be judged in its place with ``E:CODE``, every other line still
judged, a summary on stderr, and memory that does not grow with the input.

The big-input tests run ``python -m fst`` in a subprocess on the shared cache (the session
``judge`` fixture builds it if needed), feed it from a generator and check its output as it
streams, without holding either in memory; peak memory is the child's ``ru_maxrss`` from
``os.wait4``. They assert ratios of memory, never times.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
from typing import Callable, Iterator

import pytest

from conftest import REPO_ROOT
from fst.app.protocol import MAX_LINE_BYTES
from grammars.normalize import to_tile

pytestmark = pytest.mark.usefixtures("judge")

TIMEOUT = 1800  # the first load may build the artifacts


def run_streaming(argv: list[str], blocks: Iterator[bytes],
                  check_stdout: Callable[[object], None]) -> tuple[int, int, str]:
    """Run ``python -m fst argv``, writing ``blocks`` to its stdin from a thread while
    ``check_stdout(stream)`` reads its stdout; (exit status, peak RSS in KiB, stderr)."""
    proc = subprocess.Popen([sys.executable, "-m", "fst", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO_ROOT)
    err_parts: list[bytes] = []

    def feed():
        try:
            for block in blocks:
                proc.stdin.write(block)
        except BrokenPipeError:
            pass
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    threads = [threading.Thread(target=feed, daemon=True),
               threading.Thread(target=lambda: err_parts.append(proc.stderr.read()), daemon=True)]
    for t in threads:
        t.start()
    try:
        check_stdout(proc.stdout)
    finally:
        rest = proc.stdout.read()  # never leave the child blocked on a full pipe
        for t in threads:
            t.join(TIMEOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    err = b"".join(err_parts).decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert rest == b"", "output beyond the expected lines: %r" % rest[:200]
    return proc.returncode, usage.ru_maxrss, err


# ---------------------------------------------------------------------------------------------
# the contract, line by line

LONG = "Α" * 6000  # 12,000 bytes: over MAX_LINE_BYTES, so E:too-long
# (input line, expected validate output line); the verdicts are those of the board profile
CONTRACT = [
    (b"\xef\xbb\xbf\xce\x95\xce\x93\xce\xa1\xce\x91\xce\xa8\xce\x91", "ΕΓΡΑΨΑ\t1"),  # BOM first
    (b"", "\t0\tE:empty"),
    (b"\xff\xfe bad", "\\xff\\xfe bad\t0\tE:invalid-utf8"),
    ("γράψαμε".encode(), "γράψαμε\t1"),
    (b"\xce\x95\xce", "Ε\\xce\t0\tE:invalid-utf8"),  # cut inside a letter
    ("ΑΒ\tΓΔ".encode(), "ΑΒ\\x09ΓΔ\t0\tE:whitespace"),  # columns kept: the tab is escaped
    ("ΞΨΖΩ".encode(), "ΞΨΖΩ\t0"),
    ("ΕΓΡΑΨΑ\r".encode(), "ΕΓΡΑΨΑ\t1"),  # CRLF
    ("ΑΝΘ\rΡΩΠΟΣ".encode(), "ΑΝΘ\\x0dΡΩΠΟΣ\t0\tE:whitespace"),  # a lone CR stays in its line
    (LONG.encode(), "Α" * 32 + "…\t0\tE:too-long"),
    ("ΑΝΘΡΩΠΟΥΣ\x0c".encode(), "ΑΝΘΡΩΠΟΥΣ\\x0c\t1"),  # form feed: white space around
    ("HOTEL".encode(), "HOTEL\t0\tE:not-greek"),
    ("\u2028".encode(), "\\u2028\t0\tE:empty"),
    ("ἀνθρώπους".encode(), "ἀνθρώπους\t1"),
    (b"\x00", "\\x00\t0\tE:control"),
    ("Α".encode(), "Α\t0"),
    ("Ω".encode() * (MAX_LINE_BYTES // 2), "Ω" * (MAX_LINE_BYTES // 2) + "\t0\tE:too-long"),  # read
    (LONG.encode()[:MAX_LINE_BYTES + 1], "Α" * 32 + "…\t0\tE:too-long"),  # one byte over
    ("ΓΡΑΨΑΜΕ".encode(), "ΓΡΑΨΑΜΕ\t1"),  # last line, without a newline
]


def contract_input() -> bytes:
    return b"\n".join(raw for raw, _ in CONTRACT)


def test_validate_contract_line_by_line():
    proc = subprocess.run([sys.executable, "-m", "fst", "validate", "-"], input=contract_input(),
                          capture_output=True, cwd=REPO_ROOT, timeout=TIMEOUT)
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 0
    lines = proc.stdout.decode("utf-8").split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(CONTRACT)
    for (raw, expected), got in zip(CONTRACT, lines):
        assert got == expected, raw[:40]
    n_err = sum(1 for l in lines[:-1] if l.count("\t") == 2)
    n_valid = sum(1 for l in lines[:-1] if l.endswith("\t1"))
    summary = "lines %d, valid %d, invalid %d, errors %d" % (
        len(CONTRACT), n_valid, len(CONTRACT) - n_valid - n_err, n_err)
    assert proc.stderr.decode().strip().splitlines()[-1] == summary


def test_analyse_stdin_contract():
    """Every input line gives at least one line, each starting with the input line as read;
    with --json exactly one; errors carry E:CODE; a summary on stderr."""
    data = contract_input()
    proc = subprocess.run([sys.executable, "-m", "fst", "analyse", "-"], input=data,
                          capture_output=True, cwd=REPO_ROOT, timeout=TIMEOUT)
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 1  # some lines have no analysis
    out = proc.stdout.decode("utf-8").split("\n")
    assert out[-1] == ""
    out = out[:-1]
    validate = subprocess.run([sys.executable, "-m", "fst", "validate", "-"], input=data,
                              capture_output=True, cwd=REPO_ROOT, timeout=TIMEOUT)
    shown = [l.split("\t")[0] for l in validate.stdout.decode("utf-8").split("\n")[:-1]]
    codes = [l.split("\t")[2] if l.count("\t") == 2 else None
             for l in validate.stdout.decode("utf-8").split("\n")[:-1]]
    # group the output by input line: consecutive lines with the same first column
    groups = [(k, list(g)) for k, g in itertools.groupby(out, key=lambda l: l.split("\t")[0])]
    assert [k for k, _ in groups] == shown
    for (word, rows), code in zip(groups, codes):
        if code is not None:
            assert len(rows) == 1 and rows[0].split("\t")[1:3] == ["-", code], rows
        elif len(rows) == 1 and rows[0].count("\t") == 1:
            assert rows[0] == word + "\t-"
        else:
            assert all(len(r.split("\t")) == 7 for r in rows), rows
    assert proc.stderr.decode().strip().splitlines()[-1].startswith("lines %d, " % len(CONTRACT))

    proc = subprocess.run([sys.executable, "-m", "fst", "analyse", "--json", "-"], input=data,
                          capture_output=True, cwd=REPO_ROOT, timeout=TIMEOUT)
    objs = [json.loads(l) for l in proc.stdout.decode("utf-8").split("\n")[:-1]]
    assert len(objs) == len(CONTRACT)
    assert [o.get("error", {}).get("code") for o in objs] == [
        c[2:] if c else None for c in codes]
    assert objs[3]["word"] == "γράψαμε" and objs[3]["analyses"]


@pytest.mark.parametrize("command", [["validate", "-"], ["analyse", "-"], ["check", "-"]])
def test_a_10_mb_line_without_newline_is_read_in_pieces(command):
    """A 10 MB line (no newline) between two words: three output lines, the long one
    E:too-long, and the peak memory of the run less than twice that of a run without it."""
    def blocks(n_bytes):
        yield "ΕΓΡΑΨΑ\n".encode()
        piece = "Α".encode() * (1 << 19)  # 1 MiB
        for _ in range(n_bytes >> 20):
            yield piece
        yield b"\nX"  # no newline at the end either

    results = {}
    for n_bytes in (1 << 20, 10 << 20):
        seen: list[bytes] = []
        code, rss, err = run_streaming(command, blocks(n_bytes), lambda s: seen.extend(s))
        lines = [l.decode("utf-8") for l in seen]
        assert [l.split("\t")[0] for l in lines[:1]] == ["ΕΓΡΑΨΑ"]
        long_rows = [l for l in lines if l.startswith("Α" * 32 + "…\t")]
        assert len(long_rows) == 1 and long_rows[0].startswith("Α" * 32 + "…\t")
        assert "too-long" in long_rows[0] or "bytes long" in long_rows[0]
        assert lines[-1].startswith("X\t")
        results[n_bytes] = rss
    # reading the line whole would cost tens of MB per 10 MB of line
    assert results[10 << 20] < results[1 << 20] + 8 * 1024, results


# ---------------------------------------------------------------------------------------------
# 10 million lines in bounded memory

PERIOD = 100_003  # a special (error) line every PERIOD lines: most chunks take the fast path
WORDS = ["ΕΓΡΑΨΑ", "γράψαμε", "ΓΡΑΨΑ", "ανθρώπους", "ΞΨΖΩ", "θάλασσα", "ΣΠΙΤΙΟΥ", "ΑΝΘΡΩΠΟΣ",
         "ἀνθρώπων", "ΑΝΤΑΓΩΝΙΣΤΙΚΟΤΗΤΑ", "Α", "ΞΑΝΑΓΡΑΨΑ", "δέσανε", "ΠΟΛΕΙΣ", "ΓΡΑΦΟΜΕ"]
SPECIAL = [  # (input line, expected output line)
    (b"", b"\t0\tE:empty"),
    (b"\xff\xfe", b"\\xff\\xfe\t0\tE:invalid-utf8"),
    (b"HOTEL", b"HOTEL\t0\tE:not-greek"),
    ("ΑΒ\tΓΔ".encode(), "ΑΒ\\x09ΓΔ\t0\tE:whitespace".encode()),
    ("Ω".encode() * 3000, ("Ω" * 32 + "…\t0\tE:too-long").encode()),
    ("ΕΓΡΑΨΑ\r".encode(), "ΕΓΡΑΨΑ\t1".encode()),
]


def _expected_words(judge) -> list[bytes]:
    verdicts = judge.validate_many([to_tile(w) for w in WORDS])
    return [("%s\t%d" % (w, v)).encode() for w, v in zip(WORDS, verdicts)]


def _generate(n: int, judge, block: int = 50_000) -> Iterator[tuple[bytes, bytes]]:
    """(input block, expected output block) for lines 0 … n-1; line i is SPECIAL[k] when
    i = k·PERIOD + 7 (k cycling), else WORDS[i mod len(WORDS)]; no newline after the last."""
    outs = _expected_words(judge)
    ins = [w.encode() for w in WORDS]
    k = len(WORDS)
    for start in range(0, n, block):
        stop = min(n, start + block)
        src = [ins[i % k] for i in range(start, stop)]
        dst = [outs[i % k] for i in range(start, stop)]
        first = start + (7 - start) % PERIOD
        for i in range(first, stop, PERIOD):
            src[i - start], dst[i - start] = SPECIAL[(i // PERIOD) % len(SPECIAL)]
        tail = b"" if stop == n else b"\n"
        yield b"\n".join(src) + tail, b"\n".join(dst) + b"\n"


def _validate_run(n: int, judge) -> tuple[int, int, str]:
    """Feed n generated lines to ``validate -`` and compare its output block by block."""
    pairs = _generate(n, judge)
    expected: list[bytes] = []  # filled by the feeder, emptied by the checker
    ready = threading.Condition()
    done = [False]

    def blocks():
        for src, dst in pairs:
            with ready:
                expected.append(dst)
                ready.notify()
            yield src
        with ready:
            done[0] = True
            ready.notify()

    def check(stream):
        lines = 0
        while True:
            with ready:
                ready.wait_for(lambda: expected or done[0])
                if not expected:
                    break
                want = expected.pop(0)
            got = stream.read(len(want))
            if got != want:
                a, b = got.split(b"\n"), want.split(b"\n")
                bad = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
                pytest.fail("line %d: got %r, expected %r" % (lines + bad + 1, a[bad], b[bad]))
            lines += want.count(b"\n")
        assert lines == n

    return run_streaming(["validate", "-"], blocks(), check)


def test_validate_10_million_lines_in_bounded_memory(judge):
    """10,000,000 lines (words, and every 100,003rd an error line: empty, invalid UTF-8,
    Latin, a tab, 6,000 bytes, CRLF) through ``validate -``: every output line in order, the
    summary right, and the peak RSS within 1.5 × that of a 100,000-line run + 50 MB."""
    code, small_rss, err = _validate_run(100_000, judge)
    assert code == 0
    n = 10_000_000
    code, big_rss, err = _validate_run(n, judge)
    assert code == 0
    n_errors = sum(1 for k in range(len(range(7, n, PERIOD)))
                   if SPECIAL[k % len(SPECIAL)][1].endswith(b"\t1") is False)
    assert err.strip().splitlines()[-1].startswith("lines %d, valid " % n)
    assert err.strip().splitlines()[-1].endswith(", errors %d" % n_errors)
    print("peak RSS: 100k lines %d KiB, 10M lines %d KiB" % (small_rss, big_rss))
    assert big_rss < 1.5 * small_rss + 50 * 1024, (small_rss, big_rss)


def test_validate_many_kernel_and_word_by_word_agree(judge, monkeypatch):
    """Judge.validate_many through the batch kernel gives, word for word, what the
    word-by-word path gives, whatever the block size, the threads (kernel.ahead) and
    whatever odd items a block holds."""
    import fst.api
    from fst.runtime import kernel

    words = list(itertools.islice(judge.wordlist(2, 9), 0, 4000, 37))
    mixed = words + [w.lower() for w in words[:20]] + [w[:-1] + "Ω" for w in words[:40]]
    odd = ["", "HOTEL", " ΕΓΡΑΨΑ", "ΕΓΡΑ\nΨΑ", None, 5, "ἄνθρωπος", "Α" * 70, "\ud800"]
    slow = [bool(x) for x in judge._validate_block(judge.runtime, mixed + odd)]
    for size, threads in ((7, 1), (7, 3), (1 << 15, 2)):
        monkeypatch.setattr(fst.api, "KERNEL_WORDS", size)
        monkeypatch.setattr(kernel, "THREADS", threads)
        assert judge.validate_many(mixed + odd) == slow
        assert judge.validate_many(mixed) == slow[:len(mixed)]
    assert judge._kernel(judge.runtime, mixed) is not None  # plain words: the kernel
    assert any(slow) and not all(slow)


# ---------------------------------------------------------------------------------------------
# the batch kernel's read-ahead threads (fst.runtime.kernel.ahead)

@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("shared_core", [0.0, 2.0])  # 2.0: every worker's item "shared"
def test_read_ahead_keeps_order_and_raises_in_place(threads, shared_core, monkeypatch):
    """kernel.ahead gives (item, fn(item)) in input order whoever runs each item (a worker, the
    caller's thread, or the caller alone once the workers' core counts as shared), and raises
    fn's exception at its item, after every earlier item."""
    from fst.runtime import kernel

    monkeypatch.setattr(kernel, "SHARED_CORE", shared_core)
    ran = set()

    def fn(i):
        ran.add(threading.current_thread().name)
        if i == 57:
            raise ValueError(i)
        return i * i

    got = []
    with pytest.raises(ValueError, match="57"):
        for item, result in kernel.ahead(fn, iter(range(100)), threads):
            got.append((item, result))
    assert got == [(i, i * i) for i in range(57)]
    assert list(kernel.ahead(fn, iter(range(40)), threads)) == [(i, i * i) for i in range(40)]
    assert threading.current_thread().name in ran


def test_validate_chunks_threads_give_the_same_chunks(judge):
    """validate_chunks with read-ahead threads yields what it yields without them, on blocks
    of plain words and on blocks with error lines and long lines among them."""
    import io

    from fst.app import batch, protocol

    words = [w.encode() for w in itertools.islice(judge.wordlist(2, 12), 0, 200_000, 3)]
    odd = [b"", b"\xff", b"HOTEL", "Ω".encode() * 3000, "ΕΓΡΑΨΑ\r".encode()]
    lines = list(words)
    for k, line in enumerate(odd):
        lines.insert(7 + 9_001 * k, line)
    for data in (b"\n".join(words) + b"\n", b"\n".join(lines)):
        want = list(batch.validate_chunks(io.BytesIO(data), protocol.STDIN, judge, False, 1))
        for threads in (2, 3):
            got = list(batch.validate_chunks(io.BytesIO(data), protocol.STDIN, judge, False,
                                             threads))
            assert [bytes(c[0]) if isinstance(c, tuple) else c for c in got] == [
                bytes(c[0]) if isinstance(c, tuple) else c for c in want]


@pytest.mark.parametrize("setting", ["glibc", "other system", "no ctypes"])
def test_reuse_freed_memory_never_fails(setting, monkeypatch):
    """validate's malloc tuning is a request: without glibc or ctypes it does nothing, and it
    never raises (it runs before every validate)."""
    from fst.app import batch
    if setting == "other system":
        monkeypatch.setattr(batch.sys, "platform", "darwin")
    elif setting == "no ctypes":
        monkeypatch.setitem(sys.modules, "ctypes", None)
    assert batch.reuse_freed_memory() is None
