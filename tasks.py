#!/usr/bin/env python3
"""Project tasks, standard library only (Python 3.11+).

    python3 tasks.py app             # install into .venv, serve the tutor with Voilà on 127.0.0.1:8866
    python3 tasks.py test [ARGS...]  # install into .venv, run the whole suite; ARGS go to pytest
    python3 tasks.py build           # rebuild the compiled engine now (SHERIFF_PURE=1: plain Python)

The engine's inner loop is compiled with mypyc when a C compiler is at hand (see
setup.py); ``app`` and ``test`` rebuild it by themselves after its source changes.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
CHROMIUM = "/usr/bin/chromium"
HOME_PAGE = "notebooks/00_home.ipynb"
PORT = 8866
NBVAL_ARGS = ["--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with=tests/nbval_sanitize.cfg"]


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def install(extra: str) -> None:
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        run(sys.executable, "-m", "venv", VENV)
        run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    # The install is editable: a change to pyproject.toml or setup.py needs a new pip run,
    # a change to a compiled module's source a new build (see up_to_date).
    stamp = VENV / f".sheriff-installed-{extra}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "setup.py").read_bytes()
                            + os.environ.get("SHERIFF_PURE", "").encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        print(f".venv is up to date with pyproject.toml [{extra}]", flush=True)
        if not up_to_date():
            build([])
        return
    print(f"installing the project with [{extra}] into .venv", flush=True)
    run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f".[{extra}]")
    stamp.write_text(digest)


def up_to_date() -> bool:
    """False if ``import sheriff`` refuses: compiled modules older than their source."""
    return subprocess.run([str(PY), "-c", "import sheriff"], cwd=ROOT, capture_output=True).returncode == 0


def build(args: list[str]) -> int:
    if not PY.exists():
        install("app")
    print("building the engine (compiled with mypyc unless SHERIFF_PURE=1)", flush=True)
    run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "-e", ".")
    compiled = subprocess.run([str(PY), "-c", "import sheriff.compiled as c; print(c.is_compiled())"],
                              cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print("the engine runs compiled" if compiled == "True" else "the engine runs as plain Python", flush=True)
    return 0


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("Chromium is missing: installing Debian's chromium", flush=True)
        run("apt-get", "update")
        run("apt-get", "install", "-y", "chromium", env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        return
    sys.exit(f"error: {CHROMIUM} not found; install it with `sudo apt-get install -y chromium` "
             "(or set SHERIFF_SKIP_BROWSER=1 to skip the browser tests)")


def app(args: list[str]) -> int:
    install("app")
    url = f"http://127.0.0.1:{PORT}/voila/render/{Path(HOME_PAGE).name}"
    print(f"\nSheriff of Nottingham rules tutor: {url}\n(Ctrl-C to stop)", flush=True)
    cmd = [str(VENV / "bin" / "voila"), "notebooks", "--no-browser", f"--port={PORT}",
           "--Voila.ip=127.0.0.1", *args]
    try:  # cwd=ROOT so Voilà reads ./voila.json
        return subprocess.run(cmd, cwd=ROOT).returncode
    except KeyboardInterrupt:
        return 0


def test(args: list[str]) -> int:
    install("test")
    if os.environ.get("SHERIFF_SKIP_BROWSER") != "1":
        ensure_chromium()
    cmd = [str(PY), "-m", "pytest", *NBVAL_ARGS, *args]
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def main() -> int:
    tasks = {"app": app, "test": test, "build": build}
    if len(sys.argv) < 2 or sys.argv[1] not in tasks:
        print(__doc__.strip())
        return 2
    return tasks[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
