"""The ``dektes`` command: a thin layer over :class:`fst.api.Judge`.

All output is UTF-8 and tab-separated; rule ids are printed with a section sign (§D1) so that
they cannot be confused with inflection class codes. Errors are one sentence on stderr.

Exit status: 0 success; 1 a word was judged invalid / has no analysis / the lemma is unknown;
2 bad usage, unreadable input (a file, closed standard input) or an unusable cache folder
(``DEKTES_CACHE``, reported before any build); 3 an internal error (set DEKTES_DEBUG=1 for the
traceback); 4 the output cannot be written (disk full, standard output closed); 130
interrupted; 141 output pipe closed. Every error is one line on stderr naming the file or
stream.

Batch input (``validate``, and ``WORD`` = ``-`` for the other commands) is read in bounded
pieces: a line is split on ``\n`` only, and a line longer than :data:`MAX_LINE_BYTES` bytes is
skipped unread (``E:too-long``), never held in memory. Every input line gives at least one output
line, in input order; a line that cannot be judged keeps its place with its error code
(``E:invalid-utf8``, ``E:too-long``, or a :data:`fst.normalize.ERROR_CODES` code). In the echoed
input column, bytes that are not UTF-8 and control characters (tab, CR …) are shown as
backslash escapes (``\xff``, ``\x09``), so that every output line keeps its columns.
"""

from __future__ import annotations

import argparse
import functools
import io
import itertools
import json
import os
import re
import sys
import textwrap
from pathlib import Path
from typing import IO, Iterator

from fst import __version__
from fst.normalize import MAX_LETTERS, InvalidWord, to_lower_accented, to_tile
from fst.rules import shown as _rule_ids  # the one formatter of rule ids

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


class UsageError(Exception):
    """A problem with the command line or its input files (exit status 2)."""


class InputError(UsageError):
    """Input that cannot be read: a file or standard input (exit status 2)."""


class OutputError(Exception):
    """Output that cannot be written (exit status 4)."""


def _os_reason(e: OSError) -> str:
    """The system's reason, as a clause: "no space left on device"."""
    text = e.strerror or str(e) or type(e).__name__
    return text[:1].lower() + text[1:]


# --------------------------------------------------------------------------------------------
# helpers


_VERBOSE = False  # --verbose: a build reports its time and peak memory


def _judge(min_length: int, max_length: int, disabled: frozenset = frozenset(),
           list_name: str | None = None):
    """The engine of a profile (:func:`_board`), with ``list_name``, the user's list of that
    name applied (``dektes learn``). The list is read anew on each call, so a list learned or
    replaced in the same process (or under another $DEKTES_LISTS) is never stale."""
    if list_name:
        from fst.overlay import Overlay
        try:
            overlay = Overlay.load(list_name)
        except ValueError as e:
            raise UsageError(str(e)) from None
        return _board(min_length, max_length, disabled).with_overlay(overlay)
    return _board(min_length, max_length, disabled)


@functools.lru_cache(maxsize=None)
def _board(min_length: int, max_length: int, disabled: frozenset = frozenset()):
    """The engine, loaded once per process and profile (import deferred: pynini is slow)."""
    from fst.api import Judge

    return Judge.load(min_length=min_length, max_length=max_length, progress=True,
                      disabled_rules=disabled, verbose=_VERBOSE)


def _disabled(args: argparse.Namespace) -> frozenset:
    """Rule layers switched off by --profile and --without (grammars/profiles.py)."""
    from grammars.profiles import disabled

    without = [r for r in (getattr(args, "without", "") or "").split(",") if r.strip()]
    try:
        return disabled(getattr(args, "profile", "board"), without)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _profile_judge(args: argparse.Namespace):
    """The engine that a command's length and profile options (:func:`_add_profile`) choose,
    with the user's --list where the command has that option."""
    return _judge(args.min_length, args.max_length, _disabled(args), getattr(args, "list", None))




_REASON_RULE = re.compile(r"^§?((?:[A-E]\d+)|L23|LIST|LEN)\s*:\s*")


def _verdict_note(verdict) -> str:
    """Third column of ``check``: rule ids for a valid word, rule ids and reason otherwise."""
    ids = _rule_ids(verdict.rules)
    if verdict.valid:
        return " ".join(ids) or "-"
    reason = (verdict.reason or "").strip()
    m = _REASON_RULE.match(reason)
    if m:
        rid = "§" + m.group(1)
        if rid not in ids:
            ids.append(rid)
        reason = reason[m.end():]
    if ids:
        return " ".join(ids) + (": " + reason if reason else "")
    return reason or "no analysis"


class _LongLine(bytes):
    """The first bytes of an input line longer than MAX_LINE_BYTES; ``size`` is its length in
    bytes (without the newline). The rest of the line was read and dropped in pieces."""

    size: int


# Echoed input must not break lines or columns: C0/C1 controls (tab, CR, NEL …) and the Unicode
# line and paragraph separators are shown escaped, like undecodable bytes.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escape(text: str) -> str:
    """``text`` with control characters and line separators as backslash escapes."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: "\\x%02x" % ord(m.group()) if ord(m.group()) < 0x100
                       else "\\u%04x" % ord(m.group()), text)


def _invalid_utf8(shown: str, what: str = "line") -> InvalidWord:
    return InvalidWord(shown, "the %s is not valid UTF-8" % what, "invalid-utf8")


def _utf8_head(raw: bytes, n: int) -> bytes:
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


def _decode_line(raw: bytes) -> tuple[str, str | InvalidWord]:
    """(text to show, decoded text) of one input line; an :class:`InvalidWord`
    (``invalid-utf8``, ``too-long``) instead of the text when the line cannot be a word."""
    if type(raw) is _LongLine:
        head = _utf8_head(raw, SHOWN_BYTES)
        shown = _escape(head.decode("utf-8", "backslashreplace")) + "…"
        return shown, InvalidWord(shown, "the line is %d bytes long; a word has at most %d "
                                  "letters" % (raw.size, MAX_LETTERS), "too-long")
    if raw.endswith(b"\n"):
        raw = raw[:-1]
        if raw.endswith(b"\r"):
            raw = raw[:-1]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        shown = _escape(raw.decode("utf-8", "backslashreplace"))
        return shown, _invalid_utf8(shown)
    return _escape(text), text


def _decompression_errors() -> tuple:
    import lzma
    import zlib

    errors = [OSError, EOFError, zlib.error, lzma.LZMAError]
    try:
        import zstandard  # fsspec's zstd reader

        errors.append(zstandard.ZstdError)
    except ImportError:
        pass
    return tuple(errors)


#: what reading a (compressed) stream can raise for bad input: a truncated file (EOFError),
#: corrupt data (zlib.error, lzma.LZMAError, OSError from gzip and bz2)
_READ_ERRORS = _decompression_errors()


def _read_reason(e: BaseException) -> str:
    """Why reading failed, as a clause naming no file."""
    if isinstance(e, EOFError):
        return "the file is truncated (it ends inside its compressed data)"
    if isinstance(e, OSError) and not isinstance(e, (FileNotFoundError, PermissionError)) \
            and e.errno is None:  # gzip.BadGzipFile, bz2's "Invalid data stream"
        text = str(e).split(" (b")[0]
        return "it is not a valid compressed file (%s)" % (text[:1].lower() + text[1:])
    if isinstance(e, OSError):
        return _os_reason(e)
    text = str(e).strip() or type(e).__name__
    return "its compressed data is damaged (%s)" % text


def _lines(stream: IO[bytes], name: str = STDIN) -> Iterator[bytes]:
    """The lines of ``stream``, each with its newline, split on ``\n`` only; a line longer
    than MAX_LINE_BYTES comes as a :class:`_LongLine` and is never held whole in memory.

    Raises :class:`InputError` naming ``name`` if reading fails."""
    limit = MAX_LINE_BYTES + 1
    raw_readline = stream.readline

    def readline(n: int) -> bytes:
        try:
            return raw_readline(n)
        except _READ_ERRORS as e:
            raise InputError("cannot read %s: %s" % (name, _read_reason(e))) from None
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
            long_line = _LongLine(line)
            long_line.size = size
            yield long_line
        else:
            yield line


def _stdin_buffer() -> IO[bytes]:
    """The byte stream of standard input; :class:`InputError` if it is closed."""
    if sys.stdin is None or _STDIN_CLOSED:
        raise InputError("cannot read %s: it is closed" % STDIN)
    return sys.stdin.buffer


_STDIN_CLOSED = False  # set by main() when file descriptor 0 was closed


def _input_name(path: str) -> str:
    return STDIN if path == "-" else repr(path)


def _open_input(path: str) -> IO[bytes]:
    if path == "-":
        return _stdin_buffer()
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


def _stdin_lines() -> Iterator[tuple[str, str | InvalidWord]]:
    """(text to show, word or InvalidWord) for each line of stdin, a byte order mark dropped."""
    first = True
    for raw in _lines(_stdin_buffer()):
        shown, text = _decode_line(raw)
        if first and isinstance(text, str) and text.startswith("\ufeff"):
            text = text[1:]
            shown = _escape(text)
        first = False
        yield shown, text


def _argv_word(word: str) -> tuple[str, str | InvalidWord]:
    """(text to show, word or InvalidWord) for a command-line word; bytes that were not UTF-8
    reach Python as lone surrogates (surrogateescape), and are reported as such."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        try:
            raw = word.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate given from Python, not from the OS
            raw = word.encode("utf-8", "backslashreplace")
        shown = _escape(raw.decode("utf-8", "backslashreplace"))
        return shown, _invalid_utf8(shown, "word")
    size = len(word.encode("utf-8"))
    if size > MAX_LINE_BYTES:  # echoed cut, as validate cuts an over-long line
        head = _utf8_head(word.encode("utf-8"), SHOWN_BYTES)
        shown = _escape(head.decode("utf-8")) + "…"
        return shown, InvalidWord(shown, "the word is %d bytes long; a word has at most %d "
                                  "letters" % (size, MAX_LETTERS), "too-long")
    return _escape(word), word


