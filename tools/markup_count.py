"""Count markup built in Python in the widget modules: f-strings holding a tag, and string
literals holding ``class="``.  ``python tools/markup_count.py [files]`` prints per file and in all."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

TAG = re.compile(r"<[a-zA-Z/!]")


def counts(path: Path) -> tuple[int, int]:
    tree = ast.parse(path.read_text())
    fstrings = classes = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            fstrings += bool(TAG.search(text))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            classes += node.value.count('class="')
    return fstrings, classes


def main() -> None:
    root = Path(__file__).resolve().parents[1]
    files = [Path(a) for a in sys.argv[1:]] or sorted((root / "sheriff" / "widgets").rglob("*.py"))
    total_f = total_c = 0
    with_markup = 0
    for f in files:
        n_f, n_c = counts(f)
        if n_f or n_c:
            with_markup += 1
            print(f"{f.name:24} f-strings with markup {n_f:4}   class= literals {n_c:4}")
        total_f, total_c = total_f + n_f, total_c + n_c
    print(f"{'all':24} f-strings with markup {total_f:4}   class= literals {total_c:4}   in {with_markup} files")


if __name__ == "__main__":
    main()
