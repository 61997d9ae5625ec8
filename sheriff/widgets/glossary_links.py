"""Glossary words in the tutor's HTML: each first appearance becomes a link to its entry on the
reference page, with the definition on hover.  No widgets here, so every page and the kit can
use it."""

from __future__ import annotations

import re
from functools import cache
from html import escape

from sheriff.glossary import Term, terms
from sheriff.i18n import get_language
from sheriff.widgets import language

REFERENCE = "40_reference.ipynb"  # relative: works under /voila/render/ and .../notebooks/


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on the reference page (``40_reference.ipynb#rule-inspect.order``):
    the page lists every rule when it opens, and scrolls to the one in the address."""
    return f"rule-{rule_id}"


# Inside these elements a word is never marked (links, code, headings, controls).
_SKIP = {
    "a",
    "code",
    "pre",
    "script",
    "style",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "button",
    "select",
    "option",
    "textarea",
    "dt",
    "summary",
}
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")


def _matcher() -> tuple[re.Pattern, dict[str, Term]]:
    return matcher_for(get_language())


@cache
def matcher_for(lang: str) -> tuple[re.Pattern, dict[str, Term]]:
    """One pattern for every spelling in ``lang``, longest first; capitalised spellings match as
    written."""
    owner: dict[str, Term] = {}
    for t in terms():
        for f in t.spellings():
            owner.setdefault(f.lower(), t)
    parts = []
    for form in sorted(owner, key=len, reverse=True):
        original = next(f for t in terms() for f in t.spellings() if f.lower() == form)
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

    forms = sorted({f for t in terms() for f in t.spellings()}, key=len, reverse=True)
    table = {f.lower(): [t.id, f"{t.name()}: {t.meaning()}"] for t in terms() for f in t.spellings()}
    data = json.dumps(
        {
            "re": "(?<![\\w-])(?:" + "|".join(_js_form(f) for f in forms) + ")(?![\\w-])",
            "terms": table,
            "page": language.link(page),
        }
    ).replace("</", "<\\/")
    return (
        """<script>
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
        var a = document.createElement('a'); a.className = 'sn-term'; a.textContent = m[0];
        a.href = G.page + '#term-' + t[0]; a.title = t[1]; frag.appendChild(a); last = m.index + m[0].length;
      }
      if (frag) { frag.appendChild(document.createTextNode(text.slice(last))); node.parentNode.replaceChild(frag, node); }
    });
  }
  document.querySelectorAll('.jp-MarkdownOutput, .jp-RenderedMarkdown').forEach(mark);
})(%s);
</script>"""
        % data
    )


def term_link(t: Term, text: str, page: str = REFERENCE) -> str:
    """A link to the term's entry (keeping the page's language), its definition on hover."""
    href = language.link(f"{page}#term-{t.id}") if page else f"#term-{t.id}"
    return f'<a class="sn-term" href="{escape(href)}" title="{escape(t.name())}: {escape(t.meaning())}">{text}</a>'


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
