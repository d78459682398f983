"""The applications' batch line protocol, their output, errors and exit status (``dektes``,
:mod:`fst.app.corpus`, :mod:`fst.app.coverage`).

Batch input is read in bounded pieces: a line is split on ``\n`` only, and a line longer than
:data:`MAX_LINE_BYTES` bytes is skipped unread (``E:too-long``), never held in memory
(:func:`read_lines`). In the echoed input column, bytes that are not UTF-8 and control
characters are shown as backslash escapes (:func:`escape`), so that every output line keeps its
columns. Output goes through :func:`out_line`, :func:`write_text` and :func:`write_bytes`, which
raise :class:`OutputError` (exit status 4) when it cannot be written.
"""
from __future__ import annotations

import itertools
import lzma
import posixpath
import re
import sys
import zlib
from typing import IO, Iterator

from grammars.normalize import MAX_LETTERS, InvalidWord, to_tile

PROG = "dektes"
DEFAULT_MIN_LENGTH = 2
DEFAULT_MAX_LENGTH = 15
CHUNK_LINES = 10_000
# A word has at most MAX_LETTERS letters of a few code points each (2 KiB of UTF-8 at most), so a
# longer line is never a word: it is skipped in pieces of this size, not read into memory.
MAX_LINE_BYTES = 4096
SHOWN_BYTES = 64  # how much of an over-long line is echoed

EXIT_OK = 0
EXIT_NEGATIVE = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_OUTPUT = 4
STDIN, STDOUT = "standard input", "standard output"


#: the compressions :mod:`fst.app.corpus` reads, by the file's suffix
COMPRESSIONS = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz", ".lzma": "lzma", ".zst": "zstd"}


def compression_of(path: str) -> str | None:
    """The compression named by the file's suffix (``gzip`` …), None for a plain file."""
    return COMPRESSIONS.get(posixpath.splitext(path.rstrip("/"))[1].lower())


def is_url(path: str) -> bool:
    """Is ``path`` a URL that fsspec opens (``s3://…``; ``file://`` is a local path)?"""
    return "://" in path and not path.startswith("file://")


class UsageError(Exception):
    """A problem with the command line or its input files (exit status 2)."""


class InputError(UsageError):
    """Input that cannot be read: a file or standard input (exit status 2)."""


class OutputError(Exception):
    """Output that cannot be written (exit status 4)."""


def os_reason(e: OSError) -> str:
    """The system's reason, as a clause: "no space left on device"."""
    text = e.strerror or str(e) or type(e).__name__
    return text[:1].lower() + text[1:]


VERBOSE = False  # --verbose: a build reports its time and peak memory


class LongLine(bytes):
    """The first bytes of an input line longer than MAX_LINE_BYTES; ``size`` is its length in
    bytes (without the newline). The rest of the line was read and dropped in pieces."""

    size: int


