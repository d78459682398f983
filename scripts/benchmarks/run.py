#!/usr/bin/env python3
"""Benchmarks of the look-up runtime (fst/runtime/dfa.py): one command, figures and ratios measured
in the same run, on the same words. Prints figures only; no assertions.

    python -m scripts.benchmarks.run [--words N] [--seed S] [--analyse N] [--keep DIR]
                                     [--sections 1,2,3,4,5,6,7]

Needs a warm cache (run ``dektes check ΕΓΡΑΨΑ`` once first, or let this script build it). The
hunspell row needs hunspell and its Greek dictionary, a separate step:

    apt-get install hunspell hunspell-el

and is skipped, with a message, without them.

The words: ``--words`` (default 1,000,000) lines, half valid (sampled from ``dektes wordlist``,
2–15 letters) and half near misses (a valid word with one letter changed, inserted or deleted,
and not in the language), shuffled, in tile form; the same words in accented lower case for
hunspell (a near miss is the edit of a valid word's accented form).

Rows:

1. ``validate``: the whole process ``dektes validate FILE`` against a minimal Python script that
   loads the accepted word list (the ``dektes wordlist`` output) from a text file into a ``set``
   and writes the same ``WORD<TAB>1|0`` lines for the same words; ratio = set time / dektes time
   (above 1: dektes is faster). The two outputs are compared.
2. ``hunspell -l -d el_GR`` on the same words in accented lower case, against ``dektes validate``.
3. analysis: ``Judge.analyse`` (one word at a time) and ``Judge.analyse_many`` (one batch) over
   valid words, from the analysis table, against bare pynini composition per word (accented
   surface ∘ analyser, every path) on the same analyser, and against HFST's optimized look-up
   (PyPI hfst, the ``export`` extra) on ``dektes export att``'s analyser, on the same accented
   forms, its analyses compared with dektes' as strings (skipped without hfst).
4. ``dektes wordlist``: forms/s, whole process, and in-process from the arrays.
5. cold start: ``dektes check ΕΓΡΑΨΑ`` with a warm cache; peak memory of every command.
6. profiles: ``dektes validate --profile P`` on the accepted word list (valid words: the whole
   ``dektes wordlist`` output) for each profile of grammars/profiles.py and for ``--without
   D1``, against the default profile in the same run (each profile's acceptor built first);
   and ``Judge.validate_many`` in process, the same way.
7. row 1's in-process line alone (``Judge.validate_many`` on the words as a list of str
   against membership in a Python ``set``, the look-up only), without the whole-process runs:
   ``--sections 7``. Not in the default set, since row 1 prints it.

Commands run as ``python -m fst`` from the repository root that holds this script. Wall times
are the best of ``--repeat`` runs; peak memory is the maximum resident set size of the command
(getrusage of a wrapper's only child). Rows 1 and 2 (and the in-process look-up of row 1) give
each repeat its own reshuffle of the same words, so that no run reads the order of the one
before; nothing is kept between runs but the build cache. Before the first whole-process run
the repository's modules are compiled to byte code (``compileall``), as an installed package
has them: with $PYTHONDONTWRITEBYTECODE set, each start would otherwise compile every module
anew (~35 ms of each dektes command). The Python set script is a script, compiled at each
run either way, as before.

The last lines compare the figures with issue 24's targets (ratios of this run; the Dask row is
``python -m scripts.benchmarks.dask``).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.common import ROOT

DEKTES = [sys.executable, "-m", "fst"]

# Runs one command in a fresh process and reports its wall time and peak RSS (KiB) as JSON,
# so that ru_maxrss of the children is this command's alone.
WRAPPER = r"""
import json, resource, subprocess, sys, time
spec = json.loads(sys.argv[1])
stdin = open(spec["stdin"], "rb") if spec.get("stdin") else subprocess.DEVNULL
stdout = open(spec["stdout"], "wb") if spec.get("stdout") else subprocess.DEVNULL
t = time.perf_counter()
rc = subprocess.call(spec["cmd"], stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL,
                     cwd=spec["cwd"])
wall = time.perf_counter() - t
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": rc, "wall": wall, "cpu": ru.ru_utime + ru.ru_stime,
                  "maxrss_kib": ru.ru_maxrss}))
