"""``dektes check``, ``analyse`` and ``explain``: judge words, one line (or JSON object) each."""
from __future__ import annotations

import argparse
import itertools
import json
import sys

from fst.app import protocol
from fst.app.engine import judge_for, profile_judge
from fst.app.protocol import (DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, EXIT_NEGATIVE, EXIT_OK,
                              checked_word, flush_stdout, out_line, read_words)
from grammars.normalize import InvalidWord, to_lower_accented, to_tile
from grammars.labels import message
from fst.rules import shown as _rule_ids  # the one formatter of rule ids
from fst.rules import verdict_note


def cmd_check(args: argparse.Namespace) -> int:
    judge = profile_judge(args)
    all_valid = True
    for shown, word in read_words(args.words):
        try:
            verdict = judge.check(checked_word(word, args.latin_lookalikes), args.strict_accents)
        except InvalidWord as e:
            valid, note = False, e.reason
        else:
            valid, note = bool(verdict.valid), verdict_note(verdict)
        all_valid &= valid
        status = "valid" if valid else "invalid"
        out_line("%s\t%s" % (shown, status) if args.challenge else "%s\t%s\t%s" % (shown, status, note))
    return EXIT_OK if all_valid else EXIT_NEGATIVE


def _analysis_dict(a) -> dict:
    return {
        "lemma": a.lemma,
        "inflection_class": a.inflection_class,
        "tags": a.tags,
        "surface": a.surface,
        "rules": _rule_ids(a.rules),
        "weight": a.weight,
    }


def cmd_analyse(args: argparse.Namespace) -> int:
    judge = judge_for(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH, frozenset(), args.list)
    all_found = True
    n = n_found = n_none = n_errors = 0
    # a batch of words at a time through the analysis table; a terminal gets line by line
    batch = args.words == ["-"]
    interactive = batch and getattr(sys.stdin, "isatty", lambda: False)()
    words = read_words(args.words)
    while True:
        chunk = list(itertools.islice(words, 1 if interactive else protocol.CHUNK_LINES))
        if not chunk:
            break
        items: list[tuple[str, str, str | None, InvalidWord | None]] = []
        for shown, word in chunk:
            typed = word if isinstance(word, str) else shown  # JSON escapes by itself
            try:
                items.append((shown, typed, to_tile(checked_word(word, args.latin_lookalikes)), None))
            except InvalidWord as e:
                items.append((shown, typed, None, e))
        found = iter(judge.analyse_many([t for _, _, t, err in items if err is None]))
        for shown, typed, tile, error in items:
            n += 1
            analyses = next(found) if error is None else []
            accent_reason = None
            if args.strict_accents and analyses and isinstance(typed, str):
                analyses, accent_reason = _accent_analyses(judge, typed, tile, analyses)
            all_found &= bool(analyses)
            if error:
                n_errors += 1
            elif analyses:
                n_found += 1
            else:
                n_none += 1
            # a word typed on the command line without analysis: why, and the nearest words
            ex = judge.explain(tile) if not (error or analyses or batch or accent_reason) \
                else None
            if accent_reason and args.json:
                out_line(json.dumps({"word": typed, "tile": tile, "analyses": [],
                                 "reason": accent_reason}, ensure_ascii=False))
            elif accent_reason:
                out_line("%s\t-\t%s" % (shown, accent_reason))
            elif args.json:
                obj: dict = {"word": typed, "tile": tile,
                             "analyses": [_analysis_dict(a) for a in analyses]}
                if error:
                    obj["error"] = {"code": error.code, "reason": error.reason}
                if ex is not None:
                    obj["reason"] = verdict_note(ex.verdict)
                    obj["nearest"] = _nearest_dicts(ex)
                out_line(json.dumps(obj, ensure_ascii=False))
            elif error:
                out_line("%s\t-\tE:%s\t%s" % (shown, error.code, error.reason))
            elif ex is not None:
                out_line("%s\t-\t%s" % (shown, verdict_note(ex.verdict)))
                for w, rows in ex.nearest:
                    for a in rows[:NEAREST_ANALYSES]:
                        out_line("%s\t-\tnearest %s: %s" % (shown, w, " ".join(_analysis_cols(a))))
            elif not analyses:
                out_line("%s\t-" % shown)
            else:
                for a in analyses:
                    out_line("\t".join([shown] + _analysis_cols(a)))
        flush_stdout()
    if args.words == ["-"]:
        print("lines %d, analysed %d, without analysis %d, errors %d"
              % (n, n_found, n_none, n_errors), file=sys.stderr)
    return EXIT_OK if all_found else EXIT_NEGATIVE


