"""Classes of learners without browsers (``classroom.py --browserless``): what the server does for
a class, with no browser sharing its cores.

Each learner fetches the lesson, asks for its widget state and clicks ``--click`` buttons over the
kernel websocket as the page does (``learner_ws.py``), then leaves as a closing tab does.  First one
learner alone (the reference), then ``--classes`` classes of ``--learners``, each arriving
``--gap`` seconds after the one before; a class arrives at once, or with ``--arrive-over S`` one
learner after another, evenly over S seconds (as a class opening a link it was given).  With
``--first-visit`` each learner first fetches the page's static files (as Chromium asked for them
once: ``first_visit.py``), as a browser does before it opens the kernel's websocket.  For each:
time from asking for the page to having every widget's state (median, longest), click latency
(until the kernel is idle again), pages that failed, the server's CPU (server and kernels, from
the arrival to the last click), memory per kernel, and kernels left 60 s after the learners left.
Then what the class cost, counted per process from its arrival until its last kernel has exited
(``cost``): the server process, the learners' kernels (their exit included: the CPU a kernel used
between its learner leaving and its end, per kernel) and the other kernels (pool refills), and the
server's memory (resident set) before the first class and once each class has gone.  The last
line sums up every class:

    learners=N state_median_s=X state_max_s=Y click_median_ms=Z
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import statistics
import time
from pathlib import Path

import psutil
from class_server import FREED_WITHIN_S, VoilaServer, rss_mb, server_cpu_s, static_addresses, wait_until
from harness import kernel_environ, kernels  # class_server put tests/browser on the path
from learner_ws import LearnerPage

KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def kernel_cpu(server: VoilaServer) -> dict[str, float]:
    """Kernel id -> CPU seconds used so far, for every kernel process alive."""
    out = {}
    for p in kernels(server):
        try:
            m = KERNEL_FILE.search(" ".join(p.cmdline()))
            t = p.cpu_times()
            if m:
                out[m.group(1)] = t.user + t.system
        except psutil.Error:
            pass
    return out


async def server_memory(server: VoilaServer, args) -> str:
    """The server's resident set, in MB; with ``--tracemalloc`` the server also writes a snapshot
    and its comparison with the first one (sheriff/serving/memtrace.py), the figure taken after."""
    if args.tracemalloc:
        summary = Path(args.tracemalloc) / "summary.txt"
        written = summary.read_text().count("== snapshot") if summary.exists() else 0
        os.kill(server.proc.pid, signal.SIGUSR1)
        await wait_until(lambda: summary.exists() and summary.read_text().count("== snapshot") > written, 120)
    return f"{own_cpu(server)[2]:.0f} MB"


def own_cpu(server: VoilaServer) -> tuple[float, float, float]:
    """(the server process's CPU seconds, its exited children's, its resident set in MB); its
    fork server (sheriff.forkserver, the parent of forked kernels) counts as the server."""
    try:
        p = psutil.Process(server.proc.pid)
        ks = {k.pid for k in kernels(server)}
        helpers = [c for c in p.children(recursive=True) if c.pid not in ks]
        own = reaped = 0.0
        for q in [p, *helpers]:
            with contextlib.suppress(psutil.Error):
                t = q.cpu_times()
                own, reaped = own + t.user + t.system, reaped + t.children_user + t.children_system
        return own, reaped, p.memory_info().rss / 2**20
    except psutil.Error:
        return 0.0, 0.0, 0.0


async def settled(server: VoilaServer, timeout: float = 300) -> None:
    """Wait until the server and its kernels have been idle for 3 s (the pools refilled, however
    large they grew; on a shared machine, whatever the other processes do)."""
    deadline = time.monotonic() + timeout
    before = (own_cpu(server)[0], kernel_cpu(server))
    while time.monotonic() < deadline:
        await asyncio.sleep(3)
        now = (own_cpu(server)[0], kernel_cpu(server))
        if (
            now[1].keys() == before[1].keys()
            and now[0] - before[0] + sum(now[1].values()) - sum(before[1].values()) < 0.06
        ):
            return
        before = now


async def learner(
    base: str, lesson: str, clicks: int, label: str, delay: float = 0.0, files: list[str] | None = None
) -> dict:
    await asyncio.sleep(delay)
    t0 = time.monotonic()
    try:
        page = await LearnerPage.open(base, lesson)
        if files:
            await page.fetch_files(files)
        await page.widget_states()
        state_s = time.monotonic() - t0
        latencies = []
        for _ in range(clicks):
            ids = page.buttons(label)
            if not ids:
                break
            latencies.append(await page.click(ids[0]))
        steps = {k: v - t0 for k, v in page.marks.items()}
        return {
            "ok": True,
            "page": page,
            "page_s": page.page_s,
            "state_s": state_s,
            "clicks": latencies,
            "steps": steps,
        }
    except Exception as e:  # a failed page is a figure, not a crash
        return {"ok": False, "error": f"{type(e).__name__}: {e}"}


async def one_class(server: VoilaServer, args, n: int, idle: int) -> dict:
    cpu0 = server_cpu_s(server)
    own0, reaped0, _ = own_cpu(server)
    at_arrival = kernel_cpu(server)
    t0 = time.monotonic()
    spread = args.arrive_over if n > 1 else 0.0
    results = await asyncio.gather(
        *(learner(server.url, args.lesson, args.clicks, args.click, i * spread / n, args.files) for i in range(n))
    )
    busy_s = time.monotonic() - t0
    cpu = server_cpu_s(server) - cpu0
    mem = rss_mb(kernels(server))
    ok = [r for r in results if r["ok"]]
    for r in results[:3]:
        if not r["ok"]:
            print("  failed:", r["error"], flush=True)
    theirs = {r["page"].kernel_id for r in ok}
    at_leave = {k: v for k, v in kernel_cpu(server).items() if k in theirs}
    await asyncio.gather(*(r["page"].leave() for r in ok))
    t_left = time.monotonic()
    # gone and reaped: the server has counted their CPU among its exited children's
    await wait_until(lambda: not theirs & kernel_cpu(server).keys() and own_cpu(server)[1] > reaped0, FREED_WITHIN_S)
    left = len(theirs & kernel_cpu(server).keys())
    freed_s = time.monotonic() - t_left
    await asyncio.sleep(1)  # the last exits reaped
    own1, reaped1, _ = own_cpu(server)
    now = kernel_cpu(server)
    reaped = reaped1 - reaped0  # the learners' kernels, whole (a pool kernel taken: from its start)
    return {
        "n": n,
        "ok": len(ok),
        "state": [r["state_s"] for r in ok],
        "page": [r["page_s"] for r in ok],
        "clicks": [c for r in ok for c in r["clicks"]],
        "steps": {k: statistics.median(r["steps"][k] for r in ok) for k in (ok[0]["steps"] if ok else ())},
        "cpu_s": cpu,
        "busy_s": busy_s,
        "mb_per_kernel": statistics.median(mem) if mem else 0.0,
        "left": left,
        "freed_s": freed_s,
        "cost": {
            "server_s": own1 - own0,
            "kernels_s": reaped - sum(at_arrival.get(k, 0.0) for k in at_leave),
            "exit_ms": 1000 * (reaped - sum(at_leave.values())) / max(1, len(at_leave) - left),
            "others_s": sum(v - at_arrival.get(k, 0.0) for k, v in now.items()),
        },
    }


def summary(row: dict) -> str:
    st, cl = row["state"] or [float("nan")], row["clicks"] or [float("nan")]
    return (
        f"{row['ok']}/{row['n']} pages, page sent median {statistics.median(row['page'] or [0]):.2f} s, "
        f"widget state median {statistics.median(st):.2f} s max {max(st):.2f} s, "
        f"click median {1000 * statistics.median(cl):.0f} ms max {1000 * max(cl):.0f} ms ({len(row['clicks'])}), "
        f"server CPU {row['cpu_s']:.1f} s in {row['busy_s']:.1f} s, {row['mb_per_kernel']:.0f} MB/kernel, "
        f"kernels left {row['left']} ({row['freed_s']:.0f} s after leaving); median s after asking for the page: "
        + ", ".join(f"{k} {v:.2f}" for k, v in row["steps"].items())
        + "\n  "
        + cost(row)
    )


def cost(row: dict) -> str:
    c, n = row["cost"], max(1, row["ok"])
    return (
        f"cost until the last kernel exited: server process {c['server_s']:.2f} s, learners' kernels "
        f"{c['kernels_s']:.2f} s ({1000 * (c['server_s'] + c['kernels_s']) / n:.0f} ms a visit with the server's "
        f"part; a kernel's exit {c['exit_ms']:.0f} ms), other kernels (refills) {c['others_s']:.2f} s"
    )


async def idle_cpu(server: VoilaServer, seconds: float) -> str:
    """What the server and its kernels use with nobody connected, over ``seconds``."""
    root = psutil.Process(server.proc.pid)
    own0, kernels0, switches0, t0 = own_cpu(server)[0], kernel_cpu(server), root.num_ctx_switches(), time.monotonic()
    await asyncio.sleep(seconds)
    own1, kernels1, switches1, dt = (
        own_cpu(server)[0],
        kernel_cpu(server),
        root.num_ctx_switches(),
        time.monotonic() - t0,
    )
    spent = sum(kernels1[k] - kernels0[k] for k in kernels1.keys() & kernels0.keys())
    return (
        f"idle {dt:.0f} s: the server {1000 * (own1 - own0) / dt:.2f} ms of CPU a second "
        f"({100 * (own1 - own0) / dt:.2f} % of a core, {(switches1.voluntary - switches0.voluntary) / dt:.1f} "
        f"wakeups a second), its {len(kernels1)} kernels {1000 * spent / dt:.2f} ms a second in all"
    )


def announce(server: VoilaServer, page: str, learners: int) -> str:
    """Announce a class of ``learners`` on ``page`` as a teacher's kernel does
    (``sheriff.launch.announce_class``), with the address and key the server gave its kernels."""
    import urllib.parse
    import urllib.request

    where = kernel_environ(kernels(server)[0]).get("SHERIFF_ANNOUNCE", "")  # as the kernel reads it
    address, _, key = where.partition(" ")
    data = urllib.parse.urlencode({"page": page, "learners": learners, "key": key}).encode()
    with urllib.request.urlopen(urllib.request.Request(address, data=data, method="POST"), timeout=30) as answer:
        return f"a class of {learners} announced on {page}: HTTP {answer.status}"


async def run_classes(args, server: VoilaServer) -> int:
    rows = []
    with server:
        await wait_until(server.pools_filled, 600)
        if args.idle:
            await settled(server)
            print(await idle_cpu(server, args.idle), flush=True)
            return 0
        args.files = []
        if args.first_visit:  # what a first visit fetches, as Chromium asks for it once
            args.files = await asyncio.to_thread(static_addresses, server.url, args.lesson)
            await wait_until(server.pools_filled, 300)
        await settled(server)
        idle = len(kernels(server))
        arriving = f"over {args.arrive_over:g} s" if args.arrive_over else "at once"
        if args.files:
            arriving += f", each learner first fetching the page's {len(args.files)} static files"
        print(
            f"server: {server.url} · idle kernels (preheated pools): {idle}; lesson {args.lesson}; "
            f"a class arrives {arriving}",
            flush=True,
        )
        start_mb = await server_memory(server, args)
        solo = await one_class(server, args, 1, idle)
        print("one learner alone:", summary(solo), flush=True)
        if args.announce:  # as a teacher's page creating a class room does
            t0 = time.monotonic()
            print(await asyncio.to_thread(announce, server, args.lesson, args.learners), flush=True)
            await asyncio.sleep(5)  # the refills begin
            await settled(server, 600)
            print(f"the pool filled {time.monotonic() - t0:.0f} s after the announcement", flush=True)
        await settled(server)
        print(f"server memory: {start_mb} before the first learner, {await server_memory(server, args)} after")
        for i in range(args.classes):
            arrival = time.monotonic()
            row = await one_class(server, args, args.learners, idle)
            rows.append(row)
            print(f"class {i + 1}:", summary(row), flush=True)
            if i + 1 < args.classes:  # the next class arrives --gap seconds after this one did
                await asyncio.sleep(max(0.0, arrival + args.gap - time.monotonic()))
            else:  # the class gone and the pools refilled
                await settled(server)
            print(f"server memory after class {i + 1}: {await server_memory(server, args)}", flush=True)
        if args.linger:  # the grown pools shrink (ClassroomKernelManager.shrink_after) and their pages go
            await asyncio.sleep(args.linger)
            await settled(server)
            print(
                f"server memory {args.linger:g} s after: {await server_memory(server, args)}, {len(kernels(server))} kernels"
            )
        if any(r["left"] for r in rows):
            print("kernels left after the learners left:", [r["left"] for r in rows])
    state = [s for r in rows for s in r["state"]] or [float("nan")]
    clicks = [c for r in rows for c in r["clicks"]] or [float("nan")]
    print(
        f"solo_state_s={statistics.median(solo['state'] or [float('nan')]):.2f} "
        f"failed={sum(r['n'] - r['ok'] for r in rows)} left={sum(r['left'] for r in rows)}"
    )
    print(
        f"learners={args.learners} state_median_s={statistics.median(state):.2f} "
        f"state_max_s={max(state):.2f} click_median_ms={1000 * statistics.median(clicks):.0f}"
    )
    return 0
