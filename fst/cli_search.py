"""The search commands of ``dektes``: ``anagram``, ``pattern`` and ``hooks`` (fst/search.py).

Kept apart from fst/cli.py, which adds them with :func:`add_commands`; the helpers (engine per
profile, option groups, output) are fst.cli's.
"""
from __future__ import annotations

import argparse
import itertools

from fst.normalize import InvalidWord, to_tile


def _cli():
    import fst.cli as cli  # imported late: fst.cli imports this module while building its parser
    return cli


def _print_matches(matches, order: str, limit: int | None) -> int:
    from fst.search import best_first

    cli = _cli()
    if order == "score":
        matches = best_first(matches)
    n = 0
    for m in itertools.islice(matches, limit):
        cli._out("%s\t%d" % (m.shown, m.score))
        n += 1
    return cli.EXIT_OK if n else cli.EXIT_NEGATIVE


def cmd_anagram(args: argparse.Namespace) -> int:
    from fst.search import SearchError

    cli = _cli()
    judge = cli._judge(args.min_length, args.max_length, cli._disabled(args))
    try:
        found = judge.anagram(args.rack, args.min_length, args.max_length, exact=args.exact)
    except SearchError as e:
        raise cli.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_pattern(args: argparse.Namespace) -> int:
    from fst.search import SearchError

    cli = _cli()
    judge = cli._judge(args.min_length, args.max_length, cli._disabled(args))
    try:
        found = judge.pattern(args.pattern, args.rack, args.min_length, args.max_length)
    except SearchError as e:
        raise cli.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_hooks(args: argparse.Namespace) -> int:
    cli = _cli()
    judge = cli._judge(args.min_length, args.max_length, cli._disabled(args))
    any_hook = False
    for shown, word in cli._words(args.words):
        try:
            if isinstance(word, InvalidWord):
                raise word
            to_tile(word)  # the error, with its code, before the search
        except InvalidWord as e:
            cli._out("%s\t-\tE:%s\t%s" % (shown, e.code, e.reason))
            continue
        h = judge.hooks(word)
        any_hook |= bool(h.front or h.back)
        cli._out("%s\t%s\t%s" % (shown, "".join(h.front) or "-", "".join(h.back) or "-"))
    return cli.EXIT_OK if any_hook else cli.EXIT_NEGATIVE


def _add_output(p: argparse.ArgumentParser) -> None:
    cli = _cli()
    p.add_argument("--sort", choices=["score", "alpha"], default="score",
                   help="score: best first, then longer, then alphabetical (default); alpha: "
                        "alphabetical")
    p.add_argument("--limit", type=cli._positive, default=None, metavar="N",
                   help="print at most N words")


def add_commands(sub, fmt) -> None:
    """Add ``anagram``, ``pattern`` and ``hooks`` to the sub-parsers ``sub``."""
    cli = _cli()
    p = sub.add_parser(
        "anagram", formatter_class=fmt,
        help="every valid word a rack makes, with its score (blanks ? or *)",
        description=cli._fill(
            "Find every valid word that the tiles of RACK make: Greek letters as typed (any "
            "case, accents optional) and at most two blanks, written ? or *. Prints "
            "WORD<TAB>SCORE per word, best first; letters played by a blank are in lower case "
            "(ΓΡΑΨαΜΕ) and score 0. Scores are face values of the Greek set "
            "(lexicon/tiles/greek.tsv), without board premiums. The rack may not hold more "
            "tiles of a letter than the set has (one Ξ, two blanks …), nor over 15 tiles."),
        epilog="examples:\n  dektes anagram ΑΕΓΡΨΑΚ\n  dektes anagram 'αεγρψ??' --max-length 7"
               "\n  dektes anagram ΓΡΑΨΑ? --exact\n\n" + cli._fill(
                   "exit status: 0 if a word was found, 1 if none, 2 for a bad rack or usage."),
    )
    p.add_argument("rack", metavar="RACK", help="the rack, e.g. ΑΕΓΡΨΑΚ or αεγρψ?? (quote ? and *)")
    p.add_argument("--exact", action="store_true", help="only words that use every tile")
    cli._add_lengths(p)
    cli._add_profile(p)
    _add_output(p)
    p.set_defaults(func=cmd_anagram)

    p = sub.add_parser(
        "pattern", formatter_class=fmt,
        help="every valid word matching a pattern (? one letter, * any run)",
        description=cli._fill(
            "Find every valid word matching PATTERN: letters (any case, accents optional), ? "
            "for exactly one letter, * for any run of letters (none included). Prints "
            "WORD<TAB>SCORE, best first. With --rack, the letters that ? and * stand for must "
            "come from the rack (the pattern's own letters are those on the board); blanks "
            "of the rack show in lower case."),
        epilog="examples:\n  dektes pattern 'ΑΝ?Ρ*ΠΟΣ'\n  dektes pattern '*ΩΝ' --rack ΑΕΓΡΨ?\n\n"
               + cli._fill("exit status: 0 if a word was found, 1 if none, 2 for a bad "
                           "pattern, rack or usage."),
    )
    p.add_argument("pattern", metavar="PATTERN", help="e.g. 'ΑΝ?Ρ*ΠΟΣ' (quote it in the shell)")
    p.add_argument("--rack", metavar="RACK",
                   help="letters (and ? or * blanks) that may fill the pattern's ? and *")
    cli._add_lengths(p)
    cli._add_profile(p)
    _add_output(p)
    p.set_defaults(func=cmd_pattern)

    p = sub.add_parser(
        "hooks", formatter_class=fmt,
        help="the letters that make a valid word before and after a word",
        description=cli._fill(
            "For each WORD print WORD<TAB>FRONT<TAB>BACK: the letters that make a valid word "
            "when put before it (FRONT) and after it (BACK), '-' for none; "
            "WORD<TAB>-<TAB>E:CODE<TAB>reason when WORD is not a Greek word."),
        epilog="example:\n  dektes hooks ΓΡΑΨΑ ΑΝΘΡΩΠΟ\n\n" + cli._fill(
            "exit status: 0 if some word has a hook, 1 otherwise, 2 for bad usage."),
    )
    p.add_argument("words", nargs="+", metavar="WORD",
                   help="a word; '-' as the only word reads words from stdin, one per line")
    cli._add_lengths(p)
    cli._add_profile(p)
    p.set_defaults(func=cmd_hooks)
