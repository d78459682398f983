"""The ``dektes`` command: a thin layer over :class:`fst.api.Judge`.

All output is UTF-8 and tab-separated; rule ids are printed with a section sign (§D1) so that
they cannot be confused with inflection class codes. Errors are one sentence on stderr.

Exit status: 0 success; 1 a word was judged invalid / has no analysis / the lemma is unknown;
2 bad usage, unreadable input (a file, closed standard input) or an unusable cache folder
(``DEKTES_CACHE``, reported before any build); 3 an internal error (set DEKTES_DEBUG=1 for the
traceback); 4 the output cannot be written (disk full, standard output closed); 130
interrupted; 141 output pipe closed. Every error is one line on stderr naming the file or
stream.

Batch input (``validate``, and ``WORD`` = ``-`` for the other commands) is read in bounded
pieces: a line is split on ``\n`` only, and a line longer than :data:`MAX_LINE_BYTES` bytes is
skipped unread (``E:too-long``), never held in memory. Every input line gives at least one output
line, in input order; a line that cannot be judged keeps its place with its error code
(``E:invalid-utf8``, ``E:too-long``, or a :data:`grammars.normalize.ERROR_CODES` code). In the echoed
input column, bytes that are not UTF-8 and control characters (tab, CR …) are shown as
backslash escapes (``\xff``, ``\x09``), so that every output line keeps its columns.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap

from grammars import profiles

from fst import __version__
from fst.app import protocol
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_INTERNAL, EXIT_OUTPUT,
                              EXIT_USAGE, MAX_LINE_BYTES, PROG, STDOUT, OutputError, UsageError,
                              flush_stdout, stdin_buffer)
from grammars.normalize import MAX_LETTERS

#: the module of fst/app/cli that runs each command: the dispatch imports only that one
COMMANDS = {"check": "judge", "analyse": "judge", "explain": "judge", "paradigm": "paradigm",
            "guess": "paradigm", "validate": "validate", "coverage": "coverage",
            "learn": "lists", "lists": "lists", "wordlist": "wordlist", "rules": "rules",
            "cache": "cache", "serve": "serve", "anagram": "search", "pattern": "search",
            "extensions": "search", "hooks": "search", "export": "export"}


#: every command name and alias: a start builds the parser of that command alone
_NAMES = frozenset(COMMANDS) | {"analyze"}


def _run(args: argparse.Namespace) -> int:
    """Run the command of ``args``: its module (:data:`COMMANDS`) is imported here, on demand,
    so that a command loads only what it uses."""
    module, _, function = args.func.partition(":")
    return getattr(importlib.import_module(__name__ + "." + module), function)(args)


# --------------------------------------------------------------------------------------------
# argument parsing


def _whole(text: str, low: int = 1, high: int | None = None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (None: no upper bound)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if value < low or (high is not None and value > high):
        raise argparse.ArgumentTypeError("must be at least %d" % low if high is None
                                         else "must be between %d and %d" % (low, high))
    return value


def _length(text: str) -> int:
    return _whole(text, 1, MAX_LETTERS)


def _positive(text: str) -> int:
    return _whole(text)


def _add_profile(p: argparse.ArgumentParser, lengths: bool = True) -> None:
    """The options that choose the engine (read by :func:`profile_judge`): word lengths
    (rule §LEN; left out with ``lengths=False``), --profile and --without."""
    if lengths:
        p.add_argument("--min-length", type=_length, default=DEFAULT_MIN_LENGTH, metavar="N",
                       help="shortest word the profile accepts (default %(default)s)")
        p.add_argument("--max-length", type=_length, default=DEFAULT_MAX_LENGTH, metavar="M",
                       help="longest word the profile accepts (default %(default)s; rule §LEN)")
    p.add_argument("--profile", choices=sorted(profiles.NAMES), default="board",
                   help="rule profile: board (the whole regulation, default), no-hidden-words "
                        "(without §E2), dictionary (paradigms and listed forms only), "
                        "no-pes-dev (without the lemmas learned from the official list alone), "
                        "free (without the federation's and FreeDict-only material)")
    without = p.add_argument("--without", default="", metavar="RULES",
                             help="switch rule layers or lexicon sources off, comma-separated "
                                  "(of %(switchable)s)")
    without.switchable = _Switchable()  # argparse formats help with the action's attributes


class _Switchable:
    """The layers and sources --without takes, as text when a help is printed: the layers
    come from every rule module, which a command that prints no help need not import."""

    def __str__(self) -> str:
        return ", ".join(tuple(profiles.LAYERS) + tuple(profiles.SOURCE_IDS))


def _add_words(p: argparse.ArgumentParser, what: str = "a word") -> None:
    p.add_argument("words", nargs="+", metavar="WORD",
                   help=what + "; '-' as the only word reads words from stdin, one per line")


def _add_list(p: argparse.ArgumentParser) -> None:
    p.add_argument("--list", metavar="NAME",
                   help="apply your own word list NAME (made by 'dektes learn'): its words are "
                        "valid (§LIST), and it decides the lengths it was declared complete for")


def _add_verbose(p: argparse.ArgumentParser) -> None:
    p.add_argument("-v", "--verbose", action="store_true",
                   help="if the cache has to be built, report the build's time, phases and "
                        "peak memory at the end")


def _add_dask(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on Dask (pip install 'dektes[dask]'): a scheduler address "
                        "(tcp://host:8786) or local:N for a local cluster of N worker "
                        "processes; see docs/dask.md")
    p.add_argument("--worker-cache", metavar="DIR",
                   help="with --dask: a built cache directory that every worker can read "
                        "(shared file system); default: ship the look-up arrays to each worker")


def _add_strict_accents(p: argparse.ArgumentParser, what: str | None = None) -> None:
    p.add_argument("--strict-accents", action="store_true",
                   help="a word typed with a lower-case letter must be written as one of its "
                        "valid accented forms (ανθρωπου and άνθρωπου are invalid: ανθρώπου); "
                        "words in capitals are judged as without it"
                        + ("; " + what if what else ""))


def _add_lookalikes(p: argparse.ArgumentParser) -> None:
    p.add_argument("--latin-lookalikes", action="store_true",
                   help="map Latin letters that look Greek (A B E H I K M N O P T X Y Z o) "
                        "to their Greek twins instead of rejecting the word")


#: does :func:`_fill` wrap? False while :func:`build_parser` builds a parser whose help is
#: not printed (textwrap took ~5 ms of every start)
_WRAP = True


def _fill(*paragraphs: str) -> str:
    """Wrap prose for the raw help formatter (which keeps the example lines as written)."""
    if not _WRAP:
        return "\n\n".join(paragraphs)
    return "\n\n".join(textwrap.fill(p, 78, break_on_hyphens=False) for p in paragraphs)


def _command(sub, name: str, func, help: str, description: str, examples: str,
             exit_status: str | None = None, **kw) -> argparse.ArgumentParser:
    """Add the command ``name``, run by the function named ``func`` of its module
    (:data:`COMMANDS`), to the sub-parsers ``sub``. The help shows
    ``description`` and ``examples`` as written, then 'exit status: ``exit_status``' filled."""
    only = getattr(sub, "only", None)
    if only is not None and only != name and only not in kw.get("aliases", ()):
        return _Skipped()  # build_parser(only): another command's options are not built
    epilog = examples + ("\n\n" + _fill("exit status: " + exit_status) if exit_status else "")
    p = sub.add_parser(name, formatter_class=argparse.RawDescriptionHelpFormatter, help=help,
                       description=description, epilog=epilog, **kw)
    p.set_defaults(func=COMMANDS[name] + ":" + func)
    return p


class _Skipped:
    """What :func:`_command` gives for a command that :func:`build_parser` leaves out: every
    method call (add_argument, add_mutually_exclusive_group …) is accepted and does nothing."""

    def __getattr__(self, name: str):
        return self._nothing

    def _nothing(self, *args, **kw) -> "_Skipped":
        return self


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but a help or message that cannot be written raises OSError (argparse
    drops it, and ``dektes --help > /dev/full`` exited 0); the sub-parsers are of this class
    too."""

    def _print_message(self, message, file=None):
        if message:
            file = file or sys.stderr
            file.write(message)
            file.flush()


