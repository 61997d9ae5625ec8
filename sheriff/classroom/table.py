"""A table: three to six people play one game of Sheriff of Nottingham, each on their own device.

    from sheriff.classroom.table import Tables
    tables = Tables()                                # the class store (SHERIFF_CLASS_DB), or Tables(store)
    host = tables.create(edition="2E", players=4, bots=[3], host_name="Ann")   # host.code, host.key
    bob = tables.join(host.code, "Bob")              # the same name later: the same seat (its old page gone)
    host.start()                                     # seats nobody took go to the coach; the deal follows
    snap = bob.snapshot()                            # TableSnapshot: Bob's view, his legal moves, the story
    bob.play(snap.legal[0], seq=snap.seq)            # stored before it returns; refused: TableError
    tables.tick(host.code)                           # every page, every second or so: the coach's moves

A table is a room of the class store (game ``"table"``): its settings in the room, its seats in
``table_seats``, every move in ``table_moves`` under its place in the game.  Nothing lives in a
page but ids: the game is rebuilt from the store (``table_game``), so any number of pages,
kernels and servers share a table, and a restarted server loses nothing.  See docs/classroom.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from sheriff.classroom.common import DEFAULT_SETTINGS, check_key, new_member, new_room, owner_key
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.names import clean_code, clean_nickname, hash_seat_key, key_matches, new_seat_key
from sheriff.classroom.store import Duplicate, Member, OpensStore, Room, Store
from sheriff.classroom.store_faults import doing
from sheriff.classroom.table_game import GAME, Polled, bot_names, catch_up, clear_cache, coach_move
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.i18n import _
from sheriff.record import action_to_json
from sheriff.rules import Rules
from sheriff.saved_game import save_game
from sheriff.views import SeatView

MIN_LIMIT, MAX_LIMIT = 10.0, 3600.0  # seconds a person may take over one decision
MAX_TICK_MOVES = 2000  # the coach's moves one tick may store (a whole game of bots is fewer)


# A page says its seat is alive when it polls, every few seconds (who is online; the coach's timeouts).
SEEN_EVERY_S = DEFAULT_SETTINGS["active"] / 3


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


def _taken(name: str) -> TableError:
    return TableError(
        _(
            "“{name}” already sits at this table. If that is you, type the rejoin code your seat's page "
            "showed you; otherwise choose another name."
        ).format(name=name),
        "taken",
    )


def _checked(check, *args):
    """Class mode's own check (``names``, ``common``: codes, names, keys), its refusal as a ``TableError``."""
    try:
        return check(*args)
    except TableError:
        raise
    except ClassroomError as e:
        raise TableError(str(e), e.reason) from None


def _no_table() -> TableError:
    return TableError(_("No table has this code. Check it with the person who opened the table."), "code")


def _check_settings(edition: str, players: int, variants: dict | None, bots, time_limit) -> tuple[Rules, list[int]]:
    if type(players) is not int or not 3 <= players <= 6:
        raise TableError(_("A table has 3 to 6 players."), "params")
    try:
        rules = Rules.model_validate({**(variants or {}), "edition": edition, "players": players})
    except (ValidationError, TypeError, ValueError) as e:
        reason: Any = e
        if isinstance(e, ValidationError):
            err = e.errors()[0]
            reason = err.get("ctx", {}).get("error") or "{}: {}".format(".".join(map(str, err["loc"])), err["msg"])
        reason = getattr(reason, "reason", reason)  # the engine's own sentence (IllegalAction)
        raise TableError(_("These settings do not make a game: {reason}").format(reason=reason), "params") from None
    seats = sorted(set(bots or ()))
    if any(type(s) is not int or not 0 <= s < players for s in seats):
        raise TableError(_("Bots can sit only in the table's seats, 1 to {n}.").format(n=players), "params")
    if time_limit is not None:
        try:
            ok = MIN_LIMIT <= float(time_limit) <= MAX_LIMIT
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise TableError(
                _("Choose a time limit from {lo} to {hi} seconds, or none.").format(
                    lo=int(MIN_LIMIT), hi=int(MAX_LIMIT)
                ),
                "params",
            )
    return rules, seats


