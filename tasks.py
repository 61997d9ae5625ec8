#!/usr/bin/env python3
"""Project tasks, standard library only (Python 3.11+).

    python3 tasks.py app [--port N]  # install into .venv (plain Python), serve the tutor on 127.0.0.1:8866
    python3 tasks.py test [ARGS...]  # install into .venv, compile the engine, run the whole suite
    python3 tasks.py build           # compile the engine with mypyc (faster simulations; a few minutes)
    python3 tasks.py binder-link     # print the Binder link for this repository's GitHub remote
    python3 tasks.py i18n [--check]  # extract, update and compile the message catalogs (docs/translating.md)

``app`` never compiles: the tutor runs as plain Python (the same games, half the simulation
speed, which a lesson does not notice).  ``test`` and ``build`` compile the engine's inner loop
with mypyc when a C compiler is at hand (setup.py, docs/speed.md); SHERIFF_PURE=1 skips that.
"""

from __future__ import annotations

import hashlib
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
CHROMIUM = "/usr/bin/chromium"
HOME_PAGE = "notebooks/00_home.ipynb"
PORT = 8866
NBVAL_ARGS = ["--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with=tests/nbval_sanitize.cfg"]
# pip's lines worth showing a newcomer while it works; the rest (and setuptools' notices) is noise.
PIP_PROGRESS = re.compile(r"^(Collecting|Installing collected|Successfully|Building|ERROR|error)")
# Server log lines that alarm a newcomer but mean nothing here (see docs/deploy.md).
SERVER_NOISE = re.compile(
    r"is not trusted|without encryption|Using .* to store connection files"
    r"|Storing connection files|Serving static files|Voil.+ is running at"
    r"|^\s*http://127\.0\.0\.1|kernel_pools_config|No such comm|Timeout waiting for IOPub"
)


def say(msg: str) -> None:
    print(msg, flush=True)


