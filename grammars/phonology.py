"""Modern Greek stress and syllabic augment: the underlying level and its realisation.

Underlying strings (the level between a paradigm and the accented surface):

* unaccented lower-case letters ``α…ω`` with ``σ`` for both sigmas, ``ϊ ϋ`` for diaeresis;
* ``'`` the lexical stress mark, written right after the stressed nucleus (``δρο'μοσ``);
* ``j`` a non-syllabic ι (synizesis: ``καρδjα'``, ``σπιτjου'``), realised as ι;
* a stress directive contributed by the ending, after the ending:
  ``[ULT]`` last nucleus, ``[PEN]`` penult, ``[ANT]`` antepenult (recessive),
  ``[MAXPEN]`` the lexical accent moves forward to the penult if it stands earlier
  (άνθρωπος → ανθρώπου); no directive keeps the lexical accent (δρόμος → δρόμου);
* ``[AUG]`` the syllabic augment slot of past tenses of consonant-initial verbs: it
  surfaces as stressed ``έ`` exactly when the form would otherwise have two nuclei and
  the directive is ``[ANT]`` (έγραψα but γράψαμε). Triantafyllidis grammar §§ 198–203
  (stress), § 254 (augment); regulation rule D1 for the unstressed augment.

Digraphs ``ου αι ει οι υι αυ ευ ηυ`` count as one nucleus. Monosyllables carry no accent.
Every word of two syllables or more carries one (Triantafyllidis grammar §§ 74–79): a stem and
an ending that keep the lexical stress (no directive) but carry no mark — the lemma's stressed
syllable was stripped (βασιλιά-ς under a class of -έας nouns, ζημιά under one of -ία nouns) or
the lemma is an unstressed monosyllable (στρας → *στρατος) — have no realisation. Synizesis
is granted: an ι, υ, οι, ει, αι, υι before another vowel counts as no syllable here (γιοι).

This module gives the reference implementation in Python (``realise``) used when the
class tables are inferred and measured, and the same cascade as a pynini transducer
(``cascade``) used by the compiler; tests check that the two agree.
"""
from __future__ import annotations

import re
import unicodedata

from grammars import alphabet
from grammars.alphabet import UNSTRESSED, VOWELS_WITH_DIAERESIS

LETTERS = alphabet.LETTERS + "".join(alphabet.DIAERESIS.values())  # and ϊ, ϋ
VOWELS = set(VOWELS_WITH_DIAERESIS)
DIGRAPHS = ("ου", "αι", "ει", "οι", "υι", "αυ", "ευ", "ηυ")
MARK = "'"
GLIDE = "j"
#: units that synizesis may read as a glide before a vowel (μια, γιοι, γεια, δυο)
GLIDING = ("ι", "υ", "οι", "ει", "αι", "υι")
DIRECTIVES = ("ULT", "PEN", "ANT", "MAXPEN")
KEEP = "keep"
AUG = "[AUG]"
AUG_D1 = "[AUG1]"  # unstressed augment kept (regulation D1); surfaces as ε when not stressed

_ACCENTED = UNSTRESSED
_ACCENT_OF = {v: k for k, v in _ACCENTED.items()}
#: underlying's letter loop as one str.translate, for words of these characters only: an
#: accented vowel becomes the vowel and the mark, a letter stays
_UNDERLYING = str.maketrans({a: v + MARK for a, v in _ACCENTED.items()})
_UNDERLYING_OK = frozenset(LETTERS) | frozenset(_ACCENTED)


