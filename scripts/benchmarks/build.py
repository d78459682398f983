#!/usr/bin/env python3
"""Build benchmarks: full build time and peak memory, then the no-change rebuild (the cache
check alone: key, manifest, checksums; should be well under 2 s). Prints figures only.

    python -m scripts.benchmarks.build [--lexicon FILE] [--keep]

The build goes into a fresh temporary cache root (``DEKTES_CACHE``), never the user's cache.
Each figure is for one whole process ``python -c "...ensure_cache()..."`` run from the
repository root: wall time, CPU time (user + system) and peak resident memory.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from scripts.common import ROOT

WRAPPER = r"""
import json, os, resource, subprocess, sys, time
cmd, env = json.loads(sys.argv[1]), json.loads(sys.argv[2])
t = time.perf_counter()
p = subprocess.run(cmd, env=dict(os.environ, **env), capture_output=True, text=True,
                   cwd=sys.argv[3])
wall = time.perf_counter() - t
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": p.returncode, "wall": wall, "cpu": ru.ru_utime + ru.ru_stime,
                  "maxrss_kib": ru.ru_maxrss, "stdout": p.stdout, "stderr": p.stderr}))
"""

ENSURE = r"""
import sys
from pathlib import Path
from fst import store as fc
lex = Path(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] else None
print(fc.ensure_cache(progress=False, lexicon_path=lex))
"""

LOAD = r"""
import sys
from fst.api import Judge
j = Judge.load(progress=False)
print(j.validate_many(["ΕΓΡΑΨΑ"])[0], "pynini" in sys.modules)
"""


def run(code: str, args: list[str], env: dict) -> dict:
    cmd = [sys.executable, "-c", code, *args]
    out = subprocess.run([sys.executable, "-c", WRAPPER, json.dumps(cmd), json.dumps(env),
                          str(ROOT)], capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    if r["rc"] != 0:
        raise SystemExit("build benchmark: the command failed:\n" + r["stderr"])
    return r


def show(name: str, r: dict) -> None:
    print(f"  {name:<40} {r['wall']:8.2f} s wall {r['cpu']:8.2f} s cpu "
          f"{r['maxrss_kib'] / 1024:8.1f} MiB peak")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lexicon", type=Path, help="build from this lemmas file only")
    ap.add_argument("--keep", action="store_true", help="keep the temporary cache root")
    args = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="dektes-build-bench-"))
    env = {"DEKTES_CACHE": str(root)}
    lex = [str(args.lexicon.resolve())] if args.lexicon else [""]
    print(f"dektes build benchmark — {ROOT}")
    print(f"  {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; cache root {root}")
    try:
        full = run(ENSURE, lex, env)
        d = Path(full["stdout"].strip())
        show("full build (empty cache)", full)
        size = sum(p.stat().st_size for p in d.iterdir())
        manifest = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
        print(f"  artifacts: {len(manifest['artifacts'])} files + manifest, {size / 2**20:.1f} MiB;"
              f" tile words {manifest['tile_words']:,}")
        for name, info in sorted(manifest["artifacts"].items()):
            print(f"    {name:<22} {info['size']:>10,} bytes")
        again = [run(ENSURE, lex, env) for _ in range(3)]
        best = min(again, key=lambda r: r["wall"])
        show("rebuild, nothing changed (best of 3)", best)
        if not args.lexicon:
            load = run(LOAD, [], env)
            show("Judge.load + one look-up", load)
            print(f"  pynini imported by Judge.load: {load['stdout'].split()[1]}")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