"""


def measure(cmd, stdin=None, stdout=None, repeat=1) -> dict:
    """Best wall time of ``repeat`` runs of ``cmd``, with its CPU time and peak RSS."""
    best = None
    for _ in range(repeat):
        spec = {"cmd": cmd, "stdin": str(stdin) if stdin else None,
                "stdout": str(stdout) if stdout else None, "cwd": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", WRAPPER, json.dumps(spec)],
                             capture_output=True, check=True, text=True)
        r = json.loads(out.stdout)
        if r["rc"] != 0:
            raise SystemExit(f"benchmark: {' '.join(map(str, cmd))} failed with status {r['rc']}")
        if best is None or r["wall"] < best["wall"]:
            best = r
    return best


def fmt_rate(n: int, seconds: float) -> str:
    return f"{n / seconds / 1e6:.2f}M/s" if n / seconds >= 1e5 else f"{n / seconds / 1e3:.1f}k/s"


def reshuffled(src: Path, dst: Path, rng: random.Random) -> Path:
    """``dst``: the lines of ``src`` in a new random order (one per repeat)."""
    lines = src.read_text(encoding="utf-8").split("\n")[:-1]
    rng.shuffle(lines)
    dst.write_text("".join(w + "\n" for w in lines), encoding="utf-8")
    return dst


def best(a: dict | None, b: dict) -> dict:
    return b if a is None or b["wall"] < a["wall"] else a


def row(name: str, r: dict, n: int | None = None, extra: str = "") -> None:
    rate = f"  {fmt_rate(n, r['wall']):>10}" if n else ""
    print(f"  {name:<44} {r['wall']:8.3f} s wall {r['cpu']:8.3f} s cpu "
          f"{r['maxrss_kib'] / 1024:7.1f} MiB peak{rate}{extra}")


def fix_sigma(s: str) -> str:
    s = s.replace("ς", "σ")
    return s[:-1] + "ς" if s.endswith("σ") else s


LOWER = "αβγδεζηθικλμνξοπρστυφχψω"


def make_words(n: int, seed: int, wordlist: list[str], judge, work: Path) -> tuple[Path, Path, int]:
    """words.txt (tile form) and words-lower.txt (accented lower case); returns the number of
    valid words in the sample."""
    from grammars.normalize import to_tile

    rng = random.Random(seed)
    n_valid = n // 2
    valid = rng.sample(wordlist, n_valid) if n_valid <= len(wordlist) else \
        [rng.choice(wordlist) for _ in range(n_valid)]
    # accented forms: tile → first surface, read off the tile→surface transducer once
    print("  reading the accented forms (tile → surface) …", file=sys.stderr)
    t2s = judge.t2s
    surface: dict[str, str] = {}
    it = t2s.paths(input_token_type="utf8", output_token_type="utf8")
    while not it.done():
        tile, form = it.istring(), it.ostring()
        if tile not in surface or form < surface[tile]:
            surface[tile] = form
        it.next()
    valid_lower = [surface.get(w) or fix_sigma(w.lower()) for w in valid]
    # near misses: one edit of a valid word's accented form, not in the language
    misses: list[tuple[str, str]] = []
    while len(misses) < n - n_valid:
        batch = []
        for _ in range(max(1000, (n - n_valid - len(misses)) * 3 // 2)):
            s = rng.choice(valid_lower)
            i = rng.randrange(len(s))
            op = rng.randrange(3)
            if op == 0:
                e = s[:i] + rng.choice(LOWER) + s[i + 1:]
            elif op == 1:
                e = s[:i] + rng.choice(LOWER) + s[i:]
            else:
                e = s[:i] + s[i + 1:]
            e = fix_sigma(e)
            try:
                t = to_tile(e)
            except Exception:
                continue
            batch.append((t, e))
        ok = judge.runtime.accepts_many([t for t, _ in batch])
        misses += [b for b, good in zip(batch, ok.tolist()) if not good and len(b[0]) >= 1]
    misses = misses[: n - n_valid]
    pairs = list(zip(valid, valid_lower)) + misses
    rng.shuffle(pairs)
    words = work / "words.txt"
    lower = work / "words-lower.txt"
    words.write_text("".join(t + "\n" for t, _ in pairs), encoding="utf-8")
    lower.write_text("".join(e + "\n" for _, e in pairs), encoding="utf-8")
    return words, lower, n_valid


SET_SCRIPT = r"""
import sys
with open(sys.argv[1], encoding="utf-8") as f:
    accepted = set(f.read().split("\n"))
