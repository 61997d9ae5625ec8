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

from typing import Any

from pydantic import ValidationError

from sheriff.classroom.common import check_key, hold_name, new_room
from sheriff.classroom.names import clean_nickname, hash_seat_key, key_matches, new_seat_key
from sheriff.classroom.store import Duplicate, Member, OpensStore, Room, Store
from sheriff.classroom.store_faults import doing
from sheriff.classroom.store_records import TableSeatRow
from sheriff.classroom.table_base import (
    TableError,
    TableSnapshot,
    _checked,
    _no_table,
    _paused,
    _removed,
    _table_code,
    _TableRef,
    _taken,
    clock_start,
)
from sheriff.classroom.table_game import GAME, Polled, catch_up, clear_cache, coach_move
from sheriff.classroom.table_host import TableHost, pass_if_host_gone
from sheriff.engine import Game
from sheriff.i18n import _
from sheriff.record import action_to_json
from sheriff.rules import Rules
from sheriff.saved_game import save_game

MIN_LIMIT, MAX_LIMIT = 10.0, 3600.0  # seconds a person may take over one decision
MAX_TICK_MOVES = 2000  # the coach's moves one tick may store (a whole game of bots is fewer)


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

    @doing("table", "table")
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
            host_name = _checked(clean_nickname, host_name, True)
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
            # the host's own seat holds the host's controls too (a reload with the rejoin code alone gets them)
            member = host.seat.member_id
            self.store.change_settings(room.id, lambda stored: {**stored, "host_member": member})
        return host

    # -- finding a table ------------------------------------------------------------------------
    def _room(self, code: str) -> Room:
        room = self.store.room_by_code(_table_code(code))
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
        if room.settings.get("host_passed"):
            raise TableError(
                _("The host's role has passed to a player at this table: this host key no longer opens it."), "key"
            )
        _checked(check_key, room, key, key_matches, TableError(_("This host key does not open this table."), "key"))
        host = TableHost(self, room.id, room.code, key)
        name = room.settings.get("host_name")
        if name and seat_key:
            host.seat = self.join(code, name, seat_key)
        return host

    @doing("join", "table")
    def join(self, code: str, name: str, seat_key: str | None = None) -> TableSeat:
        """A free seat for a new name (before the start; ``seat.seat_key`` is its rejoin code, for
        that page only); the same seat again for a name at the table with its rejoin code (also one
        the host gave to the coach: the person takes it back).  A name at the table without its code
        is refused (``taken``), however long its page has been quiet."""
        room = self._room(code)
        if room.state != "open":
            raise TableError(_("This table is closed."), "closed")
        nick = _checked(clean_nickname, name, True)
        member = self.store.member_by_nick(room.id, nick.casefold())
        if member is not None and member.id in room.settings.get("removed", ()):
            raise _removed(member.nickname)
        seats = self.store.table_seats(room.id)
        seat = _seat_of(seats, member)
        if seat is None and room.settings.get("started"):
            raise self._too_late(room)
        if seat is None and member is not None:  # a name that joined but found no seat (the table was full)
            key = _fresh_key(self.store, member)  # nobody holds it
        else:  # one name, one page, as in a class room
            member, key = _checked(hold_name, self.store, room, nick, member, seat_key, _taken, "player")
        if seat is not None:
            if seats[seat].is_bot:
                self.store.update_table_seat(room.id, seat, is_bot=False, handed_by_host=False)
            return TableSeat(self, room.id, room.code, seat, member, key)
        for row in seats:
            if row.member_id is None and not row.is_bot and self.store.claim_table_seat(room.id, row.seat, member.id):
                return TableSeat(self, room.id, room.code, row.seat, member, key)
        if _seat_of(self.store.table_seats(room.id), member) is not None:  # the same name sat down from another page
            raise _taken(member.nickname)
        raise TableError(_("The table is full: every seat is taken."), "full")

    def _too_late(self, room: Room) -> TableError:
        """The refusal of a new name once the game has started (or is over)."""
        r = self._poll(room.id).replayed
        if r is not None and r.game.is_over():
            return TableError(
                _("This game is over: only its players can come back, to see the final score and the replay."),
                "over",
            )
        return TableError(
            _("The game has started: only the players at the table can come back, with their rejoin codes."),
            "started",
        )

    def spectate(self, code: str) -> TableSpectator:
        room = self._room(code)
        return TableSpectator(self, room.id, room.code)

    # -- moving the table on --------------------------------------------------------------------
    @doing("update", "table")
    def tick(self, code: str) -> bool:
        """Store the coach's moves that are due: every move of a bot seat, and one move of a person
        whose time ran out (marked "timeout"; the seat stays theirs); none while the game is paused.
        First, the host's role passes to a player if the host's page has gone (``pass_if_host_gone``).
        True if anything moved.  Any page may call it at any time: where two store the same move,
        the store keeps one."""
        room = self._room(code)
        moved = pass_if_host_gone(self.store, self._poll(room.id))
        for _step in range(MAX_TICK_MOVES):
            p = self._poll(room.id)
            r = p.replayed
            if r is None or p.room.state != "open" or "paused" in p.room.settings:
                break
            with r.lock:
                g = r.game
                who = g.to_act
                if who is None:
                    break
                limit = p.room.params.get("time_limit")
                if p.seats[who].is_bot:
                    by = "bot"
                elif limit is not None and self.store.clock() >= clock_start(p.room, r.last) + limit:
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
            raise TableError(
                _(
                    "The game at table {code} is not over yet. Its replay shows every player's hand, so it "
                    "opens only at Game over."
                ).format(code=room.code),
                "not_over",
            )
        with r.lock:
            return save_game(r.game)

    def forget_cache(self) -> None:
        """Drop this process's cached games (tests: as a restarted server)."""
        clear_cache()


