"""Practice questions, generated from random positions and answered by the engine.

    >>> from sheriff.practice import generate, check
    >>> q = generate("inspect", seed=3)
    >>> q.prompt                                  # what the learner is asked
    >>> fb = check(q, {"payer": ..., "amount": 8, "kept": 4})
    >>> fb.correct, fb.fields, fb.explanation, fb.cite

Every question is a seeded random position (``random.Random(seed)``: the same seed
gives the same question) that is played out by the engine (``Game.push`` or
``why_illegal``, ``sheriff.scoring``); the right answer is read from what the
engine did, never worked out here.  The explanation is the engine's own narration
plus the rule it applied, with its citation for the edition.

A question has answer ``fields``: a choice (a dropdown's options) or a whole number.
``check`` compares the learner's answers with the engine's and says, field by field,
what was right.  Pure functions, no widgets: ``sheriff.widgets.course.practice`` shows them.
"""

from __future__ import annotations

from sheriff.practice.inspection import q_deal, q_deputies, q_haggle, q_inspect, q_pass
from sheriff.practice.merchant_turn import q_declare, q_load, q_market
from sheriff.practice.question import (
    ALLOWED,
    MERCHANT_PAYS,
    NOBODY,
    SHERIFF_PAYS,
    Feedback,
    Field,
    Question,
    Scene,
    check,
)
from sheriff.practice.scoring import q_blackmarket, q_debt, q_endround, q_kingqueen, q_total
from sheriff.practice.tables import table_game

KINDS = {
    "market": q_market,
    "load": q_load,
    "declare": q_declare,
    "inspect": q_inspect,
    "pass": q_pass,
    "deal": q_deal,
    "haggle": q_haggle,
    "debt": q_debt,
    "endround": q_endround,
    "kingqueen": q_kingqueen,
    "total": q_total,
    "deputies": q_deputies,
    "blackmarket": q_blackmarket,
}


def generate(kind: str, seed: int, edition: str | None = None) -> Question:
    """Question ``kind`` (see ``KINDS``) for ``seed``; ``edition`` None: picked at random."""
    if kind not in KINDS:
        raise KeyError(f"no question kind {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind](seed, edition)


__all__ = [
    "Field",
    "Scene",
    "Question",
    "Feedback",
    "KINDS",
    "generate",
    "check",
    "table_game",
    "ALLOWED",
    "MERCHANT_PAYS",
    "NOBODY",
    "SHERIFF_PAYS",
]
