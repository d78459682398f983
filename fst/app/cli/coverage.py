"""``dektes coverage``: count a corpus's tokens (on Dask or here), judge its types, report
(:mod:`fst.app.coverage`)."""
from __future__ import annotations

import argparse
import sys

from fst.app import corpus, coverage, engine, protocol
from fst.app.cli.validate_corpus import _bar, _connect
from fst.app.engine import disabled_of


def cmd_coverage(args: argparse.Namespace) -> int:
    return cli_coverage(args, disabled_of(args))


def cli_coverage(args, disabled: frozenset) -> int:
    """``dektes coverage``: count the corpus (on Dask or here), judge its types, report."""

    paths = args.files
    failed: list[str] = []  # files that could not be read to their end (exit 2 at the end)
    if "-" in paths and (len(paths) > 1 or args.dask):
        raise protocol.UsageError("'-' (stdin) can only be read alone, without --dask")
    try:
        if args.dask:
            fd, client = _connect(args.dask)
            try:
                counts = fd.count_files(paths, client, progress=True)
            finally:
                fd.close(client)
        else:
            blocks = corpus.plan(paths) if paths != ["-"] else []
            counts = coverage.Counts()
            bar = _bar(sum(b.size for b in blocks), "dektes: counting")
            if paths == ["-"]:
                for piece in coverage.text_pieces(sys.stdin.buffer):
                    counts.add_text(piece)
                    bar.update(len(piece))
            for block in blocks:
                try:
                    with corpus.open_input(block.path) as f:
                        for piece in coverage.text_pieces(f, block.start, block.end):
                            counts.add_text(piece)
                            bar.update(len(piece))  # decompressed bytes: an estimate for .gz
                except protocol.READ_ERRORS as e:  # a truncated or corrupt compressed file
                    failed.append(block.path)
                    print("%s: cannot read %r: %s; counted what was read before"
                          % (protocol.PROG, block.path, protocol.read_reason(e)), file=sys.stderr)
                except corpus.CorpusError as e:
                    failed.append(block.path)
                    print("%s: %s; skipped it" % (protocol.PROG, e), file=sys.stderr)
            bar.close()
    except corpus.CorpusError as e:
        raise protocol.UsageError(str(e)) from None
    judge = engine.judge_for(args.min_length, args.max_length, disabled, getattr(args, "list", None))
    rep = coverage.report(counts, judge, top=args.top, guesses=not args.no_guess,
                          latin_lookalikes=args.latin_lookalikes, progress=True)
    if args.json:
        import json as _json

        protocol.out_line(_json.dumps(rep.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in rep.tsv_lines(rejected_only=args.rejected_only):
            protocol.out_line(line)
    all_row = rep.rows[0]
    print("tokens %d (judged %d, accepted %d: %.2f%%), types %d (accepted %d: %.2f%%)"
          % (sum(rep.kinds.values()), all_row.tokens, all_row.accepted_tokens,
             100 * all_row.token_coverage, all_row.types, all_row.accepted_types,
             100 * all_row.type_coverage), file=sys.stderr)
    if failed:
        print("%s: %d input file(s) could not be read to their end" % (protocol.PROG, len(failed)),
              file=sys.stderr)
        return protocol.EXIT_USAGE
    return protocol.EXIT_OK
