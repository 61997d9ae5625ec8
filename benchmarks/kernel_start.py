"""Where a learner's kernel started for them spends its CPU: a fresh kernel, as the server starts
one for a learner who finds a page's pool empty, by stage (the kernel process's own CPU time).

    .venv/bin/python benchmarks/kernel_start.py                      # lesson 05, 3 kernels
    .venv/bin/python benchmarks/kernel_start.py --runs 5 --lesson 20_play.ipynb
    .venv/bin/python benchmarks/kernel_start.py --forked           # forked, as the tutor's server starts them

Stages: the kernel ready (the interpreter, ipykernel, IPython's shell), the lesson's imports (the
``sheriff`` modules its cells name), the page's cells (building its widgets).  Beside each, this
client's own CPU (starting the kernel, sending the cells, reading the replies: what the server
does for it, without Voilà's rendering).  Prints medians over ``--runs`` kernels.  ``--forked``:
kernels forked from the fork server (``sheriff.serving.forking``), as the tutor's server starts
them; "ready" is then the fork's own CPU from the fork on.  Not measured: what a preheated page
does once its request comes (the class, table and replay pages wait for it with Voilà's
``wait_for_request``): ``benchmarks/classroom.py --browserless --lesson 51_class_student.ipynb``.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import statistics
import time
from pathlib import Path

import psutil
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]


def cpu(p: psutil.Process) -> float:
    """The process's CPU time in seconds: its threads' ``schedstat`` (nanoseconds) where Linux
    has it, else ``cpu_times`` (whole clock ticks, 10 ms: too coarse for a page's 0.1 s)."""
    try:
        tasks = list(Path(f"/proc/{p.pid}/task").iterdir())
    except OSError:
        t = p.cpu_times()
        return t.user + t.system
    ns = 0
    for task in tasks:
        with contextlib.suppress(OSError, ValueError):  # a thread that has just ended
            ns += int((task / "schedstat").read_text().split()[0])
    return ns / 1e9


def imports_of(cells: list[str]) -> str:
    """The cells' own import statements, to run first on their own."""
    lines = []
    for cell in cells:
        for node in ast.parse(cell).body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                lines.append(ast.unparse(node))
    return "\n".join(lines)


def one_kernel(cells: list[str]) -> list[tuple[float, float]]:
    """(the kernel's CPU, this client's CPU) for each stage, in seconds."""
    start = time.process_time()
    km, kc = start_new_kernel(kernel_name="python3", extra_arguments=["--HistoryManager.enabled=False"])
    try:
        proc = psutil.Process(km.provisioner.process.pid)  # type: ignore[union-attr]
        marks = [(cpu(proc), time.process_time() - start)]
        for stage in ([imports_of(cells)], cells):
            for code in stage:
                kc.execute_interactive(code, timeout=120, output_hook=lambda _msg: None)
            marks.append((cpu(proc), time.process_time() - start))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return [(k - k0, c - c0) for (k, c), (k0, c0) in zip(marks, [(0.0, 0.0), *marks[:-1]], strict=True)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lesson", default="05_inspection.ipynb")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--forked", action="store_true", help="kernels forked from the fork server (the server's way)")
    args = ap.parse_args()
    if args.forked:
        import logging

        from jupyter_client.provisioning import KernelProvisionerFactory

        from sheriff.serving import forking

        forking.register()
        KernelProvisionerFactory.instance().default_provisioner_name = forking.NAME
        assert forking.fork_server(logging.getLogger("kernel_start")).wait_ready(300), "the fork server did not start"
    nb = json.loads((ROOT / "notebooks" / args.lesson).read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    runs = [one_kernel(cells) for _ in range(args.runs)]
    names = ["ready (interpreter, ipykernel, IPython)", "the lesson's imports", "the page's cells"]
    for i, name in enumerate(names):
        kernel = statistics.median(r[i][0] for r in runs)
        client = statistics.median(r[i][1] for r in runs)
        print(f"{name}: kernel {1000 * kernel:.0f} ms, client {1000 * client:.0f} ms")
    total = statistics.median(sum(k for k, _ in r) for r in runs)
    kind = "a forked kernel" if args.forked else "a fresh kernel"
    print(f"{args.lesson}: {kind} {1000 * total:.0f} ms of CPU until its page is built (median of {args.runs})")


if __name__ == "__main__":
    main()
