"""The words the lessons use, explained once (``data/glossary.json``).

The file is meant to be edited by hand, so it is validated when it is loaded: a bad entry
fails with the field that is wrong, not later in a page.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from sheriff.i18n import DEFAULT, _, get_language, pgettext


class Term(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")  # the anchor on the glossary page
    term: str = Field(min_length=1)
    forms: tuple[str, ...] = Field(min_length=1)  # spellings marked in lesson text
    definition: str = Field(min_length=20)
    cite: str = ""  # "1E · ...; 2E · ..." where a rulebook says it

    # In the page's language.
    def name(self) -> str:
        return _(self.term)

    def meaning(self) -> str:
        return _(self.definition)

    def citation(self) -> str:
        return _(self.cite) if self.cite else ""

    def spellings(self) -> tuple[str, ...]:
        """The spellings marked in text in the page's language (``word_forms``)."""
        listed = word_forms(self.id)
        words = listed.split("|") if listed is not None else [_(f) for f in self.forms]
        out: list[str] = []
        for w in (w.strip() for w in words):
            if w and w not in out:
                out.append(w)
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
    def _unique(self) -> Glossary:
        ids = [t.id for t in self.terms]
        dupes = {i for i in ids if ids.count(i) > 1}
        if dupes:
            raise ValueError(f"glossary ids used twice: {sorted(dupes)}")
        return self


def word_forms(term_id: str) -> str | None:
    """A term's spellings in the page's language, "|" between them, or None for a term not listed
    here (its ``forms`` are then translated one by one).  One message per term, so that a
    translation can list every form its language uses (Ukrainian declines: "торговець|торговця|
    торговцю|торговцем"); in English each message is the term's ``forms`` (tests check this)."""
    match term_id:
        case "merchant":
            return pgettext("glossary word forms", "merchants|merchant")
        case "sheriff":
            return pgettext("glossary word forms", "Sheriff")
        case "market":
            return pgettext("glossary word forms", "Market")
        case "bag":
            return pgettext("glossary word forms", "merchant bag|bags|bag")
        case "declaration":
            return pgettext("glossary word forms", "declaration|declares|declared")
        case "legal-goods":
            return pgettext("glossary word forms", "legal goods|legal good")
        case "contraband":
            return pgettext("glossary word forms", "contraband")
        case "royal-goods":
            return pgettext("glossary word forms", "Royal Goods|Royal Good")
        case "stand":
            return pgettext("glossary word forms", "merchant stand|stands|stand")
        case "penalty":
            return pgettext("glossary word forms", "penalties|penalty|fines|fine")
        case "inspection":
            return pgettext("glossary word forms", "inspection|inspects|inspect")
        case "bribe":
            return pgettext("glossary word forms", "bribes|bribe")
        case "deal":
            return pgettext("glossary word forms", "honor among thieves|deals|deal")
        case "king-queen":
            return pgettext("glossary word forms", "King and Queen|King|Queen")
        case "score":
            return pgettext("glossary word forms", "score")
        case "discard-pile":
            return pgettext("glossary word forms", "discard piles|discard pile")
        case "deputy":
            return pgettext("glossary word forms", "Deputies|Deputy")
        case "booty":
            return pgettext("glossary word forms", "Booty")
        case "black-market":
            return pgettext("glossary word forms", "Black Market")
        case "round":
            return pgettext("glossary word forms", "rounds|round")
    return None


def parse(text: str) -> Glossary:
    """A glossary from JSON text (raises pydantic's ValidationError on a bad entry)."""
    return Glossary.model_validate(json.loads(text))


@cache
def glossary() -> Glossary:
    return parse(resources.files("sheriff").joinpath("data/glossary.json").read_text("utf-8"))


def terms() -> tuple[Term, ...]:
    return glossary().terms


_WORD = re.compile(r"\w+")


def _stem(word: str) -> str:
    """'ties' -> 'tie': a plural's final s dropped, so the singular and its forms are found too."""
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def matches(query: str, text: str) -> bool:
    """Does every word of ``query`` begin a word of ``text``? Whole words, not fragments: "ties" finds
    "tie" and "tied", never "Deputies"."""
    have = _WORD.findall(text.lower())
    return all(any(h.startswith(w) for h in have) for w in map(_stem, _WORD.findall(query.lower())))


def find(text: str) -> list[Term]:
    """Terms whose name, spellings or definition (in the page's language, and in English on a
    translated page) contain every word of ``text`` (as the start of a word: ``matches``)."""

    def hay(t: Term) -> str:
        shown = (t.name(), *t.spellings(), t.meaning())
        return " ".join(shown if get_language() == DEFAULT else (*shown, t.term, *t.forms, t.definition)).lower()

    return [t for t in terms() if matches(text, hay(t))]
