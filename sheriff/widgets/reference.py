"""The glossary and the rule reference, and glossary marks in lesson text.

``with_glossary(html)`` links the first appearance of each glossary word to its entry on
the reference page (the definition also shows on hover).  ``glossary_html()`` is the
anchored glossary; ``RuleReference`` searches the rules and the glossary as you type.
Words and rules come from the engine's data (``sheriff.glossary``, ``sheriff.rulebook``).
"""
from __future__ import annotations

import re
from functools import cache
from html import escape

import ipywidgets as widgets

from sheriff.glossary import Term, terms
from sheriff.glossary import find as find_terms
from sheriff.rulebook import RULES, Rule
from sheriff.widgets import kit, lesson

REFERENCE = "40_reference.ipynb"       # relative: works under /voila/render/ and .../notebooks/


# Inside these elements a word is never marked (links, code, headings, controls).
_SKIP = {"a", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6",
         "button", "select", "option", "textarea", "dt", "summary"}
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")


@cache
def _matcher() -> tuple[re.Pattern, dict[str, Term]]:
    """One pattern for every spelling, longest first; capitalised spellings match as written."""
    owner: dict[str, Term] = {}
    for t in terms():
        for f in t.forms:
            owner.setdefault(f.lower(), t)
    parts = []
    for form in sorted(owner, key=len, reverse=True):
        original = next(f for t in terms() for f in t.forms if f.lower() == form)
        body = re.escape(original) if original != original.lower() else f"(?i:{re.escape(original)})"
        parts.append(body)
    return re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])"), owner


def _js_form(form: str) -> str:
    """A spelling as a JavaScript pattern: as written if capitalised, else either case."""
    if form != form.lower():
        return re.escape(form)
    return "".join(f"[{c}{c.upper()}]" if c.isalpha() else re.escape(c) for c in form)


def marker_script(page: str = REFERENCE) -> str:
    """A script that marks the first appearance of each glossary word in the page's written
    text (its markdown cells) the way ``with_glossary`` marks HTML, link and hover included."""
    import json

    forms = sorted({f for t in terms() for f in t.forms}, key=len, reverse=True)
    table = {f.lower(): [t.id, f"{t.term}: {t.definition}"] for t in terms() for f in t.forms}
    data = json.dumps({"re": "(?<![\\w-])(?:" + "|".join(_js_form(f) for f in forms) + ")(?![\\w-])",
                       "terms": table, "page": page}).replace("</", "<\\/")
    return """<script>
(function (G) {
  if (window.sheriffGlossaryMarked) return;
  window.sheriffGlossaryMarked = true;
  var skip = /^(A|CODE|PRE|SCRIPT|STYLE|H1|H2|H3|H4|H5|H6|BUTTON|DT|SUMMARY)$/, seen = {};
  function mark(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {acceptNode: function (n) {
      for (var p = n.parentNode; p && p !== root; p = p.parentNode) if (skip.test(p.nodeName)) return 2;
      return 1; }});
    var nodes = []; while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var re = new RegExp(G.re, 'g'), text = node.nodeValue, m, last = 0, frag = null;
      while ((m = re.exec(text))) {
        var t = G.terms[m[0].toLowerCase()]; if (!t || seen[t[0]]) continue;
        seen[t[0]] = true; frag = frag || document.createDocumentFragment();
        frag.appendChild(document.createTextNode(text.slice(last, m.index)));
        var a = document.createElement('a'); a.className = 'snl-term'; a.textContent = m[0];
        a.href = G.page + '#term-' + t[0]; a.title = t[1]; frag.appendChild(a); last = m.index + m[0].length;
      }
      if (frag) { frag.appendChild(document.createTextNode(text.slice(last))); node.parentNode.replaceChild(frag, node); }
    });
  }
  document.querySelectorAll('.jp-MarkdownOutput, .jp-RenderedMarkdown').forEach(mark);
})(%s);
</script>""" % data


def term_link(t: Term, text: str, page: str = REFERENCE) -> str:
    return (f'<a class="snl-term" href="{escape(page)}#term-{t.id}" '
            f'title="{escape(t.term)}: {escape(t.definition)}">{text}</a>')


