"""The regulation's rule ids, read from the project's digest ``grammars/RULES.md``.

Every rule id that dektes prints (§A1 … §E6, §LEN) has an entry there: a title, the rule in one
line, and where dektes applies it. The project's own ids that analyses may carry beside them
(the lexicon sources and flag marks a profile can leave out, ``SOURCES`` and ``FLAG_MARKS`` of
grammars/profiles.py, when it has them) follow the digest's entries. ``dektes rules [ID]``
prints them all (fst/app/cli/).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from grammars import profiles
from grammars.conjugation import KEYS as PART_KEYS
from grammars.labels import message, say
from lexicon import FLAG_MARKS

DIGEST = Path(__file__).resolve().parent.parent / "grammars" / "RULES.md"
_HEAD = re.compile(r"^### §([A-Z]+\d*) (.+)$")


@dataclass(frozen=True)
class Rule:
    """One entry of the digest: ``id`` without the section sign (``"D1"``), ``title``, the rule
    in one line (``text``) and where dektes applies it (``where``)."""
    id: str
    title: str
    text: str
    where: str


@functools.lru_cache(maxsize=1)
def rules() -> dict[str, Rule]:
    """Rule id → :class:`Rule`: the digest's entries (:func:`digest_rules`), then the
    project's own ids of grammars/profiles.py (lexicon sources, flag marks)."""
    out = dict(digest_rules())
    for sid, what in profiles.SOURCE_IDS.items():
        out.setdefault(sid, Rule(sid, "lexicon source (project id)", what[:1].upper() + what[1:]
                                 + ".", f"grammars/profiles.py; --without {sid} leaves it out."))
    for flag, mark in FLAG_MARKS.items():
        out.setdefault(mark, Rule(mark, "lexicon flag (project id)",
                                  f"The lemma carries the flag {flag} (lexicon/README.md).",
                                  "lexicon/__init__.py (FLAG_MARKS): shown in analyses."))
    for rid, (title, text, where) in PROJECT_IDS.items():
        out.setdefault(rid, Rule(rid, title, text, where))
    for key in PART_KEYS:  # the principal part that licensed a verb form, shown §A1:KEY
        out.setdefault(f"part:{key}", Rule(
            PART_SHOWN + key, f"principal part {key} (project id)",
            f"The form comes from the verb's stated principal part {key} (§A1, §A3).",
            "lexicon/verb-parts.tsv, documented in lexicon/README.md."))
    return out


#: the project's ids that are neither a rule of the regulation nor a lexicon source
PROJECT_IDS = {
    "L23": ("Two- and three-letter words (project id)",
            "The regulation's book of 2- and 3-letter words and the forms of their inflection "
            "(§A1), as the federation's current list of all its 2–3 letter words: on the board "
            "the 2–3 letter verdicts are exactly that set.",
            "lexicon/words-2-3.tsv, grammars/rules/l23_short.py; --without L23 keeps only "
            "what the grammar alone gives."),
    "LIST": ("A user's own list (project id)",
             "Valid (or, for the lengths declared complete, invalid) because a list the user "
             "taught with dektes learn says so.",
             "fst/runtime/overlay.py; only with --list NAME."),
}


@functools.lru_cache(maxsize=1)
def digest_rules() -> dict[str, Rule]:
    """Rule id → :class:`Rule` of grammars/RULES.md, in its order. Raises ValueError naming
    an entry that lacks its rule or its ``dektes:`` line."""
    out: dict[str, Rule] = {}
    lines = DIGEST.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = _HEAD.match(lines[i])
        i += 1
        if not m:
            continue
        body = []
        while i < len(lines) and lines[i].strip() and not lines[i].startswith("#"):
            body.append(lines[i].strip())
            i += 1
        where = [b for b in body if b.startswith("dektes:")]
        text = [b for b in body if not b.startswith("dektes:")]
        if len(where) != 1 or len(text) != 1:
            raise ValueError(f"{DIGEST}: the entry §{m.group(1)} needs one line of rule and "
                             "one 'dektes:' line")
        out[m.group(1)] = Rule(m.group(1), m.group(2), text[0],
                               where[0][len("dektes:"):].strip())
    return out


#: how the principal part KEY that licensed a form is shown: §A1:KEY (a listed lemma's form,
#: §A1, through the part the lexicon states for it, lexicon/verb-parts.tsv)
PART_SHOWN = "A1:"
PART_TAG = "part:"  # the analyses' own tag (grammars/verb_parts.py)


def shown(rule_ids) -> list[str]:
    """The rule ids of an analysis or a verdict (an iterable of str) as every application
    prints them: a regulation rule with its section sign (``§D1``), the principal part that
    licensed a form (``part:KEY`` in analyses) as ``§A1:KEY``, which stands for §A1 too (a
    bare §A1 beside it is left out). Every id shown is one :func:`lookup` reads. The CLI, the
    web API and the notebook all print through this one formatter."""
    ids = list(rule_ids)
    has_part = any(r.startswith(PART_TAG) for r in ids)
    out = []
    for r in ids:
        if r.startswith(PART_TAG):
            out.append("§" + PART_SHOWN + r[len(PART_TAG):])
        elif not (has_part and r.lstrip("§") == "A1"):
            out.append("§" + r.lstrip("§"))
    return out


def canonical(rule_id: str) -> str:
    """The id as analyses carry it: ``"§d1"`` → ``"D1"``; a principal part given as
    ``§A1:paor``, ``part:paor`` or plain ``paor`` → ``"part:paor"``."""
    rid = rule_id.strip().lstrip("§")
    low = rid.lower()
    for prefix in (PART_SHOWN.lower(), PART_TAG):
        if low.startswith(prefix):
            return PART_TAG + low[len(prefix):]
    if rid.upper() not in rules() and PART_TAG + low in rules():
        return PART_TAG + low
    return rid.upper()


def lookup(rule_id: str) -> Rule | None:
    """The entry of ``rule_id`` (``"D1"``, ``"§d1"``, ``"§A1:paor"``, ``"paor"`` …), or None if
    the digest has none."""
    return rules().get(canonical(rule_id))


_REASON_RULE = re.compile(r"^§?((?:[A-E]\d+)|L23|LIST|LEN)\s*:\s*")


def without_rule(reason: str) -> str:
    """``reason`` less the rule id that leads it (``§D1: ``), for a line that names the rule
    already (the web's "Blocked by §D1: …")."""
    return _REASON_RULE.sub("", reason, count=1)


def verdict_note(verdict, lang: str = "en") -> str:
    """Third column of ``check``: rule ids for a valid word, rule ids and reason otherwise.
    ``lang``: the reason's language (en, as the CLI and the JSON print it; el on the Greek
    web pages), through :func:`grammars.labels.say`."""
    ids = shown(verdict.rules)
    if verdict.valid:
        return " ".join(ids) or "-"
    reason = say(verdict.reason or "", lang).strip()
    m = _REASON_RULE.match(reason)
    if m:
        rid = "§" + m.group(1)
        if rid not in ids:
            ids.append(rid)
        reason = reason[m.end():]
    if ids:
        return " ".join(ids) + (": " + reason if reason else "")
    return reason or say(message("reason.none"), lang)
