"""Validate and measure corpora on Dask (``pip install 'dektes[dask]'``): from a laptop's
local cluster to a cluster of many machines. See docs/dask.md.

Python API (each takes an optional ``client``, else the current Dask client)::

    from fst.app.distributed import connect, validate_files, validate_bag, validate_column
    client = connect("local:2")                      # or "tcp://scheduler:8786"
    for result in validate_files(["a.txt.gz", "s3://corpus/b.txt"], client):
        sys.stdout.buffer.write(result.data)         # what `dektes validate` prints, in order
    lines = validate_bag(dask.bag.read_text("corpus/*.txt"))     # bag of output lines
    verdicts = validate_column(df["word"])            # dataframe: valid (bool), error (str)

The judge runs on the workers with numpy alone (:func:`fst.app.corpus.load_judge`, once per
worker process and cache directory); the cache is built once, here, and either *shipped*
(the look-up arrays, about 1 MB, sent to every worker by a worker plugin that also serves
workers that join or restart later) or *shared* (``cache=DIR``, a directory every worker can
read). A worker never builds the cache.

Work is cut into blocks of whole lines (:func:`fst.app.corpus.plan`); each block is a task,
results are gathered in input order, a few tasks ahead of the output (bounded memory). A
worker lost mid-task is replaced by the scheduler, which runs its tasks again; the client
writes each block's result exactly once, in order, so no line is lost or doubled.
"""
from __future__ import annotations

import collections
import contextlib
import logging
import os
import signal
import threading
from pathlib import Path
from typing import Iterable, Iterator

import dask
import dask.bag
import distributed
from distributed.diagnostics.plugin import WorkerPlugin

from fst.app import corpus
from fst.app.corpus import Block, JudgeSpec, Options, Result
from fst.app import protocol
from fst.store import ensure_cache
from fst.app.coverage import merge_all
from fst.app.coverage import count_block
from fst.app.coverage import Counts

WINDOW_PER_THREAD = 3  # tasks in flight per worker thread


class ShipCache(WorkerPlugin):
    """Writes the artifacts a judge needs into ``<worker local directory>/dektes-cache/KEY``
    on every worker, once, before its tasks (and on workers that join later)."""

    def __init__(self, key: str, files: dict[str, bytes]):
        self.key, self.files = key, files
        self.name = "dektes-cache-%s-%d" % (key, len(files))

    def setup(self, worker) -> None:
        d = Path(worker.local_directory) / "dektes-cache" / self.key
        d.mkdir(parents=True, exist_ok=True)
        for name, data in self.files.items():
            target = d / name
            if target.exists() and target.stat().st_size == len(data):
                continue
            tmp = d / (".%s.%d" % (name, os.getpid()))
            tmp.write_bytes(data)
            os.replace(tmp, target)


def worker_environ() -> dict:
    """Dask's environment for new worker processes, less ``MALLOC_TRIM_THRESHOLD_``: fixing
    it turns off glibc's adaptive mmap threshold, and the judge's large short-lived buffers
    then cost a third more CPU (measured: scripts/benchmarks/dask.py). Use it for workers
    started elsewhere too (docs/dask.md)."""
    env = dict(dask.config.get("distributed.nanny.pre-spawn-environ", {}) or {})
    env.pop("MALLOC_TRIM_THRESHOLD_", None)
    return env


