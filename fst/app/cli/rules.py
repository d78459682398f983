"""``dektes rules``: the rule ids of the digest grammars/RULES.md (:mod:`fst.rules`)."""
from __future__ import annotations

import argparse
import sys

from fst.app.protocol import EXIT_NEGATIVE, EXIT_OK, PROG, escape, out_line, split_csv
from fst.rules import lookup, rules


def cmd_rules(args: argparse.Namespace) -> int:
    if not args.ids:
        for r in rules().values():
            out_line("§%s\t%s\t%s" % (r.id, r.title, r.text))
        return EXIT_OK
    status = EXIT_OK
    for rid in split_csv(args.ids):
        r = lookup(rid)
        if r is None:
            print("%s: %s is not a rule id of the regulation ('dektes rules' lists them)"
                  % (PROG, escape(rid)), file=sys.stderr)
            status = EXIT_NEGATIVE
            continue
        out_line("§%s\t%s" % (r.id, r.title))
        out_line("\trule\t%s" % r.text)
        out_line("\tdektes\t%s" % r.where)
    return status