def _words(args_words: list[str]) -> Iterator[tuple[str, str | InvalidWord]]:
    """Words from the command line, or from stdin (one per line) when the only word is '-':
    (text to show, word), or (text to show, InvalidWord) for a line that cannot be a word
    (not UTF-8, over-long)."""
    if args_words == ["-"]:
        yield from _stdin_lines()
    else:
        for w in args_words:
            yield _argv_word(w)


def _word(word: str | InvalidWord, latin_lookalikes: bool = False) -> str:
    """A word of :func:`_words` to look up: raises the InvalidWord that reading it gave; with
    ``latin_lookalikes`` (--latin-lookalikes), Latin look-alike letters mapped to Greek."""
    if isinstance(word, InvalidWord):
        raise word
    return to_tile(word, latin_lookalikes=True) if latin_lookalikes else word


def _out(line: str) -> None:
    _write_text(line + "\n")


def _write_text(text: str) -> None:
    """Write ``text`` to stdout; :class:`OutputError` if it cannot be written."""
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (STDOUT, _os_reason(e))) from None


def _flush() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError("cannot write %s: %s" % (STDOUT, _os_reason(e))) from None


# --------------------------------------------------------------------------------------------
# commands


def cmd_check(args: argparse.Namespace) -> int:
    judge = _profile_judge(args)
    all_valid = True
    for shown, word in _words(args.words):
        try:
            verdict = judge.check(_word(word, args.latin_lookalikes), args.strict_accents)
        except InvalidWord as e:
            valid, note = False, e.reason
        else:
            valid, note = bool(verdict.valid), _verdict_note(verdict)
        all_valid &= valid
        status = "valid" if valid else "invalid"
        _out("%s\t%s" % (shown, status) if args.challenge else "%s\t%s\t%s" % (shown, status, note))
    return EXIT_OK if all_valid else EXIT_NEGATIVE


def _analysis_dict(a) -> dict:
    return {
        "lemma": a.lemma,
        "inflection_class": a.inflection_class,
        "tags": a.tags,
        "surface": a.surface,
        "rules": _rule_ids(a.rules),
        "weight": a.weight,
    }


def cmd_analyse(args: argparse.Namespace) -> int:
    judge = _judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, frozenset(), args.list)
    all_found = True
    n = n_found = n_none = n_errors = 0
    # a batch of words at a time through the analysis table; a terminal gets line by line
    batch = args.words == ["-"]
    interactive = batch and getattr(sys.stdin, "isatty", lambda: False)()
    words = _words(args.words)
    while True:
        chunk = list(itertools.islice(words, 1 if interactive else CHUNK_LINES))
        if not chunk:
            break
        items: list[tuple[str, str, str | None, InvalidWord | None]] = []
        for shown, word in chunk:
            typed = word if isinstance(word, str) else shown  # JSON escapes by itself
            try:
                items.append((shown, typed, to_tile(_word(word, args.latin_lookalikes)), None))
            except InvalidWord as e:
                items.append((shown, typed, None, e))
        found = iter(judge.analyse_many([t for _, _, t, err in items if err is None]))
        for shown, typed, tile, error in items:
            n += 1
            analyses = next(found) if error is None else []
            accent_reason = None
            if args.strict_accents and analyses and isinstance(typed, str):
                analyses, accent_reason = _accent_analyses(judge, typed, tile, analyses)
            all_found &= bool(analyses)
            if error:
                n_errors += 1
            elif analyses:
                n_found += 1
            else:
                n_none += 1
            # a word typed on the command line without analysis: why, and the nearest words
            ex = judge.explain(tile) if not (error or analyses or batch or accent_reason) \
                else None
            if accent_reason and args.json:
                _out(json.dumps({"word": typed, "tile": tile, "analyses": [],
                                 "reason": accent_reason}, ensure_ascii=False))
            elif accent_reason:
                _out("%s\t-\t%s" % (shown, accent_reason))
            elif args.json:
                obj: dict = {"word": typed, "tile": tile,
                             "analyses": [_analysis_dict(a) for a in analyses]}
                if error:
                    obj["error"] = {"code": error.code, "reason": error.reason}
                if ex is not None:
                    obj["reason"] = _verdict_note(ex.verdict)
                    obj["nearest"] = _nearest_dicts(ex)
                _out(json.dumps(obj, ensure_ascii=False))
            elif error:
                _out("%s\t-\tE:%s\t%s" % (shown, error.code, error.reason))
            elif ex is not None:
                _out("%s\t-\t%s" % (shown, _verdict_note(ex.verdict)))
                for w, rows in ex.nearest:
                    for a in rows[:NEAREST_ANALYSES]:
                        _out("%s\t-\tnearest %s: %s" % (shown, w, " ".join(_analysis_cols(a))))
            elif not analyses:
                _out("%s\t-" % shown)
            else:
                for a in analyses:
                    _out("\t".join([shown] + _analysis_cols(a)))
        _flush()
    if args.words == ["-"]:
        print("lines %d, analysed %d, without analysis %d, errors %d"
              % (n, n_found, n_none, n_errors), file=sys.stderr)
    return EXIT_OK if all_found else EXIT_NEGATIVE


def _accent_analyses(judge, typed: str, tile: str, analyses) -> tuple[list, str | None]:
    """(the analyses of ``typed`` whose accented surface it is, the reason when none is),
    for ``analyse --strict-accents``: a word typed with a lower-case letter is analysed only
    as written (:meth:`fst.api.Judge.accent_verdict`); in capitals, as today."""
    if not any(ch.islower() for ch in typed):
        return analyses, None
    written = to_lower_accented(typed)
    kept = [a for a in analyses if a.surface == written]
    if kept:
        return kept, None
    forms = sorted({a.surface for a in analyses})
    return [], ("accents: %s is not written so; the valid form%s %s %s"
                % (written, "s" if len(forms) > 1 else "", "are" if len(forms) > 1 else "is",
                   ", ".join(forms)))


