"""Derived lexemes of elspell's derivation records: the derived lemma's citation form by rule.

A derivation record (``lexicon/derivations.tsv``, see lexicon/README.md) says that a lemma of class
``base`` has a derived lexeme of class ``derived``: αγρότης O10 + O27 → αγρότισσα, αγοραστής
O7 + O27 → αγοράστρια, γλεντζές O13 + O37 → γλεντζού, απαντώ P10.1 + P11 → απαντώμαι,
αγκυροβόλιο O40 + O44 → αγκυροβόλι. The record names a class, not a form, so the derived
citation form is built here by word formation:

* the base lemma loses its inflectional ending (-ος -ης -ας -ες -ο -ι -α -η …, a verb's -ω -ώ
  -άω -ομαι …) and, for verbs, a derivational -ίζω -άζω -ιάζω -ζω (κοιτάζω → κοιτώ, σπάζω →
  σπάω, γυρίζω → γυρνώ is not by rule and is not found);
* a suffix of the derived class's part of speech is added (``SUFFIXES``): the feminine
  suffixes of masculine nouns -ισσα, -τρια (after a stem in -τ), -ίνα, -ιδα, -αινα, -ού, -ω,
  -α, -η, -ή (Triantafyllidis, *Νεοελληνική Γραμματική*, the chapter on the
  feminines of masculine nouns, «θηλυκά των αρσενικών»), the plain endings of the noun classes (-ος -ο -ι -ιά -ιο …) and
  the verb endings (-ω -ώ -άω -ίζω -άζω -ομαι -ιέμαι -ούμαι -ώμαι …);
* the stress stays where the base has it, or moves by the suffix's own rule: -ισσα and -τρια
  recessive (αγρότισσα, μαγείρισσα, αγοράστρια), stressed suffixes keep their accent (-ού,
  -ίνα, -ώμαι); other placements are tried and left to the class and the evidence;
* a candidate is kept only if the derived class's table gives it back as the main form of its
  citation cell and inflects it in every cell the class's exemplar has (the same test as
  ``scripts/pipeline/classify_by_evidence.py``): the class decides which shapes it can hold, and
  "noun of class X" gives the same lemma back when class X cites it (αγώι O45 + O44).

``candidates`` returns every such citation form, best first by the grammar's preference for
the record's kind (``preference``); choosing among them by attested forms is data building
(``scripts/pipeline/import_derivations.py``), not grammar.
"""
from __future__ import annotations

from dataclasses import dataclass

from grammars.alphabet import VOWELS

from . import phonology as ph
from .paradigm import ClassTable, consonant_initial, cut, exemplar_cells, generate, load_tables

FEMININE_A = ("O27", "O27a")     # kind "feminine in -α (-ισσα, -τρια)"
FEMININE_OU = ("O37", "O37a", "O37b")  # kind "feminine in -ού" (O37a: -ω, μουρλέγκω)
LEARNED_PASSIVE = ("P11",)       # kind "learned passive in -ώμαι / -ούμαι"


@dataclass(frozen=True)
class Suffix:
    """A derivational or inflectional suffix: the stem must end in ``after`` (then replaced
    by ``ending``), ``ending`` is underlying (stress mark ``'`` if the suffix carries the
    accent), ``directives`` the stress placements tried, the first being the suffix's rule."""
    ending: str
    directives: tuple[str, ...]
    after: str = ""


