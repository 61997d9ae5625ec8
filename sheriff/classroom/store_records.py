"""The class store's rows as frozen dataclasses, and the helpers that map database rows onto them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


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
    watched: float | None = None  # when a page last polled the room
    resumed: float | None = None  # when pages came back after nobody had polled it for a while
    version: int = 0  # raised by every change of a table's settings, seats or moves (``store_table``)


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
    seat_key_hash: str | None = None  # never leaves the classroom package


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


@dataclass(frozen=True)
class TableSeatRow:
    """A seat at a play-together table: who sits there (a member id, or None) and whether the coach plays it."""

    room_id: int
    seat: int
    member_id: int | None
    is_bot: bool
    handed_by_host: bool


@dataclass(frozen=True)
class TableMoveRow:
    """A stored move of a table's game: its place ``seq``, the seat, the move as JSON, who made it."""

    room_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    by: str  # human | bot | timeout
    created: float


def _loads(text: str) -> dict[str, Any]:
    return json.loads(text) if text else {}


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _pk(result) -> int:
    """The id a single-row insert gave its row."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _room(row) -> Room:
    return Room(**{**row, "params": _loads(row["params"]), "settings": _loads(row["settings"])})


def _round(row) -> Round:
    return Round(**{**row, "params": _loads(row["params"])})


def _table_seat(row) -> TableSeatRow:
    return TableSeatRow(**{k: row[k] for k in ("room_id", "seat", "member_id", "is_bot", "handed_by_host")})


def _table_move(row) -> TableMoveRow:
    return TableMoveRow(
        room_id=row["room_id"],
        seq=row["seq"],
        seat=row["seat"],
        action=_loads(row["action"]),
        by=row["by"],
        created=row["created"],
    )
