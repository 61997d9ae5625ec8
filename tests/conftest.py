"""Every test starts in English: the tutor's language is a process setting (sheriff.i18n)."""

import pytest

from sheriff import i18n
from tests.pg import pg_cluster, store_url  # noqa: F401  (the class store's fixtures: SQLite and PostgreSQL)


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language(i18n.DEFAULT)
    yield
    i18n.set_language(i18n.DEFAULT)
