"""Extract, update and compile the tutor's message catalogs with Babel.

    .venv/bin/python tools/i18n.py            # all three steps, every catalog (python3 tasks.py i18n)
    .venv/bin/python tools/i18n.py --check    # write nothing; exit 1 if a catalog is stale or untranslated

One catalog (gettext domain) per area of the tutor, listed with its source paths under
``[tool.sheriff.i18n.domains]`` in pyproject.toml; babel.cfg says how each kind of file is read.
Templates go to ``sheriff/locale/<domain>.pot``, translations to
``sheriff/locale/<lang>/LC_MESSAGES/<domain>.po`` and ``.mo`` (the tutor reads the ``.mo``).
Locations are kept without line numbers so that editing code does not churn the catalogs.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tomllib
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # babel.cfg names tools.babel_extract

from babel.messages import catalog as babel_catalog  # noqa: E402
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_file  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402
from babel.util import pathmatch  # noqa: E402

LOCALE = ROOT / "sheriff" / "locale"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # no timestamps: catalogs change only with messages
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["sheriff"]["i18n"]


def domains() -> dict[str, list[str]]:
    return config()["domains"]


def languages() -> list[str]:
    """The translated languages: every language the tutor offers (``sheriff.i18n.LANGUAGES``, the one
    list) but English, the source."""
    from sheriff.i18n import DEFAULT, LANGUAGES

    return [code for code in LANGUAGES if code != DEFAULT]


def files(domain: str) -> list[Path]:
    out = []
    for rel in domains()[domain]:
        path = ROOT / rel
        out += (
            sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
            if path.is_dir()
            else [path]
        )
    return out


def template(domain: str) -> Catalog:
    """The domain's messages as the source has them now."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    cat = Catalog(
        project="sheriff-tutor", charset="utf-8", creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False
    )
    for path in files(domain):
        rel = path.relative_to(ROOT).as_posix()
        method = next(((pat, m) for pat, m in method_map if pathmatch(pat, rel)), None)
        if method is None:
            continue
        for _lineno, message, comments, context in extract_from_file(
            method[1], str(path), keywords=KEYWORDS, options=options_map.get(method[0], {}), strip_comment_tags=True
        ):
            cat.add(message, None, [(rel, None)], auto_comments=comments, context=context)
    return cat


def po_path(domain: str, lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, lang: str | None = None) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=lang)


GENERATED_BY = re.compile(rb'"Generated-By: Babel ([^"\\]+)\\n"')


def written_by(path: Path) -> str | None:
    """The Babel version a catalog file names in its ``Generated-By`` header (None: no file, no header)."""
    found = GENERATED_BY.search(path.read_bytes()) if path.exists() else None
    return found[1].decode() if found else None


@contextmanager
def babel_version(version: str | None):
    """Babel writes its own version into every catalog's header; within this block it writes ``version``
    (None: its own), so another Babel than the one that wrote a file renders it unchanged (--check, the
    tests) instead of finding every catalog stale."""
    own = babel_catalog.VERSION
    babel_catalog.VERSION = version or own
    try:
        yield
    finally:
        babel_catalog.VERSION = own


def render_po(cat: Catalog, version: str | None = None) -> bytes:
    buf = io.BytesIO()
    with babel_version(version):
        write_po(buf, cat, width=100, include_lineno=False, sort_by_file=False)
    return buf.getvalue()


def render_mo(cat: Catalog, version: str | None = None) -> bytes:
    buf = io.BytesIO()
    with babel_version(version):
        write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def updated(domain: str, lang: str, tmpl: Catalog) -> Catalog:
    path = po_path(domain, lang)
    if path.exists():
        cat = read(path, lang)
    else:
        cat = Catalog(
            locale=lang,
            domain=domain,
            project="sheriff-tutor",
            charset="utf-8",
            creation_date=FIXED_DATE,
            revision_date=FIXED_DATE,
            fuzzy=False,
        )
    cat.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
    cat.revision_date = FIXED_DATE
    cat.obsolete.clear()  # removed messages leave the catalog (git keeps them)
    # A message another catalog already translates gets the same words here (a compendium, as
    # msgmerge has): one message, one translation across the tutor.
    known = compendium(lang)
    for m in cat:
        if m.id and not m.fuzzy and not any(m.string if isinstance(m.string, tuple) else (m.string,)):
            found = known.get((m.context, m.id))
            if found is not None:
                m.string = found
    return cat


def compendium(lang: str) -> dict:
    out: dict = {}
    for domain in domains():
        path = po_path(domain, lang)
        if path.exists():
            for m in read(path, lang):
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                if m.id and not m.fuzzy and all(strings):
                    out.setdefault((m.context, m.id), m.string)
    return out


def problems(domain: str, lang: str, cat: Catalog) -> list[str]:
    out = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            out.append(f"{domain}/{lang}: untranslated: {m.id if isinstance(m.id, str) else m.id[0]!r}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="write nothing; report stale or untranslated catalogs")
    ap.add_argument("domain", nargs="*", help="catalogs to work on (default: all)")
    args = ap.parse_args()
    bad: list[str] = []
    for domain in args.domain or domains():
        tmpl = template(domain)
        pot = LOCALE / f"{domain}.pot"
        for lang in languages():
            cat = updated(domain, lang, tmpl)
            path = po_path(domain, lang)
            as_written = written_by(path) if args.check else None  # --check: whichever Babel wrote it
            po, mo = render_po(cat, as_written), render_mo(cat, as_written)
            if args.check:
                if not path.exists() or path.read_bytes() != po:
                    bad.append(f"{path.relative_to(ROOT)} is not up to date with the source")
                if not path.with_suffix(".mo").exists() or path.with_suffix(".mo").read_bytes() != mo:
                    bad.append(f"{path.with_suffix('.mo').relative_to(ROOT)} is not compiled from its .po")
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(po)
                path.with_suffix(".mo").write_bytes(mo)
            bad += problems(domain, lang, cat)
        if not args.check:
            pot.write_bytes(render_po(tmpl))
        print(f"{domain}: {len(tmpl)} messages", flush=True)
    for line in bad:
        print(line)
    print(f"{len(bad)} problem(s)" if bad else "every message is translated")
    return 1 if bad and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
