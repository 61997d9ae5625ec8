"""The fork server's warm-up (sheriff/widgets/warm.py): work done in a throwaway child comes back
without its imports, and lab 31 opens from the first answers worked out there, the same page as
when it works them out itself, without SciPy or matplotlib in the kernel.

The warm-up forks, so it runs in a fresh interpreter of its own, single-threaded as the fork server
is (a test worker has threads of its own, which a fork must not copy)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
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
