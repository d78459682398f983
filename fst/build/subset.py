"""The minimal acceptor of a subset of the tile language, without pynini.

A rule profile (grammars/profiles.py) accepts the words of the board acceptor that have an
analysis it allows. :func:`subset_arrays` makes the minimal deterministic acceptor of such a
subset straight from the board acceptor's arrays (:class:`fst.runtime.dfa.TileDFA`) and a mask over
its words by rank, in the array format of :mod:`fst.runtime.dfa`, so that a profile is looked up
exactly as fast as the board:

1. the trie of the kept words is unfolded breadth first from the board acceptor, a level (word
   length) at a time; a node is a prefix, with its board state and the rank of the first word
   below it, and a branch is cut as soon as no kept word lies below it;
2. the trie is minimised bottom up: two nodes are one state when they agree on finality and on
   (letter, state) of every arc; nodes of one level are grouped with ``numpy.unique``, and a
   dictionary merges equal states across levels;
3. the states are numbered canonically (:func:`fst.runtime.dfa.canonical`).

:func:`verify_subset` checks the result: it accepts exactly the kept words.
"""
from __future__ import annotations

import numpy as np

from fst.runtime.dfa import _UTF8_LO, N_LETTERS, PAD, ExportError, TileDFA, _arrays, arcs_from


def subset_arrays(dfa: TileDFA, keep: np.ndarray) -> dict[str, np.ndarray]:
    """The arrays of the minimal acceptor of the words of ``dfa`` whose rank (index in the
    sorted language, :meth:`TileDFA.ranks`) has ``keep[rank]`` true.

    ``keep``: bool array, one entry per word of ``dfa`` (``dfa.count()``). Raises ValueError
    if its length is not the number of words."""
    keep = np.asarray(keep, dtype=bool)
    n_words = dfa.count()
    if len(keep) != n_words:
        raise ValueError(f"the mask has {len(keep)} entries for {n_words} words")
    if dfa.num_states == 0 or not keep.any():
        return _arrays({0: []}, {0: False}, [0])
    offsets = np.asarray(dfa.offsets, dtype=np.int64)
    labels = np.asarray(dfa.labels, dtype=np.int64)
    targets = np.asarray(dfa.targets, dtype=np.int64)
    final = np.asarray(dfa.final, dtype=bool)
    counts = dfa.state_counts()
    outdeg = np.diff(offsets)
    # per arc: what it adds to the rank (the source's own word plus the smaller siblings)
    c = counts[targets]
    cs = np.concatenate(([0], np.cumsum(c)))
    src = np.repeat(np.arange(dfa.num_states), outdeg)
    arc_rank = cs[:-1] - cs[offsets[src]] + final[src]
    kept_before = np.concatenate(([0], np.cumsum(keep, dtype=np.int64)))

    # 1. the trie of the kept words, level by level
    state = np.zeros(1, dtype=np.int64)
    rank = np.zeros(1, dtype=np.int64)
    levels = []  # per level: (final, parent index, letter) of its nodes
    parent = np.zeros(1, dtype=np.int64)
    letter = np.zeros(1, dtype=np.int64)
    while len(state):
        levels.append((final[state] & keep[np.minimum(rank, n_words - 1)], parent, letter))
        par, arc = arcs_from(state, offsets, outdeg)
        if len(arc) == 0:
            break
        t = targets[arc]
        r = rank[par] + arc_rank[arc]
        live = kept_before[r + counts[t]] > kept_before[r]
        state, rank, parent, letter = t[live], r[live], par[live], labels[arc[live]]

    # 2. bottom-up minimisation
    classes: dict[bytes, int] = {}
    cls_final: list[bool] = []
    cls_arcs: list[list[tuple[int, int]]] = []
    child_cls = np.zeros(0, dtype=np.int64)
    for depth in range(len(levels) - 1, -1, -1):
        fin, _, _ = levels[depth]
        n = len(fin)
        if depth + 1 < len(levels):
            _, cpar, clet = levels[depth + 1]
            deg = np.bincount(cpar, minlength=n)
            code = clet * (1 << 40) + child_cls  # letter and state of each arc
        else:
            cpar = np.zeros(0, dtype=np.int64)
            deg = np.zeros(n, dtype=np.int64)
            code = np.zeros(0, dtype=np.int64)
        first = np.concatenate(([0], np.cumsum(deg)[:-1]))
        node_cls = np.empty(n, dtype=np.int64)
        for k in np.unique(deg).tolist():  # one signature matrix per out-degree
            nodes = np.flatnonzero(deg == k)
            sig = np.empty((len(nodes), k + 1), dtype=np.int64)
            sig[:, 0] = fin[nodes]
            for j in range(k):
                sig[:, j + 1] = code[first[nodes] + j]
            uniq, inverse = _unique_rows(sig)
            ids = np.empty(len(uniq), dtype=np.int64)
            for i, row in enumerate(uniq):
                key = row.tobytes()
                cid = classes.get(key)
                if cid is None:
                    cid = classes[key] = len(cls_final)
                    cls_final.append(bool(row[0]))
                    cls_arcs.append([(int(x) >> 40, int(x) & ((1 << 40) - 1))
                                     for x in row[1:].tolist()])
                ids[i] = cid
            node_cls[nodes] = ids[inverse]
        child_cls = node_cls
    start = int(child_cls[0])

    # 3. canonical numbering
    return canonical(dict(enumerate(cls_arcs)), dict(enumerate(cls_final)), start)


