"""Every Unicode rule of dektes, in one place.

Words are judged in *tile form*: the 24 unaccented capitals ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ, final ς
played as Σ. This module turns whatever a person types (monotonic or polytonic Greek, any case,
precomposed or decomposed, oxia or tonos) into that form, or says in one English sentence why it
cannot: :class:`InvalidWord` names the offending character, its Unicode name and its 1-based
position, and carries a short machine code. The reason is a message of grammars/messages.tsv,
which a Greek page says in Greek (grammars.labels.say), the character named there by its script
and code point ("λατινικό γράμμα, U+0041"), never by its English Unicode name.

Error codes (``InvalidWord.code``):

``empty``
    nothing but white space, or only accent marks with no letter.
``too-long``
    more than :data:`MAX_LETTERS` letters.
``whitespace``
    white space inside the word (surrounding white space is stripped first).
``digit``
    a digit or other number character.
``punctuation``
    punctuation, a symbol, an apostrophe, a spacing accent or a numeral sign.
``control``
    an invisible format or control character, or an unassigned code point.
``latin-lookalike``
    a Latin letter that looks like a Greek one (A B E H I K M N O P T X Y Z, lower-case o),
    reported only when mapping the look-alikes would leave a valid Greek word. Pass
    ``latin_lookalikes=True`` to map them instead.
``mixed-script``
    a letter of another script in a word that also has Greek letters.
``not-greek``
    no Greek letters at all, a Greek letter outside the modern alphabet (digamma, koppa …), or a
    combining mark Greek spelling does not use.

Positions count the characters (code points) of the input after surrounding white space is
removed, so a decomposed accent counts as a character of its own.

This module uses only the standard library, so it can be imported without the FST engine.
"""

from __future__ import annotations

import re
import unicodedata

from grammars.labels import Message, message
from grammars.alphabet import LETTERS as _LOWER_LETTERS
from grammars.alphabet import TILE_LETTERS

__all__ = [
    "TILE_LETTERS",
    "MAX_LETTERS",
    "LATIN_LOOKALIKES",
    "ERROR_CODES",
    "InvalidWord",
    "to_tile",
    "to_lower_accented",
    "is_tile",
]


#: Longest word (in letters) that the normaliser accepts.
MAX_LETTERS = 64

#: Latin letters with a clear Greek twin, mapped only on request.
LATIN_LOOKALIKES = {
    "A": "Α", "B": "Β", "E": "Ε", "H": "Η", "I": "Ι", "K": "Κ", "M": "Μ",
    "N": "Ν", "O": "Ο", "P": "Ρ", "T": "Τ", "X": "Χ", "Y": "Υ", "Z": "Ζ",
    "o": "ο",
}

ERROR_CODES = (
    "empty", "too-long", "whitespace", "digit", "punctuation", "control",
    "latin-lookalike", "mixed-script", "not-greek",
)

# Base letter (either case, both sigmas) -> tile letter.
_TO_TILE = {c: c for c in TILE_LETTERS}
_TO_TILE.update(zip(_LOWER_LETTERS, TILE_LETTERS))
_TO_TILE["ς"] = "Σ"
# Base letter (either case) -> lower case (sigma fixed later by position).
_TO_LOWER = {c: c for c in _LOWER_LETTERS}
_TO_LOWER.update(zip(TILE_LETTERS, _LOWER_LETTERS))
_TO_LOWER["ς"] = "σ"

# Greek compatibility characters that are plainly Greek letters: decomposed with NFKD
# (ϐ→β, ϑ→θ, ϒ→Υ, ϕ→φ, ϖ→π, ϰ→κ, ϱ→ρ, ϲ→ς, ϴ→Θ, ϵ→ε, Ϲ→Σ, micro sign µ→μ).
_GREEK_COMPAT = frozenset(
    "\u03d0\u03d1\u03d2\u03d3\u03d4\u03d5\u03d6\u03f0\u03f1\u03f2\u03f4\u03f5\u03f9\u00b5"
)

