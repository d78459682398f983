#!/usr/bin/env python3
"""Decide the review queue with the lemma model (grammars/lemma_model.py, issue 22).

Usage: python -m scripts.pipeline.decide_review [--shared DIR] [--jobs N] [--sample N]
       [--cands-cache FILE]

The queue is every row of ``scripts/pipeline/data/review.tsv`` plus the rows this script took out of it
before (``lexicon/lemmas-model.tsv`` via ``lexicon/model-posteriors.tsv``, and
``lexicon/rejected.tsv``, which keep the queue's reason and candidates), so a rerun decides
the same queue. The model is fitted on a seeded sample of elspell's classed lemmas
(``lexicon/lemmas.tsv``), as ``scripts/measure/measure_lemma_model.py`` measures it. For each queued
lemma (a spaCy lemma, a hunspell citation form or an elspell row; never one the list alone
supports) it computes the posterior of every candidate class and of NONE from hunspell, the
official list's dev half (forms it could show only) and UniMorph, and then:

* **accepted** — P(the lemma exists) ≥ 0.9, P(best class | exists) ≥ its POS's threshold and its kind (POS, class) is
  kept: measured first, as ``scripts/measure/measure_lemma_model.py`` prints it (class-choice precision
  ≥ 0.975 on elspell's held-out folds and on UniMorph lemmas elspell lacks, wherever one
  decided ≥ 20 lemmas of the kind), the table written to ``lexicon/model-kinds.tsv``: a row of
  ``lexicon/lemmas-model.tsv`` if, for a verb, elspell has ``MIN_ENDING_LEMMAS`` lemmas of the
  class family with its last three letters, source ``<queue source>+model``, with ``+pes-dev`` when the
  decision without the dev half would not have been the same (the list decided);
  its posterior goes to ``lexicon/model-posteriors.tsv``;
* **rejected** — P(NONE) ≥ ``REJECT``, or the dev half could show five or more forms of
  every candidate class and shows none (:func:`never_shown`; τινάσσω, βάπτω), or no source
  but the one that proposed it shows a form (:func:`unsupported`) and it is no lemma of its
  own (:func:`not_a_lemma`: απόκτησις, a learned variant of απόκτηση): a row of
  ``lexicon/rejected.tsv``
  (lemma, pos, source, reason, posterior of NONE, the queue's reason and candidates); and,
  before the model decides, a hunspell-proposed lemma that is a form of another lemma
  (:func:`form_of_another`: reason names it; posterior: the model's P(NONE));
* otherwise the row stays in ``review.tsv``, as do rows no class cites; a row whose lemma
  a lemma file other than the learned ones now classes leaves the queue (decided there), and so does a second row of a
  lemma and class already accepted (spaCy's and hunspell's row of γδάρω).

Forms that the compiled lexicon already gives another lemma (``fst.api.Judge``; τινάξω is
τινάζω's) are no evidence for or against the queued lemma. Rows whose lemma is a form of
another candidate (a lemma in -ο/-ό whose -ς form hunspell lists: βαρεμό of βαρεμός; reasons "competing lemma", "oblique form",
"adds too few forms") are never accepted, only rejected or kept. An accepted lemma that is a
main form of a lemma accepted before it (higher posterior first) is kept in review. Only
lemma records are written: no form of any source. Deterministic; prints its counts.
``DEKTES_PES_FOLD=0|1`` reads one fold of the dev half (scripts/measure/measure_folds.py).
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from scripts.common import REVIEW, ROOT, SHARED

from grammars import lemma_model as LM
from grammars.normalize import to_tile
from scripts.measure import measure_lemma_model as M

LEXICON = ROOT / "lexicon"
OUT = LEXICON / "lemmas-model.tsv"
POSTERIORS = LEXICON / "model-posteriors.tsv"
REJECTED = LEXICON / "rejected.tsv"

REJECT = 0.99       # P(NONE) at which a lemma is rejected
#: elspell lemmas of a class family (P6, P6a, P6b) with the lemma's last three letters that an
#: accepted verb needs: a kind is measured on elspell's lemmas, whose endings are its regular
#: ones (P6: -άρω; not φθείρω, whose P6a participle would be *φθειρισμένος). Verbs only: a
#: verb's ending (:func:`ending_key`) selects its parts, and the guard's errors were verbs (*παράγγελσα); nouns and
#: adjectives of rare endings (πενθερά, βουνοσειρά, φασαριόζος) take their class's regular forms
MIN_ENDING_LEMMAS = 10
#: dev-hashed tile forms every candidate class must make, none of them in the dev half, for
#: a lemma the list never shows to be rejected (issue 22: "five or more dev-hashed")
MIN_UNSHOWN = 5
MIN_OWN = 2         # of them forms no other lemma has (its own)
UNSHOWN_REASON = "never in the dev half"
UNSUPPORTED_REASON = "no other source shows a form"
REASONS = {"reject-unshown": UNSHOWN_REASON, "reject-unsupported": UNSUPPORTED_REASON}
SAMPLE = 8000       # elspell lemmas the model is fitted on (seeded, as the measurement)
LEARNED_FILES = ("lemmas-sources.tsv", "lemmas-freedict.tsv", "lemmas-pes-dev.tsv")
NO_ACCEPT = ("competing lemma", "oblique form", "adds too few forms")
HEADER8 = "# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource"


def ending_key(lemma: str) -> str:
    """The ending :data:`MIN_ENDING_LEMMAS` counts: the last three letters, and for a verb in
    -μαι the three before it too (every deponent ends in -μαι: θρομβούμαι, an -όω verb with
    θρομβώθηκα, is no -οποιούμαι of class P10.9b, whose aorist is -ήθηκα)."""
    return lemma[-6:] if lemma.endswith("μαι") else lemma[-3:]


def read_rows(path: Path, width: int) -> list[list[str]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        p = line.split("\t")
        if len(p) == width:
            out.append(p)
    return out


def queue() -> list[tuple[str, str, str, str, str]]:
    """(lemma, pos, source, reason, candidates): review.tsv plus the rows decided before."""
    rows = {tuple(r) for r in read_rows(REVIEW, 5)}
    # a lemma the queue holds afresh (classify_by_evidence rewrote its row: "no class cites
    # the lemma") is decided on that row, not on the one decided before (άβατον, O53)
    fresh = {(r[0], r[1]) for r in rows}
    for r in read_rows(POSTERIORS, 8):   # lemma pos source reason candidates class post post0
        if (r[0], r[1]) not in fresh:
            rows.add(tuple(r[:5]))
    for r in read_rows(REJECTED, 7):     # lemma pos source reason posterior qreason cands
        if (r[0], r[1]) not in fresh:
            rows.add((r[0], r[1], r[2].split("+")[0], r[5], r[6]))
    return sorted(rows)


def lexicon_lemmas() -> set[str]:
    """Lemmas of every lexicon file but this script's, and of the listed paradigms."""
    out = set()
    for p in sorted(LEXICON.glob("lemmas*.tsv")):
        if p != OUT:
            out |= {r[0] for r in read_rows(p, 8)}
    from scripts.common import read_listed_forms
    out |= read_listed_forms()[0]
    out |= {r[0] for r in read_rows(LEXICON / "compounds.tsv", 5)}
    return out