def _analysis_cols(a) -> list[str]:
    return [a.lemma, a.inflection_class, a.tags, a.surface,
            " ".join(_rule_ids(a.rules)) or "-", "%g" % a.weight]


def _nearest_dicts(ex) -> list[dict]:
    return [{"word": w, "analyses": [_analysis_dict(a) for a in rows]} for w, rows in ex.nearest]


NEAREST_ANALYSES = 3  # analyses shown per nearest word


def cmd_explain(args: argparse.Namespace) -> int:
    judge = _profile_judge(args)
    all_valid = True
    for shown, word in _words(args.words):
        try:
            word = _word(word, args.latin_lookalikes)
            ex = judge.explain(word)
        except InvalidWord as e:
            all_valid = False
            obj = {"word": word if isinstance(word, str) else shown, "valid": False,
                   "error": {"code": e.code, "reason": e.reason}}
            _out(json.dumps(obj, ensure_ascii=False) if args.json
                 else "%s\tinvalid\t%s" % (shown, e.reason))
            continue
        v = ex.verdict
        all_valid &= v.valid
        if args.json:
            _out(json.dumps({
                "word": word, "tile": v.tile, "valid": v.valid, "rules": _rule_ids(v.rules),
                "reason": v.reason, "analyses": [_analysis_dict(a) for a in ex.analyses],
                "blocked": [{"rule": "§" + r, "reason": why} for r, why in ex.blocked],
                "neighbours": ex.neighbours, "nearest": _nearest_dicts(ex)},
                ensure_ascii=False))
            continue
        _out("%s\t%s\t%s" % (shown, "valid" if v.valid else "invalid", _verdict_note(v)))
        for a in ex.analyses:
            chain = " ".join(_explain_chain(a, judge))
            _out("\t".join(["", a.lemma, a.inflection_class, a.tags, a.surface, chain,
                             "%g" % a.weight]))
        for rule, why in ex.blocked[1:]:
            _out("\tblocked\t%s" % why)
        if not v.valid and not ex.blocked:
            _out("\tno lemma\tclosest valid words: %s" % (" ".join(ex.neighbours) or "none"))
        for w, rows in ex.nearest:
            for a in rows[:NEAREST_ANALYSES]:
                _out("\t".join(["", "nearest", w] + _analysis_cols(a)))
    return EXIT_OK if all_valid else EXIT_NEGATIVE


def _explain_chain(a, judge) -> list[str]:
    """The rules behind one analysis, as explain shows them: §A1 and the paradigm for a
    listed lemma's form; §E2 for a hidden word and §LIST for the user's list, which are not
    listed lemmas' forms (§A1 would be wrong)."""
    ids = _rule_ids(a.rules)
    overlay = getattr(judge, "overlay", None)
    if "LIST" in a.rules:
        name = " %s" % overlay.name if overlay is not None else ""
        if a.inflection_class == "LIST":
            return ["§LIST listed in the list%s" % name]
        return ["§LIST a lemma learned from the list%s, paradigm %s" % (name, a.inflection_class)]
    if "E2" in a.rules:
        return ["§E2 hidden word"] + [i for i in ids if i != "§E2"]
    return ["§A1 paradigm " + a.inflection_class] + [i for i in ids if i != "§A1"]


def cmd_paradigm(args: argparse.Namespace) -> int:
    judge = _judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)
    shown, lemma = _argv_word(args.lemma.strip())
    try:
        lemma = _word(lemma, args.latin_lookalikes)
        norm = to_lower_accented(lemma)
        tables = judge.paradigm(lemma, args.inflection_class)
    except InvalidWord as e:
        print("%s: %s is not a Greek word: %s" % (PROG, shown or "''", e.reason), file=sys.stderr)
        return EXIT_NEGATIVE
    if not tables and args.inflection_class:
        from grammars.paradigm import load_tables

        code = args.inflection_class
        others = judge.paradigm(lemma, None)
        if code not in set(load_tables()) | {t.inflection_class for t in others} | {"IRR"}:
            print("%s: %s is not an inflection class (the classes are the files of "
                  "grammars/classes, and IRR)" % (PROG, _escape(code)[:SHOWN_BYTES]),
                  file=sys.stderr)
            return EXIT_USAGE
        if others:
            print("%s: %s is not in class %s; its paradigm is in class %s" % (
                PROG, shown, code, ", ".join(sorted({t.inflection_class for t in others}))),
                file=sys.stderr)
            return EXIT_NEGATIVE
    if not tables:
        which = " in class %s" % args.inflection_class if args.inflection_class else ""
        print("%s: unknown lemma %s%s: no lemma has it among its forms" % (PROG, shown, which),
              file=sys.stderr)
        return EXIT_NEGATIVE
    found = sorted({t.lemma for t in tables})
    if found != [norm]:
        tile = to_tile(norm)
        if all(to_tile(lm) == tile for lm in found):
            note = "read as the lemma %s" % " / ".join(found)
        else:
            note = "not a lemma but a form of %s; %s" % (
                ", ".join("%s (%s)" % (t.lemma, t.inflection_class) for t in tables),
                "its paradigm follows" if len(tables) == 1 else "their paradigms follow")
        print("%s: %s: %s" % (PROG, shown, note), file=sys.stderr)
    from grammars.conjugation import parts_index
    from grammars.labels import label
    for t in tables:
        _out("# %s\t%s" % (t.lemma, t.inflection_class))
        p = parts_index().get(t.lemma)
        if p is not None:  # the principal parts that replace the class's cells
            _out("# parts: %s\t(%s; %s)" % (p.text(), p.source, p.citation))
        for row in t.rows:
            tags = row.tags if args.labels == "unimorph" else label(row.tags, "el")
            _out("%s\t%s\t%s" % (row.form, tags, row.variant))
    return EXIT_OK


def cmd_guess(args: argparse.Namespace) -> int:
    from fst.guess import default_guesser  # no pynini: it inverts the class tables directly

    guesser = default_guesser()
    memo: dict[str, list] = {}  # a batch repeats words: each is analysed once
    any_found = False
    for shown, word in _words(args.words):
        try:
            w = _word(word)
            guesses = memo.get(w)
            if guesses is None:
                guesses = guesser.guess(w, pos=args.pos, limit=args.limit)
                if len(memo) < 1_000_000:
                    memo[w] = guesses
        except InvalidWord as e:
            _out("%s\t-\tE:%s\t%s" % (shown, e.code, e.reason))
            continue
        if not guesses:
            _out("%s\t-" % shown)
            continue
        any_found = True
        for g in guesses:
            _out("%s\t%s\t%s\t%g" % (shown, g.lemma, g.inflection_class, g.weight))
    return EXIT_OK if any_found else EXIT_NEGATIVE


def _chunks(stream: IO[bytes], size: int, name: str = STDIN) -> Iterator[list[bytes]]:
    """Lists of at most ``size`` lines (:func:`_lines`): at most size × MAX_LINE_BYTES bytes."""
    lines = _lines(stream, name)
    while True:
        chunk = list(itertools.islice(lines, size))
        if not chunk:
            return
        yield chunk


def _write_bytes(data: bytes) -> None:
    """Write UTF-8 bytes to stdout after whatever text was written before them."""
    _flush()
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
        raise OutputError("cannot write %s: %s" % (STDOUT, _os_reason(e))) from None


