"""``dektes validate``: judge every line of a file or of standard input. Several files,
compressed or remote ones, ``--output-dir`` and ``--dask`` are :mod:`fst.app.cli.validate_corpus`
(:mod:`fst.app.corpus`), imported only for them, so that a validate of one plain stream loads
no corpus machinery; ``dektes coverage`` is :mod:`fst.app.cli.coverage`, so that a validate
does not import the coverage report (the guesser, the tokenizer)."""
from __future__ import annotations

import argparse
import sys

from fst.app import batch, protocol
from fst.app.engine import disabled_of, judge_for
from fst.app.protocol import (EXIT_OK, UsageError, compression_of, input_name, is_url,
                              open_input, read_chunks, write_bytes)
from fst.runtime import kernel


def cmd_validate(args: argparse.Namespace) -> int:
    batch.reuse_freed_memory()
    if wants_corpus(args):  # several or compressed files, URLs, --output-dir, --dask
        if args.strict_accents:
            raise UsageError("--strict-accents judges one file or stdin: give a single plain "
                             "file, without --output-dir or --dask")
        from fst.app.cli import validate_corpus  # the corpus machinery: ~5 ms of a start
        return validate_corpus.cli_validate(args, disabled_of(args))
    disabled = disabled_of(args)
    path = args.files[0] if args.files else "-"
    stream = open_input(path)
    judge = judge_for(args.min_length, args.max_length, disabled, args.list)
    n = n_valid = n_invalid = n_errors = 0
    first = True
    try:
        chunks = (read_chunks(stream, protocol.CHUNK_LINES, input_name(path)) if args.strict_accents
                  else batch.validate_chunks(stream, input_name(path), judge, args.valid_only,
                                                kernel.threads()))
        for chunk in chunks:
            if isinstance(chunk, tuple):  # a block of plain words, judged by the kernel
                data, k, k_valid = chunk
                k_invalid, k_errors = k - k_valid, 0
            else:
                data, k, k_valid, k_invalid, k_errors = batch.validate_chunk(
                    chunk, judge, args.valid_only, args.latin_lookalikes, first,
                    args.strict_accents)
            first = False
            n += k
            n_valid += k_valid
            n_invalid += k_invalid
            n_errors += k_errors
            write_bytes(data)
    finally:
        if path != "-":
            stream.close()
    print("lines %d, valid %d, invalid %d, errors %d" % (n, n_valid, n_invalid, n_errors),
          file=sys.stderr)
    return EXIT_OK


def wants_corpus(args) -> bool:
    """Does ``dektes validate`` need :mod:`fst.app.cli.validate_corpus` (rather than its
    one-stream loop)?"""
    files = args.files or []
    return bool(args.dask or args.output_dir or len(files) > 1
                or any(f != "-" and (compression_of(f) or is_url(f)) for f in files))
