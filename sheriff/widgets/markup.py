"""Markup from templates: Jinja2 with autoescaping, templates in ``sheriff/widgets/templates/``.

Widget modules pass words (already translated by ``_()`` in Python, so the catalogs stay
where Babel finds them) and numbers; the templates hold the tags and class names.  Text is
escaped by Jinja; HTML made by another template or a trusted message is passed as ``Markup``.

    render("piles.html.j2", piles=...)      -> str (plain ``str``: safe to concatenate)
    fill(_("gold: {gold}"), gold=Markup(b))  -> the message escaped, its fields filled in
"""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape


def fill(message: str, **fields) -> Markup:
    """A translated message with ``{name}`` fields: the message escaped, each field escaped unless
    it is ``Markup`` (a fragment rendered by a template)."""
    return Markup(escape(message)).format(**fields)


def fill_html(message: str, **fields) -> Markup:
    """As ``fill`` for a message whose own text holds markup (``<b>…</b>`` in the catalog):
    the message is trusted, its fields are escaped."""
    return Markup(message).format(**fields)


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("sheriff.widgets", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(fill=fill, fill_html=fill_html)
    return env


def render(template: str, **context) -> str:
    """``template`` rendered with ``context``; surrounding whitespace dropped."""
    return str(environment().get_template(template).render(**context)).strip()


def html(fragment: str) -> Markup:
    """HTML this package built (a rendered template) marked safe to place in another template."""
    return Markup(fragment)


__all__ = ["render", "fill", "fill_html", "html", "Markup"]
