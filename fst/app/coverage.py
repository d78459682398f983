"""Corpus coverage: how much of a corpus the judge accepts, and what it lacks.

Running text is cut into tokens by :mod:`fst.app.tokenize`. Word tokens are grouped into types
(lower case, accents kept; an over-long token cut, :func:`cut_type`) and each type is judged once, as ``dektes validate`` judges a line
(tile form, the board profile or the one asked for). The report (:class:`Report`):

* token and type coverage (accepted / judged), overall and by length band in letters
  (:data:`BANDS`; the 1-letter band is never valid, rule §C6);
* counts of the tokens that are not judged (elided, abbreviations, numbers, Latin and
  other scripts) and of
  invalid UTF-8 sequences;
* the most frequent rejected types, each with its count, why the judge rejects it (the
  blocking rule, ``no analysis``, or the input error ``E:code``) and the guesser's best lemma
  and inflection class (:func:`grammars.guess.guess`, from the class tables alone).

Counting (:func:`count_block`) needs no judge; it runs per block of the input, in this
process or on Dask workers (:mod:`fst.app.distributed`), and counts merge by addition.
"""
from __future__ import annotations

import collections
import unicodedata
from dataclasses import dataclass, field
from typing import IO, Iterator

from grammars.guess import guess as guess_lemmas
from fst.app.corpus import Block, open_input
from grammars.normalize import MAX_LETTERS, InvalidWord, to_tile
from fst.app.tokenize import KINDS, letters, tokens, word_type
from fst import rules
from fst.app import protocol

#: length bands in letters: (label, shortest, longest)
BANDS = (("1", 1, 1), ("2-3", 2, 3), ("4-5", 4, 5), ("6-8", 6, 8), ("9-15", 9, 15),
         ("16+", 16, 10 ** 9))
PIECE_BYTES = 1 << 20
CUT = "…"  # ends the type of an over-long token (a letter run never holds it)


def band_of(n: int) -> str:
    for label, lo, hi in BANDS:
        if lo <= n <= hi:
            return label
    return BANDS[0][0]


