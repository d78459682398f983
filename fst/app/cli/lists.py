"""``dektes learn`` (a user's own list, :mod:`fst.app.lists`) and ``dektes lists``."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from fst.app.engine import judge_for
from fst.app.lists import learn_list, parse_pages
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_OK, PROG, UsageError,
                              out_line)
from fst.runtime import overlay
from fst.runtime.overlay import list_dir, parse_lengths


def cmd_learn(args: argparse.Namespace) -> int:
    try:
        complete = parse_lengths(args.complete) if args.complete else None
        pages = parse_pages(args.pages) if args.pages else None
        print("dektes: learning %s …" % args.file, file=sys.stderr)
        ov, counts = learn_list(Path(args.file), args.name, complete, jobs=args.jobs,
                                judge=judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH),
                                pages=pages, replace=args.replace,
                                report=lambda line: print("%s: %s: %s" % (PROG, args.file, line),
                                                          file=sys.stderr))
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (args.file, e.strerror or e)) from None
    except ValueError as e:
        raise UsageError(str(e)) from None
    for k in ("words", "unreadable lines", "unreadable tokens", "words the grammar lacks",
              "lemmas learned"):
        out_line("%s\t%d" % (k, counts.get(k, 0)))
    out_line("list\t%s\t%s" % (args.name, list_dir(args.name)))
    return EXIT_OK


def cmd_lists(args: argparse.Namespace) -> int:
    try:
        if args.delete:
            for name in args.delete:
                overlay.describe(name)  # every name checked before any is removed
            for name in args.delete:
                print("%s: deleted the list %s (%s)" % (PROG, name, overlay.delete(name)),
                      file=sys.stderr)
            return EXIT_OK
        names = args.names or overlay.list_names()
        infos = [overlay.describe(n) for n in names]
    except ValueError as e:
        raise UsageError(str(e)) from None
    for i in infos:
        if args.json:
            out_line(json.dumps(i, ensure_ascii=False))
            continue
        complete = "-" if not i["complete"] else "%d-%d" % tuple(i["complete"])
        out_line("\t".join([i["name"], "%s words" % i["words"], "complete " + complete,
                         "%s lemmas" % ("?" if i["lemmas"] is None else i["lemmas"]),
                         i["source"] or "-", i["date"] or "-"]))
    if not infos and not args.json:
        print("%s: no lists in %s; make one with 'dektes learn FILE --name NAME'"
              % (PROG, overlay.lists_root()), file=sys.stderr)
    return EXIT_OK

