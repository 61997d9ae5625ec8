"""What a table's pages share (``table``, ``table_host``): its refusal, its snapshot, and a page's
link to the store (the heartbeat that says who is online or watching, the snapshot it reads)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheriff.classroom.common import DEFAULT_SETTINGS, taken_words
from sheriff.classroom.errors import ClassroomError, StoreUnavailable
from sheriff.classroom.names import clean_code, new_seat_key
from sheriff.classroom.store_faults import doing
from sheriff.classroom.table_game import Polled, bot_names
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.i18n import _
from sheriff.views import SeatView

# A page says its seat is alive when it polls, every few seconds (who is online; the coach's timeouts).
SEEN_EVERY_S = DEFAULT_SETTINGS["active"] / 3
WATCHER = "watcher"  # a spectator's page among a table's members: no name, no seat, only when it last polled


class TableError(ClassroomError):
    """What a page asked for cannot be done; ``str(e)`` says why in the page's language.  A move the
    rules refuse carries the engine's ``IllegalAction`` as ``illegal`` (rule id, citation, reason)."""

    def __init__(self, message: str, reason: str = "", illegal: IllegalAction | None = None):
        super().__init__(message, reason)
        self.illegal = illegal


@dataclass(frozen=True)
class TableSnapshot:
    """The table as one seat (or a spectator, ``seat`` None) may see it after ``seq`` stored moves.

    ``names``: each seat's name (a nickname, a bot's name; "" for a seat still free before the
    start).  ``game`` is the server's copy of the whole game (every hand: draw only with
    ``game.view(seat)``, never send it to a browser); it is None before the start.  ``view`` is this
    seat's ``SeatView`` (None for a spectator), ``legal`` its legal moves (empty unless it is this
    seat's turn), ``story`` the narration this seat may read (``story[i]`` tells move ``i``),
    ``events_by`` who made each stored move: (seat, "human" | "bot" | "timeout")."""

    code: str
    seq: int
    started: bool
    over: bool
    closed: bool
    seat: int | None
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    to_act: int | None
    deadline: float | None
    game: Game | None
    view: SeatView | None
    legal: tuple[Any, ...]
    story: tuple[str, ...]
    events_by: tuple[tuple[int, str], ...]
    # who is where (public): seats the host gave to the coach, seats whose page polled lately,
    # spectators' pages polling, the seat that holds the host's controls (None: a host who watches),
    # whether the host key was retired (the role passed to a player), the rematch's code
    handed: tuple[bool, ...] = ()
    seated: tuple[bool, ...] = ()  # a person holds the seat (also while the coach plays it for them)
    online: tuple[bool, ...] = ()
    watching: int = 0
    host_seat: int | None = None
    host_passed: bool = False
    rematch: str | None = None
    # paused: who paused the game (their name; "" for a host who only watches), None while it runs;
    # host_gone: the name of a host whose page went away, when the role passed by itself
    paused_by: str | None = None
    host_gone: str | None = None


def _taken(name: str) -> TableError:
    return TableError(taken_words(name, "table"), "taken")


def _checked(check, *args):
    """Class mode's own check (``names``, ``common``: codes, names, keys), its refusal as a ``TableError``."""
    try:
        return check(*args)
    except (TableError, StoreUnavailable):  # the store's refusal is said in the table's words already
        raise
    except ClassroomError as e:
        raise TableError(str(e), e.reason) from None


def _no_table() -> TableError:
    return TableError(_("No table has this code. Check it with the person who opened the table."), "code")


def _table_code(code: str) -> str:
    """A table code as typed, in its stored form; refused in a table's words (class mode's speak of rooms)."""
    try:
        return clean_code(code)
    except ClassroomError:
        if not "".join(str(code).split()):
            raise TableError(_("Type the table code the host shows."), "code") from None
        raise TableError(
            _("A table code has 6 letters and digits, like K7MX3Q: check it with the host."), "code"
        ) from None


def _paused(paused: dict) -> TableError:
    return TableError(paused_words(paused.get("by", "")), "paused")


def paused_words(by: str) -> str:
    """What every page says while the game is paused."""
    if by:
        return _("{name} has paused the game: nobody can move until the host resumes it.").format(name=by)
    return _("The host has paused the game: nobody can move until the host resumes it.")


def clock_start(room: Any, last: float) -> float:
    """When the person to act started to think: the last move, or the resume if it came later."""
    return max(last, float(room.settings.get("resumed_at", float("-inf"))))


