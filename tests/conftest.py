"""Suite-wide settings: every test starts in English; markers; hypothesis profiles.

Markers (declared in pyproject.toml, ``--strict-markers``): ``browser`` for everything under
tests/browser/ and ``unit`` for every other test, both given here; ``slow`` by hand on the
slowest unit tests.  The fast loop leaves out ``browser`` and ``slow`` (docs/testing.md).

Hypothesis: a quick ``dev`` profile by default, the thorough ``ci`` profile when ``CI=true``
(``.ci/run``) or ``HYPOTHESIS_PROFILE=ci``.  Tests name no ``max_examples`` of their own.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from sheriff import i18n
from tests.pg import pg_cluster, store_url  # noqa: F401  (the class store's fixtures: SQLite and PostgreSQL)

pytest_plugins = ["tests.class_rig"]  # clock, classroom, sqlite_tables: class mode's fixtures

BROWSER_DIR = Path(__file__).parent / "browser"

settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        if BROWSER_DIR in path.parents:
            item.add_marker(pytest.mark.browser)
        elif Path(__file__).parent in path.parents:
            item.add_marker(pytest.mark.unit)


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language(i18n.DEFAULT)
    yield
    i18n.set_language(i18n.DEFAULT)
