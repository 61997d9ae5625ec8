"""The package as a user installs it: the compiled wheel built from the working tree as the release
builds it (pyproject's [tool.cibuildwheel]; built once per run, a mypyc compile of a few minutes),
installed with its [app] extra into a fresh virtual environment (the versions of constraints.txt; pip's
cache makes it a local install), ``sheriff serve`` started from a folder that is not the repository, the
home page's first widget and a lesson's step seen in Chromium.  Nothing of the repository is on the path:
the pages, the server's settings and the page template must come from the installed package.  The pure
wheel (the fallback): tests/test_packaging.py."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

import pytest
from harness import assert_no_errors, free_port, open_lesson, wait_for_http
from playwright.sync_api import expect

import tasks
from tests.wheels import CONSTRAINTS, assert_without_outputs, clean_env, finish_build, requirements, start_build

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TIMES: dict[str, float] = {}  # seconds per stage, printed by the test (pytest -s, or on failure)


def run(stage: str, cmd: list, cwd: Path, **env: str) -> None:
    start = time.monotonic()
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=clean_env(**env), capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    TIMES[stage] = time.monotonic() - start


@pytest.fixture(scope="module")
def installed(chromium_path):
    """(virtual environment, a folder elsewhere, the wheel), removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="sheriff-wheel-") as tmp:
        tmp = Path(tmp)
        venv, elsewhere = tmp / "venv", tmp / "elsewhere"
        elsewhere.mkdir()
        start = time.monotonic()
        build = start_build(tmp, compiled=True)  # mypyc takes minutes: the dependencies install meanwhile
        pip = [venv / "bin" / "python", "-m", "pip", "install", "--no-compile", "--progress-bar", "off"]
        try:
            run("make the venv", [getattr(sys, "_base_executable", sys.executable), "-m", "venv", venv], tmp)
            run("install the dependencies", [*pip, "-c", CONSTRAINTS, *requirements("app")], elsewhere)
        finally:
            wheel = finish_build(build)
        TIMES["build the compiled wheel (beside the two steps before)"] = time.monotonic() - start
        run("install wheel[app]", [*pip, "-c", CONSTRAINTS, f"{wheel}[app]"], elsewhere)
        yield venv, elsewhere, wheel


@pytest.fixture(scope="module")
def served(installed):
    """``sheriff serve`` from the fresh environment, in a folder without the tutor's files; stopped
    afterwards by its process group (its own pid: the launcher, Voilà and the kernels)."""
    venv, elsewhere, _ = installed
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


def installed_python(venv: Path, elsewhere: Path, code: str) -> str:
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code], cwd=elsewhere, env=clean_env(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_wheel_is_compiled_and_carries_its_pages_without_outputs(installed):
    venv, elsewhere, wheel = installed
    # Compiled wherever mypyc and a C compiler are at hand (CI: SHERIFF_EXPECT_COMPILED=1, .ci/run installs gcc).
    expected = os.environ.get("SHERIFF_EXPECT_COMPILED") == "1" or bool(find_spec("mypyc") and tasks.can_compile())
    tag = "cp%d%d-cp%d%d" % (*sys.version_info[:2], *sys.version_info[:2])
    assert (tag in wheel.name) == expected and ("py3-none-any" in wheel.name) != expected, wheel.name
    assert installed_python(venv, elsewhere, "import sheriff.compiled as c; print(c.is_compiled())") == str(expected)
    assert_without_outputs(wheel)


def test_the_installed_wheel_serves_the_home_page_and_a_lesson(installed, served, page):
    venv, elsewhere, _ = installed
    url, log = served
    where = installed_python(venv, elsewhere, "import sheriff.launch as l; print(l.served_root())")
    assert Path(where).is_relative_to(venv)  # the package's copy, not the tree
    assert "Sheriff of Nottingham rules tutor: open http://127.0.0.1:" in log.read_text()
    open_lesson(page, url, "00_home.ipynb")
    assert "Sheriff of Nottingham" in page.inner_text("h1")
    assert page.evaluate("window.WebSocket.name") == "WatchedSocket"  # the package's page template
    assert_no_errors(page)
    open_lesson(page, url, "02_market.ipynb")  # a page that was executed in the tree, served without outputs
    page.locator(".sn-next").first.click()  # the replay's first step, worked out by the installed engine
    expect(page.locator(".sn-step-out").first).to_contain_text("cannot take 4", timeout=20_000)
    assert_no_errors(page)
    print(", ".join(f"{stage}: {seconds:.0f} s" for stage, seconds in TIMES.items()))
