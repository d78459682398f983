"""Names of paradigm cells for people: the Greek grammatical terms (Ενεστώτας, Αόριστος;
Ονομαστική, Γενική …) or English ones, from the data file ``grammars/labels.tsv``. The cells
themselves keep their UniMorph codes (``V;IND;PST;PFV;1;SG;ACT``) in the engine and the JSON;
:func:`label` is the one formatter that names them (``dektes paradigm --labels greek``).

Beside them, in the same form: the web page's phrases (``grammars/interface.tsv``,
:func:`phrase`) and the engine's reasons (``grammars/messages.tsv``: :func:`message` makes one,
a :class:`Message` that is its English string; :func:`say`, the one formatter, gives it in
Greek)."""
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


@functools.lru_cache(maxsize=None)
def _keyed(path: Path) -> dict[str, dict[str, str]]:
    """key → {lang: text} of a keyed text file (grammars/interface.tsv, messages.tsv). Raises
    ValueError naming a malformed or repeated line."""
    out: dict[str, dict[str, str]] = {}
    for n, key, texts in _read(path):
        if key in out:
            raise ValueError(f"{path}:{n}: a repeated key {key!r}")
        out[key] = texts
    return out


def _phrases() -> dict[str, dict[str, str]]:
    """key → {lang: text} of grammars/interface.tsv (:func:`_keyed`)."""
    return _keyed(INTERFACE)


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


MESSAGES = Path(__file__).resolve().parent / "messages.tsv"


def _messages() -> dict[str, dict[str, str]]:
    """key → {lang: text} of grammars/messages.tsv (:func:`_keyed`)."""
    return _keyed(MESSAGES)


def _render(key: str, lang: str, fields: dict) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown label language {lang!r} (el or en)")
    try:
        text = _messages()[key][lang]
    except KeyError:
        raise ValueError(f"no message {key!r} in {MESSAGES.name}") from None
    return text.format(**{k: say(v, lang) for k, v in fields.items()})


class Message(str):
    """A reason of the engine (an invalid word's, an analysis's rules): the English text of
    the row ``key`` of grammars/messages.tsv, its ``{name}`` fields filled from ``fields`` (a
    field may be a Message too). It *is* that English string, which the command line, the JSON
    API and the notebook print unchanged; :func:`say` gives it in another language. Raises
    ValueError for an unknown key, KeyError for a field the English text names but
    ``fields`` lacks."""

    def __new__(cls, key: str, fields: dict | None = None) -> "Message":
        fields = dict(fields or {})
        self = super().__new__(cls, _render(key, "en", fields))
        self.key, self.fields = key, fields
        return self

    def __reduce__(self):  # pickles as its key and fields (multiprocessing, dask workers)
        return (Message, (self.key, self.fields))


def message(key: str, **fields) -> Message:
    """The engine's reason ``key`` of grammars/messages.tsv with ``fields``
    (:class:`Message`: the English string, which :func:`say` puts in Greek)."""
    return Message(key, fields)


def say(text, lang: str = "el"):
    """``text`` in ``lang`` (el or en), the one formatter of the engine's reasons: a
    :class:`Message` from its row of grammars/messages.tsv (its fields filled in ``lang``);
    any other value as it is (a word as typed, a number, a reason no row holds). Raises
    ValueError for an unknown language, KeyError for a field the ``lang`` text names but the
    message lacks."""
    if isinstance(text, Message):
        return _render(text.key, lang, text.fields)
    if lang not in LANGS:
        raise ValueError(f"unknown label language {lang!r} (el or en)")
    return text
