"""The tutor's pages as the tests list them, each list read from its one place, so a new page
cannot escape a check: every notebook in ``notebooks/``, and the notebooks of one message catalog
(``[tool.sheriff.i18n.domains]`` in pyproject.toml, where every page must be named: tests/test_i18n.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks"


def notebooks() -> list[str]:
    """Every page's name, without ``.ipynb``: ``00_home``, ``01_components_and_setup``..."""
    return sorted(p.stem for p in FOLDER.glob("*.ipynb"))


def catalog_notebooks(domain: str) -> list[str]:
    """The pages whose words are in the ``domain`` catalog (``lessons``: lessons 01-05, ``topics``: 06-11)."""
    sources = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["sheriff"]["i18n"]["domains"][domain]
    return sorted(Path(s).stem for s in sources if s.startswith("notebooks/") and s.endswith(".ipynb"))