def _validate_chunk_fast(chunk: list[bytes], judge,
                         valid_only: bool) -> tuple[bytes, int, int] | None:
    """(output bytes, lines, valid lines) for a chunk whose lines are all plain Greek words
    (the usual case: no empty line, no error to report), judged in one batch with no Python
    object per line; None otherwise, and the caller goes line by line."""
    if _LongLine in set(map(type, chunk)):
        return None
    data = b"".join(chunk)
    if not data.endswith(b"\n"):
        data += b"\n"
    verdicts = judge.validate_utf8(data)  # None for "\r", BOM, white space, empty lines …
    if verdicts is None:
        return None
    n, n_valid = len(verdicts), int(verdicts.sum())
    if valid_only:
        lines = data.split(b"\n")[:-1]
        kept = list(itertools.compress(lines, verdicts.tolist()))
        return (b"\n".join(kept) + b"\n" if kept else b""), n, n_valid
    out = bytearray(data.replace(b"\n", b"\t1\n"))
    if n_valid < n:
        import numpy as np  # loaded already by the look-up arrays

        ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        digit = ends + 2 * np.arange(n) + 1
        np.frombuffer(out, dtype=np.uint8)[digit[~verdicts]] = ord("0")
    return bytes(out), n, n_valid


def validate_chunk(chunk: list[bytes], judge, valid_only: bool = False,
                   latin_lookalikes: bool = False, first: bool = False,
                   strict_accents: bool = False) -> tuple[bytes, int, int, int, int]:
    """What ``dektes validate`` prints for ``chunk``, lines of :func:`_lines` (each with its
    newline, or a :class:`_LongLine`), as UTF-8 bytes, and the counts (lines, valid, invalid,
    errors). ``first``: the chunk starts the input (a byte order mark on its first line is
    dropped). Every distributed or batch caller goes through here, so that they all print the
    same bytes (:mod:`fst.distributed`). ``strict_accents``: words typed with a lower-case
    letter must be written as one of their valid forms (:meth:`fst.api.Judge.accents_many`)."""
    fast = None if strict_accents else _validate_chunk_fast(chunk, judge, valid_only)
    if fast is not None:
        data, k, k_valid = fast
        return data, k, k_valid, k - k_valid, 0
    n = n_valid = n_invalid = n_errors = 0
    shown_list: list[str] = []  # per line: the input as echoed
    errors: list[str | None] = []  # per line: "E:code" or None (to be judged)
    tiles: list[str] = []
    typed: list[str] = []
    for raw in chunk:
        shown, text = _decode_line(raw)
        if first:
            first = False
            if isinstance(text, str) and text.startswith("\ufeff"):  # byte order mark
                text = text[1:]
                shown = _escape(text)
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


READ_BYTES = 1 << 19  # bytes read at a time by validate (whole lines are judged together)


def _byte_blocks(stream: IO[bytes], name: str = STDIN) -> Iterator[bytes]:
    """The bytes of ``stream`` in blocks of whole lines (about :data:`READ_BYTES` each, each
    ending with a newline but perhaps the last); a line longer than MAX_LINE_BYTES comes
    alone as a :class:`_LongLine` and is never held whole in memory.

    Raises :class:`InputError` naming ``name`` if reading fails."""
    def read(n: int) -> bytes:
        try:
            return stream.read(n)
        except OSError as e:
            raise InputError("cannot read %s: %s" % (name, _os_reason(e))) from None
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
            long_line = _LongLine(carry[:MAX_LINE_BYTES + 1])
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


def _validate_chunks(stream: IO[bytes], name: str, judge,
                     valid_only: bool) -> Iterator[tuple[bytes, int, int] | list[bytes]]:
    """What ``validate`` judges in ``stream``: per block of plain words, the kernel's
    (output, lines, valid lines); the lines of any other block in lists of CHUNK_LINES, for
    :func:`validate_chunk` (which prints the errors)."""
    for block in _byte_blocks(stream, name):
        if type(block) is not _LongLine:
            fast = _validate_chunk_fast([block], judge, valid_only)
            if fast is not None:
                yield fast
                continue
            yield from _chunks(io.BytesIO(block), CHUNK_LINES, name)
        else:
            yield [block]


def cmd_validate(args: argparse.Namespace) -> int:
    from fst import corpus

    if corpus.wants_corpus(args):  # several or compressed files, URLs, --output-dir, --dask
        if args.strict_accents:
            raise UsageError("--strict-accents judges one file or stdin: give a single plain "
                             "file, without --output-dir or --dask")
        return corpus.cli_validate(args, _disabled(args))
    disabled = _disabled(args)
    path = args.files[0] if args.files else "-"
    stream = _open_input(path)
    judge = _judge(args.min_length, args.max_length, disabled, args.list)
    n = n_valid = n_invalid = n_errors = 0
    first = True
    try:
        chunks = (_chunks(stream, CHUNK_LINES, _input_name(path)) if args.strict_accents
                  else _validate_chunks(stream, _input_name(path), judge, args.valid_only))
        for chunk in chunks:
            if isinstance(chunk, tuple):  # a block of plain words, judged by the kernel
                data, k, k_valid = chunk
                k_invalid, k_errors = k - k_valid, 0
            else:
                data, k, k_valid, k_invalid, k_errors = validate_chunk(
                    chunk, judge, args.valid_only, args.latin_lookalikes, first,
                    args.strict_accents)
            first = False
            n += k
            n_valid += k_valid
            n_invalid += k_invalid
            n_errors += k_errors
            _write_bytes(data)
    finally:
        if path != "-":
            stream.close()
    print("lines %d, valid %d, invalid %d, errors %d" % (n, n_valid, n_invalid, n_errors),
          file=sys.stderr)
    return EXIT_OK


def cmd_coverage(args: argparse.Namespace) -> int:
    from fst.corpus import cli_coverage

    return cli_coverage(args, _disabled(args))


def cmd_learn(args: argparse.Namespace) -> int:
    from fst.listfile import parse_pages
    from fst.overlay import learn_list, list_dir, parse_lengths
    try:
        complete = parse_lengths(args.complete) if args.complete else None
        pages = parse_pages(args.pages) if args.pages else None
        print("dektes: learning %s …" % args.file, file=sys.stderr)
        ov, counts = learn_list(Path(args.file), args.name, complete, jobs=args.jobs,
                                judge=_judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH),
                                pages=pages, replace=args.replace,
                                report=lambda line: print("%s: %s: %s" % (PROG, args.file, line),
                                                          file=sys.stderr))
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (args.file, e.strerror or e)) from None
    except ValueError as e:
        raise UsageError(str(e)) from None
    for k in ("words", "unreadable lines", "unreadable tokens", "words the grammar lacks",
              "lemmas learned"):
        _out("%s\t%d" % (k, counts.get(k, 0)))
    _out("list\t%s\t%s" % (args.name, list_dir(args.name)))
    return EXIT_OK


def cmd_lists(args: argparse.Namespace) -> int:
    from fst import overlay
    try:
        if args.delete:
            for name in args.delete:
                overlay.describe(name)  # every name checked before any is removed
            for name in args.delete:
                print("%s: deleted the list %s (%s)" % (PROG, name, overlay.delete(name)),
                      file=sys.stderr)
            return EXIT_OK
        names = args.names or overlay.list_names()
        infos = [overlay.describe(n) for n in names]
    except ValueError as e:
        raise UsageError(str(e)) from None
    for i in infos:
        if args.json:
            _out(json.dumps(i, ensure_ascii=False))
            continue
        complete = "-" if not i["complete"] else "%d-%d" % tuple(i["complete"])
        _out("\t".join([i["name"], "%s words" % i["words"], "complete " + complete,
                         "%s lemmas" % ("?" if i["lemmas"] is None else i["lemmas"]),
                         i["source"] or "-", i["date"] or "-"]))
    if not infos and not args.json:
        print("%s: no lists in %s; make one with 'dektes learn FILE --name NAME'"
              % (PROG, overlay.lists_root()), file=sys.stderr)
    return EXIT_OK


