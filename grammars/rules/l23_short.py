"""§L23 — two- and three-letter words: exactly the federation's list of them.

The regulation names a book of 2- and 3-letter words (Όμιλος Σκραμπλ Καστοριάς, 2006) "and the
forms derived from their inflection" as a source of its own (RULES.md A1). The federation's
current rendering of that set is the 2–3 letter part of its official list, shipped as
``lexicon/words-2-3.tsv`` (free non-commercial use; lexicon/SOURCES.md). For 2–3 letters the
board's verdicts are exactly this set:

* ``forms`` stage: a listed word that no lemma of the lexicon gives (no paradigm, listed
  paradigm or hidden word) gets the file's analysis (lemma, ``INDECL``/``FORM``, POS) with rule
  id ``L23``; one that a lemma gives keeps that analysis (its longer forms count);
* ``acceptor`` hook: a 2–3 letter form that the grammar makes but the list lacks (ΣΟ of σος,
  ΡΩΝ of ρο) leaves the tile acceptor, whatever the profile;
* ``explain``: such a word is rejected naming §L23.

``L23`` licenses forms of its own, so ``--without L23`` rejects the words that only the list
licenses.
"""
from __future__ import annotations

from grammars.alphabet import LETTERS, TILE_LETTERS, TILE_MAP, fst_paths
from grammars.alphabet import tile
from grammars.layer import Layer
from grammars.labels import message
from grammars.rules import e2_hidden_words
from lexicon import LEXICON_DIR, SHORT_LENGTHS, WORDS_2_3_FILE, read_short_words

RULE_ID = "L23"
PATH = LEXICON_DIR / WORDS_2_3_FILE
# the rows are lexicon data (lexicon.read_short_words checks them: 2–3 tile letters, each the
# tile form of its form)
read = read_short_words


def made_elsewhere(ctx) -> set[str]:
    """Tile forms of 2–3 letters that the listed paradigms and the hidden words give."""
    forms = [r.form for r in ctx.lexicon.listed]
    forms += e2_hidden_words.words(ctx.lexicon.hidden_words)
    return {tile(f) for f in forms if len(f) <= 3}


def paradigm_tiles(gen, words) -> set[str]:
    """Tile forms among ``words`` that the generator ``gen`` (analysis → surface) makes."""
    import pynini

    inverse = pynini.string_map([(t, s) for s, t in TILE_MAP.items()]
                                + [(c.upper(), c) for c in LETTERS])
    accented = pynini.project(pynini.compose(pynini.string_map(sorted(words)),
                                             inverse.closure()), "output").optimize()
    made = pynini.project(pynini.compose(gen, accented), "output").optimize()
    return {tile(s) for _, s, _ in fst_paths(made)}


def forms(gen, ctx):
    """(analysis → surface) of the listed words no lemma gives; None if none."""
    import pynini
    short = ctx.lexicon.short_words
    if not short:
        return None
    made = paradigm_tiles(gen, {w.word for w in short}) | made_elsewhere(ctx)
    tags, rid = ctx.tags, ctx.rule(RULE_ID)
    items = [(pynini.escape(w.lemma + tags.char("class", w.inflection_class)
                            + tags.char("cell", w.cell) + rid), w.form, "0")
             for w in short if w.word not in made]
    return pynini.string_map(items) if items else None


def only_listed(tiles, ctx):
    """``tiles`` without its 2–3 letter strings that the list lacks."""
    import pynini

    words = {w.word for w in ctx.lexicon.short_words}
    if not words:
        return tiles
    sigma = pynini.union(*TILE_LETTERS)
    short = pynini.compose(tiles, pynini.closure(sigma, 2, 3)).optimize()
    extra = sorted({s for s, _, _ in fst_paths(short)} - words)
    if not extra:
        return tiles
    return pynini.difference(tiles, pynini.string_map(extra).optimize()).rmepsilon()


_CACHE: dict[str, frozenset[str]] = {}


def _words() -> frozenset[str]:
    if "w" not in _CACHE:
        _CACHE["w"] = frozenset(w.word for w in read())
    return _CACHE["w"]


def blocked(tile_word: str, analyse=None) -> str | None:
    """Why §L23 rejects ``tile_word``: a word of 2–3 letters the federation's list lacks."""
    if len(tile_word) not in SHORT_LENGTHS or not PATH.exists() or tile_word in _words():
        return None
    return message("reason.L23", n=len(tile_word))


LAYER = Layer(RULE_ID, "forms", True, build=forms, explain=blocked,
              hooks={"acceptor": only_listed})
