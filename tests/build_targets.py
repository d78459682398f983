"""Functions that tests/test_buildctl.py runs in a build process (fst.build.buildctl.run_build)."""
from fst.build import phases


def works(n: int) -> None:
    phases.enter("one")
    for i in range(n):
        phases.step(i + 1, n)
    phases.enter("two")
    bytearray(4 << 20)  # some memory, so that the peak is not nothing


def fails() -> None:
    phases.enter("one")
    raise ValueError("lexicon/x.tsv:3: bad row")
