"""Compile lexicon × grammars into the analyser and the tile acceptor, with a cache.

Artifacts (in the cache directory, keyed by a hash of the lexicon, the grammars, this engine's
source and the pynini version):

* ``analyser.fst`` — weighted transducer, accented surface → analysis string;
* ``tiles.fst`` — minimal deterministic acceptor of the tile forms;
* ``tile2surface.fst`` — tile form → accented surface (restricted to the language);
* ``tags.json`` — the tag table: private-use code points → class codes, cells, rule ids.

An analysis string is ``lemma + CLASS + CELL + RULE*`` where CLASS, CELL and RULE are single
private-use code points (U+E000…) listed in the tag table, so labels are plain Unicode code
points, stable across processes (DESIGN-NOTES §3.4), and decoding needs only ``tags.json``.
"""
from __future__ import annotations

import collections
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from grammars import phonology as ph
from grammars.paradigm import consonant_initial, cut, load_tables, variants_of
from grammars.rules import d1_augment, d7_ome

PKG_ROOT = Path(__file__).resolve().parent.parent
GRAMMARS_DIR = PKG_ROOT / "grammars"
LEXICON_DIR = PKG_ROOT / "lexicon"
FST_DIR = Path(__file__).resolve().parent
PUA = 0xE000
# weights by variant kind (DESIGN-NOTES §1): main 0, alt 1, colloq/learned 2, rare 3, rule-derived 5
RULE_WEIGHT = 5.0
TILE_MAP = {"ά": "Α", "έ": "Ε", "ή": "Η", "ί": "Ι", "ό": "Ο", "ύ": "Υ", "ώ": "Ω",
            "ϊ": "Ι", "ϋ": "Υ", "ΐ": "Ι", "ΰ": "Υ", "ς": "Σ"}


@dataclass(frozen=True)
class LexEntry:
    lemma: str
    pos: str
    inflection_class: str
    source: str


def read_lexicon(path: Path | None = None) -> list[LexEntry]:
    """Rows of ``lexicon/lemmas.tsv`` (see lexicon/README.md for the format).

    Raises ValueError naming file and line for a malformed row.
    """
    path = path or LEXICON_DIR / "lemmas.tsv"
    out = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 8:
                raise ValueError(f"{path}:{lineno}: expected 8 tab-separated columns")
            out.append(LexEntry(parts[0], parts[1], parts[3], parts[7]))
    return out


def input_files() -> list[Path]:
    files = sorted(LEXICON_DIR.glob("*.tsv")) + sorted(GRAMMARS_DIR.rglob("*.tsv"))
    files += sorted(GRAMMARS_DIR.rglob("*.py")) + sorted(FST_DIR.glob("*.py"))
    return files


