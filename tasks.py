#!/usr/bin/env python3
"""Project tasks, standard library only (Python 3.11+).

    python3 tasks.py app [--port N]  # install into .venv (plain Python), serve the tutor on 127.0.0.1:8866;
                                     # then compile the engine in the background for the next start
                                     # (`sheriff serve`: its options and Voilà's pass through, see --help)
    python3 tasks.py test [ARGS...]  # install into .venv, compile the engine, run the whole suite: the unit
                                     # tests and notebooks across the cores, then the browser tests serially
    python3 tasks.py test --fast     # the unit tests only, across the cores: no browser, no notebooks, nothing slow
    python3 tasks.py build           # compile the engine with mypyc (faster simulations; a few minutes)
    python3 tasks.py binder-link     # print the Binder link for this repository's GitHub remote
    python3 tasks.py i18n [--check]  # extract, update and compile the message catalogs (docs/translating.md)

``app`` never compiles before serving: a fresh clone runs plain Python (the same games, half the
simulation speed, which a lesson does not notice).  Once the server answers, it builds the compiled
wheel in the background (niced, from a copy of the tree, into .venv/compiled-engine/), and the next
``app`` copies its compiled modules in if they match the source (SHERIFF_PURE=1: neither).
``test`` and ``build`` compile the engine's inner loop
with mypyc when a C compiler is at hand (setup.py, docs/speed.md); SHERIFF_PURE=1 skips that.
Every install takes its versions from constraints.txt, and builds with the setuptools pinned
there (``--no-build-isolation``); the compiled build brings mypy into .venv first.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"
CONSTRAINTS = ROOT / "constraints.txt"
BUILD_NEEDS = ["setuptools"]  # the plain build (pyproject's [build-system]), at its pinned version
COMPILE_NEEDS = ["mypy", "pydantic"]  # mypyc, and what it type-checks the engine against (setup.py)
# pytest-xdist: one worker per core (every unit test is safe in parallel: temporary folders, free
# ports, a PostgreSQL cluster per worker); a notebook's cells stay on one worker (loadfile).
# The browser tests on two workers: each has its own Chromium and its own Voilà server (free port,
# class store in its own temporary folder), and every test its own browser context and servers.
# Two, not one a core: a worker's server keeps a preheated kernel per page (~23), and a test waits
# on its pages, which a busier machine serves later.  loadgroup, with tests/conftest.py's scheduler,
# hands out one test at a time (the long accessibility and Ukrainian files split across both), and a
# module sharing one server or build (WHOLE_MODULES: the wheel, Binder, the class plans, the server
# guards) whole to one worker, first.
PARALLEL = ["-n", "auto"]
FAST = [*PARALLEL, "--dist", "worksteal", "-m", "not browser and not slow", "tests", "--ignore=tests/browser"]
UNITS_AND_NOTEBOOKS = [*PARALLEL, "--dist", "loadfile", "-m", "not browser"]
BROWSER = ["-n", "2", "--dist", "loadgroup", "-m", "browser"]
CHROMIUM = "/usr/bin/chromium"
ENGINE_CACHE = VENV / "compiled-engine"  # compiled wheels app built in the background (and their log)
GROUP = "sheriff_engine__mypyc"  # the shared library mypyc builds (setup.py's group_name)
PLAIN_BY_CHOICE = VENV / ".sheriff-plain-by-choice"  # `build --plain`: app leaves the engine plain
# What the wheel is built from (setup.py, pyproject.toml, MANIFEST.in): copied, so the build leaves the tree alone.
BUILD_INPUTS = ["setup.py", "pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "constraints.txt", "voila.json",
                "sheriff", "notebooks", "share"]  # fmt: skip
NBVAL_ARGS = ["--nbval-lax", "--nbval-current-env", "--nbval-sanitize-with=tests/nbval_sanitize.cfg"]
# pip's lines worth showing a newcomer while it works; the rest (and setuptools' notices) is noise.
PIP_PROGRESS = re.compile(r"^(Collecting|Installing collected|Successfully|Building|ERROR|error)")


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
    cmd = [str(PY), "-m", "pip", "install", "--progress-bar", "off", "-c", str(CONSTRAINTS), *args]
    shown = " ".join(cmd[2:]).replace(str(CONSTRAINTS), CONSTRAINTS.name)
    say("+ " + shown + ("" if compiled or "-e" not in args else "   (SHERIFF_PURE=1: no compile)"))
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
    inputs = ("pyproject.toml", "setup.py", "constraints.txt")
    return hashlib.sha256(b"".join((ROOT / name).read_bytes() for name in inputs)).hexdigest()


def install(extra: str, compiled: bool) -> None:
    """.venv with the project and its [extra] dependencies; the engine compiled if asked."""
    if not PY.exists():
        say(f"step 1/3: creating a virtual environment in {VENV.name}/")
        run(sys.executable, "-m", "venv", VENV)
        pip(["--quiet", "--upgrade", "pip", *BUILD_NEEDS], compiled=False)
    mode = installed_mode(extra)
    want = "compiled" if compiled else "plain"
    if mode is None:
        say(
            f"step 2/3: installing the project and its [{extra}] dependencies into {VENV.name}/ "
            + ("(and compiling the engine: a few minutes)" if compiled else "(plain Python: no compile)")
        )
        # --no-compile: pip would byte-compile every installed file (scipy, matplotlib...) up front;
        # Python compiles the modules a lesson imports when it first imports them.
        build_needs(compiled)
        pip(["--no-compile", "--no-build-isolation", "-e", f".[{extra}]"], compiled)
        (VENV / f".sheriff-installed-{extra}").write_text(f"{deps_digest()} {want}")
    elif compiled and mode != "compiled" or not engine_importable():
        build([] if compiled else ["--plain"])
    else:
        say(f"{VENV.name}/ is up to date ([{extra}], engine {engine_kind()})")


def build_needs(compiled: bool) -> None:
    """What the build imports, in .venv at its pinned versions (the builds use --no-build-isolation;
    Python's venv brings an older setuptools than the project's build needs)."""
    needs = BUILD_NEEDS + (COMPILE_NEEDS if compiled else [])
    pins = dict(re.findall(r"^([\w.-]+)==(\S+)", CONSTRAINTS.read_text(), re.M))
    probe = "import importlib.metadata as m, sys; print(' '.join(m.version(n) for n in sys.argv[1:]))"
    found = subprocess.run([str(PY), "-c", probe, *needs], capture_output=True, text=True).stdout.split()
    if found != [pins.get(n, v) for n, v in zip(needs, found)] or len(found) != len(needs):
        pip(["--quiet", "--upgrade", *needs], compiled=False)


def engine_importable() -> bool:
    """False if ``import sheriff`` refuses: compiled modules older than their source."""
    return subprocess.run([str(PY), "-c", "import sheriff"], cwd=ROOT, capture_output=True).returncode == 0


def engine_in_tree() -> bool:
    """What sheriff.compiled.is_compiled() says, without importing the engine (a second at a first start)."""
    record = ROOT / "sheriff" / "data" / "compiled.json"
    if not record.exists():
        return False
    paths = [ROOT / path for path in json.loads(record.read_text())]
    return bool(paths) and all(any(p.with_suffix(x).exists() for x in EXTENSION_SUFFIXES) for p in paths)


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
    build_needs(compiled)
    pip(["--no-deps", "--no-build-isolation", "-e", "."], compiled)
    kind = engine_kind()
    for stamp in VENV.glob(".sheriff-installed-*"):
        digest, _, _ = stamp.read_text().partition(" ")
        stamp.write_text(f"{digest} {'compiled' if kind == 'compiled' else 'plain'}")
    say(f"the engine runs {kind}")
    return 0


def build_task(args: list[str]) -> int:
    """`tasks.py build`: as build(), and `app` remembers a plain build was asked for (it compiles no more)."""
    PLAIN_BY_CHOICE.unlink(missing_ok=True)
    status = build(args)
    if "--plain" in args or os.environ.get("SHERIFF_PURE") == "1":
        PLAIN_BY_CHOICE.touch()
    return status


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
    install("app", compiled=False)
    later = os.environ.get("SHERIFF_PURE") != "1" and not PLAIN_BY_CHOICE.exists()
    if later and not engine_in_tree() and use_prebuilt_engine():
        say("the engine runs compiled (built in the background by an earlier start)")
    say("step 3/3: starting the Voilà server (each lesson gets a kernel warmed up in the background)")
    if later and not engine_in_tree() and can_compile():
        # Once the server answers, niced; it stops with the server (it watches this process's pid).
        subprocess.Popen([sys.executable, __file__, "compile-later", str(serve_port(args))], cwd=ROOT)
    # `sheriff serve` (sheriff/launch.py) serves the package's pages with its voila.json and page
    # template; it takes this process's place, so Ctrl-C or `kill <pid>` stops Voilà and its kernels.
    sheriff = VENV / "bin" / "sheriff"
    say("+ " + " ".join(["sheriff", "serve", *args]))
    os.execv(sheriff, [str(sheriff), "serve", *args])
    return 0  # not reached


def serve_port(args: list[str]) -> int:
    for i, arg in enumerate(args):
        if arg.startswith("--port="):
            return int(arg.split("=", 1)[1])
        if arg == "--port" and i + 1 < len(args):
            return int(args[i + 1])
    return 8866


def can_compile() -> bool:
    """A C compiler and Python's headers (what mypyc's output needs); without them the engine stays plain."""
    import sysconfig

    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return headers.exists() and any(shutil.which(cc) for cc in ("cc", "gcc", "clang"))


def compiled_sources() -> list[str]:
    """The modules setup.py compiles (pyproject's [tool.sheriff] compiled)."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["sheriff"]["compiled"]


def source_hashes(record: dict[str, str]) -> dict[str, str]:
    return {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in record if (ROOT / path).exists()}


def matching_engine() -> tuple[Path, list[str]] | None:
    """A compiled wheel (built in the background, or in dist/) whose modules were compiled from the
    current source for this Python: (the wheel, its compiled files, the shared library first)."""
    wheels = sorted(ENGINE_CACHE.glob("sheriff_tutor-*.whl")) + sorted((ROOT / "dist").glob("sheriff_tutor-*.whl"))
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as whl:
            names = whl.namelist()
            if "sheriff/data/compiled.json" not in names:
                continue
            record = json.loads(whl.read("sheriff/data/compiled.json"))
        if set(record) != set(compiled_sources()) or source_hashes(record) != record:
            continue
        for suffix in EXTENSION_SUFFIXES:  # a module is loaded from <name><suffix>: this Python's suffixes only
            binaries = [GROUP + suffix] + [path.removesuffix(".py") + suffix for path in record]
            if set(binaries) <= set(names):
                return wheel, [*binaries, "sheriff/data/compiled.json"]  # the shared library first, the record last
    return None


def use_prebuilt_engine() -> bool:
    """Copy a matching compiled engine in before serving: the modules into the tree (where an in-place
    build puts them), the shared library they load into .venv's site-packages (where a wheel puts it:
    the editable install maps the package alone; setup.py removes it on the next editable build)."""
    found = matching_engine()
    if found is None:
        return False
    wheel, files = found
    places = [site_packages() / files[0]] + [ROOT / name for name in files[1:]]
    with zipfile.ZipFile(wheel) as whl:
        for name, dest in zip(files, places):
            dest.write_bytes(whl.read(name))
    if engine_served_kind() == "compiled":
        for stamp in VENV.glob(".sheriff-installed-*"):
            stamp.write_text(stamp.read_text().partition(" ")[0] + " compiled")
        return True
    for dest in places:  # it does not load here: back to plain Python
        dest.unlink(missing_ok=True)
    return False


def site_packages() -> Path:
    probe = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(subprocess.run([str(PY), "-c", probe], capture_output=True, text=True, check=True).stdout.strip())


def engine_served_kind() -> str:
    """engine_kind() as `sheriff serve` and its kernels see it: the whole package imported, from outside the tree."""
    probe = "import sheriff, sheriff.compiled as c; print(c.is_compiled())"
    done = subprocess.run([str(PY), "-c", probe], cwd=VENV, capture_output=True, text=True)
    return "compiled" if done.stdout.strip() == "True" else "plain Python"


def compile_later(args: list[str]) -> int:
    """Once the server answers, build the compiled wheel from a copy of the tree into ENGINE_CACHE, niced;
    stop with the server (this process's parent) or Ctrl-C.  Its output: ENGINE_CACHE/build.log."""
    server, port = os.getppid(), int(args[0])
    os.nice(19)
    for sig in (signal.SIGINT, signal.SIGTERM):  # Ctrl-C, or the server's group stopped: quietly, pip too
        signal.signal(sig, lambda *_: sys.exit(0))
    for _ in range(600):  # the first start first: its pip and its server, then us
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            break
        except urllib.error.HTTPError:  # any answer: the server is up
            break
        except OSError:
            if os.getppid() != server:
                return 0
            time.sleep(1)
    ENGINE_CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sheriff-engine-") as tmp, open(ENGINE_CACHE / "build.log", "w") as log:
        src, dist = Path(tmp) / "src", Path(tmp) / "dist"
        copy_build_inputs(src)
        steps = [
            ["install", "--progress-bar", "off", "-c", str(CONSTRAINTS), *BUILD_NEEDS, *COMPILE_NEEDS],
            ["wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(src)],
        ]
        for step in steps:
            if run_while(server, [str(PY), "-m", "pip", *step], log) != 0:
                return 1
        (wheel,) = dist.glob("*.whl")
        for old in ENGINE_CACHE.glob("*.whl"):
            old.unlink()
        shutil.move(wheel, ENGINE_CACHE / wheel.name)
    if matching_engine() is not None:
        say("\n(the compiled engine is built: the next `python3 tasks.py app` runs it)")
    return 0


def copy_build_inputs(dest: Path) -> None:
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        elif (ROOT / name).exists():
            dest.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)


def run_while(server: int, cmd: list[str], log) -> int | None:
    """Run cmd (in its own process group) while the server runs; None, and cmd stopped, once it does not."""
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        while proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=2)
            if os.getppid() != server:
                return None
        return proc.returncode
    finally:
        if proc.poll() is None:  # the server stopped, or Ctrl-C: pip and the compiler with it
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()


