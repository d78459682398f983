"""Look-ups of one word without numpy: the cache's arrays memory-mapped as memoryviews.

``dektes check WORD`` judges one word: importing numpy (~0.1 s) would be most of its start.
This module reads the ``.npy`` files of the cache (:mod:`fst.runtime.dfa`,
:mod:`fst.runtime.anatable`) with :func:`read_array` (the file memory-mapped, a memoryview of
its data: nothing is copied or converted), walks the tile acceptor for one word
(:class:`WordDFA`: its rank, the index of the word in the sorted language, from the per-state
word counts saved at build time, ``dfa_counts.npy``) and holds the analysis table
(:class:`AnalysisTable`), whose look-up of one word reads only that word's rows.

It also names the artifacts' files, so that the cache's verifier (:mod:`fst.store`) imports no
numpy. The numpy modules build, check and batch-read the same files.
"""
from __future__ import annotations

import ast
import bisect
import json
import mmap
import sys
from pathlib import Path
from typing import NamedTuple

from grammars.alphabet import TILE_LETTERS, final_sigma

#: the tile acceptor's arrays (:mod:`fst.runtime.dfa`), ``dfa_<name>.npy`` each
DFA_ARRAY_NAMES = ("offsets", "labels", "targets", "final", "mindist", "height")
#: the packed word list (:func:`fst.runtime.dfa.pack`), saved beside the arrays when built
PACKED_FILE = "dfa_wordlist.npy"
#: per state, the number of words accepted from it (int64): the ranks of one word without
#: a computation over the whole acceptor
COUNTS_FILE = "dfa_counts.npy"
#: the files :func:`fst.runtime.dfa.save` writes, in the cache directory
DFA_FILES = tuple(f"dfa_{n}.npy" for n in DFA_ARRAY_NAMES) + (PACKED_FILE, COUNTS_FILE)
#: the analysis table's arrays (:mod:`fst.runtime.anatable`), ``ana_<name>.npy`` each
ANA_ARRAY_NAMES = ("offsets", "lemma", "form")
#: the files :func:`fst.runtime.anatable.save` writes, in the cache directory
ANA_FILES = tuple(f"ana_{n}.npy" for n in ANA_ARRAY_NAMES) + ("ana_strings.json",)

KEEP = "."  # accent pattern: the letter of the lower-cased tile word
#: ``ana_strings.json``: the separators of a form's fields and of its rule ids, and of the
#: lemmas (one string, read as it stands in the file): a start parses 20,000 short strings,
#: not 20,000 nested lists and 64,000 lemmas (~35 ms of ``dektes check``)
FIELD, RULE, LEMMA = "|", " ", " "
_LEMMAS_KEY = '"lemmas":"'

_LABEL_OF = {ord(c): i for i, c in enumerate(TILE_LETTERS)}
# .npy type → memoryview format (the arrays of the cache are little-endian, one dimension)
_FORMATS = {"|u1": "B", "|b1": "?", "<i2": "h", "<i4": "i", "<i8": "q"}


def read_array(path: Path | str) -> memoryview:
    """The data of the one-dimensional ``.npy`` file ``path`` as a read-only memoryview of the
    file memory-mapped (format ``B``, ``?``, ``h``, ``i`` or ``q``): indexing gives Python
    ints (bools), slices ``.tolist()``.

    Raises ``ValueError`` for a file that is not such an array (another type, shape or byte
    order, or fewer bytes than its header says) and ``OSError`` when it cannot be read."""
    with open(path, "rb") as f:
        head = f.read(10)
        if head[:6] != b"\x93NUMPY" or head[6] not in (1, 2):
            raise ValueError(f"{path}: not a .npy file")
        if head[6] == 1:
            size, start = int.from_bytes(head[8:10], "little"), 10
        else:
            size, start = int.from_bytes(head[8:10] + f.read(2), "little"), 12
        f.seek(start)
        try:
            header = ast.literal_eval(f.read(size).decode("latin-1"))
            fmt = _FORMATS[header["descr"]]
            (n,) = header["shape"]
            fortran = header["fortran_order"]
        except (SyntaxError, ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{path}: not a one-dimensional array of a known type") from e
        if fortran and n > 1 or (sys.byteorder != "little" and fmt not in "B?"):
            raise ValueError(f"{path}: not a one-dimensional array of a known type")
        empty = n == 0
        data = memoryview(b"") if empty else memoryview(
            mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))[start + size:]
    item = memoryview(b"").cast(fmt).itemsize
    if len(data) < n * item:
        raise ValueError(f"{path}: truncated")
    return data[:n * item].cast(fmt)


