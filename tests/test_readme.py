"""The README's examples are doctests: they must stay true."""
import doctest
from pathlib import Path

import sheriff


def test_readme_examples_run():
    result = doctest.testfile(str(Path(__file__).parent.parent / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 4 and result.failed == 0


def test_docstring_examples_run():
    import sheriff.cards
    import sheriff.engine
    attempted = 0
    for module in (sheriff, sheriff.engine, sheriff.cards):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        attempted += result.attempted
    assert attempted >= 5
