"""The play-together page: open a table, join it with its code and a name, or watch it.

    from sheriff.widgets.classroom.table_page import TablePage
    TablePage()        # the join form; "Open a table" for the host; "Watch (projector)"

The host picks the edition, the number of players, the variants, the seats the coach plays and an
optional time limit, then shares the code or the invite link and its QR code (``table_lobby``).  Each
person sees only their own seat (``table_play.TablePlay``); moves are stored by
``sheriff.classroom.table`` before any page shows them.  The host's controls follow the host's role
(it can pass to a player, and passes by itself when the host's page has been gone a minute), the host
pauses and resumes the game, a player may let the coach play for them, and after the game every page
links to the replay page and the host starts a rematch that every page follows.  The code comes typed
or from the address (the page template); a poll (``table_pace``) asks whether the table changed,
and only then reads it, moves the coach and redraws.  Headless for tests: set the fields, press, ``refresh``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.table import Tables, TableSnapshot
from sheriff.i18n import _
from sheriff.widgets import kit, lesson
from sheriff.widgets.classroom import shared as cr
from sheriff.widgets.classroom.table_lobby import (
    AwayControls,
    HostSeats,
    binder_notice_html,
    clock_html,
    code_html,
    host_gone_words,
    invite_html,
    invite_link,
    replay_html,
    status_html,
)
from sheriff.widgets.classroom.table_pace import FAST, Pace
from sheriff.widgets.classroom.table_play import TablePlay
from sheriff.widgets.play.setup import VARIANTS, fit_to_edition

TABLE_PAGE = "52_table.ipynb"
TABLE_VARIANTS = [(k, label) for k, label in VARIANTS if k != "time_limit"]  # the table has its own clock
TIME_LIMITS = (0, 30, 60, 120, 300)  # 0: none (a Dropdown cannot show None as a choice)
_FIELD = {"style": {"description_width": "130px"}, "layout": {"width": "min(380px, 100%)"}}


def _limit_label(s: int) -> str:
    return _("{n} seconds").format(n=s) if s else _("no time limit")


class TablePage(kit.Frame):
    """``tables``: the store's entry point (tests pass one on a temporary store)."""

    def __init__(self, tables: Tables | None = None, binder: bool | None = None):
        super().__init__(border=None)
        self.add_class("sn-class")
        self.add_class("sn-table-page")
        self._tables = tables
        self.seat: Any = None  # TableSeat: this page's own seat
        self.host: Any = None  # TableHost: this page opened the table (or holds the host's role)
        self.watch: Any = None  # TableSpectator: this page only watches
        self.snap: TableSnapshot | None = None
        self._drawn: tuple | None = None
        self._replay_for: str | None = None
        self.poller, self.pace = cr.Poller(self.poll, FAST), Pace(seated=False)
        if cr.on_binder() if binder is None else binder:
            self.body(lesson.html(cr.CSS + binder_notice_html()))
            return
        self._build_join()
        self._build_open()
        self._build_table()
        self.body(lesson.html(cr.CSS), self.join_box, self.open_box, self.table_box)

    @property
    def tables(self) -> Tables:
        if self._tables is None:
            self._tables = Tables()
        return self._tables

    # -- before a table: join, watch, open one, take one back ----------------------------------
    def _build_join(self):
        self.code = widgets.Text(description=_("Table code"), placeholder="K7MX3Q", **_FIELD)
        self.name = widgets.Text(description=_("Your name"), placeholder=_("e.g. Robin"), **_FIELD)
        self.code.add_class("sn-join-code")
        self.name.add_class("sn-join-nick")
        self.join = lesson.button(
            _("Join the table"), width="200px", button_style="primary", icon="sign-in", _dom_classes=["sn-join"]
        )
        self.join.on_click(self._join)
        self.spectate = lesson.button(_("Watch (projector)"), width="200px", icon="eye")
        self.spectate.tooltip = _("See only what every player sees, for a projector or someone who is not playing")
        self.spectate.add_class("sn-watch")
        self.spectate.on_click(self._watch)
        self.join_msg = lesson.html(_dom_classes=["sn-join-msg"])
        self.joining = cr.SeatJoin(self.join_msg, "table", typed=(self.code, self.name))
        # filled by the page template from the address (an invite link: ``?table=K7MX3Q``)
        self.invited = widgets.Text(layout={"display": "none"}, _dom_classes=["sn-address-table"])
        self.invited.observe(lambda _c: self._invited(), names="value")
        self.join_box = kit.box(
            [
                lesson.label(
                    _(
                        "Type the code the host shows, and the name the others will see at the table. Closed "
                        "this page by mistake? On this device your seat is remembered; on another, type your "
                        "rejoin code too: your seat's page showed it."
                    )
                ),
                self.code,
                self.name,
                self.joining.key,
                lesson.row([self.join, self.spectate], flex_flow="row wrap"),
                self.join_msg,
                self.joining.device,
                self.invited,
            ],
            title=_("Join a table"),
            kicker=_("Play together"),
        )

    def _build_open(self):
        self._open_fields()
        self.open = lesson.button(
            _("Open the table"), width="200px", button_style="primary", icon="plus", _dom_classes=["sn-open"]
        )
        self.open.on_click(self._open)
        self.open_msg = lesson.html(_dom_classes=["sn-open-msg"])
        self.edition.observe(lambda _c: self._form_changed(), "value")
        self.players.observe(lambda _c: self._form_changed(), "value")
        self._form_changed()
        self.open_box = kit.box(
            [
                lesson.label(
                    _(
                        "Choose the game; tick the seats the coach should play (the seats nobody takes "
                        "go to the coach when you start). A time limit lets the coach move for a player who "
                        "takes too long; the table is told."
                    )
                ),
                self.edition,
                self.players,
                widgets.HBox(list(self.variants.values()), layout={"flex_flow": "row wrap"}),
                widgets.HBox(self.bot_seats, layout={"flex_flow": "row wrap"}),
                self.limit,
                self.host_name,
                self.open,
                self.open_msg,
                *self._back_fields(),
            ],
            title=_("Open a table"),
            kicker=_("Host"),
        )

    def _open_fields(self):
        """The new table's settings: edition, players, variants, the coach's seats, the clock, the host's name."""
        self.edition = widgets.Dropdown(
            options=[(_("2nd edition (2020): 3–6 players"), "2E"), (_("1st edition (2014): 3–5 players"), "1E")],
            value="2E",
            description=_("Edition"),
            **_FIELD,
        )
        self.players = widgets.Dropdown(options=[3, 4, 5, 6], value=4, description=_("Players"), **_FIELD)
        self.variants = {
            k: widgets.Checkbox(
                value=False, description=_(label), indent=False, layout={"width": "auto", "margin": "0 18px 0 0"}
            )
            for k, label in TABLE_VARIANTS
        }
        self.bot_seats = [
            widgets.Checkbox(
                value=False,
                description=_("Seat {n}: the coach plays").format(n=p + 1),
                indent=False,
                layout={"width": "auto", "margin": "0 18px 0 0"},
            )
            for p in range(6)
        ]
        self.limit = widgets.Dropdown(
            options=[(_limit_label(s), s) for s in TIME_LIMITS],
            value=0,
            description=_("Time per decision"),
            **_FIELD,
        )
        self.host_name = widgets.Text(description=_("Your name"), placeholder=_("empty: you only watch"), **_FIELD)
        for w, cls in ((self.edition, "sn-open-edition"), (self.players, "sn-open-players")):
            w.add_class(cls)
        for k, w in self.variants.items():
            w.add_class(f"sn-open-{k.replace('_', '-')}")
        for p, w in enumerate(self.bot_seats):
            w.add_class(f"sn-open-bot-{p}")
        self.limit.add_class("sn-open-limit")
        self.host_name.add_class("sn-open-name")

    def _back_fields(self) -> list:
        """Taking a table back after a reload: what to type (the code, the host key, the seat's rejoin
        code) and the button."""
        self.back_code = widgets.Text(description=_("Table code"), **_FIELD)
        self.back_key = widgets.Text(description=_("Host key"), **_FIELD)
        self.back_seat_key = widgets.Text(
            description=_("Rejoin code"), placeholder=_("if you play: your seat's code"), **_FIELD
        )
        self.back_code.add_class("sn-back-code")
        self.back_key.add_class("sn-back-key")
        self.back_seat_key.add_class("sn-back-seat-key")
        back = lesson.button(_("Take back my table"), width="200px", icon="key", _dom_classes=["sn-take-back"])
        back.on_click(self._take_back)
        said = _(
            "Reloaded this page? Type the table's code and your host key; if you play at the table, "
            "your seat's rejoin code too (this device remembers it)."
        )
        return [lesson.label(said), self.back_code, self.back_key, self.back_seat_key, back]

    def _form_changed(self):
        fit_to_edition(self.edition.value, self.players, self.variants)
        for p, w in enumerate(self.bot_seats):
            w.layout.display = "" if p < self.players.value else "none"

    def _build_table(self):
        self.code_html = lesson.html(_dom_classes=["sn-table-code"])
        self.seats_html = lesson.html(_dom_classes=["sn-table-status"])
        self.clock = lesson.html(_dom_classes=["sn-table-clock"])
        self.msg = lesson.html(_dom_classes=["sn-table-msg"])
        self._build_host()
        self.away = AwayControls(self._coach_for_me)
        # the tab's title says "Your turn" when this seat must act while the tab is in the background,
        # and this box lets the player hear it too (the page template reads both: data-sn-turn)
        self.sound = widgets.Checkbox(
            value=False, description=_("Play a sound when it is my turn"), indent=False, layout={"width": "auto"}
        )
        self.sound.add_class("sn-turn-sound")
        self.invite = lesson.html(_dom_classes=["sn-table-invite"])
        self.seat_key = lesson.html(_dom_classes=["sn-seat-key"])
        # the play widget (some 400 widgets) is built when the page sits down or watches: a page
        # opened to join sends a fifth of the widget state (a class opening the page at once)
        self.play: TablePlay | None = None
        self.replay = lesson.html(_dom_classes=["sn-table-replay"])
        self.table_box = widgets.VBox(
            [
                self.code_html,
                self.invite,
                self.seats_html,
                self.clock,
                self.msg,
                self.away.box,
                self.replay,
                self.host_box,
                self.sound,
                self.seat_key,
            ],
            layout={"display": "none"},
        )
        self.table_box.add_class("sn-table-box")  # sn-table-seated too on a seat's page: the narrow layout

    def _build_host(self):
        """The host's controls: the game's buttons, the coach's seats and the people, the host key."""
        self._host_buttons()
        self.host_seats = HostSeats(self._host_do)
        self.hand_over = self.host_seats.box  # "the coach plays seat N", one box per seat
        self.host_key = lesson.html(_dom_classes=["sn-host-key"])
        self.host_box = kit.box(
            [
                lesson.row(
                    [self.start, self.pause, self.resume, self.rematch, self.close_table, self.close_sure],
                    flex_flow="row wrap",
                ),
                self.hand_over,
                self.host_seats.people,
                self.host_key,
            ],
            title=_("Host controls"),
        )

    def _host_buttons(self):
        """Start, pause, resume, rematch and close (a second button confirms closing)."""
        # their own layouts (lesson.button shares one per width): the page hides them one at a time
        self.start = widgets.Button(
            description=_("Start the game"), button_style="primary", icon="play", layout={"width": "200px"}
        )
        self.start.add_class("sn-table-start")
        self.start.on_click(lambda _b: self._host_do(lambda h: h.start()))
        self.close_table = widgets.Button(
            description=_("Close the table"), button_style="danger", icon="times", layout={"width": "200px"}
        )
        self.close_table.add_class("sn-table-close")
        # closing ends the game for everyone: a second button confirms it
        self.close_sure = widgets.Button(
            description=_("Yes, close it for everyone"),
            button_style="danger",
            layout={"width": "auto", "display": "none"},
        )
        self.close_sure.add_class("sn-table-close-sure")
        self.close_table.on_click(lambda _b: setattr(self.close_sure.layout, "display", ""))
        self.close_sure.on_click(lambda _b: self._host_do(lambda h: h.close()))
        self.rematch = widgets.Button(
            description=_("Rematch: the same people, a new deal"),
            button_style="primary",
            icon="redo",
            layout={"width": "auto", "display": "none"},
        )
        self.rematch.add_class("sn-table-rematch")
        self.rematch.on_click(lambda _b: self._host_do(lambda h: h.rematch()))
        self.pause = widgets.Button(
            description=_("Pause the game"),
            icon="pause-circle",
            layout={"width": "auto"},
            _dom_classes=["sn-table-pause"],
        )
        self.pause.on_click(lambda _b: self._host_do(lambda h: h.pause(True)))
        self.resume = widgets.Button(
            description=_("Resume the game"), button_style="primary", icon="play", layout={"width": "auto"}
        )
        self.resume.add_class("sn-table-resume")
        self.resume.on_click(lambda _b: self._host_do(lambda h: h.pause(False)))

    # -- entering ------------------------------------------------------------------------------------
    def _join(self, _b=None):
        code, name = self.code.value, self.name.value
        self._joined(self.joining.attempt(lambda key: self.tables.join(code, name, key)))

    def _joined(self, seat):
        if seat is None:  # refused: the form says why
            return
        self.seat = seat
        self._enter()

    def _watch(self, _b=None):
        try:
            self.watch = self.tables.spectate(self.code.value)
        except ClassroomError as e:
            self.join_msg.value = cr.message_html(str(e))
            return
        self.join_msg.value = ""
        self._enter()

    def _open(self, _b=None):
        name = self.host_name.value.strip()
        self._as_host(
            lambda: self.tables.create(
                edition=self.edition.value,
                players=self.players.value,
                variants={k: w.value for k, w in self.variants.items() if w.value},
                bots=[p for p, w in enumerate(self.bot_seats[: self.players.value]) if w.value],
                time_limit=self.limit.value or None,
                host_name=name or None,
            )
        )

    def _take_back(self, _b=None):
        code = self.back_code.value
        seat_key = self.back_seat_key.value.strip() or self.joining.remembered_key(code)
        self._as_host(lambda: self.tables.host(code, self.back_key.value.strip(), seat_key or None))

    def _as_host(self, call) -> None:
        """Open a table or take the host's controls back: a refusal is said under the form."""
        try:
            self.host = call()
        except ClassroomError as e:
            self.open_msg.value = cr.message_html(str(e))
            return
        self.open_msg.value = ""
        self.seat = self.host.seat
        self._enter()

    @property
    def source(self):
        """Whose snapshot this page draws: its seat's, else the spectator's."""
        return self.seat or self.host or self.watch

    def _enter(self):
        if self.play is None:
            self.play = TablePlay(on_moved=lambda _new=None: self.refresh())
            self.play.game_box.layout.display = "none"
            kids = list(self.table_box.children)
            kids.insert(kids.index(self.away.box) + 1, self.play.root)  # the game under "the coach plays for you"
            self.table_box.children = kids
        self.play.seat_ref = self.seat
        if self.seat is not None:
            self.seat_key.value = cr.seat_key_html("table", self.seat.code, self.seat.name, self.seat.seat_key)
            if self.host is None:
                self.host = self.seat.host_controls()  # the host plays here: no key needed
        if self.host is not None and self.host.key:
            self.host_key.value = cr.secret_html(
                _("Your host key (keep it private)"),
                _(
                    "With the table's code, this key gives you the host controls back after a reload or on "
                    "another device; it never shows anyone's cards. Do not show it on a projector."
                ),
                self.host.key,
            )
        self.join_box.layout.display = "none"
        self.open_box.layout.display = "none"
        self.table_box.layout.display = "flex"
        if self.seat is not None:  # a phone shows this seat's cards and decision first (the stylesheet)
            self.table_box.add_class("sn-table-seated")
        else:
            self.table_box.remove_class("sn-table-seated")
        self.sound.layout.display = "" if self.seat is not None else "none"
        self._host_shown()
        self.pace = Pace(seated=self.seat is not None)
        self.refresh()
        self.poller.start()

    def _host_shown(self):
        self.host_box.layout.display = "flex" if self.host is not None else "none"
        if self.host is None or not self.host.key:
            self.host_key.value = ""

    def _invited(self):
        """An invite link's code (``?table=``) in the join form, with this device's seat there if it has one."""
        code = self.invited.value.strip()
        if not code or self.source is not None or self.code.value.strip().upper() == code.upper():
            return
        self.code.value = code
        key = self.joining.remembered_key(code)
        seat = next((s for s in self.joining.remembered() if s["key"] == key), None) if key else None
        self.name.value, self.joining.key.value = (seat["name"], key) if seat else ("", "")
        if seat is None:
            self.join_msg.value = cr.message_html(
                _("You were invited to table {code}: type your name.").format(code=code), ok=True
            )

    # -- a player's own seat, the host -------------------------------------------------------------
    def _coach_for_me(self, on: bool):
        if self.seat is None:
            return
        try:
            self.seat.let_coach_play(on)
        except ClassroomError as e:
            self.msg.value = cr.message_html(str(e))
            return
        self.msg.value = ""
        self.refresh()

    def _host_do(self, do):
        if self.host is None:
            return
        try:
            do(self.host)
        except ClassroomError as e:
            self.host_seats.redraw()
            self.refresh()
            self.msg.value = cr.message_html(str(e))
            return
        self.msg.value = ""
        self.refresh()

    def _host_follows(self, snap: TableSnapshot):
        """The host's controls go where the host's role is: to this seat's page when the role passed
        here, away from this page when it passed on (the page then says to whom)."""
        mine = self.seat is not None and snap.host_seat == self.seat.seat
        if self.host is None and mine:
            self.host = self.seat.host_controls()
            if snap.host_gone is not None:
                self.msg.value = cr.message_html(host_gone_words(snap), ok=True)
        elif self.host is not None and not mine and (self.host.member_id is not None or snap.host_passed):
            self.host = None
            if snap.host_seat is not None:
                who = snap.names[snap.host_seat]
                self.msg.value = cr.message_html(_("{name} is the host now.").format(name=who), ok=True)
        else:
            return
        self._host_shown()
        self.host_seats.redraw()

    def _follow(self, code: str):
        """The host started a rematch: this page takes the same place at the new table (its seat by
        its rejoin code, the host's controls by the same key, or the spectator's view)."""
        try:
            if self.seat is not None:
                self.seat = self.tables.join(code, self.seat.name, self.seat.seat_key)
                self.host = None
            elif self.host is not None:
                self.host = self.tables.host(code, self.host.key)
            else:
                self.watch = self.tables.spectate(code)
        except ClassroomError as e:
            self.msg.value = cr.message_html(str(e))
            return False
        self.snap, self._drawn, self._replay_for = None, None, None
        self.replay.value = ""
        if self.play is not None:
            self.play.session = None  # a new game: the story starts again
        self._enter()
        return True

    def _removed(self, text: str):
        """The host removed this player: the page goes back to the join form and says so."""
        self.poller.stop()
        self.seat = self.host = self.watch = None
        self.table_box.layout.display = "none"
        self.join_box.layout.display = ""
        self.join_msg.value = cr.message_html(text)

    # -- what the page shows -----------------------------------------------------------------------
    def poll(self):
        """The poller's call: the table's version alone; a whole read (``refresh``) when ``table_pace``
        says so, else the clock's seconds from what the page holds."""
        src, snap = self.source, self.snap
        if src is None:
            return
        now = self.tables.store.clock()
        try:
            src.alive()
            version = self.tables.store.table_version(src.room_id)
        except Exception:  # said by the whole read, in the page's words
            version = None
        if snap is None or self.pace.due(version, snap.deadline, now):
            self.refresh()
        else:
            self.clock.value = clock_html(snap, now)
        self.poller.interval = self.pace.interval(self.snap is not None and self.snap.deadline is not None, now)

    def refresh(self):
        src = self.source
        if src is None:
            return
        try:
            if self.snap is None or not self.snap.over:
                src.alive()  # first: a page never finds its own host gone (the role passing, in tick)
                self.tables.tick(src.code)
            snap = src.snapshot()
        except ClassroomError as e:
            if e.reason == "removed":
                self._removed(str(e))
                return
            self.msg.value = self._poll_msg = cr.message_html(str(e))
            return
        except Exception:  # the store is restarting: say so and keep polling
            self.msg.value = self._poll_msg = cr.message_html(_("The table cannot be reached right now; retrying."))
            return
        if self.msg.value == getattr(self, "_poll_msg", None):  # the store is back: the poll's complaint goes
            self.msg.value = self._poll_msg = ""
        if snap.rematch and self._follow(snap.rematch):
            return
        self.snap = snap
        self._host_follows(snap)
        self._show(snap)

    def _show(self, snap: TableSnapshot):
        you = (self.seat.name, self.seat.seat) if self.seat is not None else None
        self.code_html.value = code_html(snap, you, self._address)
        self.invite.value = self._invite_html(snap)
        self.seats_html.value = status_html(snap, self.host is not None)
        self.clock.value = clock_html(snap, self.tables.store.clock())
        self.away.show(snap)
        if self.host is not None:
            self.host_seats.show(snap, self.seat.seat if self.seat is not None else None)
            self.start.layout.display = "none" if snap.started or snap.closed else ""
            self.rematch.layout.display = "" if snap.over and not snap.closed else "none"
            playing = snap.started and not snap.over and not snap.closed
            self.pause.layout.display = "" if playing and snap.paused_by is None else "none"
            self.resume.layout.display = "" if playing and snap.paused_by is not None else "none"
            self.close_table.layout.display = "none" if snap.closed else ""
            if snap.closed:
                self.close_sure.layout.display = "none"
        drawn = (snap.seq, snap.started, snap.over, snap.closed, snap.bots, snap.to_act, snap.paused_by)
        if drawn != self._drawn:
            self._drawn = drawn
            if snap.started and self.play is not None:
                self.play.show(snap)
            if snap.over:
                self._show_replay(snap)

    def _invite_html(self, snap: TableSnapshot) -> str:
        if snap.started or snap.closed:
            return ""
        if getattr(self, "_invite_for", None) != snap.code:
            self._invite_for = snap.code
            self._invite = invite_html(invite_link(self._address, snap.code))
        return self._invite

    @property
    def _address(self) -> str:
        """This server's address for the table page, as this page's browser reached it (read once)."""
        if getattr(self, "_address_known", None) is None:
            self._address_known = cr.student_address(page=TABLE_PAGE)
        return self._address_known

    def _show_replay(self, snap: TableSnapshot):
        if self._replay_for == snap.code:
            return
        try:
            text = self.tables.replay_text(snap.code)
        except ClassroomError as e:
            self.replay.value = cr.message_html(str(e))
            return
        self._replay_for = snap.code
        self.replay.value = replay_html(snap.code, text)
        self.replay_text = text


__all__ = ["TablePage", "binder_notice_html"]