class WordDFA:
    """The tile acceptor (:mod:`fst.runtime.dfa`'s arrays) for one word at a time, in pure
    Python: what :class:`fst.runtime.dfa.TileDFA` answers with numpy, without importing it.
    Read-only, so safe to share between threads."""

    def __init__(self, offsets, labels, targets, final, counts):
        self.offsets, self.labels, self.targets = offsets, labels, targets
        self.final, self.counts = final, counts
        self.num_states = len(final)

    @classmethod
    def load(cls, directory: Path | str) -> "WordDFA":
        """The arrays of the cache directory ``directory``, memory-mapped (:func:`read_array`).
        Raises ``OSError``/``ValueError`` if one is missing or not an array."""
        d = Path(directory)
        got = [read_array(d / f"dfa_{n}.npy") for n in ("offsets", "labels", "targets", "final")]
        return cls(*got, read_array(d / COUNTS_FILE))

    def _arc(self, s: int, lab: int) -> int:
        """The arc of state ``s`` labelled ``lab`` (arcs are sorted by label), or -1."""
        lo, hi = self.offsets[s], self.offsets[s + 1]
        labels = self.labels
        while lo < hi:  # at most 24 arcs: a bisection of a few steps
            mid = (lo + hi) >> 1
            got = labels[mid]
            if got < lab:
                lo = mid + 1
            elif got > lab:
                hi = mid
            else:
                return mid
        return -1

    def accepts(self, tile: str) -> bool:
        """True if the tile string ``tile`` is in the language."""
        s = 0
        for ch in tile:
            lab = _LABEL_OF.get(ord(ch))
            a = -1 if lab is None else self._arc(s, lab)
            if a < 0:
                return False
            s = self.targets[a]
        return bool(self.final[s])

    def rank(self, tile: str) -> int:
        """The index of the tile string ``tile`` in the sorted language, or -1 if it is not
        accepted (:meth:`fst.runtime.dfa.TileDFA.rank`)."""
        offsets, targets, counts, final = self.offsets, self.targets, self.counts, self.final
        s = r = 0
        for ch in tile:
            lab = _LABEL_OF.get(ord(ch))
            a = -1 if lab is None else self._arc(s, lab)
            if a < 0:
                return -1
            # the words through this state's end and through the smaller arcs come first
            r += final[s] + sum(map(counts.__getitem__, targets[offsets[s]:a].tolist()))
            s = targets[a]
        return r if final[s] else -1

    def ranks_of(self, words: list[str]) -> list[int]:
        """:meth:`rank` of each word (a word with a character outside the tile alphabet:
        -1), same order."""
        return [self.rank(w) if isinstance(w, str) else -1 for w in words]


# ---------------------------------------------------------------------------------------------
# the analysis table


class Row(NamedTuple):
    """One analysis as :class:`fst.api.Analysis` fields."""
    lemma: str
    inflection_class: str
    tags: str
    surface: str
    rules: tuple[str, ...]
    weight: float


def base_form(tile: str) -> str:
    """The tile word in lower case, final σ as ς (the surface before its accent pattern)."""
    return final_sigma(tile.lower())


