"""The fork server's warm-up (sheriff/widgets/warm.py): work done in a throwaway child comes back
without its imports, and lab 31 opens from the first answers worked out there, the same page as
when it works them out itself, without SciPy or matplotlib in the kernel."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheriff import i18n
from sheriff.widgets import warm
from sheriff.widgets.labs import theory

TESTS = Path(__file__).resolve().parent


def test_work_in_a_child_comes_back_and_its_imports_stay_there():
    def work():
        import colorsys  # noqa: F401  # a module nothing here imports

        return {"answer": 42, "child_had_colorsys": "colorsys" in sys.modules}

    had = "colorsys" in sys.modules
    assert warm.in_a_child(work) == {"answer": 42, "child_had_colorsys": True}
    assert ("colorsys" in sys.modules) == had


def test_work_that_fails_in_the_child_comes_back_as_nothing():
    def work():
        raise RuntimeError("no answer")

    assert warm.in_a_child(work) is None


def page(lab: theory.BribeBargainingLab) -> list[str]:
    return [lab.text, lab.heard.value, lab.size.value, hashlib.sha256(lab.plot.png).hexdigest()]


SEEDED = """
import json, sys
from sheriff import i18n
from sheriff.widgets import warm
from sheriff.widgets.labs import theory
from test_warm_up import page
warm.warm_up()
pages = {}
for lang in i18n.LANGUAGES:
    with i18n.language(lang):
        pages[lang] = page(theory.BribeBargainingLab())
print(json.dumps({"pages": pages, "imported": [m for m in ("scipy", "numpy", "matplotlib") if m in sys.modules]}))
"""


@pytest.mark.slow  # a fresh interpreter, the warm-up and SciPy in its child: ~4 s
def test_lab_31_opens_from_the_first_answers_without_scipy(monkeypatch):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    out = subprocess.run([sys.executable, "-c", SEEDED], capture_output=True, text=True, check=True, env=env)
    seeded = json.loads(out.stdout.strip().splitlines()[-1])
    assert seeded["imported"] == []  # the kernel imported neither SciPy nor matplotlib (nor NumPy)
    monkeypatch.setattr(theory, "_SOLVED", {})
    monkeypatch.setattr(theory, "_RANGES", {})
    monkeypatch.setattr(theory, "_FINE_PNGS", {})
    for lang in i18n.LANGUAGES:  # worked out here, from nothing: the same page
        with i18n.language(lang):
            assert page(theory.BribeBargainingLab()) == seeded["pages"][lang]
