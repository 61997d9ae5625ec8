"""The fork server: learners' kernels forked from a process that has already imported them.

A fresh kernel spends ~0.6 s of CPU before its page runs: the interpreter, ipykernel and IPython
(0.23-0.26 s), and the lesson's ``sheriff`` modules (0.15-0.17 s).  This process (one per server,
started by ``sheriff.serving.forking``) pays that once: it imports ipykernel, ipywidgets and the
modules the served pages import, does the work every page would do on first use
(``sheriff.widgets.warm``), opens no socket and starts no thread, and then waits for
requests on the socket it was given.  For each it forks a child that becomes an ipykernel with
the request's command line, environment and folder, and answers with the child's pid; it reaps
its children and reports each one's exit status on the same socket.

    python -m sheriff.forkserver FD MODULE...   # FD: this end of the server's socket pair

Requests and answers are JSON lines: ``{"argv": [...], "env": {...}, "cwd": "..."}`` is answered
``{"pid": N}`` or ``{"error": "..."}``; ``{"exited": N, "status": S}`` comes whenever a child
ends (S as ``subprocess.Popen.returncode``).  The server closing its end ends this process
(its children are told to terminate).  Linux only: the server falls back to starting kernels
the usual way elsewhere.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import json
import os
import select
import signal
import socket
import sys
import threading
import traceback

KERNEL_MODULE = "ipykernel_launcher"
# What a kernel imports before it is ready (ipykernel's kernel and shell, and its debugger, which
# brings debugpy: 0.09 s of CPU a kernel on its own), and the widgets every page shows.
KERNEL_MODULES = [
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipykernel.debugger",
    "IPython.core.debugger",
    "IPython.core.completerlib",
    "IPython.extensions.storemagic",
    "IPython.core.oinspect",
    "IPython.core.logger",  # imported by the shell's first cell
    "sqlite3",
    "psutil",
    "tornado.platform.asyncio",
    "tornado.queues",
    "ipywidgets",
    # A preheated page that reads its address (the class and table pages, the replay page:
    # ``sheriff.widgets.classroom.shared.in_address``) waits for its request with Voilà's own
    # ``wait_for_request``, and Voilà's package brings Jupyter Server: 1.0 s of CPU a kernel.
    "voila.utils",
]
# Then its ``warm_up()``: the work every page would do again on first use (templates compiled,
# catalogs and examples loaded), done here once for every child.
WARM_UP = "sheriff.widgets.warm"
READY = "ready"  # the first line: {"ready": pid} once the modules are imported, or {"error": ...}


def main(argv: list[str]) -> int:
    sock = socket.socket(fileno=int(argv[0]))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops us (its socket closes), not Ctrl-C
    if sys.path and os.path.abspath(sys.path[0] or ".") == os.getcwd():
        del sys.path[0]  # as ipykernel_launcher does: a kernel's folder is put back by IPython
    failed = preload(argv[1:])
    if threading.active_count() > 1:  # a thread would not survive the fork (its locks might)
        send(sock, {"error": f"a module started a thread: {threading.enumerate()}"})
        return 1
    gc.freeze()  # the imported objects: the children's collections never walk (or copy) them
    send(sock, {READY: os.getpid(), "failed": failed})
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that the wakeup fd hears it
    try:
        serve(sock, wake_r)
    finally:
        for pid in list(CHILDREN):
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGTERM)
    return 0


CHILDREN: set[int] = set()


def preload(modules: list[str]) -> list[str]:
    """Import ``KERNEL_MODULES`` and ``modules``, then warm up (``WARM_UP``); the names that failed."""
    failed = []
    for name in [*KERNEL_MODULES, *modules]:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:  # else a name imported from a module, not a module
                failed.append(name)
        except Exception:  # a page that fails to import fails in its kernel, as before
            failed.append(name)
    try:
        importlib.import_module(WARM_UP).warm_up()
    except Exception:  # each kernel does that work itself, as before
        failed.append(f"{WARM_UP}.warm_up")
    return failed


def serve(sock: socket.socket, wake_r: int) -> None:
    buffer = b""
    while True:
        try:
            ready, _, _ = select.select([sock.fileno(), wake_r], [], [])
        except InterruptedError:
            continue
        if wake_r in ready:
            os.read(wake_r, 512)
            reap(sock)
        if sock.fileno() in ready:
            try:
                data = sock.recv(65536)
            except ConnectionError:
                data = b""
            if not data:  # the server has gone
                return
            buffer += data
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                send(sock, fork_kernel(json.loads(line), sock, wake_r))
            reap(sock)  # a child that ended before its SIGCHLD handler could run


def reap(sock: socket.socket) -> None:
    while CHILDREN:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if not pid:
            return
        CHILDREN.discard(pid)
        send(sock, {"exited": pid, "status": os.waitstatus_to_exitcode(status)})


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def fork_kernel(request: dict, sock: socket.socket, wake_r: int) -> dict:
    """Fork a child that becomes the requested kernel: {"pid": N}, or {"error": ...}."""
    argv, cwd = request["argv"], request["cwd"]
    if argv[1:3] != ["-m", KERNEL_MODULE] or not os.path.isdir(cwd):
        return {"error": f"not an ipykernel command, or no folder {cwd!r}"}
    try:
        pid = os.fork()
    except OSError as e:
        return {"error": f"fork: {e}"}
    if pid == 0:
        code = 1
        try:
            code = become_kernel(argv, request["env"], cwd, [sock.fileno(), wake_r])
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    with contextlib.suppress(OSError):  # both sides set the group: a signal sent at once reaches it
        os.setpgid(pid, pid)
    CHILDREN.add(pid)
    return {"pid": pid}


def become_kernel(argv: list[str], env: dict, cwd: str, inherited: list[int]) -> int:
    """In the child: the process a fresh ``python -m ipykernel_launcher`` would be, then its
    kernel until it is shut down; the exit code (the process then ends at once, as
    ``sheriff.launch.quick_exit`` ends a kernel shut down on request)."""
    signal.set_wakeup_fd(-1)
    for signum in (signal.SIGCHLD, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # an interrupt is a KeyboardInterrupt
    for fd in inherited:
        os.close(fd)
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)  # its own process group, as the kernel's own session would give it
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [KERNEL_MODULE, *argv[3:]]
    retitle(argv)
    reseed()
    from ipykernel.kernelapp import IPKernelApp

    try:
        app = IPKernelApp.instance(**({"parent_handle": 0} if outlive(env) else {}))
        app.initialize(argv[3:])
        widgets = sys.modules.get("ipywidgets")
        if widgets is not None:  # imported before there was a kernel: its comm targets, as its import registers them
            widgets.register_comm_target()
        app.start()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    return code


def outlive(env: dict) -> bool:
    """End this kernel when the server ends, whatever becomes of the fork server (whose death
    ipykernel's own poller would take for the server's: its parent is the fork server).  False
    where the system cannot watch a process that is not a parent (Linux before 5.3)."""
    try:
        server = os.pidfd_open(int(env.get("JPY_PARENT_PID") or 0))
    except (AttributeError, ValueError, OSError):
        return False

    def watch() -> None:
        select.select([server], [], [])  # readable once the server has ended: no polling
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="server-watch").start()
    return True


def reseed() -> None:
    """A child's random states its own: ``random`` reseeds itself at a fork, NumPy's global
    generator (if a module imported it) does not."""
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()


def retitle(argv: list[str]) -> None:
    """Show the kernel's command line as this process's (``ps``, and the tools that find kernels
    by their connection file): written over this process's own arguments (the modules it
    was given make the room), cut to their length.  Linux only; nothing where it fails."""
    with contextlib.suppress(Exception):
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rpartition(b")")[2].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (proc(5): fields 48, 49)
        title = b"\0".join(a.encode() for a in argv)[: end - start - 1]
        ctypes.memmove(start, title.ljust(end - start, b"\0"), end - start)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
