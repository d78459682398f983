"""The search commands of ``dektes``: ``anagram``, ``pattern``, ``extensions`` and ``hooks``
(fst/search.py).

Kept apart from fst/cli.py, which adds them with :func:`add_commands`; the helpers (engine per
profile, option groups, output) are fst.cli's.
"""
from __future__ import annotations

import argparse
import itertools

from fst import cli  # fst.cli imports this module only inside build_parser
from fst.normalize import InvalidWord, to_tile


def _print_matches(matches, order: str, limit: int | None) -> int:
    from fst.search import best_first, by_probability

    n = 0
    if order == "probability":
        for m, combos in itertools.islice(by_probability(matches), limit):
            cli._out("%s\t%d\t%d" % (m.shown, m.score, combos))
            n += 1
        return cli.EXIT_OK if n else cli.EXIT_NEGATIVE
    if order == "score":
        matches = best_first(matches)
    for m in itertools.islice(matches, limit):
        cli._out("%s\t%d" % (m.shown, m.score))
        n += 1
    return cli.EXIT_OK if n else cli.EXIT_NEGATIVE


def _list(args):
    """The user's list of --list NAME (fst/overlay.py), or None."""
    if not getattr(args, "list", None):
        return None
    from fst.overlay import Overlay
    try:
        return Overlay.load(args.list)
    except ValueError as e:
        raise cli.UsageError(str(e)) from None


def cmd_anagram(args: argparse.Namespace) -> int:
    from fst import overlay
    from fst.search import SearchError

    judge = cli._profile_judge(args)
    ov = _list(args)
    try:
        found = judge.anagram(args.rack, args.min_length, args.max_length, exact=args.exact,
                              extra=args.super)
        if ov is not None:
            found = overlay.with_list_matches(found, ov, overlay.anagram_extra(
                ov, args.rack, args.min_length, args.max_length, args.exact))
    except SearchError as e:
        raise cli.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_pattern(args: argparse.Namespace) -> int:
    from fst.search import SearchError

    from fst import overlay

    judge = cli._profile_judge(args)
    ov = _list(args)
    try:
        found = judge.pattern(args.pattern, args.rack, args.min_length, args.max_length)
        if ov is not None:
            found = overlay.with_list_matches(found, ov, overlay.pattern_extra(
                ov, args.pattern, args.rack, args.min_length, args.max_length))
    except SearchError as e:
        raise cli.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_extensions(args: argparse.Namespace) -> int:
    from fst.search import SearchError

    judge = cli._profile_judge(args)
    side = "front" if args.front else "back" if args.back else "any"
    try:
        found = judge.extensions(args.word, side, args.min_length, args.max_length)
    except SearchError as e:
        raise cli.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_hooks(args: argparse.Namespace) -> int:
    from fst import overlay

    judge = cli._profile_judge(args)
    ov = _list(args)
    any_hook = False
    for shown, word in cli._words(args.words):
        try:
            to_tile(cli._word(word))  # the error, with its code, before the search
        except InvalidWord as e:
            cli._out("%s\t-\tE:%s\t%s" % (shown, e.code, e.reason))
            continue
        h = judge.hooks(word)
        if ov is not None:
            h = overlay.hooks_with_list(h, ov, judge.min_length, judge.max_length)
        inner = h.inner_words
        any_hook |= bool(h.front or h.back or h.inner_front or h.inner_back)
        cli._out("%s\t%s\t%s\t%s\t%s" % (shown, "".join(h.front) or "-", "".join(h.back) or "-",
                                         inner[0] or "-", inner[1] or "-"))
    return cli.EXIT_OK if any_hook else cli.EXIT_NEGATIVE


def _add_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sort", choices=["score", "alpha", "probability"], default="score",
                   help="score: best first, then longer, then alphabetical (default); alpha: "
                        "alphabetical; probability: longer first, then the likelier to be "
                        "drawn from the full bag (a third column gives the draws that spell "
                        "the word, blanks standing in: fst.search.combinations)")
    p.add_argument("--limit", type=cli._positive, default=None, metavar="N",
                   help="print at most N words")


def _extra(text: str) -> int:
    return cli._whole(text, 0, 15)


