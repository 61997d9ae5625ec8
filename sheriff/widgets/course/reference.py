"""The glossary and the rule reference, and glossary marks in lesson text.

``with_glossary(html)`` links the first appearance of each glossary word to its entry on
the reference page (the definition also shows on hover).  ``glossary_html()`` is the
anchored glossary; ``RuleReference`` searches the rules and the glossary as you type.
Words and rules come from the engine's data (``sheriff.glossary``, ``sheriff.rulebook``).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff.glossary import Term, matches, terms
from sheriff.glossary import find as find_terms
from sheriff.i18n import DEFAULT, _, get_language, ngettext
from sheriff.rulebook import RULES, Rule
from sheriff.widgets import kit, lesson
from sheriff.widgets.glossary_links import REFERENCE, rule_anchor, with_glossary


def glossary_html() -> str:
    """Every glossary word with its definition and citation, each with an anchor."""
    rows = "".join(
        f'<div class="sn-entry" id="term-{t.id}"><b>{escape(t.name())}</b><div>{escape(t.meaning())}'
        + (f' <span class="sn-src">({escape(t.citation())})</span>' if t.cite else "")
        + "</div></div>"
        for t in sorted(terms(), key=lambda t: t.name().lower())
    )
    return f'<div class="sn-gloss">{rows}</div>'


def _rule_cite(r: Rule, edition: str | None = None) -> str:
    """``Rule.cite`` in the page's language (each edition's section is a message of its own)."""
    cites = dict(r.cites)
    return _(cites[edition]) if edition in cites else "; ".join(_(c) for c in cites.values())


def find_rules(text: str, edition: str | None = None) -> list[Rule]:
    """Rules stated in ``edition`` (or either) whose title, text or citation hold every word."""
    found = []
    for r in RULES.values():
        if edition and edition not in dict(r.cites):
            continue
        shown = (_(r.title), _(r.text), _rule_cite(r))  # what the learner reads on the page
        hay = " ".join(shown if get_language() == DEFAULT else (*shown, r.title, r.text, r.cite())).lower()
        if matches(text, hay):
            found.append(r)
    return found


def _rule_hit(r: Rule, edition: str | None) -> str:
    tag = '<span class="sn-interp-tag">%s</span>' % _("interpretation") if r.interpretation else ""
    return (
        f'<div class="sn-hit" id="{escape(rule_anchor(r.id))}" tabindex="-1"><b>{escape(_(r.title))}</b>{tag}<br>{with_glossary(escape(_(r.text)), page="")}'
        f' <span class="sn-src">({escape(_rule_cite(r, edition))})</span></div>'
    )


def _term_hit(t: Term) -> str:
    return f'<div class="sn-hit"><b><a href="#term-{t.id}">{escape(t.name())}</a></b><br>{escape(t.meaning())}</div>'


class RuleReference(kit.Frame):
    """Type a word: the glossary entries and the rules that use it, for one edition or both."""

    def __init__(self, query: str = "", edition: str = "both"):
        super().__init__()
        self.query = widgets.Text(
            value=query,
            placeholder=_("search: e.g. bribe, penalty, Deputies"),
            description=_("Search"),
            continuous_update=True,
            layout=widgets.Layout(width="min(420px, 95%)"),
        )
        self.query.add_class("sn-search")
        self.edition = kit.edition_toggle(edition, both=True, width="100px")
        self.results = lesson.html(_dom_classes=["sn-search-results"])
        lesson.bench(self.edition, self.results)
        self.query.observe(self.update, names="value")
        self.edition.observe(self.update, names="value")
        self.body(self.query, self.edition, self.results)
        self.update()

    def update(self, _change=None) -> None:
        edition = None if self.edition.value == "both" else self.edition.value
        q = self.query.value.strip()
        rules = find_rules(q, edition)
        found = [t for t in find_terms(q) if not edition or not t.cite or edition in t.cite] if q else []
        self.counts = (len(found), len(rules))
        parts = []
        if found:
            parts.append("<h4>%s</h4>" % _("In the glossary") + "".join(_term_hit(t) for t in found))
        if rules:
            parts.append(
                f"<h4>{escape(self._heading(q, len(rules)))}</h4>" + "".join(_rule_hit(r, edition) for r in rules)
            )
        elif q:
            parts.append(f"<h4>{escape(self._nothing(q))}</h4>")
        self.results.value = f'<div class="sn-text sn-hits">{"".join(parts)}</div>'

    def _heading(self, q: str, n: int) -> str:
        """ "Rules with “bribe” (2nd edition): 5", one whole message per edition choice."""
        match (bool(q), self.edition.value):
            case (True, "1E"):
                return ngettext("Rules with “{q}” (1st edition): {n}", "Rules with “{q}” (1st edition): {n}", n).format(
                    q=q, n=n
                )
            case (True, "2E"):
                return ngettext("Rules with “{q}” (2nd edition): {n}", "Rules with “{q}” (2nd edition): {n}", n).format(
                    q=q, n=n
                )
            case (True, _):
                return ngettext("Rules with “{q}”: {n}", "Rules with “{q}”: {n}", n).format(q=q, n=n)
            case (False, "1E"):
                return ngettext(
                    "Every rule the tutor cites (1st edition): {n}", "Every rule the tutor cites (1st edition): {n}", n
                ).format(n=n)
            case (False, "2E"):
                return ngettext(
                    "Every rule the tutor cites (2nd edition): {n}", "Every rule the tutor cites (2nd edition): {n}", n
                ).format(n=n)
        return ngettext("Every rule the tutor cites: {n}", "Every rule the tutor cites: {n}", n).format(n=n)

    def _nothing(self, q: str) -> str:
        if self.edition.value == "1E":
            return _("No rule mentions “{q}” (1st edition).").format(q=q)
        if self.edition.value == "2E":
            return _("No rule mentions “{q}” (2nd edition).").format(q=q)
        return _("No rule mentions “{q}”.").format(q=q)


# Scroll to (and light up) the glossary entry or rule named in the address, once it is on the page.
ANCHOR_JS = """<script>
(function () {
  function go() {
    var id = decodeURIComponent((location.hash || '').slice(1));
    if (!id) return true;
    var el = document.getElementById(id);
    if (!el) return false;
    document.querySelectorAll('.sn-here').forEach(function (e) { e.classList.remove('sn-here'); });
    el.classList.add('sn-here');
    el.scrollIntoView({block: 'center'});
    if (el.tabIndex === -1 && el.focus) el.focus({preventScroll: true});  // a rule: read it out
    return true;
  }
  var tries = 0, timer = setInterval(function () { if (go() || ++tries > 300) clearInterval(timer); }, 100);
  window.addEventListener('hashchange', go);
})();
</script>"""


def glossary_page():
    """The anchored glossary as a plain HTML output (anchors work before widgets load)."""
    from IPython.display import HTML

    return HTML(kit.css() + glossary_html() + ANCHOR_JS)


__all__ = ["with_glossary", "glossary_html", "glossary_page", "RuleReference", "find_rules", "REFERENCE"]