def run(*cmd: str | Path, **kw) -> None:
    say("+ " + " ".join(map(str, cmd)))
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def pip(args: list[str], compiled: bool) -> None:
    """pip install, showing what it fetches and installs (not its every line)."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    if not compiled:
        env["SHERIFF_PURE"] = "1"
    cmd = [str(PY), "-m", "pip", "install", "--progress-bar", "off", *args]
    say("+ " + " ".join(cmd[2:]) + ("" if compiled or "-e" not in args else "   (SHERIFF_PURE=1: no compile)"))
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    lines: list[str] = []
    pending = b""
    while True:
        ready, _, _ = select.select([proc.stdout], [], [], 15)
        if not ready:  # pip unpacks and compiles in silence: say it is still at work
            say(f"  ... still working ({time.monotonic() - start:.0f} s so far)")
            continue
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        *done, pending = (pending + chunk).split(b"\n")
        for raw in done:
            line = raw.decode(errors="replace")
            lines.append(line + "\n")
            if PIP_PROGRESS.match(line):
                say("  " + line.split(" (from ")[0].rstrip()[:160])
    if proc.wait():
        sys.stdout.write("".join(lines[-60:]))
        sys.exit(f"error: pip failed (exit {proc.returncode}); its last lines are above")
    say(f"  done in {time.monotonic() - start:.0f} s")


def installed_mode(extra: str) -> str | None:
    """'plain' or 'compiled' if .venv holds the project with [extra] for this pyproject, else None."""
    stamp = VENV / f".sheriff-installed-{extra}"
    if not stamp.exists():
        return None
    digest, _, mode = stamp.read_text().partition(" ")
    return mode if digest == deps_digest() else None


def deps_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "setup.py").read_bytes()).hexdigest()


def install(extra: str, compiled: bool) -> None:
    """.venv with the project and its [extra] dependencies; the engine compiled if asked."""
    if not PY.exists():
        say(f"step 1/3: creating a virtual environment in {VENV.name}/")
        run(sys.executable, "-m", "venv", VENV)
        pip(["--quiet", "--upgrade", "pip"], compiled=False)
    mode = installed_mode(extra)
    want = "compiled" if compiled else "plain"
    if mode is None:
        say(
            f"step 2/3: installing the project and its [{extra}] dependencies into {VENV.name}/ "
            + ("(and compiling the engine: a few minutes)" if compiled else "(plain Python: no compile)")
        )
        # --no-compile: pip would byte-compile every installed file (scipy, matplotlib...) up front;
        # Python compiles the modules a lesson imports when it first imports them.
        pip(["--no-compile", "-e", f".[{extra}]"], compiled)
        (VENV / f".sheriff-installed-{extra}").write_text(f"{deps_digest()} {want}")
    elif compiled and mode != "compiled" or not engine_importable():
        build([] if compiled else ["--plain"])
    else:
        say(f"{VENV.name}/ is up to date ([{extra}], engine {engine_kind()})")


def engine_importable() -> bool:
    """False if ``import sheriff`` refuses: compiled modules older than their source."""
    return subprocess.run([str(PY), "-c", "import sheriff"], cwd=ROOT, capture_output=True).returncode == 0


def engine_kind() -> str:
    out = subprocess.run(
        [str(PY), "-c", "import sheriff.compiled as c; print(c.is_compiled())"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return "compiled" if out == "True" else "plain Python"


def build(args: list[str]) -> int:
    """Compile the engine in place (``--plain`` or SHERIFF_PURE=1: drop the compiled modules)."""
    compiled = "--plain" not in args and os.environ.get("SHERIFF_PURE") != "1"
    if not PY.exists():
        install("app", compiled=False)
    say(
        "building the engine: "
        + (
            "compiling with mypyc (2-6 minutes on a small machine; nothing to see until it ends)"
            if compiled
            else "plain Python"
        )
    )
    pip(["--no-deps", "-e", "."], compiled)
    kind = engine_kind()
    for stamp in VENV.glob(".sheriff-installed-*"):
        digest, _, _ = stamp.read_text().partition(" ")
        stamp.write_text(f"{digest} {'compiled' if kind == 'compiled' else 'plain'}")
    say(f"the engine runs {kind}")
    return 0


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        say("Chromium is missing: installing Debian's chromium")
        run("apt-get", "update")
        run("apt-get", "install", "-y", "chromium", env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        return
    sys.exit(
        f"error: {CHROMIUM} not found; install it with `sudo apt-get install -y chromium` "
        "(or set SHERIFF_SKIP_BROWSER=1 to skip the browser tests)"
    )


def app(args: list[str]) -> int:
    port = PORT
    if "--port" in args:
        i = args.index("--port")
        port = int(args[i + 1])
        del args[i : i + 2]
    for a in list(args):
        if a.startswith("--port="):
            port = int(a.split("=", 1)[1])
            args.remove(a)
    install("app", compiled=False)
    url = f"http://127.0.0.1:{port}/voila/render/{Path(HOME_PAGE).name}"
    say("step 3/3: starting the Voilà server (each lesson gets a kernel warmed up in the background)")
    cmd = [
        str(VENV / "bin" / "voila"),
        "notebooks",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *args,
    ]
    # cwd=ROOT so Voilà reads ./voila.json; its log is passed on without the lines that
    # sound alarming but are not (notebooks are ours; kernels talk over local sockets).
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))  # the page template as in the tree
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill <pid>` stops Voilà too, as Ctrl-C does
    try:
        for line in proc.stdout:
            if "is running at" in line:
                say(f"\nSheriff of Nottingham rules tutor: open {url}\n(Ctrl-C to stop)\n")
            elif not SERVER_NOISE.search(line):
                sys.stdout.write(line)
                sys.stdout.flush()
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(timeout=20)
        return 0


def test(args: list[str]) -> int:
    install("test", compiled=os.environ.get("SHERIFF_PURE") != "1")
    if os.environ.get("SHERIFF_SKIP_BROWSER") != "1":
        ensure_chromium()
    cmd = [str(PY), "-m", "pytest", *NBVAL_ARGS, *args]
    say("+ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


def binder_link(args: list[str]) -> int:
    """The mybinder.org link that opens the home page, from the `origin` remote on GitHub."""
    remote = (
        args[0]
        if args
        else subprocess.run(
            ["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
    )
    m = re.search(r"github\.com[:/]([^/\s]+)/([^/\s]+?)(?:\.git)?/?$", remote)
    if not m:
        say(
            f"no GitHub remote (origin is {remote or 'not set'}): Binder builds public GitHub "
            "repositories; push there, then run this again (or pass the URL)"
        )
        return 1
    say(f"https://mybinder.org/v2/gh/{m[1]}/{m[2]}/HEAD?urlpath=voila%2Frender%2Fnotebooks%2F00_home.ipynb")
    return 0


def i18n(args: list[str]) -> int:
    """Babel's extract, update and compile over every catalog (tools/i18n.py)."""
    if not PY.exists():
        install("test", compiled=False)
    return subprocess.run([str(PY), str(ROOT / "tools" / "i18n.py"), *args], cwd=ROOT).returncode


def main() -> int:
    tasks = {"app": app, "test": test, "build": build, "binder-link": binder_link, "i18n": i18n}
    if len(sys.argv) < 2 or sys.argv[1] not in tasks:
        say(__doc__.strip())
        return 2
    return tasks[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
