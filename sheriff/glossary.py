"""The words the lessons use, explained once (``data/glossary.json``).

The file is meant to be edited by hand, so it is validated when it is loaded: a bad entry
fails with the field that is wrong, not later in a page.
"""
from __future__ import annotations

import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sheriff.i18n import DEFAULT, _, get_language


class Term(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")      # the anchor on the glossary page
    term: str = Field(min_length=1)
    forms: tuple[str, ...] = Field(min_length=1)     # spellings marked in lesson text
    definition: str = Field(min_length=20)
    cite: str = ""                                   # "1E · ...; 2E · ..." where a rulebook says it

    # In the page's language.  A form's translation may list several word forms separated by
    # "|" (Ukrainian declines: "торговець|торговця|торговцю"), each marked where it occurs.
    def name(self) -> str:
        return _(self.term)

    def meaning(self) -> str:
        return _(self.definition)

    def citation(self) -> str:
        return _(self.cite) if self.cite else ""

    def spellings(self) -> tuple[str, ...]:
        out: list[str] = []
        for f in self.forms:
            out += [w.strip() for w in _(f).split("|") if w.strip() and w.strip() not in out]
        return tuple(out)

    @field_validator("cite")
    @classmethod
    def _names_edition(cls, v: str) -> str:
        if v and not v.startswith(("1E ·", "2E ·")):
            raise ValueError("a citation starts with its edition: '1E · section' or '2E · section'")
        return v


class Glossary(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str = Field("", alias="_about")
    terms: tuple[Term, ...]

    @model_validator(mode="after")
    def _unique(self) -> "Glossary":
        ids = [t.id for t in self.terms]
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes:
            raise ValueError(f"glossary ids used twice: {sorted(dupes)}")
        return self


def parse(text: str) -> Glossary:
    """A glossary from JSON text (raises pydantic's ValidationError on a bad entry)."""
    return Glossary.model_validate(json.loads(text))


@cache
def glossary() -> Glossary:
    return parse(resources.files("sheriff").joinpath("data/glossary.json").read_text("utf-8"))


def terms() -> tuple[Term, ...]:
    return glossary().terms


def find(text: str) -> list[Term]:
    """Terms whose name, spellings or definition (in the page's language, and in English on a
    translated page) contain every word of ``text``."""
    words = text.lower().split()

    def hay(t: Term) -> str:
        shown = (t.name(), *t.spellings(), t.meaning())
        return " ".join(shown if get_language() == DEFAULT else (*shown, t.term, *t.forms, t.definition)).lower()
    return [t for t in terms() if all(w in hay(t) for w in words)]
