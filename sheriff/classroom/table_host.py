"""A table's host controls: start, pause and resume, hand seats to the coach and back, pass the
host's role to a player, remove a player, close, and a rematch with the same people; and the role
passing by itself when the host's page has been gone a while (``pass_if_host_gone``,
docs/classroom.md)."""

from __future__ import annotations

from typing import Any

from sheriff.classroom.common import DEFAULT_SETTINGS, new_room
from sheriff.classroom.names import hash_key, key_matches, new_key
from sheriff.classroom.store import Room
from sheriff.classroom.store_faults import doing
from sheriff.classroom.store_records import TableSeatRow
from sheriff.classroom.table_base import TableError, TableSnapshot, _no_table, _TableRef
from sheriff.classroom.table_game import GAME, Polled, bot_names
from sheriff.i18n import _

HOST_GONE_S = 60.0  # seconds the host's page may be quiet before the host's role passes to a player


class TableHost(_TableRef):
    """The host's controls: ``code`` for the others, ``key`` (shown once) to take them back;
    ``seat`` is the host's own ``TableSeat`` when the host plays (None: the host watches).

    Controls opened with the key hold while the key does (until the role passes to a player);
    controls a seat's page holds (``TableSeat.host_controls``, ``member_id``) while the role is that
    seat's.  Every control checks this again: a page whose role passed on is refused (``not_host``)."""

    def __init__(self, tables: Any, room_id: int, code: str, key: str, member_id: int | None = None):
        super().__init__(tables, room_id, code)
        self.key = key
        self.member_id = member_id
        self.seat: Any = None  # the host's own TableSeat, or None

    def snapshot(self) -> TableSnapshot:
        """The host's screen as a spectator sees it (the host's own cards: ``host.seat.snapshot()``)."""
        return self._watching()

    def _room(self) -> Room:
        room = self.store.room(self.room_id)
        if room is None:
            raise _no_table()
        if self.member_id is not None:
            ok = room.settings.get("host_member") == self.member_id
        else:
            ok = not room.settings.get("host_passed") and key_matches(self.key, room.key_hash)
        if not ok:
            raise _not_host()
        return room

    def _change(self, change, **fields: Any) -> dict[str, Any] | None:
        """``change`` the room's settings against the stored row (``Store.change_settings``), checking
        again there that the host's role is still this page's: a control and the role passing on at
        the same instant never both land."""

        def checked(settings: dict[str, Any]) -> dict[str, Any] | None:
            if self.member_id is not None and settings.get("host_member") != self.member_id:
                raise _not_host()
            if self.member_id is None and settings.get("host_passed"):
                raise _not_host()
            return change(settings)

        return self.store.change_settings(self.room_id, checked, **fields)

    def _open_room(self) -> Room:
        room = self._room()
        if room.state != "open":
            raise TableError(_("This table is closed."), "closed")
        return room

    def _seat_row(self, seat: int) -> TableSeatRow:
        seats = self.store.table_seats(self.room_id)
        if type(seat) is not int or not 0 <= seat < len(seats):
            raise TableError(_("There is no such seat at this table."), "params")
        return seats[seat]

    @doing("host", "table")
    def start(self) -> TableSnapshot:
        """Deal: every seat nobody took goes to the coach; the names are fixed; the game begins."""
        room = self._open_room()
        if room.settings.get("started"):
            raise _started()
        self.store.fill_table_seats(room.id)
        members = {m.id: m.nickname for m in self.store.members(room.id)}
        seats = self.store.table_seats(room.id)
        taken = {row.seat: members[row.member_id] for row in seats if row.member_id in members}
        names = bot_names(taken, len(seats))

        def started(settings: dict[str, Any]) -> dict[str, Any]:
            if settings.get("started"):  # a second page pressed Start at the same instant
                raise _started()
            # typed names ("people"): never translated (table_game.new_game)
            return {
                **settings,
                "started": True,
                "started_at": self.store.clock(),
                "names": names,
                "people": sorted(taken),
            }

        self._change(started)
        return self._snapshot(None)  # not the host's page polling: it need not count as watching

    def _heartbeat(self, member_id: int | None) -> None:
        """A host who only watches: the page's own row is remembered as the host's page (``host_page``),
        so the table knows when the host has gone (``pass_if_host_gone``)."""
        known = self._watcher
        super()._heartbeat(member_id)
        if member_id is None and self._watcher is not None and self._watcher != known and self.member_id is None:
            page = self._watcher

            def remembered(settings: dict[str, Any]) -> dict[str, Any] | None:
                if settings.get("host_member") is not None or settings.get("host_page") == page:
                    return None
                return {**settings, "host_page": page}

            self.store.change_settings(self.room_id, remembered)

    @doing("host", "table")
    def pause(self, on: bool = True) -> TableSnapshot:
        """Pause the game (``on``) or resume it.  While it is paused no seat can move and neither the
        coach nor the clock acts; every page says who paused it.  On resume the person to act has
        their whole time limit again."""
        room = self._open_room()
        if not room.settings.get("started"):
            raise TableError(_("The game has not started yet."), "not_started")
        r = self.tables._poll(room.id).replayed
        if r is not None and r.game.is_over():
            raise TableError(_("The game is over."), "over")
        by, now = self._name(room), self.store.clock()

        def paused(settings: dict[str, Any]) -> dict[str, Any] | None:
            if bool(on) == ("paused" in settings):  # as asked already (two pages pressed it): nothing to write
                return None
            if on:
                return {**settings, "paused": {"by": by, "at": now}}
            return {**{k: v for k, v in settings.items() if k != "paused"}, "resumed_at": now}

        self._change(paused)
        return self._snapshot(None)

    def _name(self, room: Room) -> str:
        """The name of the person holding the host's role ("" for a host who only watches)."""
        member = room.settings.get("host_member")
        if member is None:
            return ""
        return next((m.nickname for m in self.store.members(room.id) if m.id == member), "")

    @doing("host", "table")
    def set_bot(self, seat: int, on: bool) -> None:
        """Hand ``seat`` to the coach (``on``) or back to the person sitting there."""
        room = self._open_room()
        row = self._seat_row(seat)
        if not on and row.member_id is None and room.settings.get("started"):
            raise TableError(_("Nobody sits in this seat to take it back from the coach."), "params")
        self.store.update_table_seat(
            self.room_id, seat, is_bot=bool(on), handed_by_host=bool(on) and row.member_id is not None
        )

    @doing("host", "table")
    def pass_host(self, seat: int) -> None:
        """Hand the host's role to the person in ``seat``: that seat's page gets the controls, this
        page loses them, and the host key opens nothing any more (it could take them back)."""
        room = self._open_room()
        row = self._seat_row(seat)
        if row.member_id is None:
            raise TableError(_("Only a person sitting at the table can become the host."), "params")
        if row.member_id == room.settings.get("host_member"):
            raise TableError(_("This seat holds the host's controls already."), "params")
        self._change(_host_role(row.member_id), key_hash=hash_key(new_key()))  # the host key retired

    @doing("host", "table")
    def kick(self, seat: int) -> None:
        """Remove the person in ``seat``: before the start the seat is free again; after it, the
        coach plays it.  That name cannot sit at this table again, with or without its rejoin code."""
        room = self._open_room()
        row = self._seat_row(seat)
        if row.member_id is None:
            raise TableError(_("Nobody sits in this seat."), "params")
        if row.member_id == room.settings.get("host_member"):
            raise TableError(_("The host cannot remove the host's own seat; pass the host's role first."), "params")
        gone = row.member_id

        def removed(settings: dict[str, Any]) -> dict[str, Any]:
            if gone == settings.get("host_member"):  # the role passed to this seat meanwhile
                raise TableError(_("The host cannot remove the host's own seat; pass the host's role first."), "params")
            return {**settings, "removed": [*settings.get("removed", ()), gone]}

        self._change(removed)
        started = bool(room.settings.get("started"))
        self.store.update_table_seat(self.room_id, seat, member_id=None, is_bot=started, handed_by_host=False)

    @doing("host", "table")
    def rematch(self) -> str:
        """Once the game is over: a new table for the same people in the same seats, dealt afresh
        (a new seed) and started.  Every rejoin code and the host key open it as they opened this one;
        every page of this table is told its code (``TableSnapshot.rematch``) and follows.  Its code."""
        room = self._open_room()
        if room.settings.get("rematch"):
            return room.settings["rematch"]
        r = self.tables._poll(room.id).replayed
        if r is None or not r.game.is_over():
            raise TableError(_("A rematch can start once this game is over."), "not_over")
        new, _key = new_room(self.store, GAME, room.params, {}, None)
        mapped: dict[int, int] = {}
        people = {m.id: m for m in self.store.members(room.id)}
        seats = self.store.table_seats(room.id)
        self.store.add_table_seats(new.id, len(seats), {row.seat for row in seats if row.member_id is None})
        for row in seats:
            m = people.get(row.member_id)  # type: ignore[arg-type]
            if m is None:
                continue
            copy = self.store.add_member(new.id, m.nickname, m.nick_key, role=m.role, seat_key_hash=m.seat_key_hash)
            mapped[m.id] = copy.id
            self.store.update_table_seat(
                new.id, row.seat, member_id=copy.id, is_bot=row.is_bot, handed_by_host=row.handed_by_host
            )
        keep = ("host_name", "names", "people")
        settings = {k: room.settings[k] for k in keep if k in room.settings}
        host = room.settings.get("host_member")
        settings.update(
            started=True,
            started_at=self.store.clock(),
            host_member=mapped.get(host) if host is not None else None,
            host_passed=bool(room.settings.get("host_passed")),
            rematch_of=room.code,
        )
        self.store.update_room(new.id, settings=settings, key_hash=room.key_hash)

        def linked(old: dict[str, Any]) -> dict[str, Any] | None:
            return None if old.get("rematch") else {**old, "rematch": new.code}

        if self._change(linked) is None:  # another page started the rematch at the same instant: theirs
            self.store.update_room(new.id, state="closed")
            return self._room().settings["rematch"]
        return new.code

    @doing("host", "table")
    def close(self, keep: bool = False) -> None:
        """Close the table (no more moves); ``keep`` keeps its data past the day rooms live."""
        self._room()
        self.store.update_room(self.room_id, state="closed", keep=bool(keep))


