"""Imports inside ``sheriff/`` flow one way: no cycles, function-level imports included.

The graph is read from the source (the AST), not from ``sys.modules``, so an import hidden
inside a function, or behind ``if TYPE_CHECKING``, counts like any other.  The layers and
their order are described in docs/architecture.md."""

from __future__ import annotations

import ast
from pathlib import Path

import sheriff

PACKAGE = Path(sheriff.__file__).parent


# Layers, lowest first: a module imports only from its own layer or the ones above it in
# this list (docs/architecture.md draws the same picture).  The first matching prefix wins.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("data", ("i18n", "cards", "errors", "rulebook", "wording", "fastinit", "compiled", "course", "glossary")),
    ("vocabulary and state", ("rules", "scoring", "events", "actions", "state", "payments")),
    ("phases", ("phases",)),
    ("engine", ("engine", "views", "narration", "round_sentences", "outcome_sentences", "")),  # "": __init__
    ("players", ("bots", "bot_moves", "bot_reasons", "coach", "tournament", "theory")),
    (
        "edges",
        (
            "record",
            "position",
            "replay",
            "changes",
            "scenario",
            "saved_game",
            "cli",
            "launch",
            "forkserver",
            "__main__",
        ),
    ),
    ("teaching", ("practice", "guided")),
    ("classroom", ("classroom",)),
    # sheriff/widgets/: the kit and the renderer at its root, then its rooms (docs/architecture.md)
    (
        "widget kit",
        tuple(
            f"widgets.{m}"
            for m in ("language", "markup", "good_symbols", "glossary_links", "render", "lesson", "kit", "examples")
        ),
    ),
    ("labs", ("widgets.labs",)),
    ("play and replay", ("widgets.play",)),
    ("course", ("widgets.course",)),
    ("class and table pages", ("widgets.classroom",)),
    ("widgets", ("widgets",)),  # the package's face, and a module no room holds yet
    ("server", ("serving",)),
]


def layer_of(module: str) -> int:
    rest = module.removeprefix("sheriff").removeprefix(".")
    for i, (_, prefixes) in enumerate(LAYERS):
        if any(rest == p or (p and rest.startswith(p + ".")) for p in prefixes):
            return i
    raise KeyError(f"{module} is in no layer: add it to LAYERS (and to docs/architecture.md)")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the sheriff modules it imports (``from sheriff import x`` counts as ``sheriff.x``
    when ``x`` is a module; a package's ``__init__`` is its own node)."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(
                        package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                    )
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for t in targets:
                while t and t not in modules:  # "sheriff.cards.GOODS" -> "sheriff.cards"
                    t = t.rpartition(".")[0]
                if t and t != name and t != "sheriff":
                    graph[name].add(t)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a path ``[a, b, ..., a]``, or None."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_graph_sees_function_level_imports():
    graph = import_graph()
    assert "sheriff.engine" in graph["sheriff.bots"]
    assert "sheriff.practice.tables" in graph["sheriff.practice"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycles_in_sheriff():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_imports_flow_down_the_layers():
    graph = import_graph()
    upward = [
        f"{m} ({LAYERS[layer_of(m)][0]}) imports {n} ({LAYERS[layer_of(n)][0]})"
        for m in sorted(graph)
        for n in sorted(graph[m])
        if layer_of(n) > layer_of(m)
    ]
    assert not upward, "\n".join(upward)