def _accent_analyses(judge, typed: str, tile: str, analyses) -> tuple[list, str | None]:
    """(the analyses of ``typed`` whose accented surface it is, the reason when none is),
    for ``analyse --strict-accents``: a word typed with a lower-case letter is analysed only
    as written (:meth:`fst.api.Judge.accent_verdict`); in capitals, as today."""
    if not any(ch.islower() for ch in typed):
        return analyses, None
    written = to_lower_accented(typed)
    kept = [a for a in analyses if a.surface == written]
    if kept:
        return kept, None
    forms = sorted({a.surface for a in analyses})
    return [], ("accents: %s is not written so; the valid form%s %s %s"
                % (written, "s" if len(forms) > 1 else "", "are" if len(forms) > 1 else "is",
                   ", ".join(forms)))


def _analysis_cols(a) -> list[str]:
    return [a.lemma, a.inflection_class, a.tags, a.surface, _rules_text(a.rules),
            _weight_text(a.weight)]


# a batch prints a few hundred rule sets and weights a hundred thousand times: each formatted once
_RULES_TEXT: dict[tuple, str] = {}
_WEIGHT_TEXT: dict[float, str] = {}


def _rules_text(rules: tuple) -> str:
    got = _RULES_TEXT.get(rules)
    if got is None:
        got = _RULES_TEXT[rules] = " ".join(_rule_ids(rules)) or "-"
    return got


def _weight_text(weight: float) -> str:
    got = _WEIGHT_TEXT.get(weight)
    if got is None:
        got = _WEIGHT_TEXT[weight] = "%g" % weight
    return got


def _nearest_dicts(ex) -> list[dict]:
    return [{"word": w, "analyses": [_analysis_dict(a) for a in rows]} for w, rows in ex.nearest]


NEAREST_ANALYSES = 3  # analyses shown per nearest word


def cmd_explain(args: argparse.Namespace) -> int:
    judge = profile_judge(args)
    all_valid = True
    for shown, word in read_words(args.words):
        try:
            word = checked_word(word, args.latin_lookalikes)
            ex = judge.explain(word)
        except InvalidWord as e:
            all_valid = False
            obj = {"word": word if isinstance(word, str) else shown, "valid": False,
                   "error": {"code": e.code, "reason": e.reason}}
            out_line(json.dumps(obj, ensure_ascii=False) if args.json
                 else "%s\tinvalid\t%s" % (shown, e.reason))
            continue
        v = ex.verdict
        all_valid &= v.valid
        if args.json:
            out_line(json.dumps({
                "word": word, "tile": v.tile, "valid": v.valid, "rules": _rule_ids(v.rules),
                "reason": v.reason, "analyses": [_analysis_dict(a) for a in ex.analyses],
                "blocked": [{"rule": "§" + r, "reason": why} for r, why in ex.blocked],
                "neighbours": ex.neighbours, "nearest": _nearest_dicts(ex)},
                ensure_ascii=False))
            continue
        out_line("%s\t%s\t%s" % (shown, "valid" if v.valid else "invalid", verdict_note(v)))
        for a in ex.analyses:
            chain = " ".join(_explain_chain(a, judge))
            out_line("\t".join(["", a.lemma, a.inflection_class, a.tags, a.surface, chain,
                             "%g" % a.weight]))
        for rule, why in ex.blocked[1:]:
            out_line("\tblocked\t%s" % why)
        if not v.valid and not ex.blocked:
            out_line("\tno lemma\tclosest valid words: %s" % (" ".join(ex.neighbours) or "none"))
        for w, rows in ex.nearest:
            for a in rows[:NEAREST_ANALYSES]:
                out_line("\t".join(["", "nearest", w] + _analysis_cols(a)))
    return EXIT_OK if all_valid else EXIT_NEGATIVE


def _explain_chain(a, judge) -> list[str]:
    """The rules behind one analysis, as explain shows them: §A1 and the paradigm for a
    listed lemma's form; §E2 for a hidden word and §LIST for the user's list, which are not
    listed lemmas' forms (§A1 would be wrong). The words are messages of
    grammars/messages.tsv (:class:`grammars.labels.Message`), in English as printed."""
    ids = _rule_ids(a.rules)
    overlay = getattr(judge, "overlay", None)
    if "LIST" in a.rules:
        name = " %s" % overlay.name if overlay is not None else ""
        if a.inflection_class == "LIST":
            return [message("chain.LIST", name=name)]
        return [message("chain.LIST.lemma", name=name, cls=a.inflection_class)]
    if "E2" in a.rules:
        return [message("chain.E2")] + [i for i in ids if i != "§E2"]
    return [message("chain.A1", cls=a.inflection_class)] + [i for i in ids if i != "§A1"]