# Echoed input must not break lines or columns: C0/C1 controls (tab, CR, NEL …) and the Unicode
# line and paragraph separators are shown escaped, like undecodable bytes.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape(text: str) -> str:
    """``text`` with control characters and line separators as backslash escapes."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: "\\x%02x" % ord(m.group()) if ord(m.group()) < 0x100
                       else "\\u%04x" % ord(m.group()), text)


def invalid_utf8(shown: str, what: str = "line") -> InvalidWord:
    return InvalidWord(shown, "the %s is not valid UTF-8" % what, "invalid-utf8")


def utf8_head(raw: bytes, n: int) -> bytes:
    """The first ``n`` bytes of ``raw``, less a UTF-8 sequence cut in two at the end."""
    head = raw[:n]
    for i in range(1, min(4, len(head)) + 1):
        b = head[-i]
        if b < 0x80:
            break
        if b >= 0xC0:  # the lead byte of the last sequence: is the sequence whole?
            if (2 if b < 0xE0 else 3 if b < 0xF0 else 4) > i:
                head = head[:-i]
            break
    return head


_LONG_RUN = re.compile(r"\S{%d,}" % (MAX_LINE_BYTES // 4 + 1))


def cut_long(text: str) -> str:
    """``text`` with every run without white space over :data:`MAX_LINE_BYTES` bytes of UTF-8
    (a 30,000-letter word quoted in a message) cut to its first :data:`SHOWN_BYTES` bytes and
    '…', as an over-long input line is echoed."""
    if len(text) <= MAX_LINE_BYTES // 4:
        return text

    def cut(m: re.Match) -> str:
        raw = m.group().encode("utf-8", "surrogateescape")
        if len(raw) <= MAX_LINE_BYTES:
            return m.group()
        return utf8_head(raw, SHOWN_BYTES).decode("utf-8", "replace") + "…"
    return _LONG_RUN.sub(cut, text)


class CutStream:
    """A text stream (stderr) that writes through :func:`cut_long`: no message echoes an
    over-long argument whole, whichever part of the program (argparse included) wrote it."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(cut_long(text))
        return len(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def decode_line(raw: bytes) -> tuple[str, str | InvalidWord]:
    """(text to show, decoded text) of one input line; an :class:`InvalidWord`
    (``invalid-utf8``, ``too-long``) instead of the text when the line cannot be a word."""
    if type(raw) is LongLine:
        head = utf8_head(raw, SHOWN_BYTES)
        shown = escape(head.decode("utf-8", "backslashreplace")) + "…"
        return shown, InvalidWord(shown, "the line is %d bytes long; a word has at most %d "
                                  "letters" % (raw.size, MAX_LETTERS), "too-long")
    if raw.endswith(b"\n"):
        raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        shown = escape(raw.decode("utf-8", "backslashreplace"))
        return shown, invalid_utf8(shown)
    return escape(text), text


def _decompression_errors() -> tuple:
    errors = [OSError, EOFError, zlib.error, lzma.LZMAError]
    try:
        import zstandard  # fsspec's zstd reader

        errors.append(zstandard.ZstdError)
    except ImportError:
        pass
    return tuple(errors)


#: what reading a (compressed) stream can raise for bad input: a truncated file (EOFError),
#: corrupt data (zlib.error, lzma.LZMAError, OSError from gzip and bz2)
READ_ERRORS = _decompression_errors()


def read_reason(e: BaseException) -> str:
    """Why reading failed, as a clause naming no file."""
    if isinstance(e, EOFError):
        return "the file is truncated (it ends inside its compressed data)"
    if isinstance(e, OSError) and not isinstance(e, (FileNotFoundError, PermissionError)) \
            and e.errno is None:  # gzip.BadGzipFile, bz2's "Invalid data stream"
        text = str(e).split(" (b")[0]
        return "it is not a valid compressed file (%s)" % (text[:1].lower() + text[1:])
    if isinstance(e, OSError):
        return os_reason(e)
    text = str(e).strip() or type(e).__name__
    return "its compressed data is damaged (%s)" % text


def read_lines(stream: IO[bytes], name: str = STDIN) -> Iterator[bytes]:
    """The lines of ``stream``, each with its newline, split on ``\n`` only; a line longer
    than MAX_LINE_BYTES comes as a :class:`LongLine` and is never held whole in memory.

    Raises :class:`InputError` naming ``name`` if reading fails."""
    limit = MAX_LINE_BYTES + 1
    raw_readline = stream.readline

    def readline(n: int) -> bytes:
        try:
            return raw_readline(n)
        except READ_ERRORS as e:
            raise InputError("cannot read %s: %s" % (name, read_reason(e))) from None
    while True:
        line = readline(limit)
        if not line:
            return
        if len(line) == limit and line[-1] != 0x0A:
            size = len(line)
            while True:  # drop the rest of the line, a piece at a time
                rest = readline(1 << 16)
                if rest.endswith(b"\n"):
                    size += len(rest) - 1
                    break
                size += len(rest)
                if not rest:
                    break
            long_line = LongLine(line)
            long_line.size = size
            yield long_line
        else:
            yield line


def stdin_buffer() -> IO[bytes]:
    """The byte stream of standard input; :class:`InputError` if it is closed."""
    if sys.stdin is None or STDIN_CLOSED:
        raise InputError("cannot read %s: it is closed" % STDIN)
    return sys.stdin.buffer


STDIN_CLOSED = False  # set by main() when file descriptor 0 was closed


def input_name(path: str) -> str:
    return STDIN if path == "-" else repr(path)


def open_input(path: str) -> IO[bytes]:
    if path == "-":
        return stdin_buffer()
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise UsageError("cannot read %r: no such file" % path) from None
    except IsADirectoryError:
        raise UsageError("cannot read %r: it is a directory" % path) from None
    except PermissionError:
        raise UsageError("cannot read %r: permission denied" % path) from None
    except OSError as e:
        raise UsageError("cannot read %r: %s" % (path, e.strerror or e)) from None


def stdin_lines() -> Iterator[tuple[str, str | InvalidWord]]:
    """(text to show, word or InvalidWord) for each line of stdin, a byte order mark dropped."""
    first = True
    for raw in read_lines(stdin_buffer()):
        shown, text = decode_line(raw)
        if first and isinstance(text, str) and text.startswith("\ufeff"):
            text = text[1:]
            shown = escape(text)
        first = False
        yield shown, text


def argv_word(word: str) -> tuple[str, str | InvalidWord]:
    """(text to show, word or InvalidWord) for a command-line word; bytes that were not UTF-8
    reach Python as lone surrogates (surrogateescape), and are reported as such."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        try:
            raw = word.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate given from Python, not from the OS
            raw = word.encode("utf-8", "backslashreplace")
        shown = escape(raw.decode("utf-8", "backslashreplace"))
        return shown, invalid_utf8(shown, "word")
    size = len(word.encode("utf-8"))
    if size > MAX_LINE_BYTES:  # echoed cut, as validate cuts an over-long line
        head = utf8_head(word.encode("utf-8"), SHOWN_BYTES)
        shown = escape(head.decode("utf-8")) + "…"
        return shown, InvalidWord(shown, "the word is %d bytes long; a word has at most %d "
                                  "letters" % (size, MAX_LETTERS), "too-long")
    return escape(word), word


def read_words(args_words: list[str]) -> Iterator[tuple[str, str | InvalidWord]]:
    """Words from the command line, or from stdin (one per line) when the only word is '-':
    (text to show, word), or (text to show, InvalidWord) for a line that cannot be a word
    (not UTF-8, over-long)."""
    if args_words == ["-"]:
        yield from stdin_lines()
    else:
        for w in args_words:
            yield argv_word(w)


def checked_word(word: str | InvalidWord, latin_lookalikes: bool = False) -> str:
    """A word of :func:`read_words` to look up: raises the InvalidWord that reading it gave; with
    ``latin_lookalikes`` (--latin-lookalikes), Latin look-alike letters mapped to Greek."""
    if isinstance(word, InvalidWord):
        raise word
    return to_tile(word, latin_lookalikes=True) if latin_lookalikes else word


def out_line(line: str) -> None:
    write_text(line + "\n")


def write_text(text: str) -> None:
    """Write ``text`` to stdout; :class:`OutputError` if it cannot be written."""
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (STDOUT, os_reason(e))) from None


def flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (STDOUT, os_reason(e))) from None


def read_chunks(stream: IO[bytes], size: int, name: str = STDIN) -> Iterator[list[bytes]]:
    """Lists of at most ``size`` lines (:func:`read_lines`): at most size × MAX_LINE_BYTES bytes."""
    lines = read_lines(stream, name)
    while True:
        chunk = list(itertools.islice(lines, size))
        if not chunk:
            return
        yield chunk


def write_bytes(data: bytes) -> None:
    """Write UTF-8 bytes to stdout after whatever text was written before them."""
    flush_stdout()
    buffer = getattr(sys.stdout, "buffer", None)
    try:
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            sys.stdout.write(data.decode("utf-8"))
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (STDOUT, os_reason(e))) from None


READ_BYTES = 1 << 19  # bytes read at a time by validate (whole lines are judged together)


def byte_blocks(stream: IO[bytes], name: str = STDIN) -> Iterator[bytes]:
    """The bytes of ``stream`` in blocks of whole lines (about :data:`READ_BYTES` each, each
    ending with a newline but perhaps the last); a line longer than MAX_LINE_BYTES comes
    alone as a :class:`LongLine` and is never held whole in memory.

    Raises :class:`InputError` naming ``name`` if reading fails."""
    def read(n: int) -> bytes:
        try:
            return stream.read(n)
        except OSError as e:
            raise InputError("cannot read %s: %s" % (name, os_reason(e))) from None
    carry = b""
    while True:
        piece = read(READ_BYTES)
        buf = carry + piece if carry else piece
        if not piece:
            if buf:
                yield buf
            return
        cut = buf.rfind(b"\n") + 1
        if cut:
            yield buf[:cut]
        carry = buf[cut:]
        if len(carry) > MAX_LINE_BYTES:  # a line too long to be a word: keep its head only
            long_line = LongLine(carry[:MAX_LINE_BYTES + 1])
            size = len(carry)
            while True:
                piece = read(1 << 16)
                end = piece.find(b"\n")
                if end >= 0 or not piece:
                    size += end if end >= 0 else 0
                    carry = piece[end + 1:] if end >= 0 else b""
                    break
                size += len(piece)
            long_line.size = size
            yield long_line


def split_csv(values: list[str] | None) -> list[str]:
    """Values of a repeatable option that also takes comma-separated lists."""
    return [v.strip() for group in values or [] for v in group.split(",") if v.strip()]