def classed_lemmas() -> set[str]:
    """Lemmas that a ``lemmas*.tsv`` file classes, but this script's and the learned files
    (``LEARNED_FILES``: the dev half may class a lemma the queue still holds), and the
    compounds (``compounds.tsv``: import_compounds decided them on their base's parts)."""
    return {r[0] for p in sorted(LEXICON.glob("lemmas*.tsv"))
            if p != OUT and p.name not in LEARNED_FILES for r in read_rows(p, 8)} | {
        r[0] for r in read_rows(LEXICON / "compounds.tsv", 5)}


def explaining_lemmas(tiles) -> dict[str, frozenset]:
    """tile form → the lemmas whose analyses the compiled lexicon (``fst.api.Judge``, built
    once if needed) gives it, for the ``tiles`` it accepts."""
    from tqdm import tqdm
    from fst.api import Judge
    judge = Judge.load()
    out = {}
    tl = sorted(tiles)
    for i in tqdm(range(0, len(tl), 20000), desc="lexicon look-ups", mininterval=10):
        chunk = tl[i:i + 20000]
        for t, an in zip(chunk, judge.analyse_many(chunk)):
            if an:
                out[t] = frozenset(a.lemma for a in an)
    return out


def form_of_another(r, pos_list, by_tile: dict, hun_plain: set) -> str | None:
    """The reason a hunspell-proposed lemma is a form of another lemma, not a lemma of its
    own, or None. hunspell's lemmas are citation forms the guesser proposed for forms nothing
    explained then; (1) the compiled lexicon now analyses the citation form itself as another
    lemma's (ωφελιμότατα of ωφέλιμος, συναγάγω of συνάγω), or (2) a verb in -ώ is an aorist
    passive subjunctive whose past hunspell lists (ψωριαστώ: ψωριάστηκε;
    ``LM.passive_past_of_subjunctive``). Its posterior stays the model's P(NONE), which does
    not see this; the rejection is checked by hand (issue 22's sample)."""
    if r[2] != "hunspell":
        return None
    others = sorted(by_tile.get(to_tile(r[0]), frozenset()) - {r[0]})
    if others:
        return "a form of another lemma: " + " ".join(others[:3])
    past = LM.passive_past_of_subjunctive(r[0]) if "VERB" in pos_list else None
    if past and past in hun_plain:
        return "an aorist passive subjunctive: hunspell lists its past in -ηκε"
    return None


