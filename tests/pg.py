"""A throwaway PostgreSQL cluster for a test session: Debian's binaries, a temporary folder, a unix
socket only (no TCP), stopped by its process id at the end: the session's is told to stop as the
session ends, and its watcher (below) sees that through and removes the folder once the run has gone.

A cluster never outlives the process that started it: a watcher of its own (a small process in its
own session, so a Ctrl-C or a kill of the test run's process group does not reach it) waits for that
process to end, however it ends (SIGKILL included), then stops the cluster and removes its folder.
As a second guard, starting a cluster first stops those whose starter is gone (``OWNER`` in the
folder names it) and whose watcher did not run (killed along with it, or the machine stopped).

PostgreSQL refuses to run as root: when the tests run as root, the cluster runs as the ``postgres``
user (``runuser``), which Debian's ``postgresql`` package creates.  Without the binaries the tests
that need it are skipped, unless ``SHERIFF_REQUIRE_POSTGRES=1`` (CI) makes that a failure."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

PORT = 5432  # only names the socket file inside our own folder: no TCP listener is opened
PREFIX = "sheriff-pg-"
OWNER = "owner"  # in the cluster's folder: the pid and start time of the process that started it
# The watcher: waits for the starter (pidfd: no polling) and stops the postmaster when it has gone.
WATCH = """
import os, select, sys
sys.path.insert(0, sys.argv[2])
from tests import pg
starter = os.pidfd_open(int(sys.argv[1]))
select.select([starter], [], [])
pg.stop_cluster(pg.Path(sys.argv[3]))
"""


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _as_user(cmd: list[str], user: str | None) -> list[str]:
    return ["runuser", "-u", user, "--", *cmd] if user else cmd


class Cluster:
    def __init__(self):
        bindir = _bindir()
        if bindir is None:
            raise FileNotFoundError("no PostgreSQL binaries (Debian: apt-get install postgresql)")
        self.user = "postgres" if os.geteuid() == 0 else None
        stop_orphans()
        self.dir = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.data = self.dir / "data"
        # Named and watched before it starts: a run killed while the cluster starts leaves nothing either.
        (self.dir / OWNER).write_text(_identity(os.getpid()) or "")
        self.watcher = subprocess.Popen(
            [sys.executable, "-c", WATCH, str(os.getpid()), str(Path(__file__).parents[1]), str(self.dir)],
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if self.user:
            pw = pwd.getpwnam(self.user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        run = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        subprocess.run(
            _as_user(
                [str(bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
                self.user,
            ),
            **run,
        )
        options = f"-k {self.dir} -c listen_addresses='' -p {PORT} -c fsync=off -c max_connections=200"
        subprocess.run(
            _as_user(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.dir / "log"),
                    "-w",
                    "start",
                ],
                self.user,
            ),
            **run,
        )
        self.pid = int((self.data / "postmaster.pid").read_text().split()[0])
        self.url = f"postgresql+psycopg://postgres@/postgres?host={self.dir}&port={PORT}"

    def database(self, name: str) -> str:
        """A fresh, empty database in the cluster; its URL."""
        import psycopg

        with psycopg.connect(host=str(self.dir), port=PORT, user="postgres", dbname="postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}"')
            c.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@/{name}?host={self.dir}&port={PORT}"

    def schema(self, name: str) -> str:
        """A fresh, empty schema in the cluster's own database; the URL of a store in it (its search
        path): to the store as empty as a fresh database, and made in a millisecond where a database
        takes 50-150 ms (CREATE DATABASE copies 7 MB of catalogs)."""
        import psycopg

        with psycopg.connect(host=str(self.dir), port=PORT, user="postgres", dbname="postgres", autocommit=True) as c:
            c.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url}&options=-csearch_path%3D{name}"

    def stop(self) -> None:
        self.watcher.kill()
        self.watcher.wait()
        stop_cluster(self.dir)

    def release(self) -> None:
        """Begin the fast shutdown and return: the watcher sees it through (and removes the folder) once
        this process has gone, so a test run does not wait the 2-3 s PostgreSQL takes to stop."""
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGINT)


def _identity(pid: int) -> str | None:
    """``pid`` and its start time (clock ticks since boot; a reused pid does not pass for the starter),
    or None if no such process runs."""
    try:
        return f"{pid} {Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()[19]}"
    except (OSError, IndexError):
        return None


def stop_cluster(folder: Path) -> None:
    """Stop the postmaster of the cluster in ``folder`` (its pid file says which) and remove the folder."""
    try:
        pid = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGINT)  # "fast" shutdown
        for _ in range(300):
            os.kill(pid, 0)
            time.sleep(0.1)
    except (OSError, ValueError, IndexError):  # no pid file (never started), or the postmaster has gone
        pass
    shutil.rmtree(folder, ignore_errors=True)


def stop_orphans(where: Path | None = None) -> list[Path]:
    """Stop the clusters whose starter has gone and whose watcher did not stop them; their folders."""
    stopped = []
    for folder in sorted(Path(where or tempfile.gettempdir()).glob(PREFIX + "*")):
        try:
            starter = (folder / OWNER).read_text()
        except OSError:
            continue  # still starting, or not ours to judge
        if starter and _identity(int(starter.split()[0])) != starter:
            stop_cluster(folder)
            stopped.append(folder)
    return stopped


def start_or_skip() -> Cluster | None:
    try:
        return Cluster()
    except (FileNotFoundError, KeyError, subprocess.CalledProcessError) as e:
        detail = getattr(e, "stderr", b"") or b""
        message = f"no PostgreSQL cluster: {e} {detail.decode(errors='replace')}"
        if os.environ.get("SHERIFF_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return None  # pragma: no cover


@pytest.fixture(scope="session")
def pg_cluster():
    cluster = start_or_skip()
    assert cluster is not None
    yield cluster
    cluster.release()


_schemas = iter(range(1, 10**6))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The URL of an empty class store: one SQLite file, or a fresh schema in the session's cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    return request.getfixturevalue("pg_cluster").schema(f"test_{next(_schemas)}")


class FakeClock:
    """Time that moves only when a test says so."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