def _not_host() -> TableError:
    return TableError(_("The host's controls have passed to another player."), "not_host")


def _started() -> TableError:
    return TableError(_("The game has started already."), "started")


def _host_role(member_id: int, gone: str | None = None):
    """The settings change that gives the host's role to ``member_id``.  ``gone``: the name of a host
    whose page went away (the new host's page says so)."""

    def given(settings: dict[str, Any]) -> dict[str, Any]:
        new = {k: v for k, v in settings.items() if k != "host_page"}
        return {**new, "host_member": member_id, "host_passed": True, "host_gone": gone}

    return given


def pass_if_host_gone(store, p: Polled) -> bool:
    """When the host's page has been quiet for ``HOST_GONE_S`` (closed, the device asleep), the host's
    role passes to the person who sat down first among those whose page is online, so an untimed
    table, or one waiting for its start or paused, does not wait for a host who left.  True if it passed.
    A host who only watches counts as gone only once their page has polled (``host_page``)."""
    settings, now = p.room.settings, store.clock()
    if p.room.state != "open" or (p.replayed is not None and p.replayed.game.is_over()):
        return False
    host = settings.get("host_member")
    if host is None:
        host = settings.get("host_page")
    if host is None or host not in p.seen or now - p.seen[host][1] < HOST_GONE_S:
        return False
    fresh = [row.member_id for row in p.seats if row.member_id is not None and row.member_id != host]
    fresh = [m for m in fresh if now - p.seen.get(m, ("", float("-inf")))[1] < DEFAULT_SETTINGS["active"]]
    if not fresh:
        return False
    names = {m.id: m.nickname for m in store.members(p.room.id)}
    gone = names.get(settings.get("host_member"), "") if settings.get("host_member") is not None else ""
    give = _host_role(min(fresh), gone)  # member ids grow: the lowest sat down first

    def passed(now_stored: dict[str, Any]) -> dict[str, Any] | None:
        # only if nothing changed the host meanwhile (the host's own handover, another page's tick)
        same = all(now_stored.get(k) == settings.get(k) for k in ("host_member", "host_page", "host_passed"))
        return give(now_stored) if same else None

    return store.change_settings(p.room.id, passed, key_hash=hash_key(new_key())) is not None


__all__ = ["TableHost", "HOST_GONE_S", "pass_if_host_gone"]
