"""``dektes paradigm`` (the forms of a lemma) and ``dektes guess`` (the lemmas a word may come from;
no pynini: the guesser inverts the class tables directly)."""
from __future__ import annotations

import argparse
import sys

from grammars.conjugation import parts_index
from grammars.labels import label
from grammars.paradigm import load_tables

from fst.app.engine import judge_for
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_NEGATIVE, EXIT_OK,
                              EXIT_USAGE, PROG, SHOWN_BYTES, argv_word, checked_word, escape,
                              out_line, read_words)
from grammars.guess import default_guesser
from grammars.normalize import InvalidWord, to_lower_accented, to_tile


def cmd_paradigm(args: argparse.Namespace) -> int:
    judge = judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH)
    shown, lemma = argv_word(args.lemma.strip())
    try:
        lemma = checked_word(lemma, args.latin_lookalikes)
        norm = to_lower_accented(lemma)
        tables = judge.paradigm(lemma, args.inflection_class)
    except InvalidWord as e:
        print("%s: %s is not a Greek word: %s" % (PROG, shown or "''", e.reason), file=sys.stderr)
        return EXIT_NEGATIVE
    if not tables and args.inflection_class:
        code = args.inflection_class
        others = judge.paradigm(lemma, None)
        if code not in set(load_tables()) | {t.inflection_class for t in others} | {"IRR"}:
            print("%s: %s is not an inflection class (the classes are the files of "
                  "grammars/classes, and IRR)" % (PROG, escape(code)[:SHOWN_BYTES]),
                  file=sys.stderr)
            return EXIT_USAGE
        if others:
            print("%s: %s is not in class %s; its paradigm is in class %s" % (
                PROG, shown, code, ", ".join(sorted({t.inflection_class for t in others}))),
                file=sys.stderr)
            return EXIT_NEGATIVE
    if not tables:
        which = " in class %s" % args.inflection_class if args.inflection_class else ""
        print("%s: unknown lemma %s%s: no lemma has it among its forms" % (PROG, shown, which),
              file=sys.stderr)
        return EXIT_NEGATIVE
    found = sorted({t.lemma for t in tables})
    if found != [norm]:
        tile = to_tile(norm)
        if all(to_tile(lm) == tile for lm in found):
            note = "read as the lemma %s" % " / ".join(found)
        else:
            note = "not a lemma but a form of %s; %s" % (
                ", ".join("%s (%s)" % (t.lemma, t.inflection_class) for t in tables),
                "its paradigm follows" if len(tables) == 1 else "their paradigms follow")
        print("%s: %s: %s" % (PROG, shown, note), file=sys.stderr)
    for t in tables:
        out_line("# %s\t%s" % (t.lemma, t.inflection_class))
        p = parts_index().get(t.lemma)
        if p is not None:  # the principal parts that replace the class's cells
            out_line("# parts: %s\t(%s; %s)" % (p.text(), p.source, p.citation))
        for row in t.rows:
            tags = row.tags if args.labels == "unimorph" else label(row.tags, "el")
            out_line("%s\t%s\t%s" % (row.form, tags, row.variant))
    return EXIT_OK


def cmd_guess(args: argparse.Namespace) -> int:
    guesser = default_guesser()
    memo: dict[str, list] = {}  # a batch repeats words: each is analysed once
    any_found = False
    for shown, word in read_words(args.words):
        try:
            w = checked_word(word)
            guesses = memo.get(w)
            if guesses is None:
                guesses = guesser.guess(w, pos=args.pos, limit=args.limit)
                if len(memo) < 1_000_000:
                    memo[w] = guesses
        except InvalidWord as e:
            out_line("%s\t-\tE:%s\t%s" % (shown, e.code, e.reason))
            continue
        if not guesses:
            out_line("%s\t-" % shown)
            continue
        any_found = True
        for g in guesses:
            out_line("%s\t%s\t%s\t%g" % (shown, g.lemma, g.inflection_class, g.weight))
    return EXIT_OK if any_found else EXIT_NEGATIVE

