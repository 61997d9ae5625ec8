"""The course in order (``data/course.json``): each page's notebook, title, what the
learner will learn there and a short recap.  Navigation (header, "Next", progress on the
home page) is built from this list alone, so reordering the course is one edit.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Page(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    notebook: str = Field(pattern=r"^[0-9]{2}_[a-z0-9_]+\.ipynb$")  # a file in notebooks/
    title: str = Field(min_length=1)
    learn: str = Field(min_length=1)
    recap: str = ""
    recap_when_done: bool = False  # an activity's recap tells what it is about to ask: shown once it is finished


class Course(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str = Field("", alias="_about")
    pages: tuple[Page, ...] = Field(min_length=1)
    extras: tuple[Page, ...] = ()  # reference pages outside the lesson order

    @model_validator(mode="after")
    def _unique(self) -> Course:
        names = [p.notebook for p in (*self.pages, *self.extras)]
        if len(set(names)) != len(names):
            raise ValueError("a notebook is listed twice")
        return self


def parse(text: str) -> Course:
    return Course.model_validate(json.loads(text))


@cache
def course() -> Course:
    return parse(resources.files("sheriff").joinpath("data/course.json").read_text("utf-8"))


def page(notebook: str) -> Page:
    for p in (*course().pages, *course().extras):
        if p.notebook == notebook:
            return p
    raise KeyError(notebook)


def position(notebook: str) -> int | None:
    """0-based place of a page in the course, or None for a page outside it."""
    names = [p.notebook for p in course().pages]
    return names.index(notebook) if notebook in names else None


def next_page(notebook: str) -> Page | None:
    i = position(notebook)
    pages = course().pages
    return pages[i + 1] if i is not None and i + 1 < len(pages) else None


PART = "<!-- part -->"  # splits a page's prose into the parts its notebook shows, in order


@cache
def prose(notebook: str) -> tuple[tuple[str, ...], ...]:
    """A page's written text (``data/lessons/<page>.md``): its parts, each a tuple of paragraphs
    (blocks between blank lines), which is how the message catalogs hold them."""
    name = notebook.removesuffix(".ipynb") + ".md"
    text = resources.files("sheriff").joinpath("data", "lessons", name).read_text(encoding="utf-8")
    return tuple(tuple(p.strip() for p in part.split("\n\n") if p.strip()) for part in text.split(PART))
