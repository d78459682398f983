#!/usr/bin/env python3
"""Benchmark of ``dektes serve`` under load: the judge round trip with concurrent clients, all
on 127.0.0.1. Prints figures only; no assertions.

    python -m scripts.benchmarks.serve [--clients 20] [--requests 4000] [--seconds 30]
                                       [--words 400] [--seed S]

It starts ``python -m fst serve --port 0`` (one process, as a user runs it) and sends requests
from ``--clients`` threads, each with its own keep-alive connection (http.client), until
``--requests`` requests are answered or ``--seconds`` have passed, whichever comes first; then
stops the server. Every phase is bounded in count and time and talks to 127.0.0.1 only.

Rows, measured in the same run on the same words (half valid words sampled from the word
list, half near misses: a valid word with one letter changed that is not valid):

1. ``GET /api/health``: the framework and HTTP stack alone (no look-up): the baseline.
2. ``GET /api/check?word=W``: the judge round trip of the JSON API. Each answer's verdict is
   compared with the in-process verdict (mismatches are counted).
3. ``GET /challenge?words=W``: the referee's page, rendered from its template.
4. in-process ``Judge.check`` (one thread, no HTTP): what the server's look-up costs.

Per row: requests answered, requests per second, median and 99th-percentile latency (ms) as
the client measures it (from sending the request to reading the whole answer), errors. Ratios:
each HTTP row's throughput against the health baseline, and its median latency against the
in-process time per check. The machine's cores are shared by the clients and the server.
"""
from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.parse

from scripts.common import ROOT

from fst.app.web.server import spawned


def sample_words(judge, n: int, seed: int) -> list[str]:
    """``n`` tile words, half valid (from the word list), half near misses, shuffled."""
    from grammars.normalize import TILE_LETTERS
    rng = random.Random(seed)
    valid: list[str] = []
    for i, w in enumerate(judge.wordlist(2, 15)):  # reservoir sample of the whole list
        if len(valid) < n // 2:
            valid.append(w)
        else:
            j = rng.randrange(i + 1)
            if j < n // 2:
                valid[j] = w
    misses: list[str] = []
    while len(misses) < n - len(valid):
        w = rng.choice(valid)
        i = rng.randrange(len(w))
        miss = w[:i] + rng.choice(TILE_LETTERS) + w[i + 1:]
        if not judge.check(miss).valid:
            misses.append(miss)
    words = valid + misses
    rng.shuffle(words)
    return words


def load(host: str, port: int, paths: list[str], clients: int, requests: int, seconds: float,
         check=None) -> dict:
    """Send ``paths`` round robin from ``clients`` threads until ``requests`` answers or
    ``seconds``; latencies in seconds, errors counted (and mismatches, by ``check``)."""
    lock = threading.Lock()
    state = {"next": 0, "errors": 0, "mismatches": 0}
    latencies: list[float] = []
    stop_at = time.monotonic() + seconds

    def client() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        mine: list[float] = []
        try:
            while True:
                with lock:
                    i = state["next"]
                    if i >= requests or time.monotonic() >= stop_at:
                        break
                    state["next"] = i + 1
                path = paths[i % len(paths)]
                t = time.perf_counter()
                try:
                    conn.request("GET", path)
                    resp = conn.getresponse()
                    body = resp.read()
                except (OSError, http.client.HTTPException):
                    conn.close()
                    conn = http.client.HTTPConnection(host, port, timeout=30)
                    with lock:
                        state["errors"] += 1
                    continue
                mine.append(time.perf_counter() - t)
                if resp.status != 200:
                    with lock:
                        state["errors"] += 1
                elif check is not None and not check(i % len(paths), body):
                    with lock:
                        state["mismatches"] += 1
        finally:
            conn.close()
            with lock:
                latencies.extend(mine)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    lat = sorted(latencies)
    return {"requests": len(lat), "wall": wall, "rps": len(lat) / wall if wall else 0.0,
            "p50": statistics.median(lat) if lat else float("nan"),
            "p99": lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan"),
            "max": lat[-1] if lat else float("nan"),
            "errors": state["errors"], "mismatches": state["mismatches"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=20, help="concurrent clients (default 20)")
    ap.add_argument("--requests", type=int, default=4000,
                    help="requests per row at most (default 4000)")
    ap.add_argument("--seconds", type=float, default=30.0,
                    help="seconds per row at most (default 30)")
    ap.add_argument("--words", type=int, default=400, help="distinct words (default 400)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    from fst.api import Judge
    judge = Judge.load()
    words = sample_words(judge, args.words, args.seed)
    expected = [judge.check(w).valid for w in words]

    # in-process baseline: Judge.check over the same words, one thread
    n = 0
    t = time.perf_counter()
    while n < max(args.requests, 2000) and time.perf_counter() - t < args.seconds:
        judge.check(words[n % len(words)])
        n += 1
    per_check = (time.perf_counter() - t) / n

    quote = urllib.parse.quote
    rows = []
    with contextlib.ExitStack() as stack:
        try:
            url = urllib.parse.urlsplit(stack.enter_context(spawned(cwd=ROOT)))
        except RuntimeError as e:
            raise SystemExit(str(e)) from None
        host, port = url.hostname, url.port
        warm = ["/api/check?word=" + quote(w) for w in words]
        load(host, port, warm, args.clients, min(400, args.requests), args.seconds)

        def check_json(i: int, body: bytes) -> bool:
            return json.loads(body)["results"][0]["valid"] == expected[i]

        phases = [
            ("GET /api/health (baseline)", ["/api/health"], None),
            ("GET /api/check?word=W", warm, check_json),
            ("GET /challenge?words=W", ["/challenge?words=" + quote(w) for w in words], None),
        ]
        for name, paths, check in phases:
            r = load(host, port, paths, args.clients, args.requests, args.seconds, check)
            rows.append((name, r))

    print("dektes serve on %s:%d, %d clients, at most %d requests or %g s per row, %d words "
          "(half valid), %d CPU cores shared by clients and server"
          % (host, port, args.clients, args.requests, args.seconds, len(words), os.cpu_count()))
    print("%-30s %9s %9s %9s %9s %9s %7s" % ("row", "requests", "req/s", "p50 ms", "p99 ms",
                                            "max ms", "errors"))
    base = rows[0][1]["rps"]
    for name, r in rows:
        print("%-30s %9d %9.0f %9.2f %9.2f %9.2f %7d"
              % (name, r["requests"], r["rps"], 1e3 * r["p50"], 1e3 * r["p99"], 1e3 * r["max"],
                 r["errors"]))
    print("%-30s %9d %9.0f %9.3f" % ("in-process Judge.check", n, 1 / per_check,
                                     1e3 * per_check))
    print()
    for name, r in rows[1:]:
        print("%s: %.2f× the health baseline's req/s; median latency %.0f× an in-process check"
              % (name, r["rps"] / base if base else float("nan"),
                 r["p50"] / per_check))
    check_row = rows[1][1]
    print("verdicts of /api/check that differ from Judge.check: %d of %d"
          % (check_row["mismatches"], check_row["requests"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