def apply_pattern(tile: str, pattern: str) -> str:
    """The accented surface of ``tile`` for one accent ``pattern`` (:mod:`fst.runtime.anatable`)."""
    low = base_form(tile)
    if not pattern:
        return low
    k = len(low) - len(pattern)
    return low[:k] + "".join(b if p == KEEP else p for b, p in zip(low[k:], pattern))


def encode_form(form) -> str:
    """A form (class, cell, rule ids, weight) as one string of ``ana_strings.json``."""
    cls, cell, rules, weight = form
    return FIELD.join((cls, cell, RULE.join(rules), repr(float(weight))))


def decode_form(raw) -> tuple[str, str, tuple[str, ...], float]:
    """(class, cell, rule ids, weight) of a form as :func:`encode_form` wrote it (or as a list,
    as :func:`fst.runtime.anatable.export` gives it)."""
    if isinstance(raw, str):
        cls, cell, rules, weight = raw.split(FIELD)
        return cls, cell, tuple(rules.split(RULE)) if rules else (), float(weight)
    cls, cell, rules, weight = raw
    return cls, cell, tuple(rules), float(weight)


def load_strings(text: str) -> dict:
    """The strings of ``ana_strings.json`` (the text :func:`fst.runtime.anatable.save` wrote):
    the lemmas' string is cut out of the text as it stands (save made sure that it holds no
    escape; a JSON string cannot hold the key's quotes, so the first match is the top-level
    key), the rest is parsed as JSON."""
    at = text.find(_LEMMAS_KEY)
    end = text.find('"', at + len(_LEMMAS_KEY)) if at >= 0 else -1
    if end < 0 or "\\" in text[at:end]:
        return json.loads(text)
    st = json.loads(text[:at + len(_LEMMAS_KEY)] + text[end:])
    st["lemmas"] = text[at + len(_LEMMAS_KEY):end]
    return st


class Packed:
    """A list of strings held as the UTF-8 bytes ``data`` of the strings joined by ``sep``
    (which none of them holds), as ``ana_strings.json`` stores them: one string is cut out
    and decoded when asked for (:meth:`get`), the whole list split once when :meth:`strings`
    is first asked for or after :data:`GETS` strings cut out (a batch). A start that looks up one word reads a few of 64,000 lemmas and
    20,000 forms (splitting them all took ~15 ms of ``dektes check``)."""

    BLOCK = 1 << 14  # bytes per block of the index of separators
    GETS = 64  # strings cut out one at a time before the whole list is split

    def __init__(self, data: bytes, sep: bytes):
        self.data, self.sep = data, sep
        self._list: list[str] | None = None
        self._starts: list[int] | None = None  # per block, the index of its first string
        self._gets = 0
        self._bounds: tuple[list[int], list[int]] | None = None  # per string, (start, end)

    def strings(self) -> list[str]:
        """Every string, in order (split on first use)."""
        if self._list is None:
            self._list = self.data.decode("utf-8").split(self.sep.decode()) if self.data else []
        return self._list

    def get(self, i: int) -> str:
        """The string ``i`` (0 ≤ i < the number of strings). Raises ``IndexError`` past the end."""
        if self._list is not None:
            return self._list[i]
        self._gets += 1
        if self._gets > self.GETS:  # a batch: split once, index from then on
            return self.strings()[i]
        data, sep = self.data, self.sep
        if i < 0 or not data:
            raise IndexError(i)
        if self._starts is None:  # one pass of counts (memchr), no object per string
            # per block, the separators that start before it (no string holds a byte of one)
            starts, n = [], 0
            for lo in range(0, len(data), self.BLOCK):
                starts.append(n)
                n += data.count(sep, lo, lo + self.BLOCK + len(sep) - 1)
            self._starts = starts
        at = 0
        if i:  # string i starts after separator i, found in the last block before it
            b = bisect.bisect_left(self._starts, i) - 1
            at, k = b * self.BLOCK, self._starts[b]
            while k < i:
                at = data.find(sep, at)
                if at < 0:
                    raise IndexError(i)
                at += len(sep)
                k += 1
        end = data.find(sep, at)
        return data[at:end if end >= 0 else len(data)].decode("utf-8")

    def take(self, indices) -> dict[int, str]:
        """The strings ``indices`` (ints, 0 ≤ i < the number of strings; repeats allowed),
        each cut out and decoded once, as a dict index → string: a batch that reads a few
        thousand of the strings decodes those alone. The strings' bounds are found once, by
        one numpy pass over the bytes (imports numpy). Raises ``IndexError`` past the end."""
        if self._list is not None:
            got = self._list
            return {i: got[i] for i in indices}
        if self._bounds is None:
            import numpy as np  # a batch (a start that judges one word does not get here)

            sep = self.sep
            # a byte that the separator holds once: every occurrence in the data is in one
            # separator (no string holds a byte of one), at the same offset
            once = [k for k, c in enumerate(sep) if sep.count(c) == 1]
            if not once:
                lst = self.strings()
                return {i: lst[i] for i in indices}
            k = once[0]
            b = np.frombuffer(self.data, dtype=np.uint8)
            at = np.flatnonzero(b == sep[k]) - k  # each separator's first byte
            starts = np.empty(len(at) + 1, dtype=np.int64)
            starts[0] = 0
            starts[1:] = at + len(sep)
            ends = np.empty(len(at) + 1, dtype=np.int64)
            ends[:-1] = at
            ends[-1] = len(self.data)
            self._bounds = (starts.tolist(), ends.tolist()) if self.data else ([], [])
        starts, ends = self._bounds
        data, out = self.data, {}
        for i in indices:
            if i not in out:
                if i < 0:
                    raise IndexError(i)
                out[i] = data[starts[i]:ends[i]].decode("utf-8")
        return out


