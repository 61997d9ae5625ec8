"""What the server sends and keeps (sheriff/serving/, voila.json): pages and scripts come
compressed, hash-named and versioned files carry a year's cache (a return visit to a freshly
installed server sends the page alone), every response carries the security headers,
no page asks any host but the server (Font Awesome included) and none trips the
Content-Security-Policy, kernels keep no IPython history database, and a page that never
connects loses its kernel within a minute."""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import voila
from harness import (
    ROOT,
    VoilaServer,
    assert_no_errors,
    kernel_exists,
    kernels,
    open_lesson,
    page_kernel_id,
    serving,
    wait_until,
)

PAGES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)


def fetch(url: str) -> tuple[dict[str, str], bytes]:
    """Headers (lower-case names) and body of a GET that accepts gzip, as a browser does."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=300) as r:
        return {k.lower(): v for k, v in r.headers.items()}, r.read()


def page_config(url: str) -> dict:
    import gzip

    headers, body = fetch(url)
    html = gzip.decompress(body).decode() if headers.get("content-encoding") == "gzip" else body.decode()
    return json.loads(CONFIG.search(html).group(1))


def test_pages_and_scripts_come_compressed_with_security_headers_and_hashed_files_cached(voila_server):
    base = voila_server.url
    page = base + "voila/render/00_home.ipynb"
    headers, _ = fetch(page)
    assert headers.get("content-encoding") == "gzip"
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "same-origin"
    assert "no-store" in headers.get("cache-control", "")  # the page itself is never cached
    config = page_config(page)
    assert config["kernelId"]
    assert config["fullStaticUrl"].endswith("/voila/static/v" + voila.__version__)  # Voilà's scripts, versioned
    scripts = [base + config["fullStaticUrl"].lstrip("/") + "/voila.js"]
    for ext in config["federated_extensions"]:  # the widget managers, named after their content
        scripts.append(f"{base}voila/labextensions/{ext['name']}/{ext['load']}")
    assert len(scripts) >= 3
    for url in scripts:
        headers, _ = fetch(url)
        assert headers.get("content-encoding") == "gzip", url
        assert headers["referrer-policy"] == "same-origin", url
    for url in scripts[1:]:
        assert re.search(r"\.[0-9a-f]{16,}\.js$", url), url
    for url in scripts:
        assert fetch(url)[0]["cache-control"] == "public, max-age=31536000, immutable", url
    assert "cache-control" not in fetch(base + "voila/static/voila.js")[0]  # unversioned: revalidated
    headers, _ = fetch(base + "sheriff/fontawesome-5.15.4/css/all.min.css")  # from the installed package
    assert headers.get("content-encoding") == "gzip"
    assert "max-age=31536000" in headers["cache-control"]


def test_kernels_keep_no_history_database(voila_server):
    wait_until(lambda: kernels(voila_server), 120, "a pool kernel started")
    for k in kernels(voila_server):
        assert "--HistoryManager.enabled=False" in k.cmdline()


def test_every_page_asks_only_this_server_and_breaks_no_security_policy(browser, voila_server):
    """Every page opened in Chromium: each request goes to the server itself, nothing is
    refused by the Content-Security-Policy, the widgets come up without errors, and the icons'
    font (Font Awesome, served locally) is loaded."""
    host = urlsplit(voila_server.url).netloc
    for name in PAGES:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        asked: list[str] = []
        refused: list[str] = []
        page.on("request", lambda r, asked=asked: asked.append(r.url))
        page.on(
            "console",
            lambda m, refused=refused: refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        try:
            open_lesson(page, voila_server.url, name)
            page.wait_for_function("() => document.fonts.status === 'loaded'")
            elsewhere = [u for u in asked if urlsplit(u).scheme in ("http", "https", "ws", "wss")]
            elsewhere = [u for u in elsewhere if urlsplit(u).netloc != host]
            assert elsewhere == [], f"{name} asked other hosts: {elsewhere}"
            assert refused == [], f"{name}: {refused}"
            assert any("/sheriff/fontawesome-5.15.4/" in u for u in asked), name
            assert_no_errors(page)
        finally:
            context.close()


@pytest.fixture
def small_server():
    """A server of its own for one page (the home page), with the repository's voila.json."""
    folder = Path(tempfile.mkdtemp(prefix="sheriff-hygiene-"))
    shutil.copy(ROOT / "notebooks" / "00_home.ipynb", folder)
    # pools keep their size: fourteen requests at once would grow the home page's (sheriff/serving/)
    server = VoilaServer(folder, timeout=120, extra_args=["--ClassroomKernelManager.grow_pools=0"])
    with serving(server, folder):
        yield server