class Tables(OpensStore):
    """The entry point: open a table, take its host's controls back, join it, watch it, move it on."""

    @doing("table")
    def create(
        self,
        edition: str = "2E",
        players: int = 4,
        variants: dict | None = None,
        bots=(),
        time_limit: float | None = None,
        seed: int | None = None,
        host_name: str | None = None,
    ) -> TableHost:
        """A new table with a fresh code.  ``bots``: seat numbers (0 first) the coach plays from the
        start; ``time_limit``: seconds a person may take per decision (None: no limit);
        ``host_name``: the host's own nickname at the table (None: the host only watches)."""
        rules, seats = _check_settings(edition, players, variants, bots, time_limit)
        if host_name is not None:
            host_name = _checked(clean_nickname, host_name)
            if len(seats) == players:
                raise TableError(_("Leave a seat free for yourself, or watch without a name."), "params")
        params = {
            "rules": rules.model_dump(mode="json"),
            "bots": seats,
            "time_limit": None if time_limit is None else float(time_limit),
        }
        settings: dict[str, Any] = {"started": False, "host_name": host_name}
        room, key = new_room(self.store, GAME, params, settings, seed)
        self.store.add_table_seats(room.id, players, set(seats))
        host = TableHost(self, room.id, room.code, key)
        if host_name is not None:
            host.seat = self.join(room.code, host_name)
        return host

    # -- finding a table ------------------------------------------------------------------------
    def _room(self, code: str) -> Room:
        room = self.store.room_by_code(_checked(clean_code, code))
        if room is None or room.game != GAME or (room.expires < self.store.clock() and not room.keep):
            raise _no_table()
        return room

    def _poll(self, room_id: int) -> Polled:
        polled = catch_up(self.store, room_id)
        if polled is None:
            raise _no_table()
        return polled

    def host(self, code: str, key: str, seat_key: str | None = None) -> TableHost:
        """The host's controls again (a reloaded page, another device); wrong key: ``TableError``.
        The host key gives the controls only: the host's own seat (``host.seat``) needs its rejoin
        code too, as every seat does, so the host key never opens anyone's cards."""
        room = self._room(code)
        _checked(check_key, room, key, key_matches, TableError(_("This host key does not open this table."), "key"))
        host = TableHost(self, room.id, room.code, key)
        name = room.settings.get("host_name")
        if name and seat_key:
            host.seat = self.join(code, name, seat_key)
        return host

    @doing("join")
    def join(self, code: str, name: str, seat_key: str | None = None) -> TableSeat:
        """A free seat for a new name (before the start; ``seat.seat_key`` is its rejoin code, for
        that page only); the same seat again for a name at the table with its rejoin code (also one
        the host gave to the coach: the person takes it back).  A name at the table without its code
        is refused (``taken``), however long its page has been quiet."""
        room = self._room(code)
        if room.state != "open":
            raise TableError(_("This table is closed."), "closed")
        nick = _checked(clean_nickname, name)
        member = self.store.member_by_nick(room.id, nick.casefold())
        seats = self.store.table_seats(room.id)
        seat = _seat_of(seats, member)
        if seat is not None and member is not None:
            key = _owner_key(self.store, room, member, seat_key)
            if seats[seat].is_bot:
                self.store.update_table_seat(room.id, seat, is_bot=False, handed_by_host=False)
            return TableSeat(self, room.id, room.code, seat, member, key)
        if room.settings.get("started"):
            raise TableError(
                _("The game has started: only the players at the table can come back, with their rejoin codes."),
                "started",
            )
        if member is None:
            try:
                member, key = new_member(self.store, room.id, nick, role="player")
            except Duplicate:  # the same name joined from another page at this instant: that page has it
                raise _taken(nick) from None
        else:  # a name that joined but found no seat (the table was full): nobody holds it
            key = _owner_key(self.store, room, member, seat_key, free=True)
        for row in seats:
            if row.member_id is None and not row.is_bot and self.store.claim_table_seat(room.id, row.seat, member.id):
                return TableSeat(self, room.id, room.code, row.seat, member, key)
        if _seat_of(self.store.table_seats(room.id), member) is not None:  # the same name sat down from another page
            raise _taken(member.nickname)
        raise TableError(_("The table is full: every seat is taken."), "full")

    def spectate(self, code: str) -> TableSpectator:
        room = self._room(code)
        return TableSpectator(self, room.id, room.code)

    # -- moving the table on --------------------------------------------------------------------
    @doing("update")
    def tick(self, code: str) -> bool:
        """Store the coach's moves that are due: every move of a bot seat, and one move of a person
        whose time ran out (marked "timeout"; the seat stays theirs).  True if anything moved.  Any
        page may call it at any time: where two store the same move, the store keeps one."""
        room = self._room(code)
        moved = False
        for _step in range(MAX_TICK_MOVES):
            p = self._poll(room.id)
            r = p.replayed
            if r is None or p.room.state != "open":
                break
            with r.lock:
                g = r.game
                who = g.to_act
                if who is None:
                    break
                limit = p.room.params.get("time_limit")
                if p.seats[who].is_bot:
                    by = "bot"
                elif limit is not None and self.store.clock() >= r.last + limit:
                    by = "timeout"
                else:
                    break
                action = coach_move(g, who, p.room.seed)
                seq = r.seq
            try:
                self.store.add_table_move(room.id, seq, who, action_to_json(action), by)
                moved = True
            except Duplicate:  # another page stored this move first: read it and look again
                continue
        return moved

    def replay_text(self, code: str) -> str:
        """The whole game, every hand shown, in the save format (``sheriff.saved_game``); only once it is over."""
        room = self._room(code)
        r = self._poll(room.id).replayed
        if r is None or not r.game.is_over():
            raise TableError(_("The full replay opens when the game is over."), "not_over")
        with r.lock:
            return save_game(r.game)

    def forget_cache(self) -> None:
        """Drop this process's cached games (tests: as a restarted server)."""
        clear_cache()


