"""Before round 1: each class game's instructions and a two-question check that a student read
them.  A student who answers both questions right has passed for that game; the pass is stored as
a choice in a round that is never played (``CHECK_ROUND``: 0 for the inspection game, -1 for the
duel), so it is written once, safely from many pages at once, and the teacher's dashboard reads it
with the other choices.  Wrong answers are not stored: the page says which to read again."""

from __future__ import annotations

from dataclasses import dataclass

from sheriff.classroom.store import Choice
from sheriff.i18n import N_, _

CHECK_ROUND = {"inspection": 0, "duel": -1}
ROLE = "check"  # a stored pass's role (never a round's merchant or sheriff)

INSTRUCTIONS = {
    "inspection": N_(
        "Each round you are paired with a classmate: one of you is the merchant, the other the Sheriff, "
        "and you swap roles the next round. The merchant brings a bag declared as legal goods: the honest "
        "bag, or a bag with contraband in it. At the same time, without seeing that choice, the Sheriff "
        "lets the bag pass or inspects it. An inspected bag that is not as declared pays the Sheriff a "
        "fine; an inspected honest bag makes the Sheriff pay the merchant. Points add up over the rounds."
    ),
    "duel": N_(
        "Each round you are paired with a classmate: one of you is the merchant, the other the Sheriff, "
        "and you swap roles the next round. The merchant loads a bag from a hand of cards, declares one "
        "legal good and may offer a bribe. The Sheriff then sees the declaration and the offer, never the "
        "cards in the bag, and lets the bag pass, takes the deal, or opens it. The game's own rules pay "
        "for what is found. Points add up over the rounds."
    ),
}

# (question, options, the right option's index): each game's two questions
QUESTIONS = {
    "inspection": (
        (
            N_("When you choose, do you know what your partner chose?"),
            (
                N_("Yes: the merchant chooses first, and the Sheriff sees the bag."),
                N_("No: the merchant and the Sheriff choose at the same time."),
                N_("Yes: the Sheriff chooses first."),
            ),
            1,
        ),
        (
            N_("The Sheriff inspects a bag that is honest. Who pays?"),
            (
                N_("The merchant pays the Sheriff."),
                N_("Nobody pays."),
                N_("The Sheriff pays the merchant."),
            ),
            2,
        ),
    ),
    "duel": (
        (
            N_("As the Sheriff, what do you see before you decide?"),
            (
                N_("The declaration and any bribe offered, but not the cards in the bag."),
                N_("Every card in the bag."),
                N_("Only the merchant's nickname."),
            ),
            0,
        ),
        (
            N_("The Sheriff takes the deal. What happens?"),
            (
                N_("The bag is opened and the bribe goes back."),
                N_("The bribe is paid and the bag goes through unopened."),
                N_("The merchant pays a fine."),
            ),
            1,
        ),
    ),
}


@dataclass(frozen=True)
class Question:
    text: str
    options: tuple[str, ...]


def instructions(game: str) -> str:
    return _(INSTRUCTIONS[game])


def questions(game: str) -> list[Question]:
    """The game's questions, in the page's language."""
    return [Question(_(q), tuple(_(o) for o in options)) for q, options, _right in QUESTIONS[game]]


def wrong(game: str, answers: list[int | None]) -> list[int]:
    """The questions (by index) answered wrongly or not at all."""
    given = list(answers) + [None] * len(QUESTIONS[game])
    return [i for i, (_q, _o, right) in enumerate(QUESTIONS[game]) if given[i] != right]


def passed(choices: list[Choice]) -> dict[int, tuple[str, ...]]:
    """Member id -> the games whose check that member passed (from every stored choice of a room)."""
    game_of = {n: g for g, n in CHECK_ROUND.items()}
    out: dict[int, tuple[str, ...]] = {}
    for c in choices:
        if c.role == ROLE and c.round in game_of:
            out[c.member] = (*out.get(c.member, ()), game_of[c.round])
    return out


__all__ = ["CHECK_ROUND", "Question", "instructions", "questions", "wrong", "passed"]
