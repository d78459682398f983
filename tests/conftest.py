"""Shared test helpers.

``shared_path()`` locates the reference material in ``../shared`` (beside the repository). It
returns None when that folder is absent or when the environment variable DEKTES_NO_SHARED is
set (to anything but "" or "0"); tests that need it carry ``@requires_shared`` and skip then.
The core suite never needs ``../shared``.

``missing(what)`` skips a test for want of an optional extra or program, and fails it under
CI=true (.ci/run installs them all); the ``server`` fixture is a real ``dektes serve`` process
(tests/test_web_server.py, tests/test_web_browser.py).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

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

    It is the same object the CLI uses in this process, so ``fst.app.cli.main([...])`` calls in
    tests do not load it again.
    """
    from fst.app.protocol import DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH
    from fst.app.engine import judge_for

    return judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)


#: the lemmas of the small grammar (:func:`small_judge`): enough for one rule test each
SMALL_LEMMAS = (
    ("γράφω", "VERB", "P4"), ("δροσίζω", "VERB", "P2.1"), ("αγαπώ", "VERB", "P10.1"),
    ("θεωρώ", "VERB", "P10.9"), ("άνθρωπος", "NOUN", "O19"), ("σπίτι", "NOUN", "O44"),
    ("σπιτάκι", "NOUN", "O44a"), ("δικηγόρος", "NOUN", "O18"), ("δικηγοράκος", "NOUN", "O35"),
    ("γάτα", "NOUN", "O25a"), ("γατούλα", "NOUN", "O25a"), ("κιθάρα", "NOUN", "O25"),
    ("πλύσιμο", "NOUN", "O50"), ("γράψιμο", "NOUN", "O50"), ("συχνός", "ADJ", "E1"),
    ("τρελός", "ADJ", "E1"), ("κόκκινος", "ADJ", "E5"), ("ξύλινος", "ADJ", "E5"))


@pytest.fixture(scope="session")
def small_judge():
    """A Judge of a grammar compiled from :data:`SMALL_LEMMAS`, four shipped loans (γκολ,
    πάρκινγκ, μπαρ, ασανσέρ), two hidden words (ΑΥΤΟΦΟΡΩ, and ΠΛΥΣΙΜΟΥ that §B9 bars) and the shipped lemmas
    without degrees: a few seconds, for the tests of one rule at a time."""
    import lexicon
    from fst.api import Judge
    from fst.build.compile import build
    shipped = lexicon.load()
    lex = lexicon.Lexicon(
        lemmas=tuple(lexicon.LexEntry(lm, pos, cls, "test") for lm, pos, cls in SMALL_LEMMAS),
        listed=tuple(r for r in shipped.listed if r.lemma in ("γκολ", "πάρκινγκ", "μπαρ",
                                                               "ασανσέρ")),
        hidden_words=("αυτοφορω", "πλυσιμου"), no_comparison=shipped.no_comparison)
    return Judge(*build(lex, progress=False), rulings={})


@pytest.fixture
def lists(tmp_path, monkeypatch):
    """A folder of the user's lists of its own ($DEKTES_LISTS) for one test."""
    d = tmp_path / "lists"
    monkeypatch.setenv("DEKTES_LISTS", str(d))
    return d


@pytest.fixture(scope="module")
def client(judge):
    """The web app's TestClient, one per test module (the web extra; a module that uses it
    requires fastapi itself, test_web._require). A module's own ``client`` fixture wins."""
    from fastapi.testclient import TestClient

    from fst.app.web import app as webapp
    with TestClient(webapp.create_app(judge), raise_server_exceptions=False) as c:
        yield c


#: under CI=true every extra and program is installed (.ci/run): a missing one is a failure
CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(what: str):
    """Skip the running test because ``what`` (one sentence: what it needs and how to get it)
    is not installed; under CI=true fail it instead."""
    if CI:
        pytest.fail(what + " (CI installs it: see .ci/run)")
    pytest.skip(what)


class Served(NamedTuple):
    """Where a ``dektes serve`` process answers: host, port and base URL (``http://…/``)."""
    host: str
    port: int
    url: str


@pytest.fixture(scope="module")
def server():
    """A ``dektes serve`` process on a free port of 127.0.0.1, started as a user starts it
    (``python -m fst serve --port 0``), one per test module: its :class:`Served` address.
    Without the web extra it skips (:func:`missing`: fails under CI=true)."""
    if any(importlib.util.find_spec(m) is None for m in ("fastapi", "uvicorn", "jinja2")):
        missing("needs the web extra: pip install 'dektes[web]'")
    from fst.app.web.server import spawned

    with spawned(timeout=300) as url:  # a first run may build the artifacts
        parts = urlsplit(url)
        yield Served(parts.hostname, parts.port, url)