def cmd_wordlist(args: argparse.Namespace) -> int:
    # The listing takes its own bounds: load the board profile (widened if asked for more) so
    # that a listing does not need a profile of its own.
    judge = _judge(min(args.min_length, DEFAULT_MIN_LENGTH),
                   max(args.max_length, DEFAULT_MAX_LENGTH), _disabled(args))
    # UTF-8 blocks straight from the look-up arrays to the byte stream, a block at a time
    try:
        blocks = judge.wordlist_bytes(args.min_length, args.max_length, pos=_csv(args.pos),
                                      rules=_csv(args.rule), without_rules=_csv(args.without_rule))
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.list:
        from fst import overlay
        if args.pos or args.rule or args.without_rule:
            raise UsageError("--list does not combine with --pos, --rule or --without-rule: "
                             "the list's own words have no analysis to filter")
        try:
            ov = overlay.Overlay.load(args.list)
        except ValueError as e:
            raise UsageError(str(e)) from None
        blocks = overlay.wordlist_blocks(blocks, ov, args.min_length, args.max_length)
    for block in blocks:
        _write_bytes(block)
    return EXIT_OK


def _csv(values: list[str] | None) -> list[str]:
    """Values of a repeatable option that also takes comma-separated lists."""
    return [v.strip() for group in values or [] for v in group.split(",") if v.strip()]


def cmd_rules(args: argparse.Namespace) -> int:
    from fst.rules import lookup, rules

    if not args.ids:
        for r in rules().values():
            _out("§%s\t%s\t%s" % (r.id, r.title, r.text))
        return EXIT_OK
    status = EXIT_OK
    for rid in _csv(args.ids):
        r = lookup(rid)
        if r is None:
            print("%s: %s is not a rule id of the regulation ('dektes rules' lists them)"
                  % (PROG, _escape(rid)), file=sys.stderr)
            status = EXIT_NEGATIVE
            continue
        _out("§%s\t%s" % (r.id, r.title))
        _out("\trule\t%s" % r.text)
        _out("\tdektes\t%s" % r.where)
    return status


def cmd_cache(args: argparse.Namespace) -> int:
    from fst import buildctl
    from fst import cache as fc

    root = buildctl.default_root()
    current = fc.cache_key()
    if args.build:
        judge = _judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, _disabled(args))
        judge.acceptor  # the profile's own acceptor, built once
        _out(str(fc.cache_dir()))
        return EXIT_OK
    if args.verify:
        d = fc.cache_dir()
        problem = fc.check_cache(d, full=True) if d.is_dir() else "absent"
        if problem == "absent":
            problem = "not built yet ('dektes cache --build' builds it)"
        _out("%s\t%s" % (d, problem or "ok"))
        if problem:
            print("%s: the cache in %s is not usable: %s; the next command rebuilds it"
                  % (PROG, d, problem), file=sys.stderr)
            return EXIT_NEGATIVE
        return EXIT_OK
    if args.clean:
        if root.exists() and not root.is_dir():
            buildctl.usable_root(root)  # raises: the root is a file
        removed = buildctl.clean_cache(root, current)
        for e in removed:
            _out("removed\t%s\t%.1f MB" % (e.path, e.size / 1e6))
        print("%s: removed %d old cache folder(s), %.1f MB, from %s; kept the current one and "
              "every folder that is not a build" % (PROG, len(removed),
                                                    sum(e.size for e in removed) / 1e6, root),
              file=sys.stderr)
        return EXIT_OK
    import time

    if root.exists() and not root.is_dir():
        buildctl.usable_root(root)
    entries = buildctl.list_cache(root, current)
    for e in entries:
        _out("%s\t%s\t%.1f MB\t%s\t%s" % (
            e.path, e.status if e.is_build else "other (not a build; kept)", e.size / 1e6,
            time.strftime("%Y-%m-%d %H:%M", time.localtime(e.mtime)),
            ("profiles: " + " ".join(e.profiles)) if e.profiles else "-"))
    print("%s: %d folder(s), %.1f MB in %s; current key %s" % (
        PROG, len(entries), sum(e.size for e in entries) / 1e6, root, current), file=sys.stderr)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    """``dektes serve``: the web application (fst/web), which needs the ``web`` extra."""
    try:
        import fastapi  # noqa: F401
        import jinja2  # noqa: F401
        import uvicorn  # noqa: F401

        from fst.web.server import serve
    except ImportError as e:
        raise UsageError("dektes serve needs the web extra (%s is missing): "
                         "pip install 'dektes[web]'" % (e.name or e)) from None
    if not 0 <= args.port <= 65535:
        raise UsageError("--port %d is not a TCP port (0–65535)" % args.port)
    judge = _profile_judge(args)
    try:
        serve(judge, host=args.host, port=args.port, lang=args.lang)
    except OSError as e:
        raise UsageError("cannot serve on %s:%d: %s" % (args.host, args.port,
                                                        e.strerror or e)) from None
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# argument parsing


