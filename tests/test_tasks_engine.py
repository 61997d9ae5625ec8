"""`tasks.py app` takes a compiled engine built earlier (in the background, or a wheel in dist/) only if
it was compiled from the current source for this Python, and backs out if it does not load; and its
pytest runs cache bytecode."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import tasks

SUFFIX = EXTENSION_SUFFIXES[0]
SOURCES = {"sheriff/engine.py": "X = 1\n", "sheriff/phases/bags.py": "Y = 2\n"}


@pytest.fixture
def tree(tmp_path, monkeypatch):
    root = tmp_path / "tree"
    for path, text in SOURCES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "sheriff" / "data").mkdir()
    monkeypatch.setattr(tasks, "ROOT", root)
    monkeypatch.setattr(tasks, "VENV", tmp_path / "venv")
    monkeypatch.setattr(tasks, "ENGINE_CACHE", tmp_path / "venv" / "compiled-engine")
    tasks.ENGINE_CACHE.mkdir(parents=True)
    (tmp_path / "site-packages").mkdir()
    monkeypatch.setattr(tasks, "site_packages", lambda: tmp_path / "site-packages")
    monkeypatch.setattr(tasks, "compiled_sources", lambda: list(SOURCES))
    return root


def compiled_wheel(where: Path, sources: dict[str, str], suffix: str = SUFFIX) -> Path:
    wheel = where / "sheriff_tutor-0.1.0-cp3-cp3-any.whl"
    record = {path: hashlib.sha256(text.encode()).hexdigest() for path, text in sources.items()}
    with zipfile.ZipFile(wheel, "w") as whl:
        whl.writestr("sheriff/engine.py", sources["sheriff/engine.py"])
        for path in sources:
            whl.writestr(path.removesuffix(".py") + suffix, b"module")
        whl.writestr("sheriff_engine__mypyc" + suffix, b"group")
        whl.writestr("sheriff/data/compiled.json", json.dumps(record))
    return wheel


def test_a_wheel_compiled_from_the_current_source_for_this_python_is_taken(tree):
    wheel = compiled_wheel(tasks.ENGINE_CACHE, SOURCES)
    found, files = tasks.matching_engine()
    assert found == wheel
    assert files[0] == "sheriff_engine__mypyc" + SUFFIX  # the shared library before the modules that load it
    assert files[-1] == "sheriff/data/compiled.json"  # the record last
    assert sorted(files[1:-1]) == sorted(p.removesuffix(".py") + SUFFIX for p in SOURCES)


def test_an_older_source_or_another_python_s_wheel_is_not(tree, monkeypatch):
    compiled_wheel(tasks.ENGINE_CACHE, dict(SOURCES, **{"sheriff/engine.py": "X = 0\n"}))
    assert tasks.matching_engine() is None
    (tree / "dist").mkdir()
    compiled_wheel(tree / "dist", SOURCES, suffix=".cpython-399-elsewhere.so")
    assert tasks.matching_engine() is None
    compiled_wheel(tree / "dist", SOURCES)  # a release wheel for this Python in dist/
    assert tasks.matching_engine()[0].parent == tree / "dist"
    (tree / "sheriff" / "views.py").write_text("Z = 3\n")  # a module compiled since: not in that wheel
    monkeypatch.setattr(tasks, "compiled_sources", lambda: [*SOURCES, "sheriff/views.py"])
    assert tasks.matching_engine() is None


def test_the_engine_is_copied_in_and_taken_out_again_if_it_does_not_load(tree, monkeypatch):
    compiled_wheel(tasks.ENGINE_CACHE, SOURCES)
    (tasks.VENV / ".sheriff-installed-app").write_text("abc plain")
    group = tree.parent / "site-packages" / ("sheriff_engine__mypyc" + SUFFIX)
    monkeypatch.setattr(tasks, "engine_served_kind", lambda: "plain Python")  # e.g. built for another libc
    assert not tasks.use_prebuilt_engine()
    assert not tasks.engine_in_tree() and not group.exists()
    assert not (tree / "sheriff" / "data" / "compiled.json").exists()
    monkeypatch.setattr(tasks, "engine_served_kind", lambda: "compiled")
    assert tasks.use_prebuilt_engine() and tasks.engine_in_tree()
    assert (tree / "sheriff" / ("engine" + SUFFIX)).read_bytes() == b"module"
    assert group.read_bytes() == b"group"  # where a wheel puts it: the editable install maps the package only
    assert (tasks.VENV / ".sheriff-installed-app").read_text() == "abc compiled"


def test_the_background_build_waits_for_the_server_s_port():
    assert tasks.serve_port([]) == 8866
    assert tasks.serve_port(["--port", "9001", "--lang", "uk"]) == 9001
    assert tasks.serve_port(["--lang", "uk", "--port=9002"]) == 9002


def test_pytest_runs_may_cache_bytecode(monkeypatch):
    """tasks.py's pytest runs write bytecode even where PYTHONDONTWRITEBYTECODE is set (docs/testing.md)."""
    seen = {}

    def run(cmd, cwd, env):
        seen.update(cmd=cmd, env=env)
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(tasks.subprocess, "run", run)
    assert tasks.pytest(["-k", "x"]) == 0
    assert seen["cmd"][-2:] == ["-k", "x"] and "PYTHONDONTWRITEBYTECODE" not in seen["env"]
    assert seen["env"]["PATH"] == os.environ["PATH"]
