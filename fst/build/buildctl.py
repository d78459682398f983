"""Build control: the cache root, the build lock, the progress display, the build process.

* :func:`usable_root` says, before anything is built, whether the cache root
  (``$DEKTES_CACHE``, or ``~/.cache/dektes``) can hold a build (:class:`CacheError` if not).
* :func:`build_lock` is a file lock (the ``filelock`` library) per cache key: processes that
  start on a fresh cache share one build; one builds, the others wait and then load it.
* :func:`run_build` runs the build in a child process and shows one progress display over all
  of its phases (phase name, percent, elapsed and remaining time). The child reports its phases
  through :func:`fst.build.phases.enter` and :func:`fst.build.phases.step`; the parent moves the display on by the time each
  phase took in a reference build (:data:`PHASES`), corrected by the speed of the phases done
  so far. pynini holds the interpreter lock through every long call, so the display could not
  move from a thread of the building process itself. The child's peak memory and CPU time are
  measured exactly (``getrusage``) and reported with ``verbose``; its memory goes back to the
  system when it ends.

No pynini and no numpy here: a warm start never pays for them.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

#: the build's phases, in order, with their share of the build time: seconds of CPU in a full
#: build (`dektes cache --build --verbose`: 89 s CPU, 2026-12-01); the display's ETA uses them
PHASES: dict[str, float] = {
    "reading the lexicon": 2.9,
    "paradigms": 15.9,
    "stress cascade": 5.6,
    "form layers and listed forms": 15.3,
    "surface layers": 16.1,
    "analyser": 4.1,
    "tile acceptor": 8.7,
    "look-up arrays": 4.9,
    "analysis table": 6.2,
    "checking the analysis table": 8.6,
    "writing": 0.5,
}
KEY_RE = re.compile(r"^[0-9a-f]{16}$")  # a build's folder name (fst.build.compile.cache_key)


class CacheError(OSError):
    """The cache root cannot hold a build (not a folder, not writable): reported before any
    build starts."""


def _describe(root: Path) -> str:
    env = os.environ.get("DEKTES_CACHE")
    if env and Path(env) == root:
        return f"the cache folder {root} (DEKTES_CACHE)"
    return f"the cache folder {root}"


def usable_root(root: Path | str) -> Path:
    """``root`` created if needed; raises :class:`CacheError` (one sentence naming the folder
    and the cause) if it is not a folder or cannot be written."""
    root = Path(root)
    what = _describe(root)
    if root.exists() and not root.is_dir():
        raise CacheError(f"{what} is not a folder")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CacheError(f"{what} cannot be created: a part of its path is a file") from None
    except NotADirectoryError:
        raise CacheError(f"{what} cannot be created: a part of its path is a file") from None
    except OSError as e:
        raise CacheError(f"{what} cannot be created: {e.strerror or e}") from None
    if not os.access(root, os.W_OK | os.X_OK):
        raise CacheError(f"{what} is not writable")
    return root


#: free bytes a build needs in the cache root: a built folder measured 66,027,780 bytes
#: (``du -sb`` of the cache folder, commit c8a3b09), with a fifth more for the profiles'
#: acceptors and the temporary files of the build. Checked (commit 1ff5f32): a first build
#: into an 80 MiB tmpfs succeeded, its disk use peaking at 68,182,016 bytes (df every 0.5 s)
BUILD_BYTES = 80_000_000


def check_free(root: Path | str, need: int = BUILD_BYTES) -> None:
    """Raise :class:`CacheError` (one sentence naming the folder, what is free and what a
    build needs) if the file system of ``root`` has less than ``need`` bytes free."""
    import shutil

    root = Path(root)
    try:
        free = shutil.disk_usage(root).free
    except OSError:
        return  # cannot tell: the build itself reports a full disk
    if free < need:
        raise CacheError(f"{_describe(root)} has {free / 1e6:.0f} MB free, and a build needs "
                         f"about {need / 1e6:.0f} MB: free some space or set DEKTES_CACHE to "
                         "another folder")


@contextlib.contextmanager
def build_lock(d: Path, quiet: bool = False) -> Iterator[bool]:
    """Hold the build lock of the cache folder ``d`` (a file ``<key>.lock`` beside it). Yields
    True if another process held it first (the caller waited, and should check whether that
    process built what it needs); while it waits, one line on stderr says so (unless
    ``quiet``). A lock is released when its process ends, however it ends. Taken first, it
    checks the disk (:func:`check_free`: raises :class:`CacheError` if a build cannot fit)."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(d.parent / (d.name + ".lock")))
    waited = False
    try:
        lock.acquire(timeout=0)
    except Timeout:
        waited = True
        if not quiet:
            print(f"dektes: another process is building the cache in {d}; waiting for it",
                  file=sys.stderr, flush=True)
        lock.acquire()
    try:
        if not waited:  # this process builds: refuse at once rather than fail after minutes
            check_free(d.parent)
        yield waited
    finally:
        lock.release()


