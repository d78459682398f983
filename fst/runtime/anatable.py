"""Analysis without pynini: every analysis of every tile word, exported from the analyser FST.

At build time (:func:`export`) every path of ``analyser.fst`` (accented surface → analysis
string, acyclic) is enumerated breadth first with numpy, decoded, merged and ordered exactly as
:meth:`fst.api.Judge.analyse` does by composition, and stored per tile word. A tile word is
found by its *rank*, its index in the sorted tile language, computed by walking the tile
acceptor's arrays (:class:`fst.runtime.dfa.TileDFA`: a minimal acyclic DFA numbers its words by
summing, along the path, how many words each smaller sibling arc leads to). Saved beside the
FSTs in the cache directory:

======================  ======  =============================================================
``ana_offsets.npy``     int32   per tile word (rank), first analysis (``n_words + 1`` entries)
``ana_lemma.npy``       int32   per analysis, index into the lemma list
``ana_form.npy``        int32   per analysis, index into the form list
``ana_strings.json``    JSON    ``lemmas`` (sorted, one string, a lemma per line), ``forms``
                                (class, cell, rule ids, weight: one string each,
                                :func:`encode_form`), ``patterns`` (accent patterns),
                                ``extra`` (analyses of tile words outside the acceptor: words
                                rejected by a ruling, §A4)
======================  ======  =============================================================

The accent pattern rebuilds the accented surface from the tile word: lower-case the tile word
(final σ as ς), then overlay the pattern on its end, where ``.`` keeps a letter (``ώ....``
makes ανθρώπους of ΑΝΘΡΩΠΟΥΣ: the accent five letters from the end).

:func:`verify` checks the table against the FSTs when it is built: as many analyses as the
analyser has paths, every word of the acceptor analysed (bar words accepted by a ruling only),
and a sample of words analysed by composition with the analyser giving the same analyses.

The reading side (:class:`AnalysisTable`, the strings' format) is :mod:`fst.runtime.lookup`,
which imports no numpy.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, NamedTuple

import numpy as np

from grammars.alphabet import LETTERS as _LOWER
from grammars.alphabet import FINAL_SIGMA, TILE_MAP, TILE_SIGMA, fst_paths

from fst.runtime.dfa import TILE_LETTERS, TileDFA, arcs_from
from fst.runtime.dfa import count_fst_paths
# the reading side needs no numpy (a start that judges one word): fst.runtime.lookup, whose
# names this module gives too
from fst.runtime.lookup import ANA_ARRAY_NAMES as ARRAY_NAMES
from fst.runtime.lookup import ANA_FILES as FILES
from fst.runtime.lookup import (FIELD, KEEP, LEMMA, RULE, AnalysisTable, Row,  # noqa: F401
                                apply_pattern, base_form, decode_form, encode_form, load_strings)

LEAF_CHUNK = 1 << 18  # paths decoded per numpy batch at export

_TILE_OF = dict(TILE_MAP)
_TILE_OF.update({c: c.upper() for c in _LOWER})


class ExportError(RuntimeError):
    """The analyser cannot be exported, or the table disagrees with it."""


def order_key(r: Row) -> tuple:
    """The order of a word's analyses: best (lowest weight) first, then surface, lemma, cell,
    class and rules (so that ties have one order)."""
    return (r.weight, r.surface, r.lemma, r.tags, r.inflection_class, r.rules)


def merge(rows: Iterable[Row]) -> list[Row]:
    """One row per (lemma, class, cell, surface): a form licensed twice keeps the lower weight
    and names every rule (sorted); then in :func:`order_key` order."""
    best: dict[tuple, Row] = {}
    for r in rows:
        k = (r.lemma, r.inflection_class, r.tags, r.surface)
        old = best.get(k)
        if old is not None:
            r = Row(r.lemma, r.inflection_class, r.tags, r.surface,
                    tuple(sorted(set(old.rules) | set(r.rules))), min(r.weight, old.weight))
        best[k] = r
    return sorted(best.values(), key=order_key)


def decode(s: str, by_char: dict[str, tuple[str, str]]) -> tuple[str, str, str, tuple[str, ...]]:
    """(lemma, class, cell, rule ids) of an analysis string (tag table ``by_char``)."""
    lemma, cls, cell, rules = [], "", "", []
    for ch in s:
        kind_tag = by_char.get(ch)
        if kind_tag is None:
            lemma.append(ch)
        elif kind_tag[0] == "class":
            cls = kind_tag[1]
        elif kind_tag[0] == "cell":
            cell = kind_tag[1]
        else:
            rules.append(kind_tag[1])
    return "".join(lemma), cls, cell, tuple(rules)


# ---------------------------------------------------------------------------------------------
# export (build time)


def _fst_arrays(fst):
    """(start, per-arc src, ilabel, olabel, weight, next; per-state final weight, inf if not
    final) of a pynini FST, arcs in the FST's order per source state."""
    fast = _parse_vector(fst)
    if fast is not None:
        return fast
    import pynini

    n = fst.num_states()
    zero = pynini.Weight.zero(fst.weight_type())
    final = np.full(n, np.inf, dtype=np.float32)
    src, il, ol, wt, nx = [], [], [], [], []
    for s in fst.states():
        f = fst.final(s)
        if f != zero:
            final[s] = float(f)
        for a in fst.arcs(s):
            src.append(s)
            il.append(a.ilabel)
            ol.append(a.olabel)
            wt.append(float(a.weight))
            nx.append(a.nextstate)
    src_a = np.array(src, dtype=np.int64)
    order = np.argsort(src_a, kind="stable")
    return (fst.start(), src_a[order], np.array(il, dtype=np.int64)[order],
            np.array(ol, dtype=np.int64)[order], np.array(wt, dtype=np.float32)[order],
            np.array(nx, dtype=np.int64)[order], final)