def test(args: list[str]) -> int:
    fast = "--fast" in args
    if fast:  # the unit tests: installed as they are (a fresh clone gets plain Python, no compile)
        args = [a for a in args if a != "--fast"]
        install("test", compiled=False)
        return pytest([*FAST, *args])
    install("test", compiled=os.environ.get("SHERIFF_PURE") != "1")
    if os.environ.get("SHERIFF_SKIP_BROWSER") != "1":
        ensure_chromium()
    if any(a.startswith("-m") for a in args):  # markers of one's own
        return pytest([*NBVAL_ARGS, *args])
    # Two runs: the unit tests and notebooks across the cores, then the browser tests on two workers.
    first = pytest([*UNITS_AND_NOTEBOOKS, *NBVAL_ARGS, *args])
    if first == 2 or first == 1 and ("-x" in args or "--exitfirst" in args):  # interrupted, or stop at a failure
        return first
    return combined(first, pytest([*BROWSER, *NBVAL_ARGS, *args]))


def pytest(args: list[str]) -> int:
    cmd = [str(PY), "-m", "pytest", *args]
    say("+ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=bytecode_cached()).returncode


def bytecode_cached() -> dict[str, str]:
    """This environment, with Python free to cache bytecode (``__pycache__``, ignored by git): with
    PYTHONDONTWRITEBYTECODE set (as many container images do) every pytest worker compiled the package
    and its dependencies (``pip --no-compile``) and rewrote each test module's asserts afresh at every
    run: 4-5 s of the fast loop's wall time, 10 CPU-seconds (sheriff serve drops it too: docs/deploy.md)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def combined(*codes: int) -> int:
    """pytest's exit codes of several runs as one: a failure wins; 5 (no test selected) only if every run
    selected none (``-k`` may pick browser tests only)."""
    worst = [c for c in codes if c not in (0, 5)]
    return worst[0] if worst else 0 if 0 in codes else 5


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
    tasks = {"app": app, "test": test, "build": build_task, "binder-link": binder_link, "i18n": i18n}
    tasks["compile-later"] = compile_later  # app's background build, not for the command line
    if len(sys.argv) < 2 or sys.argv[1] not in tasks:
        say(__doc__.strip())
        return 2
    return tasks[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
