"""Which language a page speaks, and links that keep it.

The learner's pick travels in the page address (``?lang=uk``), the way Voilà hands a page its
request: every link the tutor draws carries it on, so the choice survives from page to page
without anything stored on the server.  A preheated kernel (voila.json) runs a lesson before
anyone asks for it: the server heats it for one language and says which in ``PAGE_LANGUAGE``
(``sheriff.serving`` keeps a pool per language), so it never waits for its request.
"""

from __future__ import annotations

import os
from html import escape

from sheriff import i18n
from sheriff.i18n import PAGE_LANGUAGE, from_query, link  # the page's address and its language (the server too)

_started = False


def _query_string() -> str:
    if PAGE_LANGUAGE in os.environ:  # a kernel heated for a language
        return f"lang={os.environ[PAGE_LANGUAGE]}"
    if os.environ.get("VOILA_PREHEAT") == "True":  # heated by a plain Voilà: wait for the request
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


def start_page() -> str:
    """This page's language, read once from its address (English when there is none)."""
    global _started
    if not _started:
        _started = True
        i18n.set_language(from_query(_query_string()))
    return i18n.get_language()


def switcher_html(notebook: str) -> str:
    """Links to this same page in every language, the current one marked."""
    here = i18n.get_language()
    items = []
    for code, name in i18n.LANGUAGES.items():
        if code == here:
            items.append(f'<b lang="{code}">{escape(name)}</b>')
        else:
            target = notebook if code == i18n.DEFAULT else link(notebook, code)
            items.append(
                f'<a class="sn-lang-link" lang="{code}" hreflang="{code}" href="{escape(target)}">{escape(name)}</a>'
            )
    return f'<span class="sn-lang">{" | ".join(items)}</span>{lang_script()}'


def lang_script() -> str:
    """Tell the browser (screen readers, hyphenation, search) which language the page is in."""
    return f'<script>document.documentElement.lang = "{i18n.get_language()}";</script>'


def chooser_html(notebook: str) -> str:
    """The home page's language choice: a box where a newcomer sees it first.  Its label is in
    both languages, so a reader of either finds it before reading anything else."""
    here = i18n.get_language()
    items = []
    for code, name in i18n.LANGUAGES.items():
        target = notebook if code == i18n.DEFAULT else link(notebook, code)
        style = (
            "display:inline-block;padding:4px 14px;margin:2px 6px 2px 0;border-radius:16px;"
            "border:1px solid #1565c0;text-decoration:none;font-weight:bold;"
        )
        if code == here:
            items.append(
                f'<span lang="{code}" aria-current="page" style="{style}background:#1565c0;color:#fff">'
                f"{escape(name)}</span>"
            )
        else:
            items.append(
                f'<a class="sn-lang-link" lang="{code}" hreflang="{code}" href="{escape(target)}" '
                f'style="{style}color:#1565c0;background:#fff">{escape(name)}</a>'
            )
    return (
        f'<div class="sn-lang sn-lang-choice" role="navigation" aria-label="Language / Мова" '
        f'style="margin:8px 0;padding:6px 10px;border:1px solid #cfd8dc;border-radius:6px;'
        f'display:flex;flex-wrap:wrap;align-items:center;gap:4px">'
        f'<span style="margin-right:8px"><b>Language · Мова:</b></span>{"".join(items)}</div>{lang_script()}'
    )


__all__ = ["PAGE_LANGUAGE", "from_query", "start_page", "link", "switcher_html", "chooser_html", "lang_script"]