def never_shown(lemma: str, cands, obs, could=None, least: int = MIN_UNSHOWN) -> bool:
    """Could the dev half show the lemma and never does? True when, for every candidate
    class, the dev half could hold at least ``least`` of its distinct tile forms besides the
    citation form (2–8 letters, dev-hashed, in the fold under ``DEKTES_PES_FOLD``; with
    ``could``, forms another lemma of the lexicon has count too), at least ``MIN_OWN`` of them
    are its own (no other lemma has them: ``obs`` has a "dev" entry), and the dev half holds
    none of its own forms, the citation form included. So the issue's τινάσσω, βάπτω,
    κλέπτω, ξεκόπτω, τυλίσσω lose: the list could show five or more of their forms and shows
    none but τινάζω's, βάφω's …. ``cands``: the merged candidates; ``obs``: form → {source:
    present?} (``Evidence.observe``); ``could``: tile → could the dev half hold it
    (``fst.learn.dev_could_hold``), None to count own forms only. False without candidates
    or without the dev half."""
    if not cands:
        return False
    from grammars.normalize import to_tile
    for c in cands:
        own = {to_tile(f) for f in c.forms if f != lemma and "dev" in obs.get(f, {})}
        if len(own) < MIN_OWN:
            return False
        allc = own if could is None else own | {
            t for t in (to_tile(f) for f in c.forms if f != lemma) if could(t)}
        if len(allc) < least:
            return False
        if any(obs[f]["dev"] for f in c.forms if "dev" in obs.get(f, {})):
            return False
    return not obs.get(lemma, {}).get("dev", False)


def unsupported(lemma: str, cands, obs) -> bool:
    """Does no source support the lemma? True when no form of any candidate class but the
    citation form (how the queue's source proposed it) is in hunspell, the dev half or
    UniMorph, the dev half lacks the citation form too, and UniMorph has no table for the
    lemma (forms another lemma of the lexicon has say nothing: ``obs`` has {} for them).
    ``cands``: the merged candidates; ``obs``: form → {source: present?}
    (``Evidence.observe``). False without candidates. Measured on the folds
    (``scripts/measure/measure_review.py``): of the queue's lemmas so unsupported by fold 0,
    93.8 % show no form in fold 1 (99.1 % fewer than two)."""
    if not cands:
        return False
    if obs.get(lemma, {}).get("dev"):
        return False
    for c in cands:
        for f in c.forms:
            o = obs.get(f, {})
            if "um" in o or (f != lemma and any(o.values())):
                return False
    return True


