"""A debug hook for the server's memory, off unless ``SHERIFF_TRACEMALLOC`` names a folder.

With it set, the Voilà server starts ``tracemalloc`` when its kernel manager is made (keeping
``SHERIFF_TRACEMALLOC_FRAMES`` frames, 1 unless told) and, on each ``SIGUSR1``, collects the
garbage, writes a snapshot (``snap-N.tracemalloc``, ``tracemalloc.Snapshot.load`` reads it) and
appends to ``summary.txt`` in that folder: the Python-level total, tracemalloc's own overhead and
the process's resident set, then the allocations and the object counts by type that grew most
since the first snapshot.  Each line also says where the resident set is: Python's object
allocator (its arenas, and the bytes in live blocks there) and glibc's heap (``mallinfo2``: in
use, and free but kept).  With ``SHERIFF_TRACEMALLOC_FRAMES=0`` nothing is traced (no overhead,
a true resident set): only those figures are written.  ``benchmarks/classroom.py --browserless --tracemalloc DIR`` sets it and
signals the server where it prints the server's memory (docs/deploy.md, "Memory, two classes").
Never set in production: tracing slows every allocation and costs memory.
"""

from __future__ import annotations

import collections
import ctypes
import gc
import os
import re
import signal
import sys
import tempfile
import tracemalloc
from pathlib import Path

ENV = "SHERIFF_TRACEMALLOC"
TOP = 25  # lines of each table in the summary


def install() -> bool:
    """Start tracing and listen for ``SIGUSR1`` if ``SHERIFF_TRACEMALLOC`` is set; False if not."""
    folder = os.environ.get(ENV)
    if not folder or not hasattr(signal, "SIGUSR1"):
        return False
    Path(folder).mkdir(parents=True, exist_ok=True)
    frames = int(os.environ.get(ENV + "_FRAMES", "1"))
    if frames:
        tracemalloc.start(frames)
    first: list = []  # the first snapshot and type counts: what the others are compared with
    signal.signal(signal.SIGUSR1, lambda *_: dump(Path(folder), first))
    return True


def type_counts() -> collections.Counter:
    return collections.Counter(type(o).__qualname__ for o in gc.get_objects())


def resident_mb() -> float:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return float("nan")


class MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()
    ]


def allocators() -> str:
    """Where the memory is: pymalloc's arenas (and the bytes of live objects in them), glibc's heap."""
    with tempfile.TemporaryFile("w+") as out:  # _debugmallocstats writes to the C stderr
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        stats = out.read()
    found = dict(re.findall(r"^(\d+) arenas \* (\d+) bytes/arena", stats, re.M))
    arena_mb = sum(int(k) * int(v) for k, v in found.items()) / 2**20
    live = re.search(r"^# bytes in allocated blocks\s*=\s*([\d,]+)", stats, re.M)
    live_mb = int(live.group(1).replace(",", "")) / 2**20 if live else float("nan")
    text = f"pymalloc arenas {arena_mb:.1f} MB, {live_mb:.1f} MB of it live objects"
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        m = libc.mallinfo2()
    except (OSError, AttributeError):
        return text
    in_use, kept = (m.uordblks + m.hblkhd) / 2**20, m.fordblks / 2**20
    return text + f"; glibc heap in use {in_use:.1f} MB, free but kept {kept:.1f} MB"


def dump(folder: Path, first: list) -> None:
    """Write snapshot N and its comparison with the first one (``first``: [snapshot, counts])."""
    gc.collect()
    summary = folder / "summary.txt"
    n = summary.read_text().count("== snapshot") if summary.exists() else 0
    if not tracemalloc.is_tracing():
        with open(summary, "a") as out:
            out.write(f"== snapshot {n}: resident {resident_mb():.1f} MB; {allocators()}\n")
        return
    snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    counts = type_counts()
    snap.dump(str(folder / f"snap-{n}.tracemalloc"))
    traced, peak = tracemalloc.get_traced_memory()
    lines = [
        f"== snapshot {n}: traced {traced / 2**20:.1f} MB (peak {peak / 2**20:.1f}), "
        f"tracemalloc's own {tracemalloc.get_tracemalloc_memory() / 2**20:.1f} MB, resident {resident_mb():.1f} MB; "
        + allocators()
    ]
    if not first:
        first.extend([snap, counts])
    else:
        lines.append("grew most since snapshot 0 (by file, then by traceback):")
        lines += [f"  {d}" for d in snap.compare_to(first[0], "filename")[:TOP]]
        for d in snap.compare_to(first[0], "traceback")[:10]:
            lines.append(f"  {d.size_diff / 2**20:+.2f} MB in {d.count_diff:+d} blocks:")
            lines += [f"      {line}" for line in d.traceback.format(limit=8, most_recent_first=True)]
        grown = counts.copy()
        grown.subtract(first[1])
        lines.append("objects by type, most grown: " + ", ".join(f"{t} {c:+d}" for t, c in grown.most_common(TOP)))
    with open(summary, "a") as out:
        out.write("\n".join(lines) + "\n")
