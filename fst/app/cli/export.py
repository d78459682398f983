"""``dektes export``: UniMorph triples, AT&T and OpenFst transducers, plain word lists
(:mod:`fst.build.export`). Its options are parsed by :mod:`fst.app.cli`.
"""
from __future__ import annotations

import argparse
import sys

from fst.app import engine, protocol
from fst.build import export


def _cmd_wordlist(args: argparse.Namespace) -> int:
    if args.rule_derived:
        raise protocol.UsageError("--rule-derived is for unimorph; a word list holds every word")
    if args.no_header and not args.output:
        raise protocol.UsageError("--no-header needs --output FILE: the licence notes then go to "
                             "FILE.licence.txt")
    judge = engine.profile_judge(args)
    header = export.wordlist_header(judge, args.profile, args.list)
    if not args.output:
        protocol.flush_stdout()
        try:
            export.write_wordlist(judge, sys.stdout.buffer, header)
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            raise
        except OSError as e:  # disk full: an output error (exit 4), not a bug
            raise protocol.OutputError("cannot write %s: %s" % (protocol.STDOUT,
                                                              protocol.os_reason(e))) from None
        return protocol.EXIT_OK
    paths = [args.output] + ([args.output + ".licence.txt"] if args.no_header else [])
    try:  # temporary files renamed into place: a failed write leaves no truncated file
        with export.atomic_paths(*paths) as temps:
            with open(temps[0], "wb") as f:
                export.write_wordlist(judge, f, None if args.no_header else header)
            if args.no_header:
                temps[1].write_text("\n".join(h[2:] if h.startswith("# ") else h[1:]
                                              for h in header) + "\n", encoding="utf-8")
    except OSError as e:  # disk full, no such folder, no permission: exit 4
        raise protocol.OutputError("cannot write to %r: %s" % (args.output, protocol.os_reason(e))) \
            from None
    protocol.out_line(args.output)
    return protocol.EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    if args.format == "wordlist":
        return _cmd_wordlist(args)
    if args.format == "hunspell":
        if args.rule_derived or args.no_header:
            raise protocol.UsageError("--rule-derived and --no-header are not for hunspell")
        judge = engine.profile_judge(args)
        directory = args.output or "dektes-hunspell"
        try:
            paths = export.write_hunspell(judge, directory, profile=args.profile,
                                          list_name=args.list)
        except OSError as e:  # disk full, no permission: an output error (exit 4)
            raise protocol.OutputError("cannot write to %r: %s"
                                       % (directory, protocol.os_reason(e))) from None
        for p in paths:
            protocol.out_line(str(p))
        return protocol.EXIT_OK
    if (args.profile != "board" or args.without or args.list or args.no_header
            or (args.min_length, args.max_length) != (protocol.DEFAULT_MIN_LENGTH,
                                                      protocol.DEFAULT_MAX_LENGTH)):
        raise protocol.UsageError("--profile, --without, --list, the lengths and --no-header are "
                             "for the wordlist and hunspell formats")
    judge = engine.judge_for(protocol.DEFAULT_MIN_LENGTH, protocol.DEFAULT_MAX_LENGTH)
    if args.format == "unimorph":
        if args.output:
            raise protocol.UsageError("--output is for att and openfst; unimorph is written to stdout")
        out = []
        for row in export.unimorph_rows(judge, rule_derived=args.rule_derived):
            out.append("\t".join(row))
            if len(out) >= 10_000:
                protocol.write_text("\n".join(out) + "\n")  # OutputError (exit 4) if it fails
                out = []
        if out:
            protocol.write_text("\n".join(out) + "\n")
        return protocol.EXIT_OK
    if args.rule_derived:
        raise protocol.UsageError("--rule-derived is for unimorph; the transducers hold every form")
    directory = args.output or "dektes-" + args.format
    write = export.write_att if args.format == "att" else export.write_openfst
    try:
        paths = write(judge, directory)
    except OSError as e:  # disk full, no permission: an output error (exit 4)
        raise protocol.OutputError("cannot write to %r: %s" % (directory, protocol.os_reason(e))) from None
    for p in paths:
        protocol.out_line(str(p))
    return protocol.EXIT_OK