from fst.build.phases import _REPORTER  # noqa: E402  (where a build process sends its reports)


# --------------------------------------------------------------------------------------------
# the display


@dataclass
class BuildReport:
    """What a build cost: wall and CPU seconds, peak memory in bytes (the child's, or this
    process's for a build in process), and seconds per phase."""
    wall: float = 0.0
    cpu: float = 0.0
    peak_rss: int = 0
    phases: dict[str, float] = field(default_factory=dict)

    def text(self) -> str:
        times = ", ".join(f"{n} {t:.1f} s" for n, t in self.phases.items())
        return (f"dektes: build took {self.wall:.1f} s ({self.cpu:.1f} s CPU), peak memory "
                f"{self.peak_rss / 2**30:.2f} GiB" + (f"; phases: {times}" if times else ""))


class Display:
    """One progress bar over every phase (tqdm): the phase's name, percent of the whole build,
    elapsed and remaining time. Within a phase the bar moves by the time the phase took in the
    reference build (:data:`PHASES`) scaled by this build's speed so far, up to 95 % of the
    phase, or by the phase's own :func:`step` reports."""

    def __init__(self, enabled: bool = True, phases: dict[str, float] | None = None,
                 title: str = "dektes: building", clock=time.monotonic):
        self.clock = clock  # injectable so tests can move time by hand
        self.phases = dict(phases or PHASES)
        self.total = sum(self.phases.values())
        self.enabled = enabled
        self.title = title
        self.current: str | None = None
        self.done = 0.0  # reference seconds of the phases done
        self.spent = 0.0  # real seconds of the phases done
        self.fraction: float | None = None
        self.started = clock()
        self.phase_started = self.started
        self.times: dict[str, float] = {}
        self.bar = None
        self.last = 0.0
        self.interval = 0.2
        if enabled:
            from tqdm import tqdm
            tty = getattr(sys.stderr, "isatty", lambda: False)()
            self.bar = tqdm(total=100, file=sys.stderr, smoothing=0, leave=False,
                            bar_format="{desc} {percentage:3.0f}%|{bar:20}| "
                                       "{elapsed} elapsed, {remaining} left",
                            mininterval=0.2 if tty else 10)
            self.interval = 0.2 if tty else 10.0
            self.bar.set_description_str(title)

    def phase(self, name: str) -> None:
        now = self.clock()
        if self.current is not None:
            self.times[self.current] = now - self.phase_started
            self.done += self.phases.get(self.current, 0.0)
            self.spent += now - self.phase_started
        self.current, self.phase_started, self.fraction = name, now, None
        self.tick(force=True)

    def step(self, fraction: float) -> None:
        self.fraction = max(0.0, min(1.0, fraction))
        self.tick()

    def percent(self) -> float:
        if self.current is None:
            return 0.0
        ref = self.phases.get(self.current, 1.0)
        if self.fraction is not None:
            part = self.fraction
        else:
            speed = self.spent / self.done if self.done else 1.0
            part = min(0.95, (self.clock() - self.phase_started) / max(1e-3, ref * speed))
        return 100.0 * min(1.0, (self.done + ref * part) / self.total)

    def tick(self, force: bool = False) -> None:
        now = self.clock()
        if self.bar is not None and (force or now - self.last >= self.interval):
            self.last = now
            self.bar.set_description_str(f"{self.title}: {self.current or 'starting'}",
                                         refresh=False)
            self.bar.n = round(self.percent(), 1)
            self.bar.refresh()

    def close(self) -> None:
        if self.current is not None:
            self.times[self.current] = self.clock() - self.phase_started
            self.current = None
        if self.bar is not None:
            self.bar.close()
            self.bar = None


# --------------------------------------------------------------------------------------------
# the build process

_CHILD = r"""
import sys
from fst.build import buildctl
buildctl._child_main(sys.argv[1:])
"""


class BuildError(RuntimeError):
    """The build failed (the message is the build's own error, one line)."""


