"""The README's examples are doctests: they must stay true."""

import ast
import doctest
from pathlib import Path

import sheriff
import sheriff.cards
import sheriff.engine


def test_readme_examples_run():
    result = doctest.testfile(
        str(Path(__file__).parent.parent / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 4 and result.failed == 0


def docstrings(path: Path):
    """(name, docstring) of a source file's module, classes and functions."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
            doc = ast.get_docstring(node)
            if doc:
                yield f"{path.name}:{getattr(node, 'name', '')}", doc


def test_docstring_examples_run():
    # Read from the source files: compiled modules (see setup.py) hide their functions from doctest.
    runner = doctest.DocTestRunner()
    for module, name in ((sheriff, "__init__.py"), (sheriff.engine, "engine.py"), (sheriff.cards, "cards.py")):
        path = Path(sheriff.__file__).parent / name
        for where, doc in docstrings(path):
            runner.run(doctest.DocTestParser().get_doctest(doc, dict(vars(module)), where, str(path), 0))
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 5
