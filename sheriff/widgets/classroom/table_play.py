"""One seat at a play-together table, drawn by the play page: the same card table, story box,
controls and coach, with the viewer fixed to this seat and every move sent to the table's store.

``TableSession`` stands in for the play page's ``Session``: it holds what the last
``TableSnapshot`` says (the game as this process rebuilt it, the seats the coach plays, the story
this seat may read), and ``TablePlay`` is the play widget whose moves go through ``seat.play``.
No hot-seat handover: a page shows one seat's cards (a spectator's page: none).  Everything drawn
for a seat comes from ``game.view(seat)`` (play_table, play_controls), never from the whole game.
"""

from __future__ import annotations

from sheriff import actions as A
from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.table import TableSnapshot
from sheriff.classroom.table_base import paused_words
from sheriff.engine import Game, apply_unchecked
from sheriff.i18n import _
from sheriff.state import INSPECT
from sheriff.widgets import render
from sheriff.widgets.classroom.shared import message_html
from sheriff.widgets.classroom.table_lobby import seat_list_html
from sheriff.widgets.markup import render as render_template
from sheriff.widgets.play.app import PlayApp, close_tree
from sheriff.widgets.play.session import Line


class TableSession:
    """The play page's session, read from a table's snapshots (no bots here: the store's coach plays)."""

    def __init__(self, snap: TableSnapshot):
        self.snap = snap
        self.lines: list[Line] = []
        self._replica: Game | None = None  # the game from its start, one stored move after another: each line's round
        self.update(snap)

    def update(self, snap: TableSnapshot) -> None:
        self.snap = snap
        g = snap.game
        if g is None:
            return
        if self._replica is None or len(snap.story) < len(self.lines):
            self._replica, self.lines = g.branch(0), []
        replica = self._replica
        history = g.history
        mine = snap.seat
        for i in range(len(self.lines), min(len(snap.story), len(history))):
            rnd = replica.state.round
            apply_unchecked(replica.state, history[i])
            who, by = snap.events_by[i] if i < len(snap.events_by) else (None, "human")
            kind = "bot" if by == "bot" else ("human" if who == mine else "move")
            self.lines.append(Line(rnd, kind, snap.story[i], who))

    @property
    def game(self):
        return self.snap.game

    @property
    def names(self) -> list[str]:
        return list(self.snap.names)

    @property
    def humans(self) -> list[int]:
        return [p for p, bot in enumerate(self.snap.bots) if not bot]

    @property
    def narration_seat(self):
        return self.snap.seat

    def is_bot(self, p: int | None) -> bool:
        return p is not None and 0 <= p < len(self.snap.bots) and self.snap.bots[p]

    def bot_label(self, p: int) -> str:
        return _("plays as the coach advises")


class TablePlay(PlayApp):
    """The play widget for one seat (``seat``: a ``TableSeat``) or a spectator (``seat`` None).

    ``show(snap)`` draws a snapshot; a move goes to ``seat.play`` and ``on_moved`` (the page's
    refresh) then draws what the store holds."""

    def __init__(self, seat=None, on_moved=None):
        super().__init__(bot_delay=0.8)
        self.seat_ref = seat
        self.on_moved = on_moved
        self.setup.box.layout.display = "none"
        # no saving mid-game, no pause between bots, no new game: the table's page has its own
        saving = [c for c in self.game_box.children if self.save_msg in getattr(c, "children", ())]
        self.game_box.children = [c for c in self.game_box.children if c not in saving]
        for c in saving:
            close_tree(c)
        self.snap: TableSnapshot | None = None
        # what a seat's page shows first on a phone (the stylesheet: .sn-table-seated .sn-play-first)
        for w in (self.header, self.notice, self.private, self.end):
            w.add_class("sn-play-first")
        self.result.add_class("sn-play-recap")  # "since your last move": right under the cards there

    # -- drawing a snapshot ----------------------------------------------------------------
    def show(self, snap: TableSnapshot) -> None:
        if self.session is None or not isinstance(self.session, TableSession):
            self.session = TableSession(snap)  # type: ignore[assignment]
        else:
            self.session.update(snap)
        self.snap = snap
        self._viewer = self._holder = snap.seat
        self._handover_to = None
        self._bots_running = snap.paused_by is not None  # paused: no controls, the waiting text says why
        self.game_box.layout.display = ""
        if snap.over:
            self.result.value = ""  # "since your last move" would stop short of the end: the story tells it
        if snap.game is not None:
            self._render()

    def _advance(self) -> None:  # the store's coach moves the bots; the page only draws
        self._render()

    def _waiting_text(self) -> str:
        snap = self.snap
        if snap is None or snap.to_act is None:
            return ""
        if snap.paused_by is not None:
            return paused_words(snap.paused_by)
        name = snap.names[snap.to_act]
        if snap.bots[snap.to_act]:
            return _("Waiting for {name} (the coach plays this seat)…").format(name=name)
        return _("Waiting for {name}…").format(name=name)

    def _nobody_text(self) -> str:
        return _("The spectator's view: only what every player sees. Each player's cards are on their own device.")

    def _end_note(self) -> str:
        return render_template(
            "note.html.j2",
            text=_("The full replay, with every hand shown, is below: open it on the replay page, or download it."),
        )

    # -- moves go to the store --------------------------------------------------------------
    def submit(self, action, confirmed: bool = False) -> bool:
        snap, seat = self.snap, self.seat_ref
        if seat is None or snap is None or snap.game is None:
            return False
        if self._held_for_confirmation(snap.game, action, confirmed):
            return False
        try:
            new = seat.play(action, seq=snap.seq)
        except ClassroomError as e:  # the rules' refusal, or the store's (StoreUnavailable)
            illegal = getattr(e, "illegal", None)
            self.notice.value = render.refusal(illegal) if illegal is not None else message_html(str(e))
            if self.on_moved is not None:
                self.on_moved()
            return False
        self.notice.value = ""
        if self.on_moved is not None:
            self.on_moved(new)
        else:
            self.show(new)
        return True

    def _time_up(self) -> None:
        snap = self.snap
        if snap is None or snap.game is None or snap.game.phase != INSPECT or snap.seat is None:
            return
        self.submit(A.TimeUp(snap.seat), confirmed=True)

    def save(self) -> str | None:
        """The whole game once it is over (the store's replay, in the save format)."""
        snap = self.snap
        if snap is None or not snap.over or self.seat_ref is None:
            return None
        text = self.seat_ref.tables.replay_text(snap.code)
        self.save_json.value = text
        return text


def seat_names_html(snap: TableSnapshot) -> str:
    """Who sits where: names, the host, the coach's seats, whose turn it is (public; no one online)."""
    return seat_list_html(snap, online=False)


__all__ = ["TablePlay", "TableSession", "seat_names_html"]
