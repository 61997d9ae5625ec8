"""Friends at a table, through the API, on SQLite and on a real PostgreSQL: the host's role passed to
a player (and the old host's controls and key refused), a player removed before and after the
start, "let the coach play for me" and back, a rematch with the same people and keys, who is online
or watching, a finished table's word to a newcomer, table words for a bad code, and names typed by
people never translated."""

from __future__ import annotations

import random

import pytest

from sheriff import i18n
from sheriff.classroom.store import Store
from sheriff.classroom.table import Tables
from sheriff.classroom.table_game import clear_cache
from tests.class_rig import play_out
from tests.class_rig import refused as _refused

pytestmark = pytest.mark.usefixtures("fresh_table_cache")


@pytest.fixture
def tables(store_url, clock):
    t = Tables(Store(store_url, clock=clock))
    yield t
    t.store.close()


def _table(tables, players=4, bots=(3,), names=("Ann", "Bob", "Cy"), seed=5):
    host = tables.create(edition="2E", players=players, bots=list(bots), seed=seed, host_name=names[0])
    seats = {host.seat.seat: host.seat}
    for name in names[1:]:
        s = tables.join(host.code, name)
        seats[s.seat] = s
    return host, seats


# -- the host's role -----------------------------------------------------------------------------
def test_the_host_passes_the_role_to_a_player_whose_own_page_gets_the_controls(tables):
    host, seats = _table(tables)
    ann, bob, cy = seats[0], seats[1], seats[2]
    assert ann.host_controls() is not None  # the host's own seat holds the role: a reload needs no host key
    assert bob.host_controls() is None and cy.host_controls() is None
    assert host.snapshot().host_seat == 0 and not host.snapshot().host_passed
    host.pass_host(1)
    snap = cy.snapshot()
    assert snap.host_seat == 1 and snap.host_passed
    # the old host's controls, its seat's and the host key are refused from now on
    _refused("not_host", host.start)
    assert ann.host_controls() is None
    assert "no longer" in _refused("key", tables.host, host.code, host.key)
    # Bob's page has them, authorised by his seat (no key typed)
    bob_host = bob.host_controls()
    assert bob_host is not None and bob_host.key == ""
    _refused("params", bob_host.pass_host, 3)  # the coach's seat: nobody to hand it to
    _refused("params", bob_host.pass_host, 1)  # already his
    snap = bob_host.start()
    assert snap.started
    bob_host.set_bot(2, True)
    assert bob.snapshot().bots[2] and bob.snapshot().handed[2]
    bob_host.pass_host(2)  # and on again, to Cy
    assert cy.host_controls() is not None and bob.host_controls() is None
    _refused("not_host", bob_host.close)
    # a reload: Bob's rejoin code gives his seat, not the controls; Cy's gives both
    again = tables.join(host.code, "Bob", bob.seat_key)
    assert again.host_controls() is None
    assert tables.join(host.code, "Cy", cy.seat_key).host_controls() is not None


def test_a_watching_host_passes_the_role_and_is_a_spectator_after(tables):
    host = tables.create(edition="2E", players=3, seed=2)
    bob = tables.join(host.code, "Bob")
    assert host.snapshot().host_seat is None and bob.host_controls() is None
    host.pass_host(bob.seat)
    assert bob.host_controls() is not None
    _refused("not_host", host.start)
    _refused("key", tables.host, host.code, host.key)


# -- removing a player ---------------------------------------------------------------------------
def test_a_player_removed_before_the_start_frees_the_seat_and_cannot_come_back(tables):
    host, seats = _table(tables)
    bob = seats[1]
    _refused("params", host.kick, 0)  # the host's own seat
    _refused("params", host.kick, 3)  # nobody sits there
    host.kick(1)
    snap = host.snapshot()
    assert snap.names[1] == "" and not snap.bots[1]
    assert "removed" in _refused("removed", bob.snapshot)
    _refused("removed", bob.let_coach_play, True)
    _refused("removed", tables.join, host.code, "Bob", bob.seat_key)  # not even with the rejoin code
    dee = tables.join(host.code, "Dee")  # the seat is free for someone else
    assert dee.seat == 1


def test_a_player_removed_after_the_start_leaves_the_seat_to_the_coach_for_good(tables):
    host, seats = _table(tables)
    host.start()
    host.kick(2)
    snap = host.snapshot()
    assert snap.bots[2] and snap.names[2] == "Cy"  # the name stays on the game's seat
    _refused("removed", seats[2].snapshot)
    msg = _refused("removed", tables.join, host.code, "Cy", seats[2].seat_key)
    assert "Cy" in msg
    _refused("params", host.set_bot, 2, False)  # nobody to give it back to
    assert tables.tick(host.code) or host.snapshot().to_act != 2