def underlying(word: str, glides: bool = True) -> str:
    """Accented lower-case word → underlying string with stress mark and glides.

    ``'θάλασσα'`` → ``"θα'λασσα"``; ``'καρδιά'`` → ``"καρδjα'"``; ``'σπιτιού'`` → ``"σπιτjου'"``.
    With ``glides``, an unaccented ι between a consonant and a vowel is read as the glide j
    (synizesis). Lemmas are read without glides: whether their ι is syllabic is a matter of
    the cell (αβάκιο → αβακίου, but σπίτι → σπιτιού), so the glide comes from the ending.
    Raises ValueError for characters outside the Greek lower-case alphabet.
    """
    w = unicodedata.normalize("NFC", word.lower()).replace("ς", "σ")
    if _UNDERLYING_OK.issuperset(w):
        s = w.translate(_UNDERLYING)
    else:
        out = []
        for ch in w:
            if ch in _ACCENTED:
                out.append(_ACCENTED[ch] + MARK)
            elif ch in LETTERS:
                out.append(ch)
            else:
                raise ValueError(f"character {ch!r} in {word!r} is not a Greek lower-case letter")
        s = "".join(out)
    if not glides:
        return s
    res = []
    for i, ch in enumerate(s):
        if (glides and ch == "ι" and 0 < i < len(s) - 1 and s[i - 1] in LETTERS and s[i - 1] not in VOWELS
                and s[i + 1] in VOWELS):
            res.append(GLIDE)
        else:
            res.append(ch)
    return "".join(res)


def plain(u: str) -> str:
    """Underlying → bare letters (no mark, glide as ι); used to compare stems."""
    return u.replace(MARK, "").replace(GLIDE, "ι")


#: a unit: a digraph or any other character but the mark, with the marks after it
_UNIT = re.compile("(?:" + "|".join(DIGRAPHS) + "|[^" + MARK + "])" + MARK + "*", re.S)


def _units(s: str) -> list[str]:
    """Tokenise letters into units: digraph nuclei as one unit, marks attached to the unit before."""
    if not s.startswith(MARK):  # (a leading mark has no unit to attach to: IndexError below)
        return _UNIT.findall(s)  # the loop below, left to right, in one regular expression
    units: list[str] = []
    i = 0
    while i < len(s):
        if s[i] == MARK:
            units[-1] += MARK
            i += 1
            continue
        if s[i:i + 2] in DIGRAPHS:
            units.append(s[i:i + 2])
            i += 2
        else:
            units.append(s[i])
            i += 1
    return units


def _is_nucleus(unit: str) -> bool:
    return unit.rstrip(MARK)[-1] in VOWELS


def stressed_syllable(u: str) -> int | None:
    """Position of the marked (lexical) stress of underlying ``u`` counted in nuclei from the
    end, 1 = the last; None if unmarked."""
    units = _units(u)
    nuclei = [i for i, x in enumerate(units) if _is_nucleus(x)]
    marked = [i for i, x in enumerate(units) if x.endswith(MARK)]
    if not marked:
        return None
    return sum(1 for i in nuclei if i >= marked[-1])


#: a vowel letter right after an accented vowel is its off-glide, not a syllable:
#: γάιδαρος, κορόιδεμα, κελάηδημα (a syllabic one takes the diaeresis: αϊτός)
OFFGLIDES = ("ι", "υ", "η")


def _offglide(units: list[str], i: int) -> int:
    """1 if the unit after ``units[i]`` is an off-glide of it (:data:`OFFGLIDES`), else 0."""
    return int(i + 1 < len(units) and units[i + 1] in OFFGLIDES)


def _syllables(units: list[str]) -> int:
    """Nuclei among ``units`` (marks stripped) when every :data:`GLIDING` unit before a
    nucleus is read as a glide: the fewest syllables the spelling allows."""
    n = 0
    for i, u in enumerate(units):
        if u.rstrip(MARK)[-1] not in VOWELS:  # not _is_nucleus(u), inlined: realise's hot loop
            continue
        if u in GLIDING and i + 1 < len(units) and _is_nucleus(units[i + 1]):
            continue
        n += 1
    return n


