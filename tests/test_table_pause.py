"""Pausing a table and a host who leaves, through the API, on SQLite and on a real PostgreSQL: while
paused no seat moves and neither the coach nor the clock acts, every view says who paused it, and a
store opened afresh (a reload, another server) still holds it; after the resume the person to act
has their whole time again.  A host whose page has been gone a minute hands the role to the person
who sat down first among those online, whose snapshot says whose page went."""

from __future__ import annotations

import pytest

from sheriff.classroom.store import Store
from sheriff.classroom.table import TableError, Tables
from sheriff.classroom.table_game import clear_cache
from sheriff.classroom.table_host import HOST_GONE_S
from tests.pg import FakeClock


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def tables(store_url, clock):
    t = Tables(Store(store_url, clock=clock))
    yield t
    t.store.close()


def _refused(reason, call, *args):
    with pytest.raises(TableError) as e:
        call(*args)
    assert e.value.reason == reason, (e.value.reason, str(e.value))
    return str(e.value)


def _to_person(tables, code, people):
    """Tick until a person (a seat in ``people``) is to act; that seat's snapshot."""
    for _ in range(50):
        tables.tick(code)
        snap = tables.spectate(code).snapshot()
        if snap.to_act in people:
            return people[snap.to_act].snapshot()
    raise AssertionError("no person came to act")


def test_a_paused_table_moves_for_nobody_says_who_paused_it_and_survives_a_reload(tables, clock, store_url):
    host = tables.create(edition="2E", players=3, bots=[2], seed=4, time_limit=30, host_name="Ann")
    bob = tables.join(host.code, "Bob")
    _refused("not_started", host.pause, True)
    host.start()
    people = {0: host.seat, 1: bob}
    snap = _to_person(tables, host.code, people)
    who = people[snap.to_act]
    assert snap.legal and snap.deadline is not None
    host.pause(True)
    for view in (who.snapshot(), tables.spectate(host.code).snapshot(), host.snapshot()):
        assert view.paused_by == "Ann" and view.deadline is None
    paused = who.snapshot()
    assert paused.legal == ()
    assert "Ann has paused the game" in _refused("paused", who.play, snap.legal[0], snap.seq)
    clock.advance(3600)  # an hour: no timeout, no coach
    host.seat.alive()
    assert tables.tick(host.code) is False and who.snapshot().seq == snap.seq
    who.let_coach_play(True)  # even a seat handed to the coach waits
    assert tables.tick(host.code) is False and who.snapshot().seq == snap.seq
    who.let_coach_play(False)
    # another server (a fresh store and cache) reads the pause from the database
    clear_cache()
    other = Tables(Store(store_url, clock=clock))
    try:
        assert other.spectate(host.code).snapshot().paused_by == "Ann"
    finally:
        other.store.close()
    host.pause(False)
    back = who.snapshot()
    assert back.paused_by is None and back.legal and back.deadline == clock() + 30  # the whole time again
    clock.advance(29)
    assert tables.tick(host.code) is False
    clock.advance(2)
    assert tables.tick(host.code) is True and tables.spectate(host.code).snapshot().events_by[snap.seq][1] == "timeout"


def test_only_the_host_pauses_and_a_watching_host_is_named_as_the_host(tables):
    host = tables.create(edition="2E", players=3, seed=4)
    ann, bob = tables.join(host.code, "Ann"), tables.join(host.code, "Bob")
    host.start()
    assert not hasattr(ann, "pause") and ann.host_controls() is None
    host.pause(True)
    assert ann.snapshot().paused_by == ""  # the page says "The host has paused the game"
    host.pause(True)  # twice: still paused, by the same
    host.pause(False)
    host.pause(False)
    assert bob.snapshot().paused_by is None


def test_a_host_whose_page_is_gone_a_minute_hands_the_role_to_the_first_seated_online(tables, clock):
    host = tables.create(edition="2E", players=4, bots=[3], seed=6, host_name="Ann")
    bob, cy = tables.join(host.code, "Bob"), tables.join(host.code, "Cy")
    host.start()
    host.pause(True)  # and then Ann closes her page: nobody could resume without the new rule
    for page in (host.seat, bob, cy):
        page.alive()
    clock.advance(HOST_GONE_S - 5)
    for page in (bob, cy):  # their pages poll; Ann's does not
        page.alive()
    assert tables.tick(host.code) is False and bob.host_controls() is None
    clock.advance(10)
    for page in (bob, cy):
        page.alive()
    tables.tick(host.code)
    snap = cy.snapshot()
    assert snap.host_seat == 1 and snap.host_gone == "Ann" and snap.host_passed
    new = bob.host_controls()
    assert new is not None and cy.host_controls() is None
    _refused("not_host", host.pause, False)  # Ann's old controls and her key are refused
    _refused("key", tables.host, host.code, host.key)
    new.pause(False)
    new.set_bot(0, True)  # Ann's turns go to the coach: the table goes on
    assert cy.snapshot().paused_by is None and cy.snapshot().bots[0]
    # Ann comes back with her rejoin code: her seat, not the host's role
    ann = tables.join(host.code, "Ann", host.seat.seat_key)
    assert ann.host_controls() is None and not ann.snapshot().bots[0]


def test_nobody_online_keeps_the_role_and_a_watching_hosts_page_counts_once_it_polled(tables, clock):
    host = tables.create(edition="2E", players=3, seed=6)  # the host only watches
    ann, bob = tables.join(host.code, "Ann"), tables.join(host.code, "Bob")
    clock.advance(HOST_GONE_S + 1)
    for page in (ann, bob):
        page.alive()
    assert tables.tick(host.code) is False and ann.host_controls() is None  # no host page ever polled
    host.snapshot()  # the host's page opens, and then goes
    clock.advance(HOST_GONE_S + 1)
    assert tables.tick(host.code) is False  # Ann and Bob are gone too: nobody to hand the role to
    bob.alive()  # Bob's page polls first, but Ann sat down first
    clock.advance(1)
    ann.alive()
    tables.tick(host.code)
    snap = ann.snapshot()
    # Ann sat down first: her page is online, so the role is hers (the watching host had no name)
    assert snap.host_seat == 0 and snap.host_gone == "" and ann.host_controls() is not None
    ann.host_controls().start()
    assert bob.snapshot().started