_ACUTE = "\u0301"
_GRAVE = "\u0300"
_CIRCUMFLEX = "\u0342"  # perispomeni
_DIAERESIS = "\u0308"
# GREEK PROSGEGRAMMENI (U+1FBE) canonically decomposes to ι, but it is the adscript form of the
# iota subscript, which is dropped like U+0345.
_PROSGEGRAMMENI = "\u1fbe"

# Upper bound on code points: a letter carries at most a few marks (breathing, accent,
# diaeresis, iota subscript), so anything longer is over MAX_LETTERS letters in any case.
_MAX_CHARS = MAX_LETTERS * 8

_TILE_RE = re.compile("[%s]+" % TILE_LETTERS)


class InvalidWord(ValueError):
    """Input that cannot be turned into a tile word.

    Attributes:
        word: the input as given.
        reason: one English sentence saying what is wrong and where (a
            :class:`grammars.labels.Message` of grammars/messages.tsv, which the web's Greek
            pages say in Greek).
        code: a short machine code, one of :data:`ERROR_CODES`.
        position: 1-based position of the offending character, or ``None``.
    """

    def __init__(self, word: str, reason: str, code: str, position: int | None = None):
        super().__init__(reason)
        self.word = word
        self.reason = reason
        self.code = code
        self.position = position

    def __reduce__(self):  # keep pickling (multiprocessing) working
        return (self.__class__, (self.word, self.reason, self.code, self.position))


def _is_dropped_mark(ch: str) -> bool:
    """Combining accents, breathings, diaeresis, iota subscript: ignored in tile form."""
    return "\u0300" <= ch <= "\u036f" or ch == _PROSGEGRAMMENI


_CONTROL_NAMES = {
    0x00: "NULL", 0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0B: "LINE TABULATION",
    0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN", 0x1B: "ESCAPE", 0x7F: "DELETE",
    0x85: "NEXT LINE",
}


def _show(c: str) -> str:
    if c == "'":
        return '"\'"'
    cat = unicodedata.category(c)
    if c.isprintable() and not c.isspace() and cat[0] != "M" and cat != "Cf":
        return "'%s'" % c
    return "U+%04X" % ord(c)


def _name(c: str) -> str:
    name = unicodedata.name(c, None)
    if name:
        return name
    if ord(c) in _CONTROL_NAMES:
        return _CONTROL_NAMES[ord(c)]
    cat = unicodedata.category(c)
    if cat == "Cc":
        return "control character"
    if cat == "Cn":
        return "unassigned code point U+%04X" % ord(c)
    return "U+%04X" % ord(c)


def _script(c: str) -> str | None:
    """'Latin', 'Cyrillic' … from the character's Unicode name, or None."""
    name = unicodedata.name(c, "")
    if " LETTER " not in name:
        return None
    head = name.split(" LETTER ")[0]
    for suffix in (" CAPITAL", " SMALL"):
        if head.endswith(suffix):
            head = head[: -len(suffix)]
    return head.title() or None


# The scripts whose letters a Greek page names (grammars/messages.tsv, script.*); a letter of
# another script is named there by its code point alone, never by its English name.
_SCRIPT_KEYS = {
    "Latin": "script.latin", "Cyrillic": "script.cyrillic", "Arabic": "script.arabic",
    "Greek": "script.greek", "Coptic": "script.coptic", "Hebrew": "script.hebrew",
    "Armenian": "script.armenian", "Georgian": "script.georgian",
    "Glagolitic": "script.glagolitic", "Syriac": "script.syriac", "Runic": "script.runic",
    "Ethiopic": "script.ethiopic", "Mongolian": "script.mongolian", "Hangul": "script.hangul",
    "Hiragana": "script.japanese", "Katakana": "script.japanese",
}

# A character the messages show by its code point (a mark, white space, an invisible one) is
# named on a Greek page by its kind (grammars/messages.tsv, char.*), by Unicode category.
_KIND_KEYS = {"M": "char.mark", "Z": "char.space", "Cc": "char.control", "Cf": "char.format",
              "Cn": "char.unassigned", "Co": "char.private", "Cs": "char.surrogate"}


