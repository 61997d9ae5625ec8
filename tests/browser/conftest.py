"""Fixtures for the real-browser tests: a Voilà server and Playwright pages on Debian Chromium.

Helpers for tests live in ``harness.py`` (``from harness import open_lesson, assert_no_errors``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest
from harness import CHROMIUM, ROOT, VoilaServer, launch_chromium, watch_console

SKIP_ENV = "SHERIFF_SKIP_BROWSER"


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: browser tests skipped")
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install it with `apt-get install -y chromium` "
            f"(or set {SKIP_ENV}=1 to skip the browser tests)",
            pytrace=False,
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def voila_server(chromium_path, tmp_path_factory) -> VoilaServer:
    """A Voilà server on 127.0.0.1 serving ``notebooks/`` with the repository's voila.json; one per
    pytest-xdist worker (a session each), on a free port, its class store in a folder of its own
    (not the home folder's, which every worker and every run on the machine would share).

    Tracebacks are shown so a failing cell is reported with its error."""
    store = tmp_path_factory.mktemp("class-store")
    server = VoilaServer(
        ROOT / "notebooks",
        extra_args=["--VoilaConfiguration.show_tracebacks=True"],
        env={"SHERIFF_CLASS_DB": str(store)},
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_url(voila_server) -> str:
    """Base URL (ending in '/') of that server."""
    return voila_server.url


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    """A fresh browser context (no cookies or storage shared between tests) and page,
    recording console errors for ``assert_no_errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    watch_console(pg)
    try:
        yield pg
    finally:
        with contextlib.suppress(Exception):  # fires Voilà's beforeunload: it shuts its kernel down
            pg.goto("about:blank")
        context.close()


# ----------------------------------------------------------------------------- play together
TABLE_PAGE = "52_table.ipynb"
_DBS: dict[str, str] = {}


def table_server_db(url: str) -> str:
    """The store file of the table server at ``url`` (read after a game, as a teacher's script would)."""
    return _DBS[url]


@pytest.fixture
def table_server(chromium_path, tmp_path):
    """A Voilà server of the table page alone, its store a throwaway SQLite folder (the play-together
    game, the table page's axe scan)."""
    served = tmp_path / "notebooks"
    served.mkdir()
    shutil.copy(ROOT / "notebooks" / TABLE_PAGE, served)
    db = tmp_path / "store"
    db.mkdir()
    s = VoilaServer(served, env={"SHERIFF_CLASS_DB": str(db)}, timeout=120)
    s.start()
    _DBS[s.url] = str(db / "classroom.sqlite")
    try:
        yield s.url
    finally:
        s.stop()
