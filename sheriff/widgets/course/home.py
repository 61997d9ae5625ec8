"""The home page's box on the rule reference (``40_reference``), where every rule the tutor cites
is searched.  The course itself is listed from ``data/course.json`` (``course_nav.course_map``)."""

from __future__ import annotations

from html import escape

from sheriff.i18n import _, ngettext
from sheriff.rulebook import RULES
from sheriff.widgets import kit, language, lesson

REFERENCE = "40_reference.ipynb"


def reference_html() -> str:
    """Where the rules are: a link to the rule reference (search, edition filter, citations)."""
    interp = sum(1 for r in RULES.values() if r.interpretation)
    name = _("rule reference and glossary")
    link = (
        f'<a href="{escape(language.link(REFERENCE))}" class="sn-reference-link" style="font-weight:bold;'
        f'color:#1565c0;text-decoration:underline">{name}</a>'
    )
    text = ngettext(
        "All {n} rules the tutor cites, in its own words with the rulebook section each comes from ({interp} "
        "marked as the tutor's reading where the rulebooks leave a question open), are on the {link}: search "
        "them by word and filter by edition.",
        "All {n} rules the tutor cites, in its own words with the rulebook section each comes from ({interp} "
        "marked as the tutor's reading where the rulebooks leave a question open), are on the {link}: search "
        "them by word and filter by edition.",
        len(RULES),
    ).format(n=len(RULES), interp=interp, link=link)
    kicker = _("Looking up a rule")
    return f'<div class="sn-text sn-box"><div class="sn-kicker">{kicker}</div><div>{text}</div></div>'


class Home(kit.Frame):
    def __init__(self):
        super().__init__(border=None)
        self.rules = lesson.html(reference_html())
        self.body(self.rules)


__all__ = ["Home", "reference_html"]
