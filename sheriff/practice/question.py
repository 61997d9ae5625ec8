"""A practice question, its answer fields and scene, and ``check``: the learner's answers
against the engine's.  Pure data, no widgets: ``sheriff.widgets.course.practice`` shows them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sheriff.i18n import N_
from sheriff.rulebook import RULES

# Answers kept in English here; a question puts them through ``_`` (its options and its answer alike).
NOBODY = N_("Nobody pays anything")
SHERIFF_PAYS = N_("The Sheriff pays the merchant")
MERCHANT_PAYS = N_("The merchant pays the Sheriff")
ALLOWED = N_("Allowed")
REFUSED = N_("Refused")

_SENTENCE_START = re.compile(r"(^|[.!?][»\")]?\s+)([(«\"]?)([^\W\d_])")


def sentence_case(text: str) -> str:
    """Every sentence starting with a capital letter.  Names come from data and some are written
    in lower case ('принц Джон'); a translation may put one first in a sentence."""
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2) + m.group(3).upper(), text)


# -- questions and answers -------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One answer box: ``kind`` is "choice" (pick one of ``options``) or "int"."""

    name: str
    label: str
    kind: str = "int"
    options: tuple[str, ...] = ()
    lo: int = 0
    hi: int = 999
    accept: tuple[str, ...] = ()  # a choice: other options that are right too (the answer is one of them)

    def __post_init__(self):
        object.__setattr__(self, "label", sentence_case(self.label))


@dataclass(frozen=True)
class Scene:
    """Something to draw beside the question: a caption and cards (a count vector)."""

    caption: str
    counts: tuple[int, ...] = ()
    face_down: int = 0
    note: str = ""
    cards: tuple[int, ...] = ()  # cards in order (a pile: the top card last), drawn as a row

    def __post_init__(self):
        object.__setattr__(self, "caption", sentence_case(self.caption))


@dataclass
class Question:
    kind: str
    seed: int
    edition: str
    title: str
    prompt: str
    scene: list[Scene]
    fields: tuple[Field, ...]
    answer: dict[str, object]
    explanation: str
    rule_id: str
    graded: tuple[str, ...] = ()  # fields that count (default: all)

    def __post_init__(self):
        self.title, self.prompt = sentence_case(self.title), sentence_case(self.prompt)
        self.explanation = sentence_case(self.explanation)

    @property
    def rule(self):
        return RULES[self.rule_id]

    @property
    def cite(self) -> str:
        return self.rule.cite(self.edition)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


@dataclass
class Feedback:
    correct: bool
    fields: dict[str, bool]
    explanation: str
    rule_id: str
    cite: str
    interpretation: bool = False
    answer: dict[str, object] = field(default_factory=dict)

    @property
    def rule(self):
        return RULES[self.rule_id]


def check(q: Question, answers: dict) -> Feedback:
    """Compare ``answers`` (field name -> value) with the engine's answer."""
    graded = q.graded or tuple(f.name for f in q.fields)
    marks: dict[str, bool] = {}
    for f in q.fields:
        if f.name not in graded:
            continue
        got: Any = answers.get(f.name)  # whatever the answer widget holds
        want = q.answer[f.name]
        if f.kind == "int":
            try:
                got = int(got)
            except (TypeError, ValueError):
                marks[f.name] = False
                continue
        marks[f.name] = got == want or (f.kind == "choice" and got in f.accept)
    return Feedback(
        all(marks.values()), marks, q.explanation, q.rule_id, q.cite, RULES[q.rule_id].interpretation, dict(q.answer)
    )
