"""Reading a user's word list for ``dektes learn`` (:mod:`fst.runtime.overlay`): a text list, or a PDF
laid out as the federation publishes its list.

A text list holds one or more words a line, tile form or accented; a line that is not UTF-8 is
skipped and reported by its number (as ``dektes validate`` reports it), never fatal.

A PDF is read with pypdf, each piece of text with its position on the page. The federation's
list (and any list made like it) opens with pages of prose in mixed case (title, the
committee's members with their names in capitals, the rules of use); every word page then has
a running header in capitals, a page number, and columns of capitalised words in alphabetical
order. Only the word columns are kept, recognised by their shape (:func:`word_page`):

* a *word piece* is a piece of text made of Greek capitals only (one word, or several in a
  row); any other piece (lower case, digits, punctuation) is *prose*;
* the word pieces of a page form its *block*, the rows they span; a page is a word page when no
  prose lies inside its block, and its words stand in columns: at least
  :data:`MIN_COLUMNS` columns of :data:`MIN_COLUMN_WORDS` words, or one column in alphabetical
  order on the page after a word page (the end of the list) or of :data:`MIN_ALONE_WORDS`
  words at least (a short list); of several columns, at least :data:`ALPHABETICAL_SHARE` of
  the words read column by column must be in alphabetical order (names in capitals laid out
  in columns on a front page are not);
* on a word page, a word piece set apart from the block by more than :data:`GAP_ROWS` rows
  (a running header above it, a footer below) is dropped, and so is every prose piece (the
  page number).

Every page or piece left out is reported with its page number (:class:`ListText.skipped`);
``--pages A-B`` reads only those pages. pypdf's warnings about fonts are silenced.
"""
from __future__ import annotations

import datetime
import logging
import re
import statistics
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from grammars.alphabet import SYMBOL_LOOKALIKES
from grammars.guess import default_guesser
from grammars.normalize import InvalidWord, to_tile
from grammars.paradigm import generate, load_tables
from lexicon import read_lexicon, read_listed

from fst import learn
from fst.api import Judge
from fst.runtime.overlay import Overlay, check_name, describe, list_dir, refuses

#: a word page has at least this many columns of MIN_COLUMN_WORDS words (the federation's: 6)
MIN_COLUMNS = 2
MIN_COLUMN_WORDS = 3
#: a page of one column is a word page if it follows one, or if it has this many words in
#: alphabetical order (a short list)
MIN_ALONE_WORDS = 8
#: a word piece further than this many row heights from the block is a header or a footer
GAP_ROWS = 1.8
#: a page of several columns is a word page only if at least this share of its words, read
#: column by column, stand in alphabetical order (the longest run in order, not necessarily
#: adjacent): a list's page is all in order but for a misprint, a front page of names in
#: capitals laid out in columns (the committee's members) is not
ALPHABETICAL_SHARE = 0.9
#: what the Symbol font's glyphs read back as, in place of Greek letters
_LOOKALIKES = str.maketrans(SYMBOL_LOOKALIKES)
_CAPITAL_WORD = re.compile(r"^[\u0386-\u038f\u0391-\u03ab]+$")  # Greek capitals, with tonos
_PUNCT = ".,;·:()[]\"'«»"


@dataclass
class ListText:
    """What a list file holds: its words in tile form (file order, no repeats), the tokens that
    are not Greek words [(line or page, token)], the lines that are not UTF-8 (their
    numbers), and what a PDF's reading left out [(page, what)]."""
    words: list[str] = field(default_factory=list)
    bad: list[tuple[int, str]] = field(default_factory=list)
    bad_lines: list[int] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)
    pages: int = 0

    def add(self, where: int, text: str, seen: set) -> None:
        for tok in text.split():
            tok = tok.strip(_PUNCT)
            if not tok or tok.isdigit():
                continue
            try:
                t = to_tile(tok)
            except InvalidWord:
                self.bad.append((where, tok))
                continue
            if t not in seen:
                seen.add(t)
                self.words.append(t)