def _owner_key(store: Store, room: Room, member: Member, seat_key: str | None, free: bool = False) -> str:
    """``common.owner_key`` with the table's words; ``free``: a name with no seat, given afresh."""
    if free:
        key = new_seat_key()
        store.set_seat_key(member.id, hash_seat_key(key))
        return key
    return _checked(owner_key, store, room, member, seat_key, _taken(member.nickname))


def _seat_of(seats, member: Member | None) -> int | None:
    if member is None:
        return None
    return next((row.seat for row in seats if row.member_id == member.id), None)


class _TableRef:
    def __init__(self, tables: Tables, room_id: int, code: str):
        self.tables = tables
        self.store = tables.store
        self.room_id = room_id
        self.code = code

    @doing("update")
    def _snapshot(self, seat: int | None) -> TableSnapshot:
        p = self.tables._poll(self.room_id)
        room, seats, r = p.room, p.seats, p.replayed
        bots = tuple(row.is_bot for row in seats)
        closed = room.state != "open"
        if r is None:
            members = {m.id: m.nickname for m in self.store.members(room.id)}
            taken = {row.seat: members[row.member_id] for row in seats if row.member_id in members}
            planned = bot_names(taken, len(seats))
            names = tuple(taken.get(s, _(planned[s]) if row.is_bot else "") for s, row in enumerate(seats))
            return TableSnapshot(
                self.code, 0, False, False, closed, seat, names, bots, None, None, None, None, (), (), ()
            )
        with r.lock:
            game = r.game.copy()  # the page's own copy: nothing it does reaches the cache
            seq, last = r.seq, r.last
            story = tuple(r.stories[-1 if seat is None else seat])
            events_by = tuple(r.by)
        who = game.to_act
        limit = room.params.get("time_limit")
        deadline = last + limit if (limit is not None and who is not None and not bots[who]) else None
        legal = tuple(game.legal_actions(seat)) if seat is not None and who == seat and not closed else ()
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
        )


class TableSpectator(_TableRef):
    """A projector's or a teacher's view: public information only."""

    def snapshot(self) -> TableSnapshot:
        return self._snapshot(None)


