"""``dektes export``: UniMorph triples, AT&T and OpenFst transducers (fst/export.py).

Kept apart from fst/cli.py, which adds it with :func:`add_commands`.
"""
from __future__ import annotations

import argparse
import sys

from fst import cli  # fst.cli imports this module only inside build_parser


def cmd_export(args: argparse.Namespace) -> int:
    from fst import export

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
        help="export paradigms as UniMorph triples, or the transducers for HFST/OpenFst",
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
            "epsilon is @0@. The paths written are printed."),
        examples="examples:\n  dektes export unimorph > dektes-ell.tsv\n"
                 "  dektes export att --output exp && hfst-txt2fst exp/analyser.att -o a.hfst\n"
                 "  echo έγραψα | hfst-lookup a.hfst\n"
                 "  dektes export openfst --output exp && fstprint exp/tiles.fst | head\n",
    )
    p.add_argument("format", choices=["unimorph", "att", "openfst"], metavar="FORMAT",
                   help="unimorph, att or openfst")
    p.add_argument("--rule-derived", action="store_true",
                   help="unimorph: add the forms that regulation rules derive")
    p.add_argument("--output", "-o", metavar="DIR",
                   help="att/openfst: the folder to write (default dektes-att / dektes-openfst)")
