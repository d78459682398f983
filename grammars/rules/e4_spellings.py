"""§E4 — a double spelling extends to every derived form (grammars/RULES.md §E4).

The regulation: when a word has two spellings of the same sound and meaning (αυγό/αβγό,
αητός/αϊτός, but not αετός, another word), both spellings are accepted in every form derived
from it, even where a dictionary lists only one (αυγίλα/αβγίλα, αυγούλι/αβγούλι).

Data: ``lexicon/spellings.tsv``, pairs of alternating stems (``αυγο  αβγο``) written by
``scripts/pipeline/find_spellings.py``: the regulation's own pairs, and pairs of lemmas of the lexicon
of the same part of speech and inflection class that differ only by one alternation of
:data:`ALTERNATIONS`. Only alternations of identical sound are used: αυ/αβ and ευ/εβ before a
voiced consonant or a vowel (both [av], [ev]), αη/αϊ and οη/οϊ (both [ai], [oi]). Spellings of
the [i] or [o] sounds (ει/ι/η/οι/υ, ο/ω) and single/double consonants are left out: they also
tell apart homophones of another meaning (κλίνω/κλείνω, λύρα/λίρα, άλλος/άλος).

A stem reaches from the start of the lemma through the alternation, the consonants after it,
the next vowel and, unless that vowel is ο (the thematic or compound vowel, αυγο-θήκη), the
consonants after it (:func:`stem_at`): αυγό → αυγο, αυγούλι → αυγουλ, αυγίλα → αυγιλ, αητός →
αητο. So αυγή (dawn), αυγερινός, αυγουστιάτικος, αήττητος, ανεύρυσμα, which merely begin
alike, are not reached. A lemma takes the other spelling when it begins with a stem, or has
it right after a compound vowel -ο- (σιγο-κελαηδώ); not when the other spelling is a lemma of
its own (its forms are there already).
"""
from __future__ import annotations

import collections
from dataclasses import dataclass

from grammars import alphabet
from grammars.alphabet import ACCENT, VOWELS_WITH_DIAERESIS, surface_sigma
from grammars.layer import Layer
from lexicon import StemPair
from lexicon import read_spellings as _read_spellings

RULE_ID = "E4"
# a double spelling is a dictionary variant (weights: main 0, variant 1)
VARIANT_WEIGHT = 1.0

# unaccented alternations (either direction), keyed by a kind name
ALTERNATIONS = {"αυ/αβ": ("αυ", "αβ"), "ευ/εβ": ("ευ", "εβ"),
                "αη/αϊ": ("αη", "αϊ"), "οη/οϊ": ("οη", "οϊ")}
VOICED = set("βγδζλμνρ")
VOWELS = set(VOWELS_WITH_DIAERESIS)
DIGRAPHS = ("ου", "αι", "ει", "οι", "υι", "αυ", "ευ", "ηυ")
# accented spellings of each unaccented alternation: (source, target), stress carried over
_ACCENTED = {
    ("αυ", "αβ"): [("αυ", "αβ"), ("αύ", "άβ")],
    ("ευ", "εβ"): [("ευ", "εβ"), ("εύ", "έβ")],
    ("αη", "αϊ"): [("αη", "αϊ"), ("άη", "άι"), ("αή", "αΐ")],
    ("οη", "οϊ"): [("οη", "οϊ"), ("όη", "όι"), ("οή", "οΐ")],
}


def accented_pairs(src: str, dst: str) -> list[tuple[str, str]]:
    """Accented (source, target) spellings of the unaccented alternation ``src`` → ``dst``
    (either direction of an :data:`ALTERNATIONS` pair): ``("αυ", "αβ")`` → αυ→αβ, αύ→άβ."""
    if (src, dst) in _ACCENTED:
        return list(_ACCENTED[(src, dst)])
    return [(b, a) for a, b in _ACCENTED[(dst, src)]]


def plain(word: str) -> str:
    """``word`` without its stress mark, diaeresis kept (αϊτός → αϊτος, αΐτι → αϊτι), final ς
    as σ: the key stems are matched on, since αϊ and αι are different spellings."""
    return alphabet.plain(word, diaeresis=True, final_sigma=False)


