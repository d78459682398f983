"""A user's own word list as an overlay on the grammar (``dektes learn``, ``--list NAME``).

``dektes learn FILE --name NAME [--complete 2-8]`` reads a list of accepted words (a text list
in tile form or accented, or a PDF whose pages list words in columns: :mod:`fst.app.lists`), learns
lemma records from it with :mod:`fst.learn` (the method of scripts/pipeline/learn_pes_dev.py), and writes,
only under the user's cache (``<cache root>/lists/NAME/``, or ``$DEKTES_LISTS/NAME/``):

* ``lemmas.tsv`` — the learned lemma records (format of lexicon/lemmas.tsv, source
  ``list:NAME``);
* ``overlay.json`` — the list's words (tile form), the learned lemmas' forms with their analyses,
  and the lengths the list is complete for.

An overlay applies only when a judging command is given ``--list NAME``. Under it a listed word
is valid under the rule id ``LIST`` (the list itself), even where the grammar has no analysis;
a form of a learned lemma is valid under ``LIST`` with the lemma's analysis; for the lengths
declared ``--complete`` the list replaces the grammar's verdicts (a word of such a length is
valid if and only if it is listed); elsewhere the list only adds. Overlays live beside the
build caches (``<cache root>/<hash>/``) and cache cleaning must keep them (:func:`is_overlay`).
Measurement scripts and tests never load one.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from grammars.normalize import TILE_LETTERS
from fst.store import default_root

RULE_ID = "LIST"
LISTS_DIR = "lists"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def is_overlay(path: Path) -> bool:
    """True for the overlays' folder or anything in it (cache cleaning must keep it)."""
    p = Path(path).resolve()
    lists = lists_root().resolve()
    return p == lists or lists in p.parents


def check_name(name: str) -> str:
    """``name`` if it is a usable list name; ValueError naming it otherwise."""
    if not _NAME.match(name or ""):
        raise ValueError(f"bad list name {name!r}: use letters, digits, '_', '-' or '.', "
                         "at most 64, starting with a letter or digit")
    return name


def lists_root() -> Path:
    """Where overlays live: $DEKTES_LISTS, else ``<cache root>/lists``."""
    return Path(os.environ.get("DEKTES_LISTS") or default_root() / LISTS_DIR)


def list_dir(name: str) -> Path:
    return lists_root() / check_name(name)


