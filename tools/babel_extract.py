"""Babel extractors for the tutor's own file kinds (named in babel.cfg; run by tools/i18n.py).

- ``json``: the strings under the keys a section lists (``keys = title, text``), at any depth,
  with the key path as the translator's note (a list's item named by its id: ``rules[market.set_aside].title``).  Ids and numbers are never under those keys.
- ``markdown``: lesson prose (sheriff/data/lessons/*.md), one message per paragraph, the way
  Sphinx's gettext builder cuts a page, so a translator sees whole paragraphs.
- ``notebook``: the Python in a notebook's code cells (its ``_("...")`` calls).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

from babel.messages.extract import extract_python

PART = "<!-- part -->"  # splits a lesson's prose into the parts its notebook shows (course_nav.prose)


def _line_of(text: str, value: str) -> int:
    at = text.find(json.dumps(value, ensure_ascii=False)[1:-1][:60])
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


IDENTITY = ("id", "notebook")  # what names an item of a list (a rule, a term, a page), rather than its place


def _name_of(item, i: int) -> str:
    """``rules[market.set_aside]``, not ``rules[38]``: a translator's note that stays put when an item
    is added to or moved in the list (a story's steps, whose order is their meaning, keep their index)."""
    if isinstance(item, dict):
        for key in IDENTITY:
            if isinstance(item.get(key), str):
                return item[key]
    return str(i)


def extract_json(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    text = fileobj.read().decode("utf-8-sig")
    keys = {k.strip() for k in options.get("keys", "").split(",") if k.strip()}

    def walk(node, path: str, wanted: bool) -> Iterator[tuple]:
        if isinstance(node, dict):
            for k, v in node.items():
                if not k.startswith("_"):
                    yield from walk(v, f"{path}.{k}" if path else k, wanted or k in keys)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(v, f"{path}[{_name_of(v, i)}]", wanted)
        elif wanted and isinstance(node, str) and node.strip():
            yield _line_of(text, node), None, node, [path]

    yield from walk(json.loads(text), "", False)


def paragraphs(text: str) -> list[str]:
    """A markdown text's paragraphs (blocks between blank lines), as the catalog holds them."""
    return [p.strip() for p in text.replace(PART, "\n\n").split("\n\n") if p.strip()]


def extract_markdown(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    text = fileobj.read().decode("utf-8")
    for p in paragraphs(text):
        yield _line_of(text, p.splitlines()[0]), None, p, []


def extract_notebook(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    nb = json.loads(fileobj.read().decode("utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            src = "".join(cell["source"]).encode("utf-8")
            for lineno, func, msg, comments in extract_python(io.BytesIO(src), keywords, comment_tags, options):
                yield lineno, func, msg, [f"cell {i}", *comments]
