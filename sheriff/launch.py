"""``sheriff serve``: the tutor's Voilà server, from wherever the package is installed.

What it serves comes with the package: the pages (``notebooks/``), the page template
(``share/jupyter/voila/templates/sheriff``) and the server's settings (``voila.json``, which
names ``sheriff.serving``'s kernel manager).  In the repository, or an editable install, they
are read from the tree; a wheel carries a copy in ``sheriff/served/`` (setup.py puts it there).
Voilà runs as a child process, whose log passes through without the lines that sound alarming
but are not (docs/deploy.md).

Every kernel the server starts loads this module as an IPython extension (``sheriff.serving``'s
``KERNEL_ARGUMENTS``): a kernel told to shut down ends its process at once (``quick_exit``).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import ipaddress
import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request
from pathlib import Path

from sheriff import i18n
from sheriff.i18n import _

DISTRIBUTION = "sheriff-tutor"
HOME_PAGE = "00_home.ipynb"
PORT = 8866
MAX_CLASS = 200  # kernels kept ready for one page (~80 MB each)
TOKEN_ENV = "SHERIFF_TOKEN"
ANNOUNCE = "SHERIFF_ANNOUNCE"  # in a server's kernels: "<address> <key>" to announce a class (sheriff.serving.growth)
PASSWORD_OPTION = "--PasswordIdentityProvider.hashed_password"
HASH_COMMAND = 'python -c "from jupyter_server.auth import passwd; print(passwd())"'  # asks, prints the hash
# The default cap on kernels (--max-kernels) from this computer's memory: a lesson's kernel holds
# 70-72 MB, waiting in a pool or in use, and the Voilà server ~200 MB (docs/deploy.md, measured).
KERNEL_MB = 72
RESERVED_MB = 512  # the Voilà server and the rest of the system
# Server log lines that alarm a newcomer but mean nothing here (docs/deploy.md).
SERVER_NOISE = re.compile(
    r"is not trusted|without encryption|Using .* to store connection files"
    r"|Storing connection files|Serving static files|Voil.+ is running at"
    r"|^\s*http://|kernel_pools_config|No such comm|Timeout waiting for IOPub"
)
# Voilà options `serve` sets itself: given again they would clash ("ip only accepts one value").
OWN_OPTIONS = re.compile(r"^--((Voila\.)?(ip|port|token)|ClassroomKernelManager\.max_kernels)(=|$)")


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"


def served_root() -> Path:
    """The folder holding ``notebooks/``, ``voila.json`` and ``share/jupyter``."""
    package = Path(__file__).resolve().parent
    tree = package.parent
    if (tree / "voila.json").is_file() and (tree / "notebooks").is_dir():
        return tree
    return package / "served"


def is_loopback(ip: str) -> bool:
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="sheriff serve",
        allow_abbrev=False,  # a Voilà option passed through is never taken for one of ours
        description=_("Serve the tutor's pages with Voilà (each lesson keeps a kernel warmed up)."),
        epilog=_(
            "Other Voilà settings pass through, e.g. "
            "--VoilaKernelManager.kernel_pools_config='{{...}}' (docs/deploy.md). "
            "Serving beyond this computer (--ip 0.0.0.0 or the server's address) needs a token: "
            "--token SECRET, or the environment variable {env} (kept out of the process list), "
            "or a hashed password: {password}=HASH. "
            "Learners open the address with ?token=SECRET once, or type the token on the login page."
        ).format(env=TOKEN_ENV, password=PASSWORD_OPTION),
    )
    p.add_argument("--port", type=int, default=PORT, help=_("the port to listen on (default {port})").format(port=PORT))
    p.add_argument(
        "--ip",
        default="127.0.0.1",
        help=_("the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network)"),
    )
    p.add_argument("--token", default=None, help=_("the token that lets a browser in (required beyond 127.0.0.1)"))
    p.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "the most kernels (pages open at once, and the ones kept ready) the server holds; "
            "a page asked for when it is full says so (default: as many as this computer's memory holds, "
            "{mb} MB each; 0: no limit)"
        ).format(mb=KERNEL_MB),
    )
    p.add_argument(
        "--lang",
        default=i18n.DEFAULT,
        help=_("the language of the address printed ({languages})").format(languages=", ".join(i18n.LANGUAGES)),
    )
    p.add_argument(
        "--class",
        dest="classes",
        action="append",
        default=[],
        metavar="PAGE=N",
        help=_(
            "keep N kernels ready for a page a class opens together, e.g. --class 05_inspection.ipynb=30 "
            "(repeatable; every other page keeps one)"
        ),
    )
    return p


def class_pools(specs: list[str], notebooks: Path) -> str:
    """Voilà's ``kernel_pools_config`` for ``--class PAGE=N``: a pool as large as the class for each
    page it opens together (every learner gets a kernel that has already run the page), one for the
    others.  Raises ValueError with a sentence for the teacher."""
    pools: dict[str, dict[str, int]] = {"default": {"pool_size": 1}}
    for spec in specs:
        page, _sep, size = spec.partition("=")
        page = page.strip().removeprefix("notebooks/")
        if not page.endswith(".ipynb"):
            page += ".ipynb"
        if not (notebooks / page).is_file():
            raise ValueError(_("--class {spec}: there is no page {page}").format(spec=spec[:80], page=page[:80]))
        if not size.strip().isdigit() or not 1 <= int(size) <= MAX_CLASS:
            raise ValueError(
                _("--class {spec}: give the class size after '=', from 1 to {most}").format(
                    spec=spec[:80], most=MAX_CLASS
                )
            )
        pools[page] = {"pool_size": int(size)}
    return json.dumps(pools)


def memory_mb() -> int | None:
    """This computer's memory in MB (None where the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def default_max_kernels(memory: int | None) -> int:
    """As many kernels as the memory holds beside the server and the system (0: no limit, when
    the memory is not known)."""
    return max(1, (memory - RESERVED_MB) // KERNEL_MB) if memory else 0


def given_password(extra: list[str]) -> str | None:
    """The hashed password given to Voilà (``--PasswordIdentityProvider.hashed_password=HASH``, or
    the value after it), None when none is given."""
    for i, arg in enumerate(extra):
        name, eq, value = arg.partition("=")
        if name == PASSWORD_OPTION:
            return value if eq else (extra[i + 1] if i + 1 < len(extra) else "")
    return None


def lets_anyone_in(hashed: str) -> bool:
    """Whether a hashed password lets every browser in: empty, not a hash (no password matches:
    nobody can log in either), or the hash of an empty password."""
    hashed = hashed.strip().strip("'\"")
    if not re.fullmatch(r"argon2:\$argon2\w*\$\S+|\w+:[0-9a-f]+:[0-9a-f]+", hashed):
        return True
    try:
        from jupyter_server.auth.security import passwd_check
    except ImportError:  # no Voilà either: serve says so next
        return False
    return passwd_check(hashed, "")


def voila_command(root: Path, port: int, ip: str, extra: list[str], private: Path | None = None) -> list[str]:
    from jupyter_core.paths import jupyter_config_path

    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(root / "notebooks"),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
    ]
    # The token's voila.json (first: it wins), the package's, then the environment's Jupyter config folders.
    folders = [*([str(private)] if private else []), str(root), *jupyter_config_path()]
    return cmd + [f"--Voila.config_file_paths={p}" for p in folders] + extra


