"""Two writers at one table at the same instant, on SQLite and on a real PostgreSQL: each reads the
table before the other writes (a barrier holds both after their first read), then both write.  What
either was told it did is in the store afterwards, and what was refused was refused in words: a
pause and a kick, a pause and the host's role passing to a player, and the role passing by itself
(after the host's page has been gone a minute) while the host pauses."""

from __future__ import annotations

import threading

import pytest

from sheriff.classroom.store import Store
from sheriff.classroom.table import TableError, Tables
from sheriff.classroom.table_host import HOST_GONE_S


@pytest.fixture
def tables(store_url, clock, fresh_table_cache):
    t = Tables(Store(store_url, clock=clock))
    yield t
    t.store.close()


def _race(store, *calls):
    """Run each ``(call, method)`` in a thread of its own; each thread waits, after its first call of
    the store's ``method``, until every other thread has made its own first read.  Each call's
    outcome: its return value or the ``TableError`` it raised."""
    barrier = threading.Barrier(len(calls), timeout=10)
    first = threading.local()

    def held(name):
        real = getattr(store, name)

        def read(*args, **kwargs):
            found = real(*args, **kwargs)
            if getattr(first, "name", None) == name:
                first.name = None
                try:
                    barrier.wait()
                except threading.BrokenBarrierError:  # the other writer waits for this one's lock
                    pass
            return found

        return read

    for name in {name for _call, name in calls}:
        setattr(store, name, held(name))
    outcomes: list = [None] * len(calls)

    def run(i, call, name):
        first.name = name
        try:
            outcomes[i] = call()
        except TableError as e:
            outcomes[i] = e

    threads = [threading.Thread(target=run, args=(i, c, n)) for i, (c, n) in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for name in {name for _call, name in calls}:
        delattr(store, name)  # the class's own method again
    return outcomes


def _started(tables, names=("Bob", "Cy")):
    host = tables.create(edition="2E", players=4, seed=3, host_name="Ann")
    seats = [tables.join(host.code, n) for n in names]
    host.start()
    return host, seats


def test_a_pause_and_a_kick_at_the_same_instant_both_land(tables):
    host, (bob, _cy) = _started(tables)
    other = tables.host(host.code, host.key)  # the host's controls on a second device
    paused, kicked = _race(tables.store, (lambda: host.pause(True), "room"), (lambda: other.kick(bob.seat), "room"))
    assert not isinstance(paused, TableError) and kicked is None, (paused, kicked)
    settings = tables.store.room(host.room_id).settings
    assert settings["paused"]["by"] == "Ann", settings
    assert settings["removed"] == [bob.member_id], settings
    assert tables.spectate(host.code).snapshot().paused_by == "Ann"


def test_passing_the_host_role_while_pausing_never_loses_what_either_was_told(tables):
    host, (bob, _cy) = _started(tables)
    other = tables.host(host.code, host.key)
    passed, paused = _race(
        tables.store, (lambda: host.pass_host(bob.seat), "room"), (lambda: other.pause(True), "room")
    )
    assert passed is None, passed  # handing the role over is never refused here
    settings = tables.store.room(host.room_id).settings
    assert settings["host_member"] == bob.member_id and settings["host_passed"], settings
    if isinstance(paused, TableError):  # the role had passed first: refused in words, nothing written
        assert paused.reason == "not_host" and "passed to another player" in str(paused)
        assert "paused" not in settings
    else:  # the pause came first: it stands under the new host
        assert settings["paused"]["by"] == "Ann", settings
    assert bob.host_controls() is not None


def test_the_role_passing_by_itself_while_the_host_pauses_keeps_both_words(tables, clock):
    host, (bob, cy) = _started(tables)
    tables.tick(host.code)
    clock.advance(HOST_GONE_S + 1)  # Ann's page is gone a minute; Bob's and Cy's are here
    bob.alive(), cy.alive()
    other = tables.host(host.code, host.key)  # Ann, on another device, presses Pause at that instant
    moved, paused = _race(
        tables.store, (lambda: tables.tick(host.code), "table_poll"), (lambda: other.pause(True), "room")
    )
    settings = tables.store.room(host.room_id).settings
    assert not isinstance(moved, TableError), moved
    assert settings["host_member"] == bob.member_id and settings["host_gone"] == "Ann", settings
    if isinstance(paused, TableError):
        assert paused.reason == "not_host", paused
        assert "paused" not in settings
    else:
        assert settings["paused"]["by"] == "Ann", settings
    snap = bob.snapshot()
    assert snap.host_seat == bob.seat and snap.host_gone == "Ann"


def test_every_table_change_raises_the_rooms_version(tables):
    host = tables.create(edition="2E", players=3, seed=3, host_name="Ann")
    store, rid = tables.store, host.room_id
    seen = [store.table_version(rid)]
    for change in (lambda: tables.join(host.code, "Bob"), host.start, lambda: host.set_bot(1, True)):
        change()
        seen.append(store.table_version(rid))
    tables.tick(host.code)  # the coach moves for Bob's seat when it is his turn, or nothing
    assert seen == sorted(set(seen)), seen  # each change raised it
    before = store.table_version(rid)
    host.pause(True)
    assert store.table_version(rid) == before + 1
    host.pause(True)  # paused already: nothing written, nothing changed
    assert store.table_version(rid) == before + 1
    assert store.table_version(rid + 999) is None
