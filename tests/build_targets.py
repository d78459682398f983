"""Functions that tests/test_buildctl.py runs in a build process (fst.buildctl.run_build)."""
from fst import buildctl


def works(n: int) -> None:
    buildctl.phase("one")
    for i in range(n):
        buildctl.step(i + 1, n)
    buildctl.phase("two")
    bytearray(4 << 20)  # some memory, so that the peak is not nothing


def fails() -> None:
    buildctl.phase("one")
    raise ValueError("lexicon/x.tsv:3: bad row")
