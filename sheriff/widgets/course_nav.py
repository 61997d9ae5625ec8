"""The course around each lesson: "what you will learn" at the top, a recap, "Mark done"
and "Next: ..." at the bottom, and the course with the learner's progress on the home page.

Progress lives only in the learner's browser (``localStorage``), never on the server, so
these are plain HTML outputs with a small script rather than widgets.  Links are relative
(the pages sit side by side), so they work under ``/voila/render/`` and under Binder's
``/voila/render/notebooks/`` alike.  The course itself is engine data (``sheriff.course``).
"""

from __future__ import annotations

import json
import re
from html import escape

import mistune

from sheriff.course import course, next_page, page, position
from sheriff.course import prose as page_prose
from sheriff.i18n import _, ngettext
from sheriff.widgets import kit, language
from sheriff.widgets.glossary_links import REFERENCE, with_glossary

HOME = "00_home.ipynb"
STORE = "sheriff-tutor-done"  # localStorage key: a JSON list of finished notebooks

# Shared by every output: read and write the finished pages, and show them (the words the
# script writes are in the page's language: ``_store_js`` fills them in).
STORE_JS = """<script>
window.sheriffProgress = window.sheriffProgress || {
  key: '%s',
  words: %s,
  done: function () { try { return JSON.parse(localStorage.getItem(this.key) || '[]'); } catch (e) { return []; } },
  mark: function (nb) {
    var d = this.done(); if (d.indexOf(nb) < 0) { d.push(nb); localStorage.setItem(this.key, JSON.stringify(d)); }
    this.show();
  },
  show: function () {
    var d = this.done(), w = this.words;
    document.querySelectorAll('[data-sheriff-nb]').forEach(function (el) {
      var on = d.indexOf(el.getAttribute('data-sheriff-nb')) >= 0;
      el.classList.toggle('snl-is-done', on);
      var tick = el.querySelector('.snl-tick'); if (tick) tick.textContent = on ? '\\u2713' : '';
      var btn = el.querySelector('.snl-done-btn'); if (btn) btn.textContent = on ? w.done : w.mark;
      var state = el.querySelector('.snl-done-state'); if (state) state.textContent = on ? w.finished : w.notyet;
    });
  }
};
if (!window.sheriffSameTab) {
  // JupyterLab opens links in outputs in a new tab; the course moves on in the same one.
  window.sheriffSameTab = true;
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('.snl-nav a, a.snl-term');
    if (a) a.removeAttribute('target');
  }, true);
}
</script>"""


def _js(value) -> str:
    """A value written into a <script> (a "</" inside would end the script early)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def _store_js() -> str:
    words = {"done": _("\u2713 Done"), "mark": _("Mark done"), "finished": _("finished"), "notyet": _("not yet")}
    return STORE_JS % (STORE, _js(words))


def _page_words_js() -> str:
    """What the page template's own script says (the lost-connection banner, an upload refused
    before it is sent; share/jupyter/voila/templates/sheriff), in the page's language."""
    words = {
        "lostKernel": _(
            "This page stopped working: the Python session behind it ended, so buttons and menus no "
            "longer answer. Reload the page to start this lesson again."
        ),
        "lostServer": _(
            "This page lost its connection to the tutor (the server stopped or the network went away), "
            "so buttons and menus no longer answer. Reload the page when the tutor is running again."
        ),
        "reload": _("Reload the page"),
        "tooLarge": _(
            "“{name}” is {size} MB: too large to be a saved game (a saved game is a few kilobytes; the "
            "limit is 1 MB). Nothing was sent. Choose the file the “Save game” button gave you."
        ),
    }
    return f"<script>window.sheriffPageWords = {_js(words)};</script>"


def _html(body: str):
    from IPython.display import HTML

    return HTML(kit.CSS + _store_js() + _page_words_js() + body)


def _place(notebook: str) -> str:
    i = position(notebook)
    n = len(course().pages)
    if i == 0:
        return _("Start here")
    if i is None:
        return _("Reference")
    return ngettext("Page {i} of {n} in the course", "Page {i} of {n} in the course", n - 1).format(i=i, n=n - 1)


_PAGE_HREF = re.compile(r'href="([0-9]{2}_[a-z0-9_]+\.ipynb[^"]*)"')


def _keep_language(html: str) -> str:
    """Links between the tutor's pages in written text carry the page's language on."""
    return _PAGE_HREF.sub(lambda m: f'href="{escape(language.link(m.group(1)))}"', html)


def prose_html(notebook: str, part: int = 0, seen: set[str] | None = None) -> str:
    """A part of the page's written text, paragraph by paragraph in the page's language
    (glossary words linked once across the calls sharing ``seen``)."""
    text = "\n\n".join(_(p) for p in page_prose(notebook)[part])
    html = with_glossary(str(mistune.html(text)), seen=set() if seen is None else seen)  # as kit.markdown_html
    return f'<div class="snl-prose">{_keep_language(html)}</div>'