def realise(stem: str, ending: str, directive: str = KEEP, aug: str | None = None) -> str:
    """Underlying stem + ending (+ stress directive, augment slot) → accented surface form.

    ``stem`` and ``ending`` are underlying strings (see module docstring); ``directive`` is
    ``'keep'`` or one of ``DIRECTIVES``, optionally followed by ``+ε`` (euphonic -ε
    added after the stress is placed, §D1); ``aug`` is ``None``, ``AUG`` or ``AUG_D1``.
    Returns the accented lower-case form with final ς, or ``''`` when the combination has
    no realisation (``AUG_D1`` where the augment would be stressed anyway; no stress mark
    under ``keep`` in a word of two syllables or more).
    """
    tail = ""
    if directive.endswith("+ε"):  # euphonic -ε after the stress is placed (§D1)
        directive, tail = directive[:-2], "ε"
    raw = _units(stem + ending)
    units = [u.rstrip(MARK) for u in raw]
    marked = [i for i, u in enumerate(raw) if u.endswith(MARK)] if directive == KEEP else []
    nuclei = [i for i, u in enumerate(units) if u[-1] in VOWELS]  # _is_nucleus: no marks left
    n = len(nuclei)
    prefix = ""
    stress: int | None = marked[-1] if marked else None
    if directive == "ULT":
        stress = nuclei[-1] if n else None
    elif directive == "PEN":
        stress = nuclei[-2] if n >= 2 else (nuclei[-1] if n else None)
    elif directive == "ANT":
        stress = nuclei[-3] if n >= 3 else (nuclei[0] if n else None)
    elif directive == "MAXPEN":
        if n >= 2 and (stress is None or stress < nuclei[-2]):
            stress = nuclei[-2]
    elif stress is not None and n >= 4 and _syllables(units[stress + 1 + _offglide(units, stress):]) >= 3:
        # keep obeys the law of three syllables (Triantafyllidis grammar § 75):
        # φούρναρης → φουρνάρηδες, πάγκρεας → παγκρέατος, θυμίαμα → θυμιάματα; synizesis
        # counts: αταίριαχτος (-ρια- one syllable) and γάιδαρος (-άι- one) keep their accent
        stress = nuclei[-3]
    if aug is not None:
        stressed_aug = directive == "ANT" and n == 2
        if aug == AUG and stressed_aug:
            prefix, stress = "έ", None
        elif aug == AUG_D1:
            if stressed_aug:
                return ""
            prefix = "ε"
    total = n + (1 if prefix else 0) + (1 if tail else 0)
    if stress is None and directive == KEEP and _syllables(units + [tail] * bool(tail)) + bool(prefix) >= 2:
        return ""  # a polysyllable without stress
    if total <= 1:
        stress = None
    if stress is not None:  # (units is not read below: it takes the accent in place)
        u = units[stress]
        units[stress] = u[:-1] + _ACCENT_OF[u[-1]]
    w = (prefix + "".join(units) + tail).replace(GLIDE, "ι")
    if w.endswith("σ"):
        w = w[:-1] + "ς"
    return w


def encode(stem: str, ending: str, directive: str = KEEP, aug: str | None = None) -> str:
    """The cascade's input string for the same arguments as ``realise``."""
    tail = ""
    if directive.endswith("+ε"):
        directive, tail = directive[:-2], "ε"
    d = "" if directive == KEEP else f"[{directive}]"
    return (aug or "") + stem + ending + d + tail


