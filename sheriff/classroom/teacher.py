"""The teacher's side of a room: rounds, parameters, the coach's timeout, Reveal, the dashboard, the
CSV, closing.  Only a ``TeacherRoom`` (made by ``Classroom.create_room`` or ``Classroom.teacher``
with the key) can change a room."""

from __future__ import annotations

from dataclasses import dataclass

from sheriff.classroom import checks, games
from sheriff.classroom import stats as st
from sheriff.classroom.common import (
    BOT_NICK,
    GAP_SECONDS,
    RoomBase,
    check_timeout,
    close_round,
    closed_error,
    display_name,
    fill,
    time_left,
)
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.names import check_not_reserved, clean_nickname
from sheriff.classroom.pairing import COACH, pair_up
from sheriff.classroom.store import Duplicate, Member, Store
from sheriff.classroom.store_faults import doing
from sheriff.i18n import _


@dataclass(frozen=True)
class SeatRow:
    """One seat on the teacher's dashboard."""

    member: int
    nickname: str
    coach: bool  # the coach plays it (a vanished student's seat, or the odd seat)
    online: bool  # its page called within the bot timeout
    role: str | None  # merchant / sheriff in the current round; None: not in it
    chosen: bool  # has chosen in the current round
    score: int
    checked: tuple[str, ...] = ()  # the games whose instructions check this student passed (``checks``)


@dataclass(frozen=True)
class Autoplay:
    """Rounds that run themselves: how many are still to start, and whether the teacher paused."""

    left: int
    paused: bool


@dataclass(frozen=True)
class Dashboard:
    code: str
    game: str
    params: dict
    state: str  # open | closed
    round: int | None  # the current (or last) round's number
    round_open: bool
    revealed: bool  # the current round is revealed (each round's own flag: ``rounds[i].revealed``)
    bot_timeout: float
    seats: list[SeatRow]
    rounds: list[st.RoundStats]  # every round, oldest first
    prediction: games.Prediction  # for the parameters of the next round: the teacher's, never projected
    round_limit: float | None = None  # seconds each round lasts from the next one on (None: no limit)
    time_left: float | None = None  # seconds left in the current round, when it has a limit
    autoplay: Autoplay | None = None  # "Play N rounds" running (or paused); None: rounds start by hand
    next_game: str = ""  # the game of the next round (the teacher's settings; ``game`` is the current round's)

    @property
    def chosen(self) -> int:
        """Choices made in the current round (the teacher's live count)."""
        return self.rounds[-1].choices if self.rounds else 0


def _between_rounds() -> ClassroomError:
    return ClassroomError(_("End the round first: the settings change between rounds."), "round")