def cache_key() -> str:
    import pynini
    h = hashlib.sha256(pynini.__version__.encode())
    for p in input_files():
        h.update(str(p.relative_to(PKG_ROOT)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    base = os.environ.get("DEKTES_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "dektes")
    return Path(base) / cache_key()


class TagTable:
    """Bidirectional map between tag strings and private-use code points."""

    def __init__(self):
        self.by_tag: dict[str, str] = {}
        self.by_char: dict[str, tuple[str, str]] = {}

    def char(self, kind: str, tag: str) -> str:
        key = f"{kind}:{tag}"
        if key not in self.by_tag:
            c = chr(PUA + len(self.by_tag))
            self.by_tag[key] = c
            self.by_char[c] = (kind, tag)
        return self.by_tag[key]

    def to_json(self) -> str:
        return json.dumps({c: list(v) for c, v in sorted(self.by_char.items())},
                          ensure_ascii=False, indent=0, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "TagTable":
        t = cls()
        for c, (kind, tag) in json.loads(text).items():
            t.by_char[c] = (kind, tag)
            t.by_tag[f"{kind}:{tag}"] = c
        return t


def cell_variants(code, cell, rule):
    """(ending, directive, aug symbol, weight, rule ids) for one paradigm rule, its grammar
    variants (grammars/variants.tsv) and the regulation layers on each of them."""
    aug = ph.AUG if rule.aug else None
    bases = [(rule.ending, rule.directive, float(rule.weight))]
    bases += [(e, d, float(w)) for e, d, w in variants_of(code, rule)]
    out = []
    for ending, directive, weight in bases:
        out.append((ending, directive, aug, weight, ()))
        if cell.startswith("V;"):
            for e, d, a in d1_augment.variants(cell, ending, directive, rule.aug):
                out.append((e, d, a, RULE_WEIGHT, (d1_augment.RULE_ID,)))
    return out


def paradigm_groups(entries, tables):
    """Group lemmas whose paradigms are built from the same rules (same class, same tail)."""
    groups = collections.defaultdict(list)
    for e in entries:
        table = tables.get(e.inflection_class)
        if table is None:
            continue
        lu = ph.underlying(e.lemma, glides=False)
        lp = ph.plain(lu)
        chosen = []
        for cell in table.cells():
            rules = tuple(r for r in table.rules_for(lp, cell) if r.strip <= len(lp))
            chosen.append((cell, rules))
        kmax = max((r.strip for _, rs in chosen for r in rs), default=0)
        stem, tail = cut(lu, kmax)
        ci = consonant_initial(lp)
        groups[(e.inflection_class, tail, ci, tuple(chosen))].append((e.lemma, stem))
    return groups


def build(progress: bool = True, lexicon_path: Path | None = None):
    """Build (analyser, tiles, tile2surface, tag table) from the shipped lexicon and grammars."""
    import pynini
    from tqdm import tqdm

    tags = TagTable()
    entries = read_lexicon(lexicon_path)
    tables = load_tables()
    groups = paradigm_groups(entries, tables)
    with pynini.default_token_type("utf8"):
        cascade = ph.cascade()
        pieces = []
        for (code, tail, ci, chosen), members in tqdm(
                sorted(groups.items(), key=lambda kv: repr(kv[0])), desc="paradigms",
                unit="group", disable=not progress, file=sys.stderr):
            lemma_map = pynini.string_map(
                [(pynini.escape(lm), pynini.escape(st)) for lm, st in members]).optimize()
            csym = tags.char("class", code)
            by_aug = collections.defaultdict(list)
            for cell, rules in chosen:
                for r in rules:
                    retained, _ = cut(tail, r.strip)
                    for e, d, a, w, rids in cell_variants(code, cell, r):
                        if a is not None and not ci:
                            if a == ph.AUG_D1:
                                continue
                            a = None
                        under = ph.encode(retained, e, d)
                        ana = csym + tags.char("cell", cell) + "".join(tags.char("rule", x) for x in rids)
                        by_aug[a].append((ana, under, w))
            for a, items in sorted(by_aug.items(), key=lambda kv: str(kv[0])):
                endings = pynini.string_map(
                    [(pynini.escape(ana), _esc_under(under), str(w)) for ana, under, w in items]
                ).optimize()
                piece = pynini.concat(lemma_map, endings)
                if a is not None:
                    piece = pynini.concat(pynini.cross("", a), piece)
                pieces.append(piece)
        if progress:
            print("dektes: composing with the stress cascade …", file=sys.stderr)
        gen = pynini.union(*pieces).optimize()
        gen = pynini.compose(gen, cascade).optimize()
        # §D7: -ομε beside unstressed -ουμε, on the surface
        gen = _add_d7(gen, tags)
        analyser = pynini.invert(gen).optimize()
        analyser.arcsort("ilabel")
        _check_surface_alphabet(analyser)
        surfaces = pynini.project(analyser, "input").rmepsilon()
        surfaces = pynini.determinize(_unweight(surfaces)).minimize()
        tile_map = _tile_map()
        t2s = pynini.compose(pynini.invert(tile_map), surfaces).optimize()
        t2s.arcsort("ilabel")
        tiles = pynini.project(t2s, "input").rmepsilon()
        tiles = pynini.determinize(tiles).minimize()
        tiles.arcsort("ilabel")
    return analyser, tiles, t2s, tags


SURFACE_LETTERS = set("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ")


def _check_surface_alphabet(analyser) -> None:
    """Every surface symbol must be a Greek letter: a stray mark or directive means a bug in
    the cascade, and it must stop the build rather than leak into the language."""
    bad = set()
    for state in analyser.states():
        for arc in analyser.arcs(state):
            if arc.ilabel and chr(arc.ilabel) not in SURFACE_LETTERS:
                bad.add(arc.ilabel)
    if bad:
        raise RuntimeError("surface side has non-letters: "
                           + ", ".join(repr(chr(c)) if c < 0x110000 else str(c) for c in sorted(bad)))


def _esc_under(s: str) -> str:
    """Escape letters of an underlying string but keep its bracketed symbols."""
    import re
    return "".join(p if p.startswith("[") else pynini_escape(p)
                   for p in re.split(r"(\[[^\]]+\])", s) if p)


def pynini_escape(s: str) -> str:
    import pynini
    return pynini.escape(s)


def _unweight(f):
    import pynini
    return pynini.arcmap(f, map_type="rmweight")


def _tile_map():
    """Accented lower-case surface → tile form (24 capitals, ς → Σ), one letter at a time."""
    import pynini
    pairs = [(c, TILE_MAP.get(c, c.upper())) for c in "αβγδεζηθικλμνξοπρστυφχψω"]
    pairs += list(TILE_MAP.items())
    return pynini.string_map(pairs).closure().optimize()


def _add_d7(gen, tags):
    """§D7 on the surface: a 1st-plural form in unstressed -ουμε gets a twin in -ομε."""
    import pynini
    letters = [c for c in "αβγδεζηθικλμνξοπρστυφχψωϊϋςάέήίόύώΐΰ"]
    sigma = pynini.union(*letters).closure()
    rewrite = pynini.concat(sigma, pynini.cross(d7_ome.SOURCE_ENDING, d7_ome.TARGET_ENDING))
    cells = [c for (kind, c) in tags.by_char.values() if kind == "cell" and d7_ome.applies(c)]
    if not cells:
        return gen
    any_char = pynini.union(*[pynini.escape(chr(i)) for i in range(0x3b1, 0x3ca)] +
                            [pynini.escape(c) for c in "άέήίόύώϊϋΐΰς"] +
                            [tags.by_tag[k] for k in tags.by_tag]).closure()
    cell_syms = pynini.union(*[tags.char("cell", c) for c in cells])
    # analysis side must contain a 1st-plural cell; append the rule symbol
    ana_filter = any_char + cell_syms + any_char
    twin = pynini.compose(pynini.compose(ana_filter, gen), rewrite)
    twin = pynini.concat(twin, pynini.cross(tags.char("rule", d7_ome.RULE_ID), ""))
    twin = pynini.concat(twin, pynini.accep("", weight=RULE_WEIGHT))
    return pynini.union(gen, twin).optimize()


def load_or_build(progress: bool = True):
    """Load the cached artifacts, building them first when the cache is missing or stale."""
    import pynini
    d = cache_dir()
    names = ["analyser.fst", "tiles.fst", "tile2surface.fst", "tags.json"]
    if not all((d / n).exists() for n in names):
        analyser, tiles, t2s, tags = build(progress=progress)
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f".tmp-{os.getpid()}"
        tmp.mkdir(exist_ok=True)
        analyser.write(str(tmp / "analyser.fst"))
        tiles.write(str(tmp / "tiles.fst"))
        t2s.write(str(tmp / "tile2surface.fst"))
        (tmp / "tags.json").write_text(tags.to_json(), encoding="utf-8")
        for n in names:
            os.replace(tmp / n, d / n)
        tmp.rmdir()
    return (pynini.Fst.read(str(d / "analyser.fst")), pynini.Fst.read(str(d / "tiles.fst")),
            pynini.Fst.read(str(d / "tile2surface.fst")),
            TagTable.from_json((d / "tags.json").read_text(encoding="utf-8")))
