"""The server's guards (sheriff/serving/, voila.json, sheriff serve): a cap on kernels, with a page
that says the server is full in the page's language; the login and ``_xsrf`` cookies sent with
``SameSite=Lax``; ``/logout`` ends the login.  One real Voilà server with a token, on 127.0.0.1,
serving two one-cell pages (quick kernels) with a cap of two kernels; no browser needed."""

from __future__ import annotations

import http.client
import json
import re
import tempfile
import time
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from harness import VoilaServer, kernels, serving, wait_until

TOKEN = "guard-test-token"
MOST = 2
PAGES = ("a.ipynb", "b.ipynb")
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "id": "one", "metadata": {}, "execution_count": None, "outputs": [], "source": ["1"]}
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def server():
    folder = Path(tempfile.mkdtemp(prefix="sheriff-guard-"))
    for name in PAGES:
        (folder / name).write_text(json.dumps(NOTEBOOK))
    server = VoilaServer(
        folder,
        timeout=120,
        extra_args=[
            f"--token={TOKEN}",
            f"--ClassroomKernelManager.max_kernels={MOST}",
            "--ClassroomKernelManager.refill_when_quiet=0",
            # nothing culled while the test counts kernels (a page here never connects)
            "--ClassroomKernelManager.first_connection_timeout=600",
            "--MappingKernelManager.cull_idle_timeout=600",
        ],
    )
    with serving(server, folder):
        yield server


def request(server: VoilaServer, path: str, method: str = "GET", **headers: str) -> tuple[int, dict, str]:
    """Status, headers (a list per lower-case name) and text of one request, redirects not followed."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    try:
        connection.request(method, path, headers=headers)
        r = connection.getresponse()
        got: dict[str, list[str]] = {}
        for name, value in r.getheaders():
            got.setdefault(name.lower(), []).append(value)
        return r.status, got, r.read().decode(errors="replace")
    finally:
        connection.close()


def open_page(server: VoilaServer, page: str, query: str = "") -> tuple[int, str]:
    status, _headers, body = request(server, f"/voila/render/{page}?token={TOKEN}{query}")
    assert len(kernels(server)) <= MOST
    return status, body


def alive(server: VoilaServer, kernel: str) -> bool:
    status = request(server, f"/api/kernels/{kernel}", Authorization=f"token {TOKEN}")[0]
    assert status in (200, 404)
    return status == 200


def kernel_id(body: str) -> str:
    return json.loads(CONFIG.search(body).group(1))["kernelId"]


def test_a_full_server_says_so_in_the_page_s_language_and_starts_no_kernel(server):
    wait_until(lambda: len(kernels(server)) == MOST and server.pools_filled(), 120, "both pages' pools filled")
    status, body = open_page(server, "a.ipynb")  # the pool's kernel
    assert status == 200
    first = kernel_id(body)
    status, body = open_page(server, "a.ipynb")  # the server is full: page b's idle pool kernel makes room
    assert status == 200
    second = kernel_id(body)
    assert "makes room" in server.log_text(tail=None)
    status, body = open_page(server, "a.ipynb")  # two learners' kernels, nothing idle
    assert status == 503
    assert "The tutor is full" in body and f"as its teacher allowed ({MOST})" in body and '<html lang="en">' in body
    assert "Try again" in body and "kernelId" not in body
    status, body = open_page(server, "b.ipynb", "&lang=uk")
    assert status == 503
    assert "Наставник зараз переповнений" in body and "Спробувати ще раз" in body and '<html lang="uk">' in body
    log = server.log_text(tail=None)
    assert log.count("the server holds 2 kernels, as many as --max-kernels allows") >= 2  # the cause, logged
    assert len(kernels(server)) == MOST and alive(server, first) and alive(server, second)

    # A learner's tab goes: its room is refilled, and the next learner gets a page again.
    status, _h, _b = request(server, f"/api/kernels/{first}", "DELETE", Authorization=f"token {TOKEN}")
    assert status == 204
    wait_until(lambda: not alive(server, first), 30, "the first learner's kernel gone")
    deadline = time.monotonic() + 120
    while (status := open_page(server, "a.ipynb")[0]) == 503 and time.monotonic() < deadline:
        time.sleep(1)  # a waiting refill may take the room first; it then makes room for the learner
    assert status == 200
    assert alive(server, second)  # a learner's kernel is never taken for another


def test_login_and_xsrf_cookies_are_same_site_lax(server):
    status, headers, _body = request(server, f"/?token={TOKEN}")  # the token in the address: logged in
    assert status == 200
    login = [c for c in headers["set-cookie"] if c.startswith("username-")]
    assert login and "SameSite=Lax" in login[0] and "HttpOnly" in login[0]
    status, headers, body = request(server, "/login")
    assert status == 200 and "password" in body.lower()
    xsrf = [c for c in headers["set-cookie"] if c.startswith("_xsrf=")]
    assert xsrf and "SameSite=Lax" in xsrf[0]


def test_logout_ends_the_login_and_leads_to_the_login_page(server):
    _status, headers, _body = request(server, f"/?token={TOKEN}")
    cookie = next(c for c in headers["set-cookie"] if c.startswith("username-")).split(";")[0]
    assert request(server, "/", Cookie=cookie)[0] == 200  # the cookie lets the browser in
    status, headers, _body = request(server, "/logout?lang=uk", Cookie=cookie)
    assert status == 302
    location = headers["location"][0]
    assert urlsplit(location).path == "/login" and "00_home.ipynb%3Flang%3Duk" in location
    name = cookie.split("=")[0]
    cleared = [c for c in headers["set-cookie"] if c.startswith(name + "=")]
    assert cleared
    for c in cleared:  # emptied, and expired: the browser drops it
        assert re.match(r'[^=]+=(""|);', c)
        expires = re.search(r"expires=([^;]+)", c, re.I).group(1)
        assert parsedate_to_datetime(expires) < datetime.now(UTC)
    status, headers, _body = request(server, "/")  # what a browser sends once the cookie is gone
    assert status == 302 and urlsplit(headers["location"][0]).path == "/login"
    assert request(server, location)[0] == 200  # the login page itself answers