def parse_pages(text: str) -> tuple[int, int]:
    """'3-460' → (3, 460), '5' → (5, 5), '3-' → (3, None→large). ValueError naming the text."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?", text or "")
    if not m or int(m.group(1)) < 1:
        raise ValueError(f"bad page range {text!r}: expected e.g. 3-460 (pages count from 1)")
    lo = int(m.group(1))
    hi = int(m.group(3)) if m.group(3) else (10 ** 9 if m.group(2) else lo)
    if hi < lo:
        raise ValueError(f"bad page range {text!r}: the last page is before the first")
    return lo, hi


def read_list(path: Path, pages: tuple[int, int] | None = None) -> ListText:
    """The words of the list file ``path`` (text or PDF; ``pages``: only these pages of a
    PDF, counted from 1). Raises OSError if the file cannot be read, ValueError for a PDF
    pypdf cannot read or a page range outside the PDF."""
    data = Path(path).read_bytes()
    out, seen = ListText(), set()
    if data[:5] == b"%PDF-":
        for page_no, text in _pdf_words(path, pages, out):
            out.add(page_no, text, seen)
        return out
    if pages is not None:
        raise ValueError(f"{path}: --pages is for a PDF, and this is a text list")
    for i, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            out.bad_lines.append(i)
            continue
        if i == 1:
            line = line.lstrip("\ufeff")
        out.add(i, line, seen)
    return out


# --------------------------------------------------------------------------------------------
# PDF


@dataclass
class _Piece:
    x: float
    y: float  # from the bottom of the page, in points
    text: str

    @property
    def is_words(self) -> bool:
        toks = [t.strip(_PUNCT) for t in self.text.split()]
        return bool(toks) and all(_CAPITAL_WORD.match(t) for t in toks)


def _pieces(page) -> list[_Piece]:
    out: list[_Piece] = []

    def visit(text, cm, tm, font, size):
        text = (text or "").translate(_LOOKALIKES).strip()
        if text:
            # the text matrix gives the position; a transformation matrix may move it
            out.append(_Piece(tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], text))
    page.extract_text(visitor_text=visit)
    return out


def _columns(pieces: list[_Piece], tolerance: float = 2.0) -> list[list[_Piece]]:
    """The word pieces grouped by their left edge, each column top to bottom."""
    cols: list[list[_Piece]] = []
    for p in sorted(pieces, key=lambda p: p.x):
        if cols and abs(cols[-1][0].x - p.x) <= tolerance:
            cols[-1].append(p)
        else:
            cols.append([p])
    return [sorted(c, key=lambda p: -p.y) for c in cols]


def _pitch(cols: list[list[_Piece]]) -> float | None:
    steps = [a.y - b.y for c in cols for a, b in zip(c, c[1:]) if a.y - b.y > 0.5]
    return statistics.median(steps) if steps else None


def word_page(pieces: list[_Piece], after_word_page: bool = False
              ) -> tuple[list[_Piece], list[str]] | None:
    """(the word pieces kept, in column order; what was dropped) if ``pieces`` are a word
    page, None if the page is prose."""
    words = [p for p in pieces if p.is_words]
    if not words:
        return None
    dropped: list[str] = []
    cols = _columns(words)
    pitch = _pitch(cols)
    if pitch is not None:  # a header or footer stands apart from the block of rows
        ys = sorted({round(p.y, 1) for p in words}, reverse=True)
        runs, run = [], [ys[0]]
        for a, b in zip(ys, ys[1:]):
            if a - b > GAP_ROWS * pitch:
                runs.append(run)
                run = []
            run.append(b)
        runs.append(run)
        main = max(runs, key=lambda r: sum(1 for p in words if round(p.y, 1) in r))
        keep = set(main)
        for p in words:
            if round(p.y, 1) not in keep:
                dropped.append(p.text)
        words = [p for p in words if round(p.y, 1) in keep]
        cols = _columns(words)
    top, bottom = max(p.y for p in words), min(p.y for p in words)
    if any(bottom - 0.5 <= p.y <= top + 0.5 for p in pieces if not p.is_words):
        return None  # prose among the words: a page of text
    full = [c for c in cols if len(c) >= MIN_COLUMN_WORDS]
    if len(full) < MIN_COLUMNS and len(cols) == 1:  # rows drawn as one string each
        widths = [len(p.text.split()) for p in cols[0]]
        if widths.count(max(widths)) >= MIN_COLUMN_WORDS and max(widths) >= MIN_COLUMNS:
            full = cols * MIN_COLUMNS
    if len(full) >= MIN_COLUMNS and alphabetical_share(_reading_order(cols)) < ALPHABETICAL_SHARE:
        return None  # columns of capitals, but not a list: names on a front page
    if len(full) < MIN_COLUMNS:
        tiles = [to_tile(p.text.split()[0]) for c in cols for p in c]
        alphabetical = len(cols) == 1 and tiles == sorted(tiles)
        if not (alphabetical and (after_word_page or len(tiles) >= MIN_ALONE_WORDS)):
            return None
    dropped += [p.text for p in pieces if not p.is_words]
    return [p for c in cols for p in c], dropped


def _reading_order(cols: list[list[_Piece]]) -> list[str]:
    """The words of a page's columns in tile form, column by column, top to bottom; a column
    of pieces that are whole rows (several words each) is read as the columns they hold."""
    rows = [p.text.split() for c in cols for p in c]
    if len(cols) == 1 and max(map(len, rows)) > 1:
        rows = [[r[j] for r in rows if j < len(r)] for j in range(max(map(len, rows)))]
    out = []
    for r in rows:
        for w in r:
            try:
                out.append(to_tile(w.strip(_PUNCT)))
            except InvalidWord:
                pass
    return out


def alphabetical_share(words: list[str]) -> float:
    """The share of ``words`` (tile form) in alphabetical order: the length of their longest
    subsequence in order over their number (1.0 for none). Greek capitals sort by code point
    in the alphabet's order."""
    import bisect
    tails: list[str] = []  # tails[k]: the least last word of an ordered subsequence of k+1
    for w in words:
        i = bisect.bisect_right(tails, w)
        if i == len(tails):
            tails.append(w)
        else:
            tails[i] = w
    return len(tails) / len(words) if words else 1.0


