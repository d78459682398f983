"""The lexicon's data files (see README.md): plain UTF-8, tab-separated, ``#`` comments.

Every reader of a lexicon file is here, and :func:`load` gathers those the build uses into one
:class:`Lexicon` value that ``fst.build.compile.build`` takes. The readers check what the files' own
format says (columns, Greek letters, citations); the checks that need grammar knowledge are the
grammar's (``grammars.compounds.check_records``,
``grammars.rules.e4_spellings.check_pairs``): the grammar calls this package, never the other
way (this package imports only ``grammars.alphabet``). A test can make a small
``Lexicon(lemmas=(...))`` by hand and build a ten-lemma grammar from it.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Mapping

#: accented lower-case Greek letters a listed form may use
from grammars.alphabet import SURFACE_LETTERS, TILE_LETTERS, tile

LEXICON_DIR = Path(__file__).resolve().parent
#: the files of listed paradigms, in the order they are read
LISTED_FILES = ("irregular.tsv", "closed.tsv", "loans.tsv", "regulation-forms.tsv",
                "learned-genitives.tsv", "single-forms.tsv")
#: the other files the build reads (besides ``lemmas*.tsv`` and the listed files)
FLAGS_FILE = "flags.tsv"
HIDDEN_WORDS_FILE = "hidden_words.tsv"
LEARNED_AORISTS_FILE = "learned-aorists.tsv"
RULINGS_FILE = "rulings.tsv"
INTERNAL_AUGMENT_FILE = "internal-augment.tsv"
COMPOUNDS_FILE = "compounds.tsv"
SPELLINGS_FILE = "spellings.tsv"
NO_COMPARISON_FILE = "no-comparison.tsv"
VERB_PARTS_FILE = "verb-parts.tsv"  # read by grammars.conjugation (grammars/verb_parts.py)
COMPARISON_FILE = "comparison.tsv"
WORDS_2_3_FILE = "words-2-3.tsv"
#: files read outside the build
LEMMAS_FILE = "lemmas.tsv"  # elspell's hand-classified rows (the guesser's weights)
EXCLUDED_FILE = "excluded.tsv"  # capitalised lemmas (§C1)
TILES_FILE = LEXICON_DIR / "tiles" / "greek.tsv"  # the tile set (values, counts)
LICENCES_FILE = LEXICON_DIR / "notes" / "licences.tsv"  # each file's licence note
#: the lemma files whose rows carry a source id (README.md; grammars/profiles.py)
SOURCE_FILES = {"lemmas-pes-dev.tsv": "PES", "lemmas-freedict.tsv": "FD"}
#: the lemma files whose rows carry a source id by their source column: a participle that only
#: FreeDict gives (scripts/pipeline/import_participles.py) is left out of ``free`` as FD is
SOURCE_COLUMN_MARKS = {"lemmas-participles.tsv": {"freedict": "FD"}}
#: a flag shown in analyses: the accent of a lemma learned from tile forms is a guess
FLAG_MARKS = {"accent_guessed": "ACCENT-GUESSED"}


def source_marks(file_name: str, flags=(), source: str = "") -> tuple[str, ...]:
    """The ids every analysis of a row of lexicon file ``file_name`` with source column
    ``source`` carries (the file's source id, or the one its source column gives, and the
    marks of its flags, e.g. ``ACCENT-GUESSED``)."""
    out = [SOURCE_FILES[file_name]] if file_name in SOURCE_FILES else []
    by_source = SOURCE_COLUMN_MARKS.get(file_name, {})
    if source in by_source:
        out.append(by_source[source])
    return tuple(out + [FLAG_MARKS[f] for f in flags if f in FLAG_MARKS])


def rows(path: Path, header: str = "") -> Iterator[tuple[int, list[str]]]:
    """(line number, tab-separated fields) of each data row of ``path``: comment lines
    (``#``), blank lines and a header row starting with ``header`` + TAB are skipped.
    Raises OSError if the file cannot be read."""
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip() or (
                    header and line.startswith(header + "\t")):
                continue
            yield lineno, line.rstrip("\n").split("\t")


@dataclass(frozen=True)
class LexEntry:
    """One lemma + inflection class row of ``lemmas*.tsv`` (flags of ``flags.tsv`` merged)."""
    lemma: str
    pos: str
    inflection_class: str
    source: str
    flags: tuple[str, ...] = ()
    # source ids every analysis of the row carries, so that a profile can leave the row out
    # of the shared acceptor (grammars/profiles.py: lemmas-pes-dev.tsv → PES)
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListedForm:
    """One row of a listed paradigm (``irregular.tsv`` …): an accented form of one cell.

    ``rules`` are the rule ids the row is licensed by (the ``§X`` its citation names, §B7 for
    loans); ``printed_only`` marks a form printed in a set phrase or an old grammar only (§E1:
    εάλω, έτεκον), which takes no rule layer."""
    lemma: str
    pos: str
    inflection_class: str
    cell: str
    form: str
    weight: int
    citation: str
    rules: tuple[str, ...] = ()
    printed_only: bool = False


_RULE_IN_CITATION = re.compile(r"§([A-E]\d+)")


def read_lemmas(paths: list[Path]) -> list[LexEntry]:
    """Rows of the ``lemmas*.tsv`` files ``paths`` (``lemmas.tsv`` from elspell, ``lemmas-*.tsv``
    from other sources; see README.md for the format), flags of the ``flags`` column only.

    Raises ValueError naming file and line for a malformed row.
    """
    out = []
    for p in paths:
        for lineno, parts in rows(p):
            if len(parts) != 8:
                raise ValueError(f"{p}:{lineno}: expected 8 tab-separated columns")
            flags = tuple(x for x in parts[5].split(",") if x and x != "-")
            out.append(LexEntry(parts[0], parts[1], parts[3], parts[7], flags,
                                source_marks(Path(p).name, flags, parts[7])))
    return out


def merge_flags(entries: list[LexEntry], extra: Mapping[tuple[str, str], tuple[str, ...]]
                ) -> list[LexEntry]:
    """``entries`` with the flags of ``extra`` ((lemma, class) → flags) added after their own."""
    return [e if (e.lemma, e.inflection_class) not in extra else LexEntry(
        e.lemma, e.pos, e.inflection_class, e.source,
        e.flags + tuple(x for x in extra[e.lemma, e.inflection_class] if x not in e.flags),
        e.marks) for e in entries]


def read_lexicon(path: Path | None = None) -> list[LexEntry]:
    """Rows of ``lexicon/lemmas*.tsv`` with the flags of ``flags.tsv`` merged, or the rows of
    the one file ``path`` alone (no flags merged).

    Raises ValueError naming file and line for a malformed row.
    """
    if path:
        return read_lemmas([Path(path)])
    return merge_flags(read_lemmas(sorted(LEXICON_DIR.glob("lemmas*.tsv"))), read_flags())


def read_flags(path: Path | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
    """(lemma, class) → flags of ``lexicon/flags.tsv`` (rows ``lemma class flag evidence``;
    README.md), or of ``path``; {} if the file does not exist.

    Raises ValueError naming file and line for a malformed row.
    """
    path = path or LEXICON_DIR / FLAGS_FILE
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    if not path.exists():
        return out
    for lineno, parts in rows(path):
        if len(parts) != 4:
            raise ValueError(f"{path}:{lineno}: expected 4 tab-separated columns")
        key = (parts[0], parts[1])
        out[key] = out.get(key, ()) + (parts[2],)
    return out


def read_listed(files: tuple[str, ...] = LISTED_FILES,
                directory: Path | None = None) -> list[ListedForm]:
    """Listed paradigms: rows ``lemma pos class cell form weight citation`` of
    ``irregular.tsv``, ``closed.tsv`` (hand-entered), ``loans.tsv`` (§B7 loans from spaCy) and
    ``regulation-forms.tsv`` (forms the regulation prints) (see README.md).

    Forms are accented lower case as printed in the cited grammar table. Raises ValueError
    naming file and line for a malformed row (wrong column count, non-Greek form, no citation).
    """
    directory = directory or LEXICON_DIR
    out = []
    for name in files:
        path = directory / name
        if not path.exists():
            continue
        for lineno, parts in rows(path, "lemma"):
            if len(parts) != 7 or not parts[6].strip():
                raise ValueError(f"{path}:{lineno}: expected 7 tab-separated columns "
                                 "ending with a citation")
            lemma, pos, cls, cell, form, weight, cit = parts
            if not set(form) <= SURFACE_LETTERS or not set(lemma) <= SURFACE_LETTERS:
                raise ValueError(f"{path}:{lineno}: {form!r} is not an accented lower-case "
                                 "Greek form")
            out.append(ListedForm(lemma, pos, cls, cell, form, int(weight), cit,
                                  tuple(_RULE_IN_CITATION.findall(cit)), "§E1" in cit))
    return out


def read_hidden_words(path: Path | None = None) -> list[str]:
    """Surface forms (lower case, unaccented, final ς) of ``lexicon/hidden_words.tsv`` (§E2),
    sorted, without duplicates; [] if the file does not exist."""
    path = path or LEXICON_DIR / HIDDEN_WORDS_FILE
    if not path.exists():
        return []
    out = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("word\t") or not line.strip():
                continue
            w = line.split("\t", 1)[0].lower()
            out.add(w[:-1] + "ς" if w.endswith("σ") else w)
    return sorted(out)


def read_learned_aorists(path: Path | None = None) -> dict[str, str]:
    """§D3: lemma → listed learned passive aorist (1st singular) of
    ``lexicon/learned-aorists.tsv`` (rows ``lemma  learned_aorist  citation``).

    Raises ValueError naming file and line for a malformed row."""
    path = path or LEXICON_DIR / LEARNED_AORISTS_FILE
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for lineno, parts in rows(path, "lemma"):
        if len(parts) != 3 or not parts[2].strip() or not set(parts[1]) <= SURFACE_LETTERS:
            raise ValueError(f"{path}:{lineno}: expected lemma, learned aorist, citation")
        out[parts[0]] = parts[1]
    return out


def read_rulings(path: Path | None = None) -> dict[str, tuple[bool, str]]:
    """The rulings file (§A4): tile form → (accepted?, reference). Rows of
    ``lexicon/rulings.tsv``: ``word  verdict(accept|reject)  reference  date``.

    Raises ValueError naming file and line for a malformed row.
    """
    path = path or LEXICON_DIR / RULINGS_FILE
    out: dict[str, tuple[bool, str]] = {}
    if not path.exists():
        return out
    for lineno, parts in rows(path, "word"):
        if len(parts) != 4 or parts[1] not in ("accept", "reject") or not parts[2].strip():
            raise ValueError(f"{path}:{lineno}: expected word, accept|reject, reference, date")
        out[parts[0]] = (parts[1] == "accept", f"{parts[2]} ({parts[3]})")
    return out


def read_no_comparison(path: Path | None = None) -> frozenset[str]:
    """Lemmas of ``lexicon/no-comparison.tsv``: adjectives without degrees (§B6)."""
    path = path or LEXICON_DIR / NO_COMPARISON_FILE
    if not path.exists():
        return frozenset()
    return frozenset(parts[0] for _, parts in rows(path, "lemma"))


def read_graded(path: Path | None = None) -> frozenset[str] | None:
    """Lemmas of ``lexicon/comparison.tsv``: -ος adjectives with attested degrees (§B6,
    scripts/pipeline/find_comparison.py); None when the file is absent (then no evidence filter)."""
    path = path or LEXICON_DIR / COMPARISON_FILE
    if not path.exists():
        return None
    return frozenset(parts[0] for _, parts in rows(path, "lemma"))


@dataclass(frozen=True)
class InternalAugment:
    """A row of ``internal-augment.tsv`` (§D2): the verb, its learned prefix and that prefix
    with the internal augment."""
    lemma: str
    prefix: str
    augmented: str
    mode: str        # "both": plain and internal forms; "only": internal only where stressed
    unstressed: bool  # the internal augment also where it is unstressed (διελύσαμε)


def read_internal_augment(path: Path | None = None) -> dict[str, InternalAugment]:
    """``lexicon/internal-augment.tsv`` (or ``path``): lemma → :class:`InternalAugment`. Rows
    ``lemma prefix augmented mode unstressed evidence source`` (README.md); {} if absent.

    Raises ValueError naming file and line for a malformed row."""
    path = path or LEXICON_DIR / INTERNAL_AUGMENT_FILE
    out: dict[str, InternalAugment] = {}
    if not path.exists():
        return out
    for lineno, parts in rows(path, "lemma"):
        if len(parts) != 7 or parts[3] not in ("both", "only") \
                or parts[4] not in ("yes", "no"):
            raise ValueError(f"{path}:{lineno}: expected lemma, prefix, augmented, "
                             "both|only, yes|no, evidence, source")
        out[parts[0]] = InternalAugment(parts[0], parts[1], parts[2], parts[3], parts[4] == "yes")
    return out


@dataclass(frozen=True)
class CompoundRecord:
    """A row of ``compounds.tsv``: a compound verb of the irregular core, its base, prefix
    and augment modes (``grammars/compounds.py`` derives its paradigm). ``where``
    (``file:line``) and ``mode_text`` (the mode column as written) are for the grammar's
    error messages only: they take no part in equality."""
    lemma: str
    base: str
    prefix: str
    modes: frozenset[str]
    source: str
    where: str = field(default="", compare=False, repr=False)
    mode_text: str = field(default="", compare=False, repr=False)


def read_compounds(path: Path | None = None) -> list[CompoundRecord]:
    """Rows ``lemma base prefix mode source`` of ``lexicon/compounds.tsv`` (or ``path``; mode:
    comma-separated modes, or ``-``); [] if absent. The grammar checks the prefixes and modes
    (``grammars.compounds.check_records``).

    Raises ValueError naming file and line for a malformed row (wrong column count, a lemma
    that is not prefix + base)."""
    path = path or LEXICON_DIR / COMPOUNDS_FILE
    out: list[CompoundRecord] = []
    if not path.exists():
        return out
    for lineno, parts in rows(path, "lemma"):
        if len(parts) != 5 or parts[0] != parts[2] + parts[1]:
            raise ValueError(f"{path}:{lineno}: expected lemma = prefix + base, base, "
                             "prefix, mode, source")
        modes = frozenset(m for m in parts[3].split(",") if m and m != "-")
        out.append(CompoundRecord(parts[0], parts[1], parts[2], modes, parts[4],
                                  f"{path}:{lineno}", parts[3]))
    return out


@dataclass(frozen=True)
class StemPair:
    """A row of ``spellings.tsv`` (§E4): a stem spelt two ways with the same sound. ``where``
    (``file:line``) is for the grammar's error messages only (no part in equality)."""
    stem: str       # plain stem, as the lemmas spell it (αυγο)
    other: str      # the other spelling (αβγο)
    kind: str       # grammars.rules.e4_spellings.ALTERNATIONS key
    lemmas: str     # the lemma pairs behind it, "αυγό/αβγό …"
    citation: str   # "regulation §E4" or the lexicon files the lemma pairs come from
    where: str = field(default="", compare=False, repr=False)

    @property
    def position(self) -> int:
        """Index of the alternation in the stem."""
        # both spellings differ in their second letter (αυ/αβ, αη/αϊ)
        return next(i for i, (x, y) in enumerate(zip(self.stem, self.other)) if x != y) - 1


def read_spellings(path: Path | None = None) -> list[StemPair]:
    """Rows ``stem  other  kind  lemmas  citation`` of ``lexicon/spellings.tsv`` (or ``path``);
    [] if absent. The grammar checks the kinds and alternations
    (``grammars.rules.e4_spellings.check_pairs``).

    Raises ValueError naming file and line for a malformed row: wrong column count, no
    citation."""
    path = path or LEXICON_DIR / SPELLINGS_FILE
    out: list[StemPair] = []
    if not path.exists():
        return out
    for lineno, parts in rows(path, "stem"):
        if len(parts) != 5 or not parts[4].strip():
            raise ValueError(f"{path}:{lineno}: expected stem, other, kind, lemmas, citation")
        stem, other, kind, lemmas, cit = parts
        out.append(StemPair(stem, other, kind, lemmas, cit, f"{path}:{lineno}"))
    return out


@dataclass(frozen=True)
class ShortWord:
    """A row of ``words-2-3.tsv`` (§L23): a 2–3 letter word of the federation's list."""
    word: str      # tile form
    form: str      # accented lower-case surface
    lemma: str
    pos: str       # UniMorph POS, X when no source gives one
    accent: str    # source | monosyllable | none
    source: str

    @property
    def inflection_class(self) -> str:
        """``INDECL`` for a word that is its own lemma, ``FORM`` for a form of another."""
        return "INDECL" if self.lemma == self.form else "FORM"

    @property
    def cell(self) -> str:
        # a verb form's cell must not be a verb cell (§B3 and §D1 act on those)
        return "X;V" if self.pos == "V" else self.pos


#: word lengths of ``words-2-3.tsv``
SHORT_LENGTHS = (2, 3)


def read_short_words(path: Path | None = None) -> list[ShortWord]:
    """Rows of ``lexicon/words-2-3.tsv`` (or ``path``); [] if absent.

    Raises ValueError naming file and line for a malformed row (columns, a word that is not
    2–3 tile letters, a form whose tile form is not the word)."""
    path = path or LEXICON_DIR / WORDS_2_3_FILE
    if not path.exists():
        return []
    out = []
    for lineno, parts in rows(path, "word"):
        if len(parts) != 6:
            raise ValueError(f"{path}:{lineno}: expected 6 tab-separated columns")
        w = ShortWord(*parts)
        if len(w.word) not in SHORT_LENGTHS or not set(w.word) <= set(TILE_LETTERS) \
                or tile(w.form) != w.word:
            raise ValueError(f"{path}:{lineno}: {w.word!r} is not a 2–3 letter tile word "
                             f"spelt {w.form!r}")
        out.append(w)
    return out


@dataclass(frozen=True)
class TileSet:
    """The Greek Scrabble set: ``values[letter]`` (points), ``counts[letter]`` (tiles of the
    letter in the set), ``blanks`` (blank tiles, worth 0), ``source`` (the citation)."""
    values: dict[str, int]
    counts: dict[str, int]
    blanks: int
    source: str

    def score(self, word: str, blanks: Iterable[int] = ()) -> int:
        """Face value of ``word`` (tile form): the sum of its letters' values, less the letters
        at the 0-based positions ``blanks`` (played by blanks, worth 0). No board premiums."""
        skip = set(blanks)
        return sum(self.values[c] for i, c in enumerate(word) if i not in skip)


@functools.lru_cache(maxsize=None)
def tile_set(path: Path | str | None = None) -> TileSet:
    """The tile set read from ``lexicon/tiles/greek.tsv`` (or ``path``).

    Raises ValueError if the file does not give a value and count for each of the 24 tile
    letters and the blank."""
    path = Path(path) if path else TILES_FILE
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    source = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#"):
                source.append(line[1:].strip())
                continue
            parts = line.rstrip("\n").split("\t")
            if not line.strip() or parts[0] == "letter":
                continue
            try:
                letter, value, count = parts[0], int(parts[1]), int(parts[2])
            except (IndexError, ValueError):
                raise ValueError(f"{path}:{lineno}: expected letter, value, count") from None
            values[letter], counts[letter] = value, count
    missing = [c for c in TILE_LETTERS + "?" if c not in values]
    if missing:
        raise ValueError(f"{path}: no value/count for {' '.join(missing)}")
    blanks = counts.pop("?")
    values.pop("?")
    return TileSet(values, counts, blanks, " ".join(s for s in source if "Source" in s or
                                                     "wikipedia" in s.lower()))


def read_licences(path: Path | None = None) -> list[tuple[str, str, str]]:
    """Rows ``file  id  note`` of ``lexicon/notes/licences.tsv`` (or ``path``), the header
    row left out: the licence note of each lexicon file, and the source or rule id that
    leaves it out of a profile (``-``: none). Raises ValueError naming file and line for a
    row that is not three tab-separated fields."""
    path = path or LICENCES_FILE
    out = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                raise ValueError(f"{path}:{lineno}: expected file, id, note")
            if parts[0] != "file":
                out.append((parts[0], parts[1], parts[2]))
    return out


@dataclass(frozen=True)
class Lexicon:
    """Everything the build reads from the lexicon, as one value.

    ``lemmas``: lemma rows (flags merged); ``listed``: rows of the listed paradigms;
    ``hidden_words``: §E2 surface forms; ``learned_aorists``: §D3 lemma → learned aorist;
    ``internal_augment``: §D2 lemma → :class:`InternalAugment`; ``compounds``:
    :class:`CompoundRecord` rows; ``spellings``: §E4 :class:`StemPair` rows;
    ``no_comparison``: §B6 lemmas without degrees; ``graded``: §B6 lemmas with attested
    degrees (None: no filter); ``short_words``: §L23 rows of ``words-2-3.tsv``
    (:class:`ShortWord`); ``rulings``: §A4 tile form → (accepted?, reference);
    ``files``: the files read."""
    lemmas: tuple[LexEntry, ...] = ()
    listed: tuple[ListedForm, ...] = ()
    hidden_words: tuple[str, ...] = ()
    learned_aorists: Mapping[str, str] = field(default_factory=dict)
    internal_augment: Mapping[str, InternalAugment] = field(default_factory=dict)
    compounds: tuple[CompoundRecord, ...] = ()
    spellings: tuple[StemPair, ...] = ()
    no_comparison: frozenset[str] = frozenset()
    graded: frozenset[str] | None = None
    short_words: tuple = ()
    rulings: Mapping[str, tuple[bool, str]] = field(default_factory=dict)
    files: tuple[Path, ...] = ()


def input_files(lemmas_path: Path | None = None, directory: Path | None = None,
                without=()) -> list[Path]:
    """The files :func:`load` reads (those that exist, bar the file names of ``without``), in
    a fixed order."""
    d = directory or LEXICON_DIR
    files = [Path(lemmas_path)] if lemmas_path else sorted(d.glob("lemmas*.tsv")) + [d / FLAGS_FILE]
    files += [d / n for n in LISTED_FILES]
    files += [d / n for n in (HIDDEN_WORDS_FILE, LEARNED_AORISTS_FILE, RULINGS_FILE,
                              INTERNAL_AUGMENT_FILE, COMPOUNDS_FILE, SPELLINGS_FILE,
                              NO_COMPARISON_FILE, VERB_PARTS_FILE, COMPARISON_FILE,
                              WORDS_2_3_FILE)]
    return [p for p in files if p.exists() and p.name not in set(without)]


def load(lemmas_path: Path | None = None, directory: Path | None = None,
         without=()) -> Lexicon:
    """The lexicon of ``directory`` (default: this package's folder): every ``lemmas*.tsv``
    with ``flags.tsv`` merged, or only the lemma rows of ``lemmas_path`` (no flags); the other
    files always from ``directory``. ``without``: file names left out, as if absent (a
    profile's lexicon sources, ``grammars.profiles.SOURCES``).

    Raises ValueError naming file and line for a malformed row of any file."""
    d = directory or LEXICON_DIR
    files = set(input_files(lemmas_path, d, without))
    if lemmas_path:
        lemmas = read_lemmas([Path(lemmas_path)])
    else:
        lemmas = merge_flags(read_lemmas([p for p in sorted(d.glob("lemmas*.tsv")) if p in files]),
                             read_flags(d / FLAGS_FILE) if d / FLAGS_FILE in files else {})
    d = _Without(d, files)
    return Lexicon(
        lemmas=tuple(lemmas),
        listed=tuple(read_listed(directory=d)),
        hidden_words=tuple(read_hidden_words(d / HIDDEN_WORDS_FILE)),
        learned_aorists=read_learned_aorists(d / LEARNED_AORISTS_FILE),
        internal_augment=read_internal_augment(d / INTERNAL_AUGMENT_FILE),
        compounds=tuple(read_compounds(d / COMPOUNDS_FILE)),
        spellings=tuple(read_spellings(d / SPELLINGS_FILE)),
        no_comparison=read_no_comparison(d / NO_COMPARISON_FILE),
        graded=read_graded(d / COMPARISON_FILE),
        short_words=tuple(read_short_words(d / WORDS_2_3_FILE)),
        rulings=read_rulings(d / RULINGS_FILE),
        files=tuple(input_files(lemmas_path, d.path, without)))


class _Without:
    """A lexicon folder in which only ``files`` exist: ``folder / name`` is the file, or a
    path that does not exist (so the reader returns nothing)."""

    def __init__(self, path: Path, files):
        self.path, self.files = path, files

    def __truediv__(self, name: str) -> Path:
        p = self.path / name
        return p if p in self.files else self.path / f".{name}.left-out"
