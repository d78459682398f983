#!/usr/bin/env python3
"""Give lemmas an inflection class by the evidence of attested forms; write lexicon rows.

Usage: python -m scripts.pipeline.classify_by_evidence [--shared DIR] [--jobs N] [--skip-hunspell]
       (default ../shared, 2 processes)

Two passes, both deterministic (same inputs → byte-identical files), counts on stdout:

1. **spaCy lemmas** (``data/spacy/el_lemma_index.json.gz``, MIT: lists ``noun``, ``adj``,
   ``verb``) that ``lexicon/lemmas.tsv`` lacks. Junk is dropped and counted by reason
   (DESIGN-NOTES §5). The candidate classes of a lemma are the classes of its part of speech
   (O* nouns, E* adjectives, P* verbs) whose table gives the lemma itself as the main form of
   the citation cell (``N;NOM;SG``, ``ADJ;MASC;NOM;SG``, ``V;IND;PRS;IPFV;1;SG;ACT``, or
   ``…;PASS`` for a lemma in -μαι) and a main form in every cell where the class's exemplar
   has one, checked with ``grammars.paradigm.generate``. Each is scored
   by the hunspell el_GR list (lower-case entries only; capitalised entries are proper names):
   its paradigm's distinct main forms (weight 0 cells) are *attested* if hunspell has them,
   else *unattested*. Accepted rows go to ``lexicon/lemmas-spacy.tsv`` (source
   ``spacy+evidence``).
2. **hunspell forms that nothing analyses**: lower-case hunspell forms whose tile form the
   lexicon (``lemmas.tsv`` + ``lemmas-spacy.tsv``) does not generate — paradigms by
   ``grammars.paradigm.generate`` plus the variants the compiler adds (``grammars/variants.tsv``,
   §D1, §D7) and the hand-listed forms — are run through the guesser (``grammars.guess``: every
   verified analysis whose lemma is itself a hunspell form). Analyses are grouped by (lemma,
   class). A lemma is a candidate only if it is **itself a hunspell form** (its citation form
   is attested), is not in the lexicon, its tile form is not one the lexicon already generates
   (so neither a plural or participle of a known word nor a stress doublet becomes a lemma),
   it was not judged in pass 1 (spaCy lemmas are decided there), it is not participle-shaped
   (``PARTICIPLE``: §D6 admits -ων/-ουσα/-ον, -όμενος, -θείς … only if a dictionary lists
   them), and at least ``MIN_NEW`` unanalysed forms support one of its classes. All classes
   that cite it are scored and decided as in pass 1. Candidates compete for the same forms, so
   the accepted ones are taken greedily, most attested forms first: each must add ``MIN_NEW``
   attested forms that nothing taken before generates and must not itself be such a form; two
   candidates that are each a form of the other, and the accusative of a known lemma in -ς
   (ευαγή beside ευαγής), go to review. Accepted rows go to ``lexicon/lemmas-hunspell.tsv``
   (source ``hunspell+evidence``).

Decision (both passes; thresholds below). Candidates are only classes that inflect the lemma
in every cell where the class's exemplar has a main form (a class whose keys fit only some cells
is no candidate), and a noun or adjective class with fewer than ``SMALL_CLASS`` elspell lemmas
cites a lemma without the last ``SMALL_ENDING`` letters of one of them only if hunspell
attests another of its forms (or all its cells are the lemma). Then:

* classes whose paradigms have the same set of main forms are one candidate for the evidence
  (O20/O20a for many lemmas); the class with more lemmas in ``lemmas.tsv`` represents them;
* score = attested − unattested distinct main forms; the best score must lead the runner-up
  by ``MARGIN``. A tie is broken only by attested forms that no other lemma of the lexicon
  generates (βαφτιστής: O22's βαφτιστείς is a form of βαφτίζω, O7's βαφτιστές is not): the
  winner needs such a form against every tied class, and none of them one against it;
* the best must have at least ``min(MIN_BEYOND, forms − 1)`` attested forms besides the lemma
  itself and at least ``MIN_RATIO`` (verbs ``MIN_RATIO_VERB``) of its forms attested;
* a verb's class encodes its aorist formation, so a verb needs ``MIN_AORIST`` attested
  perfective forms of its voice that no imperfective cell shares: an irregular aorist
  (καταπίνω → κατάπια) leaves only the present system attested, which many classes share;
* against every other candidate, the best must have an attested form that the rival lacks,
  unless its forms are a subset of the rival's (then the rival loses by its unattested extra
  forms: O25a without genitive plural against O25, an active-only P2.1a against P2.1).

Otherwise the lemma goes to ``scripts/pipeline/data/review.tsv`` with every candidate's figures, never into
the lexicon (unless the same lemma is accepted under another part of speech).

**Official list.** When ``../shared/oracles/pes-2-8-2024-dev.txt`` (the development half of the
federation's 2–8 list) is present, it confirms or chooses, as issue 3 allows (it is never the only
reason a lemma exists: every lemma is a spaCy lemma or a hunspell citation form). For a class,
the forms it *could* hold are the class's distinct main forms of 2–8 letters whose tile form
hashes into the dev half. A class hunspell accepted, with ``MIN_OFFICIAL`` or more such forms, is
confirmed only if the dev half holds ``CONFIRM_RATIO`` of them (spaCy's list carries lemmas no
Greek dictionary has: αβέβηλος, άδειπνος); a lemma hunspell left undecided is given the class
with the best official score (held − missing) if the dev half holds ``CHOOSE_RATIO`` of its
forms; among classes tied on that score, hunspell's ranking decides. Pass 2's lemmas need the confirmation: a hunspell
citation form is weaker evidence than a lemma list (measured: 60 % of the dev-half forms of pass
2's unconfirmed lemmas were right), so one without forms the dev half could hold is not taken.
Pass 2 also counts the forms of the hand-entered parts and the compounds
(``parts_and_compound_forms``) as generated.
A lemma the official list does not confirm is dropped and
counted, not written to the review file (no review row comes from an oracle). Figures measured on
the dev half are then in-sample; the held-back half measures them. ``--no-official`` decides by
hunspell alone. With ``DEKTES_PES_FOLD=0|1`` only that fold of the dev half is read (a
measurement build, scripts/measure/measure_folds.py).

Thresholds were checked on elspell's own lemmas (held as if unknown): of 3,000 sampled, 80 %
are decided; the class decided equals elspell's in 91 % of them, and gives the same or a
larger attested paradigm in 95 % (the rest mostly disagree with elspell where hunspell
attests another stress or an extra genitive plural).

Only lemma + class rows are written: no hunspell form is copied (review rows name a lemma
that is a spaCy lemma or a hunspell citation form, and figures).
"""
from __future__ import annotations

