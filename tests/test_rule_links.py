"""A refusal's citation links to its rule on the reference page, in the page's language."""

from __future__ import annotations

import re

from sheriff import i18n
from sheriff.errors import IllegalAction
from sheriff.rulebook import RULES
from sheriff.widgets import render
from sheriff.widgets.course.reference import RuleReference
from sheriff.widgets.glossary_links import rule_anchor


def _link(html: str) -> tuple[str, str]:
    m = re.search(r'<a class="sn-rule-link" href="([^"]+)">([^<]+)</a>', html)
    assert m, html
    return m.group(1), m.group(2)


def test_a_refusal_links_its_citation_to_the_rule_on_the_reference_page():
    i18n.set_language("en")
    err = IllegalAction("setup.players", "Too many players.", "2E")
    href, text = _link(render.refusal(err))
    assert href == "40_reference.ipynb#rule-setup.players"
    assert text == err.cite and "setup.players" not in text  # the citation, never the rule id


def test_the_link_keeps_the_language_and_reads_in_it():
    try:
        i18n.set_language("uk")
        err = IllegalAction("setup.players", "Too many players.", "2E")
        href, text = _link(render.refusal(err))
        assert href == "40_reference.ipynb?lang=uk#rule-setup.players"
        assert "Вступ" in text and "setup.players" not in text
    finally:
        i18n.set_language("en")


def test_every_rule_has_its_anchor_on_the_reference_page_when_it_opens():
    page = RuleReference().results.value
    for rule_id in RULES:
        assert f'id="{rule_anchor(rule_id)}"' in page, rule_id