# the layout of ana_strings.json (fst.runtime.anatable.save: sorted keys, no white space)
_FORMS_OPEN, _FORMS_CLOSE, _PATTERNS = b'"forms":[', b'],"lemmas":"', b'","patterns":'


def load_packed(raw: bytes) -> dict:
    """The strings of ``ana_strings.json`` (the bytes :func:`fst.runtime.anatable.save` wrote),
    with ``forms`` and ``lemmas`` as :class:`Packed`, cut out of the bytes as they stand;
    :func:`load_strings` of the text when the file is not laid out so or a string holds an
    escape."""
    i = raw.find(_FORMS_OPEN)
    j = raw.find(_FORMS_CLOSE, i) if i >= 0 else -1
    k = raw.find(_PATTERNS, j) if j >= 0 else -1
    forms, lemmas = raw[i + len(_FORMS_OPEN):j], raw[j + len(_FORMS_CLOSE):k]
    if k < 0 or b"\\" in forms or b"\\" in lemmas or (forms and (
            forms[:1] != b'"' or forms[-1:] != b'"')):
        return load_strings(raw.decode("utf-8"))
    try:
        st = json.loads(raw[:i + len(_FORMS_OPEN)] + raw[j:j + len(_FORMS_CLOSE)] + raw[k:])
    except ValueError:
        return load_strings(raw.decode("utf-8"))
    st["forms"] = Packed(forms[1:-1], b'","')
    st["lemmas"] = Packed(lemmas, LEMMA.encode())
    return st


#: analyses of a batch from which :meth:`AnalysisTable.rows_many` decodes the whole lists of
#: lemmas and forms (once) rather than the strings it reads alone
SELECTIVE = 1 << 15


