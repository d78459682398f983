"""Regenerate the lexicon: run the generating steps of :mod:`scripts.pipeline.steps` in order.

    python -m scripts.pipeline [--fold K] [--steps A,B | --from STEP] [--check] [--list]

From the repository root, with the reference material in ``../shared``. The steps rewrite their
files of ``lexicon/`` and ``grammars/`` in place (``git diff`` shows what changed), each under
one progress line with the time so far.

``--fold K`` runs them under ``DEKTES_PES_FOLD=K``: the steps that read the official list's dev
half read its fold K only (``../shared/README.md``). ``--steps`` runs only the steps named,
``--from`` the steps from one on. ``--check`` changes nothing: it runs the steps in a copy of the
tracked files and compares every tracked file of the copy with the checkout's, byte for byte;
exit 1, naming the files, when one differs (a committed file that its step no longer
reproduces). ``--list`` prints the steps with what they write and their typical time.

Exit status: 0; 1 with one line when a step fails, ../shared is missing, or ``--check`` finds a
difference; 2 for bad arguments.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

from scripts.common import ROOT, SHARED, copy_tracked, tracked_files
from scripts.pipeline.steps import PIPELINE, STEPS, Step, by_name


def fail(msg: str) -> SystemExit:
    return SystemExit(f"pipeline: {msg}")


def run_steps(steps: list[Step], root: Path, env: dict, logs: Path) -> None:
    """Run ``steps`` in ``root`` in order, each one's output saved to ``logs``; a progress bar
    names the running step. Raises SystemExit naming the step that fails, with its log's tail."""
    total = sum(s.minutes for s in steps)
    bar = tqdm(total=round(total * 60), unit="s", desc="pipeline", file=sys.stderr,
               bar_format="{desc}: {percentage:3.0f}% |{bar:20}| {elapsed} elapsed")
    t_start = time.time()
    try:
        for i, s in enumerate(steps, 1):
            bar.set_description_str(f"pipeline [{i}/{len(steps)}] {s.name}")
            log = logs / f"{i:02d}-{s.name}.txt"
            with open(log, "w", encoding="utf-8") as f:
                code = subprocess.run([sys.executable, "-m", s.module], cwd=root, env=env,
                                      stdout=f, stderr=subprocess.STDOUT).returncode
            bar.update(round(s.minutes * 60))
            if code:
                tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
                raise fail(f"{PIPELINE}/{s.script} failed (exit {code}): "
                           f"{tail[-1] if tail else 'no output'}; its log: {log}")
    finally:
        bar.close()
    print(f"pipeline: {len(steps)} steps in {time.time() - t_start:.0f} s", file=sys.stderr)


def check(steps: list[Step], env: dict) -> list[str]:
    """Run ``steps`` in a copy of the tracked files (../shared linked beside it); the tracked
    files whose contents then differ from the checkout's."""
    files = tracked_files(ROOT)
    with tempfile.TemporaryDirectory(prefix="dektes-pipeline-") as tmp:
        copy, logs = Path(tmp) / "repo", Path(tmp) / "logs"
        logs.mkdir()
        copy_tracked(ROOT, copy)
        (Path(tmp) / "shared").symlink_to(SHARED.resolve(), target_is_directory=True)
        env = dict(env, DEKTES_CACHE=str(Path(tmp) / "cache"))
        try:
            run_steps(steps, copy, env, logs)
        except SystemExit as e:  # the copy's log goes with it: keep the tail in the message
            raise fail(str(e.code).removeprefix("pipeline: ").split("; its log:")[0]) from None
        differ = [rel for rel in files if (copy / rel).read_bytes() != (ROOT / rel).read_bytes()]
        # a step that writes a folder may add files there
        for s in steps:
            for w in s.writes:
                if w.endswith("/"):
                    new = {p.relative_to(copy).as_posix() for p in (copy / w).rglob("*")
                           if p.is_file()}
                    differ += sorted(new - set(files))
    return differ


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m scripts.pipeline",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--fold", type=int, choices=(0, 1),
                    help="learn from fold K of the dev half only (DEKTES_PES_FOLD=K)")
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--steps", metavar="A,B", help="run only these steps (comma-separated)")
    which.add_argument("--from", dest="start", metavar="STEP", help="run the steps from STEP on")
    ap.add_argument("--check", action="store_true",
                    help="change nothing: run in a copy, exit 1 if a tracked file differs")
    ap.add_argument("--list", action="store_true", help="list the steps and exit")
    args = ap.parse_args(argv)
    try:
        if args.steps:
            steps = by_name(x.strip() for x in args.steps.split(",") if x.strip())
        elif args.start:
            first = by_name([args.start])[0]
            steps = list(STEPS[STEPS.index(first):])
        else:
            steps = list(STEPS)
    except ValueError as e:
        ap.error(str(e))
    if args.list:
        for s in STEPS:
            print(f"{s.name}\t{s.minutes:g} min\t{'dev half' if s.reads_dev else '-'}\t"
                  + " ".join(s.writes))
        return 0
    if not SHARED.is_dir():
        raise fail(f"{SHARED} not found: the steps read the reference material in ../shared")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    if args.fold is not None:
        env["DEKTES_PES_FOLD"] = str(args.fold)
    print(f"pipeline: {len(steps)} steps, about {sum(s.minutes for s in steps):.0f} min on 2 "
          f"cores: {', '.join(s.name for s in steps)}", file=sys.stderr)
    if args.check:
        differ = check(steps, env)
        if differ:
            raise fail(f"{len(differ)} tracked files are not what the steps write: "
                       + ", ".join(differ[:10]) + (" …" if len(differ) > 10 else ""))
        print(f"pipeline: every tracked file is reproduced by {len(steps)} steps", file=sys.stderr)
        return 0
    logs = Path(tempfile.mkdtemp(prefix="dektes-pipeline-logs-"))
    run_steps(steps, ROOT, env, logs)
    print(f"pipeline: logs in {logs}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("pipeline: interrupted")