def private_config(token: str) -> Path:
    """A folder only this user can read, holding the token as Voilà configuration: on Voilà's command
    line it would show in every user's process list."""
    folder = Path(tempfile.mkdtemp(prefix="sheriff-serve-"))  # mode 0700
    (folder / "voila.json").write_text(json.dumps({"Voila": {"token": token}}))
    return folder


def address(ip: str, port: int, token: str | None) -> str:
    host = ip if is_loopback(ip) else socket.gethostname() if ip in ("0.0.0.0", "::", "") else ip
    query = [] if i18n.get_language() == i18n.DEFAULT else [f"lang={i18n.get_language()}"]
    if token:
        query.append(f"token={token}")
    return f"http://{host}:{port}/voila/render/{HOME_PAGE}" + ("?" + "&".join(query) if query else "")


def serve(argv: list[str]) -> int:
    opts, extra = parser().parse_known_args(argv)
    clashing = [a for a in extra if OWN_OPTIONS.match(a)]
    if clashing:
        return _refuse(
            _("use --ip, --port, --token and --max-kernels rather than {option}").format(option=clashing[0][:80])
        )
    token = opts.token or os.environ.get(TOKEN_ENV) or None
    password = given_password(extra)
    if password is not None and lets_anyone_in(password):
        return _refuse(
            _(
                "{option} needs the hash of a real password: an empty one lets anyone in, and a value "
                "that is not a hash lets nobody in. Make one with  {command}  (it asks for the password) "
                "and give what it prints"
            ).format(option=PASSWORD_OPTION, command=HASH_COMMAND)
        )
    if opts.max_kernels is not None and opts.max_kernels < 0:
        return _refuse(_("--max-kernels: give a number of kernels, or 0 for no limit"))
    if not is_loopback(opts.ip) and not (token or password):
        return _refuse(
            _(
                "--ip {ip} lets other computers in: give a token with --token SECRET "
                "(or the environment variable {env}); learners open the address with ?token=SECRET once"
            ).format(ip=opts.ip[:80], env=TOKEN_ENV)
        )
    root = served_root()
    if not (root / "voila.json").is_file():
        return _refuse(_("the tutor's pages are missing from {path}: reinstall the package").format(path=root))
    if opts.classes:
        if any("kernel_pools_config" in a for a in extra):
            return _refuse(_("use either --class or kernel_pools_config, not both"))
        try:
            extra = [
                *extra,
                f"--VoilaKernelManager.kernel_pools_config={class_pools(opts.classes, root / 'notebooks')}",
            ]
        except ValueError as e:
            return _refuse(str(e))
    try:
        import voila  # noqa: F401
    except ImportError:
        return _refuse(_("Voilà is not installed: pip install '{dist}[app]'").format(dist=DISTRIBUTION))
    most = default_max_kernels(memory_mb()) if opts.max_kernels is None else opts.max_kernels
    extra = [*extra, f"--ClassroomKernelManager.max_kernels={most}"]
    env = server_env(root)
    private = private_config(token) if token else None
    cmd = voila_command(root, opts.port, opts.ip, extra, private)
    try:
        return _run(cmd, root, env, address(opts.ip, opts.port, token), most)
    finally:
        if private:
            shutil.rmtree(private, ignore_errors=True)


