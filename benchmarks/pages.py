"""Page benchmark: how fast each lesson shows up and answers a click, in a real browser,
compared with a one-button ipywidgets page (``benchmarks/baseline_one_button.ipynb``).

    .venv/bin/python benchmarks/pages.py                 # every notebooks/*.ipynb, 5 runs each
    .venv/bin/python benchmarks/pages.py --runs 9 02_market.ipynb
    .venv/bin/python benchmarks/pages.py --lang uk 05_inspection.ipynb   # the pages as ?lang=uk

Each page is served from a temporary folder with the repository's voila.json (preheated
kernels), and each load waits until the page's preheated kernel is back in its pool (a warm
server).  For each page: time from navigation start to the first rendered ipywidget (browser clock,
median of N page loads after one discarded warm-up load), twice: "new" in a new browser
context each time (a learner's first visit: every script fetched and compiled) and "back" on
a second visit in the same context (the next lesson: scripts from the browser's cache).  Beside
the times, figures that do not depend on the machine's load: the requests and kilobytes a first
visit fetches, and how many requests a return visit still sends to the server.  Then
click-to-update latency (median of N clicks): the benchmark clicks the first
element with CSS class ``sheriff-bench-click`` and waits until the text of the first
``sheriff-bench-result`` changes.  A lesson marks them with
``button.add_class("sheriff-bench-click")`` and ``output.add_class("sheriff-bench-result")``;
every click must change that text.  Targets: first widget <= 1.5 x baseline,
click <= baseline + 100 ms.  This prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from class_server import server_cpu_s  # noqa: E402
from harness import ROOT, WIDGET_SELECTOR, VoilaServer, launch_chromium, open_lesson  # noqa: E402

BASELINE = "benchmarks/baseline_one_button.ipynb"
FIRST_WIDGET_TARGET = 1.5  # x baseline
CLICK_TARGET_MS = 100.0  # baseline + this

# Records, on the page's own clock (ms since navigation start), when the first widget appears.
FIRST_WIDGET_PROBE = (
    """
