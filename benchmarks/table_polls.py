"""What an idle table page costs the store: SQL statements per minute of one page that waits (the
game started, another person to act, no time limit), headless, on a SQLite store and a fake clock.

    .venv/bin/python benchmarks/table_polls.py [--minutes N]

prints ``table_polls seat=Q spectator=Q`` (statements per minute, per page) and, per page, its polls
and how many of them read the whole table.  The page's poller is stepped as the served page's timer
would step it (``page.poller.interval`` seconds between polls, read before each one), so a page that
polls less often when nothing changes shows it here.  ``tests/test_table_polls.py`` holds the figures.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from sqlalchemy import event

from sheriff.classroom.store import Store
from sheriff.classroom.table import Tables
from sheriff.classroom.table_game import clear_cache
from sheriff.widgets.classroom.table_page import TablePage


class Clock:
    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


class Counter:
    """Statements the store sends while it is open (``with Counter(store) as n: ...; n.count``)."""

    def __init__(self, store: Store):
        self.engine, self.count = store.engine, 0

    def _one(self, *_args) -> None:
        self.count += 1

    def __enter__(self) -> Counter:
        event.listen(self.engine, "before_cursor_execute", self._one)
        return self

    def __exit__(self, *_exc) -> None:
        event.remove(self.engine, "before_cursor_execute", self._one)


def _idle_table(folder: str, clock: Clock):
    """Ann (host), Bob and Cy at a 3-seat table, started, and one spectator: each page with a store
    of its own (a kernel each, as served), so a page's statements are counted alone."""
    url = f"sqlite:///{Path(folder) / 'polls.sqlite'}"
    pages = {}
    for name in ("Ann", "Bob", "Cy", ""):
        page = TablePage(Tables(Store(url, clock=clock)), binder=False)
        if name == "Ann":
            page.players.value, page.host_name.value = 3, name
            page.open.click()
        else:
            page.code.value, page.name.value = pages["Ann"].host.code, name
            (page.join if name else page.spectate).click()
        pages[name] = page
    pages["Ann"].start.click()
    return pages


def per_minute(minutes: float = 3.0) -> dict[str, tuple[float, int]]:
    """Statements per minute of an idle seat page (not the one to act) and of a spectator page, and
    each page's polls in that time; the other pages stay open (their heartbeats) meanwhile."""
    clear_cache()
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder:
        pages = _idle_table(folder, clock)
        snap = pages["Ann"].snap
        assert snap is not None and snap.started and snap.to_act is not None, snap
        idle = next(p for name, p in pages.items() if name and p.seat.seat != snap.to_act)
        out = {}
        for kind, page in (("seat", idle), ("spectator", pages[""])):
            for other in pages.values():
                other.refresh()
            polls, t = 0, 0.0
            with Counter(page.tables.store) as n:
                while t < minutes * 60:
                    step = page.poller.interval
                    clock.now += step
                    t += step
                    for other in pages.values():
                        if other is not page:
                            other.source.alive()  # open, on a store of its own: not counted
                    page.poller.refresh()  # what the served page's timer calls
                    polls += 1
            out[kind] = (n.count / minutes, polls)
        for page in pages.values():
            page.tables.store.close()
    clear_cache()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    args = ap.parse_args()
    figures = per_minute(args.minutes)
    print("table_polls " + " ".join(f"{k}={q:.0f}" for k, (q, _n) in figures.items()))
    for kind, (q, polls) in figures.items():
        print(f"  {kind}: {q:.0f} statements a minute, {polls / args.minutes:.0f} polls a minute")


if __name__ == "__main__":
    main()
