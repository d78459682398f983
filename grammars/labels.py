"""Names of paradigm cells for people: the Greek grammatical terms (Ενεστώτας, Αόριστος;
Ονομαστική, Γενική …) or English ones, from the data file ``grammars/labels.tsv``. The cells
themselves keep their UniMorph codes (``V;IND;PST;PFV;1;SG;ACT``) in the engine and the JSON;
:func:`label` is the one formatter that names them (``dektes paradigm --labels greek``)."""
from __future__ import annotations

import functools
from pathlib import Path

LABELS = Path(__file__).resolve().parent / "labels.tsv"
LANGS = ("el", "en")


def _read(path: Path):
    """(line number, first column, {lang: text}) of each row of a tab-separated file whose
    first non-comment line is its header (``#`` lines and blank lines skipped). Raises
    ValueError naming a line whose columns are not the header's."""
    head = None
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if head is None:
            head = cols
        elif len(cols) != len(head):
            raise ValueError(f"{path}:{n}: {len(cols)} columns, the header has {len(head)}")
        else:
            yield n, cols[0], dict(zip(head[1:], cols[1:]))


@functools.lru_cache(maxsize=1)
def _rows() -> tuple[tuple[frozenset, dict[str, str]], ...]:
    """(feature set, {lang: name}) of grammars/labels.tsv, the largest sets first. Raises
    ValueError naming a malformed line."""
    rows = [(frozenset(key.split(";")), names) for _, key, names in _read(LABELS)]
    return tuple(sorted(rows, key=lambda r: -len(r[0])))


def label(cell: str, lang: str = "el") -> str:
    """The name of the cell ``cell`` (UniMorph features separated by ``;``) in ``lang`` (el or
    en): the names of its features' largest named sets, in the cell's order, joined by ", "; a
    feature without a name is kept as its code. Raises ValueError for an unknown language."""
    if lang not in LANGS:
        raise ValueError(f"unknown label language {lang!r} (el or en)")
    feats = [f for f in cell.split(";") if f]
    left = set(feats)
    named: list[tuple[int, str]] = []
    for keys, names in _rows():
        if keys <= left:
            left -= keys
            named.append((min(feats.index(k) for k in keys), names[lang]))
    named += [(feats.index(f), f) for f in left]
    return ", ".join(name for _, name in sorted(named))


INTERFACE = Path(__file__).resolve().parent / "interface.tsv"


@functools.lru_cache(maxsize=1)
def _phrases() -> dict[str, dict[str, str]]:
    """key → {lang: text} of grammars/interface.tsv. Raises ValueError naming a malformed or
    repeated line."""
    out: dict[str, dict[str, str]] = {}
    for n, key, texts in _read(INTERFACE):
        if key in out:
            raise ValueError(f"{INTERFACE}:{n}: a repeated key {key!r}")
        out[key] = texts
    return out


def phrase(key: str, lang: str = "el", **fields) -> str:
    """The web page's phrase ``key`` in ``lang`` (el or en), from grammars/interface.tsv, its
    ``{name}`` fields filled from ``fields``. Raises ValueError for an unknown language or key
    (a page must not show a key), KeyError for a field the phrase names but ``fields`` lacks."""
    if lang not in LANGS:
        raise ValueError(f"unknown label language {lang!r} (el or en)")
    try:
        text = _phrases()[key][lang]
    except KeyError:
        raise ValueError(f"no phrase {key!r} in {INTERFACE.name}") from None
    return text.format(**fields) if fields else text
