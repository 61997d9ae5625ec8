"""The tests' throwaway PostgreSQL cluster (tests/pg.py) never outlives the run that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests import pg
from tests.browser.harness import wait_until as wait_for

ROOT = Path(__file__).resolve().parents[1]
# A test run in miniature: starts a cluster, says where, and waits to be stopped.
# Ctrl-C acts on it even when this run was started in the background of a script, which starts
# with SIGINT ignored (and hands that on).
RUN = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, sys.argv[1])
from tests.pg import Cluster
c = Cluster()
print(c.dir, c.pid, flush=True)
time.sleep(600)
"""

# Runs a command with SIGINT's default action (an ignored SIGINT would be handed on through exec).
DEFAULT_SIGINT = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])",
]


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "Ctrl-C"])
def test_a_killed_run_leaves_no_cluster_running(how):
    if pg._bindir() is None and os.environ.get("SHERIFF_REQUIRE_POSTGRES") != "1":
        pytest.skip("no PostgreSQL binaries (Debian: apt-get install postgresql)")
    run = subprocess.Popen([sys.executable, "-c", RUN, str(ROOT)], stdout=subprocess.PIPE, text=True)
    folder, pid = run.stdout.readline().split()
    assert not gone(int(pid)) and Path(folder, "data", "postmaster.pid").exists()
    run.send_signal(how)
    run.wait(timeout=30)
    wait_for(lambda: gone(int(pid)), 60, "the postmaster to stop")
    wait_for(lambda: not Path(folder).exists(), 30, "the cluster's folder to go")


def test_a_cluster_whose_starter_has_gone_is_stopped_at_the_next_start(tmp_path):
    """The second guard: the watcher itself killed (or the machine stopped) with its run."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    postmaster = subprocess.Popen([*DEFAULT_SIGINT, "sleep", "60"])  # stands for a postmaster: stops on SIGINT
    reaper = threading.Thread(target=postmaster.wait)  # reaped as it ends: no zombie to wait for
    reaper.start()
    try:
        orphan, ours = tmp_path / (pg.PREFIX + "orphan"), tmp_path / (pg.PREFIX + "ours")
        for folder, owner in ((orphan, f"{int(dead.stdout)} 12345"), (ours, pg._identity(os.getpid()))):
            (folder / "data").mkdir(parents=True)
            (folder / pg.OWNER).write_text(owner)
            (folder / "data" / "postmaster.pid").write_text(f"{postmaster.pid}\n{folder / 'data'}\n")
        (tmp_path / (pg.PREFIX + "starting")).mkdir()  # no owner yet: another run's cluster starting
        assert pg.stop_orphans(tmp_path) == [orphan]
        reaper.join(timeout=30)
        assert postmaster.returncode == -signal.SIGINT
        assert not orphan.exists() and ours.exists() and (tmp_path / (pg.PREFIX + "starting")).exists()
    finally:
        postmaster.kill()