# -- the coach plays for me ------------------------------------------------------------------------
def test_let_the_coach_play_for_me_and_take_the_seat_back(tables):
    host, seats = _table(tables, seed=6)
    host.start()
    first = host.snapshot().to_act
    me = seats[first]
    snap = me.let_coach_play(True)
    assert snap.bots[first] and not snap.handed[first]
    assert tables.tick(host.code)  # the coach moved for me
    assert host.snapshot().events_by[0] == (first, "bot")
    snap = me.let_coach_play(False)
    assert not snap.bots[first]
    host.set_bot(first, True)  # the host hands it over: the page is told it was the host
    snap = me.snapshot()
    assert snap.bots[first] and snap.handed[first]
    snap = me.let_coach_play(False)  # and the player takes it back from the page
    assert not snap.bots[first] and not snap.handed[first]


# -- rematch ---------------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_a_rematch_seats_the_same_people_with_a_new_deal_and_the_same_keys(tables):
    host, seats = _table(tables, players=3, bots=(), names=("Ann", "Bob", "Cy"), seed=3)
    host.start()
    _refused("not_over", host.rematch)
    host.kick(2)  # Cy leaves for good: the coach plays her seat
    seats.pop(2)
    seats[1].let_coach_play(True)  # Bob steps away
    old = play_out(tables, host.code, seats, random.Random(1))
    old_room = tables.store.room_by_code(host.code)
    code = host.rematch()
    assert code != host.code and host.rematch() == code  # a second press: the same rematch
    assert seats[0].snapshot().rematch == code and tables.spectate(host.code).snapshot().rematch == code
    new_room = tables.store.room_by_code(code)
    assert new_room.seed != old_room.seed
    # every page follows with what it holds: the rejoin codes and the host key open the new table
    ann = tables.join(code, "Ann", seats[0].seat_key)
    bob = tables.join(code, "Bob", seats[1].seat_key)
    assert (ann.seat, bob.seat) == (0, 1) and ann.seat_key == seats[0].seat_key
    _refused("started", tables.join, code, "Cy", "AAAA-AAAA")  # a removed player is not at the rematch
    _refused("taken", tables.join, code, "Bob")  # the name alone still never takes a seat
    back = tables.host(code, host.key)
    snap = back.snapshot()
    assert snap.started and not snap.over and snap.seq == 0 and snap.names == old.names
    assert snap.bots == (False, False, True)  # Bob back at his seat; Cy's seat the coach's
    assert ann.host_controls() is not None
    hands = lambda g: [tuple(g.branch(0).view(p).hand) for p in range(3)]  # noqa: E731
    assert hands(snap.game) != hands(old.game)  # a new deal
    assert snap.game.first_sheriff in range(3) and snap.rematch is None
    play_out(tables, code, {0: ann, 1: bob}, random.Random(2))


# -- who is online or watching ---------------------------------------------------------------------
def test_the_seat_list_says_who_is_online_and_how_many_watch(tables, clock):
    host, seats = _table(tables)
    for s in seats.values():
        s.snapshot()
    tables.spectate(host.code).snapshot()
    watcher = tables.spectate(host.code)
    snap = watcher.snapshot()
    assert snap.online == (True, True, True, False)
    assert snap.watching == 2  # two spectators' pages (a seat's page is not watching)
    clock.advance(10)
    seats[0].snapshot()
    watcher.snapshot()
    clock.advance(10)  # Bob and Cy quiet for 20 s, the first spectator too
    snap = watcher.snapshot()
    assert snap.online == (True, False, False, False) and snap.watching == 1


# -- small words -----------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_a_finished_table_says_the_game_is_over_to_a_newcomer(tables):
    host, seats = _table(tables, players=3, bots=(), seed=4)
    host.start()
    assert "started" in _refused("started", tables.join, host.code, "Dee")
    play_out(tables, host.code, seats, random.Random(4))
    assert "over" in _refused("over", tables.join, host.code, "Dee")


def test_a_bad_code_is_said_in_table_words(tables):
    for typed in ("", "AB", "K7MX3!"):
        msg = _refused("code", tables.join, typed, "Dee")
        assert "table" in msg and "room" not in msg and "board" not in msg


def test_names_people_typed_are_never_translated(tables):
    host, seats = _table(tables, names=("Ann", "Bob", "Cy"))
    host.start()
    host.kick(2)  # a person's seat the coach plays now keeps the typed name too
    i18n.set_language("uk")
    try:
        clear_cache()
        snap = seats[0].snapshot()
        assert snap.names[:3] == ("Ann", "Bob", "Cy")
        assert snap.names[3] != "Will Scarlet"  # the coach's own seat speaks Ukrainian
    finally:
        i18n.set_language("en")
        clear_cache()