_ARC = np.dtype([("il", "<i4"), ("ol", "<i4"), ("w", "<f4"), ("next", "<i4")])


def _parse_vector(fst):
    """:func:`_fst_arrays` read from OpenFst's binary form of a standard vector FST without
    symbol tables (one Python step per state instead of per arc); None for any other form."""
    import struct

    buf = fst.write_to_string()
    try:
        pos = 0
        magic, = struct.unpack_from("<i", buf, pos)
        pos += 4
        names = []
        for _ in range(2):
            k, = struct.unpack_from("<i", buf, pos)
            names.append(buf[pos + 4:pos + 4 + k])
            pos += 4 + k
        version, flags, _props, start, n, _ = struct.unpack_from("<iiQqqq", buf, pos)
        pos += 40
    except struct.error:
        return None
    if (magic != 2125659606 or names != [b"vector", b"standard"] or version != 2 or flags != 0
            or n != fst.num_states()):
        return None
    final = np.empty(n, dtype=np.float32)
    narcs = np.empty(n, dtype=np.int64)
    at = np.empty(n, dtype=np.int64)
    head = struct.Struct("<fq")
    for s in range(n):
        final[s], narcs[s] = head.unpack_from(buf, pos)
        at[s] = pos + 12
        pos += 12 + 16 * int(narcs[s])
    if pos != len(buf):
        return None
    ends = np.cumsum(narcs)
    k = int(ends[-1]) if n else 0
    first = np.repeat(at - 16 * (ends - narcs), narcs)  # byte offset of arc 0 of each state
    rec = np.frombuffer(buf, dtype=np.uint8)[
        (first + 16 * np.arange(k, dtype=np.int64))[:, None] + np.arange(16)]
    arcs = np.ascontiguousarray(rec).view(_ARC).ravel()
    return (start, np.repeat(np.arange(n, dtype=np.int64), narcs), arcs["il"].astype(np.int64),
            arcs["ol"].astype(np.int64), arcs["w"].astype(np.float32),
            arcs["next"].astype(np.int64), final)


_P1, _P2, _C2 = np.uint64(0x100000001B3), np.uint64(0x9E3779B97F4A7C15), np.uint64(0x632BE5AB)
_H1, _H2 = np.uint64(0xCBF29CE484222325), np.uint64(0x84222325CBF29CE4)


def _upd(h1, h2, x):
    """Two independent 64-bit hashes of a sequence, extended by ``x`` (uint64, non-zero)."""
    return (h1 ^ x) * _P1, (h2 + x) * _P2 + _C2


