"""``dektes cache``: list, check, build and clean the build cache (:mod:`fst.store`)."""
from __future__ import annotations

import argparse
import sys
import time

from fst import store as fc
from fst.app.engine import disabled_of, judge_for
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_NEGATIVE, EXIT_OK, PROG,
                              out_line)
from fst.build import buildctl


def cmd_cache(args: argparse.Namespace) -> int:

    root = fc.default_root()
    current = fc.cache_key()
    if args.build:
        judge = judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, disabled_of(args))
        judge.acceptor  # the profile's own acceptor, built once
        out_line(str(fc.cache_dir()))
        return EXIT_OK
    if args.verify:
        d = fc.cache_dir()
        problem = fc.check_cache(d, full=True) if d.is_dir() else "absent"
        if problem == "absent":
            problem = "not built yet ('dektes cache --build' builds it)"
        out_line("%s\t%s" % (d, problem or "ok"))
        if problem:
            print("%s: the cache in %s is not usable: %s; the next command rebuilds it"
                  % (PROG, d, problem), file=sys.stderr)
            return EXIT_NEGATIVE
        return EXIT_OK
    if args.clean:
        if root.exists() and not root.is_dir():
            buildctl.usable_root(root)  # raises: the root is a file
        removed = buildctl.clean_cache(root, current)
        for e in removed:
            out_line("removed\t%s\t%.1f MB" % (e.path, e.size / 1e6))
        print("%s: removed %d old cache folder(s), %.1f MB, from %s; kept the current one and "
              "every folder that is not a build" % (PROG, len(removed),
                                                    sum(e.size for e in removed) / 1e6, root),
              file=sys.stderr)
        return EXIT_OK
    if root.exists() and not root.is_dir():
        buildctl.usable_root(root)
    entries = buildctl.list_cache(root, current)
    for e in entries:
        out_line("%s\t%s\t%.1f MB\t%s\t%s" % (
            e.path, e.status if e.is_build else "other (not a build; kept)", e.size / 1e6,
            time.strftime("%Y-%m-%d %H:%M", time.localtime(e.mtime)),
            ("profiles: " + " ".join(e.profiles)) if e.profiles else "-"))
    print("%s: %d folder(s), %.1f MB in %s; current key %s" % (
        PROG, len(entries), sum(e.size for e in entries) / 1e6, root, current), file=sys.stderr)
    return EXIT_OK

