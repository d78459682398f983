"""One probabilistic model of lemma and inflection class (issue 22).

A candidate is a (lemma, class) pair whose class table gives the lemma back as its citation
form and inflects it in every cell of the class's exemplar (the test of
``scripts/pipeline/classify_by_evidence.py``). For one lemma the hypotheses are its candidate classes
and **NONE** ("no such lemma": its forms belong to other lemmas or to nothing). The posterior

    P(H | evidence) ∝ P(H) · Π_sources L_s(H)

combines

* a **prior**: P(exists) (``EXISTS_PRIOR``) times P(class | POS, ending) — the share of
  elspell's lemmas of that part of speech and final letters (longest ending of 4…1 letters
  seen ``MIN_ENDING`` times, smoothed towards the POS's class shares), renormalised over the
  lemma's candidates;
* per source s (hunspell's lower-case list, the official list's dev half, UniMorph's tables),
  the **likelihood** of which of the candidate's distinct main forms the source has and lacks.
  Under class C a form of C's paradigm is present with the rate ``r_s(C, cell)``: how often a
  real lemma of class C shows that cell in s, estimated on elspell's classed lemmas, smoothed
  towards the POS's rate for the cell (``SMOOTH`` pseudo-lemmas); every other form is present
  with the background rate ``b_s(POS, cell)``: how often a form that a *wrong* candidate
  class makes of an elspell lemma is in s. NONE is either nothing (every form has the
  background rate) or, with share ``OUT_OF_GAME``, a dictionary lemma of some class C that the
  game lacks: hunspell and UniMorph then look as under C, the dev half as under nothing — so
  only the list can tell a lemma of the game from such a lemma, and hunspell's many forms do
  not outvote its silence.
  A source knows a real lemma only with probability ``COVER[s]`` (forms of one lemma come
  together or not at all), so L_s(C) / L_s(NONE) = COVER·exp(Σ log-ratios) + (1 − COVER).

Only forms a source could show count: the dev half only for tile forms of 2–8 letters that
hash into it (and into the training fold under ``DEKTES_PES_FOLD``; the reference material's
rules for "the official list as evidence"); UniMorph only for lemmas with a UniMorph table; the lemma's
own citation form is left out (it is how the lemma was proposed). A lemma whose forms the list
could show (five or more dev-hashed) but never does therefore loses to NONE.

The model decides lemma-level facts only (a lemma exists, its class); it stores no form of any
source. Sources: elspell's ``word.rule.data`` (GPL/LGPL/MPL), the hunspell
el_GR list (same licences; evidence only), UniMorph ``ell`` (CC BY-SA 3.0), the federation's
2024 list, dev half (evidence only). Measured by ``scripts/measure/measure_lemma_model.py``.
"""
from __future__ import annotations

import collections
import math
import unicodedata
from dataclasses import dataclass, field

from grammars import phonology as ph
from grammars.derivation import citation_cell, pos_of
from grammars.paradigm import ClassTable, consonant_initial, cut, exemplar_cells, generate

SOURCES = ("hun", "dev", "um")
#: probability that a source lists a real lemma at all (its forms come together): hunspell
#: lacks some lemmas of spaCy and UniMorph; the official list is the arbiter of the game
COVER = {"hun": 0.85, "dev": 0.99, "um": 1.0}
EXISTS_PRIOR = 0.5   # P(a proposed lemma is a lemma of the game); NONE takes the rest
#: share of NONE that is a dictionary lemma the game lacks (its hunspell and UniMorph forms
#: look like a lemma's; only the list can tell): of UniMorph's lemmas elspell lacks with five
#: or more dev-hashed forms, 12 of 116 show none in the dev half (elspell's: 0 of 456)
OUT_OF_GAME = 0.1
SMOOTH = 5.0         # pseudo-lemmas pulling a class's cell rate towards its POS's rate
MIN_ENDING = 20      # lemmas an ending needs before its class shares are used
R_CLIP = (0.02, 0.98)
B_CLIP = (0.002, 0.6)
NONE = "NONE"


@dataclass(frozen=True)
class Candidate:
    """One class's paradigm of a lemma: ``forms`` maps each distinct main form (weight 0) to
    the cells (UniMorph-style strings) it fills."""
    code: str
    pos: str
    forms: dict = field(hash=False, compare=False)


def cites(lemma: str, table: ClassTable, cell: str) -> bool:
    """Does ``table``'s main (weight 0) rule for ``cell`` give ``lemma`` back, as
    :func:`grammars.paradigm.generate` would? False for a cell the table lacks."""
    if cell not in table.rules:
        return False
    u = ph.underlying(lemma, glides=False)
    p = ph.plain(u)
    for r in table.rules_for(p, cell):
        if r.weight != 0 or r.strip > len(p):
            continue
        stem, _ = cut(u, r.strip)
        aug = ph.AUG if (r.aug and consonant_initial(p)) else None
        if ph.realise(stem, r.ending, r.directive, aug) == lemma:
            return True
    return False