def _whole(text: str, low: int = 1, high: int | None = None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (None: no upper bound)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError("must be at least %d" % low if high is None
                                         else "must be between %d and %d" % (low, high))
    return value


def _length(text: str) -> int:
    return _whole(text, 1, MAX_LETTERS)


def _positive(text: str) -> int:
    return _whole(text)


def _add_profile(p: argparse.ArgumentParser, lengths: bool = True) -> None:
    """The options that choose the engine (read by :func:`_profile_judge`): word lengths
    (rule §LEN; left out with ``lengths=False``), --profile and --without."""
    from grammars.profiles import LAYERS, PROFILES, SOURCE_IDS

    if lengths:
        p.add_argument("--min-length", type=_length, default=DEFAULT_MIN_LENGTH, metavar="N",
                       help="shortest word the profile accepts (default %(default)s)")
        p.add_argument("--max-length", type=_length, default=DEFAULT_MAX_LENGTH, metavar="M",
                       help="longest word the profile accepts (default %(default)s; rule §LEN)")
    p.add_argument("--profile", choices=sorted(PROFILES), default="board",
                   help="rule profile: board (the whole regulation, default), no-hidden-words "
                        "(without §E2), dictionary (paradigms and listed forms only), "
                        "no-pes-dev (without the lemmas learned from the official list alone), "
                        "free (without the federation's and FreeDict-only material)")
    p.add_argument("--without", default="", metavar="RULES",
                   help="switch rule layers or lexicon sources off, comma-separated (of %s)"
                        % ", ".join(tuple(LAYERS) + tuple(SOURCE_IDS)))


def _add_words(p: argparse.ArgumentParser, what: str = "a word") -> None:
    p.add_argument("words", nargs="+", metavar="WORD",
                   help=what + "; '-' as the only word reads words from stdin, one per line")


def _add_list(p: argparse.ArgumentParser) -> None:
    p.add_argument("--list", metavar="NAME",
                   help="apply your own word list NAME (made by 'dektes learn'): its words are "
                        "valid (§LIST), and it decides the lengths it was declared complete for")


def _add_verbose(p: argparse.ArgumentParser) -> None:
    p.add_argument("-v", "--verbose", action="store_true",
                   help="if the cache has to be built, report the build's time, phases and "
                        "peak memory at the end")


def _add_dask(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on Dask (pip install 'dektes[dask]'): a scheduler address "
                        "(tcp://host:8786) or local:N for a local cluster of N worker "
                        "processes; see docs/dask.md")
    p.add_argument("--worker-cache", metavar="DIR",
                   help="with --dask: a built cache directory that every worker can read "
                        "(shared file system); default: ship the look-up arrays to each worker")


def _add_strict_accents(p: argparse.ArgumentParser, what: str | None = None) -> None:
    p.add_argument("--strict-accents", action="store_true",
                   help="a word typed with a lower-case letter must be written as one of its "
                        "valid accented forms (ανθρωπου and άνθρωπου are invalid: ανθρώπου); "
                        "words in capitals are judged as without it"
                        + ("; " + what if what else ""))


def _add_lookalikes(p: argparse.ArgumentParser) -> None:
    p.add_argument("--latin-lookalikes", action="store_true",
                   help="map Latin letters that look Greek (A B E H I K M N O P T X Y Z o) "
                        "to their Greek twins instead of rejecting the word")


def _fill(*paragraphs: str) -> str:
    """Wrap prose for the raw help formatter (which keeps the example lines as written)."""
    return "\n\n".join(textwrap.fill(p, 78, break_on_hyphens=False) for p in paragraphs)


def _command(sub, name: str, func, help: str, description: str, examples: str,
             exit_status: str | None = None, **kw) -> argparse.ArgumentParser:
    """Add the command ``name``, run by ``func``, to the sub-parsers ``sub``. The help shows
    ``description`` and ``examples`` as written, then 'exit status: ``exit_status``' filled."""
    epilog = examples + ("\n\n" + _fill("exit status: " + exit_status) if exit_status else "")
    p = sub.add_parser(name, formatter_class=argparse.RawDescriptionHelpFormatter, help=help,
                       description=description, epilog=epilog, **kw)
    p.set_defaults(func=func)
    return p


def build_parser() -> argparse.ArgumentParser:
    """The ``dektes`` parser; ``parser.commands`` maps each command name to its sub-parser."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Judge Modern Greek words for Scrabble by the federation's regulation, "
                    "and analyse or inflect them. Words may be typed in any case, with or "
                    "without accents (monotonic or polytonic); they are judged in tile form "
                    "(ΕΓΡΑΨΑ). Output is UTF-8, tab-separated; rule ids carry a section sign (§D1).",
        epilog="exit status: 0 success; 1 some word invalid, without analysis, or unknown "
               "lemma; 2 bad usage, unreadable input or an unusable cache folder (DEKTES_CACHE); "
               "3 internal error; 4 output cannot be written; 130 interrupted; "
               "141 output pipe closed. Rule ids: 'dektes rules'. Input lines that are not UTF-8, longer than %d bytes "
               "or not a possible Greek word are reported in their place (E:CODE), never "
               "fatal." % MAX_LINE_BYTES,
    )
    parser.add_argument("--version", action="version", version="%s %s" % (PROG, __version__))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = _command(
        sub, "check", cmd_check,
        help="judge words: valid or invalid, with the rules behind the verdict",
        description=_fill("Judge each WORD (any case, accents optional). Prints "
                          "WORD<TAB>valid|invalid<TAB>rule ids or the reason; non-Greek input "
                          "is invalid, with the reason."),
        examples="example:\n  dektes check ΕΓΡΑΨΑ γράψαμε ΓΡΑΨΑ",
        exit_status="0 if every word is valid, 1 if any is invalid, 2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--challenge", action="store_true",
                   help="print only WORD<TAB>valid|invalid, without rules or reasons")
    _add_strict_accents(p)
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "explain", cmd_explain,
        help="say why words are valid or invalid, with the regulation's rule ids",
        description="Explain each WORD. First line WORD<TAB>valid|invalid<TAB>rules or reason;\n"
                    "for a valid word, one line per analysis with its rule chain; for an invalid\n"
                    "one, the rules that block it, or 'no lemma' with the closest valid words,\n"
                    "then <TAB>nearest<TAB>WORD<TAB>lemma ... lines: the analyses of the\n"
                    "nearest valid words. The profile options are those of check; rule ids:\n"
                    "'dektes rules'.",
        examples="example:\n  dektes explain ΓΡΑΨΑ ΞΑΝΑΡΩ ΕΞΑΝΑΕΔΩΣΑ",
        exit_status="0 if every word is valid, 1 otherwise, 2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--json", action="store_true", help="one JSON object per word (JSON lines)")
    _add_profile(p)
    _add_lookalikes(p)
    _add_verbose(p)
    _add_list(p)

    p = _command(
        sub, "analyse", cmd_analyse, aliases=["analyze"],
        help="list every analysis of words (lemma, class, tags, accented form, rules)",
        description="Analyse each WORD. Prints one line per analysis:\n"
                    "WORD<TAB>lemma<TAB>class<TAB>tags<TAB>accented form<TAB>rules<TAB>weight\n"
                    "best (lowest weight) first; WORD<TAB>- when there is none (for a word\n"
                    "given on the command line, WORD<TAB>-<TAB>the rule that blocks it or the\n"
                    "reason, then WORD<TAB>-<TAB>nearest W: the analyses of the nearest valid\n"
                    "words), WORD<TAB>-<TAB>E:CODE<TAB>reason when the input is not a Greek\n"
                    "word.\n\n"
                    + _fill("Batch contract (WORD '-': stdin, one word per line): every input "
                            "line gives at least one output line, in input order, and every "
                            "output line starts with the input line as read (empty lines "
                            "kept; invalid UTF-8 and control characters shown as \\x escapes; "
                            "a line over %d bytes cut, with '…'); with --json exactly one line "
                            "per input line. Unreadable lines are E:invalid-utf8, over-long "
                            "ones E:too-long. A summary (lines, analysed, without analysis, "
                            "errors) goes to stderr." % MAX_LINE_BYTES),
        examples="example:\n  dektes analyse ΑΝΘΡΩΠΟΥΣ\n"
                 "  printf 'εγραψα\\n' | dektes analyse --json -",
        exit_status="0 if every word has an analysis, 1 otherwise (an error line included), "
                    "2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per word (JSON lines): word, tile, analyses "
                        "(and reason, nearest for a command-line word without analysis)")
    _add_strict_accents(p, "only the analyses whose accented form is the word as typed")
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "paradigm", cmd_paradigm,
        help="print the inflection table of a lemma",
        description=_fill("Print the paradigm of LEMMA: a header '# LEMMA<TAB>CLASS' per "
                          "lemma and inflection class, then FORM<TAB>TAGS<TAB>VARIANT for every "
                          "cell. LEMMA may be typed in any case, with or without accents or "
                          "polytonic marks, and may be any form of the lemma: it is resolved "
                          "to its lemmas as analyse does (έγραψα gives γράφω), and a line on "
                          "stderr says so."),
        examples="example:\n  dektes paradigm άνθρωπος\n  dektes paradigm ΑΝΘΡΩΠΟΥΣ\n"
                 "  dektes paradigm έγραψα",
        exit_status="0 on success, 1 if no lemma has this form (or not in --class), 2 for bad "
                    "usage or an unknown class.",
    )
    p.add_argument("lemma", metavar="LEMMA",
                   help="the lemma or any of its forms (άνθρωπος, ανθρωπος, ΑΝΘΡΩΠΟΥΣ)")
    p.add_argument("--class", dest="inflection_class", metavar="C",
                   help="only this inflection class (e.g. O19)")
    p.add_argument("--labels", choices=["unimorph", "greek"], default="unimorph",
                   help="name the cells by their UniMorph codes (V;IND;PST;PFV;1;SG;ACT, the "
                        "default) or by the Greek grammar's terms (Ρήμα, Αόριστος, α΄ πρόσωπο, "
                        "Ενικός …; grammars/labels.tsv)")
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "validate", cmd_validate,
        help="validate a word list, one word per line, in bulk",
        description=_fill("Read words one per line from FILE (or stdin) and print INPUT<TAB>1 "
                          "or INPUT<TAB>0 per line, same count and order, in bounded memory. "
                          "Lines that are not a Greek word get a third column E:CODE (E:empty, "
                          "E:invalid-utf8, E:latin-lookalike, E:too-long, E:digit, ...), "
                          "and every other line is still judged. Lines are split on \\n only "
                          "(a \\r before it is dropped); the INPUT column shows invalid UTF-8 "
                          "and control characters as \\x escapes, and a line over %d bytes "
                          "cut, with '…' (it is E:too-long, and never read whole into "
                          "memory). A summary 'lines N, valid N, invalid N, errors N' goes to "
                          "stderr." % MAX_LINE_BYTES),
        examples="example:\n  dektes validate words.txt > judged.tsv\n"
                 "  dektes validate --valid-only - < words.txt",
        exit_status="0 whenever the input was read, even if words are invalid or lines are "
                    "errors; 2 for bad usage or an unreadable file; 141 if the output pipe "
                    "closed.",
    )
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="input file, '-' or absent for stdin; several files (plain or "
                        ".gz/.bz2/.xz, local paths or fsspec URLs) are judged as if "
                        "decompressed and concatenated, each file's last line ended")
    p.add_argument("--valid-only", action="store_true",
                   help="print only the accepted input lines, unchanged")
    _add_strict_accents(p)
    _add_dask(p)
    p.add_argument("--output-dir", metavar="DIR",
                   help="write one output per input FILE into DIR (NAME.tsv, a compression "
                        "suffix dropped; local path or fsspec URL) instead of stdout; each is "
                        "what 'dektes validate FILE' prints for that file")
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "coverage", cmd_coverage,
        help="measure how much of a corpus the judge accepts, and list what it lacks",
        description=_fill("Cut the running text of FILEs into word tokens (rules: "
                          "fst/tokenize.py: case folded, elided forms with an apostrophe, "
                          "abbreviations (π.μ., κ.λπ., δηλ.), numbers, Latin and other "
                          "scripts counted apart, ό,τι kept whole, hyphens split, a token "
                          "over 64 letters shown cut), "
                          "judge every word type as 'dektes validate' would, and print token "
                          "and type coverage overall and by length band, the tokens of each "
                          "kind, then the most frequent rejected types: "
                          "TYPE<TAB>count<TAB>reason<TAB>lemma<TAB>class, the reason being "
                          "the blocking rule, 'no analysis' or E:CODE, and lemma and class "
                          "the guesser's best (dektes guess)."),
        examples="examples:\n  dektes coverage corpus/*.txt.gz\n"
                 "  dektes coverage --dask local:2 --json corpus/*.txt > coverage.json\n"
                 "  dektes coverage --rejected-only --top 500 corpus.txt | cut -f1 | "
                 "dektes guess -",
        exit_status="0 when the corpus was read, 2 for bad usage or an unreadable file.",
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="text file (plain or .gz/.bz2/.xz, local path or fsspec URL); '-' "
                        "for stdin")
    p.add_argument("--top", type=_positive, default=100, metavar="N",
                   help="list the N most frequent rejected types (default %(default)s)")
    p.add_argument("--json", action="store_true", help="one JSON document instead of TSV")
    p.add_argument("--rejected-only", action="store_true",
                   help="print only the rejected types, without headers (first column: the "
                        "type, ready for 'cut -f1 | dektes guess -')")
    p.add_argument("--no-guess", action="store_true",
                   help="do not run the guesser on the rejected types (faster)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="count on Dask: a scheduler address or local:N (see docs/dask.md)")
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)

    p = _command(
        sub, "learn", cmd_learn,
        help="learn your own word list (the federation's list, a club's rulings) as an overlay",
        description=_fill(
            "Read FILE, a list of accepted words (a text list, tile form or accented, one or "
            "more words a line; or a PDF whose pages list words in columns), learn lemma "
            "records from it (lemma and inflection class, judged by which forms of a "
            "candidate paradigm the list has and lacks), and save it as the list NAME in your "
            "cache only. Judging commands use it only with --list NAME: its words are then "
            "valid under §LIST, and for the lengths declared --complete the list replaces the "
            "grammar's verdicts (elsewhere it only adds). Files under shared/oracles are "
            "refused. Cleaning the build cache keeps lists."),
        examples="example:\n  dektes learn official.pdf --name official --complete 2-8\n"
                 "  dektes check --list official ΧΑΡΑ",
        exit_status="0 on success, 2 for bad usage or an unreadable file.",
    )
    p.add_argument("file", metavar="FILE", help="the word list: text or PDF")
    p.add_argument("--name", required=True, metavar="NAME", help="the list's name")
    p.add_argument("--complete", metavar="LO-HI",
                   help="lengths the list holds in full (e.g. 2-8): it decides them alone")
    p.add_argument("--jobs", type=_positive, default=1, metavar="N",
                   help="processes for guessing lemmas (default %(default)s)")
    p.add_argument("--replace", "--force", action="store_true",
                   help="learn anew a list NAME that exists already (else refused)")
    p.add_argument("--pages", metavar="A-B",
                   help="a PDF: read only pages A to B (e.g. 3-460; '3-' to the end); the "
                        "pages of prose and the headers, footers and page numbers are left "
                        "out by their shape anyway, and reported")

    p = _command(
        sub, "lists", cmd_lists,
        help="show or delete your word lists (made by 'dektes learn')",
        description=_fill("Without options: one line per list, NAME<TAB>words<TAB>complete "
                          "lengths<TAB>lemmas learned<TAB>source file<TAB>date learned (UTC). "
                          "With NAMEs: those lists only. --delete NAME removes a list. Lists "
                          "live in $DEKTES_LISTS, else <cache>/lists."),
        examples="example:\n  dektes lists\n  dektes lists --json official\n"
                 "  dektes lists --delete club",
        exit_status="0 on success, 2 if a list named does not exist.",
    )
    p.add_argument("names", nargs="*", metavar="NAME", help="a list's name")
    p.add_argument("--delete", action="append", metavar="NAME", help="delete the list NAME")
    p.add_argument("--json", action="store_true", help="one JSON object per list")

    p = _command(
        sub, "wordlist", cmd_wordlist,
        help="print every accepted word in tile form, sorted",
        description=_fill("Print every accepted tile form within the length limits, sorted, "
                          "one per line, streamed. --profile/--without choose the rule "
                          "profile (as for check); --pos, --rule and --without-rule keep the "
                          "words that have one analysis (allowed by the profile) of that part "
                          "of speech, naming every --rule id and none of the --without-rule "
                          "ids."),
        examples="example:\n  dektes wordlist --max-length 3 | head\n"
                 "  dektes wordlist --pos VERB --rule B3 | head\n"
                 "  dektes wordlist --profile dictionary --pos NOUN,ADJ > nouns-adjectives.txt",
    )
    _add_profile(p)
    p.add_argument("--pos", action="append", metavar="POS",
                   help="parts of speech, comma-separated or repeated: NOUN (N), ADJ, VERB "
                        "(V, with V.PTCP participles and V.CVB gerunds), ADV, PRON (PRO), DET, "
                        "NUM, ADP, CONJ, PART, INTJ")
    p.add_argument("--rule", action="append", metavar="RULES",
                   help="keep words with an analysis naming these rule ids (e.g. B3,D1)")
    p.add_argument("--without-rule", action="append", metavar="RULES",
                   help="keep words with an analysis naming none of these rule ids")
    _add_list(p)
    _add_verbose(p)

    p = _command(
        sub, "rules", cmd_rules,
        help="the regulation's rules by id (§A1 … §E6, §LEN), as dektes applies them",
        description=_fill("Without ID: one line per rule, §ID<TAB>title<TAB>the rule. With "
                          "IDs (D1, §B3, comma-separated or several): each rule with where "
                          "dektes applies it. The project's digest of the federation's "
                          "regulation, grammars/RULES.md; every rule id dektes prints is "
                          "there."),
        examples="example:\n  dektes rules\n  dektes rules D1 §B3",
        exit_status="0 on success, 1 if an id is not a rule id.",
    )
    p.add_argument("ids", nargs="*", metavar="ID", help="a rule id (A1, §D1, LEN …)")

    p = _command(
        sub, "cache", cmd_cache,
        help="list, clean or build the cache of compiled artifacts",
        description=_fill("The compiled artifacts live in $DEKTES_CACHE (default "
                          "~/.cache/dektes), one folder per build, named by a hash of the "
                          "inputs. --list (the default) prints FOLDER<TAB>status (current, "
                          "old, incomplete, or other: not a build)<TAB>size<TAB>date<TAB>"
                          "profiles built; --clean removes every build folder but the current "
                          "one, and never a folder that is not a build (lists or overlays of "
                          "'dektes learn'); --build builds the current cache now (with "
                          "--profile, that profile's acceptor too) and prints its folder. "
                          "Concurrent processes share one build: one builds, the others "
                          "wait for it."),
        examples="example:\n  dektes cache --list\n  dektes cache --clean\n"
                 "  dektes cache --build --verbose --profile dictionary",
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument("--list", action="store_true", help="list the cache folders (default)")
    g.add_argument("--clean", action="store_true",
                   help="remove the build folders that are not the current one")
    g.add_argument("--build", action="store_true",
                   help="build (or check) the current cache, and the profile's acceptor")
    g.add_argument("--verify", action="store_true",
                   help="check the sha256 of every artifact of the current cache (each start "
                        "checks sizes and modification times, and hashes only what changed)")
    _add_profile(p, lengths=False)
    _add_verbose(p)

    p = _command(
        sub, "guess", cmd_guess,
        help="guess the lemma and inflection class of an unknown word form",
        description=_fill("Guess lemma and inflection class of each WORD from the class tables "
                          "alone (no lexicon look-up): every paradigm rule that could have "
                          "produced the form is inverted and the candidate lemma re-inflected "
                          "to check it. Prints WORD<TAB>lemma<TAB>class<TAB>weight per "
                          "candidate, best (lowest weight) first; WORD<TAB>- when there is none, "
                          "WORD<TAB>-<TAB>E:CODE<TAB>reason when the input is not a Greek "
                          "word. Type the "
                          "accent if you know it; unaccented input is tried with every accent "
                          "position."),
        examples="example:\n  dektes guess ανθρώπου θαλασσών έγραψα\n"
                 "  dektes guess --limit 3 ΓΡΑΨΑΜΕ",
        exit_status="0 if any word has a candidate, 1 if none has, 2 for bad usage.",
    )
    _add_words(p, "a word form")
    p.add_argument("--limit", type=_positive, default=10, metavar="N",
                   help="at most N candidates per word (default %(default)s)")
    p.add_argument("--pos", type=str.upper, choices=["NOUN", "ADJ", "VERB"],
                   help="only classes of this part of speech")

    p = _command(
        sub, "serve", cmd_serve,
        help="serve the judge, analyses, paradigms and search as web pages and a JSON API",
        description=_fill("Serve a web application: judge words or a list, a referee's "
                          "challenge screen (VALID/INVALID only), the analyses of a word, the "
                          "paradigm table of a lemma, anagram and pattern search with a "
                          "clickable rack, and a JSON API for each (documented on /api). "
                          "Latin keys type Greek as the Greek keyboard layout does. It binds "
                          "to 127.0.0.1 (this machine only) unless --host says otherwise. "
                          "Needs the web extra: pip install 'dektes[web]'."),
        examples="example:\n  dektes serve --port 8000\n"
                 "  curl -sG --data-urlencode word=εγραψα http://127.0.0.1:8000/api/check\n\n"
                 + _fill("The server stops gracefully on Ctrl-C (exit status 130) or SIGTERM. "
                         "exit status: 2 if the address cannot be bound or the web extra is "
                         "missing."),
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default %(default)s; 0.0.0.0 for every "
                        "interface)")
    p.add_argument("--port", type=int, default=8000, metavar="N",
                   help="TCP port (default %(default)s; 0 for any free port)")
    p.add_argument("--lang", choices=["el", "en"], default="el",
                   help="the pages' language, their words and the paradigm tables' "
                        "grammatical labels: el (Κρίση, Ενεστώτας, Γενική …, the default) or "
                        "en; the JSON API keeps the UniMorph codes and English messages")
    _add_profile(p)
    _add_list(p)

    from fst import cli_export, cli_search  # anagram, pattern, hooks; export
    cli_search.add_commands(sub)
    cli_export.add_commands(sub)
    parser.commands = dict(sub.choices)  # type: ignore[attr-defined]
    return parser


# --------------------------------------------------------------------------------------------
# entry point


def _utf8_streams() -> None:
    # stderr keeps Python's backslashreplace: a message about odd input must not fail on it
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        try:
            if (stream.encoding or "").lower().replace("-", "") != "utf8":
                stream.reconfigure(encoding="utf-8", errors=errors)
        except (AttributeError, ValueError, OSError):
            pass


def _reserve_fd(fd: int, flags: int) -> None:
    """Open /dev/null on the closed descriptor ``fd`` so that no file opened later takes it."""
    try:
        os.fstat(fd)
    except OSError:
        try:
            got = os.open(os.devnull, flags)
            if got != fd:
                os.dup2(got, fd)
                os.close(got)
        except OSError:
            pass


def _reads_stdin(args: argparse.Namespace) -> bool:
    return getattr(args, "words", None) == ["-"] or getattr(args, "file", None) == "-"


def _silence_stdout() -> None:
    """Point stdout at /dev/null: what Python still holds for it must not fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the ``dektes`` command; return the exit status (130 on Ctrl-C, at any point)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:  # while parsing, importing or reporting: quiet too
        return 130


def _main(argv: list[str] | None = None) -> int:
    global _STDIN_CLOSED, _VERBOSE
    _STDIN_CLOSED = sys.stdin is None
    if _STDIN_CLOSED:
        _reserve_fd(0, os.O_RDONLY)
    if sys.stdout is None:  # started with stdout closed (dektes ... >&-)
        _reserve_fd(1, os.O_WRONLY)
        print("%s: cannot write %s: it is closed" % (PROG, STDOUT), file=sys.stderr)
        return EXIT_OUTPUT
    _utf8_streams()
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv and argv[0] in parser.commands:
            # Options may come after the words: dektes check ΕΓΡΑΨΑ --challenge
            args = parser.commands[argv[0]].parse_intermixed_args(argv[1:])
        else:
            args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if getattr(args, "min_length", 0) > getattr(args, "max_length", MAX_LETTERS):
        print("%s: --min-length (%d) is greater than --max-length (%d)"
              % (PROG, args.min_length, args.max_length), file=sys.stderr)
        return EXIT_USAGE
    _VERBOSE = bool(getattr(args, "verbose", False))
    try:
        if _reads_stdin(args):
            _stdin_buffer()  # closed standard input is reported before any loading
        code = args.func(args)
        _flush()
        return code
    except BrokenPipeError:
        # The reader went away (dektes wordlist | head): stop quietly.
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        return 130
    except UsageError as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        return EXIT_USAGE
    except OutputError as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        _silence_stdout()
        return EXIT_OUTPUT
    except Exception as e:  # no tracebacks for users
        from fst.buildctl import BuildError, CacheError
        if isinstance(e, CacheError):
            print("%s: %s" % (PROG, e), file=sys.stderr)
            return EXIT_USAGE
        if isinstance(e, BuildError):
            print("%s: the build failed: %s" % (PROG, e), file=sys.stderr)
            return EXIT_INTERNAL
        if os.environ.get("DEKTES_DEBUG"):  # the traceback, and the same exit status
            import traceback
            traceback.print_exc(file=sys.stderr)
        msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
        print("%s: internal error (%s)%s; set DEKTES_DEBUG=1 for details"
              % (PROG, type(e).__name__, ": " + msg if msg else ""), file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
