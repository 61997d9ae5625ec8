"""Class mode for a page: a teacher's room and a student's seat, as plain Python calls.

    from sheriff.classroom import Classroom
    classroom = Classroom()                      # the store from SHERIFF_CLASS_DB (or Classroom(Store(url)))
    room = classroom.create_room("inspection")   # room.code for the projector, room.key for the teacher only
    seat = classroom.join(room.code, "Anna")     # on a student's page; seat.seat_key: its rejoin code
    classroom.join(room.code, "Anna", seat.seat_key)   # later, on any device: the same seat
    room.start_round()
    seat.view()                                  # StudentView: role, what to decide, result, score
    seat.choose({"bag": "smuggling"})            # stored before it returns; refused: ClassroomError
    room.dashboard()                             # Dashboard: who chose, class shares, scores
    room.csv()

Every call reads and writes the store, so any number of pages (kernels, servers) share one room;
nothing is kept in memory between calls but the ids.  Pages call ``seat.heartbeat()`` and
``room.tick()`` every few seconds: a seat whose page stopped calling for the room's bot timeout is
played by the coach (and the teacher sees it); the student's next call takes it back.
"""

from __future__ import annotations

from sheriff.classroom import games
from sheriff.classroom.common import (
    DEFAULT_SETTINGS,
    check_key,
    check_timeout,
    closed_error,
    hold_name,
    new_room,
    taken_words,
)
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.names import (
    THROTTLE,
    check_not_reserved,
    clean_code,
    clean_nickname,
    clean_seat_key,
    key_matches,
    seat_key_matches,
)
from sheriff.classroom.store import Member, OpensStore, Room, Store
from sheriff.classroom.store_faults import doing
from sheriff.classroom.student import StudentSeat, removed_error
from sheriff.classroom.teacher import TeacherRoom
from sheriff.i18n import _


class Classroom(OpensStore):
    """The entry point: create rooms, take a room back with its key, join as a student."""

    @doing("room")
    def create_room(
        self, game: str = "inspection", params: dict | None = None, bot_timeout: float = 60.0, seed: int | None = None
    ) -> TeacherRoom:
        """A new room with a fresh code; ``TeacherRoom.key`` is shown to its creator once.  ``seed``
        fixes the deals and the coach's draws (tests, benchmarks); by default a random one."""
        params = games.check_params(game, params or {})
        settings = {**DEFAULT_SETTINGS, "bot_timeout": check_timeout(bot_timeout)}
        room, key = new_room(self.store, game, params, settings, seed)
        return TeacherRoom(self.store, room.id, room.code, key)

    def _room(self, code: str) -> Room:
        room = self.store.room_by_code(clean_code(code))
        if room is None or room.game == "table" or (room.expires < self.store.clock() and not room.keep):
            # a play-together table (sheriff.classroom.table) is joined on its own page
            raise ClassroomError(_("No room has this code. Check it with your teacher."), "code")
        return room

    def teacher(self, code: str, key: str) -> TeacherRoom:
        """The room again for its creator (another tab, after a restart); wrong key: ``ClassroomError``."""
        room = self._room(code)
        check_key(room, key, key_matches, ClassroomError(_("This teacher key does not open this room."), "key"))
        return TeacherRoom(self.store, room.id, room.code, key)

    @doing("join")
    def join(self, code: str, nickname: str, seat_key: str | None = None) -> StudentSeat:
        """A student's seat: a new one (``seat.seat_key`` is its rejoin code, for that page only),
        or theirs again with the same nickname and its rejoin code.  A nickname already in the room
        without its code is refused (``taken``), however long its page has been quiet."""
        room = self._room(code)
        if room.state != "open":
            raise closed_error()
        nick = check_not_reserved(clean_nickname(nickname))
        member = self.store.member_by_nick(room.id, nick.casefold()) or _renamed(self.store, room, seat_key)
        if member is not None and member.role == "removed":
            raise removed_error()
        if member is not None and member.role == "bot":
            raise _taken(member.nickname)
        member, key = hold_name(self.store, room, nick, member, seat_key, _taken)
        seat = StudentSeat(self.store, room.id, room.code, member.id, member.nickname, key)
        seat.heartbeat()
        return seat

    def expire(self) -> list[str]:
        """Delete rooms older than a day that were not kept; their codes."""
        return self.store.expire_rooms()


def _renamed(store: Store, room: Room, seat_key: str | None) -> Member | None:
    """The seat whose rejoin code this is, when the teacher renamed it (this device kept the old
    name with the code): the student takes it back under the new name."""
    typed = clean_seat_key(seat_key)
    if not typed:
        return None
    THROTTLE.check(room.code, "seat")  # a code tried against every seat at once: guessing is slowed too
    found = next((m for m in store.members(room.id) if seat_key_matches(typed, m.seat_key_hash)), None)
    if found is None:
        THROTTLE.wrong(room.code, "seat")
    return found


def _taken(nick: str) -> ClassroomError:
    return ClassroomError(taken_words(nick), "taken")


__all__ = ["Classroom"]