import argparse
import collections
import gzip
import json
import multiprocessing
import pickle
import re
import sys
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from grammars import phonology as ph
from grammars.alphabet import plain
from grammars.orthography import defects
from grammars.derivation import citation_cell, pos_of
from grammars.paradigm import consonant_initial, cut, exemplar_cells, generate, proposable_tables
from scripts.common import (LEXICON, REVIEW, SHARED, cites, junk_reason, read_hunspell,
                            read_listed_forms)

OUT_SPACY = LEXICON / "lemmas-spacy.tsv"
OUT_HUNSPELL = LEXICON / "lemmas-hunspell.tsv"
OUT_REVIEW = REVIEW

# thresholds (see the module docstring); tuned for precision on elspell's own lemmas
MIN_BEYOND = 3      # attested forms besides the lemma (fewer if the paradigm is smaller)
MIN_RATIO = 0.5     # share of the paradigm's distinct main forms attested
MIN_RATIO_VERB = 0.6  # the same for verbs, whose big paradigms hide ill-fitting cells
MARGIN = 1          # score lead over the runner-up
MIN_NEW = 2         # pass 2: unanalysed forms that must support the (lemma, class)
# the official list (dev half) confirms or chooses (module docstring, "Official list")
MIN_OFFICIAL = 1    # forms the dev half could hold before its silence counts against a class
CONFIRM_RATIO = 0.6  # share of those it must hold to confirm hunspell's choice
CHOOSE_RATIO = 0.7  # ... to choose a class hunspell left undecided
MIN_AORIST = 2      # verbs: attested perfective forms that no imperfective cell shares
#: a noun or adjective class with fewer elspell lemmas than this cites a lemma whose last
#: ``SMALL_ENDING`` letters (unaccented: πάγκρεας ends as κρέας) none of them has only on a form beyond it: its table was inferred from a handful
#: of lemmas and its keys reach far beyond them (O5a, αδάμας -ς/-τες, cited εξάδερφος and
#: έλασις; O53, διαφέρον -οντος, cited πρόσωπον; O23, γιαγιά -άδες, cited οπτικά)
SMALL_CLASS = 15
SMALL_ENDING = 3

POS_PREFIX = {"NOUN": "O", "ADJ": "E", "VERB": "P"}
SPACY_POS = {"noun": "NOUN", "adj": "ADJ", "verb": "VERB"}
HEADER = "# lemma\tpos\tgender\tclass\tparts\tflags\tvariants\tsource"


# ------------------------------------------------------------------------------------------
# inputs

def read_lexicon_rows(path: Path) -> list[tuple[str, str, str]]:
    """(lemma, pos, class) of an 8-column lexicon file; [] if it does not exist."""
    rows = []
    if not path.exists():
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            rows.append((parts[0], parts[1], parts[3]))
    return rows


# ------------------------------------------------------------------------------------------
# evidence