#: learned (katharevousa) endings whose demotic lemma replaces the ending: απόκτησις →
#: απόκτηση, αισθητήριον → αισθητήριο, εκκρεμότης → εκκρεμότητα
LEARNED = (("σις", "ση"), ("ξις", "ξη"), ("ψις", "ψη"), ("ιον", "ιο"), ("ον", "ο"),
           ("ότης", "ότητα"), ("ύτης", "ύτητα"), ("ητης", "ητα"))
#: degree endings of adjectives (αβλαβέστατος, εγωκεντρικότερα): forms, not lemmas
DEGREE = tuple(a + b for a in ("ότατ", "έστατ", "ώτατ", "ότερ", "έστερ", "ώτερ")
               for b in ("ος", "η", "ο", "α", "ους", "ες", "οι", "ων"))


def not_a_lemma(r, known: set) -> str | None:
    """Why a queued lemma that no source supports (:func:`unsupported`) is no lemma of its
    own, or None: a learned variant of a lexicon lemma (its demotic form is in ``known``:
    απόκτησις of απόκτηση), an adjective's degree form (-τατος, -τερα), or, for a lemma
    hunspell proposed as a noun, a verb form in -ω (διχαλώσω). ``r``: the review row;
    ``known``: the lemmas of the other lexicon files. Hand-checked: lemmas that only lack
    support are often real rare words the dev half cannot show (9+ letters: κρυοσυντήρηση,
    υδατοδεξαμενή), so those stay in review."""
    lemma = r[0]
    for old, new in LEARNED:
        if lemma.endswith(old) and lemma[: -len(old)] + new in known:
            return f"a learned variant of {lemma[: -len(old)] + new}"
    if lemma.endswith(DEGREE) and len(lemma) > 8:
        return "a degree form of an adjective"
    if r[2] == "hunspell" and r[1] == "NOUN" and lemma.endswith(("ω", "ώ")):
        return "a verb form proposed as a noun"
    return None


def may_accept(r, hun) -> bool:
    """May the model accept the review row ``r`` at all? Not a row whose reason makes its
    lemma a form of another candidate (``NO_ACCEPT``), not the accusative of a masculine in
    -ος (βαρεμό of βαρεμός: ``hun`` lists βαρεμός), and not an adjective's comparative or
    superlative (ευωδέστερος of ευώδης; two of 100 accepted lemmas hand-checked before this
    guard). ``hun``: hunspell's lower-case forms."""
    lemma = r[0]
    if r[3].startswith(NO_ACCEPT):
        return False
    if lemma.endswith(("ο", "ό")) and lemma + "ς" in hun:
        return False
    return not (lemma.endswith(DEGREE) and len(lemma) > 8)


