"""Lines of source per layer (docs/architecture.md), at a git revision.

    .venv/bin/python tools/lines_per_layer.py            # HEAD
    .venv/bin/python tools/lines_per_layer.py main       # any branch, tag or commit

Python files count every line; notebooks count the lines of their cells' sources
(code and text, not outputs); JSON data counts its lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# First match wins; a prefix ending in "/" is a folder.
LAYERS = [
    (
        "engine core",
        [
            "sheriff/cards.py",
            "sheriff/errors.py",
            "sheriff/rulebook.py",
            "sheriff/wording.py",
            "sheriff/fastinit.py",
            "sheriff/compiled.py",
            "sheriff/rules.py",
            "sheriff/scoring.py",
            "sheriff/events.py",
            "sheriff/actions.py",
            "sheriff/state.py",
            "sheriff/payments.py",
            "sheriff/phases/",
            "sheriff/engine.py",
            "sheriff/views.py",
            "sheriff/narration.py",
            "sheriff/__init__.py",
            "sheriff/__main__.py",
        ],
    ),
    ("players (bots, coach)", ["sheriff/bots.py", "sheriff/bot_reasons.py", "sheriff/coach/", "sheriff/tournament.py"]),
    ("theory lab", ["sheriff/theory/"]),
    (
        "edges (record, positions, scenarios, replays, saved games, cli)",
        [
            "sheriff/record.py",
            "sheriff/position.py",
            "sheriff/scenario.py",
            "sheriff/replay.py",
            "sheriff/saved_game.py",
            "sheriff/cli.py",
            "sheriff/serving",
        ],
    ),
    ("teaching code (practice, course, glossary)", ["sheriff/practice", "sheriff/course.py", "sheriff/glossary.py"]),
    ("data (rule texts, goods, examples, course; JSON)", ["sheriff/data/"]),
    ("widgets", ["sheriff/widgets/"]),
    ("notebooks (cell sources)", ["notebooks/"]),
    ("tests", ["tests/"]),
]


def files(rev: str) -> list[str]:
    out = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [f for f in out.splitlines() if f.endswith((".py", ".ipynb", ".json"))]


def lines(rev: str, path: str) -> int:
    text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    if path.endswith(".ipynb"):
        return sum(len("".join(c["source"]).splitlines()) for c in json.loads(text)["cells"])
    return len(text.splitlines())


def per_layer(rev: str) -> dict[str, int]:
    totals = {name: 0 for name, _ in LAYERS}
    for f in files(rev):
        for name, prefixes in LAYERS:
            if any(
                f == p or (p.endswith("/") and f.startswith(p)) or (not p.endswith((".py", "/")) and f.startswith(p))
                for p in prefixes
            ):
                if f.endswith(".json") and not f.startswith("sheriff/data/"):
                    break
                totals[name] += lines(rev, f)
                break
    return totals


if __name__ == "__main__":
    rev = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    for name, n in per_layer(rev).items():
        print(f"{n:7d}  {name}")