@dataclass(frozen=True)
class Evidence:
    code: str
    forms: frozenset  # distinct main forms of the lemma's paradigm in this class
    found: frozenset  # those that hunspell attests
    lemma_found: bool
    aorist_found: int = 0  # verbs: attested perfective forms of the lemma's voice unlike any
    # imperfective form

    @property
    def attested(self) -> int:
        return len(self.found)

    @property
    def unattested(self) -> int:
        return len(self.forms) - len(self.found)

    @property
    def beyond(self) -> int:
        """Attested forms other than the lemma itself."""
        return len(self.found) - self.lemma_found

    @property
    def score(self) -> int:
        return self.attested - self.unattested

    @property
    def ratio(self) -> float:
        return self.attested / max(1, len(self.forms))

    def show(self) -> str:
        return f"{self.code}:{self.attested}/{len(self.forms)}"




def ending_of(lemma: str) -> str:
    """The last ``SMALL_ENDING`` letters of ``lemma``, unaccented: the stress is no part of
    the ending a class table matches (πάγκρεας and κρέας end alike, O51)."""
    return plain(lemma)[-SMALL_ENDING:]


def small_class_endings(rows) -> dict[str, frozenset]:
    """{class: the last ``SMALL_ENDING`` letters of its lemmas} for the noun and adjective
    classes with fewer than ``SMALL_CLASS`` lemmas in ``rows`` ((lemma, pos, class) of
    ``lexicon/lemmas.tsv``, elspell's)."""
    members = collections.defaultdict(set)
    size = collections.Counter()
    for lemma, _, code in rows:
        members[code].add(ending_of(lemma))
        size[code] += 1
    return {c: frozenset(e) for c, e in members.items()
            if c[0] in "OE" and size[c] < SMALL_CLASS}


def candidates(lemma: str, pos_list, tables, hun: set[str],
               endings: dict | None = None) -> list[Evidence]:
    """Evidence for every class (of the given parts of speech) that cites ``lemma`` and
    inflects it in every cell its exemplar has (a class whose rules fit only some cells of
    the lemma, for want of matching keys, is no candidate), nor is one that misspells a form
    (grammars.orthography.defects: μαμάκιας, O21, *μαμακιίς). ``endings``:
    :func:`small_class_endings`; a small class cites a lemma of an ending foreign to its own
    lemmas only if hunspell attests a form of it other than the lemma (γυνή, O29a: γυναίκα),
    or if every cell is the lemma (σορτς, O5a)."""
    out = []
    for code, table in tables.items():
        pos = pos_of(code)
        if pos not in pos_list:
            continue
        foreign = bool(endings) and code in endings and ending_of(lemma) not in endings[code]
        cell = citation_cell(pos, lemma)
        if not cites(lemma, table, cell):
            continue
        gen = generate(lemma, table)
        if not any(f == lemma and c == cell and w == 0 for f, c, w in gen):
            continue
        if not exemplar_cells(table) <= {c for _, c, w in gen if w == 0}:
            continue
        forms = frozenset(f for f, _, w in gen if w == 0)
        if any(defects(f, lemma) for f in forms):
            continue  # a misspelt form (μαμάκιας, O21: *μαμακιίς): the class does not fit
        found = frozenset(f for f in forms if f in hun)
        if foreign and len(forms) > 1 and len(found - {lemma}) < 1:
            continue
        ipfv = {f for f, c, w in gen if ";IPFV" in c}
        voice = ";PASS" if lemma.endswith("μαι") else ";ACT"
        aor = {f for f, c, w in gen
               if w == 0 and c.startswith("V;") and ";PFV" in c and c.endswith(voice)} - ipfv
        if not aor:
            # the active aorist is the imperfect's form (έκρινα, βάρυνα, απεύθυνα: P8.1,
            # P8.2), so only the passive aorist indicative shows the class's formation (its
            # subjunctive alone is no evidence: hunspell lists *ανασερνθεί, not *ανασέρνθηκα)
            aor = {f for f, c, w in gen
                   if w == 0 and c.startswith("V;IND;PST;PFV;") and c.endswith(";PASS")} - ipfv
        out.append(Evidence(code, forms, found, lemma in found, len(aor & found)))
    return out