ANY = ("keep", "ANT", "PEN", "ULT")
NOUN_SUFFIXES = (
    # feminines of masculine nouns (Triantafyllidis, «θηλυκά των αρσενικών»)
    Suffix("ισσα", ("ANT",)), Suffix("τρια", ("ANT",), after="τ"), Suffix("ι'να", ("keep",)),
    Suffix("ιδα", ("ANT", "keep")), Suffix("αινα", ("ANT",)), Suffix("ου'", ("keep",)),
    Suffix("ω", ("keep",)),
    # back from a feminine to its masculine (καθαρίστρια O27 + O7 → καθαριστής)
    Suffix("τησ", ("ULT", "keep"), after="τρ"),
    # plain endings of the noun classes
    Suffix("α", ANY), Suffix("η", ANY), Suffix("ο", ANY), Suffix("ι", ANY), Suffix("ια", ANY),
    Suffix("ιο", ANY), Suffix("οσ", ANY), Suffix("ησ", ANY), Suffix("ασ", ANY),
    Suffix("εσ", ANY), Suffix("ουσ", ANY), Suffix("ου", ANY), Suffix("ε", ANY),
)
VERB_SUFFIXES = (
    Suffix("ω", ("keep", "PEN", "ULT")), Suffix("αω", ("PEN",)), Suffix("ι'ζω", ("keep",)),
    Suffix("α'ζω", ("keep",)), Suffix("ια'ζω", ("keep",)), Suffix("ε'υω", ("keep",)),
    Suffix("ω'νω", ("keep",)), Suffix("αι'νω", ("keep",)), Suffix("ομαι", ("keep", "ANT")),
    Suffix("jε'μαι", ("keep",)), Suffix("ου'μαι", ("keep",)), Suffix("ω'μαι", ("keep",)),
    Suffix("α'μαι", ("keep",)),
)
NOUN_ENDINGS = ("ουσ", "οσ", "ησ", "ασ", "εσ", "ισ", "υσ", "ιο", "ια", "ου", "ο", "ι", "α", "η",
                "ε", "ω", "υ")
VERB_ENDINGS = ("ομαι", "ουμαι", "ωμαι", "αμαι", "εμαι", "αω", "ω")
VERB_DERIVATIONAL = ("ιαζ", "αζ", "ιζ", "ζ")


def pos_of(code: str) -> str:
    """``'NOUN'``, ``'ADJ'`` or ``'VERB'`` for a class code (O*, E*, P*); KeyError otherwise."""
    return {"O": "NOUN", "E": "ADJ", "P": "VERB"}[code[0]]


def citation_cell(pos: str, lemma: str) -> str:
    """The citation cell of a lemma: the cell whose form is the lemma (classify_by_evidence,
    import_loans and the derivation records all test citation forms with it)."""
    if pos == "NOUN":
        return "N;NOM;SG"
    if pos == "ADJ":
        return "ADJ;MASC;NOM;SG"
    return "V;IND;PRS;IPFV;1;SG;" + ("PASS" if lemma.endswith("μαι") else "ACT")


def kind_of(derived_class: str) -> str:
    """The record kind of a derived class code, as ``scripts/pipeline/import_elspell.py`` names it."""
    if derived_class in FEMININE_A:
        return "feminine in -α (-ισσα, -τρια)"
    if derived_class in FEMININE_OU:
        return "feminine in -ού"
    if derived_class in LEARNED_PASSIVE:
        return "learned passive in -ώμαι / -ούμαι"
    return f"{pos_of(derived_class).lower()} of class {derived_class}"


def stems(lemma: str, pos: str) -> list[str]:
    """Underlying stems of ``lemma`` (``ph.underlying`` without glides) once an inflectional
    ending of ``pos`` is off (``NOUN_ENDINGS`` / ``VERB_ENDINGS``, each that fits: αγκυροβόλιο →
    αγκυροβόλι-, αγκυροβόλ-), and for a verb also without a derivational -ιάζ- -άζ- -ίζ- -ζ-.
    Raises ValueError for a non-Greek lemma."""
    u = ph.underlying(lemma, glides=False)
    p = ph.plain(u)
    out = []
    for e in (VERB_ENDINGS if pos == "VERB" else NOUN_ENDINGS):
        if p.endswith(e) and len(p) > len(e):
            stem, _ = cut(u, len(e))
            out.append(stem)
            if pos == "VERB":
                sp = ph.plain(stem)
                for d in VERB_DERIVATIONAL:
                    if sp.endswith(d) and len(sp) > len(d) + 1:
                        out.append(cut(stem, len(d))[0])
                        break
            if pos == "VERB":
                break
    if not out:
        out.append(u)
    return out




