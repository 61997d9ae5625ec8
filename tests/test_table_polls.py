"""What a table page's polls cost and what they still catch (``table_pace``): an idle page asks the
store a few statements a minute, not a thousand; another page's move is on screen at the next
poll, the page's own move at once, and a running clock counts down between whole reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sheriff.widgets.classroom.table_pace import FAST, QUIET, QUIET_AFTER, WATCHING
from sheriff.widgets.classroom.table_page import TablePage
from tests.class_rig import table_pages

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from table_polls import Counter, per_minute  # noqa: E402


def test_an_idle_page_asks_the_store_a_fraction_of_what_it_did(capsys):
    figures = per_minute(minutes=2)
    with capsys.disabled():
        print("\nstatements a minute per idle page:", {k: round(q) for k, (q, _n) in figures.items()})
    seat, seat_polls = figures["seat"]
    watch, watch_polls = figures["spectator"]
    assert seat < 300 and watch < 200, figures  # before table_pace: 1046 and 1044 (60 whole reads a minute)
    # every second for the first QUIET_AFTER seconds, then every QUIET (a seat) or WATCHING seconds
    assert seat_polls <= (120 - QUIET_AFTER) / QUIET + QUIET_AFTER / FAST + 2, figures
    assert watch_polls <= 120 / WATCHING + 2, figures


def _poll(page, clock, seconds=None):
    clock.advance(page.poller.interval if seconds is None else seconds)
    page.poller.refresh()


def _to_act(pages, clock):
    """Poll until a person is to act; (their page, the others)."""
    for _ in range(60):
        for p in pages:
            _poll(p, clock)
        snap = pages[0].snap
        if snap.to_act is not None and snap.to_act < len(pages) and not snap.bots[snap.to_act]:
            mover = next(p for p in pages if p.seat.seat == snap.to_act)
            if mover.snap.seq == snap.seq:
                return mover, [p for p in pages if p is not mover]
    raise AssertionError("nobody came to act")


def test_another_pages_move_shows_at_the_next_poll_and_ones_own_at_once(sqlite_tables, clock):
    pages = table_pages(sqlite_tables, players=3, names=("Ann", "Bob", "Cy"))
    pages[0].start.click()
    for _ in range(3):
        mover, others = _to_act(pages, clock)
        for p in others:  # quiet a while: they poll slowly and read nothing whole
            for _ in range(int(QUIET_AFTER) + 2):
                _poll(p, clock, 1.0)
            assert p.poller.interval == QUIET
        seq = mover.snap.seq
        assert mover.snap.legal
        mover.play.submit(mover.snap.legal[0], confirmed=True)
        assert mover.snap.seq > seq  # the page's own move, read at once (and the coach's after it)
        watcher = others[0]
        with Counter(sqlite_tables.store) as n:
            _poll(watcher, clock)
        assert watcher.snap.seq >= seq + 1 and n.count > 3  # the version moved: a whole read
        assert watcher.poller.interval == FAST
        with Counter(sqlite_tables.store) as n:
            _poll(watcher, clock)
        assert n.count <= 2, n.count  # nothing changed since: the version alone (and maybe a heartbeat)


def test_a_running_clock_counts_down_between_whole_reads(sqlite_tables, clock):
    tables = sqlite_tables
    host = tables.create(edition="2E", players=3, time_limit=60, seed=5, host_name="Dee")
    eve = tables.join(host.code, "Eve")
    host.start()
    page = TablePage(tables, binder=False)
    page.code.value, page.name.value, page.joining.key.value = host.code, "Eve", eve.seat_key
    page.join.click()
    assert page.seat is not None, page.join_msg.value
    for _ in range(30):
        tables.tick(host.code)
        _poll(page, clock, 0.0)
        if page.snap.deadline is not None:
            break
    assert page.snap.deadline is not None and page.poller.interval == FAST
    _poll(page, clock, 1.0)
    shown = page.clock.value
    with Counter(tables.store) as n:
        _poll(page, clock, 1.0)
    assert page.clock.value != shown and "Time left" in page.clock.value  # a second less
    assert n.count <= 2, n.count  # counted from what the page holds


@pytest.mark.slow  # a whole game (43 s): the full run keeps it, the fast loop leaves it
def test_a_whole_game_moves_on_through_the_pages_polls_alone(sqlite_tables, clock):
    """Three people and the coach: each page polls at its own pace (nothing else moves the coach),
    each person plays a random legal move when the page shows it; the game ends, nobody waits long."""
    import random

    pages = table_pages(sqlite_tables, players=4, bots=(3,), names=("Ann", "Bob", "Cy"))
    pages[0].start.click()
    rng, due, longest, waited = random.Random(2), [clock.now] * 3, 0.0, 0.0
    for _ in range(20_000):
        if all(p.snap is not None and p.snap.over for p in pages):
            break
        clock.advance(0.5)
        waited += 0.5
        for i, p in enumerate(pages):
            if clock.now >= due[i]:
                p.poller.refresh()
                due[i] = clock.now + p.poller.interval
            if p.snap.legal and not p.snap.over:
                longest, waited = max(longest, waited), 0.0
                p.play.submit(rng.choice(p.snap.legal), confirmed=True)
    assert all(p.snap.over for p in pages), pages[0].snap.seq
    assert longest <= QUIET + 0.5, longest  # a person's turn reached their page within one quiet poll
