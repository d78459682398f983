"""The Python API from several threads and from worker processes gives the single-threaded
results (issue 6: concurrency)."""
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

WORDS = ["ΕΓΡΑΨΑ", "ΓΡΑΨΑ", "ΑΝΘΡΩΠΟΥΣ", "ΘΑΛΑΣΣΩΝ", "ΞΑΝΑΓΡΑΨΑ", "ΕΓΡΑΨΑΜΕ", "ΞΨΖΩ",
         "ΣΠΙΤΙΟΥ", "ΓΡΑΦΟΜΕ", "ΔΕΣΑΝΕ"] * 10

_JUDGE = None


def _init(j):
    global _JUDGE
    _JUDGE = j


def _check(word):
    v = _JUDGE.check(word)
    return v.valid, v.rules, tuple((a.lemma, a.tags, a.surface) for a in _JUDGE.analyse(word))


def test_threads_match_single_thread(judge):
    _init(judge)
    expected = [_check(w) for w in WORDS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(_check, WORDS)) == expected


def test_processes_match_single_thread(judge):
    _init(judge)
    expected = [_check(w) for w in WORDS]
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=2, mp_context=ctx, initializer=_init,
                             initargs=(judge,)) as pool:
        assert list(pool.map(_check, WORDS, chunksize=10)) == expected