def with_glossary(html: str, page: str = REFERENCE, seen: set[str] | None = None) -> str:
    """``html`` with the first appearance of each glossary word linked to its entry.

    Text inside links, code, headings and controls is left alone.  Pass one ``seen`` set
    to several calls to mark each word once across them (``page=""`` links within a page)."""
    pattern, owner = _matcher()
    seen = set() if seen is None else seen
    out: list[str] = []
    skipping: list[str] = []
    for chunk in _TAG.split(html):
        if chunk.startswith("<"):
            m = _TAG_NAME.match(chunk)
            if m and m.group(2).lower() in _SKIP and not chunk.endswith("/>"):
                if m.group(1):
                    if skipping and skipping[-1] == m.group(2).lower():
                        skipping.pop()
                else:
                    skipping.append(m.group(2).lower())
            out.append(chunk)
            continue
        if skipping or not chunk:
            out.append(chunk)
            continue

        def mark(m: re.Match) -> str:
            t = owner[m.group(0).lower()]
            if t.id in seen:
                return m.group(0)
            seen.add(t.id)
            return term_link(t, m.group(0), page)

        out.append(pattern.sub(mark, chunk))
    return "".join(out)


def glossary_html() -> str:
    """Every glossary word with its definition and citation, each with an anchor."""
    rows = "".join(
        f'<div class="snl-entry" id="term-{t.id}"><b>{escape(t.term)}</b><div>{escape(t.definition)}'
        + (f' <span class="snl-src">({escape(t.cite)})</span>' if t.cite else "") + "</div></div>"
        for t in sorted(terms(), key=lambda t: t.term.lower()))
    return f'<div class="snl-gloss">{rows}</div>'


def find_rules(text: str, edition: str | None = None) -> list[Rule]:
    """Rules stated in ``edition`` (or either) whose title, text or citation hold every word."""
    words = text.lower().split()
    found = []
    for r in RULES.values():
        if edition and edition not in dict(r.cites):
            continue
        hay = " ".join((r.title, r.text, r.cite())).lower()
        if all(w in hay for w in words):
            found.append(r)
    return found


def _rule_hit(r: Rule, edition: str | None) -> str:
    tag = '<span class="snl-interp-tag">interpretation</span>' if r.interpretation else ""
    return (f'<div class="snl-hit"><b>{escape(r.title)}</b>{tag}<br>{with_glossary(escape(r.text), page="")}'
            f' <span class="snl-src">({escape(r.cite(edition))})</span></div>')


def _term_hit(t: Term) -> str:
    return (f'<div class="snl-hit"><b><a href="#term-{t.id}">{escape(t.term)}</a></b><br>'
            f'{escape(t.definition)}</div>')


class RuleReference(kit.Frame):
    """Type a word: the glossary entries and the rules that use it, for one edition or both."""

    def __init__(self, query: str = "", edition: str = "both"):
        super().__init__()
        self.query = widgets.Text(value=query, placeholder="search: e.g. bribe, penalty, Deputies",
                                  description="Search", continuous_update=True,
                                  layout=widgets.Layout(width="min(420px, 95%)"))
        self.query.add_class("snl-search")
        self.edition = kit.edition_toggle(edition, both=True, width="100px")
        self.results = lesson.html()
        self.results.add_class("snl-search-results")
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
            parts.append("<h4>In the glossary</h4>" + "".join(_term_hit(t) for t in found))
        what = f"Rules with “{escape(q)}”" if q else "Every rule the tutor cites"
        which = {"1E": " (1st edition)", "2E": " (2nd edition)"}.get(self.edition.value, "")
        if rules:
            parts.append(f"<h4>{what}{which}: {len(rules)}</h4>" + "".join(_rule_hit(r, edition) for r in rules))
        elif q:
            parts.append(f"<h4>No rule mentions “{escape(q)}”{which}.</h4>")
        self.results.value = f'<div class="snl snl-hits">{"".join(parts)}</div>'


# Scroll to (and light up) the glossary entry named in the address, once it is on the page.
ANCHOR_JS = """<script>
(function () {
  function go() {
    var id = decodeURIComponent((location.hash || '').slice(1));
    if (!id) return true;
    var el = document.getElementById(id);
    if (!el) return false;
    document.querySelectorAll('.snl-here').forEach(function (e) { e.classList.remove('snl-here'); });
    el.classList.add('snl-here');
    el.scrollIntoView({block: 'center'});
    return true;
  }
  var tries = 0, timer = setInterval(function () { if (go() || ++tries > 100) clearInterval(timer); }, 100);
  window.addEventListener('hashchange', go);
})();
</script>"""


def glossary_page():
    """The anchored glossary as a plain HTML output (anchors work before widgets load)."""
    from IPython.display import HTML
    return HTML(kit.CSS + glossary_html() + ANCHOR_JS)


__all__ = ["with_glossary", "glossary_html", "glossary_page", "RuleReference", "find_rules", "REFERENCE"]