def decide(post: dict, pos_of: dict, accept_ok: bool, kept: set, cands=(), obs=None,
           lemma: str | None = None, could=None):
    """('accept', code, P(code | exists)) | ('reject', None, P(NONE)) |
    ('reject-unshown' | 'reject-unsupported', None, P(NONE)) | ('keep', None, p). The class
    is ``LM.voice_choice``'s (an active-only class when the list shows no passive). Accepting
    is tried first; then P(NONE) ≥ ``REJECT`` rejects, and, given ``lemma``, so do
    :func:`never_shown` ('reject-unshown') and :func:`unsupported` ('reject-unsupported').
    ``REJECT`` stays 0.99: on the folds, lowering it to 0.9 would reject 729 more lemmas at
    a precision of 0.76 (scripts/measure/measure_review.py)."""
    best, p, _ = LM.voice_choice(post, cands, obs or {})
    if (best and accept_ok and (pos_of[best], best) in kept
            and post[LM.NONE] <= 1 - M.EXISTS_MIN and p >= M.POS_THRESHOLD[pos_of[best]]):
        return "accept", best, p
    if post.get(LM.NONE, 0.0) >= REJECT:
        return "reject", None, post[LM.NONE]
    if lemma is not None and never_shown(lemma, cands, obs or {}, could):
        return "reject-unshown", None, post.get(LM.NONE, 0.0)
    if lemma is not None and unsupported(lemma, cands, obs or {}):
        return "reject-unsupported", None, post.get(LM.NONE, 0.0)
    return "keep", None, p


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sample", type=int, default=SAMPLE)
    ap.add_argument("--cands-cache", type=Path, metavar="FILE",
                    help="development aid: keep the candidate paradigms in FILE")
    ap.add_argument("--dump", type=Path, metavar="FILE",
                    help="development aid: pickle each decided row's posterior, candidates "
                    "and observations to FILE (scripts/measure/measure_review.py reads it)")
    args = ap.parse_args(argv)
    sources = M.read_sources(args.shared)
    hun, dev, could, um = sources
    print(f"hunspell {len(hun)} forms; dev half {len(dev) if dev else 0} words; "
          f"UniMorph {len(um)} tables")
    sample, size, um_items = M.sample_and_unimorph(um, args.sample)
    rows = queue()
    known = lexicon_lemmas()
    classed = classed_lemmas()
    items = [(lm, (pos,)) for (lm, pos), _ in sample] + [(lm, (p,)) for lm, p in um_items]
    todo = []
    counts = collections.Counter()
    for r in rows:
        lemma, pos = r[0], r[1]
        pos_list = tuple(p for p in pos.split("/") if p in ("NOUN", "ADJ", "VERB"))
        if lemma in classed:  # decided: a lemma file classes it (άπαντα, spaCy's O28)
            counts["dropped: lemma now in another lemma file"] += 1
        elif lemma in known:  # a listed paradigm (ζελέ, INDECL): elspell's row stays in review
            counts["kept: lemma now in another lexicon file"] += 1
        elif not pos_list or r[3] == "no class cites the lemma":
            counts["kept: no class cites the lemma"] += 1
        else:
            todo.append((r, pos_list))
            items.append((lemma, pos_list))
    restrict = {(r[0], pl): [x.split(":")[0] for x in r[4].split()] for r, pl in todo
                if r[4] != "-"}
    cands = M.all_candidates(items, args.jobs, args.cands_cache, restrict)
    from grammars.normalize import to_tile
    tiles = {to_tile(f) for r, pl in todo for c in cands.get((r[0], pl), []) for f in c.forms}
    tiles |= {to_tile(r[0]) for r, _ in todo}
    hun_plain = {LM.unaccented(f) for f in hun}
    by_tile = explaining_lemmas(tiles)
    print(f"candidate forms' tile forms: {len(tiles)}; the lexicon accepts {len(by_tile)}")
    kinds, model = M.evaluate(sources, sample, size, um_items, cands, verbose=False)
    M.write_kinds(kinds)
    kept = {(k[0], k[1]) for k in kinds if k[7]}
    endings = collections.Counter(
        (code.rstrip("ab"), ending_key(lm)) for (lm, _p), codes in M.read_classed(
            ROOT / "lexicon" / "lemmas.tsv").items() for code in codes)
    print(f"kinds kept: {len(kept)} of {len(kinds)} (lexicon/model-kinds.tsv)")
    decided = []
    dump = []
    for r, pos_list in todo:
        lemma = r[0]
        cs = LM.merge_identical(cands.get((lemma, pos_list), []), size)
        if not cs:
            counts["kept: no candidate class"] += 1
            decided.append((r, "keep", None, 0.0, 0.0, False))
            continue
        um_forms = set().union(*(um.get((lemma, p), set()) for p in pos_list)) or None
        def explained(t, lemma=lemma):  # another lemma of the lexicon has the form
            return bool(by_tile.get(t, frozenset()) - {lemma})
        obs = M.observations(cs, M.evidence(hun, dev, could, um_forms, explained=explained))
        post = model.posterior(lemma, cs, obs)
        if args.dump:
            dump.append((r, pos_list, post, cs, obs))
        why = form_of_another(r, pos_list, by_tile, hun_plain)
        if why:
            decided.append((r, "reject", None, post[LM.NONE], 0.0, False, {}, post[LM.NONE],
                            why))
            continue
        post0 = model.posterior(lemma, cs, obs, sources=("hun", "um"))
        pos_of = {c.code: c.pos for c in cs}
        ok = may_accept(r, hun)
        what, code, p = decide(post, pos_of, ok, kept, cs, obs, lemma, could)
        why = REASONS.get(what)
        if what == "reject-unsupported":
            # no support is no rejection by itself: the dev half cannot show most such
            # lemmas (9+ letters), and a third of a hand-checked sample were real words
            why = not_a_lemma(r, known)
            if why:
                why = f"{UNSUPPORTED_REASON}: {why}"
            else:
                counts["kept: no source but its proposer (undecidable)"] += 1
        what = "reject" if why else ("keep" if what.startswith("reject-") else what)
        if (what == "accept" and pos_of[code] == "VERB"
                and endings[(code.rstrip("ab"), ending_key(lemma))] < MIN_ENDING_LEMMAS):
            counts["kept: an ending the kind was not measured on"] += 1
            what = "keep"
        obs0 = {f: {s: v for s, v in o.items() if s != "dev"} for f, o in obs.items()}
        what0, code0, p0 = decide(post0, pos_of, ok, kept, cs, obs0, lemma)
        what0 = ("reject" if what0 == "reject-unshown" or what0 == "reject-unsupported"
                 and not_a_lemma(r, known) else "keep" if what0 in REASONS else what0)
        by_list = dev is not None and (what0, code0) != (what, code)
        decided.append((r, what, code, p, p0 if code0 == code else 0.0,
                        by_list, {c.code: c for c in cs}, post[LM.NONE])
                       + ((why,) if why else ()))
    if args.dump:
        import pickle
        with open(args.dump, "wb") as f:
            pickle.dump({"rows": dump, "decided": [d[:6] + d[7:] for d in decided]}, f)
    # an accepted lemma that is a main form of one accepted before it is no lemma of its own
    accepted, rejected, kept = [], [], []
    taken_forms: set[str] = set()
    taken_rows: set[tuple[str, str]] = set()
    for d in sorted(decided, key=lambda d: (-d[3] if d[1] == "accept" else 0, d[0])):
        r, what = d[0], d[1]
        if what == "accept":
            if (r[0], d[2]) in taken_rows:  # the same lemma and class from another source's row
                counts["other rows of an accepted lemma, dropped"] += 1
                continue
            taken_rows.add((r[0], d[2]))
            if r[0] in taken_forms:
                counts["kept: a form of a lemma accepted before"] += 1
                kept.append(r)
                continue
            accepted.append(d)
            taken_forms |= set(d[6][d[2]].forms) - {r[0]}
        elif what == "reject":
            rejected.append(d)
        else:
            kept.append(r)
    # a lemma accepted under one part of speech leaves the queue under the others too
    done = {d[0][0] for d in accepted}
    dropped = [r for r in kept if r[0] in done] + [d[0] for d in rejected if d[0][0] in done]
    counts["other rows of an accepted lemma, dropped"] += len(dropped)
    kept = [r for r in kept if r[0] not in done]
    rejected = [d for d in rejected if d[0][0] not in done]
    for d in accepted:
        counts[f"accepted {d[6][d[2]].pos}{' +pes-dev' if d[5] else ''}"] += 1
    for d in rejected:
        kind = d[8].split(":")[0] if len(d) > 8 else "no such lemma"
        if kind == UNSUPPORTED_REASON:
            kind = d[8].split(": ")[1].split(" of ")[0]
        counts[f"rejected ({kind}){' +pes-dev' if d[5] else ''}"] += 1
    counts["kept in review (evidence undecided)"] = len(kept) - sum(
        v for k, v in counts.items() if k.startswith("kept: a form"))
    write(accepted, rejected, kept,
          [r for r in rows if r not in {d[0] for d in decided} and r[0] not in done
           and r[0] not in classed])
    print(f"queue: {len(rows)} rows")
    for k, v in sorted(counts.items()):
        print(f"  {k}: {v}")
    return 0