def server_env(root: Path) -> dict[str, str]:
    """The environment of Voilà and its kernels: the tutor's template on the Jupyter path, and
    Python free to cache the bytecode of what it imports.  ``pip install --no-compile`` (tasks.py)
    leaves that to the first import; with PYTHONDONTWRITEBYTECODE set (as many container images
    do) nothing is ever cached, and every kernel the pools start compiles its ~450 modules again:
    its imports then cost 0.75 CPU-seconds instead of 0.33."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(root / "share" / "jupyter"), env.get("JUPYTER_PATH")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run(cmd: list[str], root: Path, env: dict[str, str], url: str, most: int) -> int:
    """Voilà, its log passed on without the noise; Ctrl-C or SIGTERM stop it and its kernels."""
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # `kill <pid>` stops Voilà and its kernels too, as Ctrl-C does.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "is running at" in line:
                print("\n" + _("Sheriff of Nottingham rules tutor: open {url}").format(url=url), flush=True)
                if most:
                    print(_("At most {n} kernels at once (--max-kernels).").format(n=most), flush=True)
                print(_("(Ctrl-C to stop)") + "\n", flush=True)
            elif not SERVER_NOISE.search(line):
                sys.stdout.write(line)
                sys.stdout.flush()
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        return 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            if proc.poll() is None:
                proc.kill()


def _refuse(msg: str) -> int:
    print("sheriff serve: " + msg, file=sys.stderr)
    return 2


def load_ipython_extension(shell) -> None:
    """In a kernel of the tutor's server (``--IPKernelApp.extra_extensions=sheriff.launch``): once
    the kernel has shut down on request, end the process without IPython's clean-up."""
    atexit.register(quick_exit, shell)  # registered after IPython's own: runs before it


def quick_exit(shell) -> None:
    """A kernel shut down on request (a closed tab, the culler, a full server) ends here.  Python's
    exit would cost 170-210 ms of CPU a kernel (IPython resetting the learner's namespace, garbage
    collection, freeing every module), a class's kernels leaving together seconds of the cores
    the next learners need; the process's memory goes back to the system all the same.  Nothing
    of the learner's is lost: saved games are downloads, the class store commits every change,
    the server removes the kernel's connection file.  A kernel ending otherwise exits as usual."""
    if not getattr(shell, "exit_now", False):  # set by the kernel's shutdown request
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    logging.shutdown()
    os._exit(0)


def announce_class(page: str, learners: int, lang: str = i18n.DEFAULT) -> bool:
    """In a kernel of the tutor's server: ask the server to have ``learners`` kernels ready on
    ``page`` (a teacher created a class room: the class is coming), without waiting for the
    answer.  False where no tutor's server started this kernel (a test, JupyterHub, Binder)."""
    where = os.environ.get(ANNOUNCE, "")
    address, _sep, key = where.partition(" ")
    if not key:
        return False
    data = urllib.parse.urlencode({"page": page, "learners": learners, "lang": lang, "key": key}).encode()
    threading.Thread(target=_post, args=(address, data), daemon=True, name="announce-class").start()
    return True


def _post(address: str, data: bytes) -> None:
    with contextlib.suppress(OSError):  # a pool not grown is not the page's failure: it opens as before
        urllib.request.urlopen(urllib.request.Request(address, data=data, method="POST"), timeout=10).close()
