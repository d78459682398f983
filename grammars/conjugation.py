"""Verbs by principal parts: the perfective systems and the participle built from a verb's parts.

A Greek verb is known by its principal parts (Triantafyllidis, Μικρή νεοελληνική γραμματική
1941, the verb: «θέματα του ρήματος», the two stems, imperfective and perfective, and the
conjugation tables built on them; the dictionary prints each verb with its active aorist,
passive aorist and passive perfect participle: γράφω, έγραψα, γράφτηκα, γραμμένος). The
present system comes from the verb's inflection class (``grammars/classes``); where
``lexicon/verb-parts.tsv`` states a part, the cells of that part's system come from the
part instead (:func:`overridden`), so a class still describes the regular pattern and the
parts correct it per verb (lexicon/README.md, "Principal parts").

Parts (``key=value``; ``-`` marks the part absent; several values comma-separated, the first
the main form, the others variants of weight 1):

* ``aor`` — active aorist, 1st singular (έγραψα, αύξησα, πήρα, κατέστησα, συνέβην): the
  aorist indicative. Endings -α -ες -ε -αμε -ατε -αν, or the learned -ην -ης -η -ημεν -ητε
  -ησαν (έβην; only its 3rd persons are modern: συνέβη, συνέβησαν); stress recessive. The syllabic augment (έ- before a consonant-initial stem,
  § 254) is taken where the stress would fall before the stem (έγραψα, γράψαμε); an aorist
  whose stem differs from the subjunctive's in an augmented syllable (temporal ήγαγα/αγάγω,
  internal κατέστησα/καταστήσω) keeps that syllable only where it is stressed (αγάγαμε,
  καταστήσαμε);
* ``subj`` — perfective subjunctive, 1st singular, where it is not the aorist's stem without
  the augment (βρω, πω, πάρω, αγάγω): the subjunctive (-ω -εις -ει -ουμε -ετε -ουν, stem
  stressed; -ώ -είς -εί -ούμε -είτε -ούν when the part is oxytone), the infinitive (-ει/-εί)
  and the default imperative; as many values as ``aor`` pair with them, one each (the two
  aorists of an -εύω verb: ``aor=φύτεψα,φύτευσα subj=φυτέψω,φυτεύσω``);
* ``imp`` — perfective imperative, 2nd singular and plural (``imp=πάρε,πάρτε``), where not
  the default (stem + -ε recessive; stem + -τε after -σ/-ψ/-ξ, else -ετε);
* ``paor`` — passive aorist, 1st singular (γράφτηκα, λήφθηκα, τράπηκα; a learned variant
  in -ην, συνελήφθην, gives the indicative only: συνελήφθη, συνελήφθησαν): indicative -ηκα …
  recessive; subjunctive -ώ -είς …, infinitive -εί, imperative plural -είτε on the same stem
  (``psubj`` gives another subjunctive, 1st singular); ``pimp`` the passive imperative 2nd
  singular (γράψου; default: the active perfective stem in -σ/-ψ/-ξ + -ου);
* ``ppp`` — passive perfect participle, masculine nominative singular (γραμμένος), declined
  like an adjective in -ος -η -ο (§ 290); an active-only verb may have one (πεθαμένος), a verb
  with a passive may lack one (``ppp=-``);
* ``mp`` — the mediopassive present where its stem differs (ακούγομαι): the present and
  imperfect passive cells conjugated on that stem by the class's -ομαι rules;
* ``ipf`` — the active imperfect, 1st singular, where a learned compound keeps the internal
  augment in it (Triantafyllidis 1941, compound verbs and the augment: παρέμενα, εισέβαλλα,
  συμμετείχα): -α -ες -ε -αμε -ατε -αν, recessive, the augmented letters (those the present
  stem lacks) only where stressed (παρέμενα, παραμέναμε), as for ``aor``.

Flags: ``base_only`` — the parts are a base for compounds only, not the simple verb's (πτύσσω:
ανέπτυξα is a word, έπτυξα is not; grammars/compounds.py); a lemma file's row of the simple
verb keeps its present system (grammars/verb_parts.py, §D9); ``learned_persons`` — the learned -ην aorist
keeps all six persons, not the 3rd only (the -ίσταμαι deponents: υπέστην, υπέστης, υπέστη,
υπέστημεν, υπέστητε, υπέστησαν, as ΛΚΝ and Triantafyllidis 1941 conjugate them).
``own_only`` — the row states the verb's own parts and is no base for compounds: γράφω's
learned γράφηκα (ΛΚΝ: γράφτηκα & λόγ. γράφηκα) is not ξεγράφω's or κακογράφω's, whose own
lemma rows stand.

``subj=-`` states that the verb has no perfective subjunctive, infinitive or imperative
(συνίσταμαι: συνέστη, with no *συστεί in the dictionaries).

Forms are ``(cell, form, weight, part key)``; the compiler tags each analysis with the part
that licensed it (``part:aor`` …).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from grammars import phonology as ph
from grammars.alphabet import VOWELS_WITH_STRESSED
from grammars.paradigm import cut as cut_u
from lexicon import LEXICON_DIR, VERB_PARTS_FILE, rows

LEXICON_FILE = LEXICON_DIR / VERB_PARTS_FILE
KEYS = ("aor", "subj", "imp", "ipf", "paor", "psubj", "pimp", "ppp", "mp")
FLAGS = ("base_only", "present_only", "no_aw", "learned_persons", "own_only")
PERSONS = ("1;SG", "2;SG", "3;SG", "1;PL", "2;PL", "3;PL")
AOR_ENDINGS = ("α", "εσ", "ε", "αμε", "ατε", "αν")
AOR_ENDINGS_HN = ("ην", "ησ", "η", "ημεν", "ητε", "ησαν")
SBJV_ENDINGS = ("ω", "εισ", "ει", "ουμε", "ετε", "ουν")
# oxytone subjunctive (βρω, ανεβώ, γραφτώ): directive per person
SBJV_OXY = (("ω", "ULT"), ("εισ", "ULT"), ("ει", "ULT"), ("ουμε", "PEN"), ("ειτε", "PEN"),
            ("ουν", "ULT"))
PAOR_ENDINGS = ("ηκα", "ηκεσ", "ηκε", "ηκαμε", "ηκατε", "ηκαν")
PTCP = {"MASC": ("οσ", "ου", "ο", "ε", "οι", "ων", "ουσ", "οι"),
        "FEM": ("η", "ησ", "η", "η", "εσ", "ων", "εσ", "εσ"),
        "NEUT": ("ο", "ου", "ο", "ο", "α", "ων", "α", "α")}
CASES = (("NOM", "SG"), ("GEN", "SG"), ("ACC", "SG"), ("VOC", "SG"),
         ("NOM", "PL"), ("GEN", "PL"), ("ACC", "PL"), ("VOC", "PL"))


@dataclass(frozen=True)
class Parts:
    """One row of ``lexicon/verb-parts.tsv``: the verb, the class of its present system, its
    stated parts (key → tuple of forms; an empty tuple = absent), flags, source, citation."""
    lemma: str
    inflection_class: str
    parts: dict = field(hash=False, compare=False)
    flags: tuple[str, ...] = ()
    source: str = "manual"
    citation: str = ""

    @property
    def hand_entered(self) -> bool:
        """A row above the generated section (source ``manual``): a fact of the verb and its
        compounds. A row chosen by evidence (``hunspell+evidence`` …) is a fact of that verb
        alone: a compound with a lemma row of its own keeps it (προχωρώ P10.11a, προχώρησα,
        though χωρώ's evidence row makes χωρώ a base)."""
        return self.source == "manual" and "own_only" not in self.flags

    def text(self) -> str:
        """The parts as the file writes them (``aor=έγραψα paor=γράφτηκα``)."""
        return " ".join(f"{k}={','.join(v) or '-'}" for k, v in self.parts.items())


def parse_parts(text: str) -> dict[str, tuple[str, ...]]:
    """``"aor=έγραψα paor=- ppp=γραμμένος"`` → {key: forms}. Raises ValueError on an unknown
    key, a key given twice or a form that is not accented lower-case Greek."""
    out: dict[str, tuple[str, ...]] = {}
    if text.strip() in ("", "-"):
        return out
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq or key not in KEYS or key in out:
            raise ValueError(f"bad part {item!r} (keys: {', '.join(KEYS)})")
        forms = () if value == "-" else tuple(value.split(","))
        for f in forms:
            try:
                ph.underlying(f)
            except ValueError:
                raise ValueError(f"bad form {f!r} in part {item!r}") from None
        out[key] = forms
    return out


def read_parts(path: Path | None = None) -> list[Parts]:
    """Rows ``lemma class parts flags source citation`` of ``lexicon/verb-parts.tsv`` (see
    lexicon/README.md, "Principal parts"). Raises ValueError naming file and line for a
    malformed row (column count, unknown key or flag, no citation)."""
    path = path or LEXICON_FILE
    out = []
    if not path.exists():
        return out
    for lineno, p in rows(path, "lemma"):
        if len(p) != 6 or not p[5].strip():
            raise ValueError(f"{path}:{lineno}: expected lemma, class, parts, flags, source, "
                             "citation")
        try:
            parts = parse_parts(p[2])
        except ValueError as e:
            raise ValueError(f"{path}:{lineno}: {e}") from None
        flags = tuple(x for x in p[3].split(",") if x and x != "-")
        if not set(flags) <= set(FLAGS):
            raise ValueError(f"{path}:{lineno}: unknown flag in {p[3]!r}")
        if ("subj" in parts or "imp" in parts) and "aor" not in parts:
            raise ValueError(f"{path}:{lineno}: subj= or imp= needs aor=")
        out.append(Parts(p[0], p[1], parts, flags, p[4], p[5]))
    return out


@functools.lru_cache(maxsize=1)
def parts_index() -> dict[str, Parts]:
    """lemma → its parts row (the file has one row per lemma)."""
    return {p.lemma: p for p in read_parts()}


# -- which cells a part governs -------------------------------------------------------------

def system_of(cell: str) -> str | None:
    """The part whose system holds ``cell``: ``aor`` (active perfective), ``paor`` (passive
    perfective), ``ppp`` (the participle), ``mp`` (passive present and imperfect), ``ipf``
    (active imperfect), or None (the active present and imperative, always the class's)."""
    if cell.startswith("V.PTCP;PASS;PFV;"):
        return "ppp"
    if not cell.startswith("V;"):
        return None
    if cell.startswith("V;IND;PST;IPFV;") and cell.endswith(";ACT"):
        return "ipf"
    if ";PFV;" in cell or cell.endswith(";PFV"):
        return "aor" if cell.endswith(";ACT") else "paor"
    if cell.endswith(";PASS"):
        return "mp"
    return None


def overridden(p: Parts, cell: str) -> bool:
    """Does a stated part (given or absent) replace the class's rules for ``cell``?"""
    s = system_of(cell)
    return s is not None and s in p.parts


# -- generation -----------------------------------------------------------------------------

def _u(form: str) -> str:
    return ph.underlying(form, glides=True)


def _bare(u: str) -> str:
    """Underlying without the stress mark, glides kept (ήπια → ηπjα: two syllables)."""
    return u.replace(ph.MARK, "")


def _nuclei(u: str) -> list[str]:
    return [x for x in ph._units(_bare(u)) if ph._is_nucleus(x)]


def _syllables(letters: str) -> list[str]:
    """Letters cut after each nucleus (a rough syllabification, enough to compare stems)."""
    out, cur = [], ""
    for x in ph._units(letters):
        cur += x
        if ph._is_nucleus(x):
            out.append(cur)
            cur = ""
    if out:
        out[-1] += cur
    return out


def _stem_mark_last(stem_plain: str) -> str:
    """Underlying stem with the stress mark on its last nucleus (γραψ → γρα'ψ)."""
    units = ph._units(stem_plain)
    for i in range(len(units) - 1, -1, -1):
        if ph._is_nucleus(units[i]):
            units[i] += ph.MARK
            break
    return "".join(units)


def _strip(form: str, endings: tuple[str, ...]) -> tuple[str, str] | None:
    u = _u(form)
    for e in endings:
        if ph.plain(u).endswith(e) and len(ph.plain(u)) > len(e):
            k = len(u)
            n = 0
            while n < len(e):  # cut e's letters off the end, marks included
                k -= 1
                if u[k] != ph.MARK:
                    n += 1
            return u[:k], e
    return None


def _weighted(values: tuple[str, ...]):
    return [(v, 0 if i == 0 else 1) for i, v in enumerate(values)]


def aorist_forms(lemma: str, aor: str, subj: str | None,
                 all_persons: bool = False) -> list[tuple[str, str]]:
    """(cell, form) of the active aorist indicative of 1sg ``aor`` (module docstring); a
    learned -ην aorist gives its 3rd persons only unless ``all_persons`` (flag
    ``learned_persons``). Raises ValueError if ``aor`` does not end in -α or -ην."""
    cut = _strip(aor, ("ην", "α"))
    if cut is None:
        raise ValueError(f"{lemma}: aorist {aor!r} does not end in -α or -ην")
    a_stem, e1 = cut
    endings = AOR_ENDINGS_HN if e1 == "ην" else AOR_ENDINGS
    a_plain = _bare(a_stem)
    s_plain = _bare(_strip(subj, ("ω",))[0]) if subj else None
    syllabic = (aor.startswith("έ") and len(aor) > 1 and aor[1] not in ph.VOWELS
                and lemma[:1] not in VOWELS_WITH_STRESSED
                and (s_plain is None or s_plain == a_plain[1:]))
    out = []
    for person, e in zip(PERSONS, endings):
        if e1 == "ην" and not person.startswith("3;") and not all_persons:
            continue  # the learned -ην aorist lives on in the 3rd persons (συνέβη, προέβησαν)
        cell = f"V;IND;PST;PFV;{person};ACT"
        if syllabic:
            letters = a_plain[1:] + e
            if len(_nuclei(letters)) <= 2:
                letters = "ε" + letters
            out.append((cell, ph.realise(letters, "", "ANT")))
            continue
        if e1 == "ην" and s_plain is None:
            # no subjunctive to place the augment: the stress stays on the 1sg's (συνέστημεν)
            out.append((cell, ph.realise(a_stem + e, "", ph.KEEP)))
            continue
        form = ph.realise(a_plain + e, "", "ANT")
        region = _region(a_plain, s_plain) if s_plain and s_plain != a_plain else None
        if region and region[1] < len(a_plain) and _stress_before(form, region[0]):
            # recessive, but not before the augment (ανήλθα, συμμετείχα; compounds.py)
            form = ph.realise(_stem_mark_last(a_plain[:region[1]]) + a_plain[region[1]:] + e,
                              "", ph.KEEP)
        elif region and region[1] < len(a_plain) and not _stress_in(form, *region):
            # the augmented letters only where stressed (ήγαγα, αγάγαμε; προέτεινα, προτείναμε)
            form = ph.realise(s_plain + e, "", "ANT")
        out.append((cell, form))
    return out


def _region(a: str, s: str) -> tuple[int, int]:
    """(start, end) of the letters of aorist stem ``a`` that the subjunctive stem ``s`` lacks
    or changes: what is left between their common beginning and their common end."""
    i = 0
    while i < min(len(a), len(s)) and a[i] == s[i]:
        i += 1
    j = 0
    while j < min(len(a), len(s)) - i and a[-1 - j] == s[-1 - j]:
        j += 1
    return i, len(a) - j


def _stress_before(form: str, start: int) -> bool:
    """Does the stress of accented ``form`` fall on a letter before index ``start``?"""
    u = ph.underlying(form, glides=True)
    k = 0
    for ch in u:
        if ch == ph.MARK:
            return k - 1 < start
        k += 1
    return False


def _stress_in(form: str, start: int, end: int) -> bool:
    """Does the stress of accented ``form`` fall on a letter in [start, end) (the augment)?
    Letters are counted as in the plain underlying string (glides included)."""
    u = ph.underlying(form, glides=True)
    k = 0
    for ch in u:
        if ch == ph.MARK:
            return start <= k - 1 < end
        k += 1
    return False


def unaugmented(lemma: str, aor: str, subj: str | None) -> bool:
    """Is the aorist of ``aor`` one without augment of its own, whose unstressed forms take
    §D1's optional ε- like a class verb's (δρόσισα → εδρόσισα, πέρασα → επέρασα)? True for a
    consonant-initial verb whose aorist stem is its subjunctive's, or has a syllabic augment
    (then only the forms without it: εγράψαμε); False for a temporal, internal or hidden
    augment (κατέστησα, βρήκα, συνέβη: §D2, no second augment)."""
    if lemma[:1] in VOWELS_WITH_STRESSED or aor.endswith("ην"):
        return False
    cut = _strip(aor, ("α",))
    if cut is None:
        return False
    a_plain = _bare(cut[0])
    if not subj:
        return True
    s_plain = _bare(_strip(subj, ("ω",))[0])
    return s_plain in (a_plain, a_plain[1:])


def perfective_stem(aor: str, subj: str | None, lemma: str) -> tuple[str, bool]:
    """(underlying perfective stem with its stress mark, oxytone?) from ``subj`` or from
    the aorist without its syllabic augment."""
    if subj:
        stem, _ = _strip(subj, ("ω",))
        oxy = subj.endswith("ώ") or not _nuclei(stem)
        return (_bare(stem) if oxy else stem), oxy
    cut = _strip(aor, ("ην", "α"))
    a_plain = _bare(cut[0])
    if aor.startswith("έ") and aor[1:2] not in ph.VOWELS and lemma[:1] not in VOWELS_WITH_STRESSED:
        a_plain = a_plain[1:]
    return _stem_mark_last(a_plain), False


def subjunctive_forms(stem: str, oxy: bool, voice: str = "ACT") -> list[tuple[str, str]]:
    """(cell, form) of the perfective subjunctive and infinitive on ``stem``."""
    out = []
    if oxy:
        for person, (e, d) in zip(PERSONS, SBJV_OXY):
            out.append((f"V;SBJV;PFV;{person};{voice}", ph.realise(_bare(stem), e, d)))
        out.append((f"V;NFIN;PFV;{voice}", ph.realise(_bare(stem), "ει", "ULT")))
        return out
    for person, e in zip(PERSONS, SBJV_ENDINGS):
        out.append((f"V;SBJV;PFV;{person};{voice}", ph.realise(stem, e, ph.KEEP)))
    out.append((f"V;NFIN;PFV;{voice}", ph.realise(stem, "ει", ph.KEEP)))
    return out


def imperative_forms(stem: str, oxy: bool) -> list[tuple[str, str]]:
    """(cell, form) of the default perfective imperative (γράψε, γράψτε; πάρε, πάρετε); none
    for an oxytone subjunctive (βρες, πες are given as ``imp=``)."""
    if oxy:
        return []
    p = _bare(stem)
    plural = "τε" if len(p) >= 2 and p[-1] in "σψξ" and p[-2] in ph.VOWELS else "ετε"
    return [("V;IMP;PFV;2;SG;ACT", ph.realise(p, "ε", "ANT")),
            ("V;IMP;PFV;2;PL;ACT", ph.realise(stem, plural, ph.KEEP))]


def passive_forms(paor: str, psubj: str | None, pimp: tuple[str, ...] | None,
                  active_stem: str | None) -> list[tuple[str, str]]:
    """(cell, form) of the passive aorist system from 1sg ``paor`` (-ηκα)."""
    cut = _strip(paor, ("ηκα",))
    if cut is None:
        raise ValueError(f"passive aorist {paor!r} does not end in -ηκα")
    p = _bare(cut[0])
    out = [(f"V;IND;PST;PFV;{person};PASS", ph.realise(p, e, "ANT"))
           for person, e in zip(PERSONS, PAOR_ENDINGS)]
    if psubj:
        st, _ = _strip(psubj, ("ω",))
        p = _bare(st)
    out += subjunctive_forms(p, True, "PASS")
    out.append(("V;IMP;PFV;2;PL;PASS", ph.realise(p, "ειτε", "PEN")))
    if pimp:
        out += [("V;IMP;PFV;2;SG;PASS", f) for f in pimp]
    elif active_stem:
        a = _bare(active_stem)
        if len(a) >= 2 and a[-1] in "σψξ" and a[-2] in ph.VOWELS:
            out.append(("V;IMP;PFV;2;SG;PASS", ph.realise(a, "ου", "PEN")))
    return out


def learned_passive_forms(paor: str) -> list[tuple[str, str]]:
    """(cell, form) of a learned passive aorist in -ην (ελήφθην, συνελήφθην, απεστάλην): the
    indicative -ην -ης -η -ημεν -ητε -ησαν, the stress where the 1st singular has it, the
    augment as written (Triantafyllidis 1941, learned forms of the passive aorist: συνελήφθη,
    συνελήφθησαν). Raises ValueError if ``paor`` does not end in -ην."""
    cut = _strip(paor, ("ην",))
    if cut is None:
        raise ValueError(f"learned passive aorist {paor!r} does not end in -ην")
    return [(f"V;IND;PST;PFV;{person};PASS", ph.realise(cut[0], e, ph.KEEP))
            for person, e in zip(PERSONS, AOR_ENDINGS_HN)]


def participle_forms(ppp: str) -> list[tuple[str, str]]:
    """(cell, form) of the passive perfect participle (§ 290: like an adjective in -ος)."""
    cut = _strip(ppp, ("οσ",))
    if cut is None:
        raise ValueError(f"participle {ppp!r} does not end in -ος")
    stem = cut[0]
    out = []
    for g, ends in PTCP.items():
        for (case, num), e in zip(CASES, ends):
            out.append((f"V.PTCP;PASS;PFV;{g};{case};{num}", ph.realise(stem, e, ph.KEEP)))
    return out


def mediopassive_forms(mp: str, table) -> list[tuple[str, str, int]]:
    """(cell, form, weight) of the passive present system on the stem of ``mp`` (ακούγομαι),
    by the -ομαι rules (key ω) of the class ``table``."""
    if not mp.endswith("ομαι"):
        raise ValueError(f"mediopassive present {mp!r} does not end in -ομαι")
    pseudo = mp[:-4] + "ω"
    u = ph.underlying(pseudo, glides=False)
    p = ph.plain(u)
    out = []
    for cell in table.cells():
        if system_of(cell) != "mp":
            continue
        for r in table.rules_for(p, cell):
            if r.strip > len(p):
                continue
            stem, _ = cut_u(u, r.strip)
            f = ph.realise(stem, r.ending, r.directive, None)
            if f:
                out.append((cell, f, r.weight))
    return out


def aorist_subjunctives(parts: dict) -> list[str | None]:
    """The stated subjunctive (1st singular) of each aorist of ``parts``, None where none is
    stated. As many subjunctives as aorists pair one each (both aorists of an -εύω verb:
    φύτεψα/φυτέψω, φύτευσα/φυτεύσω); otherwise the first serves every aorist."""
    aor, subj = parts.get("aor", ()), parts.get("subj", ())
    if len(aor) > 1 and len(subj) == len(aor):
        return list(subj)
    return [subj[0] if subj else None] * len(aor)


def forms(p: Parts, table=None) -> list[tuple[str, str, int, str]]:
    """Every form the stated parts of ``p`` give: ``[(cell, form, weight, part key)]``, in
    paradigm order, distinct. ``table`` (the class table of the present system) is needed
    only for ``mp``. Raises ValueError for a part the tables cannot conjugate, or when the
    forms do not give the stated 1st singulars back."""
    out: list[tuple[str, str, int, str]] = []
    parts = p.parts
    aor = parts.get("aor", ())
    subj = parts.get("subj", ())
    stem = None
    main_subj = None
    paired = len(aor) > 1 and len(subj) == len(aor)
    stated = aorist_subjunctives(parts)
    no_subj = "subj" in parts and not subj  # subj=-: the indicative only (συνέστη)
    for i, (a, w) in enumerate(_weighted(aor)):
        s = stated[i] or main_subj
        for cell, f in aorist_forms(p.lemma, a, s, "learned_persons" in p.flags):
            out.append((cell, f, w, "aor"))
        if no_subj:
            continue
        st, oxy = perfective_stem(a, s, p.lemma)
        if stem is None:
            stem = st
            main_subj = ph.realise(st, "ω", "ULT" if oxy else ph.KEEP)
        if w == 0 or paired:
            for cell, f in subjunctive_forms(st, oxy):
                out.append((cell, f, w, "subj" if subj else "aor"))
            if "imp" not in parts:
                for cell, f in imperative_forms(st, oxy):
                    out.append((cell, f, w, "aor"))
    for s, w in _weighted(subj[1:]) if len(subj) > 1 and not paired else []:
        st, oxy = perfective_stem(aor[0], s, p.lemma)
        for cell, f in subjunctive_forms(st, oxy):
            out.append((cell, f, 1, "subj"))
    imp = parts.get("imp", ())
    if imp:
        out.append(("V;IMP;PFV;2;SG;ACT", imp[0], 0, "imp"))
        for f in imp[1:]:
            out.append(("V;IMP;PFV;2;PL;ACT", f, 0, "imp"))
    for a, w in _weighted(parts.get("ipf", ())):
        # the imperfect on the present stem: the augment only where stressed
        for cell, f in aorist_forms(p.lemma, a, p.lemma if p.lemma.endswith("ω") else None):
            out.append((cell.replace(";PFV;", ";IPFV;"), f, w, "ipf"))
    psubj = parts.get("psubj", ())
    for a, w in _weighted(parts.get("paor", ())):
        if a.endswith("ην"):  # the learned -θην/-ην aorist: indicative only (συνελήφθη)
            out += [(cell, f, w, "paor") for cell, f in learned_passive_forms(a)]
            continue
        for cell, f in passive_forms(a, psubj[0] if psubj else None, parts.get("pimp"), stem):
            out.append((cell, f, w, "paor"))
    for a, w in _weighted(parts.get("ppp", ())):
        for cell, f in participle_forms(a):
            out.append((cell, f, w, "ppp"))
    for a, w in _weighted(parts.get("mp", ())):
        if table is None:
            raise ValueError(f"{p.lemma}: mp= needs the class table")
        for cell, f, w2 in mediopassive_forms(a, table):
            out.append((cell, f, max(w, w2), "mp"))
    seen, uniq = set(), []
    for x in out:
        if x[:2] not in seen and x[1]:
            seen.add(x[:2])
            uniq.append(x)
    _check(p, uniq)
    return uniq


def _check(p: Parts, out) -> None:
    firsts = {(c, f) for c, f, _w, _k in out}
    for key, cell in (("aor", "V;IND;PST;PFV;1;SG;ACT"), ("paor", "V;IND;PST;PFV;1;SG;PASS"),
                      ("ipf", "V;IND;PST;IPFV;1;SG;ACT"),
                      ("ppp", "V.PTCP;PASS;PFV;MASC;NOM;SG"), ("subj", "V;SBJV;PFV;1;SG;ACT")):
        for f in p.parts.get(key, ()):
            if (cell, f) not in firsts and not (key in ("aor", "paor") and f.endswith("ην")):
                raise ValueError(f"{p.lemma}: the tables do not give {key}={f} back")