@dataclass
class Counts:
    """Word types with their token counts, tokens per kind, invalid UTF-8 sequences, bytes
    read. Counts of several blocks add up (:meth:`merge`)."""
    types: collections.Counter = field(default_factory=collections.Counter)
    kinds: collections.Counter = field(default_factory=collections.Counter)
    invalid_utf8: int = 0
    bytes: int = 0
    _held: str = field(default="", repr=False, compare=False)  # see add_text

    def merge(self, other: "Counts") -> "Counts":
        self.types.update(other.types)
        self.kinds.update(other.kinds)
        self.invalid_utf8 += other.invalid_utf8
        self.bytes += other.bytes
        return self

    def add_text(self, data: bytes) -> None:
        """Count the tokens of ``data`` (UTF-8; an invalid sequence separates tokens). A
        :class:`Cut` piece's last token is held and counted with the start of the next piece,
        as one token."""
        self.bytes += len(data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("utf-8", "replace")
            self.invalid_utf8 += text.count("\ufffd") - data.count("\ufffd".encode())
        if self._held:
            text, self._held = self._held + text, ""
        last = None
        for tok in tokens(text):
            if last is not None:
                self._count(*last[:2])
            last = tok
        if last is None:
            return
        if isinstance(data, Cut):
            nfc = unicodedata.normalize("NFC", text)  # the offsets tokens() gives
            if last.start + len(last.text) >= len(nfc):
                # the token goes on in the next piece; what is held stays bounded (1 MiB)
                self._held = nfc[last.start:last.start + 4 * MAX_LETTERS]
                return
        self._count(*last[:2])

    def _count(self, kind: str, run: str) -> None:
        self.kinds[kind] += 1
        if kind == "word":
            if len(run) > MAX_LETTERS and letters(run) > MAX_LETTERS:
                run = cut_type(run)  # never kept or printed whole (a 1 MiB token)
            self.types[word_type(run)] += 1


class Cut(bytes):
    """A piece of :func:`text_pieces` cut inside a token (a run of over ``size`` bytes without
    white space): the token goes on in the next piece, and is counted once."""


def cut_type(run: str) -> str:
    """An over-long word token as it is counted and shown: its first ``protocol.SHOWN_BYTES``
    bytes of UTF-8 and '…', as ``dektes validate`` echoes an over-long line; judged
    E:too-long."""
    return protocol.utf8_head(run.encode("utf-8"), protocol.SHOWN_BYTES).decode("utf-8") + CUT


def merge_all(parts) -> Counts:
    total = Counts()
    for p in parts:
        total.merge(p)
    return total


def text_pieces(stream: IO[bytes], start: int = 0, end: int | None = None,
                size: int = PIECE_BYTES) -> Iterator[bytes]:
    """The bytes of the lines of ``stream`` that start at offsets in [start, end) (as
    :func:`fst.app.corpus.block_lines` counts them, but lines of any length), in pieces of about
    ``size`` bytes cut after a newline or white space where there is one (else a :class:`Cut`
    piece, whose last token the next piece goes on)."""
    if start:
        stream.seek(start - 1)
        while True:  # skip the line that began before start
            piece = stream.readline(1 << 16)
            if not piece or piece.endswith(b"\n"):
                break
        pos = stream.tell()
    else:
        pos = 0
    carry = b""
    at_line_start = True  # the last byte read ends a line
    while True:
        if end is not None and pos >= end:
            while not at_line_start:  # our last line goes on to its newline
                rest = stream.readline(1 << 16)
                if not rest:
                    break
                carry += rest
                at_line_start = rest.endswith(b"\n")
                if len(carry) >= size:
                    cut = _cut(carry)
                    yield _piece(carry, cut)
                    carry = carry[cut:]
            if carry:
                yield carry
            return
        want = size if end is None else min(size, end - pos)
        data = stream.read(want)
        if not data:
            if carry:
                yield carry
            return
        pos += len(data)
        at_line_start = data.endswith(b"\n")
        buf = carry + data
        # a token that runs on past what was read is kept whole until a piece is full (a
        # block that starts on a long line must not cut its token in two)
        cut = _cut(buf) if len(buf) >= size or _space_in(buf) else 0
        if cut:
            yield _piece(buf, cut)
        carry = buf[cut:]


def _piece(buf: bytes, cut: int) -> bytes:
    """``buf[:cut]``, a :class:`Cut` if it ends inside a token that ``buf[cut:]`` goes on."""
    head = buf[:cut]
    return head if head.endswith((b"\n", b" ", b"\t")) else Cut(head)


def _space_in(buf: bytes) -> bool:
    """Whether ``buf`` has a newline, a space or a tab (a place :func:`_cut` can cut)."""
    return b"\n" in buf or b" " in buf or b"\t" in buf


def _cut(buf: bytes) -> int:
    """Where to cut ``buf``: after its last newline, else its last space, else at a UTF-8
    character boundary."""
    i = buf.rfind(b"\n")
    if i < 0:
        i = max(buf.rfind(b" "), buf.rfind(b"\t"))
    if i >= 0:
        return i + 1
    return len(protocol.utf8_head(buf, len(buf))) or len(buf)


def count_block(block: Block, storage_options: dict | None = None) -> Counts:
    """The counts of the text of ``block``."""
    counts = Counts()
    with open_input(block.path, storage_options) as f:
        for piece in text_pieces(f, block.start, block.end):
            counts.add_text(piece)
    return counts


# --------------------------------------------------------------------------------------------
# the report


@dataclass
class Rejected:
    type: str
    count: int
    reason: str
    lemma: str = "-"
    inflection_class: str = "-"


@dataclass
class BandRow:
    band: str
    tokens: int = 0
    accepted_tokens: int = 0
    types: int = 0
    accepted_types: int = 0

    @property
    def token_coverage(self) -> float:
        return self.accepted_tokens / self.tokens if self.tokens else 0.0

    @property
    def type_coverage(self) -> float:
        return self.accepted_types / self.types if self.types else 0.0


@dataclass
class Report:
    rows: list[BandRow]  # "all" first, then each band
    kinds: dict[str, int]
    invalid_utf8: int
    bytes: int
    rejected: list[Rejected]

    def to_json(self) -> dict:
        return {
            "bytes": self.bytes,
            "tokens_by_kind": {k: self.kinds.get(k, 0) for k in KINDS},
            "invalid_utf8": self.invalid_utf8,
            "coverage": [{"band": r.band, "tokens": r.tokens,
                          "accepted_tokens": r.accepted_tokens,
                          "token_coverage": round(r.token_coverage, 6), "types": r.types,
                          "accepted_types": r.accepted_types,
                          "type_coverage": round(r.type_coverage, 6)} for r in self.rows],
            "rejected": [{"type": r.type, "count": r.count, "reason": r.reason,
                          "lemma": r.lemma, "inflection_class": r.inflection_class}
                         for r in self.rejected],
        }

    def tsv_lines(self, rejected_only: bool = False) -> Iterator[str]:
        if not rejected_only:
            yield "band\ttokens\taccepted_tokens\ttoken_coverage\ttypes\taccepted_types\ttype_coverage"
            for r in self.rows:
                yield "%s\t%d\t%d\t%.4f\t%d\t%d\t%.4f" % (
                    r.band, r.tokens, r.accepted_tokens, r.token_coverage, r.types,
                    r.accepted_types, r.type_coverage)
            yield ""
            yield "kind\ttokens"
            for k in KINDS:
                yield "%s\t%d" % (k, self.kinds.get(k, 0))
            yield "invalid-utf8\t%d" % self.invalid_utf8
            yield ""
            yield "type\tcount\treason\tlemma\tclass"
        for r in self.rejected:
            yield "%s\t%d\t%s\t%s\t%s" % (protocol.escape(r.type), r.count, r.reason, r.lemma,
                                          r.inflection_class)


def verdicts(types: list[str], judge, latin_lookalikes: bool = False) -> list[object]:
    """Per type: True (accepted), False (rejected), or the :class:`InvalidWord` that makes it
    no Greek word — as ``dektes validate`` judges the type as a line."""
    out: list[object] = [None] * len(types)
    tiles, where = [], []
    for i, t in enumerate(types):
        if t.endswith(CUT):
            out[i] = InvalidWord(t, "the word has more than %d letters" % MAX_LETTERS,
                                 "too-long")
            continue
        try:  # ό,τι is judged by its letters, ΟΤΙ (fst.app.tokenize rule 6)
            tiles.append(to_tile(t.replace(",", ""), latin_lookalikes=latin_lookalikes))
            where.append(i)
        except InvalidWord as e:
            out[i] = e
    for i, ok in zip(where, judge.validate_many(tiles) if tiles else []):
        out[i] = bool(ok)
    return out


def report(counts: Counts, judge, top: int = 100, guesses: bool = True,
           latin_lookalikes: bool = False, progress: bool = False) -> Report:
    """The coverage report of ``counts`` under ``judge``'s profile, with the ``top`` most
    frequent rejected types (reason and, if ``guesses``, the guesser's best lemma/class)."""
    types = list(counts.types)
    verdict = verdicts(types, judge, latin_lookalikes)
    rows = {"all": BandRow("all")}
    for label, _, _ in BANDS:
        rows[label] = BandRow(label)
    rejected = []
    for t, v in zip(types, verdict):
        c = counts.types[t]
        for row in (rows["all"], rows[band_of(letters(t))]):
            row.tokens += c
            row.types += 1
            if v is True:
                row.accepted_tokens += c
                row.accepted_types += 1
        if v is not True:
            rejected.append((t, c, v))
    rejected.sort(key=lambda x: (-x[1], x[0]))
    out = []
    todo = rejected[:top]
    if progress and todo:
        from tqdm import tqdm
        todo = tqdm(todo, desc="dektes: reasons and guesses", unit="type", leave=False,
                    disable=None)
    guess = guess_lemmas if guesses else None
    for t, c, v in todo:
        if isinstance(v, InvalidWord):
            out.append(Rejected(t, c, "E:%s" % v.code))
            continue
        note = rules.verdict_note(judge.check(t.replace(",", "")))
        r = Rejected(t, c, note)
        if guess is not None:
            best = guess(t.replace(",", ""), limit=1)
            if best:
                r.lemma, r.inflection_class = best[0].lemma, best[0].inflection_class
        out.append(r)
    return Report([rows["all"]] + [rows[b] for b, _, _ in BANDS], dict(counts.kinds),
                  counts.invalid_utf8, counts.bytes, out)