def candidates(lemma: str, pos_list, tables: dict[str, ClassTable]) -> list[Candidate]:
    """The candidate classes of ``lemma`` among the classes of the parts of speech ``pos_list``
    (``NOUN``/``ADJ``/``VERB``), each with its distinct main forms and their cells; [] when no
    class cites the lemma. Raises nothing: a lemma the phonology cannot read has none."""
    out = []
    try:
        ph.underlying(lemma, glides=False)
    except ValueError:
        return out
    for code, table in tables.items():
        pos = pos_of(code)
        if pos not in pos_list:
            continue
        cell = citation_cell(pos, lemma)
        if not cites(lemma, table, cell):
            continue
        try:
            gen = generate(lemma, table)
        except ValueError:
            continue
        if not any(f == lemma and c == cell and w == 0 for f, c, w in gen):
            continue
        if not exemplar_cells(table) <= {c for _, c, w in gen if w == 0}:
            continue
        forms: dict[str, list] = collections.defaultdict(list)
        for f, c, w in gen:
            if w == 0:
                forms[f].append(c)
        out.append(Candidate(code, pos, {f: tuple(sorted(cs)) for f, cs in forms.items()}))
    return out


def ending_keys(lemma: str) -> list[str]:
    """The lemma's last 4, 3, 2 and 1 letters (accented), longest first."""
    return [lemma[-n:] for n in (4, 3, 2, 1) if len(lemma) >= n]


# ------------------------------------------------------------------------------------------
# observations: which forms each source has, and which it could have

@dataclass
class Evidence:
    """What the sources say about one lemma. ``hun``: set of lower-case forms (or None when
    not used); ``dev``: set of tile words and ``dev_could(tile) -> bool``; ``um``: the forms of
    the lemma's UniMorph table, None when UniMorph has no table for it (or is not used)."""
    hun: object = None
    dev: object = None
    dev_could: object = None
    um: object = None
    tile: object = None  # str -> tile form (grammars.normalize.to_tile)
    explained: object = None  # tile -> True when another lemma of the lexicon has the form

    def observe(self, form: str):
        """{source: present?} for the sources that could show ``form``; {} for a form another
        lemma already explains (its presence says nothing of this lemma)."""
        out = {}
        if self.explained is not None and self.explained(self.tile(form)):
            return out
        if self.hun is not None:
            out["hun"] = form in self.hun
        if self.dev is not None:
            t = self.tile(form)
            if self.dev_could(t):
                out["dev"] = t in self.dev
        if self.um is not None:
            out["um"] = form in self.um
        return out


# ------------------------------------------------------------------------------------------
# the model

class _Rate:
    __slots__ = ("n", "k")

    def __init__(self):
        self.n = 0
        self.k = 0


