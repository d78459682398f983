"""The build's progress reports: :func:`enter` (a phase) and :func:`step`, called by the building code
(fst/build/compile.py, fst/store.py). They go nowhere unless the build runs in a build process of
:func:`fst.build.buildctl.run_build`, which sends them to the parent's progress display. The phase
names are those of :data:`fst.build.buildctl.PHASES`.
"""
from __future__ import annotations

import time


class _Reporter:
    """Where :func:`enter` and :func:`step` go: nowhere, unless a build process set a pipe."""

    def __init__(self):
        self.out = None
        self.last = 0.0

    def send(self, msg: str) -> None:
        if self.out is not None:
            try:
                self.out.write(msg + "\n")
                self.out.flush()
            except OSError:  # the parent is gone: build on, quietly
                self.out = None


_REPORTER = _Reporter()


def enter(name: str) -> None:
    """The build enters phase ``name`` (a key of :data:`fst.build.buildctl.PHASES`)."""
    _REPORTER.send("phase\t" + name)


def step(done: int, total: int) -> None:
    """``done`` of ``total`` units of the current phase are done (sent at most 10 times a
    second)."""
    now = time.monotonic()
    if total and (now - _REPORTER.last > 0.1 or done >= total):
        _REPORTER.last = now
        _REPORTER.send("step\t%.4f" % (done / total))
