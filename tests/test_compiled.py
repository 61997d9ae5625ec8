"""The compiled engine (mypyc, see setup.py) plays exactly the games plain Python plays."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import sheriff
from sheriff import compiled

PACKAGE = Path(sheriff.__file__).parent

# 120 bot games over both editions and 3-6 players, hashed move by move.
GAMES_DIGEST = """
import hashlib
from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules
h = hashlib.sha1()
for ed, n in [("2E", 5), ("1E", 4), ("2E", 6), ("1E", 3)]:
    for i in range(30):
        g = play_game(Game(Rules(edition=ed, players=n, royal_goods=i % 2 == 0), seed=i), make_bots(n, seed=i))
        h.update(repr(g.history).encode())
        h.update(repr([(sc.total, sc.bonuses) for sc in g.scores]).encode())
import sheriff.compiled
print(sheriff.compiled.is_compiled(), h.hexdigest())
"""


def digest(env_path: Path | None = None) -> tuple[str, str]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    if env_path is not None:
        env["PYTHONPATH"] = str(env_path)
    out = subprocess.run(
        [sys.executable, "-c", GAMES_DIGEST],
        env=env,
        cwd=env_path or PACKAGE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return out[0], out[1]


def test_compiled_and_plain_python_play_the_same_games(tmp_path):
    """Runs wherever the engine is compiled (CI; locally after `tasks.py build` or `tasks.py test`)."""
    if not compiled.is_compiled():
        if os.environ.get("SHERIFF_EXPECT_COMPILED") == "1":
            pytest.fail(f"SHERIFF_EXPECT_COMPILED=1 but the engine runs plain Python: {compiled.modules()}")
        pytest.skip(
            "the engine is not compiled in this install (a fresh clone, no C compiler, or SHERIFF_PURE=1): "
            "`python3 tasks.py build` compiles it, then this test compares it with plain Python"
        )
    plain = tmp_path / "sheriff"
    shutil.copytree(PACKAGE, plain, ignore=shutil.ignore_patterns("*.so", "__pycache__", "compiled.json"))
    assert digest() == ("True", digest(tmp_path)[1])
    assert digest(tmp_path)[0] == "False"


@pytest.mark.slow
def test_compiled_modules_type_check():
    """mypyc compiles only what mypy accepts; otherwise the build quietly goes plain Python.

    ``slow``: mypy from nothing (``--no-incremental``, 1-2 s); the fast loop has tests/test_typing.py's
    mypy over the whole package, these modules included, from its cache."""
    mypy_api = pytest.importorskip("mypy.api")
    root = Path(__file__).resolve().parents[1]
    modules = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["sheriff"]["compiled"]
    out, err, status = mypy_api.run(["--no-incremental", *modules])
    assert status == 0, out + err
    assert f"no issues found in {len(modules)} source files" in out


def test_ci_runs_the_compiled_engine():
    """CI installs a C compiler (.ci/run) and expects the compiled build; elsewhere plain Python is fine."""
    if os.environ.get("SHERIFF_EXPECT_COMPILED") != "1":
        pytest.skip("SHERIFF_EXPECT_COMPILED is not set")
    assert compiled.is_compiled(), compiled.modules()


def test_stale_compiled_code_is_refused(tmp_path, monkeypatch):
    pkg = tmp_path / "sheriff"
    (pkg / "data").mkdir(parents=True)
    (pkg / "engine.py").write_text("X = 1\n")
    (pkg / "engine.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    record = {"sheriff/engine.py": hashlib.sha256(b"X = 1\n").hexdigest()}
    (pkg / "data" / "compiled.json").write_text(json.dumps(record))
    monkeypatch.setattr(compiled, "PACKAGE", pkg)
    monkeypatch.setattr(compiled, "RECORD", pkg / "data" / "compiled.json")
    monkeypatch.setattr(compiled, "EXTENSION_SUFFIXES", [".cpython-311-x86_64-linux-gnu.so"])
    compiled.check()  # source unchanged since the build: fine
    assert compiled.modules() == {"sheriff/engine.py": True}
    (pkg / "engine.py").write_text("X = 2\n")  # edited after the build
    with pytest.raises(ImportError, match=r"older than its source \(sheriff/engine.py\).*tasks.py build"):
        compiled.check()
    (pkg / "engine.cpython-311-x86_64-linux-gnu.so").unlink()
    compiled.check()  # no compiled file: the .py runs, nothing stale
    assert not compiled.is_compiled()
