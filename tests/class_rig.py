"""Class mode's fixtures and helpers (a pytest plugin named in tests/conftest.py): a clock that moves
only when a test says so, a class on a store (SQLite and PostgreSQL: ``store_url``), the tables in a
SQLite store, and a refusal checked by its reason.  A test file may define its own ``classroom``."""

from __future__ import annotations

import pytest

from sheriff.classroom import Classroom, ClassroomError
from sheriff.classroom.store import Store
from sheriff.classroom.table import Tables
from sheriff.classroom.table_game import clear_cache
from tests.pg import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def classroom(store_url, clock):
    store = Store(store_url, clock=clock)
    yield Classroom(store)
    store.close()


@pytest.fixture
def fresh_table_cache():
    """No table's game kept in the process's cache from another test, before or after."""
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def sqlite_tables(tmp_path, clock, fresh_table_cache):
    """Tables in a SQLite store of their own, on the test's clock; no game kept from another test."""
    t = Tables(Store(f"sqlite:///{tmp_path / 'table.sqlite'}", clock=clock))
    yield t
    t.store.close()


def refused(reason: str, call, *args, **kwargs) -> str:
    """``call(*args, **kwargs)`` is refused for ``reason`` (a ClassroomError, a TableError) with a
    sentence for the page; that sentence."""
    with pytest.raises(ClassroomError) as e:
        call(*args, **kwargs)
    assert e.value.reason == reason, (e.value.reason, str(e.value))
    assert str(e.value)
    return str(e.value)