def decide(lemma: str, evs: list[Evidence], size: dict[str, int],
           explained: frozenset | set = frozenset()):
    """(accepted class or None, reason, candidates best first) by the thresholds above.

    ``explained``: forms that other lemmas of the lexicon already generate; they only break
    ties (βαφτιστής: O22's βαφτιστείς is a form of βαφτίζω, O7's βαφτιστές is not).
    """
    if not evs:
        return None, "no class cites the lemma", []
    # classes with the same main forms are one candidate: the more common class speaks for them
    by_forms: dict[frozenset, Evidence] = {}
    for e in sorted(evs, key=lambda e: (-size.get(e.code, 0), e.code)):
        by_forms.setdefault(e.forms, e)
    ranked = sorted(by_forms.values(),
                    key=lambda e: (-e.score, -e.attested, -size.get(e.code, 0), e.code))
    def thin(e):
        need = min(MIN_BEYOND, len(e.forms) - 1)
        return e.beyond < need or e.ratio < (MIN_RATIO_VERB if e.code[0] == "P" else MIN_RATIO)

    tied = [e for e in ranked if ranked[0].score - e.score < MARGIN]
    if all(thin(e) for e in tied):
        return None, "thin evidence", ranked
    if len(tied) > 1:
        # a tie is broken only by attested forms that no other lemma explains: the winner has
        # such a form against every other tied class, and none of them has one against it
        def own(e, o):
            return (e.found - o.forms) - explained
        winners = [e for e in tied if all(own(e, o) for o in tied if o is not e)]
        if len(winners) != 1 or any(own(o, winners[0]) for o in tied if o is not winners[0]):
            return None, "ambiguous", ranked
        ranked.remove(winners[0])
        ranked.insert(0, winners[0])
    best = ranked[0]
    if thin(best):
        return None, "thin evidence", ranked
    if best.code.startswith("P") and best.aorist_found < MIN_AORIST:
        # the class code encodes the aorist formation: an irregular aorist (καταπίνω →
        # κατάπια) leaves only the present system attested, which many classes share
        return None, "no aorist evidence", ranked
    for rival in ranked[1:]:
        if best.forms < rival.forms:
            continue  # the rival only adds forms, unattested enough to lose: a fair elimination
        if not best.found - rival.forms:
            return None, "no discriminating form", ranked
    return best.code, "accepted", ranked


# ------------------------------------------------------------------------------------------
# workers (module globals are set once per process by _init)

_G: dict = {}


def _init(hun, size, extra):
    _G["tables"] = proposable_tables()
    _G["hun"] = hun
    _G["size"] = size
    _G["endings"] = small_class_endings(read_lexicon_rows(LEXICON / "lemmas.tsv"))
    _G.update(extra)
    _G.pop("explained_tiles", None)  # derived from "explained" (official_forms), on first use


def official_forms(e: Evidence) -> tuple[int, int]:
    """(forms the official dev half could hold, forms it holds): the class's distinct main
    forms of 2–8 letters whose tile form hashes into the dev half (and into the training fold
    under DEKTES_PES_FOLD), but for the forms another lemma of the lexicon already generates
    (``explained``): those are listed whether this lemma exists or not (γένεσις, O54: its
    plural and genitives are γένεση's; only γένεσις and γένεσιν speak for it)."""
    from fst.learn import dev_could_hold, fold_from_env
    could_hold = dev_could_hold(fold_from_env())  # 2–8 letters, dev half, training fold
    dev = _G["official"]
    if "explained_tiles" not in _G:
        _G["explained_tiles"] = {to_tile(f) for f in _G.get("explained", ())}
    tiles = {to_tile(f) for f in e.forms} - _G["explained_tiles"]
    mine = [t for t in tiles if could_hold(t)]
    return len(mine), sum(t in dev for t in mine)


NOT_CONFIRMED = "official list does not confirm"
#: classes whose every lemma needs the dev half's word (forms it could hold, and holds): the
#: learned declensions O54 (-ις, -εως) and O55 (-ον), written by hand. Hunspell lists the
#: learned twin of nearly every -ση and -ο noun; the dev half held 17 of the 36 -ις and 30 of
#: the 60 -ον citation forms it could show of spaCy's such lemmas (measured 2026-12-03), so a
#: twin it cannot check (αιτιολόγησις, 13 letters) is as likely out as in.
CONFIRMED_CLASSES = frozenset({"O54", "O55"})


def confirm(code, reason, ranked, require: bool = False):
    """The official list's word on the hunspell decision (module docstring, "Official list").

    An accepted class with at least ``MIN_OFFICIAL`` forms the dev half could hold needs
    ``CONFIRM_RATIO`` of them there; an undecided lemma is decided by the class with the best
    official score (held − missing) if the dev half holds ``CHOOSE_RATIO`` of its forms;
    among classes tied on that score, hunspell's ranking decides. ``require`` (and a class of
    ``CONFIRMED_CLASSES``, also with no official list): the accepted class needs forms the dev
    half could hold."""
    if _G.get("official") is None:
        return (None, NOT_CONFIRMED) if code in CONFIRMED_CLASSES else (code, reason)
    figures = {e.code: official_forms(e) for e in ranked}
    if code:
        n, held = figures[code]
        if (require or code in CONFIRMED_CLASSES) and n < MIN_OFFICIAL:
            return None, NOT_CONFIRMED
        if n >= MIN_OFFICIAL and held < CONFIRM_RATIO * n:
            return None, NOT_CONFIRMED
        return code, reason
    # a verb's class encodes its aorist: the official list chooses only among classes whose
    # aorist hunspell attests (δώνω: P1a's unaugmented δώσα matched the present system)
    scored = sorted(((2 * h - n, h, n, e.code) for e in ranked
                     for n, h in [figures[e.code]] if n >= MIN_OFFICIAL
                     and (not e.code.startswith("P") or e.aorist_found >= MIN_AORIST)),
                    reverse=True)
    if not scored:
        return None, reason
    score, held, n, best = scored[0]
    if held < CHOOSE_RATIO * n:
        return None, reason
    tied = [c for sc, _, _, c in scored if sc == score]
    if len(tied) > 1:
        # classes the dev half cannot tell apart (O25/O25a differ in a form it does not
        # hold): hunspell's ranking decides, as it would have with more evidence
        best = next(e.code for e in ranked if e.code in tied)
    return best, "chosen by the official list"


