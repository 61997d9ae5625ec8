"""Kernels forked from a pre-warmed process: the server's kernel provisioner.

``ForkProvisioner`` is a jupyter_client kernel provisioner (entry point ``sheriff-fork`` in the
group ``jupyter_client.kernel_provisioners``, pyproject.toml; chosen by voila.json's
``KernelProvisionerFactory.default_provisioner_name``).  It writes the connection file as the
local provisioner does, then asks the fork server (``sheriff.forkserver``, started on first use,
one per server) for a child that becomes the kernel: a kernel that has not to import ipykernel
and the lesson's modules again (~0.4 s of CPU less a kernel).  The kernel's process is the fork
server's child, not the server's: ``ForkedKernel`` answers for it as ``subprocess.Popen`` does
(its exit status comes from the fork server, which reaps it).

Wherever forking is not for this kernel the local provisioner starts it as before, and the log
says why once: not Linux (Windows has no fork; macOS's system libraries are not safe to fork
with), the fork server still importing (the first kernels of a server), a kernel command that is
not this Python's ipykernel, an environment whose ``PYTHON*`` variables differ from the fork
server's, or the fork server gone or broken (then for the rest of the server's life).
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

from jupyter_client.provisioning import KernelProvisionerFactory, LocalProvisioner

from sheriff import forkserver

NAME = "sheriff-fork"  # the entry point's name (pyproject.toml) and voila.json's choice
ANSWER_TIMEOUT_S = 10.0  # a fork server that takes longer to answer a fork is broken
# Windows has no fork; macOS's system libraries are not safe to fork with (multiprocessing spawns there).
FORKS = sys.platform.startswith("linux") and hasattr(os, "fork")


class ForkServer:
    """The server's end of the fork server: start it, ask it for kernels, hear their ends."""

    def __init__(self, modules: list[str], log) -> None:
        self.log = log
        self.exits: dict[int, int] = {}  # pid -> exit status, as the fork server reported them
        self.ready = False
        self.broken = ""  # why it no longer forks (empty: it does)
        self._lock = threading.Lock()
        self._buffer = b""
        ours, theirs = socket.socketpair()
        env = {**os.environ, "JPY_PARENT_PID": str(os.getpid())}  # as jupyter_client sets it for a kernel
        self.proc = subprocess.Popen(
            [sys.executable, "-m", forkserver.__name__, str(theirs.fileno()), *modules],
            pass_fds=[theirs.fileno()],
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C stops the server, which then stops this
        )
        theirs.close()
        self.sock = ours
        self.sock.setblocking(False)
        self.env = {k: v for k, v in env.items() if k.startswith("PYTHON")}

    def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> int | str:
        """A kernel's pid, or why there is none (this kernel starts the usual way)."""
        with self._lock:
            self._drain()
            if self.broken or not self.ready:
                return self.broken or "the fork server is still importing"
            if {k: v for k, v in env.items() if k.startswith("PYTHON")} != self.env:
                return "the kernel's PYTHON* environment is not the fork server's"
            try:
                self.sock.setblocking(True)
                self.sock.settimeout(ANSWER_TIMEOUT_S)
                self.sock.sendall(json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode() + b"\n")
                while True:  # exits reported meanwhile are recorded on the way
                    answer = self._answer(self.sock.recv(65536))
                    if answer is not None:
                        break
            except OSError as e:
                return self._broke(f"the fork server did not answer ({e})")
            finally:
                with contextlib.suppress(OSError):
                    self.sock.setblocking(False)
        if "pid" not in answer:
            return f"the fork server refused: {answer.get('error')}"
        self.exits.pop(answer["pid"], None)  # a pid used again
        return answer["pid"]

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the fork server has imported its modules (or is broken); whether it forks."""
        deadline = time.monotonic() + timeout
        while not (self.ready or self.broken) and time.monotonic() < deadline:
            select.select([self.sock], [], [], max(0.0, deadline - time.monotonic()))
            with self._lock:
                self._drain()
        return self.ready and not self.broken

    def returncode(self, pid: int) -> int | None:
        """The kernel's exit status once it has ended (None while it runs)."""
        with self._lock:
            self._drain()
        if pid in self.exits:
            return self.exits.pop(pid)
        if self.broken and not running(pid):  # nobody reports its end now: whether it is there
            return -signal.SIGKILL
        return None

    def _drain(self) -> None:
        """Read what the fork server has said (without waiting)."""
        while not self.broken:
            try:
                data = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:
                self._broke(f"its socket failed ({e})")
                return
            with contextlib.suppress(ConnectionError):  # it ended: said by _answer
                if self._answer(data) is not None:
                    self._broke("it answered a request nobody made")

    def _answer(self, data: bytes) -> dict | None:
        """Take in what the fork server sent; the answer to a request, if it came."""
        if not data:
            self._broke(f"it ended (exit status {self.proc.poll()})")
            raise ConnectionError("the fork server ended")
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        answer = None
        for line in lines:
            message = json.loads(line)
            if "exited" in message:
                self.exits[message["exited"]] = message["status"]
            elif forkserver.READY in message:
                self.ready = True
                self.log.info(
                    "Kernels are forked from a pre-warmed process (pid %s)%s",
                    message[forkserver.READY],
                    f"; these modules failed to import: {message['failed']}" if message["failed"] else "",
                )
            elif not self.ready:
                self._broke(f"it could not start: {message.get('error')}")
            else:
                answer = message
        return answer

    def _broke(self, why: str) -> str:
        if not self.broken:
            self.broken = f"the fork server is gone: {why}"
            self.log.warning("%s; kernels start the usual way from now on", self.broken)
            with contextlib.suppress(OSError):
                self.sock.close()
        return self.broken

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)


