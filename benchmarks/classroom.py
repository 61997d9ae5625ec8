"""Classroom benchmark: N learners open the same lesson at once on one Voilà server.

    .venv/bin/python benchmarks/classroom.py                       # N = 1, 10, 20, 30 on lesson 05
    .venv/bin/python benchmarks/classroom.py --n 1 10 --lesson 03_loading.ipynb
    .venv/bin/python benchmarks/classroom.py --repo /tmp/main       # another checkout's notebooks + voila.json
    .venv/bin/python benchmarks/classroom.py --n 10 --pool 10       # lesson 05 keeps 10 kernels preheated
    .venv/bin/python benchmarks/classroom.py --browserless --learners 30 --classes 2   # no browsers
    .venv/bin/python benchmarks/classroom.py --browserless --learners 30 --arrive-over 3   # not in one instant
    .venv/bin/python benchmarks/classroom.py --browserless --idle 60   # an idle server's CPU
    .venv/bin/python benchmarks/classroom.py --browserless --learners 30 --announce   # the class announced first
    .venv/bin/python benchmarks/classroom.py --browserless --learners 30 --classes 2 --tracemalloc /tmp/t
        # the server's Python-level allocations where its memory is printed (sheriff/serving/memtrace.py)

``--browserless`` (benchmarks/browserless.py): learners without browsers, each fetching the page and
playing it over the kernel websocket as the page does (benchmarks/learner_ws.py), so the figures are
the server's alone.  The other options: Chromium learners, described below.

One Chromium on this machine plays the class: each learner is a browser context of its own
(no shared cookies or cache), all navigating at the same moment.  For each N it prints the
median and longest wait from navigation to the lesson's first widget, pages that failed, the
kernels' memory (resident set of each kernel process: mean and total), whether the server still
answers, and how many of the class's kernels are left a minute after every tab is closed the way
a learner closes it (``beforeunload`` runs).  Servers listen on 127.0.0.1; every wait is bounded,
the run stops by itself.  This prints figures; it is not a test.  Heavy: run it sparingly.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from class_server import FREED_WITHIN_S, make_server, quiet, rss_mb, wait_until  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, ROOT, WIDGET_SELECTOR, VoilaServer, kernels  # noqa: E402

PAGE_TIMEOUT_S = 300  # a learner who waited five minutes has given up: the page failed


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


# When the server had sent the whole page (its cells run, in a preheated kernel or a new one),
# in seconds since navigation: what the rest of the wait is not (the browser's scripts).
PAGE_SENT_JS = "() => performance.getEntriesByType('navigation')[0].responseEnd / 1000"


async def one_learner(browser, url: str) -> tuple[float | None, float | None, object]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    t0 = time.monotonic()
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT_S * 1000)
        await page.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=PAGE_TIMEOUT_S * 1000)
        return time.monotonic() - t0, await page.evaluate(PAGE_SENT_JS), context
    except Exception:
        return None, None, context


async def classroom(server: VoilaServer, browser, lesson: str, n: int, idle: int) -> dict:
    url = server.url + "voila/render/" + lesson
    results = await asyncio.gather(*(one_learner(browser, url) for _ in range(n)))
    waits = [w for w, _, _ in results if w is not None]
    sent = [s for _, s, _ in results if s is not None]
    ks = kernels(server)
    mem = rss_mb(ks)
    alive = answers(server.url)
    for _, _, context in results:  # every learner closes the tab
        for page in context.pages:
            try:
                await page.close(run_before_unload=True)
            except Exception:
                pass
    t_close = time.monotonic()
    await wait_until(lambda: len(kernels(server)) <= idle, FREED_WITHIN_S)
    left = max(0, len(kernels(server)) - idle)
    freed_s = time.monotonic() - t_close
    for _, _, context in results:
        await context.close()
    return dict(
        n=n,
        ok=len(waits),
        median=statistics.median(waits) if waits else None,
        max=max(waits) if waits else None,
        sent=statistics.median(sent) if sent else None,
        kernels=len(ks),
        per_kernel=statistics.mean(mem) if mem else 0.0,
        total=sum(mem),
        alive=alive,
        left=left,
        freed_s=freed_s,
    )


async def main_async(args) -> int:
    from playwright.async_api import async_playwright

    repo = Path(args.repo).resolve()
    server = make_server(args)
    rows = []
    with server:
        # a warm server: the idle kernels (a preheated pool) are up before the class arrives
        await wait_until(lambda: server.pools_filled(), 300)
        if args.pool:
            want = len(list((repo / "notebooks").glob("*.ipynb"))) - 1 + args.pool
            await wait_until(lambda: len(kernels(server)) >= want, 600)
        await quiet()
        idle = len(kernels(server))
        print(
            f"server: {repo} · idle kernels (preheated pools): {idle}, "
            f"{statistics.mean(rss_mb(kernels(server)) or [0]):.0f} MB each",
            flush=True,
        )
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                for n in args.n:
                    row = await classroom(server, browser, args.lesson, n, idle)
                    rows.append(row)
                    print(
                        f"N={n}: {row['ok']}/{n} pages, median {fmt(row['median'])} max {fmt(row['max'])}, "
                        f"server answers: {row['alive']}",
                        flush=True,
                    )
                    if not row["alive"]:
                        break
                    await wait_until(lambda: server.pools_filled() and len(kernels(server)) <= idle, 120)
                    await quiet()
            finally:
                await browser.close()
    print(f"\nlesson {args.lesson}; waits are navigation -> first widget, seconds")
    print("('page sent': median time until the server had sent the whole page; the rest is the browsers)")
    print(
        f"{'N':>3} {'failed':>6} {'median':>7} {'max':>7} {'page sent':>9} {'kernels':>7} {'MB/kernel':>9} "
        f"{'MB total':>8} {'answers':>7} {'left after close':>16}"
    )
    for r in rows:
        left = f"{r['left']} ({r['freed_s']:.0f} s)"
        print(
            f"{r['n']:>3} {r['n'] - r['ok']:>6} {fmt(r['median']):>7} {fmt(r['max']):>7} {fmt(r['sent']):>9} "
            f"{r['kernels']:>7} "
            f"{r['per_kernel']:>9.0f} {r['total']:>8.0f} {str(r['alive']):>7} {left:>16}"
        )
    return 0


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a stop still stops our server and kernels
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, nargs="+", default=[1, 10, 20, 30], help="class sizes (default 1 10 20 30)")
    ap.add_argument("--lesson", default="05_inspection.ipynb", help="notebook in notebooks/ (default lesson 05)")
    ap.add_argument("--repo", default=str(ROOT), help="checkout whose notebooks/ and voila.json are served")
    ap.add_argument(
        "--pool", type=int, default=0, help="preheated kernels kept for the lesson (default: voila.json's, 1)"
    )
    ap.add_argument("--server-arg", action="append", default=[], help="one more option for Voilà (repeatable)")
    ap.add_argument("--browserless", action="store_true", help="learners over the kernel websocket, no browser")
    ap.add_argument("--learners", type=int, default=10, help="--browserless: learners per class (default 10)")
    ap.add_argument("--classes", type=int, default=1, help="--browserless: classes, one after the other")
    ap.add_argument("--gap", type=float, default=120, help="--browserless: seconds between classes' arrivals")
    ap.add_argument(
        "--arrive-over", type=float, default=0.0, help="--browserless: seconds over which a class arrives (0: at once)"
    )
    ap.add_argument(
        "--first-visit", action="store_true", help="--browserless: each learner fetches the page's static files first"
    )
    ap.add_argument("--clicks", type=int, default=5, help="--browserless: clicks per learner (default 5)")
    ap.add_argument(
        "--idle",
        type=float,
        default=0,
        help="--browserless: no class; the server's CPU with nobody connected, over S s",
    )
    ap.add_argument("--click", default="Next", help="--browserless: label the clicked button starts with")
    ap.add_argument(
        "--linger", type=float, default=0, help="--browserless: the server's memory again S s after the last class"
    )
    ap.add_argument(
        "--tracemalloc",
        metavar="DIR",
        help="--browserless: the server traces its allocations and writes snapshots to DIR where its memory is printed",
    )
    ap.add_argument(
        "--announce",
        action="store_true",
        help="--browserless: announce the class on the lesson first, as a teacher creating a class room does",
    )
    args = ap.parse_args()
    if args.browserless:
        from browserless import run_classes

        return asyncio.run(run_classes(args, make_server(args)))
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