class TableSeat(_TableRef):
    """One person's seat: ``seat`` (0 first), ``name``; their snapshot and their moves."""

    def __init__(self, tables: Tables, room_id: int, code: str, seat: int, member: Member, seat_key: str = ""):
        super().__init__(tables, room_id, code)
        self.seat = seat
        self.name = member.nickname
        self.seat_key = seat_key  # the rejoin code: shown on this seat's page only
        self.member_id = member.id
        self._seen = float("-inf")

    @doing("update")
    def snapshot(self) -> TableSnapshot:
        """The seat's view now; also tells the store the seat's page is alive (every few seconds)."""
        now = self.store.clock()
        if now - self._seen >= SEEN_EVERY_S:
            self.store.touch(self.member_id)
            self._seen = now
        return self._snapshot(self.seat)

    @doing("move")
    def play(self, action, seq: int) -> TableSnapshot:
        """Store this seat's ``action`` as move number ``seq`` (the snapshot's), then return the table.

        Refused (``TableError``, nothing stored): the table is closed or not started, someone moved
        since ``seq`` ("Bob has already moved"), it is not this seat's turn, or the rules forbid the
        move (``illegal``: the engine's reason)."""
        p = self.tables._poll(self.room_id)
        r = p.replayed
        if p.room.state != "open":
            raise TableError(_("This table is closed."), "closed")
        if r is None:
            raise TableError(_("The game has not started yet."), "not_started")
        with r.lock:
            g = r.game
            if seq != r.seq:
                raise _stale(g, r.by, seq)
            if g.is_over():
                raise TableError(_("The game is over."), "over")
            if getattr(action, "player", None) != self.seat:
                raise TableError(_("This move is for another seat."), "move")
            who = g.to_act
            if who is not None and who != self.seat:
                raise TableError(_("It is {name}'s turn, not yours.").format(name=g.names[who]), "not_your_turn")
            refused = g.why_illegal(action)
            if refused is not None:
                raise TableError(refused.reason, "illegal", refused)
        try:
            self.store.add_table_move(self.room_id, seq, self.seat, action_to_json(action), "human")
        except Duplicate:
            p = self.tables._poll(self.room_id)
            assert p.replayed is not None
            raise _stale(p.replayed.game, p.replayed.by, seq) from None
        return self.snapshot()


def _stale(game: Game, by: list[tuple[int, str]], seq: int) -> TableError:
    if 0 <= seq < len(by):
        name = game.names[by[seq][0]]
        return TableError(_("{name} has already moved; the table is updated.").format(name=name), "stale")
    return TableError(_("The table has moved on; it is updated now."), "stale")


class TableHost(_TableRef):
    """The host's controls: ``code`` for the others, ``key`` (shown once) to take them back;
    ``seat`` is the host's own ``TableSeat`` when the host plays (None: the host watches)."""

    def __init__(self, tables: Tables, room_id: int, code: str, key: str):
        super().__init__(tables, room_id, code)
        self.key = key
        self.seat: TableSeat | None = None

    def snapshot(self) -> TableSnapshot:
        """The host's screen as a spectator sees it (the host's own cards: ``host.seat.snapshot()``)."""
        return self._snapshot(None)

    def _room(self) -> Room:
        room = self.store.room(self.room_id)
        if room is None:
            raise _no_table()
        return room

    def start(self) -> TableSnapshot:
        """Deal: every seat nobody took goes to the coach; the names are fixed; the game begins."""
        room = self._room()
        if room.state != "open":
            raise TableError(_("This table is closed."), "closed")
        if room.settings.get("started"):
            raise TableError(_("The game has started already."), "started")
        self.store.fill_table_seats(room.id)
        members = {m.id: m.nickname for m in self.store.members(room.id)}
        seats = self.store.table_seats(room.id)
        taken = {row.seat: members[row.member_id] for row in seats if row.member_id in members}
        names = bot_names(taken, len(seats))
        settings = {**room.settings, "started": True, "started_at": self.store.clock(), "names": names}
        self.store.update_room(room.id, settings=settings)
        return self.snapshot()

    def set_bot(self, seat: int, on: bool) -> None:
        """Hand ``seat`` to the coach (``on``) or back to the person sitting there."""
        seats = self.store.table_seats(self.room_id)
        if type(seat) is not int or not 0 <= seat < len(seats):
            raise TableError(_("There is no such seat at this table."), "params")
        row = seats[seat]
        if not on and row.member_id is None and self._room().settings.get("started"):
            raise TableError(_("Nobody sits in this seat to take it back from the coach."), "params")
        self.store.update_table_seat(
            self.room_id, seat, is_bot=bool(on), handed_by_host=bool(on) and row.member_id is not None
        )

    def close(self, keep: bool = False) -> None:
        """Close the table (no more moves); ``keep`` keeps its data past the day rooms live."""
        self.store.update_room(self.room_id, state="closed", keep=bool(keep))


__all__ = ["Tables", "TableHost", "TableSeat", "TableSpectator", "TableSnapshot", "TableError"]
