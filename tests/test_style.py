"""The code is linted and formatted by ruff, as configured in pyproject.toml ([tool.ruff])."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_is_clean():
    out = ruff("check", "--output-format", "concise", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_is_applied():
    out = ruff("format", "--check", ".")
    assert out.returncode == 0, "run `ruff format .`:\n" + out.stdout + out.stderr
