"""Export the lexicon's paradigms and the compiled transducers for other tools.

* :func:`unimorph_rows`: ``lemma, form, features`` triples of every paradigm, with UniMorph's
  tag names and feature order as in UniMorph's Greek file (``ell``, from Wiktionary): nominals
  ``POS;CASE;NUMBER;GENDER`` then the rest (``ADJ;NOM;SG;MASC;CMPR``), verbs
  ``V;PERSON;NUMBER;ASPECT;TENSE`` or ``…;ASPECT;MOOD`` for the subjunctive and imperative
  (``V;1;SG;PFV;PST``, ``V;2;SG;PFV;IMP``), ``V;NFIN`` for the aorist infinitive, ``V;PTCP``
  for the gerund in -οντας. ``ell`` leaves the indicative and the active voice unmarked and has
  no passive forms under an active lemma; dektes keeps them under the lemma (γράφω), so
  passive forms end in ``PASS``. The synthetic superlative (-ότατος) is ``SPRL;AB``
  (absolute). dektes' cells are in ``grammars/classes`` (UniMorph-style, another order).
* :func:`write_att` / :func:`write_openfst`: the analyser (accented surface → lemma and tags)
  and the tile acceptor, as AT&T text (HFST's ``hfst-txt2fst``, OpenFst's ``fstcompile`` with
  the symbol table) and as OpenFst binaries with the symbol tables attached (``fstprint``,
  HFST's ``hfst-fst2fst``). Tags are multi-character symbols: ``[P4]`` (inflection class),
  ``[V;IND;PST;PFV;1;SG;ACT]`` (cell), ``[§D1]`` (a regulation rule that licensed the form);
  an analysis reads ``γράφω[P4][V;IND;PST;PFV;1;SG;ACT]``. Epsilon is ``@0@`` (HFST's name;
  symbol 0 of the tables).
* :func:`write_wordlist`: the plain word list that Zyzzyva and Quackle import (tile form, one
  word per line, sorted) of a profile, with a header of ``#`` lines (Zyzzyva's importer skips
  lines that begin with ``#``, ``WordEngine::importTextFile``) carrying the licence notes of
  the parts of the lexicon the profile holds (:func:`licence_notes`,
  ``lexicon/notes/licences.tsv``).
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterable, Iterator

import numpy as np

from grammars.rules import RULE_WEIGHT  # the weight of a form a regulation rule derives
from lexicon import LICENCES_FILE as LICENCE_FILE
from lexicon import read_licences

from fst import __version__
from fst.runtime.anatable import KEEP, apply_pattern, base_form

EPSILON = "@0@"
CASES = ("NOM", "GEN", "ACC", "VOC")
NUMBERS = ("SG", "PL")
GENDERS = ("MASC", "FEM", "NEUT")
PERSONS = ("1", "2", "3")
ASPECTS = ("IPFV", "PFV", "PRF")
TENSES = ("PRS", "PST", "FUT")
MOODS = ("SBJV", "IMP")
_NOMINAL = {"N", "ADJ", "PRO", "DET", "NUM", "ADP", "V.PTCP"}


def unimorph_features(cell: str) -> str:
    """UniMorph ``ell`` features of a dektes cell (``V;IND;PST;PFV;1;SG;ACT`` →
    ``V;1;SG;PFV;PST``; ``ADJ;CMPR;FEM;ACC;PL`` → ``ADJ;ACC;PL;FEM;CMPR``)."""
    tags = cell.split(";")
    pos, rest = tags[0], tags[1:]
    if pos == "V.CVB":  # the gerund in -οντας: ell calls it V;PTCP
        return "V;PTCP"
    if pos == "V":
        if "NFIN" in rest:
            out = ["V", "NFIN"]
        else:
            out = ["V"]
            for group in (PERSONS, NUMBERS, ASPECTS):
                out += [t for t in rest if t in group]
            mood = [t for t in rest if t in MOODS]
            out += mood or [t for t in rest if t in TENSES]
        return ";".join(out + ["PASS"] * ("PASS" in rest))
    if pos in _NOMINAL:
        out = [pos]
        for group in (CASES, NUMBERS, GENDERS):
            out += [t for t in rest if t in group]
        known = set(CASES + NUMBERS + GENDERS + ("ACT", "PASS"))
        for t in rest:
            if t not in known:
                out += ["SPRL", "AB"] if t == "SPRL" else [t]
        return ";".join(out + ["PASS"] * ("PASS" in rest))
    return cell


def unimorph_rows(judge, rule_derived: bool = False,
                  lemmas: Iterable[str] | None = None) -> Iterator[tuple[str, str, str]]:
    """``(lemma, form, features)`` for every form of every paradigm of ``judge``'s lexicon
    (:class:`fst.api.Judge` with its analysis table), lemma by lemma in alphabetical order,
    each lemma's forms in cell order (then by form), without repeats. Forms licensed only by a
    regulation rule (§B3 ξανα-, §D1 …) are left out unless ``rule_derived``.

    Reads the analysis table (every analysis of every tile word, :mod:`fst.runtime.anatable`); raises
    RuntimeError for a Judge without one."""
    table = judge.table
    if table is None:
        raise RuntimeError("the export needs the analysis table of the build cache")
    dfa = judge.runtime
    offsets = np.asarray(table.offsets)
    n_words = len(offsets) - 1
    lemma = np.asarray(table.lemma)
    form = np.asarray(table.form)
    n_pat = table._n_pat
    fid, pid = np.divmod(form, n_pat)
    order_of = {}
    by_char = judge.tags.by_char
    for k, (c, (kind, tag)) in enumerate(sorted(by_char.items())):
        if kind == "cell":
            order_of[tag] = k
    forms = table.forms
    # the table merges the rule chains of a form: a paradigm form that a rule licenses too
    # names the rule, but keeps the paradigm's weight (0–3; rule-derived forms weigh 5+)
    keep_form = np.array([rule_derived or w < RULE_WEIGHT for _, _, _, w in forms], dtype=bool)
    cell_rank = np.array([order_of.get(cell, 0) for _, cell, _, _ in forms], dtype=np.int64)
    word = np.repeat(np.arange(n_words, dtype=np.int64), np.diff(offsets))
    keep = keep_form[fid]
    wanted = None
    if lemmas is not None:
        wanted = set(lemmas)
        ids = [i for i, lm in enumerate(table.lemmas) if lm in wanted]
        keep &= np.isin(lemma, np.array(ids, dtype=lemma.dtype))
    sel = np.flatnonzero(keep)
    # by lemma (the list is sorted), then cell, then the word
    order = sel[np.lexsort((word[sel], cell_rank[fid[sel]], lemma[sel]))]
    words = list(dfa.wordlist(0, max(1, int(dfa.height[0]))))
    if len(words) != n_words:
        raise RuntimeError("the analysis table does not belong to this acceptor")
    feats = {}
    extra = [(r.lemma, r.surface, r.tags, r.weight) for rows in table.extra.values() for r in rows]
    extra_by_lemma: dict[str, list] = {}
    for lm, surface, cell, weight in extra:
        if (rule_derived or weight < RULE_WEIGHT) and (wanted is None or lm in wanted):
            extra_by_lemma.setdefault(lm, []).append((order_of.get(cell, 0), surface, cell))
    names, patterns = table.lemmas, table.patterns

    current, seen, pending = None, set(), []

    def flush():
        for _, surface, cell in sorted(pending + extra_by_lemma.pop(current, [])):
            f = feats.get(cell) or feats.setdefault(cell, unimorph_features(cell))
            if (surface, f) not in seen:
                seen.add((surface, f))
                yield current, surface, f

    lm_a, w_a, f_a, p_a = (lemma[order].tolist(), word[order].tolist(), fid[order].tolist(),
                           pid[order].tolist())
    for lm, w, f, p in zip(lm_a, w_a, f_a, p_a):
        name = names[lm]
        if name != current:
            if current is not None:
                yield from flush()
            current, seen, pending = name, set(), []
        cell = forms[f][1]
        pending.append((order_of.get(cell, 0), apply_pattern(words[w], patterns[p]), cell))
    if current is not None:
        yield from flush()
    for lm in sorted(extra_by_lemma):  # lemmas known only from ruled-out words
        current, seen, pending = lm, set(), []
        yield from flush()


# ---------------------------------------------------------------------------------------------
# transducers


def symbol_name(label: int, by_char: dict[str, tuple[str, str]]) -> str:
    """The symbol of an FST label: the character, or ``[tag]`` / ``[§rule]`` for a tag."""
    if label == 0:
        return EPSILON
    c = chr(label)
    kind_tag = by_char.get(c)
    if kind_tag is None:
        if c.isspace():
            raise ValueError(f"label U+{label:04X} is white space, which AT&T cannot hold")
        return c
    kind, tag = kind_tag
    return f"[§{tag}]" if kind == "rule" else f"[{tag}]"


def symbol_table(fsts, by_char):
    """A pynini SymbolTable naming every label of ``fsts`` (:func:`symbol_name`)."""
    import pynini

    labels = {0}
    for f in fsts:
        for s in f.states():
            for a in f.arcs(s):
                labels.add(a.ilabel)
                labels.add(a.olabel)
    table = pynini.SymbolTable()
    for lab in sorted(labels):
        name = symbol_name(lab, by_char)
        if table.member(name):  # two labels, one name: a reader could not tell them apart
            raise ValueError(f"two labels share the symbol {name}")
        table.add_symbol(name, lab)
    return table


def _named(fst, table):
    f = fst.copy()
    f.set_input_symbols(table)
    f.set_output_symbols(table)
    return f


@contextlib.contextmanager
def atomic_paths(*paths: Path | str) -> Iterator[list[Path]]:
    """Temporary paths beside ``paths`` to write instead; when the block ends without an
    error each is renamed onto its path, else every one is removed: a failed write (disk full)
    leaves no truncated file, and an earlier file of that name stays whole."""
    import tempfile

    temps = []
    try:
        for p in map(Path, paths):
            fd, tmp = tempfile.mkstemp(prefix=".%s." % p.name, suffix=".tmp", dir=p.parent)
            os.close(fd)
            temps.append(Path(tmp))
        yield temps
        for tmp, p in zip(temps, paths):
            os.replace(tmp, p)
    finally:
        for tmp in temps:
            try:
                tmp.unlink()
            except FileNotFoundError:
                pass


def _fsts(judge):
    return {"analyser": judge.analyser, "tiles": judge.tiles}


def _write(judge, directory: Path | str, write_one) -> list[Path]:
    """Write each FST of :func:`_fsts` with ``write_one(named_fst, table, directory / name)``
    and the shared ``symbols.txt`` into ``directory`` (created if needed). Returns the paths."""
    import shutil
    import tempfile

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    fsts = _fsts(judge)
    table = symbol_table(fsts.values(), judge.tags.by_char)
    # written whole into a temporary folder beside, then each file renamed into place: a
    # failed export (disk full) leaves no truncated file, and the files of an earlier one
    tmp = Path(tempfile.mkdtemp(prefix=".dektes-export-", dir=d))
    try:
        written = [write_one(_named(f, table), table, tmp / name) for name, f in fsts.items()]
        table.write_text(str(tmp / "symbols.txt"))
        if not (tmp / "symbols.txt").exists():
            raise OSError("cannot write %s" % (tmp / "symbols.txt"))
        out = []
        for p in written + [tmp / "symbols.txt"]:
            os.replace(p, d / p.name)
            out.append(d / p.name)
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _att(f, table, stem: Path) -> Path:
    path = stem.with_suffix(".att")
    path.write_text(f.print(isymbols=table, osymbols=table), encoding="utf-8")
    return path


def _openfst(f, table, stem: Path) -> Path:
    path = stem.with_suffix(".fst")
    with _c_stderr_silenced():  # OpenFst also prints "ERROR: … Write failed" lines itself
        f.write(str(path))
    return path


@contextlib.contextmanager
def _c_stderr_silenced() -> Iterator[None]:
    """Point file descriptor 2 at /dev/null for C++ code that reports on it as well as raising:
    the error is then told once, in one line, by the caller."""
    import sys

    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def write_att(judge, directory: Path | str) -> list[Path]:
    """Write ``analyser.att``, ``tiles.att`` (AT&T text: ``src dst in out [weight]``, then
    final states, tropical weights) and ``symbols.txt`` (OpenFst symbol table for both) into
    ``directory`` (created if needed). Returns the paths written."""
    return _write(judge, directory, _att)


def write_openfst(judge, directory: Path | str) -> list[Path]:
    """Write ``analyser.fst`` and ``tiles.fst`` (OpenFst binaries, standard tropical arcs, the
    symbol table attached to both sides) and ``symbols.txt`` into ``directory``."""
    return _write(judge, directory, _openfst)


def analysis_string(a) -> str:
    """An :class:`fst.api.Analysis` as the exported analyser writes it (rules sorted)."""
    return a.lemma + f"[{a.inflection_class}][{a.tags}]" + "".join(f"[§{r}]" for r in a.rules)


# ---------------------------------------------------------------------------------------------
# plain word lists (Zyzzyva, Quackle)


def licence_notes(disabled=frozenset(), list_name: str | None = None,
                  path: Path | str | None = None) -> list[str]:
    """The licence notes of the parts of the lexicon a profile holds: the rows of
    ``lexicon/notes/licences.tsv`` (or ``path``) whose id the profile's switched-off ids
    ``disabled`` (grammars/profiles.py: layers and sources, e.g. ``E2``, ``L23``, ``PES``,
    ``FD``) do not name, and a note for the user's list ``list_name``. Raises ValueError for
    a malformed row."""
    off = {d.lstrip("§").upper() for d in disabled}
    notes = []
    for _, lid, note in read_licences(Path(path) if path else LICENCE_FILE):
        if lid == "-" or lid not in off:
            notes.append(note)
    if list_name:
        notes.append(f"the user's list {list_name!r} (dektes learn, --list): its words under "
                     "the terms of that list's own source")
    return notes


def wordlist_header(judge, profile: str, list_name: str | None = None) -> list[str]:
    """The ``#`` lines that open an exported word list: what it is (version, profile, lengths,
    switched-off ids, list) and :func:`licence_notes`."""
    off = sorted(judge.disabled_rules)
    what = (f"# dektes {__version__} word list: profile {profile}, {judge.min_length}–"
            f"{judge.max_length} letters" + (f", without {' '.join(off)}" if off else "")
            + (f", with the list {list_name!r}" if list_name else "")
            + "; tile form (capitals, no accents), one word per line, sorted")
    return [what, "# Licence notes:"] + ["#   " + n for n in
                                         licence_notes(judge.disabled_rules, list_name)]


def write_wordlist(judge, out, header: list[str] | None) -> int:
    """Write the profile's word list (:meth:`fst.api.Judge.wordlist_bytes`) to the binary
    stream ``out``, after the ``header`` lines (None: none). Returns the number of words.
    Raises OSError from the stream."""
    if header:
        out.write(("\n".join(header) + "\n").encode("utf-8"))
    n = 0
    for block in judge.wordlist_bytes():
        out.write(block)
        n += block.count(b"\n")
    return n


# ---------------------------------------------------------------------------------------------
# hunspell


def accented_forms(judge) -> dict[tuple[str, str], set[str]]:
    """(lemma, inflection class) → the accented surfaces that ``check --strict-accents``
    accepts for the words of the profile (:meth:`fst.api.Judge.accent_verdict`: the surfaces
    of the valid analyses, a user's list's own entries left out); a valid word without such an
    analysis (a ruling's) as its lower-case tile form under ``("", "")``."""
    out: dict[tuple[str, str], set[str]] = {}
    table = judge.table
    words = list(judge.wordlist())
    if table is None:  # a Judge made from FSTs alone: word by word
        for t in words:
            forms = judge._typed_forms(t)
            rows = [a for a in judge.analyse(t) if a.surface in forms]
            for a in rows:
                out.setdefault((a.lemma, a.inflection_class), set()).add(a.surface)
            if not rows:
                out.setdefault(("", ""), set()).add(base_form(t))
        return out
    off = set(judge.disabled_rules) | {"LIST"}
    good = [not (off & set(r)) for _, _, r, _ in table.forms]
    pats, forms, lemmas, n_pat = table.patterns, table.forms, table.lemmas, table._n_pat
    offsets = np.asarray(table.offsets)
    lem = np.asarray(table.lemma)
    frm = np.asarray(table.form)
    ranks = judge.runtime.ranks_of(words).tolist()
    for t, r in zip(words, ranks):
        lo, hi = (int(offsets[r]), int(offsets[r + 1])) if r >= 0 else (0, 0)
        low = base_form(t)
        n = len(low)
        found = False
        for lm, fp in zip(lem[lo:hi].tolist(), frm[lo:hi].tolist()):
            f, p = divmod(fp, n_pat)
            if not good[f]:
                continue
            pat = pats[p]
            k = n - len(pat)
            surface = low[:k] + "".join(b if c == KEEP else c for b, c in zip(low[k:], pat)) \
                if pat else low
            out.setdefault((lemmas[lm], forms[f][0]), set()).add(surface)
            found = True
        if not found:
            out.setdefault(("", ""), set()).add(low)
    return out


def hunspell_files(judge, profile: str = "board", list_name: str | None = None
                   ) -> tuple[str, str]:
    """(.aff text, .dic text) of the accented language (:func:`accented_forms`): per lemma
    and inflection class, its forms' longest common prefix is the stem of a .dic entry and
    the rest of each form a suffix (SFX, nothing stripped); one affix class (a numbered flag)
    per set of suffixes, named by the inflection classes that have it; a stem that is no form
    itself carries NEEDAFFIX. Forms with a common prefix under two letters are entries of
    their own. The .aff's comment header carries :func:`wordlist_header`'s notes."""
    groups = accented_forms(judge)
    flags: dict[tuple[str, ...], int] = {}
    classes: dict[int, set[str]] = {}
    entries: set[str] = set()
    need = 1  # flag 1: NEEDAFFIX
    for (lemma, cls), forms in groups.items():
        stem = _common_prefix(forms)
        if not lemma or len(forms) < 2 or len(stem) < 2:
            entries.update(forms)
            continue
        suffixes = tuple(sorted(f[len(stem):] for f in forms if f != stem))
        flag = flags.setdefault(suffixes, len(flags) + 2)
        classes.setdefault(flag, set()).add(cls)
        entries.add(f"{stem}/{flag}" if stem in forms else f"{stem}/{flag},{need}")
    head = wordlist_header(judge, profile, list_name)
    head[0] = head[0].replace("word list", "hunspell dictionary").split(";")[0] + \
        "; accented lower case, as check --strict-accents judges it"
    aff = head + ["SET UTF-8", "FLAG num", f"NEEDAFFIX {need}", ""]
    for suffixes, flag in sorted(flags.items(), key=lambda kv: kv[1]):
        aff.append(f"# {' '.join(sorted(classes[flag]))}")
        aff.append(f"SFX {flag} Y {len(suffixes)}")
        aff += [f"SFX {flag} 0 {s} ." for s in suffixes]
        aff.append("")
    dic = [str(len(entries))] + sorted(entries)
    return "\n".join(aff) + "\n", "\n".join(dic) + "\n"


def _common_prefix(words) -> str:
    lo, hi = min(words), max(words)
    k = 0
    while k < min(len(lo), len(hi)) and lo[k] == hi[k]:
        k += 1
    return lo[:k]


def write_hunspell(judge, directory: Path | str, name: str = "dektes_el",
                   profile: str = "board", list_name: str | None = None) -> list[Path]:
    """Write ``name.aff`` and ``name.dic`` (:func:`hunspell_files`) into ``directory``
    (created); returns their paths. Both are written to temporary files first and renamed into
    place (:func:`atomic_paths`). Raises OSError."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    aff, dic = hunspell_files(judge, profile, list_name)
    paths = [d / f"{name}.aff", d / f"{name}.dic"]
    with atomic_paths(*paths) as temps:
        temps[0].write_text(aff, encoding="utf-8")
        temps[1].write_text(dic, encoding="utf-8")
    return paths
