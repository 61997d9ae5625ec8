"""A table's game inside one page's process: rebuilt from the stored moves, kept per room, caught up.

The store is the truth; this is a cache of it.  ``catch_up`` reads what was stored since the cached
place (one read transaction: the room, its seats and the new moves, usually none) and pushes the new
moves through the engine, telling each one in words for every seat and for the public narrator
(``sheriff.narration``: a seat is told its own private facts, nobody else's).  Stories are kept per
language, since a page may speak English and another Ukrainian at the same table.

The coach (``sheriff.tournament.make_bot``, the coach's bot) plays bot seats and seats whose time ran
out.  It reads only that seat's ``SeatView`` and draws no random numbers, so every page that asks
computes the same move; the store keeps the first one stored.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from sheriff.actions import Action
from sheriff.bots import COACH
from sheriff.classroom.store import Room, Store, TableMoveRow, TableSeatRow
from sheriff.engine import DEFAULT_NAMES, Game
from sheriff.i18n import Typed, _, get_language
from sheriff.narration import PUBLIC, narrate
from sheriff.record import action_from_json
from sheriff.rules import Rules
from sheriff.tournament import make_bot

GAME = "table"  # the rooms' ``game`` for a play-together table


@dataclass
class Replayed:
    """One room's game as far as this process has read the store, told in one language."""

    room_id: int
    code: str
    seed: int
    game: Game
    started_at: float
    seq: int = 0  # moves applied = the place of the next move
    last: float = 0.0  # when the last move was stored (or the game started)
    by: list[tuple[int, str]] = field(default_factory=list)  # (seat, human | bot | timeout) per move
    stories: dict[int, list[str]] = field(default_factory=dict)  # seat or PUBLIC -> lines
    lock: threading.Lock = field(default_factory=threading.Lock)

    def apply(self, move: TableMoveRow) -> None:
        """Push stored move ``move.seq`` (it was checked by the engine before it was stored)."""
        g = self.game
        action = action_from_json(move.action)
        before = g.state.copy()
        events = g.push(action)
        for eyes in self.stories:
            lines = narrate(action, events, before, g.state, seat=eyes) or [action.text(g.names)]
            if move.by == "timeout":
                lines = [
                    _("Time ran out for {name}: the coach played this move for them.").format(name=g.names[move.seat]),
                    *lines,
                ]
            self.stories[eyes].append(" ".join(lines))
        self.by.append((move.seat, move.by))
        self.seq += 1
        self.last = move.created


_CACHE: dict[tuple[str, int, str], Replayed] = {}
_CACHE_LOCK = threading.Lock()
MAX_CACHED = 256  # games kept per process; the oldest is dropped (and rebuilt from the store if asked for)


def clear_cache() -> None:
    """Forget every cached game (as a restarted server would): the next call rebuilds from the store."""
    with _CACHE_LOCK:
        _CACHE.clear()


def rules_of(room: Room) -> Rules:
    return Rules.model_validate(room.params["rules"])


def new_game(room: Room, seats=None) -> Game:
    """The table's game from its deal.  With ``seats``: a seat the coach had at the start is named in
    the page's language (a Robin Hood name is stored in English); a name a person typed is shown as
    typed, never translated ("Ann" stays Ann in Ukrainian), also once the coach plays that seat."""
    names = room.settings["names"]
    if seats is not None:
        people = room.settings.get("people")  # the seats people sat in at the start (older tables: none)
        if people is None:
            people = [row.seat for row in seats if row.member_id is not None]
        names = [Typed(n) if s in people else _(n) for s, n in enumerate(names)]
    return Game(rules_of(room), names, seed=room.seed)


@dataclass(frozen=True)
class Polled:
    """What one catch-up read: the room, its seats, and the game (None before the start)."""

    room: Room
    seats: list[TableSeatRow]
    replayed: Replayed | None
    seen: dict[int, tuple[str, float]] = field(default_factory=dict)  # member id -> (role, last seen)


def catch_up(store: Store, room_id: int) -> Polled | None:
    """The room as stored now, its game caught up with every stored move; None if the room is gone."""
    key = (store.url, room_id, get_language())
    with _CACHE_LOCK:
        entry = _CACHE.get(key)
    room, seats, moves, seen = store.table_poll(room_id, entry.seq if entry else 0)
    if room is None:
        with _CACHE_LOCK:
            _CACHE.pop(key, None)
        return None
    if not room.settings.get("started"):
        return Polled(room, seats, None, seen)
    if entry is None or (entry.code, entry.seed) != (room.code, room.seed):  # new, or a reused room id
        if entry is not None:
            moves = store.table_moves(room_id)
        entry = Replayed(room.id, room.code, room.seed, new_game(room, seats), room.settings["started_at"])
        entry.last = entry.started_at
        entry.stories = {eyes: [] for eyes in (PUBLIC, *range(entry.game.rules.players))}
        with _CACHE_LOCK:
            if key not in _CACHE and len(_CACHE) >= MAX_CACHED:
                del _CACHE[next(iter(_CACHE))]
            entry = _CACHE.setdefault(key, entry)
    with entry.lock:
        for m in moves:
            if m.seq == entry.seq:  # another thread of this process may have applied it already
                entry.apply(m)
    return Polled(room, seats, entry, seen)


def coach_move(game: Game, seat: int, seed: int) -> Action:
    """The coach's move for ``seat``, read from that seat's view only; a legal move in any case."""
    bot: Any = make_bot((COACH, COACH), seed, seat)
    try:
        action = bot.act(game.view(seat))
    except Exception:  # a coach that cannot decide must never stop the table
        action = None
    if action is None or game.why_illegal(action) is not None:
        action = game.legal_actions(seat)[0]
    return action


def bot_names(nicknames: dict[int, str], n: int) -> list[str]:
    """Seat names for a table of ``n``: the nickname where a person sits, a Robin Hood name for a
    bot (its own seat's, or the first one no nickname takes)."""
    taken = {v.casefold() for v in nicknames.values()}
    spare = [name for name in DEFAULT_NAMES if name.casefold() not in taken]
    out = []
    for s in range(n):
        if s in nicknames:
            out.append(nicknames[s])
        else:
            name = DEFAULT_NAMES[s] if DEFAULT_NAMES[s] in spare else spare[0]
            spare.remove(name)
            out.append(name)
    return out


__all__ = ["GAME", "Replayed", "Polled", "catch_up", "clear_cache", "coach_move", "bot_names", "new_game", "rules_of"]
