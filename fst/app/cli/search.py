"""The search commands of ``dektes``: ``anagram``, ``pattern``, ``extensions`` and ``hooks``
(:mod:`fst.runtime.search`). Their options are parsed by :mod:`fst.app.cli`.
"""
from __future__ import annotations

import argparse
import itertools

from fst.app import engine, protocol
from grammars.normalize import InvalidWord, to_tile
from fst.runtime import overlay
from fst.runtime.overlay import Overlay
from fst.runtime.search import SearchError, best_first, by_probability


def _print_matches(matches, order: str, limit: int | None) -> int:
    n = 0
    if order == "probability":
        for m, combos in itertools.islice(by_probability(matches), limit):
            protocol.out_line("%s\t%d\t%d" % (m.shown, m.score, combos))
            n += 1
        return protocol.EXIT_OK if n else protocol.EXIT_NEGATIVE
    if order == "score":
        matches = best_first(matches)
    for m in itertools.islice(matches, limit):
        protocol.out_line("%s\t%d" % (m.shown, m.score))
        n += 1
    return protocol.EXIT_OK if n else protocol.EXIT_NEGATIVE


def _list(args):
    """The user's list of --list NAME (fst/runtime/overlay.py), or None."""
    if not getattr(args, "list", None):
        return None
    try:
        return Overlay.load(args.list)
    except ValueError as e:
        raise protocol.UsageError(str(e)) from None


def cmd_anagram(args: argparse.Namespace) -> int:
    judge = engine.profile_judge(args)
    ov = _list(args)
    try:
        found = judge.anagram(args.rack, args.min_length, args.max_length, exact=args.exact,
                              extra=args.super)
        if ov is not None:
            found = overlay.with_list_matches(found, ov, overlay.anagram_extra(
                ov, args.rack, args.min_length, args.max_length, args.exact))
    except SearchError as e:
        raise protocol.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_pattern(args: argparse.Namespace) -> int:
    judge = engine.profile_judge(args)
    ov = _list(args)
    try:
        found = judge.pattern(args.pattern, args.rack, args.min_length, args.max_length)
        if ov is not None:
            found = overlay.with_list_matches(found, ov, overlay.pattern_extra(
                ov, args.pattern, args.rack, args.min_length, args.max_length))
    except SearchError as e:
        raise protocol.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_extensions(args: argparse.Namespace) -> int:
    judge = engine.profile_judge(args)
    side = "front" if args.front else "back" if args.back else "any"
    try:
        found = judge.extensions(args.word, side, args.min_length, args.max_length)
    except SearchError as e:
        raise protocol.UsageError(str(e)) from None
    return _print_matches(found, args.sort, args.limit)


def cmd_hooks(args: argparse.Namespace) -> int:
    judge = engine.profile_judge(args)
    ov = _list(args)
    any_hook = False
    for shown, word in protocol.read_words(args.words):
        try:
            to_tile(protocol.checked_word(word))  # the error, with its code, before the search
        except InvalidWord as e:
            protocol.out_line("%s\t-\tE:%s\t%s" % (shown, e.code, e.reason))
            continue
        h = judge.hooks(word)
        if ov is not None:
            h = overlay.hooks_with_list(h, ov, judge.min_length, judge.max_length)
        inner = h.inner_words
        any_hook |= bool(h.front or h.back or h.inner_front or h.inner_back)
        protocol.out_line("%s\t%s\t%s\t%s\t%s" % (
            shown, "".join(h.front) or "-", "".join(h.back) or "-", inner[0] or "-",
            inner[1] or "-"))
    return protocol.EXIT_OK if any_hook else protocol.EXIT_NEGATIVE
