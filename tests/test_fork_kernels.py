"""Kernels forked from a pre-warmed process (sheriff/serving/forking.py, sheriff/forkserver.py):
a forked kernel runs code in its pool's environment, is interrupted, shut down and killed, and
leaves no zombie; two get different random states; and kernels start the usual way where
forking is refused or the fork server is gone."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import tomllib
from pathlib import Path

import psutil
import pytest
from jupyter_client import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory, LocalProvisioner

from sheriff import forkserver
from sheriff.i18n import PAGE_LANGUAGE
from sheriff.serving import forking

ROOT = Path(__file__).resolve().parents[1]
LOG = logging.getLogger("test_fork_kernels")
pytestmark = pytest.mark.skipif(not forking.FORKS, reason="kernels are forked on Linux only")


@pytest.fixture
def fork_server(monkeypatch):
    """A fork server of this test's own (the modules of one page), chosen as the default provisioner."""
    forking.register()
    monkeypatch.setattr(KernelProvisionerFactory.instance(), "default_provisioner_name", forking.NAME)
    server = forking.ForkServer(["sheriff.widgets.language"], LOG)
    monkeypatch.setattr(forking, "_server", server)
    assert server.wait_ready(120), server.broken
    yield server
    server.close()


async def started(env: dict[str, str] | None = None) -> tuple[AsyncKernelManager, object]:
    km = AsyncKernelManager(kernel_name="python3")
    await km.start_kernel(env={**os.environ, **(env or {})}, cwd=str(ROOT / "notebooks"))
    kc = km.client()
    kc.start_channels()
    await kc.wait_for_ready(timeout=120)
    return km, kc


async def run(kc, code: str, out: list[str] | None = None) -> tuple[str, str]:
    """(what the cell printed, its status); ``out`` fills as it prints."""
    out = [] if out is None else out
    reply = await kc.execute_interactive(
        code,
        timeout=60,
        output_hook=lambda m: out.append(m["content"].get("text", "") or m["content"].get("ename", "")),
    )
    return "".join(out), reply["content"]["status"]


async def said(printed: list[str], words: str) -> None:
    """Until the running cell has printed ``words``."""
    while words not in "".join(printed):
        await asyncio.sleep(0.01)


