"""The server a class shares (voila.json, sheriff/serving/): a page asked for in Ukrainian
comes from a kernel heated in Ukrainian, and a closed tab's kernel is shut down at once, with
Jupyter Server's XSRF check left on; a class announced by one of its kernels (a teacher creating
a class room) grows the student page's pool, and nobody else can announce one."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request

import psutil
from harness import assert_no_errors, kernel_environ, kernel_exists, open_lesson, page_kernel_id, wait_until

from sheriff import launch

PAGE = "09_editions.ipynb"


def test_ukrainian_page_from_a_ukrainian_pool_and_its_kernel_leaves_with_the_tab(page, voila_server):
    url = voila_server.url
    before = len(voila_server.log_text(tail=None))  # other tests may have opened this page in Ukrainian
    served = []
    for _visit in range(2):
        wait_until(voila_server.pools_filled, 240, "every pool refilled")
        open_lesson(page, url, f"{PAGE}?lang=uk")
        assert page.evaluate("document.documentElement.lang") == "uk"
        assert "2-ге видання" in page.inner_text("body")
        kid = page_kernel_id(page)
        served.append(kid)
        assert_no_errors(page)
        page.goto("about:blank")  # the tab goes: its page asks the server to shut the kernel down
        # the idle culler would take 45 s or more (voila.json): only the page's own request is this quick
        wait_until(lambda kid=kid: not kernel_exists(url, kid), 30, f"kernel {kid} shut down when its tab closed")
    log = voila_server.log_text(tail=None)[before:]
    lines = [ln for ln in log.splitlines() if "Using pre-heated kernel" in ln and f"for {PAGE} (uk)" in ln]
    # both visits were served by kernels heated in Ukrainian before the learner came (the second by
    # the refill after the first, or by a pool an earlier burst of this suite's pages had grown:
    # sheriff.serving grows a page's pool when a class arrives)
    assert served == [ln.split("kernel: ")[1].split()[0] for ln in lines] and served[0] != served[1]
    assert "403" not in "\n".join(ln for ln in log.splitlines() if "/voila/api/shutdown/" in ln)


def test_a_class_announced_by_a_kernel_grows_the_student_pages_pool(voila_server):
    wait_until(voila_server.pools_filled, 240, "every pool filled")
    before = len(voila_server.log_text(tail=None))
    address, _, key = kernel_env(voila_server)[launch.ANNOUNCE].partition(" ")  # what the server tells its kernels
    page = "51_class_student.ipynb"
    assert post(address, {"page": page, "learners": 3, "key": "not-the-key"}) == 403
    assert post(address, {"page": page, "learners": 3, "key": key}) == 204  # as launch.announce_class does
    filled = f"Kernel pool of {page} is filled with 3 kernel(s)"
    wait_until(lambda: filled in voila_server.log_text(tail=None)[before:], 240, "the student pool grown to 3, filled")
    assert f"A class of 3 is announced on {page}: its pool grows to 3" in voila_server.log_text(tail=None)[before:]


def kernel_env(server) -> dict[str, str]:
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                return kernel_environ(p)
        except psutil.Error:  # a kernel that has just ended
            pass
    raise AssertionError("the server holds no kernel")


def post(address: str, fields: dict) -> int:
    request = urllib.request.Request(address, data=urllib.parse.urlencode(fields).encode(), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code
