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


# Browser test modules whose tests share a module-scoped server or build (a fixture of scope="module"):
# under `--dist loadgroup` (tasks.py's browser run) one worker runs each whole, and first; every other
# test goes alone to whichever worker is free.  Named here, not by xdist_group marks: with pytest 9.2
# and pytest-xdist 3.8 those are silently ignored (pytest-xdist#1386), and xdist's scheduler, in the
# controlling process, sees node ids only.
WHOLE_MODULES = {"test_binder.py", "test_plans_as_written.py", "test_server_guard.py", "test_wheel.py"}


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist's: no error when it is not loaded
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ModulesWhole(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::")[0]
            return module if Path(module).name in WHOLE_MODULES else super()._split_scope(nodeid)

    return ModulesWhole(config, log)


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