def build_parser(only: str | None = None, wrap: bool = True) -> argparse.ArgumentParser:
    """The ``dektes`` parser; ``parser.commands`` maps each command name to its sub-parser.
    ``only``: a command name (or alias): that command's sub-parser alone (a start parses
    the options of the command it runs, and builds no other: ~15 ms). ``wrap``: False for a
    parser that prints no help (usage and error messages are the same): the descriptions and
    epilogs are left unwrapped."""
    global _WRAP
    saved, _WRAP = _WRAP, wrap
    try:
        return _build_parser(only)
    finally:
        _WRAP = saved


def _may_print_help(argv: list[str]) -> bool:
    """Might argparse print a help for ``argv``: an option with an h in it (-h, --help, an
    abbreviation of it, -vh …), or no argument at all?"""
    return not argv or any(a.startswith("-") and "h" in a for a in argv)


def _build_parser(only: str | None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Judge Modern Greek words for Scrabble by the federation's regulation, "
                    "and analyse or inflect them. Words may be typed in any case, with or "
                    "without accents (monotonic or polytonic); they are judged in tile form "
                    "(ΕΓΡΑΨΑ). Output is UTF-8, tab-separated; rule ids carry a section sign (§D1).",
        epilog="exit status: 0 success; 1 some word invalid, without analysis, or unknown "
               "lemma; 2 bad usage, unreadable input or an unusable cache folder (DEKTES_CACHE); "
               "3 internal error; 4 output cannot be written; 130 interrupted; "
               "141 output pipe closed. Rule ids: 'dektes rules'. Input lines that are not UTF-8, longer than %d bytes "
               "or not a possible Greek word are reported in their place (E:CODE), never "
               "fatal." % MAX_LINE_BYTES,
    )
    parser.add_argument("--version", action="version", version="%s %s" % (PROG, __version__))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    sub.only = only  # type: ignore[attr-defined]

    p = _command(
        sub, "check", "cmd_check",
        help="judge words: valid or invalid, with the rules behind the verdict",
        description=_fill("Judge each WORD (any case, accents optional). Prints "
                          "WORD<TAB>valid|invalid<TAB>rule ids or the reason; non-Greek input "
                          "is invalid, with the reason."),
        examples="example:\n  dektes check ΕΓΡΑΨΑ γράψαμε ΓΡΑΨΑ",
        exit_status="0 if every word is valid, 1 if any is invalid, 2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--challenge", action="store_true",
                   help="print only WORD<TAB>valid|invalid, without rules or reasons")
    _add_strict_accents(p)
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "explain", "cmd_explain",
        help="say why words are valid or invalid, with the regulation's rule ids",
        description="Explain each WORD. First line WORD<TAB>valid|invalid<TAB>rules or reason;\n"
                    "for a valid word, one line per analysis with its rule chain; for an invalid\n"
                    "one, the rules that block it, or 'no lemma' with the closest valid words,\n"
                    "then <TAB>nearest<TAB>WORD<TAB>lemma ... lines: the analyses of the\n"
                    "nearest valid words. The profile options are those of check; rule ids:\n"
                    "'dektes rules'.",
        examples="example:\n  dektes explain ΓΡΑΨΑ ΞΑΝΑΡΩ ΕΞΑΝΑΕΔΩΣΑ",
        exit_status="0 if every word is valid, 1 otherwise, 2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--json", action="store_true", help="one JSON object per word (JSON lines)")
    _add_profile(p)
    _add_lookalikes(p)
    _add_verbose(p)
    _add_list(p)

    p = _command(
        sub, "analyse", "cmd_analyse", aliases=["analyze"],
        help="list every analysis of words (lemma, class, tags, accented form, rules)",
        description="Analyse each WORD. Prints one line per analysis:\n"
                    "WORD<TAB>lemma<TAB>class<TAB>tags<TAB>accented form<TAB>rules<TAB>weight\n"
                    "best (lowest weight) first; WORD<TAB>- when there is none (for a word\n"
                    "given on the command line, WORD<TAB>-<TAB>the rule that blocks it or the\n"
                    "reason, then WORD<TAB>-<TAB>nearest W: the analyses of the nearest valid\n"
                    "words), WORD<TAB>-<TAB>E:CODE<TAB>reason when the input is not a Greek\n"
                    "word.\n\n"
                    + _fill("Batch contract (WORD '-': stdin, one word per line): every input "
                            "line gives at least one output line, in input order, and every "
                            "output line starts with the input line as read (empty lines "
                            "kept; invalid UTF-8 and control characters shown as \\x escapes; "
                            "a line over %d bytes cut, with '…'); with --json exactly one line "
                            "per input line. Unreadable lines are E:invalid-utf8, over-long "
                            "ones E:too-long. A summary (lines, analysed, without analysis, "
                            "errors) goes to stderr." % MAX_LINE_BYTES),
        examples="example:\n  dektes analyse ΑΝΘΡΩΠΟΥΣ\n"
                 "  printf 'εγραψα\\n' | dektes analyse --json -",
        exit_status="0 if every word has an analysis, 1 otherwise (an error line included), "
                    "2 for bad usage.",
    )
    _add_words(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per word (JSON lines): word, tile, analyses "
                        "(and reason, nearest for a command-line word without analysis)")
    _add_strict_accents(p, "only the analyses whose accented form is the word as typed")
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "paradigm", "cmd_paradigm",
        help="print the inflection table of a lemma",
        description=_fill("Print the paradigm of LEMMA: a header '# LEMMA<TAB>CLASS' per "
                          "lemma and inflection class, then FORM<TAB>TAGS<TAB>VARIANT for every "
                          "cell. LEMMA may be typed in any case, with or without accents or "
                          "polytonic marks, and may be any form of the lemma: it is resolved "
                          "to its lemmas as analyse does (έγραψα gives γράφω), and a line on "
                          "stderr says so."),
        examples="example:\n  dektes paradigm άνθρωπος\n  dektes paradigm ΑΝΘΡΩΠΟΥΣ\n"
                 "  dektes paradigm έγραψα",
        exit_status="0 on success, 1 if no lemma has this form (or not in --class), 2 for bad "
                    "usage or an unknown class.",
    )
    p.add_argument("lemma", metavar="LEMMA",
                   help="the lemma or any of its forms (άνθρωπος, ανθρωπος, ΑΝΘΡΩΠΟΥΣ)")
    p.add_argument("--class", dest="inflection_class", metavar="C",
                   help="only this inflection class (e.g. O19)")
    p.add_argument("--labels", choices=["unimorph", "greek"], default="unimorph",
                   help="name the cells by their UniMorph codes (V;IND;PST;PFV;1;SG;ACT, the "
                        "default) or by the Greek grammar's terms (Ρήμα, Αόριστος, α΄ πρόσωπο, "
                        "Ενικός …; grammars/labels.tsv)")
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "validate", "cmd_validate",
        help="validate a word list, one word per line, in bulk",
        description=_fill("Read words one per line from FILE (or stdin) and print INPUT<TAB>1 "
                          "or INPUT<TAB>0 per line, same count and order, in bounded memory. "
                          "Lines that are not a Greek word get a third column E:CODE (E:empty, "
                          "E:invalid-utf8, E:latin-lookalike, E:too-long, E:digit, ...), "
                          "and every other line is still judged. Lines are split on \\n only "
                          "(a \\r before it is dropped); the INPUT column shows invalid UTF-8 "
                          "and control characters as \\x escapes, and a line over %d bytes "
                          "cut, with '…' (it is E:too-long, and never read whole into "
                          "memory). A summary 'lines N, valid N, invalid N, errors N' goes to "
                          "stderr." % MAX_LINE_BYTES),
        examples="example:\n  dektes validate words.txt > judged.tsv\n"
                 "  dektes validate --valid-only - < words.txt",
        exit_status="0 whenever the input was read, even if words are invalid or lines are "
                    "errors; 2 for bad usage or an unreadable file; 141 if the output pipe "
                    "closed.",
    )
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="input file, '-' or absent for stdin; several files (plain or "
                        ".gz/.bz2/.xz, local paths or fsspec URLs) are judged as if "
                        "decompressed and concatenated, each file's last line ended")
    p.add_argument("--valid-only", action="store_true",
                   help="print only the accepted input lines, unchanged")
    _add_strict_accents(p)
    _add_dask(p)
    p.add_argument("--output-dir", metavar="DIR",
                   help="write one output per input FILE into DIR (NAME.tsv, a compression "
                        "suffix dropped; local path or fsspec URL) instead of stdout; each is "
                        "what 'dektes validate FILE' prints for that file")
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)
    _add_verbose(p)

    p = _command(
        sub, "coverage", "cmd_coverage",
        help="measure how much of a corpus the judge accepts, and list what it lacks",
        description=_fill("Cut the running text of FILEs into word tokens (rules: "
                          "fst/app/tokenize.py: case folded, elided forms with an apostrophe, "
                          "abbreviations (π.μ., κ.λπ., δηλ.), numbers, Latin and other "
                          "scripts counted apart, ό,τι kept whole, hyphens split, a token "
                          "over 64 letters shown cut), "
                          "judge every word type as 'dektes validate' would, and print token "
                          "and type coverage overall and by length band, the tokens of each "
                          "kind, then the most frequent rejected types: "
                          "TYPE<TAB>count<TAB>reason<TAB>lemma<TAB>class, the reason being "
                          "the blocking rule, 'no analysis' or E:CODE, and lemma and class "
                          "the guesser's best (dektes guess)."),
        examples="examples:\n  dektes coverage corpus/*.txt.gz\n"
                 "  dektes coverage --dask local:2 --json corpus/*.txt > coverage.json\n"
                 "  dektes coverage --rejected-only --top 500 corpus.txt | cut -f1 | "
                 "dektes guess -",
        exit_status="0 when the corpus was read, 2 for bad usage or an unreadable file.",
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="text file (plain or .gz/.bz2/.xz, local path or fsspec URL); '-' "
                        "for stdin")
    p.add_argument("--top", type=_positive, default=100, metavar="N",
                   help="list the N most frequent rejected types (default %(default)s)")
    p.add_argument("--json", action="store_true", help="one JSON document instead of TSV")
    p.add_argument("--rejected-only", action="store_true",
                   help="print only the rejected types, without headers (first column: the "
                        "type, ready for 'cut -f1 | dektes guess -')")
    p.add_argument("--no-guess", action="store_true",
                   help="do not run the guesser on the rejected types (faster)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="count on Dask: a scheduler address or local:N (see docs/dask.md)")
    _add_profile(p)
    _add_list(p)
    _add_lookalikes(p)

    p = _command(
        sub, "learn", "cmd_learn",
        help="learn your own word list (the federation's list, a club's rulings) as an overlay",
        description=_fill(
            "Read FILE, a list of accepted words (a text list, tile form or accented, one or "
            "more words a line; or a PDF whose pages list words in columns), learn lemma "
            "records from it (lemma and inflection class, judged by which forms of a "
            "candidate paradigm the list has and lacks), and save it as the list NAME in your "
            "cache only. Judging commands use it only with --list NAME: its words are then "
            "valid under §LIST, and for the lengths declared --complete the list replaces the "
            "grammar's verdicts (elsewhere it only adds). Files under shared/oracles are "
            "refused. Cleaning the build cache keeps lists."),
        examples="example:\n  dektes learn official.pdf --name official --complete 2-8\n"
                 "  dektes check --list official ΧΑΡΑ",
        exit_status="0 on success, 2 for bad usage or an unreadable file.",
    )
    p.add_argument("file", metavar="FILE", help="the word list: text or PDF")
    p.add_argument("--name", required=True, metavar="NAME", help="the list's name")
    p.add_argument("--complete", metavar="LO-HI",
                   help="lengths the list holds in full (e.g. 2-8): it decides them alone")
    p.add_argument("--jobs", type=_positive, default=1, metavar="N",
                   help="processes for guessing lemmas (default %(default)s)")
    p.add_argument("--replace", "--force", action="store_true",
                   help="learn anew a list NAME that exists already (else refused)")
    p.add_argument("--pages", metavar="A-B",
                   help="a PDF: read only pages A to B (e.g. 3-460; '3-' to the end); the "
                        "pages of prose and the headers, footers and page numbers are left "
                        "out by their shape anyway, and reported")

    p = _command(
        sub, "lists", "cmd_lists",
        help="show or delete your word lists (made by 'dektes learn')",
        description=_fill("Without options: one line per list, NAME<TAB>words<TAB>complete "
                          "lengths<TAB>lemmas learned<TAB>source file<TAB>date learned (UTC). "
                          "With NAMEs: those lists only. --delete NAME removes a list. Lists "
                          "live in $DEKTES_LISTS, else <cache>/lists."),
        examples="example:\n  dektes lists\n  dektes lists --json official\n"
                 "  dektes lists --delete club",
        exit_status="0 on success, 2 if a list named does not exist.",
    )
    p.add_argument("names", nargs="*", metavar="NAME", help="a list's name")
    p.add_argument("--delete", action="append", metavar="NAME", help="delete the list NAME")
    p.add_argument("--json", action="store_true", help="one JSON object per list")

    p = _command(
        sub, "wordlist", "cmd_wordlist",
        help="print every accepted word in tile form, sorted",
        description=_fill("Print every accepted tile form within the length limits, sorted, "
                          "one per line, streamed. --profile/--without choose the rule "
                          "profile (as for check); --pos, --rule and --without-rule keep the "
                          "words that have one analysis (allowed by the profile) of that part "
                          "of speech, naming every --rule id and none of the --without-rule "
                          "ids."),
        examples="example:\n  dektes wordlist --max-length 3 | head\n"
                 "  dektes wordlist --pos VERB --rule B3 | head\n"
                 "  dektes wordlist --profile dictionary --pos NOUN,ADJ > nouns-adjectives.txt",
    )
    _add_profile(p)
    p.add_argument("--pos", action="append", metavar="POS",
                   help="parts of speech, comma-separated or repeated: NOUN (N), ADJ, VERB "
                        "(V, with V.PTCP participles and V.CVB gerunds), ADV, PRON (PRO), DET, "
                        "NUM, ADP, CONJ, PART, INTJ, HIDDEN (§E2 hidden words)")
    p.add_argument("--rule", action="append", metavar="RULES",
                   help="keep words with an analysis naming these rule ids (e.g. B3,D1)")
    p.add_argument("--without-rule", action="append", metavar="RULES",
                   help="keep words with an analysis naming none of these rule ids")
    _add_list(p)
    _add_verbose(p)

    p = _command(
        sub, "rules", "cmd_rules",
        help="the regulation's rules by id (§A1 … §E6, §LEN), as dektes applies them",
        description=_fill("Without ID: one line per rule, §ID<TAB>title<TAB>the rule. With "
                          "IDs (D1, §B3, comma-separated or several): each rule with where "
                          "dektes applies it. The project's digest of the federation's "
                          "regulation, grammars/RULES.md; every rule id dektes prints is "
                          "there."),
        examples="example:\n  dektes rules\n  dektes rules D1 §B3",
        exit_status="0 on success, 1 if an id is not a rule id.",
    )
    p.add_argument("ids", nargs="*", metavar="ID", help="a rule id (A1, §D1, LEN …)")

    p = _command(
        sub, "cache", "cmd_cache",
        help="list, clean or build the cache of compiled artifacts",
        description=_fill("The compiled artifacts live in $DEKTES_CACHE (default "
                          "~/.cache/dektes), one folder per build, named by a hash of the "
                          "inputs. --list (the default) prints FOLDER<TAB>status (current, "
                          "old, incomplete, or other: not a build)<TAB>size<TAB>date<TAB>"
                          "profiles built; --clean removes every build folder but the current "
                          "one, and never a folder that is not a build (lists or overlays of "
                          "'dektes learn'); --build builds the current cache now (with "
                          "--profile, that profile's acceptor too) and prints its folder. "
                          "Concurrent processes share one build: one builds, the others "
                          "wait for it."),
        examples="example:\n  dektes cache --list\n  dektes cache --clean\n"
                 "  dektes cache --build --verbose --profile dictionary",
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument("--list", action="store_true", help="list the cache folders (default)")
    g.add_argument("--clean", action="store_true",
                   help="remove the build folders that are not the current one")
    g.add_argument("--build", action="store_true",
                   help="build (or check) the current cache, and the profile's acceptor")
    g.add_argument("--verify", action="store_true",
                   help="check the sha256 of every artifact of the current cache (each start "
                        "checks sizes and modification times, and hashes only what changed)")
    _add_profile(p, lengths=False)
    _add_verbose(p)

    p = _command(
        sub, "guess", "cmd_guess",
        help="guess the lemma and inflection class of an unknown word form",
        description=_fill("Guess lemma and inflection class of each WORD from the class tables "
                          "alone (no lexicon look-up): every paradigm rule that could have "
                          "produced the form is inverted and the candidate lemma re-inflected "
                          "to check it. Prints WORD<TAB>lemma<TAB>class<TAB>weight per "
                          "candidate, best (lowest weight) first; WORD<TAB>- when there is none, "
                          "WORD<TAB>-<TAB>E:CODE<TAB>reason when the input is not a Greek "
                          "word. Type the "
                          "accent if you know it; unaccented input is tried with every accent "
                          "position."),
        examples="example:\n  dektes guess ανθρώπου θαλασσών έγραψα\n"
                 "  dektes guess --limit 3 ΓΡΑΨΑΜΕ",
        exit_status="0 if any word has a candidate, 1 if none has, 2 for bad usage.",
    )
    _add_words(p, "a word form")
    p.add_argument("--limit", type=_positive, default=10, metavar="N",
                   help="at most N candidates per word (default %(default)s)")
    p.add_argument("--pos", type=str.upper, choices=["NOUN", "ADJ", "VERB"],
                   help="only classes of this part of speech")

    p = _command(
        sub, "serve", "cmd_serve",
        help="serve the judge, analyses, paradigms and search as web pages and a JSON API",
        description=_fill("Serve a web application: judge words or a list, a referee's "
                          "challenge screen (VALID/INVALID only), the analyses of a word, the "
                          "paradigm table of a lemma, anagram and pattern search with a "
                          "clickable rack, and a JSON API for each (documented on /api). "
                          "Latin keys type Greek as the Greek keyboard layout does. It binds "
                          "to 127.0.0.1 (this machine only) unless --host says otherwise. "
                          "Needs the web extra: pip install 'dektes[web]'."),
        examples="example:\n  dektes serve --port 8000\n"
                 "  curl -sG --data-urlencode word=εγραψα http://127.0.0.1:8000/api/check\n\n"
                 + _fill("The server stops gracefully on Ctrl-C (exit status 130) or SIGTERM. "
                         "exit status: 2 if the address cannot be bound or the web extra is "
                         "missing."),
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default %(default)s; 0.0.0.0 for every "
                        "interface)")
    p.add_argument("--port", type=int, default=8000, metavar="N",
                   help="TCP port (default %(default)s; 0 for any free port)")
    p.add_argument("--lang", choices=["el", "en"], default="el",
                   help="the pages' language, their words and the paradigm tables' "
                        "grammatical labels: el (Κρίση, Ενεστώτας, Γενική …, the default) or "
                        "en; the JSON API keeps the UniMorph codes and English messages")
    _add_profile(p)
    _add_list(p)

    _add_search_commands(sub)  # anagram, pattern, extensions, hooks
    _add_export_commands(sub)
    parser.commands = dict(sub.choices)  # type: ignore[attr-defined]
    return parser


def _add_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sort", choices=["score", "alpha", "probability"], default="score",
                   help="score: best first, then longer, then alphabetical (default); alpha: "
                        "alphabetical; probability: longer first, then the likelier to be "
                        "drawn from the full bag (a third column gives the draws that spell "
                        "the word, blanks standing in: fst.runtime.search.combinations)")
    p.add_argument("--limit", type=_positive, default=None, metavar="N",
                   help="print at most N words")


def _extra(text: str) -> int:
    return _whole(text, 0, 15)


def _add_search_commands(sub) -> None:
    """Add ``anagram``, ``pattern``, ``extensions`` and ``hooks`` to the sub-parsers ``sub``."""
    p = _command(
        sub, "anagram", "cmd_anagram",
        help="every valid word a rack makes, with its score (blanks ? or *)",
        description=_fill(
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
    _add_profile(p)
    _add_list(p)
    _add_output(p)

    p = _command(
        sub, "pattern", "cmd_pattern",
        help="every valid word matching a pattern (? one letter, * any run)",
        description=_fill(
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
    _add_profile(p)
    _add_list(p)
    _add_output(p)

    p = _command(
        sub, "extensions", "cmd_extensions",
        help="the valid words that contain a word (--front, --back: on one side)",
        description=_fill(
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
    _add_profile(p)
    _add_output(p)

    p = _command(
        sub, "hooks", "cmd_hooks",
        help="the letters that make a valid word before and after a word, and inner hooks",
        description=_fill(
            "For each WORD print WORD<TAB>FRONT<TAB>BACK<TAB>INNER-FRONT<TAB>INNER-BACK: the "
            "letters that make a valid word when put before it (FRONT) and after it (BACK), "
            "and its inner hooks: the word less its first letter (INNER-FRONT) and less its "
            "last letter (INNER-BACK) when that is valid; '-' for none. "
            "WORD<TAB>-<TAB>E:CODE<TAB>reason when WORD is not a Greek word."),
        examples="example:\n  dektes hooks ΓΡΑΨΑ ΑΝΘΡΩΠΟ",
        exit_status="0 if some word has a hook, 1 otherwise, 2 for bad usage.",
    )
    _add_words(p)
    _add_profile(p)
    _add_list(p)


def _add_export_commands(sub) -> None:
    """Add ``export`` to the sub-parsers ``sub``."""
    p = _command(
        sub, "export", "cmd_export",
        help="export paradigms as UniMorph triples, the transducers for HFST/OpenFst, or the "
             "word list for Zyzzyva and Quackle",
        description=_fill(
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
    _add_profile(p)
    _add_list(p)


# --------------------------------------------------------------------------------------------
# entry point


def _utf8_streams() -> None:
    # stderr keeps Python's backslashreplace: a message about odd input must not fail on it
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        try:
            if (stream.encoding or "").lower().replace("-", "") != "utf8":
                stream.reconfigure(encoding="utf-8", errors=errors)
        except (AttributeError, ValueError, OSError):
            pass


def _reserve_fd(fd: int, flags: int) -> None:
    """Open /dev/null on the closed descriptor ``fd`` so that no file opened later takes it."""
    try:
        os.fstat(fd)
    except OSError:
        try:
            got = os.open(os.devnull, flags)
            if got != fd:
                os.dup2(got, fd)
                os.close(got)
        except OSError:
            pass


def _reads_stdin(args: argparse.Namespace) -> bool:
    return getattr(args, "words", None) == ["-"] or getattr(args, "file", None) == "-"


def _silence_stdout() -> None:
    """Point stdout at /dev/null: what Python still holds for it must not fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


#: numpy's OpenBLAS starts a thread per core when numpy is loaded (about 50 ms of a batch
#: command's start on 2 cores, more under load, and their memory); dektes does no linear
#: algebra, so its commands (and the processes they start: Dask workers, a build) ask for
#: one, unless the environment says otherwise
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "1")


def main(argv: list[str] | None = None) -> int:
    """Run the ``dektes`` command; return the exit status (130 on Ctrl-C, at any point)."""
    os.environ.setdefault(*BLAS_THREADS)  # before any command imports numpy
    stderr = sys.stderr
    if stderr is not None and not isinstance(stderr, protocol.CutStream):
        sys.stderr = protocol.CutStream(stderr)  # a message never echoes a 30,000-letter word
    try:
        return _main(argv)
    except KeyboardInterrupt:  # while parsing, importing or reporting: quiet too
        return 130
    finally:
        sys.stderr = stderr


def _main(argv: list[str] | None = None) -> int:
    protocol.STDIN_CLOSED = sys.stdin is None
    if protocol.STDIN_CLOSED:
        _reserve_fd(0, os.O_RDONLY)
    if sys.stdout is None:  # started with stdout closed (dektes ... >&-)
        _reserve_fd(1, os.O_WRONLY)
        print("%s: cannot write %s: it is closed" % (PROG, STDOUT), file=sys.stderr)
        return EXIT_OUTPUT
    _utf8_streams()
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv and argv[0] in _NAMES else None,
                          wrap=_may_print_help(argv))
    try:
        if argv and argv[0] in parser.commands:
            # Options may come after the words: dektes check ΕΓΡΑΨΑ --challenge
            args = parser.commands[argv[0]].parse_intermixed_args(argv[1:])
        else:
            args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    except BrokenPipeError:  # dektes check --help | head -1
        _silence_stdout()
        return 141
    except OSError as e:  # the help could not be written (dektes --help > /dev/full)
        print("%s: cannot write %s: %s" % (PROG, STDOUT, protocol.os_reason(e)), file=sys.stderr)
        _silence_stdout()
        return EXIT_OUTPUT
    if getattr(args, "min_length", 0) > getattr(args, "max_length", MAX_LETTERS):
        print("%s: --min-length (%d) is greater than --max-length (%d)"
              % (PROG, args.min_length, args.max_length), file=sys.stderr)
        return EXIT_USAGE
    protocol.VERBOSE = bool(getattr(args, "verbose", False))
    try:
        if _reads_stdin(args):
            stdin_buffer()  # closed standard input is reported before any loading
        code = _run(args)
        flush_stdout()
        return code
    except BrokenPipeError:
        # The reader went away (dektes wordlist | head): stop quietly.
        _silence_stdout()
        return 141
    except KeyboardInterrupt:
        return 130
    except UsageError as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        return EXIT_USAGE
    except OutputError as e:
        print("%s: %s" % (PROG, e), file=sys.stderr)
        _silence_stdout()
        return EXIT_OUTPUT
    except Exception as e:  # no tracebacks for users
        # the build machinery is imported only by a build, so only then can its errors occur
        buildctl = sys.modules.get("fst.build.buildctl")
        if buildctl is not None and isinstance(e, buildctl.CacheError):
            print("%s: %s" % (PROG, e), file=sys.stderr)
            return EXIT_USAGE
        if buildctl is not None and isinstance(e, buildctl.BuildError):
            print("%s: the build failed: %s" % (PROG, e), file=sys.stderr)
            return EXIT_INTERNAL
        if os.environ.get("DEKTES_DEBUG"):  # the traceback, and the same exit status
            import traceback
            traceback.print_exc(file=sys.stderr)
        msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
        print("%s: internal error (%s)%s; set DEKTES_DEBUG=1 for details"
              % (PROG, type(e).__name__, ": " + msg if msg else ""), file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