class Paths(NamedTuple):
    """Every path of an acyclic analyser, walked breadth first (:func:`walk`).

    The tree: per node (the root excluded) ``parent`` (-1: the root) and the labels of the arc
    into it. Per path (leaf): its last ``node`` (-1: the empty path), its ``rank`` in the tile
    acceptor (-1: the tile word is not accepted), ``weight`` (float32, summed from the start
    as OpenFst does), and pairs of 64-bit hashes of its lemma letters, of its tag symbols, and
    of its *shape* (per surface letter, its difference from the lower-cased tile letter)."""
    parent: np.ndarray
    ilabel: np.ndarray
    olabel: np.ndarray
    node: np.ndarray
    rank: np.ndarray
    weight: np.ndarray
    lemma: tuple[np.ndarray, np.ndarray]
    tag: tuple[np.ndarray, np.ndarray]
    shape: tuple[np.ndarray, np.ndarray]


def _delta(c: str, final: bool) -> int:
    """Difference of surface letter ``c`` from the lower-cased tile letter (final: ς)."""
    tile = _TILE_OF[c]
    low = FINAL_SIGMA if final and tile == TILE_SIGMA else tile.lower()
    return ord(c) - ord(low)


def walk(fst, dfa: TileDFA, tag_chars: set[str]) -> Paths:
    """Walk every path of the acyclic FST ``fst`` (surface → analysis) breadth first, in step
    with ``dfa`` on the tile form of the surface. Raises :class:`ExportError` on a cycle or a
    surface symbol that is not a Greek letter."""
    start, src, il, ol, wt, nx, final = _fst_arrays(fst)
    n = len(final)
    offsets = np.searchsorted(src, np.arange(n + 1))
    outdeg = np.diff(offsets)
    # per arc: tile letter (-1: epsilon), shape codes (non-final, final), lemma / tag symbol
    a_tile = np.full(len(il), -1, dtype=np.int64)
    a_dnf = np.zeros(len(il), dtype=np.uint64)
    a_df = np.zeros(len(il), dtype=np.uint64)
    for c in np.unique(il).tolist():
        if c == 0:
            continue
        ch = chr(c)
        if ch not in _TILE_OF:
            raise ExportError(f"the analyser has a surface symbol that is not a Greek letter: "
                              f"{ch!r}")
        m = il == c
        a_tile[m] = TILE_LETTERS.index(_TILE_OF[ch])
        a_dnf[m] = 0x8000 + _delta(ch, False)
        a_df[m] = 0x8000 + _delta(ch, True)
    tag_cps = np.array(sorted(ord(c) for c in tag_chars), dtype=np.int64)
    a_tag = np.isin(ol, tag_cps)
    a_lem = (ol != 0) & ~a_tag
    a_out = ol.astype(np.uint64)
    step = dfa._step
    width = step.shape[1]
    step_f = step.ravel().astype(np.int64)
    rank_f = dfa._rank_step.ravel()
    fin_ext = dfa._final_ext
    zero = np.zeros(1, dtype=np.uint64)
    # the frontier: one entry per node of the current level
    f = {"state": np.array([start], dtype=np.int64), "node": np.array([-1], dtype=np.int64),
         "d": np.zeros(1, dtype=np.int64), "r": np.zeros(1, dtype=np.int64),
         "w": np.zeros(1, dtype=np.float32), "last": np.array([-1], dtype=np.int64),
         "l1": zero + _H1, "l2": zero + _H2, "t1": zero + _H1, "t2": zero + _H2,
         "s1": zero + _H1, "s2": zero + _H2}
    tree: dict[str, list] = {"parent": [], "il": [], "ol": []}
    leaves: dict[str, list] = {k: [] for k in ("node", "rank", "w", "l1", "l2", "t1", "t2",
                                               "s1", "s2")}
    if start < 0 or n == 0:
        f = {k: v[:0] for k, v in f.items()}
    total, depth = 0, 0
    while len(f["state"]):
        fw = final[f["state"]]
        fin = np.flatnonzero(np.isfinite(fw))
        if len(fin):
            last = f["last"][fin]
            has = last >= 0
            s1, s2 = f["s1"][fin], f["s2"][fin]
            x = np.where(has, a_df[np.maximum(last, 0)], np.uint64(0))
            u1, u2 = _upd(s1, s2, x)
            leaves["s1"].append(np.where(has, u1, s1))
            leaves["s2"].append(np.where(has, u2, s2))
            leaves["rank"].append(np.where(fin_ext[f["d"][fin]], f["r"][fin], -1))
            leaves["w"].append(f["w"][fin] + fw[fin])
            for k, v in (("node", "node"), ("l1", "l1"), ("l2", "l2"), ("t1", "t1"),
                         ("t2", "t2")):
                leaves[k].append(f[v][fin])
        par, arc = arcs_from(f["state"], offsets, outdeg)
        k = len(arc)
        if k == 0:
            break
        depth += 1
        if depth > n:
            raise ExportError("the analyser has a cycle: its language must be finite")
        g = {key: v[par] for key, v in f.items()}
        tile = a_tile[arc]
        letter = tile >= 0
        idx = g["d"] * width + np.maximum(tile, 0)
        g["r"] = np.where(letter, g["r"] + rank_f[idx], g["r"])
        g["d"] = np.where(letter, step_f[idx], g["d"])
        prev = g["last"]
        x = np.where(prev >= 0, a_dnf[np.maximum(prev, 0)], np.uint64(0))
        upd = letter & (prev >= 0)
        u1, u2 = _upd(g["s1"], g["s2"], x)
        g["s1"], g["s2"] = np.where(upd, u1, g["s1"]), np.where(upd, u2, g["s2"])
        g["last"] = np.where(letter, arc, prev)
        out = a_out[arc]
        for flag, h1, h2 in ((a_lem[arc], "l1", "l2"), (a_tag[arc], "t1", "t2")):
            u1, u2 = _upd(g[h1], g[h2], out)
            g[h1], g[h2] = np.where(flag, u1, g[h1]), np.where(flag, u2, g[h2])
        g["w"] = g["w"] + wt[arc]
        tree["parent"].append(g["node"])
        tree["il"].append(il[arc].astype(np.int32))
        tree["ol"].append(ol[arc].astype(np.int32))
        g["node"] = total + np.arange(k, dtype=np.int64)
        g["state"] = nx[arc]
        total += k
        f = g
    cat = lambda xs, dt: np.concatenate(xs).astype(dt) if xs else np.zeros(0, dt)  # noqa: E731
    u64 = np.uint64
    return Paths(cat(tree["parent"], np.int64), cat(tree["il"], np.int32),
                 cat(tree["ol"], np.int32), cat(leaves["node"], np.int64),
                 cat(leaves["rank"], np.int64), cat(leaves["w"], np.float32),
                 (cat(leaves["l1"], u64), cat(leaves["l2"], u64)),
                 (cat(leaves["t1"], u64), cat(leaves["t2"], u64)),
                 (cat(leaves["s1"], u64), cat(leaves["s2"], u64)))