class ForkedKernel:
    """A forked kernel's process, as ``subprocess.Popen`` would answer for it (what
    ``LocalProvisioner`` asks of its process)."""

    stdin = stdout = stderr = None

    def __init__(self, server: ForkServer, pid: int) -> None:
        self.server, self.pid = server, pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.server.returncode(self.pid)
        return self.returncode

    def wait(self) -> int | None:  # called once poll() has an answer
        return self.poll()

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:  # never a pid that may have been given to another process
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def running(pid: int) -> bool:
    """Whether a process runs with this pid (a zombie nobody has reaped yet does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


_server: ForkServer | None = None
_said: set[str] = set()  # why kernels were started the usual way, each said once


def register() -> None:
    """Name ``ForkProvisioner`` to jupyter_client even where the installed package's metadata
    lacks the entry point (a checkout run in place, an install older than it)."""
    entry = EntryPoint(NAME, f"{__name__}:{ForkProvisioner.__name__}", KernelProvisionerFactory.GROUP_NAME)
    KernelProvisionerFactory.provisioners.setdefault(NAME, entry)  # the class's table, read by its instance


def fork_server(log) -> ForkServer | None:
    """This server's fork server, started on first use (None where kernels are not forked)."""
    global _server
    if not FORKS:
        return None
    if _server is None:
        _server = ForkServer(page_modules(), log)
    return _server


def page_modules() -> list[str]:
    """The modules the served pages import (their cells' own import statements), sorted."""
    from sheriff.launch import served_root

    names: set[str] = set()
    for path in sorted((served_root() / "notebooks").glob("*.ipynb")):
        names |= notebook_imports(path)
    return sorted(names)


def notebook_imports(path: Path) -> set[str]:
    names: set[str] = set()
    with contextlib.suppress(OSError, ValueError):
        for cell in json.loads(path.read_text()).get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            with contextlib.suppress(SyntaxError):
                for node in ast.parse("".join(cell.get("source", ""))).body:
                    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                        names.add(node.module)  # and what it names, where that is a module
                        names.update(f"{node.module}.{a.name}" for a in node.names)
                    elif isinstance(node, ast.Import):
                        names.update(a.name for a in node.names)
    return names


class ForkProvisioner(LocalProvisioner):
    """The local provisioner, whose kernels are forked from the fork server where they can be."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any):
        server = fork_server(self.log)
        env, cwd = kwargs.get("env"), kwargs.get("cwd") or os.getcwd()
        others = set(kwargs) - {"env", "cwd", "kernel_id", "extra_arguments"}
        if server is None:
            why: int | str = "this system does not fork kernels (Linux only)"
        elif others or env is None:
            why = f"a kernel started with {sorted(others) or 'no environment'}"
        else:
            why = server.fork(cmd, {**env, "JPY_PARENT_PID": str(os.getpid())}, str(cwd))
        if isinstance(why, int):  # a pid: forked
            assert server is not None  # only the fork server gives one
            self.process = ForkedKernel(server, why)  # type: ignore[assignment]  # Popen's part
            self.pid = self.pgid = why
            self.cwd = cwd
            return self.connection_info
        if why not in _said:
            _said.add(why)
            self.log.info("Kernel started the usual way (not forked): %s", why)
        return await super().launch_kernel(cmd, **kwargs)

    async def send_signal(self, signum: int) -> None:
        if isinstance(self.process, ForkedKernel) and self.process.poll() is not None:
            return  # gone: its process group may be another's now
        await super().send_signal(signum)
