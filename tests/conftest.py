"""Every test starts in English: the tutor's language is a process setting (sheriff.i18n)."""

import pytest

from sheriff import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language(i18n.DEFAULT)
    yield
    i18n.set_language(i18n.DEFAULT)
