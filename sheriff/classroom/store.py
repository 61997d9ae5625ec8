"""The class-mode store: every room, member, round, pairing, choice and result, and nothing else.

The only module that speaks SQL (SQLAlchemy Core 2.x).  SQLite in WAL mode by default, one file in
a folder of the server's (``SHERIFF_CLASS_DB``: a folder, or a full SQLAlchemy URL), so one server
needs nothing installed; PostgreSQL (psycopg 3) through a URL when several servers share a class
(``postgresql+psycopg://user@host/db``).  Rows come back as frozen dataclasses; callers never see a
connection.  Every write is its own transaction, committed before the call returns, so a choice
is stored before any page shows it.  A seat's choice for a round is stored once: the unique key
refuses a second one (``Duplicate``), also when two arrive at the same instant.  Every other
database failure is a ``StoreUnavailable`` (a ``ClassroomError``: the page says it in words, the
server's log gets the cause; ``store_faults``).

The tables are declared in ``store_schema`` (schema version 4, created if missing; an older
database is migrated when it is opened), the rows in ``store_records``; a play-together table's
seats and moves are ``store_table``'s methods of ``Store``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Select, Table, case, create_engine, delete, event, insert, or_, select, text, update
from sqlalchemy.engine import Connection, Engine, RowMapping
from sqlalchemy.exc import IntegrityError

from sheriff.classroom.errors import ClassroomError, StoreUnavailable
from sheriff.classroom.store_faults import Faults, opening_failed
from sheriff.classroom.store_records import (
    Choice,
    Duplicate,
    Member,
    Pairing,
    Result,
    Room,
    Round,
    TableMoveRow,
    TableSeatRow,
    _dumps,
    _loads,
    _pk,
    _room,
    _round,
)
from sheriff.classroom.store_schema import (
    SCHEMA_VERSION,
    choices,
    members,
    metadata,
    migrate,
    pairings,
    results,
    rooms,
    rounds,
    schema_version,
    table_moves,
    table_seats,
)
from sheriff.classroom.store_table import TableStore

ENV = "SHERIFF_CLASS_DB"
DAY = 24 * 3600.0
# A click waits at most this long for SQLite's write lock (another writer, another program), or
# for PostgreSQL to answer a connection, before its page says the database is busy or unreachable.
WAIT_SECONDS = 5
OPEN_WAIT_SECONDS = 30  # opening a store (once per process) waits longer for other processes: ``Store._open``
SCHEMA_LOCK = 0x5E7FF_C1A55  # PostgreSQL advisory lock: one process at a time creates or upgrades the schema


def default_url() -> str:
    """``SHERIFF_CLASS_DB`` as a URL (anything with ``://``) or a folder for ``classroom.sqlite``;
    unset: ``~/.local/share/sheriff``."""
    value = os.environ.get(ENV, "").strip()
    if "://" in value:
        return value
    folder = Path(value).expanduser() if value else Path.home() / ".local" / "share" / "sheriff"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'classroom.sqlite'}"


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": WAIT_SECONDS})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # pragma: no cover - exercised by every SQLite test
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute(f"PRAGMA busy_timeout={WAIT_SECONDS * 1000}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn):
        # A writer takes the lock when it begins: a deferred transaction that reads, then writes,
        # can fail at once with "database is locked" instead of waiting its turn.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    return engine


class Store(TableStore):
    """One database of rooms.  ``Store(url)``; ``Store()`` opens ``default_url()``.

    ``clock`` gives the time in seconds (tests pass a fake one).  Safe to share between threads;
    several processes may open the same URL at once.  A database that cannot be opened (a wrong
    address, PostgreSQL down, a newer schema) raises ``StoreUnavailable``."""

    def __init__(self, url: str | None = None, clock: Callable[[], float] = time.time):
        self.url = url or ""
        self.clock = clock
        try:
            self.url = url or default_url()
            self._faults = Faults(self.url)
            if self.url.startswith("sqlite"):
                self.engine = _sqlite_engine(self.url)
            else:
                args = {} if "connect_timeout" in self.url else {"connect_args": {"connect_timeout": WAIT_SECONDS}}
                self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=5, max_overflow=20, **args)
            self._writer = self.engine.execution_options(write=True)
            self._open()
        except ClassroomError:
            raise
        except Exception as e:  # a URL that does not parse, no driver, no folder: said on the page
            raise opening_failed(self.url, e) from e

    # -- plumbing -----------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._faults.guard(write=True), self._writer.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._faults.guard(), self.engine.begin() as conn:
            yield conn

    def _insert(self, table: Table, duplicate: str, **values: Any) -> int:
        """Insert one row, committed before this returns; its id.  ``Duplicate(duplicate)`` when a
        unique key refuses it (also when two pages insert the same row at the same instant)."""
        try:
            with self._write() as conn:
                return _pk(conn.execute(insert(table).values(**values)))
        except IntegrityError as e:
            raise Duplicate(duplicate) from e

    def _first(self, query: Select) -> RowMapping | None:
        """The first row ``query`` reads, or None."""
        with self._read() as conn:
            return conn.execute(query).mappings().first()

    def _open(self) -> None:
        """``_create``, waiting up to ``OPEN_WAIT_SECONDS`` while other processes hold the database:
        a new SQLite file opened by many processes at once (a server's kernels starting together)
        can answer "database is locked" beyond the busy timeout while each one creates or checks the
        schema.  Opening happens once per process, so it may wait longer than a click does."""
        deadline = time.monotonic() + OPEN_WAIT_SECONDS
        while True:
            try:
                return self._create()
            except StoreUnavailable as e:
                if e.kind != "busy" or time.monotonic() >= deadline:
                    raise
                time.sleep(0.05)

    def _create(self) -> None:
        """Create the tables, or check and upgrade their version, in one transaction: SQLite's
        ``BEGIN IMMEDIATE`` and PostgreSQL's advisory lock let one process in at a time."""
        with self._write() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(conn, checkfirst=True)
            found = conn.execute(select(schema_version.c.version)).scalars().all()
            if not found:
                conn.execute(insert(schema_version).values(version=SCHEMA_VERSION))
            elif max(found) > SCHEMA_VERSION:
                raise self._faults.refuse("newer", f"schema {max(found)}; this tutor knows {SCHEMA_VERSION}")
            elif max(found) < SCHEMA_VERSION:
                migrate(conn, max(found))
                conn.execute(update(schema_version).values(version=SCHEMA_VERSION))
        self._faults.opened(getattr(self.engine.dialect.dbapi, "Error", None))

    def version(self) -> int:
        with self._read() as conn:
            return int(conn.execute(select(schema_version.c.version)).scalar_one())

    def close(self) -> None:
        """Close every pooled connection (a later call opens new ones)."""
        self.engine.dispose()

    # -- rooms --------------------------------------------------------------------------------
    def create_room(
        self, code: str, key_hash: str, game: str, params: dict, settings: dict, seed: int, lifetime: float = DAY
    ) -> Room:
        now = self.clock()
        rid = self._insert(
            rooms,
            code,
            code=code,
            key_hash=key_hash,
            game=game,
            params=_dumps(params),
            settings=_dumps(settings),
            state="open",
            seed=seed,
            created=now,
            expires=now + lifetime,
            keep=False,
        )
        room = self.room(rid)
        assert room is not None
        return room

    def room(self, room_id: int) -> Room | None:
        row = self._first(select(rooms).where(rooms.c.id == room_id))
        return _room(row) if row else None

    def room_by_code(self, code: str) -> Room | None:
        row = self._first(select(rooms).where(rooms.c.code == code))
        return _room(row) if row else None

    def update_room(self, room_id: int, **fields: Any) -> None:
        """Change ``game``, ``params``, ``settings``, ``state``, ``keep`` or ``expires`` (a change of a
        few settings against what is stored now: ``change_settings``)."""
        values = {k: _dumps(v) if k in ("params", "settings") else v for k, v in fields.items()}
        values["version"] = rooms.c.version + 1
        with self._write() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(**values))

    def watch_room(self, room_id: int, every: float, idle: float) -> None:
        """A page polls the room now.  ``watched`` is written at most every ``every`` seconds; when
        nobody had polled the room for ``idle`` seconds (every server stopped, the database down),
        ``resumed`` becomes now.  One statement, so pages on several servers agree on it."""
        now = self.clock()
        unwatched = or_(rooms.c.watched.is_(None), rooms.c.watched < now - idle)
        with self._write() as conn:
            conn.execute(
                update(rooms)
                .where(rooms.c.id == room_id, or_(rooms.c.watched.is_(None), rooms.c.watched <= now - every))
                .values(resumed=case((unwatched, now), else_=rooms.c.resumed), watched=now)
            )

    def delete_room(self, room_id: int) -> None:
        with self._write() as conn:
            for table in (table_moves, table_seats, results, choices, pairings, rounds, members):
                conn.execute(delete(table).where(table.c.room_id == room_id))
            conn.execute(delete(rooms).where(rooms.c.id == room_id))

    def expire_rooms(self) -> list[str]:
        """Delete every room past its expiry that is not kept; their codes."""
        now = self.clock()
        with self._read() as conn:
            old = conn.execute(
                select(rooms.c.id, rooms.c.code).where(rooms.c.expires < now, rooms.c.keep.is_(False))
            ).all()
        for rid, _code in old:
            self.delete_room(rid)
        return [code for _rid, code in old]

    # -- members ------------------------------------------------------------------------------
    def add_member(
        self,
        room_id: int,
        nickname: str,
        nick_key: str,
        role: str = "student",
        is_bot: bool = False,
        seat_key_hash: str | None = None,
    ):
        now = self.clock()
        mid = self._insert(
            members,
            nickname,
            room_id=room_id,
            nickname=nickname,
            nick_key=nick_key,
            role=role,
            is_bot=is_bot,
            joined=now,
            last_seen=now,
            seat_key_hash=seat_key_hash,
        )
        member = self.member(mid)
        assert member is not None
        return member

    def member(self, member_id: int) -> Member | None:
        row = self._first(select(members).where(members.c.id == member_id))
        return Member(**row) if row else None

    def member_by_nick(self, room_id: int, nick_key: str) -> Member | None:
        row = self._first(select(members).where(members.c.room_id == room_id, members.c.nick_key == nick_key))
        return Member(**row) if row else None

    def members(self, room_id: int) -> list[Member]:
        with self._read() as conn:
            rows = conn.execute(select(members).where(members.c.room_id == room_id).order_by(members.c.id)).mappings()
            return [Member(**r) for r in rows]

    def touch(self, member_id: int, is_bot: bool | None = None) -> None:
        """The member's page is alive now (and, if given, whether the coach plays the seat)."""
        values: dict[str, Any] = {"last_seen": self.clock()}
        if is_bot is not None:
            values["is_bot"] = is_bot
        with self._write() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(**values))

    def set_seat_key(self, member_id: int, seat_key_hash: str) -> None:
        with self._write() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(seat_key_hash=seat_key_hash))

    def set_bot(self, member_id: int, is_bot: bool) -> None:
        with self._write() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(is_bot=is_bot))

    def update_member(self, member_id: int, **fields: Any) -> None:
        """Change a member's row (a teacher renames or removes a student); a nickname already in the
        room: ``Duplicate``."""
        try:
            with self._write() as conn:
                conn.execute(update(members).where(members.c.id == member_id).values(**fields))
        except IntegrityError as e:
            raise Duplicate(str(fields.get("nickname", ""))) from e

    # -- rounds and pairings ------------------------------------------------------------------
    def open_round(self, room_id: int, number: int, game: str, params: dict, pairs: list[tuple[int, int]]) -> Round:
        """A new round with its pairs ((merchant, sheriff) member ids), in one transaction."""
        now = self.clock()
        try:
            with self._write() as conn:
                conn.execute(
                    insert(rounds).values(
                        room_id=room_id,
                        number=number,
                        game=game,
                        params=_dumps(params),
                        state="open",
                        opened=now,
                        closed=None,
                        revealed=False,
                    )
                )
                if pairs:
                    conn.execute(
                        insert(pairings),
                        [
                            {"room_id": room_id, "round": number, "pair": i, "merchant": m, "sheriff": s}
                            for i, (m, s) in enumerate(pairs)
                        ],
                    )
        except IntegrityError as e:
            raise Duplicate(f"round {number}") from e
        found = self.round(room_id, number)
        assert found is not None
        return found

    def round(self, room_id: int, number: int) -> Round | None:
        row = self._first(select(rounds).where(rounds.c.room_id == room_id, rounds.c.number == number))
        return _round(row) if row else None

    def rounds(self, room_id: int) -> list[Round]:
        with self._read() as conn:
            rows = conn.execute(select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number)).mappings()
            return [_round(r) for r in rows]

    def update_round(self, room_id: int, number: int, **fields: Any) -> None:
        """Change ``state``, ``closed`` or ``revealed``."""
        with self._write() as conn:
            conn.execute(update(rounds).where(rounds.c.room_id == room_id, rounds.c.number == number).values(**fields))

    def reveal_rounds(self, room_id: int, upto: int) -> None:
        """Mark rounds 1 to ``upto`` revealed."""
        with self._write() as conn:
            conn.execute(
                update(rounds).where(rounds.c.room_id == room_id, rounds.c.number <= upto).values(revealed=True)
            )

    def pairings(self, room_id: int, number: int | None = None) -> list[Pairing]:
        q = select(pairings.c.room_id, pairings.c.round, pairings.c.pair, pairings.c.merchant, pairings.c.sheriff)
        q = q.where(pairings.c.room_id == room_id)
        if number is not None:
            q = q.where(pairings.c.round == number)
        with self._read() as conn:
            return [Pairing(**r) for r in conn.execute(q.order_by(pairings.c.round, pairings.c.pair)).mappings()]

    # -- choices and results ------------------------------------------------------------------
    def add_choice(self, room_id: int, number: int, member: int, role: str, payload: dict, by_bot: bool = False):
        """Store a seat's choice for a round, committed before this returns; ``Duplicate`` if it has one."""
        made = self.clock()
        cid = self._insert(
            choices,
            f"choice of {member} in round {number}",
            room_id=room_id,
            round=number,
            member=member,
            role=role,
            payload=_dumps(payload),
            by_bot=by_bot,
            made=made,
        )
        return Choice(cid, room_id, number, member, role, payload, by_bot, made)

    def choices(self, room_id: int, number: int | None = None) -> list[Choice]:
        q = select(choices).where(choices.c.room_id == room_id)
        if number is not None:
            q = q.where(choices.c.round == number)
        with self._read() as conn:
            rows = conn.execute(q.order_by(choices.c.id)).mappings()
            return [Choice(**{**r, "payload": _loads(r["payload"])}) for r in rows]

    def add_result(self, room_id: int, number: int, member: int, role: str, payoff: int, detail: dict) -> bool:
        """Store a seat's result; False if it was stored already (results are deterministic, so the
        first one stands)."""
        try:
            self._insert(
                results,
                "",
                room_id=room_id,
                round=number,
                member=member,
                role=role,
                payoff=payoff,
                detail=_dumps(detail),
                made=self.clock(),
            )
        except Duplicate:
            return False
        return True

    def results(self, room_id: int, number: int | None = None) -> list[Result]:
        q = select(
            results.c.room_id,
            results.c.round,
            results.c.member,
            results.c.role,
            results.c.payoff,
            results.c.detail,
            results.c.made,
        ).where(results.c.room_id == room_id)
        if number is not None:
            q = q.where(results.c.round == number)
        with self._read() as conn:
            rows = conn.execute(q.order_by(results.c.id)).mappings()
            return [Result(**{**r, "detail": _loads(r["detail"])}) for r in rows]


class OpensStore:
    """An entry point (``Classroom``, ``Tables``) whose store is opened on first use, inside the call
    that needs it, so a wrong address is said in that call's words (``StoreUnavailable``)."""

    def __init__(self, store: Store | None = None):
        self._store = store

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = Store()
        return self._store


__all__ = [
    "Store",
    "OpensStore",
    "Duplicate",
    "Room",
    "Member",
    "Round",
    "Pairing",
    "Choice",
    "Result",
    "TableSeatRow",
    "TableMoveRow",
    "default_url",
    "SCHEMA_VERSION",
    "ENV",
]
