"""What the class benchmarks share (classroom.py, browserless.py, first_visit.py, pages.py): the server a
class meets, its kernels and what they use, waits, and what a first visit asks for.  Each of them
imports this module and none imports another's helpers, so they stand in no circle."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from harness import (  # noqa: E402
    ROOT,
    VoilaServer,
    kernel_exists,
    launch_chromium,
    open_lesson,
    page_kernel_id,
)
from harness import wait_until as wait_for  # noqa: E402  (the synchronous wait, for a browser's page)

FREED_WITHIN_S = 60  # closed tabs' kernels should be gone within a minute


def make_server(args) -> VoilaServer:
    """The server the class meets: ``--repo``'s notebooks and voila.json, ``--pool`` kernels for the lesson."""
    repo = Path(args.repo).resolve()
    env = {}
    if getattr(args, "tracemalloc", None):  # the server traces its allocations (sheriff/serving/memtrace.py)
        env["SHERIFF_TRACEMALLOC"] = str(Path(args.tracemalloc).resolve())
    if repo != ROOT:  # the kernels import that checkout's engine (only it: its root may shadow packages)
        only = Path(tempfile.mkdtemp(prefix="sheriff-classroom-"))
        (only / "sheriff").symlink_to(repo / "sheriff")
        env["PYTHONPATH"] = str(only)
    extra = list(args.server_arg)
    if args.pool:  # Voilà's own lever for a class: more preheated kernels for the lesson it opens
        pools = {"default": {"pool_size": 1}, args.lesson: {"pool_size": args.pool}}
        extra.append("--VoilaKernelManager.kernel_pools_config=" + json.dumps(pools))
    return VoilaServer(repo / "notebooks", cwd=repo, timeout=120, env=env, extra_args=extra)


def rss_mb(procs: list[psutil.Process]) -> list[float]:
    sizes = []
    for p in procs:
        try:
            sizes.append(p.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return sizes


def server_cpu_s(server: VoilaServer) -> float:
    """CPU seconds used so far by the server and its kernels (those already gone included)."""
    try:
        root = psutil.Process(server.proc.pid)
        t = root.cpu_times()
        total = t.user + t.system + t.children_user + t.children_system
        for p in root.children(recursive=True):  # a fork server's children: its reaped ones too
            try:
                c = p.cpu_times()
                total += c.user + c.system + c.children_user + c.children_system
            except psutil.Error:
                pass
        return total
    except psutil.Error:
        return 0.0


async def wait_until(check, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.5)
    return check()


async def quiet(timeout: float = 240) -> None:
    """Voilà calls a pool filled once its kernels have started, not once they have run their
    pages: wait until the machine's CPU is idle, so the class meets a warm server."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await asyncio.to_thread(psutil.cpu_percent, 2.0) < 15:
            return


def static_addresses(base: str, lesson: str) -> list[str]:
    """What a first visit of ``lesson`` asks the server for, but the page and the kernel's API."""
    from playwright.sync_api import sync_playwright

    asked: list[str] = []
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.on("request", lambda r: asked.append(r.url))
            open_lesson(page, base, lesson)
            kernel = page_kernel_id(page)
            page.close(run_before_unload=True)  # as a learner closes the tab: the kernel goes too
            wait_for(lambda: not kernel_exists(base, kernel), 60, "the recording page's kernel to go")
        finally:
            browser.close()
    return [u for u in dict.fromkeys(asked) if u.startswith(base) and "/api/" not in u and "/render/" not in u]
