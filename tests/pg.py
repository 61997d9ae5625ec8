"""A throwaway PostgreSQL cluster for a test session: Debian's binaries, a temporary folder, a unix
socket only (no TCP), stopped by its process id at the end.

PostgreSQL refuses to run as root: when the tests run as root, the cluster runs as the ``postgres``
user (``runuser``), which Debian's ``postgresql`` package creates.  Without the binaries the tests
that need it are skipped, unless ``SHERIFF_REQUIRE_POSTGRES=1`` (CI) makes that a failure."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

PORT = 5432  # only names the socket file inside our own folder: no TCP listener is opened


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
        self.dir = Path(tempfile.mkdtemp(prefix="sheriff-pg-"))
        self.data = self.dir / "data"
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

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGINT)  # "fast" shutdown
            for _ in range(300):
                os.kill(self.pid, 0)
                time.sleep(0.1)
        except ProcessLookupError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


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
    cluster.stop()


_databases = iter(range(1, 10**6))


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """The URL of an empty class store: one SQLite file, or a fresh database in the session's cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    return request.getfixturevalue("pg_cluster").database(f"test_{next(_databases)}")


class FakeClock:
    """Time that moves only when a test says so."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
