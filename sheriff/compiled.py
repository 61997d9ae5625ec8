"""Whether the engine's inner loop runs compiled, and a guard against stale compiled code.

``setup.py`` compiles the hot modules with mypyc when it can, and records a hash of
each one's source in ``data/compiled.json``.  Python loads a compiled module instead
of its ``.py`` file, so after an edit the old compiled code would run silently:
``check()`` (called on ``import sheriff``) refuses that and says how to rebuild.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
RECORD = PACKAGE / "data" / "compiled.json"


def _binary(source: Path) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def _recorded() -> dict[str, str]:
    """Source path -> hash at build time, for each module setup.py compiled ({}: none)."""
    return json.loads(RECORD.read_text()) if RECORD.exists() else {}


def modules() -> dict[str, bool]:
    """Each module setup.py compiles (path relative to the project), and whether it runs compiled."""
    return {path: _binary(PACKAGE.parent / path) is not None for path in _recorded()}


def is_compiled() -> bool:
    """True when the engine runs as mypyc-compiled code (see setup.py)."""
    found = modules()
    return bool(found) and all(found.values())


def check() -> None:
    """Refuse to import compiled modules whose source has changed since they were built."""
    stale = []
    for path, digest in _recorded().items():
        source = PACKAGE.parent / path
        if _binary(source) is not None and hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            stale.append(path)
    if stale:
        raise ImportError(
            f"the compiled engine is older than its source ({', '.join(stale)}): rebuild it with "
            "`python3 tasks.py build`, or run plain Python with `SHERIFF_PURE=1 python3 tasks.py build`"
        )