def _vowel_group(w: str, i: int) -> int:
    """Length of the vowel (digraph or single vowel) at ``w[i]``, 0 for a consonant."""
    if i >= len(w) or w[i] not in VOWELS:
        return 0
    return 2 if w[i:i + 2] in DIGRAPHS else 1


def sound_preserving(w: str, i: int, src: str) -> bool:
    """True if the alternation ``src`` at ``w[i]`` (plain form) sounds like its other
    spelling: αυ/ευ (and αβ/εβ) only before a voiced consonant or a vowel."""
    nxt = w[i + 2:i + 3]
    if src in ("αυ", "ευ", "αβ", "εβ"):
        return nxt == "" or nxt in VOICED or nxt in VOWELS
    return True


def stem_at(w: str, i: int) -> str:
    """The stem of plain form ``w`` whose alternation begins at ``w[i]``: ``w`` up to the
    alternation, its two letters, the consonants after them, the next vowel and, unless that
    vowel is ο (thematic or compound vowel), the consonants after it. αυγος → αυγο, αυγουλι →
    αυγουλ, αητος → αητο, ανευρετος → ανευρετ."""
    j = i + 2
    while j < len(w) and w[j] not in VOWELS:
        j += 1
    n = _vowel_group(w, j)
    j += n
    if n and w[j - n:j] != "ο":
        while j < len(w) and w[j] not in VOWELS:
            j += 1
    return w[:j]


def find_alternations(w: str):
    """(position, source, target, kind) of every sound-preserving alternation in plain ``w``."""
    out = []
    for kind, (a, b) in ALTERNATIONS.items():
        for src, dst in ((a, b), (b, a)):
            start = 0
            while (i := w.find(src, start)) >= 0:
                if sound_preserving(w, i, src):
                    out.append((i, src, dst, kind))
                start = i + 1
    return sorted(out)


def check_pairs(pairs):
    """``pairs`` (:class:`lexicon.StemPair`, as read) unchanged. Raises ValueError naming
    file and line of a pair whose kind is not one of :data:`ALTERNATIONS` or whose stems do
    not differ by exactly that alternation."""
    for p in pairs:
        if p.kind not in ALTERNATIONS or not differ_by(p.stem, p.other, ALTERNATIONS[p.kind]):
            raise ValueError(f"{p.where}: {p.stem!r}/{p.other!r} do not differ by one "
                             f"alternation of kind {p.kind!r}")
    return pairs


def read_spellings(path=None) -> list[StemPair]:
    """The stem pairs of ``lexicon/spellings.tsv`` (or ``path``), read by
    :func:`lexicon.read_spellings` and checked by :func:`check_pairs`; [] if absent. Raises
    ValueError naming file and line for a malformed row."""
    return check_pairs(_read_spellings(path))


def reaches(w: str, stem: str, i: int = 0) -> bool:
    """True if plain form ``w`` has ``stem`` at ``w[i]`` and the stem does not end inside a
    vowel digraph (αυγο does not reach αυγουστιάτικος: ου is another vowel)."""
    end = i + len(stem)
    return w.startswith(stem, i) and w[end - 1:end + 1] not in DIGRAPHS


def differ_by(s: str, o: str, alt: tuple[str, str]) -> bool:
    """Do stems ``s`` and ``o`` differ by exactly one alternation ``alt`` (either way)?"""
    a, b = alt
    for x, y in ((s, o), (o, s)):
        i = x.find(a)
        while i >= 0:
            if x[:i] + b + x[i + 2:] == y:
                return True
            i = x.find(a, i + 1)
    return False


@dataclass(frozen=True)
class Extension:
    lemma: str      # the lemma whose forms get the other spelling (αυγουλάκι)
    position: int   # index of the alternation in the lemma
    source: str     # unaccented alternation in the lemma (αυ)
    target: str     # its other spelling (αβ)
    other: str      # the other spelling's citation form (αβγουλάκι)
    stem: str       # the stem that reached it (αυγουλ)


def respell(lemma: str, i: int, src: str, dst: str) -> str:
    """``lemma`` with the alternation at ``i`` spelt the other way, stress kept."""
    for s, t in accented_pairs(src, dst):
        if lemma[i:i + 2] == s:
            return lemma[:i] + t + lemma[i + 2:]
    raise ValueError(f"{lemma!r} has no {src!r} at {i}")


