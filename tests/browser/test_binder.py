"""The path Binder serves: ``binder/postBuild`` run as it is into a fresh virtual environment,
``jupyter server`` with Voilà's server extension started in a copy of the repository (as
repo2docker copies it), and ``/voila/render/notebooks/00_home.ipynb`` opened in Chromium.

The environment is kept in ``.venv-binder/`` and rebuilt only when postBuild, pyproject.toml,
setup.py or the page template change (pip's wheels are local: about a minute)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
from harness import ROOT, assert_no_errors, free_port, open_lesson, page_kernel_id, wait_for_http, wait_until

ENV = ROOT / ".venv-binder"
INPUTS = [
    "binder/postBuild",
    "constraints.txt",
    "pyproject.toml",
    "setup.py",
    "share/jupyter/voila/templates/sheriff/index.html.j2",
    "share/jupyter/voila/templates/sheriff/conf.json",
]
TOKEN = "binder-path-test"


def tracked_copy(dest: Path) -> None:
    """The repository's tracked files (with their working-tree content), as repo2docker copies them."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


@pytest.fixture(scope="module")
def binder_env(chromium_path) -> Path:
    digest = hashlib.sha256(b"".join((ROOT / p).read_bytes() for p in INPUTS)).hexdigest()
    stamp = ENV / ".postbuild-done"
    if stamp.exists() and stamp.read_text() == digest:
        return ENV
    shutil.rmtree(ENV, ignore_errors=True)
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(ENV)], check=True)
    with tempfile.TemporaryDirectory(prefix="sheriff-binder-build-") as tmp:
        tracked_copy(Path(tmp))
        env = dict(os.environ, PATH=f"{ENV / 'bin'}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(ENV))
        env.pop("SHERIFF_PURE", None)
        done = subprocess.run(["bash", "binder/postBuild"], cwd=tmp, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"binder/postBuild failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    stamp.write_text(digest)
    return ENV


@pytest.fixture(scope="module")
def binder_server(binder_env, tmp_path_factory):
    """``jupyter server`` in a copy of the repository, as Binder starts it (token auth)."""
    repo = tmp_path_factory.mktemp("binder-repo")
    tracked_copy(repo)
    port = free_port()
    log = open(repo / "server.log", "w")
    proc = subprocess.Popen(
        [
            str(binder_env / "bin" / "jupyter"),
            "server",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={TOKEN}",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],
        cwd=repo,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "VIRTUAL_ENV")},
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_http(url, proc, timeout=60, log=repo / "server.log")
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)  # our own process group: the server and its kernels
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def test_binder_install_serves_the_home_page(binder_env, binder_server, page):
    plain = subprocess.run(
        [str(binder_env / "bin" / "python"), "-c", "import voila, sheriff; print('ok')"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert plain.stdout.strip() == "ok", plain.stderr  # nothing at the root shadows a package
    open_lesson(page, binder_server, f"notebooks/00_home.ipynb?token={TOKEN}")
    assert "Sheriff of Nottingham" in page.inner_text("h1")
    # the project's page template is in use (the lost-kernel message, the upload bound)
    assert page.evaluate("window.WebSocket.name") == "WatchedSocket"
    assert_no_errors(page)
    # a relative link keeps to Binder's path, and the next page's widgets talk to its kernel
    page.click(".sn-reference-link")
    page.wait_for_url("**/voila/render/notebooks/40_reference.ipynb**", wait_until="commit", timeout=60_000)
    page.wait_for_selector(".sn-search input", timeout=60_000)
    page.fill(".sn-search input", "Booty")
    page.wait_for_function(
        "() => /Sharing the Booty/.test(document.querySelector('.sn-search-results')?.innerText)", timeout=30_000
    )
    assert_no_errors(page)
    # Leaving the page, it asks the server to shut its kernel down, past Jupyter Server's XSRF
    # check (the page template gives the page its token): the kernel goes at once, not when culled.
    kid = page_kernel_id(page)
    page.goto("about:blank")
    wait_until(lambda: kid not in running_kernels(binder_server), 30, f"kernel {kid} shut down when its page closed")


def running_kernels(base_url: str) -> set[str]:
    with urllib.request.urlopen(f"{base_url}api/kernels?token={TOKEN}", timeout=5) as answer:
        return {k["id"] for k in json.load(answer)}
