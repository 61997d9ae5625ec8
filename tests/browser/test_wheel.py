"""The package as a user installs it: the wheel built from the working tree, installed with its
[app] extra into a fresh virtual environment (the versions of constraints.txt; pip's cache makes it
a local install), ``sheriff serve`` started from a folder that is not the repository, and the home
page's first widget seen in Chromium.  Nothing of the repository is on the path: the pages, the
server's settings and the page template must come from the installed package."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from harness import ROOT, assert_no_errors, free_port, open_lesson, wait_for_http

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CONSTRAINTS = ROOT / "constraints.txt"
# What must not leak from the test run into the installed tutor (PYTHONPATH would put the tree first).
LEAKS = ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV", "SHERIFF_PURE")
TIMES: dict[str, float] = {}  # seconds per stage, printed by the test (pytest -s, or on failure)


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LEAKS}
    return dict(env, PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)


def run(stage: str, cmd: list, cwd: Path, **env: str) -> None:
    start = time.monotonic()
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=clean_env(**env), capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    TIMES[stage] = time.monotonic() - start


def tracked_copy(dest: Path) -> None:
    """The repository's files as git sees them (tracked or new, not ignored), working-tree content."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for rel in filter(None, listed.decode().split("\0")):
        if (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)


@pytest.fixture(scope="module")
def installed(chromium_path):
    """(virtual environment, a folder elsewhere), removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="sheriff-wheel-") as tmp:
        tmp = Path(tmp)
        repo, dist, venv, elsewhere = tmp / "repo", tmp / "dist", tmp / "venv", tmp / "elsewhere"
        elsewhere.mkdir()
        tracked_copy(repo)
        # The build environment's setuptools pinned too (PIP_CONSTRAINT reaches it; -c would not).
        run(
            "build the wheel",
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", dist, repo],
            tmp,
            PIP_CONSTRAINT=str(CONSTRAINTS),
        )
        (wheel,) = dist.glob("sheriff_tutor-*.whl")
        run("make the venv", [getattr(sys, "_base_executable", sys.executable), "-m", "venv", venv], tmp)
        pip = [venv / "bin" / "python", "-m", "pip", "install", "--no-compile", "--progress-bar", "off"]
        run("install wheel[app]", [*pip, "-c", CONSTRAINTS, f"{wheel}[app]"], elsewhere)
        yield venv, elsewhere


@pytest.fixture(scope="module")
def served(installed):
    """``sheriff serve`` from the fresh environment, in a folder without the tutor's files; stopped
    afterwards by its process group (its own pid: the launcher, Voilà and the kernels)."""
    venv, elsewhere = installed
    port = free_port()
    log_path = elsewhere / "serve.log"
    # Voilà's connection files and the kernels' IPython folder inside the test's own temporary folder.
    private = {"TMPDIR": str(elsewhere.parent), "IPYTHONDIR": str(elsewhere.parent / "ipython")}
    start = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [str(venv / "bin" / "sheriff"), "serve", "--port", str(port)],
            cwd=elsewhere,
            env=clean_env(**private),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            url = f"http://127.0.0.1:{port}/"
            wait_for_http(f"{url}voila/render/00_home.ipynb", proc, timeout=300, log=log_path)
            TIMES["serve until the home page answers"] = time.monotonic() - start
            yield url, log_path
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=15)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # kernels still in the group
            proc.wait(timeout=10)


def test_the_installed_wheel_serves_the_home_page(installed, served, page):
    venv, elsewhere = installed
    url, log = served
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sheriff.launch as l; print(l.served_root())"],
        cwd=elsewhere,
        env=clean_env(),
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stderr  # the package's copy, not the tree
    assert "Sheriff of Nottingham rules tutor: open http://127.0.0.1:" in log.read_text()
    open_lesson(page, url, "00_home.ipynb")
    assert "Sheriff of Nottingham" in page.inner_text("h1")
    assert page.evaluate("window.WebSocket.name") == "WatchedSocket"  # the package's page template
    assert_no_errors(page)
    print(", ".join(f"{stage}: {seconds:.0f} s" for stage, seconds in TIMES.items()))
