"""The server a class shares (voila.json, sheriff/serving/): a page asked for in Ukrainian
comes from a kernel heated in Ukrainian, and a closed tab's kernel is shut down at once, with
Jupyter Server's XSRF check left on."""

from __future__ import annotations

from harness import assert_no_errors, kernel_exists, open_lesson, page_kernel_id, wait_until

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
