"""``dektes export``: UniMorph triples, AT&T and OpenFst transducers, plain word lists
(fst/export.py).

Kept apart from fst/cli.py, which adds it with :func:`add_commands`.
"""
from __future__ import annotations

import argparse
import sys

from fst import cli  # fst.cli imports this module only inside build_parser


def _cmd_wordlist(args: argparse.Namespace) -> int:
    from fst import export

    if args.rule_derived:
        raise cli.UsageError("--rule-derived is for unimorph; a word list holds every word")
    if args.no_header and not args.output:
        raise cli.UsageError("--no-header needs --output FILE: the licence notes then go to "
                             "FILE.licence.txt")
    judge = cli._profile_judge(args)
    header = export.wordlist_header(judge, args.profile, args.list)
    if not args.output:
        export.write_wordlist(judge, sys.stdout.buffer, header)
        return cli.EXIT_OK
    try:
        with open(args.output, "wb") as f:
            export.write_wordlist(judge, f, None if args.no_header else header)
        if args.no_header:
            with open(args.output + ".licence.txt", "w", encoding="utf-8") as f:
                f.write("\n".join(h[2:] if h.startswith("# ") else h[1:] for h in header) + "\n")
    except OSError as e:
        raise cli.UsageError("cannot write to %r: %s" % (args.output, e.strerror or e)) from None
    cli._out(args.output)
    return cli.EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from fst import export

    if args.format == "wordlist":
        return _cmd_wordlist(args)
    if args.format == "hunspell":
        if args.rule_derived or args.no_header:
            raise cli.UsageError("--rule-derived and --no-header are not for hunspell")
        judge = cli._profile_judge(args)
        directory = args.output or "dektes-hunspell"
        try:
            paths = export.write_hunspell(judge, directory, profile=args.profile,
                                          list_name=args.list)
        except OSError as e:
            raise cli.UsageError("cannot write to %r: %s" % (directory, e.strerror or e)) \
                from None
        for p in paths:
            cli._out(str(p))
        return cli.EXIT_OK
    if (args.profile != "board" or args.without or args.list or args.no_header
            or (args.min_length, args.max_length) != (cli.DEFAULT_MIN_LENGTH,
                                                      cli.DEFAULT_MAX_LENGTH)):
        raise cli.UsageError("--profile, --without, --list, the lengths and --no-header are "
                             "for the wordlist and hunspell formats")
    judge = cli._judge(cli.DEFAULT_MIN_LENGTH, cli.DEFAULT_MAX_LENGTH)
    if args.format == "unimorph":
        if args.output:
            raise cli.UsageError("--output is for att and openfst; unimorph is written to stdout")
        out = []
        for row in export.unimorph_rows(judge, rule_derived=args.rule_derived):
            out.append("\t".join(row))
            if len(out) >= 10_000:
                cli._write_text("\n".join(out) + "\n")  # OutputError (exit 4) if it fails
                out = []
        if out:
            cli._write_text("\n".join(out) + "\n")
        return cli.EXIT_OK
    if args.rule_derived:
        raise cli.UsageError("--rule-derived is for unimorph; the transducers hold every form")
    directory = args.output or "dektes-" + args.format
    write = export.write_att if args.format == "att" else export.write_openfst
    try:
        paths = write(judge, directory)
    except OSError as e:  # disk full, no permission: an output error (exit 4)
        raise cli.OutputError("cannot write to %r: %s" % (directory, cli._os_reason(e))) from None
    for p in paths:
        cli._out(str(p))
    return cli.EXIT_OK


def add_commands(sub) -> None:
    """Add ``export`` to the sub-parsers ``sub``."""
    p = cli._command(
        sub, "export", cmd_export,
        help="export paradigms as UniMorph triples, the transducers for HFST/OpenFst, or the "
             "word list for Zyzzyva and Quackle",
        description=cli._fill(
            "unimorph: print LEMMA<TAB>FORM<TAB>FEATURES for every form of every paradigm "
            "(accented), lemma by lemma, with UniMorph's tag names and feature order (as in "
            "UniMorph's Greek file: N;GEN;SG, ADJ;NOM;SG;MASC;CMPR, V;1;SG;PFV;PST; passive "
            "forms end in PASS). Forms only a regulation rule licenses (§B3, §D1 …) are left "
            "out unless --rule-derived.",
            "att: write analyser.att (accented surface to lemma and tags) and tiles.att (the "
            "tile acceptor) in AT&T text with symbols.txt (OpenFst symbol table); openfst: "
            "analyser.fst and tiles.fst, OpenFst binaries with the symbol table attached. Tags "
            "are multi-character symbols: [P4] class, [V;IND;PST;PFV;1;SG;ACT] cell, [§D1] rule; "
            "epsilon is @0@. The paths written are printed.",
            "wordlist: print (or write to --output FILE) the valid words of a profile (its "
            "lengths, --profile, --without, --list as in check), in tile form, one per line, "
            "sorted: the plain text that Zyzzyva (Lexicon > import a word list) and Quackle "
            "import. A header of # lines (which Zyzzyva skips) says which profile it is and "
            "carries the licence notes of the parts of the lexicon that profile holds "
            "(lexicon/notes/licences.tsv): some are NOT under the GPL (the federation's "
            "lists: free non-commercial use). --no-header writes them to FILE.licence.txt "
            "instead, for a program that would read the header as words.",
            "hunspell: write DIR/dektes_el.aff and DIR/dektes_el.dic (--output DIR, default "
            "dektes-hunspell), a hunspell dictionary of the profile's accented forms in lower "
            "case, judged as check --strict-accents judges them: per lemma and inflection "
            "class a stem with one affix class (its forms' suffixes); the .aff's # header "
            "carries the licence notes. Use: hunspell -d DIR/dektes_el."),
        examples="examples:\n  dektes export unimorph > dektes-ell.tsv\n"
                 "  dektes export att --output exp && hfst-txt2fst exp/analyser.att -o a.hfst\n"
                 "  echo έγραψα | hfst-lookup a.hfst\n"
                 "  dektes export openfst --output exp && fstprint exp/tiles.fst | head\n"
                 "  dektes export wordlist > dektes-board.txt\n"
                 "  dektes export wordlist --profile free --max-length 8 -o free-2-8.txt\n"
                 "  dektes export hunspell -o hs && hunspell -d hs/dektes_el -l < words.txt\n",
    )
    p.add_argument("format", choices=["unimorph", "att", "openfst", "wordlist", "hunspell"],
                   metavar="FORMAT", help="unimorph, att, openfst, wordlist or hunspell")
    p.add_argument("--rule-derived", action="store_true",
                   help="unimorph: add the forms that regulation rules derive")
    p.add_argument("--output", "-o", metavar="DIR",
                   help="att/openfst/hunspell: the folder to write (default dektes-att, "
                        "dektes-openfst, dektes-hunspell); wordlist: the file (default: stdout)")
    p.add_argument("--no-header", action="store_true",
                   help="wordlist: no # header lines (the licence notes go to "
                        "FILE.licence.txt; needs --output)")
    cli._add_profile(p)
    cli._add_list(p)
