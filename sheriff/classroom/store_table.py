"""The store's part for a play-together table: its seats and its moves (SQL, as in ``store``).

``Store`` takes these methods in (``TableStore`` is one of its bases); they share its engine and
its transactions.  A move is stored under its place in the game (``seq``): the unique key lets
exactly one move in at each place, also when two pages store the same place at the same instant.
Every change of a table raises its room's ``version`` in the same transaction, so a page learns
whether anything changed by reading that one number (``table_version``).  Settings change against
the stored row (``change_settings``): two changes at the same instant both land.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from sheriff.classroom.store_records import (
    Duplicate,
    Room,
    TableMoveRow,
    TableSeatRow,
    _dumps,
    _loads,
    _room,
    _table_move,
    _table_seat,
)
from sheriff.classroom.store_schema import members, rooms, table_moves, table_seats


class TableStore:
    """The table methods of ``Store`` (which provides ``_read``, ``_write``, ``_insert`` and ``clock``)."""

    clock: Callable[[], float]
    _read: Callable[[], AbstractContextManager[Connection]]
    _write: Callable[[], AbstractContextManager[Connection]]
    _insert: Callable[..., int]

    def add_table_seats(self, room_id: int, n: int, bots: set[int]) -> None:
        """The ``n`` seats of a new table, empty; the seats in ``bots`` played by the coach."""
        rows = [
            {"room_id": room_id, "seat": s, "member_id": None, "is_bot": s in bots, "handed_by_host": False}
            for s in range(n)
        ]
        with self._write() as conn:
            conn.execute(insert(table_seats), rows)
            _bump(conn, room_id)

    def table_seats(self, room_id: int) -> list[TableSeatRow]:
        with self._read() as conn:
            return _seats(conn, room_id)

    def claim_table_seat(self, room_id: int, seat: int, member_id: int) -> bool:
        """Sit ``member_id`` in ``seat`` if it is still free (and not the coach's); False if it is not,
        or if the member sits elsewhere already (the same name joining from two pages at once)."""
        try:
            with self._write() as conn:
                done = conn.execute(
                    update(table_seats)
                    .where(
                        table_seats.c.room_id == room_id,
                        table_seats.c.seat == seat,
                        table_seats.c.member_id.is_(None),
                        table_seats.c.is_bot.is_(False),
                    )
                    .values(member_id=member_id)
                )
                _bump(conn, room_id)
        except IntegrityError:
            return False
        return done.rowcount == 1

    def update_table_seat(self, room_id: int, seat: int, **fields: Any) -> None:
        """Change ``member_id``, ``is_bot`` or ``handed_by_host``."""
        with self._write() as conn:
            conn.execute(
                update(table_seats).where(table_seats.c.room_id == room_id, table_seats.c.seat == seat).values(**fields)
            )
            _bump(conn, room_id)

    def fill_table_seats(self, room_id: int) -> None:
        """Every seat nobody took goes to the coach (the game starts)."""
        with self._write() as conn:
            conn.execute(
                update(table_seats)
                .where(table_seats.c.room_id == room_id, table_seats.c.member_id.is_(None))
                .values(is_bot=True)
            )
            _bump(conn, room_id)

    def add_table_move(self, room_id: int, seq: int, seat: int, action: dict, by: str) -> TableMoveRow:
        """Store move number ``seq``, committed before this returns; ``Duplicate`` if that place is taken."""
        created = self.clock()
        row = {"room_id": room_id, "seq": seq, "seat": seat, "action": _dumps(action), "by": by, "created": created}
        try:
            with self._write() as conn:
                conn.execute(insert(table_moves).values(**row))
                _bump(conn, room_id)
        except IntegrityError as e:
            raise Duplicate(f"move {seq} of room {room_id}") from e
        return TableMoveRow(room_id, seq, seat, action, by, created)

    def change_settings(
        self, room_id: int, change: Callable[[dict[str, Any]], dict[str, Any] | None], **fields: Any
    ) -> dict[str, Any] | None:
        """Read the room's settings and write back ``change(settings)`` (and ``fields``, e.g. ``key_hash``)
        in one transaction, the row locked (PostgreSQL's ``FOR UPDATE``; SQLite's writer holds the
        file), so two changes at the same instant (a pause and a kick, a host's control and the
        role passing by itself) both land, each on the other's result.  ``change`` is pure, and may
        return None (nothing to write) or refuse (a ``ClassroomError``, nothing written).  The new
        settings; None if nothing was written or the room is gone."""
        with self._write() as conn:
            q = select(rooms.c.settings).where(rooms.c.id == room_id).with_for_update()
            stored = conn.execute(q).scalar_one_or_none()
            if stored is None:
                return None
            new = change(_loads(stored))
            if new is None:
                return None
            values = {**fields, "settings": _dumps(new), "version": rooms.c.version + 1}
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(**values))
            return new

    def table_version(self, room_id: int) -> int | None:
        """The room's change number (one row by its key: what a page asks between full reads); None: gone."""
        with self._read() as conn:
            found = conn.execute(select(rooms.c.version).where(rooms.c.id == room_id)).scalar_one_or_none()
            return None if found is None else int(found)

    def table_moves(self, room_id: int, since: int = 0) -> list[TableMoveRow]:
        """The stored moves from place ``since`` on, in order."""
        with self._read() as conn:
            return _moves(conn, room_id, since)

    def table_move_count(self, room_id: int) -> int:
        with self._read() as conn:
            return int(
                conn.execute(
                    select(func.count()).select_from(table_moves).where(table_moves.c.room_id == room_id)
                ).scalar_one()
            )

    def table_poll(
        self, room_id: int, since: int
    ) -> tuple[Room | None, list[TableSeatRow], list[TableMoveRow], dict[int, tuple[str, float]]]:
        """What a page needs to catch up, read in one transaction: the room, its seats, the moves from
        ``since``, and when each member's page last polled (member id -> (role, last seen): who is online)."""
        with self._read() as conn:
            row = conn.execute(select(rooms).where(rooms.c.id == room_id)).mappings().first()
            q = select(members.c.id, members.c.role, members.c.last_seen).where(members.c.room_id == room_id)
            seen = {mid: (role, last) for mid, role, last in conn.execute(q)}
            return (_room(row) if row else None), _seats(conn, room_id), _moves(conn, room_id, since), seen


def _bump(conn: Connection, room_id: int) -> None:
    """The room's ``version`` up by one, in the caller's transaction (a page polling sees a change)."""
    conn.execute(update(rooms).where(rooms.c.id == room_id).values(version=rooms.c.version + 1))


def _seats(conn: Connection, room_id: int) -> list[TableSeatRow]:
    q = select(table_seats).where(table_seats.c.room_id == room_id).order_by(table_seats.c.seat)
    return [_table_seat(r) for r in conn.execute(q).mappings()]


def _moves(conn: Connection, room_id: int, since: int) -> list[TableMoveRow]:
    q = select(table_moves).where(table_moves.c.room_id == room_id, table_moves.c.seq >= since)
    return [_table_move(r) for r in conn.execute(q.order_by(table_moves.c.seq)).mappings()]
