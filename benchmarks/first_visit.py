"""What a learner's first visit costs the server: the page's scripts and styles, as a browser asks
for them, without the browser's own work.

    .venv/bin/python benchmarks/first_visit.py                    # lesson 05, 5 visits each way
    .venv/bin/python benchmarks/first_visit.py --lesson 00_home.ipynb --visits 9
    .venv/bin/python benchmarks/first_visit.py --repo /tmp/before  # another checkout's server

Chromium opens the lesson once in a fresh context and the addresses it asks the server for are
noted (every static file: Voilà's scripts, the widget managers, the template's styles, Font
Awesome).  Then, with no browser running and the server idle again (its pools refilled), each
visit fetches all of them again one after another, as a new learner's browser does, accepting
gzip (as browsers do) or not; for each way, the median over the visits of the server's CPU
seconds (its own process: where Tornado compresses, in its one event loop) and the bytes on the
wire.  Thirty learners arriving together cost thirty times that, on one core.  Prints figures;
it is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import urllib.request
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from class_server import make_server, quiet, static_addresses  # noqa: E402
from harness import wait_until  # noqa: E402


def visit(addresses: list[str], encoding: str) -> int:
    """Fetch every address once; bytes on the wire."""
    total = 0
    for url in addresses:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": encoding})) as r:
            total += len(r.read())
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lesson", default="05_inspection.ipynb", help="notebook in notebooks/ (default lesson 05)")
    ap.add_argument("--visits", type=int, default=5, help="visits each way (default 5)")
    ap.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]), help="checkout to serve")
    args = ap.parse_args()
    args.pool, args.server_arg = 0, []
    voila = make_server(args)
    with voila as base:
        addresses = static_addresses(base, args.lesson)
        server = psutil.Process(voila.proc.pid)
        # the server runs the refill kernel's page (Voilà executes it from the server's process)
        wait_until(voila.pools_filled, 300, "the pools to fill again")
        asyncio.run(quiet(120))
        print(f"{args.lesson}: a first visit asks for {len(addresses)} static files", flush=True)
        for encoding in ("gzip", "identity"):
            cpu, sizes, walls = [], [], []
            for _ in range(args.visits):
                c0, t0 = sum(server.cpu_times()[:2]), time.monotonic()
                sizes.append(visit(addresses, encoding))
                walls.append(time.monotonic() - t0)
                cpu.append(sum(server.cpu_times()[:2]) - c0)
            print(
                f"accepting {encoding}: server CPU {statistics.median(cpu):.3f} s a visit "
                f"(min {min(cpu):.3f}, max {max(cpu):.3f}), {statistics.median(sizes) / 1e6:.2f} MB on the wire, "
                f"{statistics.median(walls):.2f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
