"""The coach's answers as typed data: a suggested move, a sentence, the numbers behind it.

Widgets only lay these out; bots read ``Advice.move``.  Every ``sentence`` is a
whole English sentence a newcomer can read; ``numbers`` holds the figures the
sentence quotes (gold, points, chances between 0 and 1), under plain names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheriff.actions import Action
from sheriff.i18n import N_, ngettext, pgettext

LESSON_30 = "notebooks/30_inspection_game.ipynb"
LESSON_30_TITLE = N_("Theory lab: the inspection game")  # as the home page names lesson 30 (shown through ``_``)


def decimal(x: float) -> str:
    """'2.5' with one decimal, written with the page language's decimal mark (Ukrainian: '2,5')."""
    return f"{x:.1f}".replace(".", pgettext("decimal mark", "."))


def gold_text(n: int) -> str:
    """'5 gold': an amount of gold with the plural form its number asks for."""
    return ngettext("{n} gold", "{n} gold", n).format(n=n)


def points_text(n: int | str, k: int | None = None) -> str:
    """'4 points' ('points' even for one, as the coach always said); ``n`` may be a figure already
    written out ('-0'), then ``k`` is the number that picks the plural form."""
    return ngettext("{n} points", "{n} points", int(n) if k is None else k).format(n=n)


@dataclass(frozen=True)
class Option:
    """One move the coach weighed, with what it expects of it."""

    move: Action
    sentence: str
    numbers: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Warning:
    """Said before a risky move is made: one the coach rates clearly worse than its own suggestion
    (``numbers["points_worse"]``), or a blunder (``blunder``: a cost that buys nothing)."""

    sentence: str
    numbers: dict[str, float] = field(default_factory=dict)
    blunder: bool = False


@dataclass(frozen=True)
class Advice:
    """What the coach suggests now, and why.

    ``model`` says in plain words what the coach assumed (it is advice, not a rule);
    ``lesson`` names the lesson behind the numbers when the inspection game's
    equilibrium was used (else empty); ``detail`` explains the figures the sentence
    quotes (the page folds it away).
    """

    move: Action | None
    sentence: str
    numbers: dict[str, float] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    model: str = ""
    lesson: str = ""
    detail: str = ""
