"""The tutor's languages: English (the source text) and Ukrainian, through gettext catalogs.

Every message is written in English in the source and marked for the catalogs:

- ``_("...")``            translate now (the message is shown at once);
- ``N_("...")``           only mark: a constant kept in English and passed through ``_`` where it
                          is shown (module-level tables, data);
- ``ngettext(s, p, n)``   a message with a number: Ukrainian has three plural forms;
- ``pgettext(ctx, s)``    a short word whose sense needs context ("Pass" the move, "Pass" the bag).

Numbers and names go in as named placeholders (a number with decimals written by ``decimal``), ``_("{name} pays {gold} gold").format(...)``,
never by gluing translated pieces together.  Catalogs live in ``sheriff/locale/<lang>/LC_MESSAGES``,
one domain per area of the tutor (``[tool.sheriff.i18n]`` in pyproject.toml); they are extracted,
updated and compiled with Babel (``python3 tasks.py i18n``, docs/translating.md) and read here with
the standard library.  A process speaks one language at a time: a Voilà page is one kernel, a
command-line run one process, so the language is a module setting, not a parameter everywhere.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import SupportsFloat
from urllib.parse import parse_qs

# The one list of the tutor's languages (code: its own name), the source first: the language
# switch, the command line's --lang, the server's pools and tools/i18n.py's catalogs all read it.
LANGUAGES = {"en": "English", "uk": "Українська"}
DEFAULT = "en"
# A page's language travels in its address (``?lang=uk``); a kernel the server heats for a language
# before anyone asks finds it in this environment variable (set by sheriff.serving, read by the page).
PAGE_LANGUAGE = "SHERIFF_PAGE_LANGUAGE"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_loaded: dict[str, _gettext.NullTranslations] = {}
_lang = DEFAULT
_current: _gettext.NullTranslations = _gettext.NullTranslations()


def catalog(lang: str) -> _gettext.NullTranslations:
    """Every domain's compiled catalog for ``lang``, as one lookup (English: none needed)."""
    if lang not in _loaded:
        merged: _gettext.NullTranslations = _gettext.NullTranslations()
        if lang != DEFAULT:
            for mo in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo")):
                with mo.open("rb") as f:
                    t = _gettext.GNUTranslations(f)
                if type(merged) is _gettext.NullTranslations:
                    merged = t
                else:
                    merged.add_fallback(t)
        _loaded[lang] = merged
    return _loaded[lang]


def normalize(lang: str | None) -> str:
    """A supported language code from what a user typed ("uk", "UK", "uk_UA"), else the default."""
    code = (lang or "").strip().lower().replace("-", "_").split("_")[0]
    return code if code in LANGUAGES else DEFAULT


def from_query(query: str | None) -> str:
    """The language a page address's query (``lang=uk&table=K7``) asks for, else the default."""
    return normalize((parse_qs((query or "").lstrip("?")).get("lang") or [""])[0])


def link(href: str, lang: str | None = None) -> str:
    """``href`` that keeps the page's language: ``05_inspection.ipynb?lang=uk#part``."""
    lang = lang or get_language()
    if lang == DEFAULT:
        return href
    path, hash_, frag = href.partition("#")
    sep = "&" if "?" in path else "?"
    return f"{path}{sep}lang={lang}{hash_}{frag}"


def set_language(lang: str | None) -> str:
    global _lang, _current
    _lang = normalize(lang)
    _current = catalog(_lang)
    return _lang


def get_language() -> str:
    return _lang


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block (tests, the command line), then the previous language."""
    before = _lang
    set_language(lang)
    try:
        yield _lang
    finally:
        set_language(before)


class Typed(str):
    """A name a person typed (a table's seat): every language shows it as typed, since the catalogs
    hold ordinary words too ("Ann" is the calculator's example, «Ганна» in Ukrainian)."""

    __slots__ = ()


def _(message: str) -> str:
    if not message or isinstance(message, Typed):
        return message
    return _current.gettext(message)


def N_(message: str) -> str:
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def decimal(x: SupportsFloat, places: int = 2, trim: bool = False) -> str:
    """``x`` with ``places`` decimals (``trim``: at most that many) as the page's language writes
    it (Babel's CLDR data): 0.75 in English, 0,75 in Ukrainian."""
    from babel.numbers import format_decimal  # its locale data loads when a page first shows a number

    return format_decimal(float(x), format="#,##0." + ("#" if trim else "0") * places, locale=_lang)


gettext = _

__all__ = [
    "Typed",
    "LANGUAGES",
    "DEFAULT",
    "PAGE_LANGUAGE",
    "catalog",
    "normalize",
    "from_query",
    "link",
    "set_language",
    "get_language",
    "language",
    "_",
    "N_",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
]
