"""Page benchmark: how fast each lesson shows up and answers a click, in a real browser,
compared with a one-button ipywidgets page (``benchmarks/baseline_one_button.ipynb``).

    .venv/bin/python benchmarks/pages.py                 # every notebooks/*.ipynb, 5 runs each
    .venv/bin/python benchmarks/pages.py --runs 9 02_market.ipynb

Each page is served from a temporary folder with the repository's voila.json (preheated
kernels), and each load waits until the page's preheated kernel is back in its pool (a warm
server).  For each page: time from navigation start to the first rendered ipywidget (browser clock,
median of N fresh page loads, each in a new browser context, after one discarded warm-up
load), and click-to-update latency (median of N clicks): the benchmark clicks the first
element with CSS class ``sheriff-bench-click`` and waits until the text of the first
``sheriff-bench-result`` changes.  A lesson marks them with
``button.add_class("sheriff-bench-click")`` and ``output.add_class("sheriff-bench-result")``;
every click must change that text.  Targets: first widget <= 1.5 x baseline,
click <= baseline + 100 ms.  This prints figures; it is not a test.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from harness import ROOT, WIDGET_SELECTOR, VoilaServer, launch_chromium, open_lesson  # noqa: E402

BASELINE = "benchmarks/baseline_one_button.ipynb"
FIRST_WIDGET_TARGET = 1.5     # x baseline
CLICK_TARGET_MS = 100.0       # baseline + this

# Records, on the page's own clock (ms since navigation start), when the first widget appears.
FIRST_WIDGET_PROBE = """
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
""" % WIDGET_SELECTOR

# Clicks the marked control and resolves with the ms until the marked result's text changes.
CLICK_JS = """
async (timeoutMs) => {
  const mark = document.querySelector('.sheriff-bench-click');
  const result = document.querySelector('.sheriff-bench-result');
  if (!mark || !result) return null;
  const target = mark.matches('button, input') ? mark : (mark.querySelector('button, input') || mark);
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
    text = path.read_text(encoding="utf-8")
    return "sheriff-bench-click" in text and "sheriff-bench-result" in text


def measure(browser, base_url: str, rel: str, runs: int, clicks: int, with_click: bool, server):
    loads: list[float] = []
    click_ms: list[float] = []
    timeouts = 0
    for run in range(runs + 1):          # run 0 is a discarded warm-up
        deadline = time.monotonic() + 180  # a warm server: the page's preheated kernel is ready
        while not server.pools_filled() and time.monotonic() < deadline:
            time.sleep(0.25)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(FIRST_WIDGET_PROBE)
        page = context.new_page()
        try:
            open_lesson(page, base_url, rel)
            if run:
                loads.append(page.evaluate("window.__sheriffFirstWidget"))
            if with_click and run:
                for _ in range(clicks):
                    ms = page.evaluate(CLICK_JS, 5000)
                    if ms is None or ms < 0:
                        timeouts += 1
                    else:
                        click_ms.append(ms)
        finally:
            page.goto("about:blank")     # fires Voilà's beforeunload: its kernel is shut down
            context.close()
    load = statistics.median(loads)
    click = statistics.median(click_ms) if click_ms else None
    return load, click, timeouts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lessons", nargs="*", help="notebook names in notebooks/ (default: all)")
    ap.add_argument("--runs", type=int, default=5, help="page loads per page (default 5)")
    ap.add_argument("--clicks", type=int, default=5, help="clicks per page load (default 5)")
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
                    rows.append((rel, marked, *measure(browser, base_url, Path(rel).name, args.runs,
                                                       args.clicks, marked, server)))
            finally:
                browser.close()

    _, _, base_load, base_click, _ = rows[0]
    print(f"\nmedians over {args.runs} loads x {args.clicks} clicks; "
          f"targets: first widget <= {FIRST_WIDGET_TARGET}x baseline, click <= baseline + {CLICK_TARGET_MS:.0f} ms")
    print(f"{'page':44} {'first widget ms':>16} {'x base':>7} {'click ms':>9} {'- base':>8}  verdict")
    for rel, marked, load, click, timeouts in rows:
        ratio = load / base_load
        verdict = [] if rel == BASELINE else ["ok" if ratio <= FIRST_WIDGET_TARGET else "SLOW LOAD"]
        if not marked:
            click_txt, delta_txt = "no bench marks", ""
        elif click is None:
            click_txt, delta_txt = "no change", ""
            verdict.append("CLICK DID NOT CHANGE RESULT")
        else:
            delta = click - base_click
            click_txt, delta_txt = f"{click:9.1f}", f"{delta:+8.1f}"
            if rel != BASELINE:
                verdict.append("ok" if delta <= CLICK_TARGET_MS else "SLOW CLICK")
        if timeouts:
            verdict.append(f"{timeouts} clicks timed out")
        print(f"{rel:44} {load:16.1f} {ratio:7.2f} {click_txt:>9} {delta_txt:>8}  {' '.join(verdict)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
