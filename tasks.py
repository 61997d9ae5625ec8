#!/usr/bin/env python3
"""Project tasks, standard library only (Python 3.11+).

    python3 tasks.py app             # install into .venv, serve the tutor with Voilà on 127.0.0.1:8866
    python3 tasks.py test [ARGS...]  # install into .venv, run the whole suite; ARGS go to pytest
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
    # The install is editable: only a change to pyproject.toml needs a new pip run.
    stamp = VENV / f".sheriff-installed-{extra}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        print(f".venv is up to date with pyproject.toml [{extra}]", flush=True)
        return
    print(f"installing the project with [{extra}] into .venv", flush=True)
    run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f".[{extra}]")
    stamp.write_text(digest)


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
    tasks = {"app": app, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in tasks:
        print(__doc__.strip())
        return 2
    return tasks[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
