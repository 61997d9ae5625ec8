"""The class-mode store: every room, member, round, pairing, choice and result, and nothing else.

The only module that speaks SQL (SQLAlchemy Core 2.x).  SQLite in WAL mode by default, one file in
a folder of the server's (``SHERIFF_CLASS_DB``: a folder, or a full SQLAlchemy URL), so one server
needs nothing installed; PostgreSQL (psycopg 3) through a URL when several servers share a class
(``postgresql+psycopg://user@host/db``).  Rows come back as frozen dataclasses; callers never see a
connection.  Every write is its own transaction, committed before the call returns, so a choice
is stored before any page shows it.  A seat's choice for a round is stored once: the unique key
refuses a second one (``Duplicate``), also when two arrive at the same instant.

Schema version 1, created if missing (``schema_version``); a later version adds its migration here.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

SCHEMA_VERSION = 1
ENV = "SHERIFF_CLASS_DB"
DAY = 24 * 3600.0

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, primary_key=True))

rooms = Table(
    "rooms",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("key_hash", String(128), nullable=False),  # sha256 of the teacher key (the key itself is never stored)
    Column("game", String(32), nullable=False),
    Column("params", Text, nullable=False),  # JSON: the game's parameters for the next round
    Column("settings", Text, nullable=False),  # JSON: room settings (bot timeout, revealed, ...)
    Column("state", String(16), nullable=False),  # open | closed
    Column("seed", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("keep", Boolean, nullable=False, default=False),
)

members = Table(
    "members",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("nickname", String(64), nullable=False),
    Column("nick_key", String(64), nullable=False),  # casefolded: "Anna" and "anna " are one seat
    Column("role", String(16), nullable=False),  # student | bot (a seat the coach fills)
    Column("is_bot", Boolean, nullable=False, default=False),  # the coach plays this seat now
    Column("joined", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    UniqueConstraint("room_id", "nick_key", name="uq_member_nick"),
)

rounds = Table(
    "rounds",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("params", Text, nullable=False),
    Column("state", String(16), nullable=False),  # open | closed
    Column("opened", Float, nullable=False),
    Column("closed", Float),
    Column("revealed", Boolean, nullable=False, default=False),
    UniqueConstraint("room_id", "number", name="uq_round_number"),
)

pairings = Table(
    "pairings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("pair", Integer, nullable=False),
    Column("merchant", Integer, ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("sheriff", Integer, ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    UniqueConstraint("room_id", "round", "pair", name="uq_pair"),
    UniqueConstraint("room_id", "round", "merchant", name="uq_pair_merchant"),
    UniqueConstraint("room_id", "round", "sheriff", name="uq_pair_sheriff"),
)

choices = Table(
    "choices",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("member", Integer, ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("role", String(16), nullable=False),  # merchant | sheriff
    Column("payload", Text, nullable=False),  # JSON, the game's own form of the move
    Column("by_bot", Boolean, nullable=False, default=False),
    Column("made", Float, nullable=False),
    UniqueConstraint("room_id", "round", "member", name="uq_choice_once"),
)

results = Table(
    "results",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("member", Integer, ForeignKey("members.id", ondelete="CASCADE"), nullable=False),
    Column("role", String(16), nullable=False),
    Column("payoff", Integer, nullable=False),
    Column("detail", Text, nullable=False),  # JSON: what happened, as data (the page words it)
    Column("made", Float, nullable=False),
    UniqueConstraint("room_id", "round", "member", name="uq_result_once"),
)


class Duplicate(Exception):
    """The row exists already (a second choice for one seat and round, a taken code or nickname)."""


@dataclass(frozen=True)
class Room:
    id: int
    code: str
    key_hash: str
    game: str
    params: dict[str, Any]
    settings: dict[str, Any]
    state: str
    seed: int
    created: float
    expires: float
    keep: bool


@dataclass(frozen=True)
class Member:
    id: int
    room_id: int
    nickname: str
    nick_key: str
    role: str
    is_bot: bool
    joined: float
    last_seen: float


@dataclass(frozen=True)
class Round:
    id: int
    room_id: int
    number: int
    game: str
    params: dict[str, Any]
    state: str
    opened: float
    closed: float | None
    revealed: bool


@dataclass(frozen=True)
class Pairing:
    room_id: int
    round: int
    pair: int
    merchant: int
    sheriff: int


@dataclass(frozen=True)
class Choice:
    id: int
    room_id: int
    round: int
    member: int
    role: str
    payload: dict[str, Any]
    by_bot: bool
    made: float


@dataclass(frozen=True)
class Result:
    room_id: int
    round: int
    member: int
    role: str
    payoff: int
    detail: dict[str, Any]
    made: float


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
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # pragma: no cover - exercised by every SQLite test
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn):
        # A writer takes the lock when it begins: a deferred transaction that reads, then writes,
        # can fail at once with "database is locked" instead of waiting its turn.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    return engine


def _loads(text: str) -> dict[str, Any]:
    return json.loads(text) if text else {}


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Store:
    """One database of rooms.  ``Store(url)``; ``Store()`` opens ``default_url()``.

    ``clock`` gives the time in seconds (tests pass a fake one).  Safe to share between threads;
    several processes may open the same URL at once."""

    def __init__(self, url: str | None = None, clock: Callable[[], float] = time.time):
        self.url = url or default_url()
        self.clock = clock
        if self.url.startswith("sqlite"):
            self.engine = _sqlite_engine(self.url)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=5, max_overflow=20)
        self._writer = self.engine.execution_options(write=True)
        self._create()

    # -- plumbing -----------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self._writer.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def _create(self) -> None:
        try:
            with self._write() as conn:
                metadata.create_all(conn, checkfirst=True)
        except IntegrityError:  # pragma: no cover - another process created the tables first (PostgreSQL)
            pass
        with self._write() as conn:
            found = conn.execute(select(schema_version.c.version)).scalars().all()
            if not found:
                conn.execute(insert(schema_version).values(version=SCHEMA_VERSION))
            elif max(found) > SCHEMA_VERSION:
                raise RuntimeError(f"the class database has schema {max(found)}; this tutor knows {SCHEMA_VERSION}")

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
        try:
            with self._write() as conn:
                rid = _pk(
                    conn.execute(
                        insert(rooms).values(
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
                    )
                )
        except IntegrityError as e:
            raise Duplicate(code) from e
        room = self.room(int(rid))
        assert room is not None
        return room

    def room(self, room_id: int) -> Room | None:
        with self._read() as conn:
            row = conn.execute(select(rooms).where(rooms.c.id == room_id)).mappings().first()
        return _room(row) if row else None

    def room_by_code(self, code: str) -> Room | None:
        with self._read() as conn:
            row = conn.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
        return _room(row) if row else None

    def update_room(self, room_id: int, **fields: Any) -> None:
        """Change ``game``, ``params``, ``settings``, ``state``, ``keep`` or ``expires``."""
        values = {k: _dumps(v) if k in ("params", "settings") else v for k, v in fields.items()}
        with self._write() as conn:
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(**values))

    def delete_room(self, room_id: int) -> None:
        with self._write() as conn:
            for table in (results, choices, pairings, rounds, members):
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
    def add_member(self, room_id: int, nickname: str, nick_key: str, role: str = "student", is_bot: bool = False):
        now = self.clock()
        try:
            with self._write() as conn:
                mid = _pk(
                    conn.execute(
                        insert(members).values(
                            room_id=room_id,
                            nickname=nickname,
                            nick_key=nick_key,
                            role=role,
                            is_bot=is_bot,
                            joined=now,
                            last_seen=now,
                        )
                    )
                )
        except IntegrityError as e:
            raise Duplicate(nickname) from e
        member = self.member(int(mid))
        assert member is not None
        return member

    def member(self, member_id: int) -> Member | None:
        with self._read() as conn:
            row = conn.execute(select(members).where(members.c.id == member_id)).mappings().first()
        return Member(**row) if row else None

    def member_by_nick(self, room_id: int, nick_key: str) -> Member | None:
        with self._read() as conn:
            row = (
                conn.execute(select(members).where(members.c.room_id == room_id, members.c.nick_key == nick_key))
                .mappings()
                .first()
            )
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

    def set_bot(self, member_id: int, is_bot: bool) -> None:
        with self._write() as conn:
            conn.execute(update(members).where(members.c.id == member_id).values(is_bot=is_bot))

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
        with self._read() as conn:
            row = (
                conn.execute(select(rounds).where(rounds.c.room_id == room_id, rounds.c.number == number))
                .mappings()
                .first()
            )
        return _round(row) if row else None

    def rounds(self, room_id: int) -> list[Round]:
        with self._read() as conn:
            rows = conn.execute(select(rounds).where(rounds.c.room_id == room_id).order_by(rounds.c.number)).mappings()
            return [_round(r) for r in rows]

    def update_round(self, room_id: int, number: int, **fields: Any) -> None:
        """Change ``state``, ``closed`` or ``revealed``."""
        with self._write() as conn:
            conn.execute(update(rounds).where(rounds.c.room_id == room_id, rounds.c.number == number).values(**fields))

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
        try:
            with self._write() as conn:
                cid = _pk(
                    conn.execute(
                        insert(choices).values(
                            room_id=room_id,
                            round=number,
                            member=member,
                            role=role,
                            payload=_dumps(payload),
                            by_bot=by_bot,
                            made=made,
                        )
                    )
                )
        except IntegrityError as e:
            raise Duplicate(f"choice of {member} in round {number}") from e
        return Choice(int(cid), room_id, number, member, role, payload, by_bot, made)

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
            with self._write() as conn:
                conn.execute(
                    insert(results).values(
                        room_id=room_id,
                        round=number,
                        member=member,
                        role=role,
                        payoff=payoff,
                        detail=_dumps(detail),
                        made=self.clock(),
                    )
                )
        except IntegrityError:
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


def _pk(result) -> int:
    """The id a single-row insert gave its row."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _room(row) -> Room:
    return Room(**{**row, "params": _loads(row["params"]), "settings": _loads(row["settings"])})


def _round(row) -> Round:
    return Round(**{**row, "params": _loads(row["params"])})


__all__ = [
    "Store",
    "Duplicate",
    "Room",
    "Member",
    "Round",
    "Pairing",
    "Choice",
    "Result",
    "default_url",
    "SCHEMA_VERSION",
    "ENV",
]
