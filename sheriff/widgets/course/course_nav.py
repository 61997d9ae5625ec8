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
from sheriff.widgets.markup import Markup, fill_html, render

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
      el.classList.toggle('sn-is-done', on);
      var tick = el.querySelector('.sn-tick'); if (tick) tick.textContent = on ? '\\u2713' : '';
      var btn = el.querySelector('.sn-done-btn'); if (btn) btn.textContent = on ? w.done : w.mark;
      var state = el.querySelector('.sn-done-state'); if (state) state.textContent = on ? w.finished : w.notyet;
    });
    // the course map: how far the learner is, and the first station not yet finished
    document.querySelectorAll('.sn-map').forEach(function (map) {
      var stops = map.querySelectorAll('[data-sheriff-nb]'), n = 0, next = null;
      stops.forEach(function (li) {
        var on = d.indexOf(li.getAttribute('data-sheriff-nb')) >= 0; if (on) n++; else if (!next) next = li;
        li.classList.remove('sn-is-next'); var lab = li.querySelector('.sn-next-label'); if (lab) lab.textContent = '';
      });
      if (next) { next.classList.add('sn-is-next'); var l = next.querySelector('.sn-next-label'); if (l) l.textContent = w.next; }
      var count = map.parentNode.querySelector('.sn-map-count');
      if (count) count.textContent = w.count.replace('{n}', n).replace('{total}', stops.length);
    });
  }
};
if (!window.sheriffSameTab) {
  // JupyterLab opens links in outputs in a new tab; the course moves on in the same one.
  window.sheriffSameTab = true;
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('.sn-nav a, a.sn-term');
    if (a) a.removeAttribute('target');
  }, true);
}
</script>"""


def _js(value) -> str:
    """A value written into a <script> (a "</" inside would end the script early)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def _store_js() -> str:
    words = {
        "done": _("\u2713 Done"),
        "mark": _("Mark done"),
        "finished": _("finished"),
        "notyet": _("not yet"),
        "next": _("your next stop"),
        "count": _("Finished in this browser: {n} of {total}"),
    }
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


def _html(body: str, first: bool = False):
    """An output of the page; ``first``: the page's header, which carries the stylesheet for the
    whole page (``kit.page_css``)."""
    from IPython.display import HTML

    return HTML((kit.page_css() if first else kit.css()) + _store_js() + _page_words_js() + body)


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
    return render("course_nav.html.j2", kind="prose", html=Markup(_keep_language(html)))


def header_html(notebook: str) -> str:
    p = page(notebook)
    seen: set[str] = set()  # a glossary word is linked once: in the opening text or in "learn"
    opening = prose_html(notebook, seen=seen)
    return render(
        "course_nav.html.j2",
        kind="header",
        opening=Markup(opening),
        nb=notebook,
        place=_place(notebook),
        home_href=language.link(HOME),
        home=_("all lessons"),
        ref_href=language.link(REFERENCE),
        ref=_("glossary and rules"),
        switcher=Markup(language.switcher_html(notebook)),
        learn=fill_html(
            _("<b>What you will learn:</b> {learn}"), learn=Markup(with_glossary(escape(_(p.learn)), seen=seen))
        ),
    )


def footer_html(notebook: str) -> str:
    p, nxt = page(notebook), next_page(notebook)
    recap = fill_html(_("<b>Recap.</b> {recap}"), recap=Markup(with_glossary(escape(_(p.recap))))) if p.recap else ""
    return render(
        "course_nav.html.j2",
        kind="footer",
        nb=notebook,
        recap=recap,
        recap_when_done=p.recap_when_done,
        mark=_("Mark done"),
        home_href=language.link(HOME),
        home=_("all lessons"),
        next_href=language.link(nxt.notebook if nxt else HOME),
        next=_("Next: {title}").format(title=_(nxt.title)) if nxt else _("Back to all lessons"),
    )


def course_html() -> str:
    """The course as a map: every page a station in order, the guided game first, each ticked once the
    learner finished it, the next one marked (``sheriffProgress.show`` fills these in the browser)."""
    pages = [
        {
            "nb": p.notebook,
            "href": language.link(p.notebook),
            "num": f"{int(p.notebook[:2])}. " if int(p.notebook[:2]) else "",  # as the page's own title
            "title": _(p.title),
            "learn": _(p.learn),
        }
        for p in course().pages
    ]
    extras = [{"href": language.link(p.notebook), "title": _(p.title), "learn": _(p.learn)} for p in course().extras]
    return render(
        "course_nav.html.j2",
        kind="course",
        title=_("The course, in order (a tick marks the pages you finished in this browser)"),
        pages=pages,
        start=_("Start here"),
        reference=_("Reference"),
        extras=extras,
    )


def prose(notebook: str, part: int = 0):
    """Display a part of a page's written text (``data/lessons/<page>.md``) in the page's language."""
    language.start_page()
    if part == 0 and notebook == HOME:  # where a newcomer arrives: the choice comes first
        return _html(language.chooser_html(notebook) + prose_html(notebook, part), first=True)
    return _html(prose_html(notebook, part) + (language.switcher_html(notebook) if part == 0 else ""), part == 0)


def header(notebook: str):
    """Display at the top of a lesson: its opening text, where it sits in the course and what it
    teaches.  Glossary words are linked here, on the server (the written text is no longer in
    markdown cells, so ``glossary_links.marker_script`` has nothing left to mark)."""
    language.start_page()
    return _html(header_html(notebook), first=True)


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
