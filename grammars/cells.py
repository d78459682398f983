"""Paradigm cells: UniMorph-style feature bundles and how flexy's tags map onto them.

flexy (the generator behind the elspell class codes) names cells in Greek grammatical
terms (``RhmEnergAorOristEgw`` = verb, active, aorist, indicative, 1st singular). Its
periphrastic tenses (future θα + subjunctive, perfect έχω + infinitive) reuse the forms of
simple cells and are not cells of their own here. Participles in -μένος decline like
adjectives (Triantafyllidis grammar § 290), so that cell is expanded to 24 adjective cells.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

PERSON_NUMBER = ("1", "2", "3", "SG", "PL")


@dataclass(frozen=True)
class Cell:
    """A paradigm cell, parsed once (:meth:`of`): its text (``V;IND;PST;PFV;1;SG;ACT``) and
    its features in order; the first is the part of speech (``V``, ``V.CVB``, ``V.PTCP``,
    ``N``, ``ADJ``)."""
    text: str
    features: tuple[str, ...]

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def of(text: str) -> "Cell":
        """The cell of ``text`` (features separated by ``;``)."""
        return Cell(text, tuple(text.split(";")))

    @property
    def pos(self) -> str:
        return self.features[0]

    @property
    def verbal(self) -> bool:
        """A verb cell: finite, gerund (``V.CVB``) or participle (``V.PTCP``)."""
        return self.pos.startswith("V")

    @property
    def finite(self) -> bool:
        """A cell of the verb proper (``V;…``), not a gerund or participle."""
        return self.pos == "V"

    def has(self, *features: str) -> bool:
        """Does the cell carry every one of ``features``?"""
        return all(f in self.features for f in features)

    @property
    def tense(self) -> str:
        """The cell without person and number: the forms of one tense share it."""
        return ";".join(f for f in self.features if f not in PERSON_NUMBER)

    @property
    def person_number(self) -> str:
        """Person and number (``1;SG``), "" if none."""
        return ";".join(f for f in self.features if f in PERSON_NUMBER)


CASES = {"Onom": "NOM", "Gen": "GEN", "Ait": "ACC", "Klit": "VOC"}
NUMBERS = {"En": "SG", "Pl": "PL"}
GENDERS = {"Ars": "MASC", "Th": "FEM", "Ou": "NEUT"}
PERSONS = {"Egw": "1;SG", "Esy": "2;SG", "Aytos": "3;SG", "Emeis": "1;PL", "Eseis": "2;PL", "Aytoi": "3;PL"}
# the imperative has a 2nd person only (Triantafyllidis grammar, the imperative); flexy tags the
# perfective imperatives of P1, P1a, P1b Egw/Emeis (αγκίστρωσε RhmEnergAorProstEgw)
IMPERATIVE_PERSONS = {"Egw": "2;SG", "Esy": "2;SG", "Emeis": "2;PL", "Eseis": "2;PL"}
VOICES = {"Energ": "ACT", "Path": "PASS"}
# flexy tense+mood → UniMorph tense/aspect/mood; None = periphrastic, not a cell
TENSE_MOOD = {
    "EnestOrist": "IND;PRS;IPFV", "PrtOrist": "IND;PST;IPFV", "AorOrist": "IND;PST;PFV",
    "AorYpot": "SBJV;PFV", "EnestProst": "IMP;IPFV", "AorProst": "IMP;PFV",
    "EnestYpot": None, "E3akolMell": None, "StigmMell": None, "PrkOrist": None,
    "PrkYpot": None, "Ypers": None, "SyntelMell": None,
}


PTCP_ENDINGS = {"μένος": "MASC;NOM;SG", "μένο": "NEUT;NOM;SG", "μένοι": "MASC;NOM;PL"}


def flexy_cell(tag: str, form: str = "") -> str | None:
    """flexy tag → UniMorph cell string, or None for a periphrastic tag.

    ``OusEnGen`` → ``N;GEN;SG``; ``EpThPlAit`` → ``ADJ;FEM;ACC;PL``;
    ``RhmEnergAorOristEgw`` → ``V;IND;PST;PFV;1;SG;ACT``; ``RhmPathPrkMetox`` →
    ``V.PTCP;PASS;PFV;MASC;NOM;SG``; an imperative is 2nd person whatever flexy's person
    (``RhmEnergAorProstEgw`` → ``V;IMP;PFV;2;SG;ACT``). A periphrastic tag whose ``form`` is a -μένος
    participle (έχω γραμμένο, είμαι γραμμένος) gives that participle's cell.
    Raises KeyError for an unknown tag.
    """
    if tag.startswith("Ous"):
        return f"N;{CASES[tag[5:]]};{NUMBERS[tag[3:5]]}"
    if tag.startswith("Ep"):
        g = "Ars" if tag[2:5] == "Ars" else tag[2:4]
        rest = tag[2 + len(g):]
        return f"ADJ;{GENDERS[g]};{CASES[rest[2:]]};{NUMBERS[rest[:2]]}"
    if tag.startswith("Rhm"):
        voice = "Energ" if tag[3:8] == "Energ" else "Path"
        rest = tag[3 + len(voice):]
        v = VOICES[voice]
        if rest == "EnestMetox":
            return "V.CVB;PRS;ACT"
        if rest == "PrkMetox":
            return "V.PTCP;PASS;PFV;MASC;NOM;SG"
        if rest == "AorApar":
            return f"V;NFIN;PFV;{v}"
        for tm, um in TENSE_MOOD.items():
            if rest.startswith(tm):
                person = rest[len(tm):]
                if um is None or person not in PERSONS:
                    for end, cell in PTCP_ENDINGS.items():
                        if form.endswith(end):
                            return f"V.PTCP;PASS;PFV;{cell}"
                    return None
                persons = IMPERATIVE_PERSONS if um.startswith("IMP;") else PERSONS
                return f"V;{um};{persons[person]};{v}"
        raise KeyError(tag)
    raise KeyError(tag)


# endings of adjectives in -ος/-η/-ο (underlying, σ for ς) by gender, in CASE_NUMBER order
ADJ_OS_ENDINGS = {
    "MASC": ["οσ", "ου", "ο", "ε", "οι", "ων", "ουσ", "οι"],
    "FEM": ["η", "ησ", "η", "η", "εσ", "ων", "εσ", "εσ"],
    "NEUT": ["ο", "ου", "ο", "ο", "α", "ων", "α", "α"],
}
CASE_NUMBER = [("NOM", "SG"), ("GEN", "SG"), ("ACC", "SG"), ("VOC", "SG"),
               ("NOM", "PL"), ("GEN", "PL"), ("ACC", "PL"), ("VOC", "PL")]


def adjective_os_cells(prefix: str) -> list[tuple[str, str]]:
    """(cell, ending) for the 24 cells of an -ος/-η/-ο adjective, cells named ``prefix;G;C;N``.

    Triantafyllidis grammar § 290 (participles in -μένος decline the same way).
    """
    return [(f"{prefix};{g};{c};{n}", e)
            for g, ends in ADJ_OS_ENDINGS.items() for (c, n), e in zip(CASE_NUMBER, ends)]


def participle_cells() -> list[tuple[str, str]]:
    """(UniMorph cell, underlying ending replacing -οσ) for the 24 cells of a -μένος participle."""
    return adjective_os_cells("V.PTCP;PASS;PFV")
