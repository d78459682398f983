"""The engine that an application judges with: one :class:`fst.api.Judge` per profile and
process, with the user's list applied when one is named (``--list NAME``)."""
from __future__ import annotations

import argparse
import functools

from grammars import profiles

from fst.api import Judge
from fst.app import protocol
from fst.app.protocol import UsageError
from fst.runtime.overlay import Overlay


def judge_for(min_length: int, max_length: int, disabled: frozenset = frozenset(),
              list_name: str | None = None):
    """The engine of a profile (:func:`board_judge`), with ``list_name``, the user's list of that
    name applied (``dektes learn``). The list is read anew on each call, so a list learned or
    replaced in the same process (or under another $DEKTES_LISTS) is never stale."""
    if list_name:
        try:
            overlay = Overlay.load(list_name)
        except ValueError as e:
            raise UsageError(str(e)) from None
        return board_judge(min_length, max_length, disabled).with_overlay(overlay)
    return board_judge(min_length, max_length, disabled)


@functools.lru_cache(maxsize=None)
def board_judge(min_length: int, max_length: int, disabled: frozenset = frozenset()):
    """The engine, loaded once per process and profile (no pynini: the look-up arrays)."""
    return Judge.load(min_length=min_length, max_length=max_length, progress=True,
                      disabled_rules=disabled, verbose=protocol.VERBOSE)


def disabled_of(args: argparse.Namespace) -> frozenset:
    """Rule layers switched off by --profile and --without (grammars/profiles.py)."""
    without = [r for r in (getattr(args, "without", "") or "").split(",") if r.strip()]
    try:
        return profiles.disabled(getattr(args, "profile", "board"), without)
    except ValueError as e:
        raise UsageError(str(e)) from None


def profile_judge(args: argparse.Namespace):
    """The engine that a command's length and profile options (:func:`_add_profile`) choose,
    with the user's --list where the command has that option."""
    return judge_for(args.min_length, args.max_length, disabled_of(args),
                     getattr(args, "list", None))