def source_of(r, by_list: bool, what: str) -> str:
    return f"{r[2]}+model" + ("+pes-dev" if by_list else "")


def write(accepted, rejected, kept, untouched) -> None:
    lines = [
        "# Lemmas of the review queue that the lemma model (grammars/lemma_model.py) decided.",
        "# Generated by scripts/decide_review.py; do not edit by hand (rerun the script).",
        "# Class = the best posterior from hunspell el_GR, UniMorph and (where it could show a",
        "# form) the official list's dev half; taken at the measured per-POS threshold. Source",
        "# column: <queue source>+model, +pes-dev when the decision needed the dev half. The",
        "# posteriors are in model-posteriors.tsv. No form of any source is stored.",
        HEADER8,
    ]
    for d in sorted(accepted, key=lambda d: (d[0][0], d[2])):
        r, code = d[0], d[2]
        lines.append("\t".join([r[0], d[6][code].pos, "-", code, "-", "-", "-",
                                source_of(r, d[5], "accept")]))
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    lines = [
        "# Posteriors of the lemmas of lemmas-model.tsv (scripts/decide_review.py), with the",
        "# review row each came from (source, reason, candidates as classify_by_evidence.py",
        "# wrote them). posterior: with every source; without_list: the dev half left out.",
        "# lemma\tpos\tsource\treason\tcandidates\tclass\tposterior\twithout_list",
    ]
    for d in sorted(accepted, key=lambda d: (d[0][0], d[2])):
        r = d[0]
        lines.append("\t".join(list(r) + [d[2], f"{d[3]:.4f}", f"{d[4]:.4f}"]))
    POSTERIORS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    lines = [
        "# Lemmas of the review queue that the lemma model rejects: P(no such lemma) >= "
        f"{REJECT}.",
        "# Generated by scripts/decide_review.py; do not edit by hand. NOT in the lexicon.",
        "# source: the queue's source, +pes-dev when the rejection needed the dev half (the",
        "# list could show five or more of the lemma's forms and shows few or none).",
        "# reason: 'no such lemma' (the posterior above), or, for a lemma hunspell proposed, 'a",
        "# form of another lemma: <lemma>' (the lexicon analyses its citation form so) or 'an",
        "# aorist passive subjunctive' (its past in -ηκε is listed), or 'never in the dev half'",
        f"# (every candidate class makes {MIN_UNSHOWN} or more forms the dev half could hold and it",
        "# holds none), or 'no other source shows a form: <why>' (hunspell, the dev half and",
        "# UniMorph show no form of any candidate but the citation form, and the lemma is a learned",
        "# variant of a lexicon lemma, a degree form or a verb form proposed as a noun):",
        "# posterior = the model's P(NONE).",
        "# queue_reason, candidates: the review row as classify_by_evidence.py wrote it.",
        "# lemma\tpos\tsource\treason\tposterior\tqueue_reason\tcandidates",
    ]
    for d in sorted(rejected, key=lambda d: d[0]):
        r = d[0]
        lines.append("\t".join([r[0], r[1], source_of(r, d[5], "reject"),
                                d[8] if len(d) > 8 else "no such lemma",
                                f"{d[3]:.4f}", r[3], r[4]]))
    REJECTED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    head = [ln for ln in REVIEW.read_text(encoding="utf-8").splitlines() if ln.startswith("#")]
    if not any("decide_review" in ln for ln in head):
        head.insert(len(head) - 1, "# Rows the lemma model decided are in lemmas-model.tsv or "
                    "rejected.tsv (scripts/decide_review.py).")
    body = sorted({"\t".join(r) for r in list(kept) + list(untouched)})
    REVIEW.write_text("\n".join(head + body) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
