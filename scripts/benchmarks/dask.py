#!/usr/bin/env python3
"""Benchmark of corpus validation on Dask (fst/app/distributed.py, issue 15): figures and ratios
measured in one run on the same files. Prints figures only; no assertions.

    python -m scripts.benchmarks.dask [--lines N] [--files F] [--keep DIR]

Needs the dask extra (pip install 'dektes[dask]') and a warm cache (built first if needed).

The corpus: ``--lines`` (default 100,000,000) lines in ``--files`` plain files, half valid
words (sampled from ``dektes wordlist``) and half near misses, in tile form, a sample of
200,000 lines repeated; enough that one worker runs for more than a minute.

Rows:

1. ``dektes validate -`` in one process, fed the files by ``cat`` (the baseline);
2. ``validate_files`` (what ``dektes validate --dask`` runs) on a LocalCluster of 1 and of 2
   single-threaded worker processes; the output comes back to the client in input order and is
   dropped there. The cluster is started, and every worker has loaded the look-up arrays (one
   small task each), before the clock starts: start-up is excluded;
3. ratios: scaling 1 → 2 workers (time 1 / time 2; goal ≥ 1.6 on 2 cores) and 1 worker against
   the single process (time 1 worker / time single; goal ≤ 1.5);
4. peak memory (maximum resident set) of each worker process, and of the single process.

The machine's load (/proc/loadavg) is printed before and after: other work on the same cores
distorts every figure.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.common import ROOT  # run as a module, so this file (dask.py) shadows no package


def loadavg() -> str:
    try:
        return open("/proc/loadavg").read().strip()
    except OSError:
        return "?"


def make_corpus(d: Path, lines: int, files: int, seed: int = 15) -> list[str]:
    from fst.app.engine import judge_for
    from fst.runtime.dfa import TILE_LETTERS

    judge = judge_for(2, 15)
    valid = list(judge.wordlist(2, 15))
    rng = random.Random(seed)
    sample = []
    for w in rng.sample(valid, 100_000):
        sample.append(w)
        i = rng.randrange(len(w))
        sample.append(w[:i] + rng.choice(TILE_LETTERS) + w[i + 1:])  # mostly not a word
    rng.shuffle(sample)
    base = ("\n".join(sample) + "\n").encode()
    per_file = lines // files
    reps, rest = divmod(per_file, len(sample))
    tail = ("\n".join(sample[:rest]) + "\n").encode() if rest else b""
    paths = []
    for i in range(files):
        p = d / ("corpus%02d.txt" % i)
        with open(p, "wb") as f:
            for _ in range(reps):
                f.write(base)
            f.write(tail)
        paths.append(str(p))
    return paths


def single_process(paths: list[str]) -> tuple[float, float, int]:
    """Wall time, CPU seconds and peak RSS (KiB) of `cat FILES | dektes validate -`."""
    cat = subprocess.Popen(["cat", *paths], stdout=subprocess.PIPE)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "fst", "validate", "-"], stdin=cat.stdout,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    cat.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - t0
    cat.wait()
    err = proc.stderr.read().decode().strip()
    print("  single process: %s" % err.splitlines()[-1])
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def on_cluster(paths: list[str], workers: int) -> tuple[float, float, float, list[int], int]:
    """Wall time of validate_files on a fresh LocalCluster of ``workers`` processes (start-up
    and array loading excluded), CPU seconds of the workers and of this client meanwhile, the
    peak RSS (KiB) of each worker, and lines judged."""
    from fst.app import distributed as fd

    client = fd.connect("local:%d" % workers)  # as `dektes validate --dask local:N`
    try:
        spec = fd.judge_spec(client)
        # every worker loads the arrays before the clock starts
        fd.warm_up(client, spec)
        cpu0 = sum(client.run(_cpu).values())
        client_cpu0 = _cpu()
        t0 = time.perf_counter()
        lines = 0
        with open(os.devnull, "wb") as sink:
            for _, result in fd.validate_files(paths, client, spec=spec):
                sink.write(result.data)
                lines += result.counts[0]
        elapsed = time.perf_counter() - t0
        client_cpu = _cpu() - client_cpu0
        cpu = sum(client.run(_cpu).values()) - cpu0
        peaks = sorted(client.run(_peak_rss).values())
    finally:
        fd.close(client)
    return elapsed, cpu, client_cpu, peaks, lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=100_000_000)
    ap.add_argument("--files", type=int, default=8)
    ap.add_argument("--keep", metavar="DIR", help="keep (or reuse) the corpus in DIR")
    args = ap.parse_args()

    d = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="dektes-dask-"))
    d.mkdir(parents=True, exist_ok=True)
    try:
        existing = sorted(str(p) for p in d.glob("corpus*.txt"))
        if len(existing) == args.files:
            paths = existing
        else:
            print("writing %d lines in %d files under %s …" % (args.lines, args.files, d))
            paths = make_corpus(d, args.lines, args.files)
        size = sum(os.path.getsize(p) for p in paths)
        print("corpus: %d files, %.2f GB" % (len(paths), size / 1e9))
        print("load before: %s" % loadavg())
        t_single, cpu_single, rss_single = single_process(paths)
        t1, cpu1, ccpu1, peaks1, lines = on_cluster(paths, 1)
        t2, cpu2, ccpu2, peaks2, lines2 = on_cluster(paths, 2)
        assert lines == lines2
        print("load after:  %s" % loadavg())
        print()
        print("%-34s %9s %14s %12s %12s" % ("", "wall s", "lines/s", "worker CPU s",
                                            "client CPU s"))
        for name, t, cpu, ccpu in (("dektes validate - (one process)", t_single, cpu_single, 0),
                                   ("Dask, 1 worker", t1, cpu1, ccpu1),
                                   ("Dask, 2 workers", t2, cpu2, ccpu2)):
            print("%-34s %9.1f %14s %12.1f %12.1f" % (name, t, "{:,.0f}".format(lines / t),
                                                      cpu, ccpu))
        print()
        print("scaling 1 -> 2 workers (wall):     %.2fx (goal >= 1.6)" % (t1 / t2))
        print("1 worker / single process (wall):  %.2fx (goal <= 1.5)" % (t1 / t_single))
        print("1 worker / single process (CPU):   %.2fx" % (cpu1 / cpu_single))
        print("peak RSS single process:           %.0f MB" % (rss_single / 1024))
        print("peak RSS per worker, 1 worker:     %s MB" % ", ".join(
            "%.0f" % (p / 1024) for p in peaks1))
        print("peak RSS per worker, 2 workers:    %s MB" % ", ".join(
            "%.0f" % (p / 1024) for p in peaks2))
    finally:
        if not args.keep:
            shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