def _judge_spacy(item):
    lemma, pos = item
    evs = candidates(lemma, (pos,), _G["tables"], _G["hun"], _G["endings"])
    code, reason, ranked = decide(lemma, evs, _G["size"], _G.get("explained", frozenset()))
    code, reason = confirm(code, reason, ranked)
    return lemma, pos, code, reason, [(e.code, e.attested, len(e.forms), e.score) for e in ranked]


def _surface_forms(item):
    """Every surface form the compiler makes of (lemma, class): generate() plus variants."""
    from fst.build.compile import cell_variants
    from grammars.rules import d7_ome
    lemma, code = item
    table = _G["tables"].get(code)
    if table is None:
        return []
    try:
        u = ph.underlying(lemma, glides=False)
    except ValueError:
        return []
    p = ph.plain(u)
    ci = consonant_initial(p)
    out = set()
    for cell in table.cells():
        for r in table.rules_for(p, cell):
            if r.strip > len(p):
                continue
            stem, _ = cut(u, r.strip)
            for e, d, a, _w, _ in cell_variants(code, cell, r):
                if a is not None and not ci:
                    if a == ph.AUG_D1:
                        continue
                    a = None
                f = ph.realise(stem, e, d, a)
                if f:
                    out.add(f)
                    if d7_ome.applies(cell) and d7_ome.twin(f):  # §D7's Python reference
                        out.add(d7_ome.twin(f))
    return sorted(out)


def parts_and_compound_forms() -> set[str]:
    """The surface forms of every ``lexicon/verb-parts.tsv`` row (``grammars.conjugation.forms``)
    and every ``lexicon/compounds.tsv`` record (``grammars.compounds.record_forms`` from its
    base's rows, ``grammars.verb_parts.compound_bases``)."""
    from grammars import compounds as C
    from grammars import conjugation as cj
    from grammars.paradigm import load_tables
    from grammars.verb_parts import compound_bases
    tables = load_tables()
    rows = compound_bases()
    out = set()
    for p in cj.parts_index().values():
        out.update(f for _c, f, _w, _k in cj.forms(p, tables.get(p.inflection_class)))
    for rec in C.read_records():
        if rec.base in rows:
            out.update(f for _c, f, _w, _r in C.record_forms(rec, rows[rec.base]))
    return out


def to_tile(word: str) -> str:
    from grammars.normalize import to_tile as tile
    return tile(word)


def _guess_form(form):
    """(lemma, class) pairs of the guesser's analyses of ``form`` that pass 2 may consider."""
    g = _G["guesser"]
    keep = _G["hun"]
    skip = _G["skip_lemmas"]
    known_forms = _G["known_forms"]
    known_tiles = _G["known_tiles"]
    pairs = set()
    for lemma, code, _cell in g.analyses(form, lemmas=keep):
        if lemma not in skip and lemma not in known_forms and to_tile(lemma) not in known_tiles:
            pairs.add((lemma, code))
    return form, sorted(pairs)


def _judge_hunspell(lemma):
    evs = candidates(lemma, ("NOUN", "ADJ", "VERB"), _G["tables"], _G["hun"],
                     _G["endings"])
    code, reason, ranked = decide(lemma, evs, _G["size"], _G.get("explained", frozenset()))
    code, reason = confirm(code, reason, ranked, require=True)
    best = next((e for e in ranked if e.code == code), None)
    return (lemma, code, reason, [(e.code, e.attested, len(e.forms), e.score) for e in ranked],
            best.forms if best else frozenset(), best.found if best else frozenset())


