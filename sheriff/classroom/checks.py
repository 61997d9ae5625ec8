"""Before round 1: each class game's instructions and a two-question check that a student read
them (the words are the game's own: ``ClassGame.instructions_text`` and ``questions``).  A student
who answers both questions right has passed for that game; the pass is stored as a choice in a
round that is never played (the game's ``check_round``: 0, -1, -2, ...), so it is written once,
safely from many pages at once, and the teacher's dashboard reads it with the other choices.
Wrong answers are not stored: the page says which to read again."""

from __future__ import annotations

from dataclasses import dataclass

from sheriff.classroom.class_games import GAMES, get
from sheriff.classroom.store import Choice
from sheriff.i18n import _

ROLE = "check"  # a stored pass's role (never a round's merchant or sheriff)


def check_round(game: str) -> int:
    return get(game).check_round


@dataclass(frozen=True)
class Question:
    text: str
    options: tuple[str, ...]


def instructions(game: str) -> str:
    return get(game).instructions()


def questions(game: str) -> list[Question]:
    """The game's questions, in the page's language."""
    return [Question(_(q.text), tuple(_(o) for o in q.options)) for q in get(game).questions]


def wrong(game: str, answers: list[int | None]) -> list[int]:
    """The questions (by index) answered wrongly or not at all."""
    asked = get(game).questions
    given = list(answers) + [None] * len(asked)
    return [i for i, q in enumerate(asked) if given[i] != q.right]


def passed(choices: list[Choice]) -> dict[int, tuple[str, ...]]:
    """Member id -> the games whose check that member passed (from every stored choice of a room)."""
    game_of = {g.check_round: name for name, g in GAMES.items()}
    out: dict[int, tuple[str, ...]] = {}
    for c in choices:
        if c.role == ROLE and c.round in game_of:
            out[c.member] = (*out.get(c.member, ()), game_of[c.round])
    return out


__all__ = ["ROLE", "Question", "check_round", "instructions", "questions", "wrong", "passed"]