def _removed(name: str) -> TableError:
    return TableError(
        _("The host has removed “{name}” from this table: that seat is the coach's now.").format(name=name), "removed"
    )


def _public(p: Polled, now: float) -> dict[str, Any]:
    """The snapshot's public facts about the people: who the host gave to the coach, who is online
    (a seat's page, or a spectator's, polled within ``active`` seconds), who holds the host's controls."""
    fresh = {mid for mid, (_role, last) in p.seen.items() if now - last < DEFAULT_SETTINGS["active"]}
    settings = p.room.settings
    host = settings.get("host_member")
    return {
        "handed": tuple(row.handed_by_host for row in p.seats),
        "seated": tuple(row.member_id is not None for row in p.seats),
        "online": tuple(row.member_id in fresh for row in p.seats),
        "watching": sum(1 for mid in fresh if p.seen[mid][0] == WATCHER),
        "host_seat": next((row.seat for row in p.seats if host is not None and row.member_id == host), None),
        "host_passed": bool(settings.get("host_passed")),
        "rematch": settings.get("rematch"),
        "paused_by": settings["paused"].get("by", "") if "paused" in settings else None,
        "host_gone": settings.get("host_gone"),
    }


class _TableRef:
    def __init__(self, tables: Any, room_id: int, code: str):
        self.tables = tables
        self.store = tables.store
        self.room_id = room_id
        self.code = code
        self._watcher: int | None = None  # a spectator's page: its row among the room's members (who watches)
        self._seen = float("-inf")

    def _watching(self) -> TableSnapshot:
        """The public table for a page that watches it (a spectator, a host who does not play); the
        page counts among those watching."""
        self._heartbeat(None)
        return self._snapshot(None)

    def alive(self) -> None:
        """This page is open (called before ``tick``, so a page never finds its own host gone)."""
        self._heartbeat(None)

    def _heartbeat(self, member_id: int | None) -> None:
        """Tell the store this page is alive, every few seconds (who is online or watching; the coach's timeouts)."""
        now = self.store.clock()
        if now - self._seen < SEEN_EVERY_S:
            return
        if member_id is None:
            if self._watcher is None:
                token = new_seat_key()  # any unique word: a watcher has no name
                self._watcher = self.store.add_member(self.room_id, "", f"watch:{token}", role=WATCHER).id
            member_id = self._watcher
        self.store.touch(member_id)
        self._seen = now

    @doing("update", "table")
    def _snapshot(self, seat: int | None, owner: Any = None) -> TableSnapshot:
        p = self.tables._poll(self.room_id)
        room, seats, r = p.room, p.seats, p.replayed
        if owner is not None and seats[owner.seat].member_id != owner.member_id:
            raise _removed(owner.name)  # the host took this seat away: nothing more of it for this page
        bots = tuple(row.is_bot for row in seats)
        closed = room.state != "open"
        public = _public(p, self.store.clock())
        if r is None:
            members = {m.id: m.nickname for m in self.store.members(room.id)}
            taken = {row.seat: members[row.member_id] for row in seats if row.member_id in members}
            planned = bot_names(taken, len(seats))
            names = tuple(taken.get(s, _(planned[s]) if row.is_bot else "") for s, row in enumerate(seats))
            return TableSnapshot(
                self.code, 0, False, False, closed, seat, names, bots, None, None, None, None, (), (), (), **public
            )
        with r.lock:
            game = r.game.copy()  # the page's own copy: nothing it does reaches the cache
            seq, last = r.seq, r.last
            story = tuple(r.stories[-1 if seat is None else seat])
            events_by = tuple(r.by)
        who = game.to_act
        limit = room.params.get("time_limit")
        paused = "paused" in room.settings
        running = who is not None and not bots[who] and not paused
        deadline = clock_start(room, last) + limit if (limit is not None and running) else None
        legal = tuple(game.legal_actions(seat)) if seat is not None and who == seat and not (closed or paused) else ()
        return TableSnapshot(
            code=self.code,
            seq=seq,
            started=True,
            over=game.is_over(),
            closed=closed,
            seat=seat,
            names=tuple(game.names),  # a bot's Robin Hood name in the page's language (``new_game``)
            bots=bots,
            to_act=who,
            deadline=deadline,
            game=game,
            view=game.view(seat) if seat is not None else None,
            legal=legal,
            story=story,
            events_by=events_by,
            **public,
        )
