"""The minimal acceptor of a subset of the tile language (fst.build.subset), against the minimal
acceptor pynini makes of the same words, on random languages and masks (issue 16, profiles)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from fst.runtime import dfa as rt
from fst.build import subset

from test_runtime import acceptor, random_language


def board_of(words) -> rt.TileDFA:
    return rt.TileDFA(rt.export(acceptor(words)))


@pytest.mark.parametrize("seed", range(6))
def test_the_subset_acceptor_is_the_minimal_acceptor_of_the_kept_words(seed):
    words = sorted(random_language(seed, n=300))
    board = board_of(words)
    rng = random.Random(seed)
    keep = np.array([rng.random() < (0.2, 0.5, 0.9)[seed % 3] for _ in words])
    arrays = subset.subset_arrays(board, keep)
    kept = [w for w, k in zip(words, keep) if k]
    expected = rt.export(acceptor(kept))  # pynini's minimal acceptor, canonically numbered
    for name in rt.ARRAY_NAMES:
        assert np.array_equal(arrays[name], expected[name]), name
    sub = rt.TileDFA(arrays)
    assert subset.verify_subset(board, keep, sub) == len(kept)
    assert list(sub.wordlist(0, 64)) == kept


def test_every_word_kept_gives_the_board_itself():
    words = sorted(random_language(11))
    board = board_of(words)
    arrays = subset.subset_arrays(board, np.ones(len(words), dtype=bool))
    for name in rt.ARRAY_NAMES:
        assert np.array_equal(arrays[name], np.asarray(getattr(board, name)))


def test_no_word_kept_gives_the_empty_language():
    words = sorted(random_language(12))
    sub = rt.TileDFA(subset.subset_arrays(board_of(words), np.zeros(len(words), dtype=bool)))
    assert sub.count() == 0 and not sub.accepts(words[0])


def test_verify_rejects_an_acceptor_of_other_words():
    words = sorted(random_language(13))
    board = board_of(words)
    keep = np.zeros(len(words), dtype=bool)
    keep[::2] = True
    wrong = keep.copy()
    wrong[1], wrong[0] = True, False  # same count, other words
    sub = rt.TileDFA(subset.subset_arrays(board, wrong))
    with pytest.raises(rt.ExportError):
        subset.verify_subset(board, keep, sub)


def test_a_mask_of_the_wrong_length_is_refused():
    words = sorted(random_language(14))
    with pytest.raises(ValueError, match="entries"):
        subset.subset_arrays(board_of(words), np.ones(len(words) + 1, dtype=bool))
