"""What the teacher's room and the student's seat share: settings, the coach filling seats, results."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sheriff.classroom import games
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.names import (
    BOT_NICK,
    THROTTLE,
    clean_seat_key,
    hash_key,
    hash_seat_key,
    new_code,
    new_key,
    new_seat_key,
    seat_key_matches,
)
from sheriff.classroom.store import Duplicate, Member, Pairing, Room, Round, Store
from sheriff.i18n import _

DEFAULT_SETTINGS: dict[str, Any] = {
    "bot_timeout": 60.0,  # seconds without a heartbeat before the coach plays a seat
    "active": 15.0,  # seconds: a seat seen this recently is in use, its nickname taken
    "repair": False,  # the next round pairs everybody afresh
    "round_limit": None,  # seconds a round lasts (a countdown on every student's page); None: no limit
}
GAP_SECONDS = 8.0  # rounds that run themselves: the results stay this long before the next round opens
MIN_TIMEOUT, MAX_TIMEOUT = 5.0, 3600.0
# Downtime is not absence.  Every page's poll tells the store the room is watched (``Store.watch_room``,
# a write at most every WATCH_EVERY seconds).  When nobody has polled a room for UNWATCHED seconds
# (the server restarted, every server stopped, the database was down), the first poll after the gap
# marks the room resumed, and the coach counts a seat's silence from then at the earliest: every
# seat gets the whole bot timeout afresh to reload.  This lives in the shared store, not in a
# process (a "this process started at" time), so that several servers on one PostgreSQL store
# agree on every seat; a restart of one of them while another keeps polling the room is, for the
# room, the same as its students' pages being lost (the coach may play their seats once the
# timeout passes; they take them back on their next poll).
WATCH_EVERY, UNWATCHED = 5.0, 20.0


def display_name(m: Member) -> str:
    """A seat's name on a page: the nickname, or the coach's own name for a seat the coach fills."""
    return _(BOT_NICK) if m.role == "bot" else m.nickname


def closed_error() -> ClassroomError:
    return ClassroomError(_("This room is closed."), "closed")


def check_timeout(seconds: float) -> float:
    try:
        value = float(seconds)
    except (TypeError, ValueError):
        value = -1.0
    if not MIN_TIMEOUT <= value <= MAX_TIMEOUT:
        raise ClassroomError(
            _("Choose a waiting time from {lo} to {hi} seconds.").format(lo=int(MIN_TIMEOUT), hi=int(MAX_TIMEOUT)),
            "params",
        )
    return value


class RoomBase:
    def __init__(self, store: Store, room_id: int, code: str):
        self.store = store
        self.room_id = room_id
        self.code = code

    def _room(self) -> Room:
        room = self.store.room(self.room_id)
        if room is None:
            raise ClassroomError(_("This room no longer exists."), "closed")
        return room

    def _current(self) -> Round | None:
        rounds = self.store.rounds(self.room_id)
        return rounds[-1] if rounds else None

    def tick(self) -> int:
        """Let the coach choose for seats that must: the odd seat's coach at once, a vanished
        student's seat after the bot timeout.  Returns how many choices it made.  Safe to call
        from every page at once (a seat's choice is stored once)."""
        room = watch(self.store, self._room())
        rnd = self._current()
        if rnd is None or rnd.state != "open":
            return 0
        left = time_left(room, rnd, self.store.clock())
        if left is not None and left <= 0:  # the round's time is up: whichever page sees it first ends it
            return close_round(self.store, room, rnd)
        return fill(self.store, room, rnd, timeout=room.settings["bot_timeout"])


def time_left(room: Room, rnd: Round, now: float) -> float | None:
    """Seconds left in ``rnd`` when the room gave it a time limit (``deadline``, set as it opened)."""
    deadline = room.settings.get("deadline")
    if rnd.state != "open" or not deadline or deadline[0] != rnd.number:
        return None
    return max(0.0, float(deadline[1]) - now)


def close_round(store: Store, room: Room, rnd: Round) -> int:
    """End ``rnd``: the coach makes every choice still missing (each pair gets its result); the
    choices it made."""
    n = fill(store, room, rnd, timeout=None)
    if games.sheriff_waits(rnd.game):  # the Sheriffs' turn came only once the merchants chose
        n += fill(store, room, rnd, timeout=None)
    store.update_round(room.id, rnd.number, state="closed", closed=store.clock())
    return n


def watch(store: Store, room: Room) -> Room:
    """Tell the store a page polls ``room`` (see UNWATCHED); the room as it is afterwards."""
    if room.watched is not None and store.clock() - room.watched < WATCH_EVERY:
        return room
    store.watch_room(room.id, every=WATCH_EVERY, idle=UNWATCHED)
    return store.room(room.id) or room


def new_room(store: Store, game: str, params: dict, settings: dict, seed: int | None) -> tuple[Room, str]:
    """A room (class room or table) under a fresh code, and the key shown to its creator once (only
    its hash is stored).  ``seed`` fixes the deals and the coach's draws (tests, benchmarks); by
    default a random one.  Expired rooms go first."""
    key = new_key()
    store.expire_rooms()
    for _attempt in range(20):
        try:
            seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
            return store.create_room(new_code(), hash_key(key), game, params, settings, seed=seed), key
        except Duplicate:  # the code is taken: draw another
            continue
    raise RuntimeError("no free room code")  # pragma: no cover - 31**6 codes


def new_member(store: Store, room_id: int, nick: str, role: str = "student") -> tuple[Member, str]:
    """A new person in a room (class room or table) and their seat key, shown on their page only.
    ``Duplicate`` if the nickname was taken meanwhile."""
    key = new_seat_key()
    return store.add_member(room_id, nick, nick.casefold(), role=role, seat_key_hash=hash_seat_key(key)), key


def hold_name(
    store: Store,
    room: Room,
    nick: str,
    member: Member | None,
    seat_key: str | None,
    taken: Callable[[str], ClassroomError],
    role: str = "student",
) -> tuple[Member, str]:
    """One name, one page, for a class room and a table alike: ``member`` (whoever holds ``nick``
    here, or None) and the seat key this page shows.  A name nobody holds becomes a new member
    (``taken(nick)`` if another page took it at this instant); a held one is this page's only
    with its rejoin code (``owner_key``; ``taken(name)`` without one)."""
    if member is None:
        try:
            return new_member(store, room.id, nick, role=role)
        except Duplicate:  # the same name joined from another page at this instant: that page has it
            raise taken(nick) from None
    return member, owner_key(store, room, member, seat_key, taken(member.nickname))


def taken_words(name: str, where: str = "room") -> str:
    """What a page says when another page holds the name typed (``hold_name``), in a room's or a table's words."""
    if where == "table":
        return _(
            "“{name}” already sits at this table. If that is you, type the rejoin code your seat's page "
            "showed you; otherwise choose another name."
        ).format(name=name)
    return _(
        "“{nick}” is already in this room. If that is you, type the rejoin code your seat's page "
        "showed you; otherwise choose another nickname."
    ).format(nick=name)


def owner_key(store: Store, room: Room, member: Member, seat_key: str | None, taken: ClassroomError) -> str:
    """The seat key proving that this page is ``member``'s (the rejoin code it typed, or the one its
    browser kept), formatted as shown; else ``taken`` (no code typed) or a refusal of the code.

    One name, one person: a nickname alone never gives a seat back, whether its page is open, quiet
    for a minute, or the coach plays it.  A seat from before seat keys (schema 2) keeps the old rule:
    free once its page has been quiet for ``active`` seconds; it gets a key then."""
    if member.seat_key_hash is None:
        if store.clock() - member.last_seen < DEFAULT_SETTINGS["active"]:
            raise taken
        key = new_seat_key()
        store.set_seat_key(member.id, hash_seat_key(key))
        return key
    typed = clean_seat_key(seat_key)
    if not typed:
        raise taken
    THROTTLE.check(room.code, "seat")
    if not seat_key_matches(typed, member.seat_key_hash):
        THROTTLE.wrong(room.code, "seat")
        raise ClassroomError(
            _("This rejoin code does not open the seat of “{nick}”. Check it on the page that joined.").format(
                nick=member.nickname
            ),
            "seat_key",
        )
    return f"{typed[:4]}-{typed[4:]}"


def check_key(room: Room, key: str, matches, refusal: ClassroomError) -> None:
    """A teacher's or host's key for ``room``, with wrong tries slowed down (``names.KeyThrottle``)."""
    THROTTLE.check(room.code, "owner")
    if not matches(key, room.key_hash):
        THROTTLE.wrong(room.code, "owner")
        raise refusal


def deal_seed(room: Room, rnd: Round, p: Pairing) -> int:
    return games.deal_seed(room.seed, rnd.number, p.pair)


def fill(store: Store, room: Room, rnd: Round, timeout: float | None) -> int:
    """The coach's choices where due (``timeout`` None: every missing choice, at once)."""
    now = store.clock()
    members = {m.id: m for m in store.members(room.id)}
    made = {c.member: c for c in store.choices(room.id, rnd.number)}
    # Pairs already settled are skipped: every page ticks every second or so, and re-storing thirty
    # results each time (refused as duplicates) cost PostgreSQL a failed write apiece.
    settled = {r.member for r in store.results(room.id, rnd.number)}
    n = 0
    for p in store.pairings(room.id, rnd.number):
        if p.merchant in settled and p.sheriff in settled:
            continue
        seed = deal_seed(room, rnd, p)
        for role, mid in (("merchant", p.merchant), ("sheriff", p.sheriff)):
            if mid in made:
                continue
            m = members[mid]
            merchant = made.get(p.merchant)
            if role == "sheriff" and games.sheriff_waits(rnd.game) and merchant is None:
                continue
            waited = role == "sheriff" and merchant is not None and games.sheriff_waits(rnd.game)
            since = max(
                m.last_seen,
                rnd.opened,
                room.resumed or 0.0,  # downtime is not absence (UNWATCHED)
                merchant.made
                if waited and merchant is not None
                else 0.0,  # the duel's Sheriff could choose only from then
            )
            if m.role == "student" and timeout is not None and now - since < timeout:
                continue
            if role == "merchant":
                payload = games.bot_merchant(rnd.game, rnd.params, seed)
            else:
                payload = games.bot_sheriff(rnd.game, rnd.params, seed, merchant.payload if merchant else None)
            if m.role == "student":
                store.set_bot(mid, True)
            try:
                made[mid] = store.add_choice(room.id, rnd.number, mid, role, payload, by_bot=True)
                n += 1
            except Duplicate:  # the student (or another page's tick) got there first
                made.update({c.member: c for c in store.choices(room.id, rnd.number)})
        resolve(store, room, rnd, p, made)
    return n


def resolve(store: Store, room: Room, rnd: Round, p: Pairing, made: dict) -> bool:
    mc, sc = made.get(p.merchant), made.get(p.sheriff)
    if mc is None or sc is None:
        return False
    out = games.resolve(rnd.game, rnd.params, deal_seed(room, rnd, p), mc.payload, sc.payload)
    store.add_result(room.id, rnd.number, p.merchant, "merchant", out.merchant, out.detail)
    store.add_result(room.id, rnd.number, p.sheriff, "sheriff", out.sheriff, out.detail)
    return True