def _labels(parent, labels, leaves) -> list[str]:
    """The label strings (epsilons dropped) of the paths ending at nodes ``leaves``."""
    cols = []
    node = np.asarray(leaves, dtype=np.int64).copy()
    live = np.flatnonzero(node >= 0)
    while len(live):
        col = np.zeros(len(node), dtype=np.uint32)
        col[live] = labels[node[live]]
        cols.append(col)
        node[live] = parent[node[live]]
        live = live[node[live] >= 0]
    if not cols:
        return [""] * len(node)
    m = np.stack(cols[::-1], axis=1)
    order = np.argsort(m == 0, axis=1, kind="stable")
    m = np.ascontiguousarray(np.take_along_axis(m, order, axis=1))
    return m.view(f"<U{m.shape[1]}").ravel().tolist()


def _intern(h: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(first path of each distinct value, per path the index of its value) of hash pairs."""
    u, first, inv = np.unique(h[0], return_index=True, return_inverse=True)
    if not (h[1] == h[1][first][inv]).all():
        raise ExportError("hash collision while interning strings")  # practically never
    return first, inv


def export(analyser, dfa: TileDFA, by_char: dict[str, tuple[str, str]]) -> dict:
    """The table of ``analyser`` (pynini Fst, accented surface → analysis string, acyclic),
    keyed by the ranks of ``dfa``; ``by_char`` the tag table (code point → (kind, tag)).

    Returns ``{"offsets", "lemma", "form": arrays, "strings": dict, "paths": number of paths
    walked}`` (see the module doc).
    Raises :class:`ExportError` when a surface symbol is not a Greek letter or the FST has a
    cycle.
    """
    p = walk(analyser, dfa, set(by_char))
    col = {"rank": p.rank}
    strings = {}
    for name, h, labels in (("lemma", p.lemma, p.olabel), ("tag", p.tag, p.olabel),
                            ("shape", p.shape, p.ilabel)):
        first, col[name] = _intern(h)
        strings[name] = _labels(p.parent, labels, p.node[first])
    strings["lemma"] = ["".join(c for c in s if c not in by_char) for s in strings["lemma"]]
    strings["tag"] = ["".join(c for c in s if c in by_char) for s in strings["tag"]]
    # a shape (from a surface that has it): its accent pattern and its order among shapes
    pats, keys = [], []
    for surface in strings["shape"]:
        tile = "".join(_TILE_OF[c] for c in surface)
        low = base_form(tile)
        d = [i for i, (a, b) in enumerate(zip(surface, low)) if a != b]
        pats.append("".join(c if c != b else KEEP for c, b in
                            zip(surface[d[0]:], low[d[0]:])) if d else "")
        keys.append(tuple(ord(a) - ord(b) for a, b in zip(surface, low)))
    outside = np.flatnonzero(p.rank < 0)
    out_tiles = ["".join(_TILE_OF[c] for c in s)
                 for s in _labels(p.parent, p.ilabel, p.node[outside])]
    table = _table(col, p.weight, list(zip(outside.tolist(), out_tiles)), dfa.count(),
                   pats, keys, strings["lemma"], strings["tag"], by_char)
    table["paths"] = len(p.node)
    return table


def _table(col, weight, outside, n_words, shape_pats, shape_keys, lemma_strs, tag_strs,
           by_char) -> dict:
    """Merge, order and pack the walked paths (see :func:`export`)."""
    tags = [decode(t, by_char)[1:] for t in tag_strs]  # (class, cell, rules)
    lemma_list = sorted(lemma_strs)
    where = {x: k for k, x in enumerate(lemma_list)}
    lemma_pos = np.array([where[x] for x in lemma_strs], dtype=np.int64)
    shape_order = np.empty(len(shape_keys), dtype=np.int64)
    shape_order[sorted(range(len(shape_keys)), key=shape_keys.__getitem__)] = \
        np.arange(len(shape_keys))
    pat_list = sorted(set(shape_pats))
    where = {x: k for k, x in enumerate(pat_list)}
    pat_of_shape = np.array([where[x] for x in shape_pats], dtype=np.int64)
    rank, tag_id = col["rank"].copy(), col["tag"]
    lemma_id, shape_id = lemma_pos[col["lemma"]], shape_order[col["shape"]]
    pat_id = pat_of_shape[col["shape"]]
    n = len(rank)
    # words outside the acceptor get ranks of their own, below 0
    out_tiles = sorted({t for _, t in outside})
    if outside:
        num = {t: k for k, t in enumerate(out_tiles)}
        rank[np.array([i for i, _ in outside])] = [-1 - num[t] for _, t in outside]
    cc_of: dict[tuple[str, str], int] = {}
    cc_id = np.array([cc_of.setdefault(t[:2], len(cc_of)) for t in tags], dtype=np.int64)[tag_id]
    # one row per (surface, lemma, class, cell): duplicates merge their rules, keep the min weight
    order = np.lexsort((cc_id, lemma_id, shape_id, rank))
    key = np.stack((rank[order], shape_id[order], lemma_id[order], cc_id[order]))
    new = np.ones(n, dtype=bool)
    new[1:] = (key[:, 1:] != key[:, :-1]).any(axis=0)
    del key
    start = np.flatnonzero(new)
    size = np.diff(np.append(start, n))
    keep = order[start]
    w = np.minimum.reduceat(weight.astype(np.float32)[order], start) if n else weight
    tag_of = tag_id[keep]
    tag_ext = list(tags)
    multi = np.flatnonzero(size > 1)
    if len(multi):
        # merged rows name every rule of their group, sorted: OR the rule bit masks
        rule_ids = sorted({r for t in tags for r in t[2]})
        bit = {r: 1 << i for i, r in enumerate(rule_ids)}
        if len(rule_ids) > 63:
            raise ExportError("more than 63 rule ids")
        mask = np.array([sum(bit[r] for r in set(t[2])) for t in tags], dtype=np.int64)
        gmask = np.bitwise_or.reduceat(mask[tag_id[order]], start)[multi]
        ext_of: dict[tuple, int] = {t: i for i, t in enumerate(tags)}
        uk, inv = np.unique(np.stack((tag_of[multi], gmask)), axis=1,
                            return_inverse=True)
        new_ids = []
        for t0, m in uk.T.tolist():
            t = (*tags[t0][:2], tuple(r for r in rule_ids if m & bit[r]))
            t_id = ext_of.setdefault(t, len(tag_ext))
            if t_id == len(tag_ext):
                tag_ext.append(t)
            new_ids.append(t_id)
        tag_of[multi] = np.array(new_ids, dtype=tag_of.dtype)[inv.ravel()]
    rank = rank[keep]
    lemma_id, pat_id, shape_id = lemma_id[keep], pat_id[keep], shape_id[keep]
    # order within a word: weight, surface, lemma, cell, class, rules (:func:`order_key`)
    tag_order = np.empty(len(tag_ext), dtype=np.int64)
    tag_order[sorted(range(len(tag_ext)), key=lambda i: (tag_ext[i][1], tag_ext[i][0],
                                                         tag_ext[i][2]))] = np.arange(len(tag_ext))
    order = np.lexsort((tag_order[tag_of], lemma_id, shape_id, w, rank))
    tag_of, w, rank, lemma_id, pat_id = (a[order] for a in (tag_of, w, rank, lemma_id, pat_id))
    # form = (class, cell, rules, weight) × accent pattern, packed into one number
    wvals, w_id = np.unique(w, return_inverse=True)
    tkeys, tw_id = np.unique(tag_of.astype(np.int64) * len(wvals) + w_id, return_inverse=True)
    forms = []
    for k in tkeys.tolist():
        t, wi = divmod(k, len(wvals))
        cls, cell, rules = tag_ext[t]
        forms.append([cls, cell, list(rules), float(wvals[wi])])
    form = tw_id.astype(np.int64) * len(pat_list) + pat_id
    if len(form) and form.max() >= 2**31:
        raise ExportError("too many analysis forms for int32")
    inside = rank >= 0
    extra: dict[str, list] = {}
    for i in np.flatnonzero(~inside).tolist():
        tile = out_tiles[-1 - int(rank[i])]
        f, p = divmod(int(form[i]), len(pat_list))
        cls, cell, rules, wt = forms[f]
        extra.setdefault(tile, []).append(
            [lemma_list[lemma_id[i]], cls, cell, apply_pattern(tile, pat_list[p]), rules, wt])
    r_in = rank[inside]
    offsets = np.searchsorted(r_in, np.arange(n_words + 1))
    return {"offsets": offsets.astype(np.int32), "lemma": lemma_id[inside].astype(np.int32),
            "form": form[inside].astype(np.int32),
            "strings": {"lemmas": lemma_list, "forms": forms, "patterns": pat_list,
                        "extra": extra}}


def save(table: dict, directory: Path) -> list[str]:
    """Write the table (from :func:`export`) as ``ana_*`` into ``directory``. Raises
    :class:`ExportError` if a class, cell or rule id holds a separator, or a lemma a
    separator or a character that JSON escapes."""
    d = Path(directory)
    for name in ARRAY_NAMES:
        np.save(d / f"ana_{name}.npy", np.ascontiguousarray(table[name]), allow_pickle=False)
    st = table["strings"]
    if any(c in x for f in st["forms"] for x in (f[0], f[1], *f[2]) for c in (FIELD, RULE)):
        raise ExportError("a class, cell or rule id holds a separator of ana_strings.json")
    lemmas = LEMMA.join(st["lemmas"])
    if st["lemmas"] and (any(len(lm) != len(lm.strip()) or not lm for lm in st["lemmas"]) or
                         json.dumps(lemmas, ensure_ascii=False)[1:-1] != lemmas or
                         len(lemmas.split(LEMMA)) != len(st["lemmas"])):
        raise ExportError("a lemma holds a separator of ana_strings.json or a character "
                          "that JSON escapes")
    strings = dict(st, lemmas=lemmas, forms=[encode_form(f) for f in st["forms"]])
    (d / "ana_strings.json").write_text(
        json.dumps(strings, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
        encoding="utf-8")
    return list(FILES)


# ---------------------------------------------------------------------------------------------
# the reference (pynini) and the check at build time


def analyse_fst(tile: str, analyser, t2s, by_char) -> list[Row]:
    """Every analysis of ``tile`` by composition: tile → accented surfaces (``t2s``), each
    surface ∘ ``analyser``, decoded (``by_char``) and :func:`merge`\\ d. Imports pynini."""
    import pynini

    rows = []
    with pynini.default_token_type("utf8"):
        lat = pynini.compose(pynini.accep(pynini.escape(tile)), t2s).rmepsilon()
        for surface in sorted({o for _, o, _ in fst_paths(lat)}):
            lat = pynini.compose(pynini.accep(pynini.escape(surface)), analyser)
            for _, o, w in fst_paths(lat):
                lemma, cls, cell, rules = decode(o, by_char)
                rows.append(Row(lemma, cls, cell, surface, rules, w))
    return merge(rows)


def verify(table: AnalysisTable, analyser, t2s, by_char, n_paths: int | None = None,
           extra_words: Iterable[str] = (), sample: int = 600) -> int:
    """Raise :class:`ExportError` unless ``table`` agrees with the FSTs; return the number of
    analyses.

    Checks: every word of the acceptor has an analysis, bar ``extra_words`` (accepted by a
    ruling only); the paths of ``analyser`` counted on the FST itself match the table; a sample
    of words spread over the sorted language (and every word outside the acceptor, and
    ``extra_words``) gets the same analyses, in the same order, from the table and from
    :func:`analyse_fst`.
    """

    dfa = table.dfa
    counts = np.diff(np.asarray(table.offsets, dtype=np.int64))
    empty = np.flatnonzero(counts == 0)
    n_words = len(counts)
    words = _words_at(dfa, empty.tolist()) if len(empty) else []
    allowed = set(extra_words)
    if not set(words) <= allowed:
        bad = sorted(set(words) - allowed)[:5]
        raise ExportError(f"tile words without an analysis: {', '.join(bad)}")
    if n_paths is not None:
        got = count_fst_paths(analyser)
        if got != n_paths:
            raise ExportError(f"the analyser has {got} paths, the table was built from {n_paths}")
    picks = np.linspace(0, max(0, n_words - 1), num=min(sample, n_words)).astype(np.int64)
    probe = _words_at(dfa, sorted(set(picks.tolist())))
    probe += sorted(table.extra) + sorted(allowed)
    probe += [w[:-1] for w in probe[:50] if len(w) > 1]  # and a few non-words
    for w in probe:
        want = analyse_fst(w, analyser, t2s, by_char)
        got = table.lookup(w)
        if got != want:
            raise ExportError(f"the analysis table and the analyser disagree on {w!r}: "
                              f"{got[:3]} … vs {want[:3]} …")
    return int(counts.sum()) + sum(len(v) for v in table.extra.values())


def _words_at(dfa: TileDFA, ranks: list[int]) -> list[str]:
    """The words of the given ranks (sorted ascending) in the sorted language, by walking the
    acceptor's counts (independently of :meth:`TileDFA.ranks`)."""
    counts = dfa.state_counts()
    out = []
    for r in ranks:
        s, word, left = 0, [], r
        while True:
            if dfa.final[s]:
                if left == 0:
                    break
                left -= 1
            for a in range(int(dfa.offsets[s]), int(dfa.offsets[s + 1])):
                c = int(counts[dfa.targets[a]])
                if left < c:
                    word.append(TILE_LETTERS[int(dfa.labels[a])])
                    s = int(dfa.targets[a])
                    break
                left -= c
            else:
                raise ExportError(f"rank {r} is past the acceptor's words")
        out.append("".join(word))
    return out