# Participles other than the gerund (-οντας/-ώντας) and the perfect passive -μένος are valid
# only if a dictionary lists them (§D6); hunspell lists their learned declension in full, and
# each gender would pass for a noun (αγαπηθείσα O25, αγαπηθέντα O28, αδελφωθέντος E4,
# διεξάγον O53). A hunspell citation form of these shapes is never proposed as a lemma (the
# few nouns of these shapes, ανάσα, γιρλάντα, καθήκον, are elspell's or spaCy's to give).
# The learned feminine genitive singular (-ούσης, -ώσης, -είσης, -μένης: αγαπώσης, δοθείσης,
# γενομένης) would pass for an -ης adjective (E9); an oxytone -μενής (ευμενής) is no participle.
PARTICIPLE = re.compile(  # on plain letters (σ for both sigmas)
    r"(ουσα|ουσασ|οντα|οντασ|οντοσ|ουντα|ουντασ|ουντοσ|ωντα|ωντασ|ωντοσ|ωσα|ωσασ|ον"
    r"|εισα|εισασ|θεισ|εντα|εντασ|εντοσ|[σψξ]ασ|ουσησ|ωσησ|εισησ"
    r"|[σψξλρνμ]ασα|[σψξλρνμ]ασασ|[σψξλρνμ]αντα|[σψξλρνμ]αντασ|[σψξλρνμ]αντοσ)$")
PRESENT_PARTICIPLE = re.compile(r"(ό|ού|ώ|ά)μεν(ος|η|ης|ο|οι|ες|α|ου|ους|ων)$|μένης$")


def participle_shaped(lemma: str) -> bool:
    plain = ph.plain(ph.underlying(lemma, glides=False))
    return bool(PARTICIPLE.search(plain) or PRESENT_PARTICIPLE.search(lemma))


# ------------------------------------------------------------------------------------------
# output

def lexicon_header(source: str, what: str) -> list[str]:
    return [
        f"# {what}",
        "# Generated by scripts/classify_by_evidence.py; do not edit by hand (rerun the script).",
        "# Inflection class chosen by evidence: the paradigm's distinct main forms found in the",
        "# hunspell el_GR list (MPL-1.1/GPL-2/LGPL-2.1; only lemma+class is derived, no form is",
        f"# copied). Accepted when the best class has >= min({MIN_BEYOND}, forms-1) attested forms",
        f"# besides the lemma, >= {MIN_RATIO:.0%} of its forms attested, and a score (attested -",
        f"# unattested) at least {MARGIN} above the runner-up. Source column: {source}.",
        HEADER,
    ]