class TeacherRoom(RoomBase):
    """A room, for its creator.  ``key`` is the teacher key (show it once, to the teacher)."""

    def __init__(self, store: Store, room_id: int, code: str, key: str):
        super().__init__(store, room_id, code)
        self.key = key

    # -- settings ------------------------------------------------------------------------------
    def _open_room(self):
        room = self._room()
        if room.state != "open":
            raise closed_error()
        return room

    def _no_open_round(self) -> None:
        rnd = self._current()
        if rnd is not None and rnd.state == "open":
            raise _between_rounds()

    def set_game(self, game: str, params: dict | None = None) -> dict:
        """Switch the game for the next round (its default parameters unless given); the parameters.
        Also while a round is played: the settings are used from the next round on."""
        self._open_room()
        checked = games.check_params(game, params or {})
        self.store.update_room(self.room_id, game=game, params=checked)
        return checked

    def set_params(self, **params) -> dict:
        """Change some parameters for the next round (e.g. ``fine=2``); the full parameters."""
        room = self._open_room()
        checked = games.check_params(room.game, {**room.params, **params})
        self.store.update_room(self.room_id, params=checked)
        return checked

    def set_bot_timeout(self, seconds: float) -> None:
        """How long a seat may stay silent before the coach plays it."""
        room = self._room()
        self.store.update_room(self.room_id, settings={**room.settings, "bot_timeout": check_timeout(seconds)})

    def set_round_limit(self, seconds: float | None) -> None:
        """Each round from the next one on lasts ``seconds`` (students see a countdown; when the time is
        up the coach chooses for whoever has not, and the round ends); None or 0: no limit."""
        limit = check_timeout(seconds) if seconds else None
        room = self._room()
        self.store.update_room(self.room_id, settings={**room.settings, "round_limit": limit})

    def reveal(self, show: bool = True) -> int:
        """Show the current round's prediction and the class's shares on every page (with every
        earlier round's: they are over), or hide the current round's again; its number.  Each new
        round starts hidden, so students choose a doubled-fine round before they see its answer."""
        self._room()
        rnd = self._current()
        if rnd is None:
            raise ClassroomError(_("Play a round first: Reveal shows a round's answer."), "round")
        if show:
            self.store.reveal_rounds(self.room_id, rnd.number)
        else:
            self.store.update_round(self.room_id, rnd.number, revealed=False)
        return rnd.number

    def repair(self) -> None:
        """The next round pairs everybody afresh."""
        room = self._room()
        self.store.update_room(self.room_id, settings={**room.settings, "repair": True})

    # -- rounds --------------------------------------------------------------------------------
    def _coach_member(self, taken: list[Member]) -> int:
        for m in taken:
            if m.role == "bot":
                return m.id
        # a tab: no student nickname has one (control characters are refused)
        return self.store.add_member(self.room_id, BOT_NICK, "\tcoach", role="bot", is_bot=True).id

    def start_round(self) -> int:
        """Open the next round with the current game and parameters, pairing the students; its number."""
        room = self._open_room()
        self._no_open_round()
        members = self.store.members(self.room_id)
        students = [m.id for m in members if m.role == "student"]
        if not students:
            raise ClassroomError(_("Nobody has joined yet: wait for the students to type the code."), "round")
        last = self._current()
        number = last.number + 1 if last else 1
        previous = [(p.merchant, p.sheriff) for p in self.store.pairings(self.room_id, last.number)] if last else []
        pairs = pair_up(students, previous, repair=room.settings.get("repair", False), seed=room.seed + number)
        if any(COACH in p for p in pairs):
            coach = self._coach_member(members)
            pairs = [(coach if m == COACH else m, coach if s == COACH else s) for m, s in pairs]
        rnd = self.store.open_round(self.room_id, number, room.game, room.params, pairs)
        limit = room.settings.get("round_limit")
        settings = {**room.settings, "repair": False, "deadline": [number, rnd.opened + limit] if limit else None}
        self.store.update_room(self.room_id, settings=settings)
        room = self._room()
        fill(self.store, room, rnd, timeout=room.settings["bot_timeout"])  # the coach's seat chooses at once
        return number

    def end_round(self) -> None:
        """Close the current round; the coach makes every choice still missing, so each pair has a result."""
        room = self._room()
        rnd = self._current()
        if rnd is None or rnd.state != "open":
            raise ClassroomError(_("No round is being played."), "round")
        close_round(self.store, room, rnd)

    # -- rounds that run themselves ------------------------------------------------------------
    def play_rounds(self, n: int) -> None:
        """Play ``n`` rounds by themselves (the round being played counts as the first): each ends
        once every pair has its result or its time is up, and the next starts a few seconds later
        (``GAP_SECONDS``), until ``n`` were played or the teacher pauses.  Starts one now if none is
        being played.  The teacher's page drives it (``advance``) as it polls."""
        if not 1 <= int(n) <= 50:
            raise ClassroomError(_("Choose from 1 to 50 rounds."), "params")
        room = self._open_room()
        rnd = self._current()
        self._set_auto(room, {"left": int(n) - 1, "paused": False})
        if rnd is None or rnd.state != "open":
            self.start_round()

    def pause(self, paused: bool = True) -> None:
        """Stop rounds from running themselves (the round being played goes on), or go on again."""
        room = self._room()
        auto = room.settings.get("autoplay")
        if auto:
            self._set_auto(room, {**auto, "paused": paused})

    def stop_rounds(self) -> None:
        """Rounds are started by hand again."""
        self._set_auto(self._room(), None)

    def _set_auto(self, room, auto: dict | None) -> None:
        self.store.update_room(self.room_id, settings={**room.settings, "autoplay": auto})

    @doing("update")  # called by the page's poll: a failure is "this page could not be updated"
    def advance(self) -> str:
        """One step of rounds that run themselves: end the round when every pair has its result,
        start the next after the gap.  What it did: "ended", "started", "done" (the last round was
        played), or "" (nothing to do now)."""
        room = self._room()
        auto = room.settings.get("autoplay")
        if not auto or auto.get("paused") or room.state != "open":
            return ""
        rnd = self._current()
        if rnd is not None and rnd.state == "open":
            pairs = self.store.pairings(self.room_id, rnd.number)
            if len(self.store.results(self.room_id, rnd.number)) < 2 * len(pairs):
                return ""
            close_round(self.store, room, rnd)
            return "ended"
        if auto["left"] <= 0:
            self._set_auto(room, None)
            return "done"
        if rnd is not None and self.store.clock() - (rnd.closed or 0.0) < GAP_SECONDS:
            return ""
        self._set_auto(room, {**auto, "left": auto["left"] - 1})
        try:
            self.start_round()
        except Duplicate:  # another tab of the teacher's started it
            return ""
        return "started"

    # -- people --------------------------------------------------------------------------------
    def _student(self, member_id: int) -> Member:
        m = self.store.member(member_id)
        if m is None or m.room_id != self.room_id or m.role != "student":
            raise ClassroomError(_("This student is no longer in the room."), "member")
        return m

    def remove(self, member_id: int) -> None:
        """Take a student out of the room: their seat leaves the dashboard and the next pairings,
        the coach finishes a round already started for it, their page says so and offers nothing,
        and the nickname cannot be taken again in this room."""
        self._student(member_id)
        self.store.update_member(member_id, role="removed", is_bot=True)
        room = self._room()
        rnd = self._current()
        if rnd is not None and rnd.state == "open":
            fill(self.store, room, rnd, timeout=room.settings["bot_timeout"])

    def rename(self, member_id: int, nickname: str) -> str:
        """Give a student another nickname (one the projector may show); the name as stored."""
        self._student(member_id)
        nick = check_not_reserved(clean_nickname(nickname))
        try:
            self.store.update_member(member_id, nickname=nick, nick_key=nick.casefold())
        except Duplicate:
            raise ClassroomError(
                _("“{nick}” is already in this room: choose another nickname.").format(nick=nick), "taken"
            ) from None
        return nick

    # -- what the teacher sees -----------------------------------------------------------------
    @doing("update")
    def dashboard(self) -> Dashboard:
        """The room now: seats, the current round's count, every round's shares, scores.  It also
        lets the coach take over vanished seats (``tick``)."""
        self.tick()
        room = self._room()
        rounds = self.store.rounds(self.room_id)
        pairs = self.store.pairings(self.room_id)
        chosen = self.store.choices(self.room_id)
        results = self.store.results(self.room_id)
        members = self.store.members(self.room_id)
        current = rounds[-1] if rounds else None
        role = {}
        if current:
            for p in pairs:
                if p.round == current.number:
                    role[p.merchant], role[p.sheriff] = "merchant", "sheriff"
        chose = {c.member for c in chosen if current and c.round == current.number}
        checked = checks.passed(chosen)
        total = st.scores(results)
        now = self.store.clock()
        seats = [
            SeatRow(
                member=m.id,
                nickname=display_name(m),
                coach=m.is_bot,
                online=m.role != "bot" and now - m.last_seen < room.settings["bot_timeout"],
                role=role.get(m.id),
                chosen=m.id in chose,
                score=total.get(m.id, 0),
                checked=checked.get(m.id, ()),
            )
            for m in members
            if m.role != "removed"
        ]
        auto = room.settings.get("autoplay")
        return Dashboard(
            code=room.code,
            game=current.game if current else room.game,
            next_game=room.game,
            params=room.params,
            state=room.state,
            round=current.number if current else None,
            round_open=bool(current and current.state == "open"),
            revealed=bool(current and current.revealed),
            bot_timeout=float(room.settings["bot_timeout"]),
            seats=seats,
            rounds=st.class_stats(rounds, pairs, chosen, results),
            prediction=games.prediction(room.game, room.params),
            round_limit=room.settings.get("round_limit"),
            time_left=time_left(room, current, now) if current else None,
            autoplay=Autoplay(int(auto["left"]), bool(auto.get("paused"))) if auto else None,
        )

    def csv(self) -> str:
        """Every choice of the room as CSV text (nicknames only; ``stats.CSV_COLUMNS``)."""
        return st.to_csv(
            self.store.rounds(self.room_id),
            self.store.pairings(self.room_id),
            [c for c in self.store.choices(self.room_id) if c.round >= 1],  # not the instructions checks
            self.store.results(self.room_id),
            self.store.members(self.room_id),
        )

    def summary_csv(self) -> str:
        """One row per student: seat id, nickname, rounds, points, choices by kind
        (``stats.SUMMARY_COLUMNS``)."""
        return st.summary_csv(
            self.store.choices(self.room_id),
            self.store.results(self.room_id),
            self.store.members(self.room_id),
            self.store.rounds(self.room_id),
        )

    def close(self, keep: bool = False) -> None:
        """Close the room: ``keep`` its data (it then never expires) or delete everything now."""
        rnd = self._current()
        if rnd is not None and rnd.state == "open":
            self.end_round()
        if keep:
            self.store.update_room(self.room_id, state="closed", keep=True)
        else:
            self.store.delete_room(self.room_id)


__all__ = ["TeacherRoom", "Dashboard", "SeatRow"]