def connect(address: str, **cluster_options) -> distributed.Client:
    """A client of the scheduler at ``address``, or for ``local:N`` of a new local cluster of
    N single-threaded worker processes (closed with the client). Raises ValueError for a
    malformed address, OSError when the scheduler cannot be reached."""
    if address.startswith("local"):
        _, _, n = address.partition(":")
        try:
            workers = int(n) if n else (os.cpu_count() or 1)
        except ValueError:
            raise ValueError("--dask local:N needs a whole number of workers, not %r" % n) from None
        if workers < 1:
            raise ValueError("--dask local:N needs at least one worker")
        # CRITICAL: a worker whose scheduler went first (Ctrl-C under load) logs a heartbeat
        # ERROR with a traceback on the shared stderr; a task's own error reaches the client
        options = dict(n_workers=workers, threads_per_worker=1, processes=True,
                       dashboard_address=None, silence_logs=logging.CRITICAL)
        options.update(cluster_options)
        cluster = client = None
        try:
            with _interrupt_held():
                with dask.config.set({"distributed.nanny.pre-spawn-environ": worker_environ()}):
                    cluster = distributed.LocalCluster(**options)
                client = distributed.Client(cluster)
        except KeyboardInterrupt:  # Ctrl-C while the cluster started: close what started
            _close_quietly(client, cluster)
            raise
        client._dektes_cluster = cluster  # closed by close()
        return client
    try:
        return distributed.Client(address, timeout="20s")
    except (OSError, TimeoutError) as e:
        raise OSError("cannot reach the Dask scheduler at %s (%s)" % (address, e)) from None


@contextlib.contextmanager
def _interrupt_held():
    """Hold Ctrl-C (SIGINT) back while a local cluster starts, and raise KeyboardInterrupt
    after it if one came: interrupted half-way, the cluster's start and its clean-up at exit
    printed tracebacks. The worker processes ignore SIGINT from their first line
    (:func:`_workers_ignore_ctrl_c`): a Ctrl-C at the terminal reaches every process of the
    group, and each worker that was importing printed its own traceback (28 lines and more);
    this process closes them instead."""
    _workers_ignore_ctrl_c()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came = []
    old = signal.signal(signal.SIGINT, lambda *_: came.append(True))
    try:
        yield
    except Exception:
        # a worker the Ctrl-C reached before its first line dies, and the start fails
        # ("Nanny failed to start"): the cause is the interrupt
        if came:
            raise KeyboardInterrupt from None
        raise
    finally:
        signal.signal(signal.SIGINT, old)
    if came:
        raise KeyboardInterrupt


def _workers_ignore_ctrl_c() -> None:
    """Make the processes multiprocessing spawns from here on (Dask's local workers) ignore
    SIGINT before anything else they run: their command line is ``python -c PROGRAM``, and
    PROGRAM starts with ``signal.signal(SIGINT, SIG_IGN)``."""
    import multiprocessing.spawn as spawn

    real = spawn.get_command_line
    if getattr(real, "dektes", False):
        return

    def get_command_line(**kwds):
        cmd = list(real(**kwds))
        if "-c" in cmd[:-1]:
            i = cmd.index("-c") + 1
            cmd[i] = "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN); " + cmd[i]
        return cmd
    get_command_line.dektes = True
    spawn.get_command_line = get_command_line


def _close_quietly(client, cluster) -> None:
    for thing in (client, cluster):
        if thing is not None:
            try:
                thing.close()
            except BaseException:  # interrupted again, or half started: nothing to tell
                pass