class Model:
    """Rates and priors fitted by :meth:`fit`; :meth:`posterior` scores a lemma."""

    def __init__(self):
        self.r_class = collections.defaultdict(_Rate)   # (s, code, cell)
        self.r_pos = collections.defaultdict(_Rate)     # (s, pos, cell)
        self.b = collections.defaultdict(_Rate)         # (s, pos, cell)
        self.b_pos = collections.defaultdict(_Rate)     # (s, pos)
        self.ending = collections.defaultdict(collections.Counter)  # (pos, ending) -> codes
        self.pos_classes = collections.defaultdict(collections.Counter)
        self._rate_memo: dict = {}
        self._bg_memo: dict = {}

    # -- fitting ---------------------------------------------------------------------------
    def fit(self, examples) -> "Model":
        """``examples``: iterable of (lemma, pos, true_codes, candidates, observations) where
        observations maps each form of any candidate to ``Evidence.observe``'s dict. Returns
        self."""
        self._rate_memo, self._bg_memo = {}, {}
        for lemma, pos, true, cands, obs in examples:
            for code in true:
                for key in ending_keys(lemma):
                    self.ending[(pos, key)][code] += 1
                self.pos_classes[pos][code] += 1
            tc = [c for c in cands if c.code in true]
            if not tc:
                continue
            pos_forms = {}
            for c in tc:
                for f, cells in c.forms.items():
                    pos_forms.setdefault(f, (c.code, cells))
            for f, (code, cells) in pos_forms.items():
                if f == lemma:
                    continue
                for s, present in obs.get(f, {}).items():
                    for cell in cells:
                        for rate in (self.r_class[(s, code, cell)], self.r_pos[(s, pos, cell)]):
                            rate.n += 1
                            rate.k += present
            seen = set(pos_forms)
            for c in cands:
                if c.code in true:
                    continue
                for f, cells in c.forms.items():
                    if f in seen:
                        continue
                    seen.add(f)
                    for s, present in obs.get(f, {}).items():
                        for cell in cells:
                            rate = self.b[(s, c.pos, cell)]
                            rate.n += 1
                            rate.k += present
                        rate = self.b_pos[(s, c.pos)]
                        rate.n += 1
                        rate.k += present
        return self

    # -- rates -----------------------------------------------------------------------------
    def rate(self, s: str, code: str, pos: str, cell: str) -> float:
        """P(a form of ``cell`` is in source ``s`` | a real lemma of class ``code``)."""
        memo = self.__dict__.setdefault("_rate_memo", {})
        key = (s, code, pos, cell)
        if key not in memo:
            memo[key] = self._rate(s, code, pos, cell)
        return memo[key]

    def _rate(self, s: str, code: str, pos: str, cell: str) -> float:
        rp = self.r_pos.get((s, pos, cell))
        base = (rp.k + 0.5) / (rp.n + 1.0) if rp else 0.5
        rc = self.r_class.get((s, code, cell))
        n, k = (rc.n, rc.k) if rc else (0, 0)
        return min(max((k + SMOOTH * base) / (n + SMOOTH), R_CLIP[0]), R_CLIP[1])

    def background(self, s: str, pos: str, cell: str) -> float:
        """P(a form of ``cell`` is in ``s`` | the form is no form of this lemma)."""
        memo = self.__dict__.setdefault("_bg_memo", {})
        key = (s, pos, cell)
        if key not in memo:
            memo[key] = self._background(s, pos, cell)
        return memo[key]

    def _background(self, s: str, pos: str, cell: str) -> float:
        bp = self.b_pos.get((s, pos))
        base = (bp.k + 0.5) / (bp.n + 50.0) if bp else 0.05
        rb = self.b.get((s, pos, cell))
        n, k = (rb.n, rb.k) if rb else (0, 0)
        return min(max((k + 20 * base) / (n + 20), B_CLIP[0]), B_CLIP[1])

    def prior(self, lemma: str, pos: str, codes) -> dict[str, float]:
        """P(class | POS, ending), renormalised over ``codes``."""
        total = self.pos_classes[pos]
        n_pos = sum(total.values()) or 1
        back = {c: (total[c] + 1.0) / (n_pos + len(codes)) for c in codes}
        for key in ending_keys(lemma):
            cnt = self.ending.get((pos, key))
            if cnt and sum(cnt.values()) >= MIN_ENDING:
                n = sum(cnt.values())
                p = {c: (cnt[c] + 2.0 * back[c]) / (n + 2.0) for c in codes}
                break
        else:
            p = back
        z = sum(p.values()) or 1.0
        return {c: v / z for c, v in p.items()}

    # -- scoring ---------------------------------------------------------------------------
    def log_ratios(self, lemma: str, cand: Candidate, obs) -> dict[str, float]:
        """Per source: Σ over the candidate's forms (the lemma itself left out) of
        log P(observation | class) − log P(observation | not a form of this lemma)."""
        out = collections.defaultdict(float)
        for f, cells in cand.forms.items():
            if f == lemma:
                continue
            for s, present in obs.get(f, {}).items():
                r = max(self.rate(s, cand.code, cand.pos, c) for c in cells)
                b = max(self.background(s, cand.pos, c) for c in cells)
                out[s] += math.log(r / b) if present else math.log((1 - r) / (1 - b))
        return dict(out)

    def posterior(self, lemma: str, cands, obs, exists: float = EXISTS_PRIOR,
                  sources=SOURCES) -> dict[str, float]:
        """{class code or NONE: posterior} for one lemma. ``cands``: its candidates (classes
        with identical main forms merged first: :func:`merge_identical`), of one or more parts
        of speech (each POS equally likely a priori); ``obs``: form → {source: present?};
        ``sources``: the sources to use; ``exists``: P(the lemma exists)."""
        if not cands:
            return {NONE: 1.0}
        by_pos = collections.defaultdict(list)
        for c in cands:
            by_pos[c.pos].append(c.code)
        pri = {}
        for pos, codes in by_pos.items():
            for code, p in self.prior(lemma, pos, codes).items():
                pri[code] = p / len(by_pos)
        logs = {NONE: math.log((1 - exists) * (1 - OUT_OF_GAME))}
        unlisted = []   # NONE': a dictionary lemma of class C that the game does not have
        for c in cands:
            lr = self.log_ratios(lemma, c, obs)
            mixed = {s: _mix(lr[s], COVER[s]) for s in sources if s in lr}
            logs[c.code] = math.log(exists) + math.log(pri[c.code]) + sum(mixed.values())
            unlisted.append(math.log((1 - exists) * OUT_OF_GAME) + math.log(pri[c.code])
                            + sum(v for s, v in mixed.items() if s != "dev"))
        if unlisted:
            m0 = max(logs[NONE], *unlisted)
            logs[NONE] = m0 + math.log(sum(math.exp(v - m0) for v in [logs[NONE]] + unlisted))
        m = max(logs.values())
        z = sum(math.exp(v - m) for v in logs.values())
        return {k: math.exp(v - m) / z for k, v in logs.items()}