def _fresh_key(store: Store, member: Member) -> str:
    """A new rejoin code for a name with no seat (nobody holds it)."""
    key = new_seat_key()
    store.set_seat_key(member.id, hash_seat_key(key))
    return key


def _seat_of(seats, member: Member | None) -> int | None:
    if member is None:
        return None
    return next((row.seat for row in seats if row.member_id == member.id), None)


class TableSpectator(_TableRef):
    """A projector's or a teacher's view: public information only."""

    def snapshot(self) -> TableSnapshot:
        return self._watching()


class TableSeat(_TableRef):
    """One person's seat: ``seat`` (0 first), ``name``; their snapshot and their moves."""

    def __init__(self, tables: Tables, room_id: int, code: str, seat: int, member: Member, seat_key: str = ""):
        super().__init__(tables, room_id, code)
        self.seat = seat
        self.name = member.nickname
        self.seat_key = seat_key  # the rejoin code: shown on this seat's page only
        self.member_id = member.id

    def _mine(self) -> TableSeatRow:
        """This seat's row, while it is still this person's; else the host removed them (``removed``)."""
        row = self.store.table_seats(self.room_id)[self.seat]
        if row.member_id != self.member_id:
            raise _removed(self.name)
        return row

    @doing("update", "table")
    def snapshot(self) -> TableSnapshot:
        """The seat's view now; also tells the store the seat's page is alive (every few seconds).
        A seat the host took away (``kick``) is refused (``removed``): its page shows no more of it."""
        self._heartbeat(self.member_id)
        return self._snapshot(self.seat, self)

    def alive(self) -> None:
        self._heartbeat(self.member_id)

    @doing("update", "table")
    def let_coach_play(self, on: bool = True) -> TableSnapshot:
        """A player who must step away hands the seat to the coach (``on``), and takes it back (also
        a seat the host gave to the coach: it is still this person's)."""
        self._mine()
        self.store.update_table_seat(self.room_id, self.seat, is_bot=bool(on), handed_by_host=False)
        return self.snapshot()

    def host_controls(self) -> TableHost | None:
        """The host's controls for this seat's page, when the host's role is this seat's (it was
        handed to this player, or the host plays here); None otherwise.  Authorised by the seat: no key."""
        room = self.store.room(self.room_id)
        if room is None or room.settings.get("host_member") != self.member_id:
            return None
        return TableHost(self.tables, self.room_id, self.code, "", member_id=self.member_id)

    @doing("move", "table")
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
        if "paused" in p.room.settings:
            raise _paused(p.room.settings["paused"])
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


__all__ = ["Tables", "TableHost", "TableSeat", "TableSpectator", "TableSnapshot", "TableError"]