def parse_lengths(text: str) -> tuple[int, int]:
    """'2-8' → (2, 8); '5' → (5, 5). ValueError naming the text otherwise."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", text or "")
    if not m:
        raise ValueError(f"bad length range {text!r}: expected e.g. 2-8")
    lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
    if not 2 <= lo <= hi <= 15:
        raise ValueError(f"bad length range {text!r}: lengths go from 2 to 15")
    return lo, hi


def refuses(path: Path) -> bool:
    """True for a file under a ``shared/oracles`` folder (the project's evaluation oracles):
    ``learn`` refuses them."""
    p = Path(path).resolve()
    return any(a.name == "oracles" and a.parent.name == "shared" for a in p.parents)


@dataclass
class Overlay:
    """A loaded overlay: the list's words, the learned forms' analyses, the complete lengths."""
    name: str
    words: frozenset
    complete: tuple[int, int] | None = None
    # tile form → [(lemma, class, cell, accented form)] of the learned lemmas
    forms: dict = field(default_factory=dict)

    def verdict(self, tile: str) -> bool | None:
        """True/False when the overlay decides ``tile``, None when the grammar does."""
        if tile in self.words:
            return True
        if self.complete and self.complete[0] <= len(tile) <= self.complete[1]:
            return False
        if tile in self.forms:
            return True
        return None

    def save(self, lemma_rows: list[tuple], about: dict | None = None) -> Path:
        """Write the overlay and its lemma records; ``about``: what :func:`describe` shows
        (source file, date, counts)."""
        d = list_dir(self.name)
        d.mkdir(parents=True, exist_ok=True)
        lines = [f"# lemmas learned from the list {self.name!r} (dektes learn)",
                 "# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource"]
        lines += ["\t".join(r) for r in sorted(lemma_rows)]
        (d / "lemmas.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        data = {"name": self.name, "complete": list(self.complete) if self.complete else None,
                "about": dict(about or {}, lemmas=len(lemma_rows)),
                "words": sorted(self.words),
                "forms": {t: [list(a) for a in v] for t, v in sorted(self.forms.items())}}
        tmp = d / "overlay.json.tmp"
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, d / "overlay.json")
        return d

    @classmethod
    def load(cls, name: str) -> "Overlay":
        """The overlay saved as ``name``; ValueError naming it when there is none."""
        p = list_dir(name) / "overlay.json"
        if not p.exists():
            raise ValueError(f"no list named {name!r}: make it with 'dektes learn FILE "
                             f"--name {name}'")
        return cls.from_path(p, name)

    @classmethod
    def from_path(cls, p: Path, name: str | None = None) -> "Overlay":
        """The overlay in the file ``p`` (an ``overlay.json``); ValueError if unreadable."""
        name = name or Path(p).parent.name
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ValueError(f"the list {name!r} is damaged ({p}): learn it again") from None
        return cls(name, frozenset(data["words"]),
                   tuple(data["complete"]) if data.get("complete") else None,
                   {t: [tuple(a) for a in v] for t, v in data.get("forms", {}).items()})


def describe(name: str) -> dict:
    """What is known of the saved list ``name``: name, words, complete (lengths or None),
    lemmas, source (the file learned), date (ISO 8601, UTC), folder. ValueError if none."""
    d = list_dir(name)
    p = d / "overlay.json"
    if not p.exists():
        raise ValueError(f"no list named {name!r}: 'dektes lists' shows the lists there are")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"name": name, "words": None, "complete": None, "lemmas": None,
                "source": None, "date": None, "folder": str(d), "damaged": True}
    about = data.get("about") or {}
    return {"name": name, "words": len(data.get("words", ())),
            "complete": data.get("complete"), "lemmas": about.get("lemmas"),
            "source": about.get("source"), "date": about.get("date"), "folder": str(d)}


def list_names() -> list[str]:
    """The names of the saved lists, sorted."""
    root = lists_root()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if p.is_dir() and _NAME.match(p.name) and (p / "overlay.json").exists())


def delete(name: str) -> Path:
    """Remove the saved list ``name`` (its folder); ValueError if there is none."""
    import shutil

    d = list_dir(name)
    if not (d / "overlay.json").exists():
        raise ValueError(f"no list named {name!r}: 'dektes lists' shows the lists there are")
    shutil.rmtree(d)
    return d


def wordlist_blocks(blocks, ov: "Overlay", lo: int, hi: int, block_lines: int = 50_000):
    """The grammar's word list ``blocks`` (UTF-8, sorted, newline-terminated lines, as
    :meth:`fst.api.Judge.wordlist_bytes` gives them) with the list ``ov`` applied: its words
    and its learned lemmas' forms of ``lo``–``hi`` letters added, and for the lengths it is
    complete for, exactly its words. Sorted, streamed in blocks of ``block_lines`` lines."""
    import heapq

    def grammar():
        for block in blocks:
            for w in block.decode("utf-8").split("\n")[:-1]:
                if ov.verdict(w) is not False:
                    yield w
    extra = sorted(t for t in set(ov.words) | set(ov.forms)
                   if lo <= len(t) <= hi and ov.verdict(t))
    out, last = [], None
    for w in heapq.merge(grammar(), extra):
        if w != last:
            out.append(w)
            last = w
            if len(out) >= block_lines:
                yield ("\n".join(out) + "\n").encode("utf-8")
                out = []
    if out:
        yield ("\n".join(out) + "\n").encode("utf-8")


# --------------------------------------------------------------------------------------------
# search with a list (dektes anagram / pattern / hooks --list NAME)


def _extra_words(ov: "Overlay", lo: int, hi: int) -> list[str]:
    """The words the list makes valid that the grammar may lack, ``lo``–``hi`` letters."""
    return sorted(t for t in set(ov.words) | set(ov.forms)
                  if lo <= len(t) <= hi and ov.verdict(t))


def _from_rack(word: str, letters: str, blanks: int) -> tuple[int, ...] | None:
    """The positions played by blanks when ``word`` is made from the rack (letters first,
    from the left), or None if the rack cannot make it."""
    from collections import Counter
    left = Counter(letters)
    used = []
    for i, c in enumerate(word):
        if left[c]:
            left[c] -= 1
        else:
            used.append(i)
    return tuple(used) if len(used) <= blanks else None


def with_list_matches(matches, ov: "Overlay", extra) -> list:
    """Search ``matches`` (:class:`fst.runtime.search.Match`) under the list ``ov``: the grammar's
    words it rejects (a complete length) dropped, its own matching words ``extra`` added;
    alphabetical, each word once."""
    seen = {}
    for m in matches:
        if ov.verdict(m.word) is not False:
            seen.setdefault(m.word, m)
    for m in extra:
        seen.setdefault(m.word, m)
    return [seen[w] for w in sorted(seen)]


def anagram_extra(ov: "Overlay", rack: str, lo: int, hi: int, exact: bool = False) -> list:
    """The list's words the tiles of ``rack`` make (:func:`fst.runtime.search.parse_rack`), as
    :class:`fst.runtime.search.Match`. Raises :class:`fst.runtime.search.SearchError` for a bad rack."""
    from fst.runtime.search import Match, parse_rack, tile_set  # search only: not at a start
    r = parse_rack(rack)
    ts = tile_set()
    out = []
    for w in _extra_words(ov, lo, min(hi, len(r))):
        if exact and len(w) != len(r):
            continue
        b = _from_rack(w, r.letters, r.blanks)
        if b is not None:
            out.append(Match(w, b, ts.score(w, b)))
    return out


def pattern_extra(ov: "Overlay", pattern: str, rack: str | None, lo: int, hi: int) -> list:
    """The list's words matching ``pattern`` (:func:`fst.runtime.search.parse_pattern`); with
    ``rack``, the letters of its ``?`` and ``*`` come from the rack."""
    from fst.runtime.search import Match, parse_pattern, parse_rack, tile_set
    tokens = parse_pattern(pattern)
    r = parse_rack(rack, check_set=False) if rack else None
    rx = re.compile("".join("(.)" if t == "?" else "(.*)" if t == "*" else re.escape(t)
                            for t in tokens) + r"\Z")
    ts = tile_set()
    out = []
    for w in _extra_words(ov, lo, hi):
        m = rx.match(w)
        if not m:
            continue
        blanks: tuple[int, ...] = ()
        if r is not None:
            free = []  # the positions the rack must fill
            for g in range(1, (m.lastindex or 0) + 1):
                free += range(m.start(g), m.end(g))
            b = _from_rack("".join(w[i] for i in free), r.letters, r.blanks)
            if b is None:
                continue
            blanks = tuple(sorted(free[i] for i in b))
        out.append(Match(w, blanks, ts.score(w, blanks)))
    return out


def hooks_with_list(h, ov: "Overlay", lo: int, hi: int):
    """The hooks ``h`` (:class:`fst.runtime.search.Hooks`) under the list ``ov``."""

    def ok(w: str, grammar: bool) -> bool:
        v = ov.verdict(w)
        return lo <= len(w) <= hi and (grammar if v is None else v)
    front = [c for c in TILE_LETTERS if ok(c + h.word, c in h.front)]
    back = [c for c in TILE_LETTERS if ok(h.word + c, c in h.back)]
    from fst.runtime.search import Hooks
    return Hooks(h.word, front, back, inner_front=ok(h.word[1:], h.inner_front),
                 inner_back=ok(h.word[:-1], h.inner_back))
