"""Shared test helpers.

``shared_path()`` locates the reference material in ``../shared`` (beside the repository). It
returns None when that folder is absent or when the environment variable DEKTES_NO_SHARED is
set (to anything but "" or "0"); tests that need it carry ``@requires_shared`` and skip then.
The core suite never needs ``../shared``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_path() -> Path | None:
    """``../shared`` relative to the repository root, or None if absent or disabled."""
    if os.environ.get("DEKTES_NO_SHARED", "") not in ("", "0"):
        return None
    path = REPO_ROOT.parent / "shared"
    return path if path.is_dir() else None


requires_shared = pytest.mark.skipif(
    shared_path() is None, reason="needs ../shared (absent, or DEKTES_NO_SHARED is set)"
)


@pytest.fixture(scope="session")
def shared() -> Path:
    """The ../shared folder; skips the test when it is unavailable."""
    path = shared_path()
    if path is None:
        pytest.skip("needs ../shared (absent, or DEKTES_NO_SHARED is set)")
    return path


@pytest.fixture(scope="session")
def judge():
    """The engine with the default board profile (2–15 letters), built or loaded once.

    It is the same object the CLI uses in this process, so ``fst.cli.main([...])`` calls in
    tests do not load it again.
    """
    from fst.cli import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, _judge

    return _judge(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)
