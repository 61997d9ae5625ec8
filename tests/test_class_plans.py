"""The class plans on the teacher's page name the pages' own words, in both languages.

Every name a plan row quotes (“Create a room”, “Reveal round 2”) is a text of the tutor's pages (a
message of its catalogs), and the Ukrainian row quotes the same names as the Ukrainian pages show
them («Створити кімнату», «Розкрити раунд 2»).  The browser test (tests/browser/test_plans_as_written.py)
follows the English rows on the pages themselves."""

from __future__ import annotations

import re

import pytest

from sheriff.i18n import catalog
from sheriff.widgets.course import teaching

PLANS = {which: plan for which, (_title, plan) in teaching.PLANS.items()}  # every plan the page shows
QUOTED_EN = re.compile(r"“([^”]+)”")
QUOTED_UK = re.compile(r"«([^»]+)»")
NUMBERED = re.compile(r"^(.*?) (\d+)$")  # “Reveal round 2”: the page's “Reveal round {round}”


def page_text(name: str, lang: str) -> str | None:
    """``name`` as the pages show it in ``lang``, or None if no page has it."""
    tr = catalog(lang)
    if tr.gettext(name) != name:
        return tr.gettext(name)
    numbered = NUMBERED.match(name)
    if numbered:
        template = numbered.group(1) + " {round}"
        if tr.gettext(template) != template:
            return tr.gettext(template).format(round=numbered.group(2))
    return None


ROWS = [
    pytest.param(do, id=f"{which}-{minutes}")
    for which, plan in PLANS.items()
    for minutes, _page, _title, do, _ask in plan
]


@pytest.mark.parametrize("do", ROWS)
def test_every_quoted_name_is_the_pages_own_in_both_languages(do):
    names = QUOTED_EN.findall(do)
    uk_row = catalog("uk").gettext(do)
    assert uk_row != do, "the row has no Ukrainian translation"
    assert "“" not in uk_row, "the Ukrainian row quotes with «», as the Ukrainian pages do"
    for name in names:
        uk = page_text(name, "uk")
        assert uk is not None, f"“{name}” is no text of the pages"
        assert uk in QUOTED_UK.findall(uk_row), f"the Ukrainian row does not name «{uk}» (“{name}”)"
    assert len(QUOTED_UK.findall(uk_row)) == len(names), "the Ukrainian row quotes other names"