def show_candidates(ranked) -> str:
    return " ".join(f"{c}:{a}/{n}" for c, a, n, _ in ranked) or "-"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-hunspell", action="store_true", help="pass 1 only")
    ap.add_argument("--no-official", action="store_true",
                    help="decide by hunspell alone (the official list neither confirms nor chooses)")
    ap.add_argument("--support-cache", type=Path, metavar="FILE",
                    help="development aid: keep pass 2's guesses (most of the run time) in FILE "
                         "and reuse them when FILE exists; stale if the inputs changed")
    args = ap.parse_args(argv)
    t0 = time.time()
    official = None
    dev = args.shared / "oracles" / "pes-2-8-2024-dev.txt"
    if not args.no_official and dev.exists():
        from fst.learn import fold_from_env, read_dev
        official = read_dev(dev, fold_from_env())  # the training fold only under DEKTES_PES_FOLD
        print(f"official list, dev half: {len(official)} words (confirms or chooses)")
    elspell = read_lexicon_rows(LEXICON / "lemmas.tsv")
    size = collections.Counter(c for _, _, c in elspell)
    listed_lemmas, listed_forms = read_listed_forms()
    manual = read_lexicon_rows(LEXICON / "lemmas-manual.tsv")  # hand entries (§D11 …)
    known = {lm for lm, _, _ in elspell + manual} | listed_lemmas
    hun = read_hunspell(args.shared)
    print(f"hunspell lower-case forms: {len(hun)}")

    # ---------------------------------------------------------------- pass 1: spaCy
    with gzip.open(args.shared / "data" / "spacy" / "el_lemma_index.json.gz", "rt",
                   encoding="utf-8") as f:
        index = json.load(f)
    counts = collections.Counter()
    dropped = collections.Counter()
    items = []
    seen = set()
    for key in sorted(SPACY_POS):
        pos = SPACY_POS[key]
        for raw in index[key]:
            counts["spaCy entries (noun, adj, verb)"] += 1
            lemma = unicodedata.normalize("NFC", raw.strip())
            reason = junk_reason(lemma)
            if reason:
                dropped[reason] += 1
                continue
            if (lemma, pos) in seen:
                dropped["duplicate"] += 1
                continue
            seen.add((lemma, pos))
            if lemma in known:
                counts["already in the lexicon"] += 1
                continue
            items.append((lemma, pos))
    items.sort()
    counts["considered (lemma, pos)"] = len(items)
    with multiprocessing.Pool(args.jobs, _init, (hun, size, {})) as pool:
        generated = set(listed_forms)
        for forms in pool.imap(_surface_forms, sorted({(lm, c) for lm, _, c in elspell}),
                               chunksize=500):
            generated.update(forms)
    print(f"  the elspell lexicon generates {len(generated)} surface forms "
          f"({time.time() - t0:.0f} s)", flush=True)
    with multiprocessing.Pool(args.jobs, _init,
                              (hun, size, {"explained": generated, "official": official})) as pool:
        results = pool.map(_judge_spacy, items, chunksize=200)
    accepted, review = [], []
    for lemma, pos, code, reason, ranked in results:
        counts[f"pass 1 {reason}"] += 1
        if code:
            accepted.append((lemma, pos, code))
        elif reason != NOT_CONFIRMED:  # never a review row from the oracle's word
            review.append((lemma, pos, "spacy", reason, show_candidates(ranked)))
    write_lexicon(OUT_SPACY, accepted, "spacy+evidence",
                  "Lemmas from spaCy's lookup tables (spacy-lookups-data 1.0.5, MIT) that "
                  "elspell lacks.")
    print_counts("spaCy", counts, dropped)
    print(f"  pass 1 took {time.time() - t0:.0f} s", flush=True)
    if args.skip_hunspell:
        print(f"  review rows: {write_review(review, accepted, known)}")
        return 0

    # ---------------------------------------------------------------- pass 2: hunspell
    t1 = time.time()
    c2 = collections.Counter()
    with multiprocessing.Pool(args.jobs, _init, (hun, size, {})) as pool:
        # a learned twin (ικρίον, O55; τρώσις, O54) shares its plural and genitive with the
        # demotic lemma (ικρίο, τρώση): those forms stay the demotic's evidence, or pass 2
        # would drop it for adding too few forms
        for forms in pool.imap(_surface_forms, sorted({(lm, c) for lm, _, c in accepted
                                                       if c not in CONFIRMED_CLASSES}),
                               chunksize=500):
            generated.update(forms)
    # the hand-entered parts (verb-parts.tsv) and the compounds (compounds.tsv, as shipped)
    # generate too: their forms are no new lemma's (περιμένω's περιμείνω is no lemma *περιμείνω)
    generated.update(parts_and_compound_forms())
    c2["surface forms the lexicon generates"] = len(generated)
    # analysed = its tile form is generated: an accent variant (έποικους beside εποίκους, O19)
    # adds nothing to the game and would only make a bogus lemma of a stress doublet
    from grammars.normalize import to_tile
    tiles = {to_tile(f) for f in generated}
    c2["hunspell forms not generated"] = len(hun - generated)
    unanalysed = sorted(f for f in hun - generated if to_tile(f) not in tiles)
    c2["hunspell forms whose tile form is not generated"] = len(unanalysed)
    print(f"  generated forms in {time.time() - t1:.0f} s; {len(unanalysed)} hunspell forms "
          "unanalysed", flush=True)
    from grammars.guess import Guesser
    skip = known | {lm for lm, _ in items} | {lm for lm, _, _ in accepted}
    extra = {"guesser": Guesser(), "skip_lemmas": skip, "known_forms": generated,
             "known_tiles": tiles}
    support: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    if args.support_cache and args.support_cache.exists():
        with open(args.support_cache, "rb") as f:
            support = pickle.load(f)
        print(f"  guesses read from {args.support_cache}", flush=True)
    else:
        guess_forms(args, hun, size, extra, unanalysed, support, t1)
        if args.support_cache:
            with open(args.support_cache, "wb") as f:
                pickle.dump(support, f)
    print(f"  guessed in {time.time() - t1:.0f} s", flush=True)
    lemmas2 = sorted({lm for (lm, _), fs in support.items() if len(fs - {lm}) >= MIN_NEW})
    c2["candidate lemmas (hunspell citation form, >= %d new forms)" % MIN_NEW] = len(lemmas2)
    shaped = [lm for lm in lemmas2 if participle_shaped(lm)]
    c2["  of which participle-shaped, dropped (§D6)"] = len(shaped)
    lemmas2 = sorted(set(lemmas2) - set(shaped))
    with multiprocessing.Pool(args.jobs, _init,
                              (hun, size, {"explained": generated, "official": official})) as pool:
        results2 = pool.map(_judge_hunspell, lemmas2, chunksize=100)
    # Candidates compete for the same forms (ακοίμιστος E5 and its plural ακοίμιστους as an O16
    # "lemma"; αποξηραμένος E5 and αποξηραμένη O30a): taken greedily, the candidate with the
    # most attested forms first, each must add MIN_NEW attested forms that neither the lexicon
    # nor a lemma taken before generates, and must not itself be such a form.
    # Two candidates that are each a form of the other (ειλικρινής O22 and ειλικρινή O29: the
    # -ής adjective has no class of its own) are both left for review.
    paradigm = {r[0]: r[4] for r in results2 if r[1]}
    rivals = {lm for lm, forms in paradigm.items()
              if any(o != lm and lm in paradigm.get(o, ()) for o in forms)}
    citations = known | {lm for lm, _ in items} | set(lemmas2)
    explained = set(generated)
    accepted2, undecided = [], []
    for lemma, code, reason, ranked, forms, found in sorted(
            results2, key=lambda r: (-len(r[5]), r[0], r[1] or "")):
        if lemma in explained:
            c2["pass 2 a form of another lemma"] += 1
            continue
        if code and lemma in rivals:
            code, reason = None, "competing lemma (each a form of the other)"
        if code and lemma + "ς" in citations:
            # ευαγή O29, αγχώδη O30, αιγιαλίτη: the accusative of a lemma in -ς (ευαγής, an
            # -ής adjective that no class inflects), not a lemma of its own
            code, reason = None, "oblique form of a lemma in -ς"
        if code and len((found - explained) - {lemma}) < MIN_NEW:
            code, reason = None, "adds too few forms"
        if not code:
            undecided.append((lemma, reason, ranked))
            continue
        c2[f"pass 2 {reason}"] += 1
        accepted2.append((lemma, pos_of(code), code))
        explained |= forms
    for lemma, reason, ranked in undecided:
        if lemma in explained:
            c2["pass 2 a form of another lemma"] += 1
            continue
        c2[f"pass 2 {reason}"] += 1
        if reason == NOT_CONFIRMED:  # never a review row from the oracle's word
            continue
        pos = "/".join(sorted({pos_of(c) for c, *_ in ranked})) or "-"
        review.append((lemma, pos, "hunspell", reason, show_candidates(ranked)))
    write_lexicon(OUT_HUNSPELL, accepted2, "hunspell+evidence",
                  "Lemmas found by guessing lemma and class of hunspell forms that nothing "
                  "analysed (grammars/guess.py); each lemma is itself a hunspell form.")
    n_review = write_review(review, accepted + accepted2, known)
    print_counts("hunspell", c2, collections.Counter())
    print(f"  pass 2 took {time.time() - t1:.0f} s")
    print(f"review rows: {n_review} (spaCy {sum(r[2] == 'spacy' for r in review)}, hunspell "
          f"{sum(r[2] == 'hunspell' for r in review)}, before dropping lemmas accepted under "
          "another part of speech)")
    return 0


