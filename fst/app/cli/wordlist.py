"""``dektes wordlist``: the valid words, straight from the look-up arrays."""
from __future__ import annotations

import argparse

from fst.app.engine import disabled_of, judge_for
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_OK, UsageError,
                              split_csv, write_bytes)
from fst.runtime import overlay


def cmd_wordlist(args: argparse.Namespace) -> int:
    # The listing takes its own bounds: load the board profile (widened if asked for more) so
    # that a listing does not need a profile of its own.
    judge = judge_for(min(args.min_length, DEFAULT_MIN_LENGTH),
                   max(args.max_length, DEFAULT_MAX_LENGTH), disabled_of(args))
    # UTF-8 blocks straight from the look-up arrays to the byte stream, a block at a time
    try:
        blocks = judge.wordlist_bytes(args.min_length, args.max_length, pos=split_csv(args.pos),
                                      rules=split_csv(args.rule), without_rules=split_csv(args.without_rule))
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.list:
        if args.pos or args.rule or args.without_rule:
            raise UsageError("--list does not combine with --pos, --rule or --without-rule: "
                             "the list's own words have no analysis to filter")
        try:
            ov = overlay.Overlay.load(args.list)
        except ValueError as e:
            raise UsageError(str(e)) from None
        blocks = overlay.wordlist_blocks(blocks, ov, args.min_length, args.max_length)
    for block in blocks:
        write_bytes(block)
    return EXIT_OK