def run_build(target: Callable, args: dict, progress: bool = True,
              verbose: bool = False) -> BuildReport:
    """Run ``target(**args)`` (a module-level function; ``args`` JSON-serialisable) in a child
    Python process with the progress display, and return its :class:`BuildReport`.

    Raises :class:`BuildError` with the child's one-line error if it fails, KeyboardInterrupt
    if interrupted (the child is stopped)."""
    read_fd, write_fd = os.pipe()
    spec = json.dumps({"module": target.__module__, "function": target.__name__, "args": args,
                       "fd": write_fd})
    env = dict(os.environ)
    pkg_root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = pkg_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH")
                                    else "")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    display = Display(enabled=progress)
    started = time.monotonic()
    try:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, spec], pass_fds=(write_fd,),
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, env=env)
    finally:
        os.close(write_fd)
    events: list[tuple[str, str]] = []
    lock = threading.Lock()

    def reader() -> None:
        with os.fdopen(read_fd, "r", encoding="utf-8") as f:
            for line in f:
                kind, _, value = line.rstrip("\n").partition("\t")
                with lock:
                    events.append((kind, value))

    errors: list[bytes] = []
    t = threading.Thread(target=reader, daemon=True)
    t.start()
    te = threading.Thread(target=lambda: errors.append(proc.stderr.read()), daemon=True)
    te.start()
    error = ""
    try:
        while True:
            try:
                proc.wait(timeout=0.25)
                finished = True
            except subprocess.TimeoutExpired:
                finished = False
            if finished:
                t.join()
            with lock:
                pending, events[:] = events[:], []
            for kind, value in pending:
                if kind == "phase":
                    display.phase(value)
                elif kind == "step":
                    display.step(float(value))
                elif kind == "error":
                    error = value
            if finished:
                break
            display.tick()
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    finally:
        display.close()
    te.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        stderr = (errors[0] if errors else b"").decode("utf-8", "replace").strip()
        if os.environ.get("DEKTES_DEBUG") and stderr:
            print(stderr, file=sys.stderr)
        if not error:
            if proc.returncode < 0:
                error = f"the build process was killed by signal {-proc.returncode}" + (
                    " (out of memory?)" if proc.returncode == -9 else "")
            else:
                error = stderr.splitlines()[-1] if stderr else (
                    f"the build process ended with status {proc.returncode}")
        raise BuildError(error)
    return BuildReport(wall=time.monotonic() - started,
                       cpu=(after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
                       peak_rss=after.ru_maxrss * 1024, phases=display.times)


def _child_main(argv: list[str]) -> None:
    """The build process: run the function of the spec, report phases on the pipe."""
    import importlib
    spec = json.loads(argv[0])
    _REPORTER.out = os.fdopen(spec["fd"], "w", encoding="utf-8")
    try:
        func = getattr(importlib.import_module(spec["module"]), spec["function"])
        func(**spec["args"])
    except KeyboardInterrupt:
        sys.exit(130)
    except BaseException as e:
        if isinstance(e, SystemExit):
            raise
        msg = (str(e).strip().splitlines() or [""])[0]
        _REPORTER.send("error\t" + (msg or type(e).__name__))
        if os.environ.get("DEKTES_DEBUG"):
            raise
        sys.exit(1)
    _REPORTER.send("done\t")


def peak_rss_self() -> int:
    """This process's peak resident memory so far, in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# --------------------------------------------------------------------------------------------
# listing and cleaning the cache root


@dataclass
class CacheEntry:
    """One folder of the cache root: a build (``key`` is its name) or something else."""
    path: Path
    is_build: bool
    size: int
    mtime: float
    status: str  # current | old | incomplete | other
    profiles: list[str] = field(default_factory=list)


def _size(p: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(p):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def list_cache(root: Path, current_key: str | None) -> list[CacheEntry]:
    """The folders of the cache root, builds (named by their 16-hex-digit key) first, newest
    first; ``status`` is ``current`` (the key of these inputs), ``old``, ``incomplete`` (no
    manifest) or ``other`` (not a build: a user's lists or overlays, never removed)."""
    out = []
    if not root.is_dir():
        return out
    for p in sorted(root.iterdir()):
        if not p.is_dir() or p.is_symlink():
            continue
        is_build = bool(KEY_RE.match(p.name))
        try:
            mtime = p.stat().st_mtime
        except OSError:
            continue
        if not is_build:
            status = "other"
        elif p.name == current_key:
            status = "current"
        elif not (p / "manifest.json").exists():
            status = "incomplete"
        else:
            status = "old"
        profiles = sorted(q.name for q in (p / "profiles").iterdir()
                          if q.is_dir() and not q.name.startswith(".")) if is_build and (
            p / "profiles").is_dir() else []
        out.append(CacheEntry(p, is_build, _size(p), mtime, status, profiles))
    out.sort(key=lambda e: (not e.is_build, e.status != "current", -e.mtime))
    return out


def clean_cache(root: Path, current_key: str | None) -> list[CacheEntry]:
    """Remove every build folder of ``root`` but the current one (and their lock files);
    a build another process is writing (its lock held) is left alone, and so is every folder
    that is not a build (``dektes learn`` overlays, lists). Returns the removed entries."""
    import shutil

    from filelock import FileLock, Timeout

    removed = []
    for e in list_cache(root, current_key):
        if not e.is_build or e.status == "current":
            continue
        lock_path = root / (e.path.name + ".lock")
        lock = FileLock(str(lock_path))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            continue
        try:
            shutil.rmtree(e.path)
            removed.append(e)
        finally:
            lock.release()
        with contextlib.suppress(OSError):
            lock_path.unlink()
        with contextlib.suppress(OSError):  # its stamps (fst.store.stamps_file)
            (root / (e.path.name + ".verified.json")).unlink()
    return removed