def extensions(lemmas, pairs: list[StemPair] | None = None) -> list[Extension]:
    """The lemmas (citation forms) that §E4 gives another spelling, sorted by lemma.

    A lemma is reached by a stem of ``pairs`` (default: ``lexicon/spellings.tsv``) at its
    start or right after a compound vowel -ο- (σιγοκελαηδώ); a lemma whose other spelling is
    itself a lemma is left alone (its own paradigm has the forms)."""
    lemmas = sorted(set(lemmas))
    known = {plain(lm) for lm in lemmas}
    pairs = read_spellings() if pairs is None else pairs
    stems = []
    for p in pairs:
        a, b = ALTERNATIONS[p.kind]
        k = p.position
        src_dst = (p.stem[k:k + 2], p.other[k:k + 2])
        stems.append((p.stem, k, *src_dst))
        stems.append((p.other, k, *src_dst[::-1]))
    out = {}
    for lm in lemmas:
        w = plain(lm)
        if len(w) != len(lm):
            continue
        for stem, k, src, dst in stems:
            starts = [0] if reaches(w, stem) else []
            starts += [i for i in range(2, len(w) - len(stem) + 1)
                       if w[i - 1] == "ο" and reaches(w, stem, i)]
            for s in starts:
                i = s + k
                try:
                    other = respell(lm, i, src, dst)
                except ValueError:
                    continue
                if plain(other) in known or (lm, i) in out:
                    continue
                out[(lm, i)] = Extension(lm, i, src, dst, other, stem)
    return [out[k] for k in sorted(out)]


def twins(gen, ctx):
    """§E4 on the surface, (analysis → surface) of the twins, None if none: every form of a
    lemma that a double-spelling stem of the lexicon (``ctx.lexicon.spellings``) reaches
    (:func:`extensions`) gets a twin with the other spelling at the same place, same analysis
    plus §E4, weight + :data:`VARIANT_WEIGHT`. ``gen`` must be arc-sorted on its input."""

    import pynini

    tags = ctx.tags
    ext = extensions((e.lemma for e in ctx.lexicon.lemmas), list(ctx.lexicon.spellings))
    if not ext:
        return None
    tag_sigma = pynini.union(*sorted(tags.by_tag.values())).closure()
    surf = surface_sigma()
    acc = ACCENT
    groups = collections.defaultdict(list)
    for x in ext:  # forms keep the letters before the alternation, stress aside
        groups[(plain(x.lemma[:x.position]), x.source, x.target)].append(x.lemma)
    lemmas_ana = (pynini.string_map([pynini.escape(lm) for lm in sorted({x.lemma for x in ext})])
                  + tag_sigma).optimize()
    subset = pynini.compose(lemmas_ana, gen).optimize()
    out = []
    for (prefix, src, dst), lemmas in sorted(groups.items()):
        keep = pynini.accep("")
        for c in prefix:
            keep += pynini.union(c, acc[c]) if c in acc else pynini.accep(c)
        swap = pynini.union(*[pynini.cross(a, b) for a, b in accented_pairs(src, dst)])
        rewrite = (keep + swap + surf).optimize()
        ana = (pynini.string_map([pynini.escape(lm) for lm in sorted(lemmas)])
               + tag_sigma).optimize()
        out.append(pynini.compose(pynini.compose(ana, subset), rewrite))
    twin = pynini.union(*out)
    twin = pynini.concat(twin, pynini.cross(tags.char("rule", RULE_ID), ""))
    twin = pynini.concat(twin, pynini.accep("", weight=VARIANT_WEIGHT))
    return twin


def twin_forms(form: str, ext: Extension) -> set[str]:
    """The Python reference of :func:`twins` for one form of ``ext.lemma``: the form with
    the other spelling at the extension's place when its letters before it are the lemma's
    (stress aside), else nothing."""
    p = plain(ext.lemma[:ext.position])
    if plain(form[:ext.position]) != p or len(plain(form[:ext.position])) != ext.position:
        return set()
    out = set()
    for a, b in accented_pairs(ext.source, ext.target):
        if form[ext.position:ext.position + len(a)] == a:
            out.add(form[:ext.position] + b + form[ext.position + len(a):])
    return out


LAYER = Layer(RULE_ID, "forms", True, build=twins)