def guess_forms(args, hun, size, extra, unanalysed, support, t1) -> None:
    """Fill ``support``: (lemma, class) → the unanalysed forms the guesser derives from it."""
    with multiprocessing.Pool(args.jobs, _init, (hun, size, extra)) as pool:
        for i, (form, pairs) in enumerate(pool.imap(_guess_form, unanalysed, chunksize=500), 1):
            for pair in pairs:
                support[pair].add(form)
            if i % 50000 == 0:
                print(f"  … {i} forms guessed ({time.time() - t1:.0f} s)", flush=True)


def write_lexicon(path: Path, rows, source: str, what: str) -> None:
    lines = lexicon_header(source, what)
    for lemma, pos, code in sorted(set(rows)):
        lines.append("\t".join([lemma, pos, "-", code, "-", "-", "-", source]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_review(rows, accepted, known=frozenset()) -> None:
    """Review rows, without lemmas accepted under another part of speech or already in the
    lexicon (``known``: elspell, hand entries; and the derived lexemes of
    ``lexicon/lemmas-derived.tsv``, scripts/pipeline/import_derivations.py)."""
    derived = {lm for lm, _, _ in read_lexicon_rows(LEXICON / "lemmas-derived.tsv")}
    done = {lm for lm, _, _ in accepted} | set(known) | derived
    rows = [r for r in rows if r[0] not in done]
    if OUT_REVIEW.exists():  # misclassified elspell rows (scripts/pipeline/import_elspell.py) stay
        rows += [tuple(ln.split("\t")) for ln in OUT_REVIEW.read_text(encoding="utf-8").splitlines()
                 if not ln.startswith("#") and ln.split("\t")[2:3] == ["elspell"]]
    lines = [
        "# Lemmas whose inflection class the evidence does not settle: NOT in the lexicon.",
        "# Generated by scripts/classify_by_evidence.py (see its docstring for the thresholds).",
        "# candidates: CLASS:attested/distinct main forms, best first (classes with identical",
        "# paradigms for this lemma are listed once). source: spacy = spaCy lemma list,",
        "# hunspell = a hunspell citation form proposed by the guesser for unanalysed forms;",
        "# elspell = an elspell row whose class gives no form of the lemma (scripts/import_elspell.py).",
        "# lemma\tpos\tsource\treason\tcandidates",
    ]
    for r in sorted(set(rows)):
        lines.append("\t".join(r))
    OUT_REVIEW.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(set(rows))


def print_counts(title, counts, dropped) -> None:
    print(f"{title}:")
    for k, v in counts.items():
        print(f"  {k}: {v}")
    if dropped:
        print(f"  dropped: {sum(dropped.values())}")
        for k, v in sorted(dropped.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {k}: {v}")


if __name__ == "__main__":
    sys.exit(main())