def gone(pid: int) -> bool:
    """No process (not even a zombie waiting for its parent) has this pid."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_DEAD
    except psutil.NoSuchProcess:
        return True


def test_a_forked_kernel_runs_in_its_pool_s_environment_and_ends_without_a_zombie(fork_server):
    async def scenario():
        km, kc = await started({PAGE_LANGUAGE: "uk"})
        try:
            process = km.provisioner.process
            assert isinstance(process, forking.ForkedKernel)
            pid = km.provisioner.pid
            assert psutil.Process(pid).ppid() == fork_server.proc.pid  # forked, not started anew
            assert "ipykernel_launcher" in " ".join(psutil.Process(pid).cmdline())  # shown as the kernel it is
            out, status = await run(kc, f"import os; print(os.environ['{PAGE_LANGUAGE}'], os.getcwd(), os.getpid())")
            assert status == "ok" and out.split() == ["uk", str(ROOT / "notebooks"), str(pid)]
            # ipywidgets, imported before there was a kernel, answers the page's requests for widget state
            out, _ = await run(kc, "print(sorted(get_ipython().kernel.comm_manager.targets))")
            assert "'jupyter.widget'" in out and "'jupyter.widget.control'" in out
            # an interrupt stops the running cell, and the kernel goes on
            printed: list[str] = []
            running = asyncio.ensure_future(
                run(kc, "import time; print('asleep', flush=True); time.sleep(60)", printed)
            )
            await asyncio.wait_for(said(printed, "asleep"), 30)
            await km.interrupt_kernel()
            out, status = await asyncio.wait_for(running, 30)
            assert status == "error" and "KeyboardInterrupt" in out
            assert (await run(kc, "print(6 * 7)"))[0].strip() == "42"
            await km.shutdown_kernel()  # the shutdown request: the kernel ends by itself
            assert process.returncode == 0
            assert gone(pid)
        finally:
            kc.stop_channels()
            if km.has_kernel:
                await km.shutdown_kernel(now=True)

    asyncio.run(scenario())


def test_a_forked_kernel_killed_is_reaped_and_two_kernels_draw_different_numbers(fork_server):
    async def scenario():
        pair = [await started(), await started()]
        try:
            drawn = [await run(kc, "import random; print(random.getrandbits(64))") for _, kc in pair]
            assert all(status == "ok" for _, status in drawn)
            assert drawn[0][0] != drawn[1][0]  # the fork server's own state was not handed down
            km = pair[0][0]
            pid = km.provisioner.pid
            await km.shutdown_kernel(now=True)  # killed, as a kernel that does not answer is
            assert km.provisioner is None or km.provisioner.process is None
            assert gone(pid), psutil.Process(pid).status()
        finally:
            for km, kc in pair:
                kc.stop_channels()
                if km.has_kernel:
                    await km.shutdown_kernel(now=True)

    asyncio.run(scenario())


def test_a_forked_kernel_inherits_the_fork_server_s_warm_up(fork_server):
    """The work every page would do on first use was done before the fork: a kernel that has run
    no page yet holds every template compiled, the examples, every language's catalog and glossary
    pattern, and Voilà's wait for the page's request (a class or table page's 1.0 s of imports);
    it still speaks no language of its own (the page chooses it)."""
    check = (
        "import sys\n"
        "from sheriff import i18n, scenario\n"
        "from sheriff.widgets import glossary_links, kit, markup\n"
        "env = markup.environment()\n"
        "print(len(env.list_templates(extensions=['j2'])) - len(env.cache or {}), scenario._library.cache_info().currsize,"
        " sorted(i18n._loaded), glossary_links.matcher_for.cache_info().currsize, 'babel.numbers' in sys.modules,"
        " i18n.get_language(), kit._page_has_css, 'voila.utils' in sys.modules)"
    )

    async def scenario():
        km, kc = await started()
        try:
            out, status = await run(kc, check)
            assert status == "ok", out
            assert out.split() == ["0", "1", "['en',", "'uk']", "2", "True", "en", "False", "True"]
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)

    asyncio.run(scenario())


def test_a_warm_up_that_fails_is_reported_and_kernels_do_that_work_themselves(monkeypatch):
    monkeypatch.setattr(forkserver, "WARM_UP", "sheriff.no_such_module")
    assert forkserver.preload([]) == ["sheriff.no_such_module.warm_up"]


def test_kernels_start_the_usual_way_where_forking_is_refused(monkeypatch, caplog):
    forking.register()
    monkeypatch.setattr(KernelProvisionerFactory.instance(), "default_provisioner_name", forking.NAME)
    monkeypatch.setattr(forking, "FORKS", False)  # as on Windows or macOS
    monkeypatch.setattr(forking, "_said", set())

    async def scenario():
        km, kc = await started({PAGE_LANGUAGE: "uk"})
        try:
            assert isinstance(km.provisioner, forking.ForkProvisioner)
            assert isinstance(km.provisioner.process, subprocess.Popen)
            assert (await run(kc, f"import os; print(os.environ['{PAGE_LANGUAGE}'])"))[0].strip() == "uk"
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())
    assert "Kernel started the usual way (not forked): this system does not fork kernels" in caplog.text


@pytest.mark.slow  # kills a fork server and starts kernels (3 s): the full run keeps it, the fast loop leaves it
def test_kernels_start_the_usual_way_once_the_fork_server_is_gone_and_its_kernels_go_on(
    fork_server, monkeypatch, caplog
):
    monkeypatch.setattr(forking, "_said", set())

    async def scenario():
        forked, forked_kc = await started()
        fork_server.proc.send_signal(signal.SIGKILL)
        fork_server.proc.wait(timeout=30)
        km, kc = await started()
        try:
            assert isinstance(km.provisioner.process, subprocess.Popen)
            assert (await run(kc, "print(6 * 7)"))[0].strip() == "42"
            await asyncio.sleep(2)  # ipykernel's own poller would have ended it by now
            assert (await run(forked_kc, "print(6 * 7)"))[0].strip() == "42"  # its learner's page goes on
            pid = forked.provisioner.pid
            await forked.shutdown_kernel(now=True)
            assert not forking.running(pid)
        finally:
            for manager, client in ((km, kc), (forked, forked_kc)):
                client.stop_channels()
                if manager.has_kernel:
                    await manager.shutdown_kernel(now=True)

    with caplog.at_level(logging.INFO):
        asyncio.run(scenario())
    assert fork_server.broken and "the fork server is gone" in caplog.text


def test_the_server_chooses_the_provisioner_and_the_package_registers_it():
    voila = json.loads((ROOT / "voila.json").read_text())
    assert voila["KernelProvisionerFactory"]["default_provisioner_name"] == forking.NAME
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    entry = project["entry-points"][KernelProvisionerFactory.GROUP_NAME][forking.NAME]
    module, _, name = entry.partition(":")
    assert getattr(__import__(module, fromlist=[name]), name) is forking.ForkProvisioner
    assert issubclass(forking.ForkProvisioner, LocalProvisioner)


def test_the_fork_server_imports_what_the_pages_import():
    modules = forking.page_modules()
    assert "sheriff.widgets.course.course_nav" in modules or "sheriff.widgets.course" in modules
    assert "sheriff.widgets.labs.round_lab" in modules  # lesson 05's lab
