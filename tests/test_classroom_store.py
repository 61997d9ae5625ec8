"""The class store on SQLite and on a real PostgreSQL: schema, unique keys, many writers at once,
and a writer killed mid-round (nothing it committed is lost, the room is intact)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from sheriff.classroom.store import DAY, SCHEMA_VERSION, Duplicate, Store
from tests.pg import FakeClock

ROOT = Path(__file__).resolve().parent.parent


def _room(store: Store, code: str = "ABC234"):
    return store.create_room(code, "hash", "inspection", {"fine": 1}, {"bot_timeout": 60}, seed=7)


def test_schema_is_created_once_and_versioned(store_url):
    a = Store(store_url)
    b = Store(store_url)  # a second server opening the same database
    assert a.version() == b.version() == SCHEMA_VERSION
    a.close(), b.close()


def test_rows_round_trip(store_url):
    s = Store(store_url)
    room = _room(s)
    assert s.room_by_code("ABC234") == room
    assert room.params == {"fine": 1} and room.state == "open" and not room.keep
    anna = s.add_member(room.id, "Anna", "anna")
    bob = s.add_member(room.id, "Bob", "bob")
    rnd = s.open_round(room.id, 1, "inspection", room.params, [(anna.id, bob.id)])
    assert (rnd.number, rnd.state, rnd.params) == (1, "open", {"fine": 1})
    assert [(p.merchant, p.sheriff) for p in s.pairings(room.id, 1)] == [(anna.id, bob.id)]
    s.add_choice(room.id, 1, anna.id, "merchant", {"bag": "smuggling"})
    assert s.add_result(room.id, 1, anna.id, "merchant", 10, {"smuggled": True})
    assert not s.add_result(room.id, 1, anna.id, "merchant", 99, {})  # the first result stands
    assert [(c.member, c.payload) for c in s.choices(room.id)] == [(anna.id, {"bag": "smuggling"})]
    assert [(r.payoff, r.detail) for r in s.results(room.id, 1)] == [(10, {"smuggled": True})]
    s.update_room(room.id, params={"fine": 2}, state="closed")
    assert s.room(room.id).params == {"fine": 2} and s.room(room.id).state == "closed"
    s.close()


def test_unique_keys_refuse_duplicates(store_url):
    s = Store(store_url)
    room = _room(s)
    with pytest.raises(Duplicate):
        _room(s)  # the same code
    anna = s.add_member(room.id, "Anna", "anna")
    with pytest.raises(Duplicate):
        s.add_member(room.id, "ANNA", "anna")
    s.open_round(room.id, 1, "inspection", {}, [])
    with pytest.raises(Duplicate):
        s.open_round(room.id, 1, "inspection", {}, [])
    s.add_choice(room.id, 1, anna.id, "merchant", {"bag": "honest"})
    with pytest.raises(Duplicate):
        s.add_choice(room.id, 1, anna.id, "merchant", {"bag": "smuggling"})
    assert [c.payload for c in s.choices(room.id, 1)] == [{"bag": "honest"}]
    s.close()


def test_rooms_expire_after_a_day_unless_kept(store_url):
    clock = FakeClock()
    s = Store(store_url, clock=clock)
    old, kept = _room(s, "AAAAAA"), _room(s, "BBBBBB")
    s.add_member(old.id, "Anna", "anna")
    s.update_room(kept.id, keep=True)
    clock.advance(DAY - 1)
    assert s.expire_rooms() == []
    clock.advance(2)
    assert s.expire_rooms() == ["AAAAAA"]
    assert s.room_by_code("AAAAAA") is None and s.members(old.id) == []
    assert s.room_by_code("BBBBBB") is not None
    s.close()


def test_many_threads_at_once_nothing_lost_duplicates_refused(store_url):
    s = Store(store_url)
    room = _room(s)
    seats = [s.add_member(room.id, f"S{i}", f"s{i}").id for i in range(30)]
    s.open_round(room.id, 1, "inspection", {}, [])
    start = threading.Barrier(60)

    def write(k: int) -> str:
        seat = seats[k % 30]  # every seat twice, from two threads at the same moment
        start.wait()
        try:
            s.add_choice(room.id, 1, seat, "merchant", {"bag": "honest", "k": k})
            return "stored"
        except Duplicate:
            return "duplicate"

    with ThreadPoolExecutor(60) as pool:
        outcomes = list(pool.map(write, range(60)))
    assert outcomes.count("stored") == 30 and outcomes.count("duplicate") == 30
    assert sorted(c.member for c in s.choices(room.id, 1)) == sorted(seats)
    s.close()


def _process_writer(url: str, room_id: int, seats: list[int]) -> list[str]:
    store = Store(url)
    out = []
    for seat in seats:
        try:
            store.add_choice(room_id, 1, seat, "sheriff", {"action": "pass"})
            out.append("stored")
        except Duplicate:
            out.append("duplicate")
    store.close()
    return out


def test_many_processes_at_once(store_url):
    s = Store(store_url)
    room = _room(s)
    seats = [s.add_member(room.id, f"P{i}", f"p{i}").id for i in range(24)]
    s.open_round(room.id, 1, "inspection", {}, [])
    s.close()
    # 6 processes, each writing every other seat: each seat is tried by 3 processes
    with ProcessPoolExecutor(6) as pool:
        jobs = [pool.submit(_process_writer, store_url, room.id, seats[k % 2 :: 2]) for k in range(6)]
        outcomes = [x for j in jobs for x in j.result()]
    assert outcomes.count("stored") == 24 and outcomes.count("duplicate") == 48
    s = Store(store_url)
    assert sorted(c.member for c in s.choices(room.id, 1)) == sorted(seats)
    s.close()


WRITER = textwrap.dedent(
    """
    import sys
    from sheriff.classroom.store import Store
    url, room_id = sys.argv[1], int(sys.argv[2])
    store = Store(url)
    for seat in map(int, sys.argv[3:]):
        store.add_choice(room_id, 1, seat, "merchant", {"bag": "smuggling"})
        print(seat, flush=True)  # committed before it is told
    """
)


def test_a_writer_killed_mid_round_loses_nothing_it_stored(store_url):
    s = Store(store_url)
    room = _room(s)
    seats = [s.add_member(room.id, f"K{i}", f"k{i}").id for i in range(400)]
    s.open_round(room.id, 1, "inspection", {"fine": 1}, [(seats[0], seats[1])])
    s.close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, store_url, str(room.id), *map(str, seats)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    told = [int(writer.stdout.readline()) for _ in range(20)]
    writer.kill()  # mid-round, mid-write: no clean shutdown
    writer.wait()
    writer.stdout.close()
    s = Store(store_url)  # everything reopened
    room_again = s.room_by_code(room.code)
    assert room_again == room
    assert [(r.number, r.state, r.params) for r in s.rounds(room.id)] == [(1, "open", {"fine": 1})]
    assert len(s.pairings(room.id, 1)) == 1
    stored = [c.member for c in s.choices(room.id, 1)]
    assert set(told) <= set(stored) and len(stored) >= 20
    assert stored == seats[: len(stored)]  # in order, with no gap
    assert all(c.payload == {"bag": "smuggling"} for c in s.choices(room.id, 1))
    s.close()