def _char_name(c: str) -> Message:
    """The name of ``c`` in a message: in English its Unicode name (:func:`_name`); in Greek
    a Greek script's letter and its code point ("λατινικό γράμμα, U+0041"), the kind of a
    character shown by its code point, else the code point alone."""
    code, cat = "U+%04X" % ord(c), unicodedata.category(c)
    if _show(c).startswith("U+"):
        key = _KIND_KEYS.get(cat) or _KIND_KEYS.get(cat[0]) or "char.code"
        return message(key, name_en=_name(c), code_el=code)
    script = _SCRIPT_KEYS.get(_script(c) or "") if cat[0] == "L" else None
    if script:
        return message("char.letter", name_en=_name(c), script_el=message(script),
                       code_el=code)
    return message("char.code", name_en=_name(c), code_el=code)


def _describe(c: str, pos: int) -> Message:
    shown = _show(c)
    if not shown.startswith("U+"):  # a glyph: in Greek quotation marks on a Greek page
        shown = message("char.glyph", shown_en=shown, glyph_el=c)
    return message("input.char", char=shown, name=_char_name(c), pos=pos)


def _classify(c: str, ch: str) -> tuple[str, str, dict]:
    """(code, message key of grammars/messages.tsv, its own fields) for a character that is
    not a Greek letter or a dropped mark.

    A letter of another script gets the internal code ``foreign``, which the caller turns into
    ``mixed-script`` or ``not-greek``.

    ``c`` is the character as typed, ``ch`` the part of its decomposition that failed.
    """
    cat = unicodedata.category(ch)
    if ch.isspace() or cat in ("Zs", "Zl", "Zp"):
        return "whitespace", "input.whitespace", {}
    if cat[0] == "N":
        return "digit", "input.digit", {}
    if cat[0] in "PS" or cat == "Lm":
        return "punctuation", "input.punctuation", {}
    if cat[0] == "C":
        return "control", "input.control", {}
    if cat[0] == "M":
        return "not-greek", "input.mark", {}
    name = unicodedata.name(c, "")
    if name.startswith("GREEK") or name.startswith("COPTIC"):
        return "not-greek", "input.greek", {}
    script = _script(c)
    if script:
        article = "an" if script[0] in "AEIOU" else "a"
        return "foreign", "input.script", {"article": article, "script_en": script}
    return "foreign", "input.foreign", {}


def _scan(word: str, latin_lookalikes: bool) -> list[tuple[str, str]]:
    """Split ``word`` into (base letter, combining marks) pairs, or raise InvalidWord."""
    if not isinstance(word, str):
        raise TypeError("expected str, got %s" % type(word).__name__)
    s = word.strip()
    if not s:
        raise InvalidWord(word, message("input.empty"), "empty")
    if len(s) > _MAX_CHARS:
        raise InvalidWord(word, message("input.chars", n=len(s), most=MAX_LETTERS), "too-long")
    letters: list[list[str]] = []  # [base, marks]
    lookalike: tuple[int, str] | None = None  # first Latin look-alike (position, char)
    # the first other offender: (position, character, code, message key, fields)
    other: tuple[int, str, str, str, dict] | None = None
    for pos, c in enumerate(s, 1):
        d = unicodedata.normalize("NFKD" if c in _GREEK_COMPAT else "NFD", c)
        for ch in d:
            if _is_dropped_mark(ch):
                if letters:
                    letters[-1][1] += ch
            elif ch in _TO_TILE:
                letters.append([ch, ""])
            elif ch in LATIN_LOOKALIKES:
                if latin_lookalikes:
                    letters.append([LATIN_LOOKALIKES[ch], ""])
                else:
                    if lookalike is None:
                        lookalike = (pos, c)
                    letters.append([LATIN_LOOKALIKES[ch], ""])
                    break
            else:
                if other is None:
                    other = (pos, c) + _classify(c, ch)
                break
    if other is not None:
        pos, c, code, key, fields = other
        if code == "foreign":
            # A letter of another script: "mixed-script" when the word also has Greek letters.
            has_greek = any(ch in _TO_TILE for ch in unicodedata.normalize("NFD", s))
            code = "mixed-script" if has_greek else "not-greek"
        raise InvalidWord(word, message(key, char=_describe(c, pos), **fields), code, pos)
    if lookalike is not None:
        pos, c = lookalike
        base = unicodedata.normalize("NFD", c)[0]
        raise InvalidWord(word, message("input.lookalike", char=_describe(c, pos),
                                        greek=LATIN_LOOKALIKES[base]), "latin-lookalike", pos)
    if not letters:
        raise InvalidWord(word, message("input.marks"), "empty")
    if len(letters) > MAX_LETTERS:
        raise InvalidWord(word, message("input.letters", n=len(letters), most=MAX_LETTERS),
                          "too-long")
    return [(b, m) for b, m in letters]