def add_commands(sub) -> None:
    """Add ``anagram``, ``pattern``, ``extensions`` and ``hooks`` to the sub-parsers ``sub``."""
    p = cli._command(
        sub, "anagram", cmd_anagram,
        help="every valid word a rack makes, with its score (blanks ? or *)",
        description=cli._fill(
            "Find every valid word that the tiles of RACK make: Greek letters as typed (any "
            "case, accents optional) and at most two blanks, written ? or *. Prints "
            "WORD<TAB>SCORE per word, best first; letters played by a blank are in lower case "
            "(ΓΡΑΨαΜΕ) and score 0. Scores are face values of the Greek set "
            "(lexicon/tiles/greek.tsv), without board premiums. The rack may not hold more "
            "tiles of a letter than the set has (one Ξ, two blanks …), nor over 15 tiles."),
        examples="examples:\n  dektes anagram ΑΕΓΡΨΑΚ\n  dektes anagram 'αεγρψ??' --max-length 7"
                 "\n  dektes anagram ΓΡΑΨΑ? --exact\n  dektes anagram ΑΕΓΡΨΑΚ --super 2 --sort "
                 "probability",
        exit_status="0 if a word was found, 1 if none, 2 for a bad rack or usage.",
    )
    p.add_argument("rack", metavar="RACK", help="the rack, e.g. ΑΕΓΡΨΑΚ or αεγρψ?? (quote ? and *)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--exact", action="store_true", help="only words that use every tile")
    g.add_argument("--super", type=_extra, default=None, metavar="N",
                   help="super-anagrams: the words that use every tile and up to N letters "
                        "more (drawn letters score their value; blanks take the cheapest)")
    cli._add_profile(p)
    cli._add_list(p)
    _add_output(p)

    p = cli._command(
        sub, "pattern", cmd_pattern,
        help="every valid word matching a pattern (? one letter, * any run)",
        description=cli._fill(
            "Find every valid word matching PATTERN, which must match the whole word: letters "
            "(any case, accents optional), ? for exactly one letter, * for any run of letters "
            "(none included), [ΘΤ] for one of the letters in brackets, [^ΑΕ] for one letter "
            "other than those. --min-length and --max-length bound the word. Prints "
            "WORD<TAB>SCORE, best first. With --rack, the letters that ? and * stand for must "
            "come from the rack (the pattern's own letters are those on the board); blanks "
            "of the rack show in lower case."),
        examples="examples:\n  dektes pattern 'ΑΝ?Ρ*ΠΟΣ'\n  dektes pattern '*ΩΝ' --rack ΑΕΓΡΨ?\n"
                 "  dektes pattern 'ΑΝ[ΘΤ]ΡΩΠ*' --max-length 9\n"
                 "  dektes pattern '[^ΑΕ]*ΞΑ' --sort probability",
        exit_status="0 if a word was found, 1 if none, 2 for a bad pattern, rack or usage.",
    )
    p.add_argument("pattern", metavar="PATTERN",
                   help="e.g. 'ΑΝ?Ρ*ΠΟΣ' or 'ΑΝ[ΘΤ]ΡΩΠ*' (quote it in the shell)")
    p.add_argument("--rack", metavar="RACK",
                   help="letters (and ? or * blanks) that may fill the pattern's ? and *")
    cli._add_profile(p)
    cli._add_list(p)
    _add_output(p)

    p = cli._command(
        sub, "extensions", cmd_extensions,
        help="the valid words that contain a word (--front, --back: on one side)",
        description=cli._fill(
            "Find every valid word longer than WORD that contains it: anywhere (default), "
            "with letters put before it only (--front: the words that end with WORD) or after "
            "it only (--back: the words that begin with WORD). Prints WORD<TAB>SCORE, best "
            "first."),
        examples="examples:\n  dektes extensions ΓΡΑΦΩ\n  dektes extensions ΘΡΩΠ --sort alpha\n"
                 "  dektes extensions ΓΡΑΦΩ --front --max-length 8",
        exit_status="0 if a word was found, 1 if none, 2 for a bad word or usage.",
    )
    p.add_argument("word", metavar="WORD", help="the word (any case, accents optional)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--front", action="store_true",
                   help="only words that end with WORD (letters added in front)")
    g.add_argument("--back", action="store_true",
                   help="only words that begin with WORD (letters added after it)")
    cli._add_profile(p)
    _add_output(p)

    p = cli._command(
        sub, "hooks", cmd_hooks,
        help="the letters that make a valid word before and after a word, and inner hooks",
        description=cli._fill(
            "For each WORD print WORD<TAB>FRONT<TAB>BACK<TAB>INNER-FRONT<TAB>INNER-BACK: the "
            "letters that make a valid word when put before it (FRONT) and after it (BACK), "
            "and its inner hooks: the word less its first letter (INNER-FRONT) and less its "
            "last letter (INNER-BACK) when that is valid; '-' for none. "
            "WORD<TAB>-<TAB>E:CODE<TAB>reason when WORD is not a Greek word."),
        examples="example:\n  dektes hooks ΓΡΑΨΑ ΑΝΘΡΩΠΟ",
        exit_status="0 if some word has a hook, 1 otherwise, 2 for bad usage.",
    )
    cli._add_words(p)
    cli._add_profile(p)
    cli._add_list(p)