def _pdf_words(path: Path, pages: tuple[int, int] | None, out: ListText):
    """(page number, text of a word piece) for the word pages of the PDF ``path``; what is
    left out goes to ``out.skipped``."""
    try:
        from pypdf import PdfReader
    except ImportError:
        raise ValueError("reading a PDF needs pypdf: pip install 'dektes[pdf]'") from None
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)  # font warnings ("Advanced encoding … not implemented")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                reader = PdfReader(str(path))
                n = len(reader.pages)
            except Exception as e:  # pypdf raises many kinds for damaged files
                raise ValueError(f"{path}: cannot read this PDF ({e.__class__.__name__})") \
                    from None
            out.pages = n
            lo, hi = pages or (1, n)
            if lo > n:
                raise ValueError(f"{path}: --pages {lo}-: the PDF has {n} pages")
            previous = False
            for no in range(lo, min(hi, n) + 1):
                try:
                    pieces = _pieces(reader.pages[no - 1])
                except Exception as e:
                    out.skipped.append((no, f"unreadable ({e.__class__.__name__})"))
                    previous = False
                    continue
                found = word_page(pieces, previous)
                previous = found is not None
                if found is None:
                    if pieces:
                        out.skipped.append((no, "prose (%d lines of text)" % len(
                            {round(p.y) for p in pieces})))
                    continue
                kept, dropped = found
                for d in dropped:
                    out.skipped.append((no, "header, footer or page number: %s" % d[:40]))
                for p in kept:
                    yield no, p.text
    finally:
        log.setLevel(level)


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] → '1-3, 7'."""
    out, run = [], []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else "%d-%d" % (run[0], run[-1]))
        run = [n]
    if run:
        out.append(str(run[0]) if len(run) == 1 else "%d-%d" % (run[0], run[-1]))
    return ", ".join(out)


def report(lt: ListText) -> list[str]:
    """What reading left out, a line each, with page and line numbers (for stderr)."""
    lines = []
    prose = [no for no, what in lt.skipped if not what.startswith("header")]
    if prose:
        lines.append("skipped %d page(s) of prose or without word columns in alphabetical "
                     "order: pages %s (read others with --pages A-B)"
                     % (len(set(prose)), _ranges(prose)))
    heads = [no for no, what in lt.skipped if what.startswith("header")]
    if heads:
        lines.append("dropped %d header, footer or page-number line(s) on pages %s"
                     % (len(heads), _ranges(heads)))
    if lt.bad_lines:
        lines.append("skipped %d line(s) that are not UTF-8: line %s"
                     % (len(lt.bad_lines), _ranges(lt.bad_lines)))
    if lt.bad:
        shown = ", ".join("%s (%s %d)" % (tok[:20], "page" if lt.pages else "line", where)
                          for where, tok in lt.bad[:5])
        lines.append("skipped %d token(s) that are not Greek words: %s%s"
                     % (len(lt.bad), shown, " …" if len(lt.bad) > 5 else ""))
    return lines


_reading_report = report  # learn_list's argument ``report`` hides this module's function


def learn_list(path: Path, name: str, complete: tuple[int, int] | None = None,
               jobs: int = 1, judge=None, progress=None, pages: tuple[int, int] | None = None,
               replace: bool = False, report=None) -> tuple[Overlay, dict]:
    """Learn the list in ``path`` and save it as overlay ``name``; (overlay, counts).

    Absence counts only for the lengths declared complete (for a list not declared complete,
    for the lengths between its shortest and longest word). The file is read by
    :func:`read_list` (``pages``: of a PDF); ``report`` (a callable) gets a line
    for each thing reading left out. Raises ValueError for a refused or unreadable file, a bad
    name, or a name already saved (unless ``replace``)."""
    check_name(name)
    if refuses(path):
        raise ValueError(f"{path}: refusing a file under shared/oracles (the project's "
                         "evaluation oracles are never learned)")
    if not replace and (list_dir(name) / "overlay.json").exists():
        old = describe(name)
        raise ValueError(f"a list named {name!r} exists already ({old['words']} words, from "
                         f"{old['source'] or 'an unknown file'}): give --replace to learn it "
                         "anew, or another --name")
    lt = read_list(path, pages)
    for line in _reading_report(lt):
        if report is not None:
            report(line)
    words, bad = lt.words, lt.bad
    if not words:
        raise ValueError(f"{path}: no Greek word found")
    present = frozenset(words)
    lo, hi = complete or (min(map(len, words)), max(map(len, words)))

    def could(t: str) -> bool:
        return lo <= len(t) <= hi

    if judge is None:
        judge = Judge.load(min_length=2, max_length=15, progress=False)
    explained = set(judge.wordlist(2, 15))
    unexplained = [w for w in words if w not in explained and could(w)]
    support = learn.guess_pairs(unexplained, jobs, progress)
    known = {e.lemma for e in read_lexicon()} | {r.lemma for r in read_listed()}
    out = learn.judge_candidates(support, present, could, explained, known,
                                 prior=default_guesser().prior)
    tables = load_tables()
    forms: dict[str, list] = {}
    rows = []
    for c in out.accepted:
        rows.append((c.lemma, c.pos, "-", c.code, "-",
                     "-" if c.accent_source else learn.ACCENT_GUESSED, "-", f"list:{name}"))
        for f, cell, w in generate(c.lemma, tables[c.code]):
            forms.setdefault(to_tile(f), []).append((c.lemma, c.code, cell, f))
    ov = Overlay(name, present, complete, forms)
    ov.save(rows, {"source": str(Path(path).resolve()), "date": datetime.datetime.now(
        datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "pages": list(pages) if pages
        else None})
    counts = dict(out.counts)
    counts.update({"words": len(words), "unreadable tokens": len(bad),
                   "unreadable lines": len(lt.bad_lines),
                   "words the grammar lacks": len(unexplained), "lemmas learned": len(rows)})
    return ov, counts