def _tile_slow(word: str, latin_lookalikes: bool) -> str:
    return "".join(_TO_TILE[b] for b, _ in _scan(word, latin_lookalikes))


def _build_fast_table() -> dict[int, str | None]:
    """Single characters whose tile form does not depend on context: Greek letters with any
    marks, the combining marks themselves, Greek compatibility letters."""
    table: dict[int, str | None] = {}
    ranges = [range(0x0300, 0x0370), range(0x0370, 0x0400), range(0x1F00, 0x2000)]
    for r in ranges:
        for cp in r:
            c = chr(cp)
            if _is_dropped_mark(c):
                table[cp] = None
                continue
            try:
                t = _tile_slow(c, False)
            except InvalidWord:
                continue
            table[cp] = t
    for c in _GREEK_COMPAT:
        table[ord(c)] = _tile_slow(c, False)
    return table


_FAST = _build_fast_table()


def to_tile(word: str, latin_lookalikes: bool = False) -> str:
    """Return the tile form of ``word`` (e.g. ``'ἄνθρωπος'`` → ``'ΑΝΘΡΩΠΟΣ'``).

    Surrounding white space is stripped; accents, tonos, oxia, diaeresis and all polytonic marks
    are dropped; letters are upper-cased; final ς becomes Σ. Latin look-alike letters are
    rejected unless ``latin_lookalikes`` is true, in which case they are mapped to their Greek
    twins.

    Raises:
        InvalidWord: the input is empty, too long, or holds anything but Greek letters and marks.
    """
    if isinstance(word, str):
        s = word.strip()
        t = s.translate(_FAST)
        if len(t) <= MAX_LETTERS and len(s) <= _MAX_CHARS and _TILE_RE.fullmatch(t):
            return t
    return _tile_slow(word, latin_lookalikes)


def is_tile(s: str) -> bool:
    """True if ``s`` is already a tile string (1–MAX_LETTERS tile letters, nothing else)."""
    return isinstance(s, str) and len(s) <= MAX_LETTERS and _TILE_RE.fullmatch(s) is not None


def to_lower_accented(word: str, latin_lookalikes: bool = False) -> str:
    """Return ``word`` as lower-case monotonic Greek in NFC (for accented look-up and display).

    Oxia becomes tonos; grave and circumflex become tonos; breathings, iota subscript and other
    polytonic marks are dropped; the diaeresis is kept; σ at the end of the word becomes ς and ς
    elsewhere becomes σ. Raises :class:`InvalidWord` exactly when :func:`to_tile` would.
    """
    letters = _scan(word, latin_lookalikes)
    out = []
    last = len(letters) - 1
    for i, (base, marks) in enumerate(letters):
        low = _TO_LOWER[base]
        if low == "σ" and i == last:
            low = "ς"
        out.append(low)
        if _DIAERESIS in marks:
            out.append(_DIAERESIS)
        if _ACUTE in marks or _GRAVE in marks or _CIRCUMFLEX in marks:
            out.append(_ACUTE)
    return unicodedata.normalize("NFC", "".join(out))