def cascade():
    """The stress/augment cascade as one pynini transducer: underlying → accented surface.

    Input alphabet: ``LETTERS``, ``j``, ``'``, ``[AUG]``, ``[AUG1]`` and the directive
    symbols ``[ULT] [PEN] [ANT] [MAXPEN]``. A directive ends the string, but for the euphonic
    ε of §D1 that ``encode`` appends after a ``[ULT]``, ``[PEN]`` or ``[MAXPEN]`` directive
    (``ending + "ε"`` is used with ``[ANT]``, whose augment rule looks at the end).
    Output: accented lower-case surface with final ς. Mirrors ``realise`` exactly.
    """
    import pynini
    from pynini.lib import pynutil

    with pynini.default_token_type("utf8"):
        dig_tok = {d: f"[{d}]" for d in DIGRAPHS}
        dirs = [f"[{d}]" for d in DIRECTIVES]
        syms = list(LETTERS) + [GLIDE, MARK] + list(dig_tok.values()) + dirs + [AUG, AUG_D1, "[AUGE]"]
        syms += list(_ACCENT_OF.values()) + ["ς"]
        sigma = pynini.union(*syms).closure().optimize()
        V = pynini.union(*VOWELS, *dig_tok.values()).optimize()
        C = pynini.union(*[c for c in LETTERS if c not in VOWELS], GLIDE).optimize()
        Cs = C.closure()
        NOMARK = pynini.union(*[s for s in syms if s != MARK]).closure().optimize()
        A = pynini.union(AUG, AUG_D1).closure(0, 1)

        def rw(tau, left="", right=""):
            return pynini.cdrewrite(tau, left, right, sigma)

        tokenise = rw(pynini.string_map(list(dig_tok.items())))
        # keep (no directive) and no mark: at most one syllable, synizesis granted (realise)
        nod = pynini.union(*[s for s in syms if s != MARK and s not in dirs]).optimize()
        gl = pynini.union(*[dig_tok.get(g, g) for g in GLIDING]).optimize()
        vn = pynini.union(pynini.difference(V, gl), AUG_D1).optimize()
        nv = pynini.difference(nod, V).optimize()
        nuc = pynini.union(vn, gl + nv)
        unstressed = (nod.closure() + nuc + nod.closure()
                      + pynini.union(nuc + nod.closure(), gl)).optimize()
        stressable = pynini.difference(sigma, unstressed)
        # directives other than keep erase the lexical mark
        # keep with the mark before the antepenult: the law of three syllables makes it [ANT]
        # syllables after the mark counted as _syllables counts them (a gliding unit before a
        # vowel is no nucleus): the law applies only if even that count reaches three
        off = pynini.union(*OFFGLIDES).closure(0, 1)
        few = (off + (Cs + gl.closure() + V).closure(0, 2) + Cs).optimize()
        law3 = rw(pynutil.insert("[ANT]"),
                  pynini.accep(MARK) + pynini.difference((Cs + V).closure(3) + Cs, few), "[EOS]")
        clear = rw(pynutil.delete(MARK), "", sigma + pynini.union(*dirs))
        ult = rw(pynutil.insert(MARK), V, Cs + "[ULT]")
        pen = rw(pynutil.insert(MARK), V, Cs + V + Cs + "[PEN]")
        pen1 = rw(pynutil.insert(MARK), "[BOS]" + A + Cs + V, Cs + "[PEN]")
        ant = rw(pynutil.insert(MARK), V, Cs + V + Cs + V + Cs + "[ANT]")
        ant2 = rw(pynutil.insert(MARK), "[BOS]" + A + Cs + V, Cs + V + Cs + "[ANT]")
        # MAXPEN: a mark before the penult moves to the penult
        retract = rw(pynutil.delete(MARK), "", (Cs + V).closure(2) + Cs + "[MAXPEN]")
        reinsert = rw(pynutil.insert(MARK), "[BOS]" + A + NOMARK + V,
                      Cs + V + Cs + "[MAXPEN]")
        # augment: stressed ε iff two nuclei and <ANT> (the mark then sits on the first nucleus)
        two = Cs + V + pynini.accep(MARK) + Cs + V + Cs + "[ANT]"
        aug_stressed = rw(pynini.cross(AUG, "[AUGE]"), "[BOS]", two + "[EOS]")
        aug_drop = rw(pynutil.delete(AUG), "[BOS]")
        # <AUG!> where the augment would be stressed: no form
        d1_block = pynini.difference(sigma, pynini.accep(AUG_D1) + two)
        d1 = rw(pynini.cross(AUG_D1, "ε"), "[BOS]")
        move = rw(pynutil.delete(MARK), "[BOS][AUGE]" + NOMARK)  # the stressed augment takes the accent
        strip = rw(pynutil.delete(pynini.union(*dirs)))
        # monosyllables carry no accent
        mono = rw(pynutil.delete(MARK), "[BOS]" + Cs + V, Cs + "[EOS]")
        # two steps, so that a marked digraph can only be read with its mark
        accented = [(k + MARK, v) for k, v in _ACCENT_OF.items()]
        accented += [(t + MARK, d[0] + _ACCENT_OF[d[1]]) for d, t in dig_tok.items()]
        plain_toks = [(t, d) for d, t in dig_tok.items()] + [("[AUGE]", "έ"), (GLIDE, "ι")]
        detok = rw(pynini.string_map(accented)) @ rw(pynini.string_map(plain_toks))
        final_s = rw(pynini.cross("σ", "ς"), "", "[EOS]")
        chain = [tokenise, stressable, law3, clear, ult, pen, pen1, ant, ant2, retract, reinsert,
                 d1_block, aug_stressed, aug_drop, d1, move, strip, mono, detok, final_s]
        out = chain[0]
        for t in chain[1:]:
            out = pynini.compose(out, t)
        return out.optimize()
