"""Building the package's wheels from a copy of the working tree, as the release does (the build writes
into the tree it builds: build/, sheriff/data/compiled.json, and clears compiled modules in place)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "constraints.txt"
# What must not leak from the test run into a build or an installed tutor (PYTHONPATH would put the tree first).
LEAKS = ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV", "SHERIFF_PURE")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LEAKS}
    return dict(env, PIP_DISABLE_PIP_VERSION_CHECK="1", **extra)


def tracked_copy(dest: Path) -> None:
    """The repository's files as git sees them (tracked or new, not ignored), working-tree content."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for rel in filter(None, listed.decode().split("\0")):
        if (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)


def start_build(tmp: Path, compiled: bool) -> tuple[subprocess.Popen, Path]:
    """Start building the wheel of a copy of the tree into tmp/dist.  Compiled: as pyproject's
    [tool.cibuildwheel] builds it (pip, no build isolation, mypy and pydantic beside setup.py: this
    environment's, at the pins of constraints.txt); pure: SHERIFF_PURE=1, setuptools alone."""
    repo, dist = tmp / "repo", tmp / "dist"
    tracked_copy(repo)
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(repo)]
    env = clean_env() if compiled else clean_env(SHERIFF_PURE="1")
    return subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), dist


def finish_build(build: tuple[subprocess.Popen, Path]) -> Path:
    proc, dist = build
    out = proc.communicate()[0]
    assert proc.returncode == 0, f"{' '.join(proc.args)} failed:\n{out[-6000:]}"
    (wheel,) = dist.glob("sheriff_tutor-*.whl")
    return wheel


def build_wheel(tmp: Path, compiled: bool) -> Path:
    return finish_build(start_build(tmp, compiled))


def requirements(extra: str) -> list[str]:
    """What installing the package with [extra] brings (pyproject.toml), the package itself left out."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["dependencies"] + project["optional-dependencies"][extra]


def served_notebooks(wheel: Path) -> dict[str, dict]:
    """The pages a wheel carries for `sheriff serve`, by file name."""
    with zipfile.ZipFile(wheel) as whl:
        return {
            Path(name).name: json.loads(whl.read(name))
            for name in whl.namelist()
            if name.startswith("sheriff/served/notebooks/") and name.endswith(".ipynb")
        }


def assert_without_outputs(wheel: Path) -> None:
    """Every page of the tree in the wheel, cell for cell, without outputs or saved widget state."""
    served = served_notebooks(wheel)
    assert sorted(served) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    for name, nb in served.items():
        source = json.loads((ROOT / "notebooks" / name).read_text())
        assert "widgets" not in nb["metadata"], name
        assert [c["source"] for c in nb["cells"]] == [c["source"] for c in source["cells"]], name
        for cell in nb["cells"]:
            assert cell.get("outputs", []) == [] and cell.get("execution_count") is None, name