def close(client: distributed.Client) -> None:
    cluster = getattr(client, "_dektes_cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def _client(client):
    return client if client is not None else distributed.get_client()


def judge_spec(client: distributed.Client | None = None, cache: str | os.PathLike | None = None,
               min_length: int = protocol.DEFAULT_MIN_LENGTH,
               max_length: int = protocol.DEFAULT_MAX_LENGTH, disabled=frozenset(),
               progress: bool = True, overlay: str | None = None) -> JudgeSpec:
    """The :class:`~fst.app.corpus.JudgeSpec` for the workers of ``client``: with ``cache`` (a
    built cache directory every worker can read) the workers read it; otherwise the cache for
    the current inputs is built here if needed and its look-up arrays are shipped to every
    worker (:class:`ShipCache`). ``overlay``: the ``overlay.json`` of a user's list
    (``--list NAME``), a path every worker can read. Raises :class:`fst.app.corpus.CorpusError` for a cache directory
    that is not a built cache."""
    disabled = frozenset(disabled)
    if cache is not None:
        d = Path(cache).resolve() if "://" not in str(cache) else Path(str(cache))
        corpus.check_artifacts(d, corpus.LOOKUP_FILES)
        return JudgeSpec(str(d), min_length, max_length, disabled, shipped=False,
                         overlay=overlay)

    d = ensure_cache(progress=progress)
    spec = JudgeSpec(d.name, min_length, max_length, disabled, shipped=True, overlay=overlay)
    names = spec.files() + (corpus.MANIFEST,)
    _client(client).register_plugin(ShipCache(d.name, {n: (d / n).read_bytes() for n in names}))
    return spec


def _warm(spec: JudgeSpec, dask_worker=None) -> bool:
    corpus.load_judge(spec, dask_worker.local_directory if dask_worker is not None else None)
    return True


def warm_up(client: distributed.Client, spec: JudgeSpec) -> None:
    """Load the judge on every current worker now (else the first task on each does)."""
    client.run(_warm, spec)


def _ordered(client, func, argses: Iterable[tuple], window: int | None = None) -> Iterator:
    """``func(*args)`` for each of ``argses`` on the cluster, results in input order, at most
    ``window`` tasks ahead of the one being waited for."""
    if window is None:
        threads = sum(client.nthreads().values()) or 1
        window = max(4, WINDOW_PER_THREAD * threads)
    pending: collections.deque = collections.deque()
    it = iter(argses)
    for args in it:
        pending.append(client.submit(func, *args, pure=False))
        if len(pending) >= window:
            break
    while pending:
        fut = pending.popleft()
        result = fut.result()
        fut.release()
        for args in it:
            pending.append(client.submit(func, *args, pure=False))
            break
        yield result


def validate_files(paths: list[str], client: distributed.Client | None = None, *,
                   cache=None, min_length: int = protocol.DEFAULT_MIN_LENGTH,
                   max_length: int = protocol.DEFAULT_MAX_LENGTH, disabled=frozenset(),
                   valid_only: bool = False, latin_lookalikes: bool = False,
                   block_bytes: int = corpus.BLOCK_BYTES, storage_options: dict | None = None,
                   spec: JudgeSpec | None = None) -> Iterator[tuple[Block, Result]]:
    """Judge text files (plain or compressed, local paths or fsspec URLs) on the cluster.

    Yields (block, :class:`~fst.app.corpus.Result`) in input order: ``result.data`` is what
    ``dektes validate -`` prints for the files decompressed and concatenated (each file's last
    line ended), ``result.counts`` (lines, valid, invalid, errors). Raises
    :class:`fst.app.corpus.CorpusError` naming a file that cannot be read."""
    client = _client(client)
    blocks = corpus.plan(list(paths), block_bytes, storage_options)
    if spec is None:
        spec = judge_spec(client, cache, min_length, max_length, disabled)
    options = Options(valid_only, latin_lookalikes)
    seen_line = False
    argses = ((b, spec, options, i == 0, storage_options) for i, b in enumerate(blocks))
    for i, (block, result) in enumerate(zip(blocks, _ordered(client, corpus.validate_block,
                                                               argses))):
        if not seen_line and i > 0 and result.bom and block.first_of_file:
            # the first line of the whole input is here (the files before are empty): it
            # drops its byte order mark, as `dektes validate -` would
            result = client.submit(corpus.validate_block, block, spec, options, True,
                                   storage_options, pure=False).result()
        seen_line = seen_line or result.counts[0] > 0
        yield block, result


def validate_files_to(paths: list[str], outputs: list[str],
                      client: distributed.Client | None = None, *, spec: JudgeSpec,
                      options: Options = Options(), storage_options: dict | None = None,
                      ) -> Iterator[tuple[int, tuple[int, int, int, int]]]:
    """Judge each file of ``paths`` into the matching path of ``outputs`` on the workers
    (which must be able to write there); yields (index, counts) as files finish, (index,
    the error) for an input that cannot be read to its end (no output file is left for it).
    Raises :class:`fst.app.corpus.OutputFileError` when an output cannot be written."""
    client = _client(client)
    futures = {}
    for i, (p, o) in enumerate(zip(paths, outputs)):
        fut = client.submit(corpus.validate_file_to, Block(i, p), o, spec, options,
                            storage_options, pure=False)
        futures[fut] = i
    for fut in distributed.as_completed(futures):
        try:
            yield futures[fut], fut.result()
        except (protocol.InputError, corpus.CorpusError) as e:
            if isinstance(e, corpus.OutputFileError):
                raise
            yield futures[fut], e


def _validate_partition(lines, spec: JudgeSpec, options: Options) -> list[str]:
    result = corpus.validate_lines_of(list(lines), spec, options)
    return result.data.decode("utf-8").split("\n")[:-1]


def validate_bag(bag: dask.bag.Bag, client: distributed.Client | None = None, *, cache=None,
                 min_length: int = protocol.DEFAULT_MIN_LENGTH,
                 max_length: int = protocol.DEFAULT_MAX_LENGTH, disabled=frozenset(),
                 latin_lookalikes: bool = False) -> dask.bag.Bag:
    """A bag of what ``dektes validate`` prints (without the newline) for each element of
    ``bag`` (str or bytes, one line each, e.g. from ``dask.bag.read_text``), same order and
    partitions: ``WORD\\t1``, ``WORD\\t0``, ``WORD\\t0\\tE:code``. A newline inside an element
    counts as white space. Lazy: compute it on the cluster of ``client``."""
    spec = judge_spec(client, cache, min_length, max_length, disabled)
    return bag.map_partitions(_validate_partition, spec, Options(False, latin_lookalikes))


def _validate_series(series, spec: JudgeSpec, options: Options):
    import pandas as pd

    lines = _validate_partition(series.tolist(), spec, options)
    valid, error = [], []
    for line in lines:
        cols = line.split("\t")  # the echoed input never holds a tab
        valid.append(cols[1] == "1")
        error.append(cols[2][2:] if len(cols) > 2 else "")
    return pd.DataFrame({"valid": valid, "error": error}, index=series.index)


def validate_column(column, client: distributed.Client | None = None, *, cache=None,
                    min_length: int = protocol.DEFAULT_MIN_LENGTH,
                    max_length: int = protocol.DEFAULT_MAX_LENGTH, disabled=frozenset(),
                    latin_lookalikes: bool = False):
    """Verdicts for a Dask dataframe column (a Series of words): a Dask DataFrame with the
    same index and columns ``valid`` (bool) and ``error`` (str: ``""``, or the code
    ``dektes validate`` prints, ``empty``, ``invalid-utf8``, ``latin-lookalike`` …). A
    missing value is an empty line. Lazy."""
    import pandas as pd

    spec = judge_spec(client, cache, min_length, max_length, disabled)
    meta = pd.DataFrame({"valid": pd.Series([], dtype=bool),
                         "error": pd.Series([], dtype=object)})
    return column.map_partitions(_validate_series, spec, Options(False, latin_lookalikes),
                                 meta=meta)


# --------------------------------------------------------------------------------------------
# coverage


def _merge(*parts):

    return merge_all(parts)


def count_files(paths: list[str], client: distributed.Client | None = None, *,
                block_bytes: int = corpus.BLOCK_BYTES, storage_options: dict | None = None,
                progress: bool = False):
    """The :class:`fst.app.coverage.Counts` of text files, counted on the cluster and merged on
    it by a tree of additions (8 at a time)."""

    client = _client(client)
    blocks = corpus.plan(list(paths), block_bytes, storage_options)
    futures = client.map(count_block, blocks, storage_options=storage_options, pure=False)
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=sum(b.size for b in blocks), unit="B", unit_scale=True,
                   desc="dektes: counting", disable=None, leave=False)
        sizes = dict(zip(futures, (b.size for b in blocks)))
        for fut in distributed.as_completed(futures):
            bar.update(sizes[fut])
        bar.close()
    level = futures
    while len(level) > 1:
        level = [client.submit(_merge, *level[i:i + 8], pure=False)
                 for i in range(0, len(level), 8)]
    if not level:

        return Counts()
    return level[0].result()