class AnalysisTable:
    """Every analysis of every tile word, looked up by rank in the tile acceptor ``dfa`` (a
    :class:`fst.runtime.dfa.TileDFA`, or a :class:`WordDFA`, which ranks without numpy).
    ``table``: the arrays (numpy arrays or memoryviews) and strings of
    :mod:`fst.runtime.anatable`. Read-only, so safe to share between threads."""

    def __init__(self, table: dict, dfa):
        self.dfa = dfa
        self.offsets = table["offsets"]
        self.lemma = table["lemma"]
        self.form = table["form"]
        st = table["strings"]
        lemmas = st["lemmas"]  # a list (export), one string or Packed (ana_strings.json)
        if isinstance(lemmas, str):
            lemmas = lemmas.split(LEMMA) if lemmas else []
        self._lemmas = lemmas
        self.patterns: list[str] = st["patterns"]
        # per form, [class, cell, [rule ids], weight] or that as one string (decode_form),
        # or Packed strings
        self._raw_forms = st["forms"]
        self._forms: list | None = None
        self._one_form: dict[int, tuple] = {}
        self.extra = {t: [Row(lm, c, cell, s, tuple(r), float(w)) for lm, c, cell, s, r, w in rows]
                      for t, rows in st["extra"].items()}
        self._n_pat = max(1, len(self.patterns))

    @property
    def lemmas(self) -> list[str]:
        """The lemmas, sorted (split on first use: a look-up of one word reads its own,
        :meth:`_lemma`)."""
        if isinstance(self._lemmas, Packed):
            self._lemmas = self._lemmas.strings()
        return self._lemmas

    def _lemma(self, i: int) -> str:
        lemmas = self._lemmas
        return lemmas.get(i) if isinstance(lemmas, Packed) else lemmas[i]

    @property
    def forms(self) -> list[tuple[str, str, tuple[str, ...], float]]:
        """(class, cell, rule ids, weight) per form, converted on first use (~25 ms: a look-up
        of one word converts only its own, :meth:`_form`)."""
        if self._forms is None:
            raw = self._raw_forms
            self._forms = [decode_form(r) for r in
                           (raw.strings() if isinstance(raw, Packed) else raw)]
        return self._forms

    def _form(self, f: int) -> tuple[str, str, tuple[str, ...], float]:
        if self._forms is not None:
            return self._forms[f]
        got = self._one_form.get(f)
        if got is None:
            raw = self._raw_forms
            got = decode_form(raw.get(f) if isinstance(raw, Packed) else raw[f])
            self._one_form[f] = got
        return got

    @classmethod
    def load(cls, directory: Path | str, dfa) -> "AnalysisTable":
        """Load ``ana_*`` from ``directory`` (arrays memory-mapped, read-only: :func:`read_array`).
        Raises ``OSError``/``ValueError`` for a missing or unreadable file."""
        d = Path(directory)
        table: dict = {n: read_array(d / f"ana_{n}.npy") for n in ANA_ARRAY_NAMES}
        table["strings"] = load_packed((d / "ana_strings.json").read_bytes())
        return cls(table, dfa)

    def rows(self, tile: str, rank: int) -> list[Row]:
        """The analyses of the tile word ``tile`` whose rank (in :attr:`dfa`) is ``rank`` (-1:
        not in the acceptor: the rulings' words of ``extra``), best first."""
        if rank < 0:
            return list(self.extra.get(tile, ()))
        lo, hi = int(self.offsets[rank]), int(self.offsets[rank + 1])
        if lo == hi:
            return []
        low = base_form(tile)
        n = len(low)
        out = []
        pats, form_of, lemma_of = self.patterns, self._form, self._lemma
        for lm, fp in zip(self.lemma[lo:hi].tolist(), self.form[lo:hi].tolist()):
            f, p = divmod(fp, self._n_pat)
            pat = pats[p]
            if pat:
                k = n - len(pat)
                surface = low[:k] + "".join(b if c == KEEP else c for b, c in zip(low[k:], pat))
            else:
                surface = low
            cls, cell, rules, w = form_of(f)
            out.append(Row(lemma_of(lm), cls, cell, surface, rules, w))
        return out

    _rows = rows

    def rows_many(self, tiles: list[str], ranks) -> list[list[Row]]:
        """:meth:`rows` of each tile word of ``tiles`` with its rank of ``ranks`` (ints or an
        int array), same order: the batch's analyses found by a few numpy gathers into the
        table, then one :class:`Row` per analysis (a surface's accented ending made once per
        ending and accent pattern). Imports numpy."""
        import numpy as np  # a batch (a start that judges one word does not get here)

        ranks = np.asarray(ranks, dtype=np.int64).reshape(-1)
        if len(ranks) != len(tiles):
            raise ValueError("tiles and ranks differ in length")
        offsets = np.asarray(self.offsets)
        inside = ranks >= 0
        at = np.where(inside, ranks, 0)
        lo = np.where(inside, offsets[at], 0).astype(np.int64)
        count = np.where(inside, offsets[at + 1], 0) - lo
        ends = np.cumsum(count)
        total = int(ends[-1]) if len(ends) else 0
        idx = np.repeat(lo - (ends - count), count) + np.arange(total, dtype=np.int64)
        lemma_of = np.asarray(self.lemma)[idx].tolist()
        fp = np.asarray(self.form)[idx].astype(np.int64)
        form_of, pat_of = (fp // self._n_pat).tolist(), (fp % self._n_pat).tolist()
        (lemmas, forms), pats = self._batch_strings(lemma_of, form_of), self.patterns
        endings: dict[tuple[int, str], str] = {}  # (pattern, plain ending) → accented ending
        out: list[list[Row]] = []
        k = 0
        for tile, n_rows, rank in zip(tiles, count.tolist(), ranks.tolist()):
            if rank < 0:
                out.append(list(self.extra.get(tile, ())))
                continue
            low = base_form(tile)
            rows = []
            for a in range(k, k + n_rows):
                p = pat_of[a]
                pat = pats[p]
                if pat:
                    cut = len(low) - len(pat)
                    tail = low[cut:]
                    ending = endings.get((p, tail))
                    if ending is None:
                        ending = endings[p, tail] = "".join(
                            b if c == KEEP else c for b, c in zip(tail, pat))
                    surface = low[:cut] + ending
                else:
                    surface = low
                cls, cell, rules, w = forms[form_of[a]]
                rows.append(Row(lemmas[lemma_of[a]], cls, cell, surface, rules, w))
            k += n_rows
            out.append(rows)
        return out

    def _batch_strings(self, lemma_of: list[int], form_of: list[int]):
        """(lemmas, forms) that a batch reading the lemmas ``lemma_of`` and the forms
        ``form_of`` (indices) indexes: the whole lists when they are decoded already, or the
        batch is large (at least :data:`SELECTIVE` analyses); else dicts of the strings read,
        each decoded alone (:meth:`Packed.take`), so that a batch decodes what it prints."""
        small = len(lemma_of) < SELECTIVE
        if isinstance(self._lemmas, Packed) and self._lemmas._list is None and small:
            lemmas = self._lemmas.take(lemma_of)
        else:
            lemmas = self.lemmas
        if self._forms is None and small:
            raw, memo = self._raw_forms, self._one_form
            need = [f for f in set(form_of) if f not in memo]
            if isinstance(raw, Packed):
                for f, text in raw.take(need).items():
                    memo[f] = decode_form(text)
            else:
                for f in need:
                    memo[f] = decode_form(raw[f])
            forms = memo
        else:
            forms = self.forms
        return lemmas, forms

    def lookup(self, tile: str) -> list[Row]:
        """Every analysis of the tile word ``tile``, best first
        (:func:`fst.runtime.anatable.order_key`); [] if it has none."""
        return self.rows(tile, self.dfa.rank(tile))

    def lookup_many(self, tiles: list[str]) -> list[list[Row]]:
        """:meth:`lookup` of each tile word, same order; ranks computed for the whole batch."""
        return self.rows_many(tiles, self.dfa.ranks_of(tiles))
