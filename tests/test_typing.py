"""The whole package type-checks: ``mypy`` with the settings in pyproject's ``[tool.mypy]``.

(tests/test_compiled.py checks the compiled modules on their own, as mypyc sees them.)"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors_in_sheriff(monkeypatch):
    mypy_api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(ROOT)  # [tool.mypy] files = ["sheriff"], read from ./pyproject.toml
    cache = Path(tempfile.gettempdir()) / f"sheriff-mypy-cache-{os.getuid()}"
    out, err, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache)])
    assert status == 0, out + err
    assert "Success: no issues found" in out
