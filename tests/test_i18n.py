"""The message catalogs: up to date with the source, every message translated, compiled, and
translations that keep their placeholders and markup; Ukrainian's three plural forms."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from sheriff import i18n

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import i18n as catalogs  # noqa: E402  (tools/i18n.py: Babel's extract, update, compile)

PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)")


def all_messages():
    for domain in catalogs.domains():
        for lang in catalogs.languages():
            path = catalogs.po_path(domain, lang)
            for m in catalogs.read(path, lang):
                if m.id:
                    yield domain, lang, m


def test_catalogs_are_up_to_date_translated_and_compiled():
    """Re-extracting the source changes no catalog, no message lacks a translation, and each
    ``.mo`` is exactly what Babel compiles from its ``.po`` (tools/i18n.py --check)."""
    bad = []
    for domain in catalogs.domains():
        tmpl = catalogs.template(domain)
        for lang in catalogs.languages():
            cat = catalogs.updated(domain, lang, tmpl)
            path = catalogs.po_path(domain, lang)
            babel = catalogs.written_by(path)  # the header names the Babel that wrote it: any other is fine
            if path.read_bytes() != catalogs.render_po(cat, babel):
                bad.append(f"{path.name} ({domain}): run `python3 tasks.py i18n` after changing messages")
            if path.with_suffix(".mo").read_bytes() != catalogs.render_mo(cat, babel):
                bad.append(f"{path.with_suffix('.mo').name} ({domain}): not compiled from its .po")
            bad += catalogs.problems(domain, lang, cat)
    assert not bad, "\n".join(bad[:40]) + (f"\n... and {len(bad) - 40} more" if len(bad) > 40 else "")


def test_another_babel_finds_the_catalogs_up_to_date(monkeypatch):
    """pyproject allows any Babel >= 2.12, and each writes its own version into a catalog's header:
    the catalogs compare by what the file's own Babel would write (a later release here)."""
    from babel.messages import catalog as babel_catalog

    monkeypatch.setattr(babel_catalog, "VERSION", "9.99.0")
    path = catalogs.po_path("topics", "uk")
    cat = catalogs.updated("topics", "uk", catalogs.template("topics"))
    assert catalogs.written_by(path) not in (None, "9.99.0")
    assert b"Generated-By: Babel 9.99.0" in catalogs.render_po(cat)  # what the later Babel would write ...
    assert catalogs.render_po(cat, catalogs.written_by(path)) == path.read_bytes()  # ... and what the test compares
    assert catalogs.render_mo(cat, catalogs.written_by(path)) == path.with_suffix(".mo").read_bytes()


def test_translations_keep_placeholders_and_markup():
    bad = []
    for domain, _lang, m in all_messages():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for s in strings:
            if s and set(PLACEHOLDER.findall(s)) - want:
                bad.append(f"{domain}: {s!r} has a placeholder its English lacks")
        s = strings[0]
        if s and len(ids) == 1 and set(PLACEHOLDER.findall(s)) != want:
            bad.append(f"{domain}: placeholders differ: {ids[0]!r} -> {s!r}")
        if s and sorted(TAG.findall(s)) != sorted(TAG.findall(ids[0])):
            bad.append(f"{domain}: HTML tags differ: {ids[0]!r} -> {s!r}")
        if s and s.count("**") != ids[0].count("**"):
            bad.append(f"{domain}: bold marks differ: {ids[0]!r} -> {s!r}")
    assert not bad, "\n".join(bad[:40])


def test_every_source_with_learner_text_is_in_one_catalog():
    conf = catalogs.config()
    owner: dict[str, list[str]] = {}
    for domain in catalogs.domains():
        for path in catalogs.files(domain):
            owner.setdefault(path.relative_to(ROOT).as_posix(), []).append(domain)
    twice = {p: d for p, d in owner.items() if len(d) > 1}
    assert not twice, f"in two catalogs: {twice}"
    sources = [
        *(ROOT / "sheriff").rglob("*.py"),
        *(ROOT / "notebooks").glob("*.ipynb"),
        *(ROOT / "sheriff" / "data").rglob("*.json"),
        *(ROOT / "sheriff" / "data").rglob("*.md"),
    ]
    missing = sorted(p.relative_to(ROOT).as_posix() for p in sources if "__pycache__" not in p.parts)
    missing = [p for p in missing if p not in owner and p not in conf["untranslated"]]
    assert not missing, f"in no catalog (pyproject [tool.sheriff.i18n]): {missing}"


@pytest.mark.parametrize(
    "n, form",
    [(1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (101, 0), (111, 2), (0, 2)],
)
def test_ukrainian_has_three_plural_forms(n, form):
    """One, few, many: 1 and 21 take the first form, 2-4 and 22-24 the second, 5-20, 11-14 and 0
    the third (the catalogs' Plural-Forms header, which gettext evaluates)."""
    cat = i18n.catalog("uk")
    assert cat.ngettext("\x00one", "\x00other", n) in ("\x00one", "\x00other")  # untranslated falls back
    plural = cat.plural  # type: ignore[attr-defined]
    assert plural(n) == form


def test_language_is_set_restored_and_normalized():
    assert i18n.get_language() == "en"
    with i18n.language("UK-ua"):
        assert i18n.get_language() == "uk"
    assert i18n.get_language() == "en"
    assert i18n.normalize("fr") == "en" and i18n.normalize(None) == "en"
    assert i18n._("") == ""


def test_no_message_is_hidden_inside_an_f_string():
    """Babel's extractor cannot see ``_("...")`` written inside an f-string (Python 3.11 keeps
    f-strings as one token), so such a message would silently stay English."""
    import ast
    import json

    marks = {"_", "N_", "gettext", "ngettext", "pgettext", "npgettext"}
    hidden = []
    for domain in catalogs.domains():
        for path in catalogs.files(domain):
            if path.suffix == ".py":
                sources = [path.read_text()]
            elif path.suffix == ".ipynb":
                sources = [
                    "".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"
                ]
            else:
                continue
            for src in sources:
                for node in ast.walk(ast.parse(src)):
                    if isinstance(node, ast.JoinedStr):
                        for sub in ast.walk(node):
                            if (
                                isinstance(sub, ast.Call)
                                and getattr(sub.func, "id", None) in marks
                                and any(isinstance(a, ast.Constant) for a in sub.args)
                            ):
                                hidden.append(f"{path.relative_to(ROOT)}:{sub.lineno}")
    assert not hidden, "move these calls out of their f-strings: " + ", ".join(hidden)


def test_one_message_has_one_translation_across_catalogs():
    """The catalogs are merged into one lookup: the same English message must read the same in
    every catalog, or a page would show whichever catalog comes first."""
    seen: dict = {}
    differ = []
    for domain, lang, m in all_messages():
        key = (lang, m.context, m.id)
        if key in seen and seen[key][1] != m.string:
            differ.append(f"{m.id!r}: {seen[key][0]} {seen[key][1]!r} / {domain} {m.string!r}")
        seen.setdefault(key, (domain, m.string))
    assert not differ, "\n".join(differ)
