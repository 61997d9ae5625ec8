"""Build script; everything but the compiled modules is declared in pyproject.toml.

The engine's inner loop (state, phases, engine, views, bots) is compiled with mypyc,
the compiler that makes mypy itself fast: same source, about twice as many
simulated games per second.  Compiling is optional.  With SHERIFF_PURE=1, without a
C compiler or Python's headers, or if mypyc fails, the package installs as plain
Python and behaves the same (tests/test_compiled.py plays both and compares).

A compiled module is loaded instead of its .py file, so this records a hash of each
compiled source and ``sheriff/compiled.py`` refuses to run stale compiled code.
More in docs/speed.md.  mypyc comes from mypy, which a plain ``pip install`` does not bring
(pyproject's build requirements are setuptools alone): ``tasks.py test`` and ``build`` install
it first and build with ``--no-build-isolation``.

A wheel also carries what ``sheriff serve`` serves (sheriff/launch.py): the pages, the server's
settings and the page template, copied into ``sheriff/served/``.  The pages go without what their
last run left in them (cell outputs, saved widget state: 3.3 MB): Voilà runs each page afresh and
its template never reads them.  The repository keeps its executed notebooks (nbval compares them).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
HOT = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["sheriff"]["compiled"]
RECORD = ROOT / "sheriff" / "data" / "compiled.json"
GROUP = "sheriff_engine"  # name of the shared library mypyc builds
SERVED = ["notebooks/*.ipynb", "voila.json", "share/jupyter/voila/templates/sheriff/*"]  # -> sheriff/served/
BUILDING = {"bdist_wheel", "editable_wheel", "build_ext", "build", "install", "develop"}


def note(msg: str) -> None:
    print(f"sheriff setup: {msg}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """Build the compiled modules if possible; on any failure keep the plain-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no Python.h, ...: all or nothing
            note(f"compiling failed ({e}); installing plain Python instead")
            for out in self.get_outputs():
                Path(out).unlink(missing_ok=True)
            RECORD.unlink(missing_ok=True)


class BuildPyWithServed(build_py):
    """The package, and a copy of what ``sheriff serve`` serves (an editable install reads the tree)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for pattern in SERVED:
            for src in sorted(ROOT.glob(pattern)):
                dest = Path(self.build_lib) / "sheriff" / "served" / src.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                if src.suffix == ".ipynb":
                    dest.write_text(without_outputs(src.read_text(encoding="utf-8")), encoding="utf-8")
                else:
                    shutil.copyfile(src, dest)


def without_outputs(notebook: str) -> str:
    """The notebook as Voilà needs it: its cells, none of what running it left behind."""
    nb = json.loads(notebook)
    nb["metadata"].pop("widgets", None)  # the saved widget state: Voilà's template leaves it out
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def compiled_modules() -> list:
    if not BUILDING.intersection(sys.argv):  # metadata steps: no need to run mypyc
        return []
    # An editable install compiles in place: clear the last build's files first.
    RECORD.unlink(missing_ok=True)
    for path in HOT:
        for old in (ROOT / path).parent.glob(Path(path).stem + ".*.so"):
            old.unlink()
    for old in ROOT.glob(GROUP + "__mypyc.*.so"):
        old.unlink()
    if "editable_wheel" in sys.argv:  # and the shared library `tasks.py app` took from a prebuilt wheel
        for old in Path(sysconfig.get_paths()["purelib"]).glob(GROUP + "__mypyc.*"):
            old.unlink()
    if os.environ.get("SHERIFF_PURE") == "1":
        note("SHERIFF_PURE=1: plain Python")
        return []
    try:
        from mypyc.build import mypycify

        exts = mypycify(HOT, opt_level="3", group_name=GROUP)
    except BaseException as e:  # mypy reports type errors by SystemExit
        note(f"mypyc cannot compile ({e!r}); installing plain Python instead")
        return []
    record = {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in HOT}
    RECORD.write_text(json.dumps(record, indent=1) + "\n")
    return exts


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithServed})