def best_class(post: dict) -> tuple[str | None, float]:
    """(the class with the highest posterior, P(that class | the lemma exists)); (None, 0.0)
    when there is no class."""
    best = max((c for c in post if c != NONE), key=lambda c: (post[c], c), default=None)
    if best is None:
        return None, 0.0
    rest = 1.0 - post.get(NONE, 0.0)
    return best, (post[best] / rest if rest > 0 else 0.0)


def voice_choice(post: dict, cands, obs) -> tuple[str | None, float, bool]:
    """The class to decide for a verb: (code, P(code | exists), whether the voice rule chose).

    elspell's active-only classes (``P2.1a``) make the active paradigm of their full class
    (``P2.1``) without its passive; hunspell lists passives that elspell lacks (σολοικίζομαι of
    σολοικίζω, P2.1a), so its passive forms do not tell the two apart, and only the official
    list's dev half does. When the best class ``X`` has its active-only ``Xa`` among the
    candidates and the dev half holds none of the forms ``X`` adds, the choice is ``Xa``, the
    intersection (every form it makes is one of ``X``'s), with the pair's posterior. Otherwise
    :func:`best_class`. ``cands``: the merged candidates; ``obs``: form → {source: present?}."""
    best, p = best_class(post)
    if best is None:
        return best, p, False
    by = {c.code: c for c in cands}
    if best.endswith(("a", "b")) or best + "a" not in by or by[best].pos != "VERB":
        return best, p, False
    sub = by[best + "a"]
    extra = set(by[best].forms) - set(sub.forms)
    if not set(sub.forms) < set(by[best].forms):
        return best, p, False
    if any(obs.get(f, {}).get("dev") for f in extra):
        return best, p, False
    rest = 1.0 - post.get(NONE, 0.0)
    pair = post[best] + post.get(sub.code, 0.0)
    return sub.code, (pair / rest if rest > 0 else 0.0), True


def passive_past_of_subjunctive(lemma: str) -> str | None:
    """For a verb form in -ώ after the aorist passive stem (ψωριαστώ, κουφωθώ, απαλλαγώ), the
    unaccented 3rd singular of the past it pairs with (ψωριαστηκε, κουφωθηκε, απαλλαγηκε):
    the aorist passive subjunctive -θώ/-στώ/-γώ … is built on the stem of the past -θηκε/-στηκε/
    -γηκε (Triantafyllidis grammar, aorist passive). None for a lemma not in -ώ. A proposed
    verb lemma whose past is listed is that verb's subjunctive, not a lemma of its own."""
    if len(lemma) < 3 or not lemma.endswith("ώ"):
        return None
    return unaccented(lemma[:-1]) + "ηκε"


def unaccented(word: str) -> str:
    """``word`` without accents or diaeresis (NFD, combining marks dropped)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(ch))


def _mix(x: float, cov: float) -> float:
    """log(cov·e^x + 1 − cov), stable for large |x|."""
    if cov >= 1.0:
        return x
    if x > 0:
        return x + math.log(cov + (1 - cov) * math.exp(-x))
    return math.log(cov * math.exp(x) + 1 - cov)


def merge_identical(cands: list[Candidate], size: dict[str, int]) -> list[Candidate]:
    """Candidates with the same set of main forms are one hypothesis: the class with more
    lemmas in elspell (``size``) speaks for them (O20/O20a for many lemmas)."""
    by_forms: dict[frozenset, Candidate] = {}
    for c in sorted(cands, key=lambda c: (-size.get(c.code, 0), c.code)):
        by_forms.setdefault(frozenset(c.forms), c)
    return sorted(by_forms.values(), key=lambda c: c.code)


def same_paradigm(cands: list[Candidate]) -> dict[str, frozenset]:
    """class code → the codes among ``cands`` with the same main forms (itself included)."""
    groups = collections.defaultdict(set)
    for c in cands:
        groups[frozenset(c.forms)].add(c.code)
    return {c.code: frozenset(groups[frozenset(c.forms)]) for c in cands}
