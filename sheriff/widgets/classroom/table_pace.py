"""How often a table page asks the store, and when it reads the whole table (docs/classroom.md).

Each poll asks one number, the table's ``version`` (``Store.table_version``: every stored move,
seat change and setting raises it).  The page reads the whole table (and moves the coach) only when
that number changed, when a clock it shows has run out, or every ``FULL_EVERY`` seconds (who is
online, a host whose page has gone); between those, the clock's seconds are redrawn from what the
page holds.  A seat's page polls every second while the table moves or a clock runs, every
``QUIET`` seconds once nothing changed for ``QUIET_AFTER`` seconds; a page without a seat (a
projector, a host who watches) polls every ``WATCHING`` seconds, but every second while a clock runs.  The page's own move is read at
once (``TablePage.refresh``), not at the next poll.
"""

from __future__ import annotations

FAST = 1.0  # seconds between polls while something happens
QUIET = 2.0  # ... once nothing changed for QUIET_AFTER seconds
QUIET_AFTER = 10.0
WATCHING = 3.0  # a page without a seat
FULL_EVERY = 10.0  # a whole read at least this often (a seat's page; a watching page: twice as long)


class Pace:
    """One page's polling: ``due`` says whether this poll reads the whole table, ``interval`` how
    long until the next.  ``seated``: the page shows a seat's cards."""

    def __init__(self, seated: bool):
        self.seated = seated
        self.version: int | None = None
        self.read_at = float("-inf")  # the last whole read
        self.changed_at = float("-inf")  # the last time the version moved

    def due(self, version: int | None, deadline: float | None, now: float) -> bool:
        """Whether this poll reads the whole table (and remembers that it does)."""
        changed = version != self.version
        every = FULL_EVERY if self.seated else 2 * FULL_EVERY
        if not (changed or now - self.read_at >= every or (deadline is not None and now >= deadline)):
            return False
        if changed:
            self.changed_at = now
        self.version, self.read_at = version, now
        return True

    def interval(self, clock_runs: bool, now: float) -> float:
        if clock_runs:  # its seconds count down on every page, a projector's too
            return FAST
        if not self.seated:
            return WATCHING
        return FAST if now - self.changed_at < QUIET_AFTER else QUIET


__all__ = ["Pace", "FAST", "QUIET", "WATCHING", "FULL_EVERY", "QUIET_AFTER"]