(() => {
  const sel = %r;
  const seen = () => {
    if (window.__sheriffFirstWidget === undefined && document.querySelector(sel)) {
      window.__sheriffFirstWidget = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver((_, obs) => { if (seen()) obs.disconnect(); })
    .observe(document, {childList: true, subtree: true});
})();
"""
    % WIDGET_SELECTOR
)

# Clicks the marked control and resolves with the ms until the marked result's text changes.
CLICK_JS = """
async (timeoutMs) => {
  const mark = document.querySelector('.sheriff-bench-click');
  const result = document.querySelector('.sheriff-bench-result');
  if (!mark || !result) return null;
  // a toggle group: a button not already chosen (choosing the chosen one changes nothing)
  const target = mark.matches('button, input') ? mark : (mark.querySelector('button:not(.mod-active), input') || mark);
  const before = result.innerText;
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const done = (value) => { obs.disconnect(); clearTimeout(timer); resolve(value); };
    const obs = new MutationObserver(() => {
      if (result.innerText !== before) done(performance.now() - t0);
    });
    obs.observe(result, {childList: true, subtree: true, characterData: true, attributes: true});
    const timer = setTimeout(() => done(-1), timeoutMs);
    target.click();
  });
}
"""


def has_marks(path: Path) -> bool:
    """Marked in the saved page, or in a part built when first opened (a practice with ``bench=True``)."""
    text = path.read_text(encoding="utf-8")
    return ("sheriff-bench-click" in text and "sheriff-bench-result" in text) or "bench=True" in text


def show_marks(page) -> None:
    """A lesson paced into parts (kit.Sections) builds a part, and draws it, only when it is
    first shown: open the part that holds the marked control (a practice, usually the last part)."""
    parts = page.locator(".sn-part-pick button")
    for k in reversed(range(parts.count())):
        if page.locator(".sheriff-bench-click").count():
            return
        parts.nth(k).click()
        try:
            page.wait_for_selector(".sheriff-bench-click", state="attached", timeout=5000)
        except Exception:  # not in this part: try the one before
            continue


# Every resource the page fetched: [bytes over the wire, body bytes]; a resource served from
# the browser's cache without asking the server has transferSize 0.
RESOURCES_JS = "() => performance.getEntriesByType('resource').map(e => [e.transferSize, e.decodedBodySize])"


def wait_warm(server) -> None:
    """A warm server: the page's preheated kernel is back in its pool and has run the page.
    Voilà calls a pool filled once its kernel has started, while the page may still be running
    in it (lab 31 imports scipy and matplotlib for seconds), so wait too until the server and
    its kernels are idle (under 5 % of a core for half a second)."""
    deadline = time.monotonic() + 180
    while not server.pools_filled() and time.monotonic() < deadline:
        time.sleep(0.25)
    while time.monotonic() < deadline:
        before = server_cpu_s(server)
        time.sleep(0.5)
        if server_cpu_s(server) - before < 0.025:
            return


def visit(context, base_url: str, rel: str):
    """Open the page in ``context``; return (page, first widget ms, resources)."""
    page = context.new_page()
    open_lesson(page, base_url, rel)
    return page, page.evaluate("window.__sheriffFirstWidget"), page.evaluate(RESOURCES_JS)


def measure(browser, base_url: str, rel: str, runs: int, clicks: int, with_click: bool, server):
    loads: list[float] = []
    backs: list[float] = []
    click_ms: list[float] = []
    counts: dict[str, int] = {}
    timeouts = 0
    for run in range(runs + 1):  # run 0 is a discarded warm-up
        wait_warm(server)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(FIRST_WIDGET_PROBE)
        try:
            page, ms, res = visit(context, base_url, rel)
            if run:
                loads.append(ms)
                counts.update(
                    requests=len(res),
                    kb=round(sum(r[0] for r in res) / 1024),
                    body_kb=round(sum(r[1] for r in res) / 1024),
                )
            if with_click and run:
                show_marks(page)
                for _ in range(clicks):
                    ms = page.evaluate(CLICK_JS, 5000)
                    if ms is None or ms < 0:
                        timeouts += 1
                    else:
                        click_ms.append(ms)
            page.goto("about:blank")  # fires Voilà's beforeunload: its kernel is shut down
            page.close()
            wait_warm(server)
            page, ms, res = visit(context, base_url, rel)  # the same learner comes back
            if run:
                backs.append(ms)
                counts["back_requests"] = sum(1 for r in res if r[0] > 0)
            page.goto("about:blank")
        finally:
            context.close()
    click = statistics.median(click_ms) if click_ms else None
    return statistics.median(loads), statistics.median(backs), counts, click, timeouts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lessons", nargs="*", help="notebook names in notebooks/ (default: all)")
    ap.add_argument("--runs", type=int, default=5, help="page loads per page (default 5)")
    ap.add_argument("--clicks", type=int, default=5, help="clicks per page load (default 5)")
    ap.add_argument("--lang", default="", help="open every page in this language (?lang=...; default English)")
    args = ap.parse_args()

    names = args.lessons or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    pages = [BASELINE] + [f"notebooks/{n}" for n in names]
    from playwright.sync_api import sync_playwright

    rows = []
    # The pages measured, side by side in one folder served with the repository's voila.json
    # (preheated kernels for exactly these pages, not for every notebook under the root).
    with tempfile.TemporaryDirectory(prefix="sheriff-pages-") as tmp:
        for rel in pages:
            shutil.copy(ROOT / rel, Path(tmp) / Path(rel).name)
        server = VoilaServer(Path(tmp), timeout=120)
        with server as base_url, sync_playwright() as p:
            browser = launch_chromium(p)
            try:
                for rel in pages:
                    marked = has_marks(ROOT / rel)
                    print(f"measuring {rel} ...", file=sys.stderr, flush=True)
                    address = Path(rel).name + (f"?lang={args.lang}" if args.lang else "")
                    rows.append(
                        (rel, marked, *measure(browser, base_url, address, args.runs, args.clicks, marked, server))
                    )
                    print(f"  load average {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
            finally:
                browser.close()

    _, _, base_load, _, _, base_click, _ = rows[0]
    print(
        f"\nmedians over {args.runs} loads x {args.clicks} clicks{f', pages in {args.lang!r}' if args.lang else ''};"
        " load average (1/5/15 min) " + " / ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} CPUs"
    )
    print(
        f"targets: first widget <= {FIRST_WIDGET_TARGET}x baseline, click <= baseline + {CLICK_TARGET_MS:.0f} ms;"
        " 'new' = a first visit, 'back' = a second visit in the same browser"
    )
    print(
        f"{'page':38} {'new ms':>7} {'back ms':>7} {'x base':>6} {'requests':>8} {'kB':>6} {'back req':>8}"
        f" {'click ms':>9} {'- base':>7}  verdict"
    )
    for rel, marked, load, back, counts, click, timeouts in rows:
        ratio = load / base_load
        verdict = [] if rel == BASELINE else ["ok" if ratio <= FIRST_WIDGET_TARGET else "SLOW LOAD"]
        if not marked:
            click_txt, delta_txt = "-", ""
        elif click is None:
            click_txt, delta_txt = "no change", ""
            verdict.append("CLICK DID NOT CHANGE RESULT")
        else:
            delta = click - base_click
            click_txt, delta_txt = f"{click:9.1f}", f"{delta:+7.1f}"
            if rel != BASELINE:
                verdict.append("ok" if delta <= CLICK_TARGET_MS else "SLOW CLICK")
        if timeouts:
            verdict.append(f"{timeouts} clicks timed out")
        print(
            f"{rel[-38:]:38} {load:7.0f} {back:7.0f} {ratio:6.2f} {counts['requests']:8} {counts['kb']:6}"
            f" {counts['back_requests']:8} {click_txt:>9} {delta_txt:>7}  {' '.join(verdict)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
