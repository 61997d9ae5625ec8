"""The class store's tables, declared once (SQLAlchemy Core), and the migrations between schema versions.

Version 1: rooms, members, rounds, pairings, choices, results (class mode).
Version 2: ``table_seats`` and ``table_moves`` (a table of the play-together game, docs/classroom.md).
Version 3: ``members.seat_key_hash`` (a seat's rejoin code, as its hash: only it takes the seat back),
``rooms.watched`` and ``rooms.resumed`` (when pages last polled a room, and when they came back
after nobody did: a server's downtime is not a student's absence).
Version 4: ``rooms.version``, a number every change of a table (its settings, seats, moves) raises:
a page asks it alone to learn whether anything changed, and settings change against the stored row.
``migrate`` brings an older database up to ``SCHEMA_VERSION``; only ``store`` and ``store_table`` use these.
"""

from __future__ import annotations

from collections.abc import Callable

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
    inspect,
    text,
)
from sqlalchemy.engine import Connection

SCHEMA_VERSION = 4

metadata = MetaData()


def _id() -> Column:
    return Column("id", Integer, primary_key=True, autoincrement=True)


def _room_row() -> tuple[Column, Column]:
    """A row of a room's: its own id, and its room's (deleted with the room)."""
    return _id(), Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False)


def _member(name: str) -> Column:
    """A member's id (deleted with the member)."""
    return Column(name, Integer, ForeignKey("members.id", ondelete="CASCADE"), nullable=False)


def _seat_round_row() -> tuple[Column, ...]:
    """A row of one seat's in one round (a choice, a result): its room, the round, the member and
    the member's role then (merchant | sheriff)."""
    return (
        *_room_row(),
        Column("round", Integer, nullable=False),
        _member("member"),
        Column("role", String(16), nullable=False),
    )


schema_version = Table("schema_version", metadata, Column("version", Integer, primary_key=True))

rooms = Table(
    "rooms",
    metadata,
    _id(),
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
    Column("watched", Float),  # when a page last polled the room (written at most every few seconds)
    Column("resumed", Float),  # when pages polled it again after nobody had for a while (a restart)
    Column("version", Integer, nullable=False, default=0, server_default="0"),  # raised by each table change
)

members = Table(
    "members",
    metadata,
    *_room_row(),
    Column("nickname", String(64), nullable=False),
    Column("nick_key", String(64), nullable=False),  # casefolded: "Anna" and "anna " are one seat
    Column("role", String(16), nullable=False),  # student | bot (a seat the coach fills)
    Column("is_bot", Boolean, nullable=False, default=False),  # the coach plays this seat now
    Column("joined", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    # sha256 of the seat's rejoin code (names.new_seat_key); None: a seat from before version 3
    Column("seat_key_hash", String(128)),
    UniqueConstraint("room_id", "nick_key", name="uq_member_nick"),
)

rounds = Table(
    "rounds",
    metadata,
    *_room_row(),
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
    *_room_row(),
    Column("round", Integer, nullable=False),
    Column("pair", Integer, nullable=False),
    _member("merchant"),
    _member("sheriff"),
    UniqueConstraint("room_id", "round", "pair", name="uq_pair"),
    UniqueConstraint("room_id", "round", "merchant", name="uq_pair_merchant"),
    UniqueConstraint("room_id", "round", "sheriff", name="uq_pair_sheriff"),
)

choices = Table(
    "choices",
    metadata,
    *_seat_round_row(),
    Column("payload", Text, nullable=False),  # JSON, the game's own form of the move
    Column("by_bot", Boolean, nullable=False, default=False),
    Column("made", Float, nullable=False),
    UniqueConstraint("room_id", "round", "member", name="uq_choice_once"),
)

results = Table(
    "results",
    metadata,
    *_seat_round_row(),
    Column("payoff", Integer, nullable=False),
    Column("detail", Text, nullable=False),  # JSON: what happened, as data (the page words it)
    Column("made", Float, nullable=False),
    UniqueConstraint("room_id", "round", "member", name="uq_result_once"),
)

# -- version 2: a play-together table -------------------------------------------------------------
table_seats = Table(
    "table_seats",
    metadata,
    *_room_row(),
    Column("seat", Integer, nullable=False),
    Column(
        "member_id", Integer, ForeignKey("members.id", ondelete="SET NULL")
    ),  # None: free, or a bot's from the start
    Column("is_bot", Boolean, nullable=False, default=False),  # the coach plays this seat now
    Column("handed_by_host", Boolean, nullable=False, default=False),  # the host gave it to the coach
    UniqueConstraint("room_id", "seat", name="uq_table_seat"),
    UniqueConstraint("room_id", "member_id", name="uq_table_seat_member"),  # one seat per person (NULLs differ)
)

table_moves = Table(
    "table_moves",
    metadata,
    *_room_row(),
    Column("seq", Integer, nullable=False),  # 0, 1, 2, ...: the move's place in the game
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # JSON (sheriff.record.action_to_json)
    Column("by", String(16), nullable=False),  # human | bot | timeout
    Column("created", Float, nullable=False),
    UniqueConstraint("room_id", "seq", name="uq_table_move"),  # one move per place: never applied twice
)


def _to_2(conn: Connection) -> None:
    table_seats.create(conn, checkfirst=True)
    table_moves.create(conn, checkfirst=True)


def _to_3(conn: Connection) -> None:
    have = {c["name"] for c in inspect(conn).get_columns("rooms")}
    for name in ("watched", "resumed"):
        if name not in have:
            conn.execute(text(f"ALTER TABLE rooms ADD COLUMN {name} FLOAT"))
    if "seat_key_hash" not in {c["name"] for c in inspect(conn).get_columns("members")}:
        conn.execute(text("ALTER TABLE members ADD COLUMN seat_key_hash VARCHAR(128)"))


def _to_4(conn: Connection) -> None:
    if "version" not in {c["name"] for c in inspect(conn).get_columns("rooms")}:
        conn.execute(text("ALTER TABLE rooms ADD COLUMN version INTEGER NOT NULL DEFAULT 0"))


# version -> what turns the version before it into this one
MIGRATIONS: dict[int, Callable[[Connection], None]] = {2: _to_2, 3: _to_3, 4: _to_4}


def migrate(conn: Connection, found: int) -> None:
    """Run the migrations from version ``found`` up to ``SCHEMA_VERSION`` (in the caller's transaction)."""
    for version in range(found + 1, SCHEMA_VERSION + 1):
        MIGRATIONS[version](conn)


__all__ = ["SCHEMA_VERSION", "metadata", "migrate"]