accepted.discard("")
out = sys.stdout
with open(sys.argv[2], encoding="utf-8") as f:
    words = f.read().split("\n")
if words and words[-1] == "":
    words.pop()
out.write("".join([w + ("\t1\n" if w in accepted else "\t0\n") for w in words]))
"""

PYNINI_BASELINE = r"""
import sys, time, pynini
from fst.api import Judge
from grammars.normalize import to_lower_accented
j = Judge.load(progress=False)
forms = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
analyser = j.analyser
def compose_one(form):
    lat = pynini.compose(pynini.accep(pynini.escape(form)), analyser)
    out = []
    if lat.num_states():
        it = lat.paths(input_token_type="utf8", output_token_type="utf8")
        while not it.done():
            out.append((it.ostring(), float(it.weight())))
            it.next()
    return out
with pynini.default_token_type("utf8"):
    compose_one(forms[0])
    t = time.perf_counter()
    n_paths = sum(len(compose_one(f)) for f in forms)
    base = time.perf_counter() - t
tiles = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8")]
j.analyse(tiles[0])
t = time.perf_counter()
n_ana = sum(len(j.analyse(w)) for w in tiles)
ours = time.perf_counter() - t
t = time.perf_counter()
n_batch = sum(map(len, j.analyse_many(tiles)))
batch = time.perf_counter() - t
assert n_batch == n_ana
print(len(forms), n_paths, base, len(tiles), n_ana, ours, batch)
"""

# HFST's optimized look-up (hfst-optimized-lookup's format, HFST_OLW_TYPE) on the analyser that
# `dektes export att` writes. A child process that imports hfst alone: HFST bundles its own
# OpenFst, which must not share a process with pynini's. Loading is not timed; the look-up of
# every accented form is. Prints one JSON object: forms, paths, seconds, and per form the
# analysis strings (rule tags dropped, as dektes merges rule chains).
HFST_ANCHOR = r"""
import json, sys, time
import hfst

def hfst_optimized_lookup(tr, forms):
    return [tr.lookup(f, output="tuple") for f in forms]

with open(sys.argv[1], encoding="utf-8") as f:
    tr = next(iter(hfst.AttReader(f, "@0@")))
tr.convert(hfst.ImplementationType.HFST_OLW_TYPE)
forms = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8")]
hfst_optimized_lookup(tr, forms[:1])
t = time.perf_counter()
got = hfst_optimized_lookup(tr, forms)
secs = time.perf_counter() - t
eps = ("@_EPSILON_SYMBOL_@", "@0@")
out = {f: sorted({"".join(x for x in s if x not in eps).split("[§")[0] for s, _ in paths})
       for f, paths in zip(forms, got)}
print(json.dumps({"forms": len(forms), "paths": sum(map(len, got)), "seconds": secs,
                  "analyses": out}, ensure_ascii=False))
