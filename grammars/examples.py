"""Greek words that the applications use as examples: a tile word and a lemma of the shipped
lexicon, each inflected by a listed class (no rule layer needed)."""
from __future__ import annotations

#: the word an error message suggests checking, to build the cache (``dektes check ΑΒΑΚΑΣ``)
BUILD_WORD = "ΑΒΑΚΑΣ"
#: what ``dektes serve`` looks up before it starts, to read the analysis table (a tile word)
#: and the analyser (a lemma's paradigm)
WARM_UP_WORD = "ΕΓΡΑΨΑ"
WARM_UP_LEMMA = "γράφω"