def test_pages_that_never_connect_leave_no_kernel_after_a_minute(small_server):
    """14 plain GETs (a page asked for, its scripts never run): each request's kernel is gone
    within 60 s of its page being sent, and only the preheated pool is left."""
    base = small_server.url
    wait_until(small_server.pools_filled, 240, "the pool filled")
    url = base + "voila/render/00_home.ipynb"

    def visit(_):
        kid = page_config(url)["kernelId"]
        return kid, time.monotonic()

    with concurrent.futures.ThreadPoolExecutor(14) as pool:
        visits = list(pool.map(visit, range(14)))
    assert len({kid for kid, _ in visits}) == 14
    for kid, sent in visits:
        left = 60 - (time.monotonic() - sent)
        wait_until(lambda kid=kid: not kernel_exists(base, kid), max(left, 0), f"kernel {kid} gone within 60 s")
    wait_until(small_server.pools_filled, 240, "the pool refilled")
    assert len(kernels(small_server)) == 1  # the pool's one kernel, waiting for the next learner


@pytest.fixture
def fresh_server():
    """A server of its own for the home page whose Voilà files were installed a moment ago: the
    server reads Voilà's page templates and scripts from a fresh copy (a browser that sees a file
    changed minutes ago does not keep it without being told)."""
    folder = Path(tempfile.mkdtemp(prefix="sheriff-fresh-"))
    templates = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates"
    for name in ("base", "lab"):  # copied, not with their times: installed now
        shutil.copytree(templates / name, folder / "jupyter" / "voila" / "templates" / name, copy_function=shutil.copy)
    (folder / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / "00_home.ipynb", folder / "notebooks")
    path = os.pathsep.join([str(ROOT / "share" / "jupyter"), str(folder / "jupyter")])
    server = VoilaServer(folder / "notebooks", timeout=120, env={"JUPYTER_PATH": path})
    with serving(server, folder):
        yield server


def test_a_return_visit_to_a_fresh_install_sends_the_page_and_nothing_else(browser, fresh_server):
    """The home page opened twice in one tab: the second visit asks the server for the page, the
    first visit's kernel's shutdown and the new kernel (its model and websocket); every script,
    style and font comes from the browser's cache (Voilà's ~70 chunks were asked for again, 76
    requests, before they were served under Voilà's version)."""
    base = fresh_server.url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        open_lesson(page, base, "00_home.ipynb")
        first = page_kernel_id(page)
        cdp = context.new_cdp_session(page)  # what reaches the network, not what the cache answers
        cdp.send("Network.enable")
        asked: dict[str, str] = {}
        cached: set[str] = set()
        cdp.on("Network.requestWillBeSent", lambda e: asked.setdefault(e["requestId"], e["request"]["url"]))
        cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))
        open_lesson(page, base, "00_home.ipynb")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        second = page_kernel_id(page)
        assert second != first
        sent = sorted(urlsplit(url).path for rid, url in asked.items() if rid not in cached)
        assert len(asked) > 80  # the page's ~90 files were all asked for: from the cache
        assert sent == sorted(
            ["/voila/render/00_home.ipynb", f"/voila/api/shutdown/{first}", f"/api/kernels/{second}"]
        ), sent
        assert_no_errors(page)
    finally:
        context.close()