def _unique_rows(sig: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows of the int64 matrix ``sig``, index of each row among them): what
    ``numpy.unique(sig, axis=0, return_inverse=True)`` gives, sorted by columns instead of as
    raw bytes (several times faster)."""
    if len(sig) == 0:
        return sig, np.zeros(0, dtype=np.int64)
    order = np.lexsort(sig.T[::-1])
    s = sig[order]
    new = np.ones(len(s), dtype=bool)
    new[1:] = (s[1:] != s[:-1]).any(axis=1)
    group = np.cumsum(new) - 1
    inverse = np.empty(len(s), dtype=np.int64)
    inverse[order] = group
    return s[new], inverse


def canonical(arcs: dict[int, list[tuple[int, int]]], final: dict[int, bool],
              start: int) -> dict[str, np.ndarray]:
    """The arrays of an acyclic deterministic acceptor given as ``arcs`` (state → (letter
    index, next state) sorted by letter) and ``final``, its states numbered in reverse
    post-order of a depth-first walk from ``start`` (the order :func:`fst.runtime.dfa.export`
    uses), so that equal languages give equal arrays."""
    post: list[int] = []
    seen = {start}
    stack = [(start, 0)]
    while stack:
        s, i = stack[-1]
        if i < len(arcs[s]):
            stack[-1] = (s, i + 1)
            t = arcs[s][i][1]
            if t not in seen:
                seen.add(t)
                stack.append((t, 0))
        else:
            post.append(s)
            stack.pop()
    return _arrays(arcs, final, post[::-1])


def verify_subset(board: TileDFA, keep: np.ndarray, sub: TileDFA) -> int:
    """Raise :class:`fst.runtime.dfa.ExportError` unless ``sub`` accepts exactly the words of
    ``board`` that ``keep`` marks: the same count, and its enumeration, ranked in ``board``,
    is the list of marked ranks. Returns the number of words."""
    want = np.flatnonzero(keep)
    if sub.count() != len(want):
        raise ExportError(f"the profile acceptor has {sub.count()} words, the mask {len(want)}")
    if not len(want):
        return 0
    got = np.concatenate([board.ranks(_codes(block))
                          for block in sub.wordlist_chunks(0, int(sub.height[0]))])
    if len(got) != len(want) or not np.array_equal(got, want):
        raise ExportError("the profile acceptor's words are not those of the mask")
    return len(want)


def _codes(block: bytes) -> np.ndarray:
    """The words of a UTF-8 block of lines of tile words as a matrix of letter indices, PAD
    after each word (the input of :meth:`fst.runtime.dfa.TileDFA.ranks`)."""
    data = np.frombuffer(block, dtype=np.uint8)
    ends = np.flatnonzero(data == 10)
    starts = np.concatenate(([0], ends[:-1] + 1))
    lens = (ends - starts) // 2  # every tile letter is two bytes
    width = max(1, int(lens.max())) if len(lens) else 1
    codes = np.full((len(lens), width), PAD, dtype=np.uint8)
    lo = np.zeros(256, dtype=np.uint8)
    lo[_UTF8_LO] = np.arange(N_LETTERS, dtype=np.uint8)
    for j in range(width):
        has = lens > j
        codes[has, j] = lo[data[starts[has] + 2 * j + 1]]
    return codes
