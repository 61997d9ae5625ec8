"""The fork server's warm-up (sheriff/widgets/warm.py): work done in a throwaway child comes back
without its imports, and lab 31 opens from the first answers worked out there, the same page as
when it works them out itself, without SciPy or matplotlib in the kernel.

The warm-up forks, so it runs in a fresh interpreter of its own, single-threaded as the fork server
is (a test worker has threads of its own, which a fork must not copy)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from sheriff import i18n
from sheriff.widgets.labs import theory

TESTS = Path(__file__).resolve().parent

FORK_SERVER = """
import json, sys, time
from sheriff import i18n
from sheriff.widgets import warm
from sheriff.widgets.labs import theory
from test_warm_up import page

def brings_colorsys():
    import colorsys  # a module nothing here imports
    return {"answer": 42, "child_had_colorsys": "colorsys" in sys.modules}

def fails():
    raise RuntimeError("no answer")

started = time.monotonic()
report = {"child": warm.in_a_child(brings_colorsys), "colorsys_here": "colorsys" in sys.modules,
          "failed": warm.in_a_child(fails), "stuck": warm.in_a_child(lambda: time.sleep(60), timeout=0.5),
          "waited": time.monotonic() - started}
warm.warm_up()
report["pages"] = {}
for lang in i18n.LANGUAGES:
    with i18n.language(lang):
        report["pages"][lang] = page(theory.BribeBargainingLab())
report["imported"] = [m for m in ("scipy", "numpy", "matplotlib") if m in sys.modules]
print(json.dumps(report))
"""


def page(lab: theory.BribeBargainingLab) -> list[str]:
    return [lab.text, lab.heard.value, lab.size.value, hashlib.sha256(lab.plot.png).hexdigest()]


def test_lab_31_opens_from_answers_worked_out_in_a_throwaway_child(monkeypatch):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    out = subprocess.run([sys.executable, "-c", FORK_SERVER], capture_output=True, text=True, check=True, env=env)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    # work done in a child comes back; what it imported stays there; a failure comes back as nothing
    assert report["child"] == {"answer": 42, "child_had_colorsys": True}
    assert report["colorsys_here"] is False and report["failed"] is None
    assert report["stuck"] is None and report["waited"] < 30  # a child that never answers is given up
    # lab 31 opened after the warm-up imported neither SciPy nor matplotlib (nor NumPy)
    assert report["imported"] == []
    monkeypatch.setattr(theory, "_SOLVED", {})
    monkeypatch.setattr(theory, "_RANGES", {})
    monkeypatch.setattr(theory, "_FINE_PNGS", {})
    for lang in i18n.LANGUAGES:  # worked out here, from nothing: the same page
        with i18n.language(lang):
            assert page(theory.BribeBargainingLab()) == report["pages"][lang]


# The fork server's stand-in: work in a child that never answers; it says the child's pid, then
# what ``in_a_child`` gave back and how long it waited.
ORPHANED = """
import os, sys, time
from sheriff.widgets import warm
out = sys.argv[1]
def never_answers():
    with open(out + ".child", "w") as f:
        f.write(str(os.getpid()))
    time.sleep(600)
started = time.monotonic()
answer = warm.in_a_child(never_answers, timeout=600)
with open(out + ".done", "w") as f:
    f.write(f"{answer!r} {time.monotonic() - started:.1f}")
"""

# Its parent (the tutor's server): starts it, waits until its child works, and ends.
SERVER = """
import os, subprocess, sys, time
out = sys.argv[1]
subprocess.Popen([sys.executable, "-c", sys.argv[2], out], start_new_session=True)
while not os.path.exists(out + ".child"):
    time.sleep(0.05)
os._exit(0)
"""


def test_the_warm_up_stops_when_the_server_that_started_it_ends(tmp_path):
    """Stopping the tutor's server while the fork server warms up ends the warm-up's child at
    once and the fork server's wait (it would otherwise go on importing SciPy and writing its
    bytecode into an environment being stopped or removed, for up to a minute)."""
    import psutil

    out = str(tmp_path / "warm")
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent)}
    subprocess.run([sys.executable, "-c", SERVER, out, ORPHANED], env=env, check=True, timeout=120)
    child = int(Path(out + ".child").read_text())
    deadline = time.monotonic() + 60
    while not Path(out + ".done").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    answer, waited = Path(out + ".done").read_text().split()
    assert answer == "None" and float(waited) < 30  # given up, not waited out (600 s)
    with contextlib.suppress(psutil.NoSuchProcess):
        assert psutil.Process(child).status() == psutil.STATUS_ZOMBIE  # killed, not left working
