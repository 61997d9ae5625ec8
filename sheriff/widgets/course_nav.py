"""The course around each lesson: "what you will learn" at the top, a recap, "Mark done"
and "Next: ..." at the bottom, and the course with the learner's progress on the home page.

Progress lives only in the learner's browser (``localStorage``), never on the server, so
these are plain HTML outputs with a small script rather than widgets.  Links are relative
(the pages sit side by side), so they work under ``/voila/render/`` and under Binder's
``/voila/render/notebooks/`` alike.  The course itself is engine data (``sheriff.course``).
"""
from __future__ import annotations

from html import escape

from sheriff.course import course, next_page, page, position, prose as page_prose
from sheriff.i18n import _
from sheriff.widgets import kit, language
from sheriff.widgets.glossary_links import REFERENCE, marker_script, with_glossary

HOME = "00_home.ipynb"
STORE = "sheriff-tutor-done"      # localStorage key: a JSON list of finished notebooks

# Shared by every output: read and write the finished pages, and show them.
STORE_JS = """<script>
window.sheriffProgress = window.sheriffProgress || {
  key: '%s',
  done: function () { try { return JSON.parse(localStorage.getItem(this.key) || '[]'); } catch (e) { return []; } },
  mark: function (nb) {
    var d = this.done(); if (d.indexOf(nb) < 0) { d.push(nb); localStorage.setItem(this.key, JSON.stringify(d)); }
    this.show();
  },
  show: function () {
    var d = this.done();
    document.querySelectorAll('[data-sheriff-nb]').forEach(function (el) {
      var on = d.indexOf(el.getAttribute('data-sheriff-nb')) >= 0;
      el.classList.toggle('snl-is-done', on);
      var tick = el.querySelector('.snl-tick'); if (tick) tick.textContent = on ? '\\u2713' : '';
      var btn = el.querySelector('.snl-done-btn'); if (btn) btn.textContent = on ? '\\u2713 Done' : 'Mark done';
      var state = el.querySelector('.snl-done-state'); if (state) state.textContent = on ? 'finished' : 'not yet';
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
</script>""" % STORE


def _html(body: str):
    from IPython.display import HTML
    return HTML(kit.CSS + STORE_JS + body)


def _place(notebook: str) -> str:
    i = position(notebook)
    n = len(course().pages)
    return "Start here" if i == 0 else (f"Page {i} of {n - 1} in the course" if i is not None else "Reference")


def prose_html(notebook: str, part: int = 0) -> str:
    """A part of the page's written text, paragraph by paragraph in the page's language."""
    text = "\n\n".join(_(p) for p in page_prose(notebook)[part])
    return f'<div class="snl-prose">{kit.markdown_html(text)}</div>'


def header_html(notebook: str) -> str:
    p = page(notebook)
    return (prose_html(notebook) +
            f'<div class="snl-nav" data-sheriff-nb="{escape(notebook)}"><span class="snl-kicker">{_place(notebook)}'
            f' · <a href="{language.link(HOME)}">all lessons</a> · <a href="{language.link(REFERENCE)}">glossary and rules</a>'
            f' · {language.switcher_html(notebook)}</span><br>'
            f'<b>What you will learn:</b> {with_glossary(escape(p.learn))}</div>')


def footer_html(notebook: str) -> str:
    p, nxt = page(notebook), next_page(notebook)
    recap = f'<b>Recap.</b> {with_glossary(escape(p.recap))}<br>' if p.recap else ""
    go = (f'<a class="snl-next" href="{escape(nxt.notebook)}">Next: {escape(nxt.title)} \u2192</a>' if nxt
          else f'<a class="snl-next" href="{HOME}">Back to all lessons \u2192</a>')
    nb = escape(notebook)
    return (f'<div class="snl-nav snl-footer" data-sheriff-nb="{nb}">{recap}'
            f'<div style="margin-top:6px"><button class="snl-done-btn" type="button" '
            f'onclick="window.sheriffProgress.mark(\'{nb}\')">Mark done</button>'
            f'<a href="{HOME}">all lessons</a></div>{go}</div>'
            # Scrolling down to the end of the page marks it done.
            '<script>(function () { var P = window.sheriffProgress; P.show();'
            f' var el = document.querySelector(\'.snl-footer[data-sheriff-nb="{nb}"]\');'
            ' if (!el) return;'
            # a lesson paced into parts (kit.Sections) counts only once its last part is open
            " function lastPart() { var b = document.querySelectorAll('.snl-part-pick button');"
            " return !b.length || b[b.length - 1].classList.contains('mod-active'); }"
            # only once the learner scrolls: before the widgets render, the footer is briefly in view
            ' function check() { var r = el.getBoundingClientRect();'
            '  if (r.top < window.innerHeight && r.bottom > 0 && lastPart()) {'
            f"   P.mark('{nb}'); document.removeEventListener('scroll', check, true); }} }}"
            " document.addEventListener('scroll', check, true);"
            ' })();</script>')


def course_html() -> str:
    """Every page of the course in order, each ticked once the learner finished it."""
    items = []
    for i, p in enumerate(course().pages):
        num = f"{int(p.notebook[:2])}. " if int(p.notebook[:2]) else ""     # as the page's own title
        items.append(f'<li data-sheriff-nb="{escape(p.notebook)}"><span class="snl-tick"></span>'
                     f'<a href="{escape(p.notebook)}">{num}{escape(p.title)}</a> — {escape(p.learn)}</li>')
    extras = "".join(f'<li><span class="snl-tick"></span><a href="{escape(p.notebook)}">{escape(p.title)}</a>'
                     f' — {escape(p.learn)}</li>' for p in course().extras)
    return (f'<div class="snl-nav sheriff-course"><div class="snl-kicker">The course, in order '
            f'(a tick marks the pages you finished in this browser)</div>'
            f'<ol class="snl-course">{"".join(items)}</ol><div class="snl-kicker">Reference</div>'
            f'<ul class="snl-course">{extras}</ul></div><script>window.sheriffProgress.show();</script>')


def prose(notebook: str, part: int = 0):
    """Display a part of a page's written text (``data/lessons/<page>.md``) in the page's language."""
    language.start_page()
    return _html(prose_html(notebook, part) + (language.switcher_html(notebook) if part == 0 else ""))


def header(notebook: str):
    """Display at the top of a lesson: its opening text, where it sits in the course and what it
    teaches (and glossary words marked in the lesson's written text)."""
    language.start_page()
    return _html(header_html(notebook) + (marker_script() if notebook != REFERENCE else ""))


def footer(notebook: str):
    """Display at the end of a lesson: recap, "Mark done" and the link to the next page."""
    return _html(footer_html(notebook))


def course_map():
    """Display on the home page: the course with the learner's ticks."""
    return _html(course_html())


__all__ = ["prose", "prose_html", "header", "footer", "course_map", "header_html", "footer_html", "course_html", "STORE"]
