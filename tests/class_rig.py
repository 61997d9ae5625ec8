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


def table_pages(tables, players=3, bots=(), names=("Ann", "Bob")):
    """A table opened on one page by ``names[0]`` (the host) and joined on a page each by the others;
    ``bots``: the seats the coach plays."""
    from sheriff.widgets.classroom.table_page import TablePage  # the pages only where a test asks

    ann = TablePage(tables, binder=False)
    ann.players.value = players
    for p in bots:
        ann.bot_seats[p].value = True
    ann.host_name.value = names[0]
    ann.open.click()
    pages = [ann]
    for name in names[1:]:
        page = TablePage(tables, binder=False)
        page.code.value, page.name.value = ann.host.code, name
        page.join.click()
        assert page.seat is not None, page.join_msg.value
        pages.append(page)
    return pages


def play_out(tables, code, seats, rng, moves: int = 3000):
    """Play a table's game to its end: the people choose at random among their legal moves, the
    coach moves through ``tick``; the last snapshot."""
    for _ in range(moves):
        tables.tick(code)
        snap = tables.spectate(code).snapshot()
        if snap.over:
            return snap
        seat = seats[snap.to_act]
        mine = seat.snapshot()
        seat.play(rng.choice(mine.legal), seq=mine.seq)
    raise AssertionError("the game did not end")