def header_html(notebook: str) -> str:
    p = page(notebook)
    seen: set[str] = set()  # a glossary word is linked once: in the opening text or in "learn"
    opening = prose_html(notebook, seen=seen)
    home, ref = _("all lessons"), _("glossary and rules")
    learn = _("<b>What you will learn:</b> {learn}").format(learn=with_glossary(escape(_(p.learn)), seen=seen))
    return (
        opening
        + f'<div class="snl-nav" data-sheriff-nb="{escape(notebook)}"><span class="snl-kicker">{_place(notebook)}'
        f' · <a href="{escape(language.link(HOME))}">{home}</a>'
        f' · <a href="{escape(language.link(REFERENCE))}">{ref}</a>'
        f" · {language.switcher_html(notebook)}</span><br>{learn}</div>"
    )


def footer_html(notebook: str) -> str:
    p, nxt = page(notebook), next_page(notebook)
    recap = (_("<b>Recap.</b> {recap}").format(recap=with_glossary(escape(_(p.recap)))) + "<br>") if p.recap else ""
    label = _("Next: {title}").format(title=_(nxt.title)) if nxt else _("Back to all lessons")
    go = f'<a class="snl-next" href="{escape(language.link(nxt.notebook if nxt else HOME))}">{escape(label)} \u2192</a>'
    mark, home = _("Mark done"), _("all lessons")
    nb = escape(notebook)
    return (
        f'<div class="snl-nav snl-footer" data-sheriff-nb="{nb}">{recap}'
        f'<div style="margin-top:6px"><button class="snl-done-btn" type="button" '
        f"onclick=\"window.sheriffProgress.mark('{nb}')\">{mark}</button>"
        f'<a href="{escape(language.link(HOME))}">{home}</a></div>{go}</div>'
        # Scrolling down to the end of the page marks it done.
        "<script>(function () { var P = window.sheriffProgress; P.show();"
        f" var el = document.querySelector('.snl-footer[data-sheriff-nb=\"{nb}\"]');"
        " if (!el) return;"
        # a lesson paced into parts (kit.Sections) counts only once its last part is open
        " function lastPart() { var b = document.querySelectorAll('.snl-part-pick button');"
        " return !b.length || b[b.length - 1].classList.contains('mod-active'); }"
        # a page that is an activity (the guided game, a game to play: class sn-activity) counts
        # only once it is finished (an element of class sn-activity-finished), however short it is
        " function finished() { return !document.querySelector('.sn-activity')"
        " || !!document.querySelector('.sn-activity-finished'); }"
        # only once the learner scrolls: before the widgets render, the footer is briefly in view
        " var timer = null;"
        " function check() { var r = el.getBoundingClientRect();"
        "  if (r.top < window.innerHeight && r.bottom > 0 && lastPart() && finished()) {"
        f"   P.mark('{nb}'); document.removeEventListener('scroll', check, true); clearInterval(timer); }} }}"
        " document.addEventListener('scroll', check, true);"
        # an activity may end with its footer already in view: look again now and then
        " timer = setInterval(function () { if (document.querySelector('.sn-activity-finished')) check(); }, 1500);"
        " })();</script>"
    )


def course_html() -> str:
    """Every page of the course in order, each ticked once the learner finished it."""
    items = []
    for p in course().pages:
        num = f"{int(p.notebook[:2])}. " if int(p.notebook[:2]) else ""  # as the page's own title
        items.append(
            f'<li data-sheriff-nb="{escape(p.notebook)}"><span class="snl-tick"></span>'
            f'<a href="{escape(language.link(p.notebook))}">{num}{escape(_(p.title))}</a>'
            f" — {escape(_(p.learn))}</li>"
        )
    extras = "".join(
        f'<li><span class="snl-tick"></span><a href="{escape(language.link(p.notebook))}">'
        f"{escape(_(p.title))}</a> — {escape(_(p.learn))}</li>"
        for p in course().extras
    )
    title, reference = _("The course, in order (a tick marks the pages you finished in this browser)"), _("Reference")
    return (
        f'<div class="snl-nav sheriff-course"><div class="snl-kicker">{title}</div>'
        f'<ol class="snl-course">{"".join(items)}</ol><div class="snl-kicker">{reference}</div>'
        f'<ul class="snl-course">{extras}</ul></div><script>window.sheriffProgress.show();</script>'
    )


def prose(notebook: str, part: int = 0):
    """Display a part of a page's written text (``data/lessons/<page>.md``) in the page's language."""
    language.start_page()
    if part == 0 and notebook == HOME:  # where a newcomer arrives: the choice comes first
        return _html(language.chooser_html(notebook) + prose_html(notebook, part))
    return _html(prose_html(notebook, part) + (language.switcher_html(notebook) if part == 0 else ""))


def header(notebook: str):
    """Display at the top of a lesson: its opening text, where it sits in the course and what it
    teaches.  Glossary words are linked here, on the server (the written text is no longer in
    markdown cells, so ``glossary_links.marker_script`` has nothing left to mark)."""
    language.start_page()
    return _html(header_html(notebook))


def footer(notebook: str):
    """Display at the end of a lesson: recap, "Mark done" and the link to the next page."""
    return _html(footer_html(notebook))


def course_map():
    """Display on the home page: the course with the learner's ticks."""
    return _html(course_html())


__all__ = [
    "prose",
    "prose_html",
    "header",
    "footer",
    "course_map",
    "header_html",
    "footer_html",
    "course_html",
    "STORE",
]