"""


def hfst_anchor(work: Path, forms_file: Path, want: dict[str, set[str]]) -> None:
    """Row 3's anchor: HFST's optimized look-up on ``dektes export att``'s analyser, on the
    accented forms of ``forms_file``; its analyses are compared, as strings, with dektes'
    (``want``: form → analysis strings without rule tags). Skipped, with a message, without
    the ``export`` extra (PyPI hfst)."""
    import importlib.util

    if importlib.util.find_spec("hfst") is None:
        print("  HFST optimized look-up: skipped (pip install '.[export]' for PyPI hfst)")
        return None
    att = work / "att"
    subprocess.run(DEKTES + ["export", "att", "--output", str(att)], cwd=ROOT, check=True,
                   capture_output=True)
    res = subprocess.run([sys.executable, "-c", HFST_ANCHOR, str(att / "analyser.att"),
                          str(forms_file)], capture_output=True, text=True, check=True)
    got = json.loads(res.stdout)
    same = sum(1 for f, a in got["analyses"].items() if set(a) == want.get(f, set()))
    print(f"  HFST optimized look-up per accented form: {got['forms']} forms, {got['paths']} "
          f"paths, {got['seconds']:.2f} s, {fmt_rate(got['forms'], got['seconds'])}; "
          f"analyses identical to dektes' for {same} of {got['forms']} forms")
    return got["forms"] / got["seconds"] if got["seconds"] else None



def profiles(judge, wl: Path, n_forms: int, repeat: int) -> None:
    """Row 6: each profile's validate against the default profile's, in this run."""
    from fst.app.engine import judge_for
    from grammars.profiles import PROFILES, disabled

    print("6. profiles: validate the accepted word list (all valid), whole process and in "
          "process")
    cases = [(p, [] if p == "board" else ["--profile", p], disabled(p)) for p in PROFILES]
    cases.append(("--without D1", ["--without", "D1"], disabled("board", ["D1"])))
    words = wl.read_text(encoding="utf-8").split("\n")[:-1]
    results = []
    for name, opts, off in cases:
        j = judge_for(2, 15, off)
        t = time.perf_counter()
        j.acceptor  # built once into the cache, before any timing
        t_build = time.perf_counter() - t
        r = measure(DEKTES + ["validate", *opts, str(wl)], repeat=repeat)
        t = time.perf_counter()
        n_ok = sum(j.validate_many(words))
        t_in = time.perf_counter() - t
        results.append((name, r, t_in, n_ok, t_build))
    base, base_in = results[0][1], results[0][2]
    for name, r, t_in, n_ok, t_build in results:
        row(f"validate {name}", r, n_forms,
            f"  x{r['wall'] / base['wall']:.2f} of board (cpu x{r['cpu'] / base['cpu']:.2f}); in process {fmt_rate(n_forms, t_in)}"
            f" x{t_in / base_in:.2f}; accepts {n_ok:,}; acceptor ready in {t_build:.1f} s")
    print()


def in_process(judge, words: Path, wordlist: list[str], repeat: int, shuf: random.Random,
               goals: dict) -> None:
    """Row 1's (and row 7's) in-process figures: ``Judge.validate_many`` on the words of
    ``words`` (a list of str, as a caller has it) against membership in a Python ``set`` of
    the accepted word list, the look-up alone, best of ``repeat`` runs, each on its own
    reshuffle of the list (the strings stay where they were made, as a caller's would)."""
    tiles = words.read_text(encoding="utf-8").split("\n")[:-1]
    accepted = set(wordlist)
    n = len(tiles)
    t_rt = t_set = float("inf")
    agree = True
    for _ in range(repeat):
        shuf.shuffle(tiles)
        t = time.perf_counter()
        got = judge.validate_many(tiles)
        t_rt = min(t_rt, time.perf_counter() - t)
        t = time.perf_counter()
        got_set = [w in accepted for w in tiles]
        t_set = min(t_set, time.perf_counter() - t)
        agree &= got == got_set
    print(f"  in process, look-up only: Judge.validate_many {fmt_rate(n, t_rt)}, "
          f"set membership {fmt_rate(n, t_set)}, ratio {t_set / t_rt:.2f}x; "
          f"agree: {'yes' if agree else 'NO'}")
    goals["Judge.validate_many, M words/s"] = (n / t_rt / 1e6, 10, "x")
    goals["Judge.validate_many / set membership"] = (t_set / t_rt, 5, "x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--analyse", type=int, default=2000, help="words for the analysis row")
    ap.add_argument("--repeat", type=int, default=3, help="runs per timing (best is shown)")
    ap.add_argument("--keep", type=Path, help="keep the word files in this directory")
    ap.add_argument("--sections", default="1,2,3,4,5,6",
                    help="which rows to run, comma-separated (default all)")
    args = ap.parse_args()
    sections = {int(x) for x in args.sections.split(",") if x.strip()}

    from fst import store as fc
    from fst.api import Judge

    print(f"dektes benchmarks — {ROOT}", flush=True)
    print(f"  python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    judge = Judge.load(progress=True)  # warms (or builds) the cache
    print(f"  cache {fc.cache_dir()}", flush=True)
    goals: dict[str, tuple[float, float, str]] = {}  # name → (figure, target, "x" or "<=")
    work = Path(tempfile.mkdtemp(prefix="dektes-bench-")) if not args.keep else args.keep
    work.mkdir(parents=True, exist_ok=True)
    # dektes' modules as byte code, as an installed package has them, before any dektes
    # command is timed (rows 1, 2, 4, 5, 6)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "fst", "grammars", "lexicon"],
                   cwd=ROOT, check=True, capture_output=True)
    try:
        # ---- the accepted word list, via dektes wordlist (row 4 as well)
        wl = work / "wordlist.txt"
        r_wl = measure(DEKTES + ["wordlist"], stdout=wl, repeat=args.repeat)
        wordlist = wl.read_text(encoding="utf-8").split("\n")[:-1]
        n_forms = len(wordlist)
        if sections - {4, 5, 6}:
            words, lower, n_valid = make_words(args.words, args.seed, wordlist, judge, work)
        else:
            words, lower, n_valid = wl, wl, n_forms
        n = args.words
        if sections - {4, 5, 6}:
            print(f"\nwords: {n:,} ({n_valid:,} valid, {n - n_valid:,} near misses); "
                  f"accepted forms 2–15 letters: {n_forms:,}\n")
        else:
            print(f"\naccepted forms 2–15 letters: {n_forms:,}\n")
        if 6 in sections:
            profiles(judge, wl, n_forms, args.repeat)
        shuf = random.Random(args.seed + 7)
        if 7 in sections and 1 not in sections:
            print("7. in process, look-up only (row 1's last line)")
            in_process(judge, words, wordlist, args.repeat, shuf, goals)
            print()
        if not sections & {1, 2, 3, 4, 5}:
            return

        # ---- 1. validate vs set
        if 1 in sections:
            print("1. validate, whole process, same words")
            out_d = work / "validate.out"
            out_s = work / "set.out"
            script = work / "set_lookup.py"
            script.write_text(SET_SCRIPT, encoding="utf-8")
            r_d = r_s = None
            same = True
            for k in range(args.repeat):  # each repeat on its own reshuffle of the words
                run_words = reshuffled(words, work / f"words-{k}.txt", shuf)
                r_d = best(r_d, measure(DEKTES + ["validate", str(run_words)], stdout=out_d))
                r_s = best(r_s, measure([sys.executable, str(script), str(wl), str(run_words)],
                                        stdout=out_s))
                same &= out_d.read_bytes() == out_s.read_bytes()
                run_words.unlink()
            row("dektes validate FILE", r_d, n)
            row("python set (load word list + look up)", r_s, n)
            print(f"  ratio set/dektes: {r_s['wall'] / r_d['wall']:.2f}x "
                  f"(cpu {r_s['cpu'] / r_d['cpu']:.2f}x); outputs identical: {'yes' if same else 'NO'}")
            goals["validate whole process / python set"] = (r_s["wall"] / r_d["wall"], 5, "x")
            goals["validate whole process, peak MiB"] = (r_d["maxrss_kib"] / 1024, 60, "<=")
            in_process(judge, words, wordlist, args.repeat, shuf, goals)

        # ---- 2. hunspell
        if 2 in sections:
            print("\n2. hunspell -l -d el_GR, same words in accented lower case")
            dic = [Path(p) / "el_GR.dic" for p in ("/usr/share/hunspell", "/usr/share/myspell",
                                                   "/usr/share/myspell/dicts")]
            if not shutil.which("hunspell") or not any(p.exists() for p in dic):
                print("  skipped: hunspell or its el_GR dictionary is not installed "
                      "(apt-get install hunspell hunspell-el)")
            else:
                r_h = r_dl = None
                for k in range(args.repeat):  # each repeat on its own reshuffle
                    run_lower = reshuffled(lower, work / f"lower-{k}.txt", shuf)
                    r_h = best(r_h, measure(["hunspell", "-l", "-d", "el_GR"], stdin=run_lower))
                    r_dl = best(r_dl, measure(DEKTES + ["validate", str(run_lower)]))
                    run_lower.unlink()
                row("hunspell -l -d el_GR < words-lower.txt", r_h, n)
                row("dektes validate words-lower.txt", r_dl, n)
                print(f"  ratio hunspell/dektes: {r_h['wall'] / r_dl['wall']:.2f}x")
                goals["validate whole process / hunspell -l"] = (r_h["wall"] / r_dl["wall"], 40, "x")

        # ---- 3. analysis
        if 3 in sections:
            print("\n3. analysis: Judge.analyse (tile → every analysis) vs pynini compose per word")
            rng = random.Random(args.seed + 1)
            sample = rng.sample(wordlist, min(args.analyse, n_forms))
            forms = sorted({s for w in sample for s in judge.surfaces(w)})
            f_forms = work / "forms.txt"
            f_tiles = work / "tiles.txt"
            f_forms.write_text("".join(f + "\n" for f in forms), encoding="utf-8")
            f_tiles.write_text("".join(w + "\n" for w in sample), encoding="utf-8")
            out = subprocess.run([sys.executable, "-c", PYNINI_BASELINE, str(f_forms), str(f_tiles)],
                                 capture_output=True, text=True, cwd=ROOT, check=True).stdout.split()
            nf, npaths, t_base, nt, nana, t_ours, t_batch = (
                int(out[0]), int(out[1]), float(out[2]), int(out[3]), int(out[4]), float(out[5]),
                float(out[6]))
            print(f"  pynini compose per accented form: {nf} forms, {npaths} paths, {t_base:.2f} s, "
                  f"{fmt_rate(nf, t_base)}")
            print(f"  Judge.analyse per tile word:      {nt} words, {nana} analyses, {t_ours:.2f} s, "
                  f"{fmt_rate(nt, t_ours)}")
            print(f"  Judge.analyse_many, one batch:     {nt} words, {nana} analyses, {t_batch:.2f} s, "
                  f"{fmt_rate(nt, t_batch)}")
            print(f"  ratio Judge.analyse / compose (words/s): {(nt / t_ours) / (nf / t_base):.2f}x; "
                  f"analyse_many / compose: {(nt / t_batch) / (nf / t_base):.2f}x")
            from fst.build.export import analysis_string
            want: dict[str, set[str]] = {}
            for batch in judge.analyse_many(sample):
                for a in batch:
                    want.setdefault(a.surface, set()).add(analysis_string(a).split("[§")[0])
            hfst_rate = hfst_anchor(work, f_forms, want)
            if hfst_rate:
                goals["analyse_many / HFST optimized look-up"] = ((nt / t_batch) / hfst_rate, 2, "x")
                print(f"  ratio Judge.analyse_many / HFST optimized look-up (words/s): "
                      f"{(nt / t_batch) / hfst_rate:.2f}x; Judge.analyse / HFST: "
                      f"{(nt / t_ours) / hfst_rate:.2f}x")

        # ---- 4. wordlist
        if 4 in sections:
            print("\n4. wordlist")
            row("dektes wordlist > file", r_wl, n_forms, "  forms")
            t = time.perf_counter()
            k = sum(b.count(b"\n") for b in judge.wordlist_bytes(2, 15))
            t_in = time.perf_counter() - t
            print(f"  in process, Judge.wordlist_bytes(2, 15): {k:,} forms in {t_in:.3f} s, "
                  f"{fmt_rate(k, t_in)}")
            t = time.perf_counter()
            k2 = sum(1 for _ in judge.wordlist(2, 15))
            t_in2 = time.perf_counter() - t
            print(f"  in process, Judge.wordlist(2, 15) (str): {k2:,} forms in {t_in2:.3f} s, "
                  f"{fmt_rate(k2, t_in2)}")

        # ---- 5. cold start
        if 5 in sections:
            print("\n5. cold start (warm cache, modules compiled to byte code), whole process")
            measure(DEKTES + ["check", "ΕΓΡΑΨΑ"])  # the stamps of a fresh cache are written once
            r_c = measure(DEKTES + ["check", "ΕΓΡΑΨΑ"], repeat=max(3, args.repeat))
            row("dektes check ΕΓΡΑΨΑ", r_c)
            goals["dektes check WORD warm, s"] = (r_c["wall"], 0.15, "<=")
            goals["dektes check WORD warm, peak MiB"] = (r_c["maxrss_kib"] / 1024, 60, "<=")
            one = work / "one.txt"
            one.write_text("ΕΓΡΑΨΑ\n", encoding="utf-8")
            r_v1 = measure(DEKTES + ["validate", str(one)], repeat=max(3, args.repeat))
            row("dektes validate (one word)", r_v1)
            r_py = measure([sys.executable, "-c", "pass"], repeat=max(3, args.repeat))
            row("python -c pass (interpreter alone)", r_py)
    finally:
        if goals:
            print("\ntargets (issue 24), this run:")
            for name, (got, target, kind) in goals.items():
                ok = got >= target if kind == "x" else got <= target
                want = f">= {target}" if kind == "x" else f"<= {target}"
                print(f"  {name:<44} {got:8.2f}  target {want:<7} {'met' if ok else 'NOT met'}")
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