def cited_by(lemma: str, table: ClassTable) -> bool:
    """True if ``table`` gives ``lemma`` back as the main form of its citation cell and has a
    main form in every cell where the class's exemplar has one."""
    pos = pos_of(table.code)
    cell = citation_cell(pos, lemma)
    if cell not in table.rules:
        return False
    u = ph.underlying(lemma, glides=False)
    p = ph.plain(u)
    quick = False
    for r in table.rules_for(p, cell):
        if r.weight == 0 and r.strip <= len(p):
            aug = ph.AUG if (r.aug and consonant_initial(p)) else None
            if ph.realise(cut(u, r.strip)[0], r.ending, r.directive, aug) == lemma:
                quick = True
                break
    if not quick:
        return False
    gen = generate(lemma, table)
    if not any(f == lemma and c == cell and w == 0 for f, c, w in gen):
        return False
    return exemplar_cells(table) <= {c for _, c, w in gen if w == 0}


def well_formed(form: str) -> bool:
    """One accent on a word of two or more nuclei, none on a monosyllable (the monotonic
    accent rule, grammars/phonology.py)."""
    u = ph.underlying(form, glides=False)
    nuclei = sum(1 for x in ph._units(u) if ph._is_nucleus(x))
    marks = u.count(ph.MARK)
    return marks == (1 if nuclei > 1 else 0)


def preference(lemma: str, base_class: str, derived_class: str, suffix: Suffix,
               directive: str) -> tuple:
    """Sort key: the grammar's order of candidates for the record's kind (smaller first).

    Feminine -α: -τρια for an oxytone agent noun in -τής (αγοραστής → αγοράστρια), -ισσα for
    the rest (αγρότης → αγρότισσα; Triantafyllidis, «θηλυκά των αρσενικών»); -ού for the -ού kind; -ώμαι before
    -ούμαι for P11; for other classes the plain ending swap first. Then the suffix's own
    stress rule before other placements."""
    order = [s.ending for s in (VERB_SUFFIXES if derived_class[0] == "P" else NOUN_SUFFIXES)]
    rank = order.index(suffix.ending)
    if derived_class in FEMININE_A:
        oxytone_agent = ph.plain(ph.underlying(lemma)).endswith("τησ") and lemma.endswith("ής")
        first = ("τρια", "ισσα") if oxytone_agent else ("ισσα", "τρια")
        rank = first.index(suffix.ending) if suffix.ending in first else 2 + rank
    elif derived_class not in FEMININE_OU + LEARNED_PASSIVE and derived_class[0] == "O":
        plain_first = ("α", "η", "ο", "ι", "ια", "ιο", "οσ", "ησ", "ασ", "εσ", "ουσ", "ου", "ε")
        rank = plain_first.index(suffix.ending) if suffix.ending in plain_first else 20 + rank
    return (rank, suffix.directives.index(directive))


def candidates(lemma: str, base_class: str, derived_class: str) -> list[str]:
    """Citation forms of the lexeme that the record (``lemma``, ``base_class``,
    ``derived_class``) derives, best first by ``preference``; [] when the derived class has no
    table (O37b) or no rule gives a form the class cites.

    The lemma itself comes first when the derived class cites it (a second class of the same
    lemma). Raises ValueError for a lemma outside the Greek lower-case alphabet.
    """
    tables = load_tables()
    table = tables.get(derived_class)
    if table is None:
        return []
    pos = pos_of(derived_class)
    if pos_of(base_class) == pos and cited_by(lemma, table):
        return [lemma]
    scored: dict[str, tuple] = {}
    for stem in stems(lemma, "VERB" if pos_of(base_class) == "VERB" else "NOUN"):
        sp = ph.plain(stem)
        for suf in (VERB_SUFFIXES if pos == "VERB" else NOUN_SUFFIXES):
            s = stem
            if suf.after:
                if not sp.endswith(suf.after):
                    continue
                s = cut(stem, len(suf.after))[0]
            for d in suf.directives:
                form = ph.realise(s, suf.ending, d)
                if not form or form == lemma:
                    continue
                rank = preference(lemma, base_class, derived_class, suf, d)
                if form in scored:
                    scored[form] = min(scored[form], rank)
                    continue
                if any(v + v in form for v in VOWELS):
                    continue  # a stem vowel doubled by the suffix (αγνάντι-ι) is no Greek word
                try:
                    if not well_formed(form) or not cited_by(form, table):
                        continue
                except ValueError:
                    continue
                scored[form] = rank
    return sorted(scored, key=lambda f: (scored[f], f))
