"""A student's seat: what their page shows (only their own side), and their choices."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sheriff.classroom import checks, games
from sheriff.classroom import stats as st
from sheriff.classroom.common import RoomBase, closed_error, deal_seed, display_name, resolve, time_left, watch
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.store import Duplicate, Store
from sheriff.classroom.store_faults import doing
from sheriff.i18n import _


@dataclass(frozen=True)
class HistoryRow:
    round: int
    role: str
    partner: str
    payoff: int
    by_coach: bool = False  # the coach made this seat's choice (the student was away)


@dataclass(frozen=True)
class StudentView:
    """What one student's page shows.  ``status``: ``"waiting"`` (no round for this seat yet),
    ``"choose"`` (``turn`` says what to decide: ``games.merchant_turn`` or ``games.sheriff_sees``),
    ``"partner"`` (waiting for the partner; in the duel a Sheriff's ``turn`` is then
    ``{"ready": False}``), ``"done"`` (``result`` holds the round's outcome), ``"closed"``,
    ``"removed"`` (the teacher took this student out of the room)."""

    code: str
    nickname: str
    game: str
    round: int | None
    round_open: bool
    role: str | None
    partner: str | None
    status: str
    turn: dict | None
    choice: dict | None
    result: dict | None  # {"payoff", "partner_payoff", and the game's detail (games.Outcome.detail)}
    score: int
    history: list[HistoryRow] = field(default_factory=list)
    revealed: bool = False  # the current round is revealed
    class_rounds: list[st.RoundStats] | None = None  # the revealed rounds only (None: none yet)
    prediction: games.Prediction | None = None  # the newest revealed round's (None: none yet)
    by_coach: bool = False  # this round's choice of this seat was made by the coach, not the student
    time_left: float | None = None  # seconds left in the round, when the teacher gave rounds a time limit
    check: str | None = None  # the game whose instructions check this student has still to pass


class StudentSeat(RoomBase):
    """One student's seat in a room (``Classroom.join``)."""

    def __init__(self, store: Store, room_id: int, code: str, member_id: int, nickname: str, seat_key: str = ""):
        super().__init__(store, room_id, code)
        self.member_id = member_id
        self.nickname = nickname
        self.seat_key = seat_key  # the rejoin code: shown on this seat's page only

    def _me(self):
        """This seat's row; a removed student is refused (``removed``), a renamed one gets the new name."""
        me = self.store.member(self.member_id)
        if me is None or me.role == "removed":
            raise removed_error()
        self.nickname = me.nickname
        return me

    def heartbeat(self) -> None:
        """The page is alive: the seat is the student's (again, if the coach had taken it), and the
        room is watched (``common.UNWATCHED``)."""
        self._me()
        self.store.touch(self.member_id, is_bot=False)
        watch(self.store, self._room())

    @doing("check")
    def check(self, answers: list[int | None]) -> list[int]:
        """Answer the instructions check of the room's game (``checks``); the questions answered
        wrongly (by index).  None wrong: the pass is stored, and the teacher sees it."""
        game = self._room().game
        wrong = checks.wrong(game, answers)
        self._me()
        if not wrong:
            try:
                self.store.add_choice(
                    self.room_id, checks.check_round(game), self.member_id, checks.ROLE, {"game": game}
                )
            except Duplicate:  # passed already (another tab)
                pass
        return wrong

    @doing("update")
    def view(self) -> StudentView:
        """The student's page now.  Also a heartbeat, and lets the coach take vanished partners' seats."""
        try:
            self._me()
        except ClassroomError as e:
            if e.reason != "removed":
                raise
            return StudentView(
                code=self.code, nickname=self.nickname, game="", round=None, round_open=False, role=None,
                partner=None, status="removed", turn=None, choice=None, result=None, score=0,
            )  # fmt: skip
        self.store.touch(self.member_id, is_bot=False)  # the heartbeat; tick() tells the store the room is watched
        self.tick()
        room = self._room()
        rounds = self.store.rounds(self.room_id)
        members = {m.id: m for m in self.store.members(self.room_id)}
        results = self.store.results(self.room_id)
        mine = {r.round: r for r in results if r.member == self.member_id}
        pairs = self.store.pairings(self.room_id)
        chosen = self.store.choices(self.room_id)
        by_coach = {c.round for c in chosen if c.member == self.member_id and c.by_bot}
        history = []
        for p in pairs:
            if self.member_id in (p.merchant, p.sheriff) and p.round in mine:
                other = p.sheriff if p.merchant == self.member_id else p.merchant
                r = mine[p.round]
                history.append(HistoryRow(p.round, r.role, display_name(members[other]), r.payoff, p.round in by_coach))
        score = sum(r.payoff for r in mine.values())
        # Reveal is per round: only the rounds the teacher revealed, so a new round's answer (a
        # doubled fine's equilibrium) stays hidden while the class chooses it.
        shown = [rnd for rnd in rounds if rnd.revealed]
        class_rounds = st.class_stats(shown, pairs, chosen, results) if shown else None
        prediction = class_rounds[-1].prediction if class_rounds else None
        rnd = rounds[-1] if rounds else None
        revealed = bool(rnd and rnd.revealed)
        game = rnd.game if rnd and rnd.state == "open" else room.game  # the next round's, between rounds
        done = checks.passed([c for c in chosen if c.member == self.member_id]).get(self.member_id, ())
        blank = StudentView(
            code=self.code, nickname=self.nickname, game=game, round=rnd.number if rnd else None,
            round_open=bool(rnd and rnd.state == "open"), role=None, partner=None, status="waiting", turn=None,
            choice=None, result=None, score=score, history=history, revealed=revealed, class_rounds=class_rounds,
            prediction=prediction, time_left=time_left(room, rnd, self.store.clock()) if rnd else None,
            check=None if game in done else game,
        )  # fmt: skip
        pair = next(
            (p for p in pairs if rnd and p.round == rnd.number and self.member_id in (p.merchant, p.sheriff)), None
        )
        if room.state != "open" or rnd is None or pair is None:
            return replace(blank, status="closed" if room.state != "open" else "waiting")
        role = "merchant" if pair.merchant == self.member_id else "sheriff"
        partner = members[pair.sheriff if role == "merchant" else pair.merchant]
        made = {c.member: c for c in chosen if c.round == rnd.number}
        seed = deal_seed(room, rnd, pair)
        own = made.get(self.member_id)
        merchant = made.get(pair.merchant)
        result = None
        if rnd.number in mine:
            theirs = next((r for r in results if r.round == rnd.number and r.member == partner.id), None)
            r = mine[rnd.number]
            result = {**r.detail, "payoff": r.payoff, "partner_payoff": theirs.payoff if theirs else None}
        if role == "merchant":
            turn = games.merchant_turn(rnd.game, rnd.params, seed)
        else:
            turn = games.sheriff_sees(rnd.game, rnd.params, seed, merchant.payload if merchant else None)
        if result is not None:
            status = "done"
        elif own is not None or not rnd.state == "open":
            status = "partner"
        elif role == "sheriff" and games.sheriff_waits(rnd.game) and merchant is None:
            status = "partner"
        else:
            status = "choose"
        return replace(
            blank, role=role, partner=display_name(partner), status=status, turn=turn,
            choice=own.payload if own else None, result=result, by_coach=bool(own and own.by_bot),
        )  # fmt: skip

    @doing("choice")
    def choose(self, payload: dict) -> StudentView:
        """Make this round's choice (``games`` describes the payloads).  It is stored before this
        returns; a second choice, a move the rules refuse, or a choice out of turn raise
        ``ClassroomError`` with the reason."""
        self.heartbeat()
        room = self._room()
        if room.state != "open":
            raise closed_error()
        rnd = self._current()
        if rnd is None or rnd.state != "open":
            raise ClassroomError(_("Wait for your teacher to start the round."), "round")
        pair = next(
            (p for p in self.store.pairings(self.room_id, rnd.number) if self.member_id in (p.merchant, p.sheriff)),
            None,
        )
        if pair is None:
            raise ClassroomError(_("You joined during this round: you play from the next one."), "round")
        made = {c.member: c for c in self.store.choices(self.room_id, rnd.number)}
        if self.member_id in made:
            raise _chosen()
        seed = deal_seed(room, rnd, pair)
        if pair.merchant == self.member_id:
            role, checked = "merchant", games.check_merchant(rnd.game, rnd.params, seed, payload)
        else:
            merchant = made.get(pair.merchant)
            if games.sheriff_waits(rnd.game) and merchant is None:
                raise ClassroomError(_("Wait for the merchant to declare."), "not_your_turn")
            role = "sheriff"
            checked = games.check_sheriff(rnd.game, rnd.params, seed, merchant.payload if merchant else None, payload)
        try:
            made[self.member_id] = self.store.add_choice(self.room_id, rnd.number, self.member_id, role, checked)
        except Duplicate:
            raise _chosen() from None
        if pair.merchant not in made or pair.sheriff not in made:  # the partner may have chosen meanwhile
            made.update({c.member: c for c in self.store.choices(self.room_id, rnd.number)})
        resolve(self.store, room, rnd, pair, made)
        room_now = self._room()
        if room_now.state == "open":
            self.tick()  # a coach partner answers at once
        return self.view()


def removed_error() -> ClassroomError:
    return ClassroomError(_("Your teacher has taken you out of this room."), "removed")


def _chosen() -> ClassroomError:
    return ClassroomError(_("You have already chosen in this round."), "chosen")


__all__ = ["StudentSeat", "StudentView", "HistoryRow", "removed_error"]
