"""A lost kernel or server: the page says so in plain words and offers a reload (the page
template in share/jupyter/voila/templates/sheriff), instead of going quietly dead."""

from __future__ import annotations

import re
import shutil
import signal

import psutil
import pytest
from harness import ROOT, VoilaServer, open_lesson
from playwright.sync_api import expect

T = 30_000


def kernel_id(page) -> str:
    """The id of the kernel behind the page, from its websocket's URL."""
    for url in (ws.url for ws in page.sheriff_sockets):
        m = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", url)
        if m:
            return m[1]
    raise AssertionError("no kernel websocket seen")


def record_sockets(page) -> None:
    page.sheriff_sockets = []
    page.on("websocket", lambda ws: page.sheriff_sockets.append(ws))


@pytest.mark.parametrize(
    "query, stopped, reload",
    [
        ("", "stopped working", "Reload the page"),
        ("?lang=uk", "перестала працювати", "Перезавантажити сторінку"),  # the page's own language
    ],
)
def test_killed_kernel_is_reported_and_reload_brings_the_lesson_back(page, voila_url, query, stopped, reload):
    record_sockets(page)
    open_lesson(page, voila_url, f"07_scoring.ipynb{query}")
    kid = kernel_id(page)
    procs = [p for p in psutil.process_iter(["cmdline"]) if f"kernel-{kid}.json" in " ".join(p.info["cmdline"] or [])]
    assert len(procs) == 1, f"kernel process for {kid}: {procs}"
    procs[0].send_signal(signal.SIGKILL)  # the kernel dies (a crash, the machine out of memory)
    banner = page.locator(".sheriff-lost")
    expect(banner).to_contain_text(stopped, timeout=T)
    expect(banner.locator("button")).to_have_text(reload)
    page.locator(".sheriff-lost button").click()
    # the lesson's widgets again, on a new kernel: as long as open_lesson waits for a page
    page.wait_for_selector(".sn-part-pick", timeout=120_000)
    expect(page.locator(".sheriff-lost")).to_have_count(0)


def test_stopped_server_is_reported(page, tmp_path):
    shutil.copy(ROOT / "notebooks" / "07_scoring.ipynb", tmp_path)
    server = VoilaServer(tmp_path, extra_args=["--VoilaConfiguration.preheat_kernel=False"])
    url = server.start()
    try:
        open_lesson(page, url, "07_scoring.ipynb")
        expect(page.locator(".sheriff-lost")).to_have_count(0)
    finally:
        server.stop()  # the teacher's laptop goes to sleep
    banner = page.locator(".sheriff-lost")
    expect(banner).to_contain_text("lost its connection", timeout=T)
    expect(banner.locator("button")).to_have_text("Reload the page")
