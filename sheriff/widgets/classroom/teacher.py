"""The teacher's class page: create a room (its code large, for the projector), run rounds, watch
the class choose, reveal the equilibrium, change the game between rounds, download the choices.

Every number comes from ``sheriff.classroom`` (``TeacherRoom.dashboard``); the page keeps only the
room it controls, and its teacher key, in the kernel.  It works headless: tests press the buttons
and call ``refresh``.
"""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as widgets

from sheriff import i18n
from sheriff.classroom import Classroom, ClassroomError, class_games
from sheriff.i18n import _
from sheriff.launch import MAX_CLASS, announce_class
from sheriff.widgets import kit, lesson, markup
from sheriff.widgets.classroom import results
from sheriff.widgets.classroom import shared as cr
from sheriff.widgets.classroom.people import DeviceRooms, Pace, People

POLL_SECONDS = 0.5
_WIDE = {"style": {"description_width": "170px"}, "layout": {"width": "min(420px, 100%)"}}


def _role(role: str | None) -> str:
    return {"merchant": _("merchant"), "sheriff": _("Sheriff")}.get(role or "", "–")


def _field(f: class_games.Field) -> widgets.Widget:
    """A game's setting as a widget: a drop-down when it has options, else an integer slider."""
    if f.options is not None:
        w = widgets.Dropdown(options=f.options(), description=_(f.label), **_WIDE)
    else:
        w = widgets.IntSlider(f.lo, f.lo, f.hi, description=_(f.label), **_WIDE)
    w.add_class(f.cls or f"sn-param-{f.name.replace('_', '-')}")
    return w


class ClassTeacher(kit.Frame):
    """The teacher's page.  ``classroom`` is the store's entry point (tests pass one on a temp DB)."""

    def __init__(self, classroom: Classroom | None = None, binder: bool | None = None):
        super().__init__(border=None)
        self.add_class("sn-class")
        self._classroom = classroom
        self.room = None  # the TeacherRoom this page controls
        self.dashboard = None  # the last Dashboard read
        self.poller = cr.Poller(self.refresh, POLL_SECONDS)
        self._plot_key = None
        if cr.on_binder() if binder is None else binder:
            self.body(lesson.html(cr.CSS + cr.binder_notice_html()))
            return
        self._build_start()
        self._build_room()
        self.room_box.layout.display = "none"
        self.body(lesson.html(cr.CSS), self.start_box, self.room_box)

    @property
    def classroom(self) -> Classroom:
        if self._classroom is None:
            self._classroom = Classroom()
        return self._classroom

    # -- before a room: create one, or take one back -------------------------------------------
    def _build_start(self):
        self.game = widgets.Dropdown(
            options=[(cr.game_title(g), g) for g in class_games.GAMES], description=_("Game"), **_WIDE
        )
        # kernels the server readies on the student page for the class (sheriff.launch.announce_class)
        self.expected = widgets.BoundedIntText(
            30, min=1, max=MAX_CLASS, description=_("Students expected"), **_WIDE, _dom_classes=["sn-expected"]
        )
        self.create = lesson.button(
            _("Create a room"), width="200px", button_style="primary", icon="plus", _dom_classes=["sn-create-room"]
        )
        self.create.on_click(self._create)
        self.back_code = widgets.Text(description=_("Room code"), placeholder="K7MX3Q", **_WIDE)
        self.back_key = widgets.Text(description=_("Teacher key"), **_WIDE)
        self.back_code.add_class("sn-back-code")
        self.back_key.add_class("sn-back-key")
        self.take_back = lesson.button(_("Take the room back"), width="200px", _dom_classes=["sn-take-back"])
        self.take_back.on_click(self._take_back)
        self.start_msg = lesson.html()  # a refusal of the code and key typed, under them
        self.start_msg.add_class("sn-start-msg")
        self.create_msg = lesson.html()  # "Creating the room…", or why not, beside the button pressed
        self.create_msg.add_class("sn-create-msg")
        self.my_rooms = DeviceRooms(self._reopen)
        self.start_box = widgets.VBox(
            [
                kit.box(
                    [self.game, self.expected, self.create, self.create_msg],
                    title=_("A new room"),
                    kicker=_("Class mode"),
                ),
                self.my_rooms.box,
                kit.box(
                    [
                        lesson.label(_("Reloaded this page? Type the room's code and your teacher key.")),
                        self.back_code,
                        self.back_key,
                        self.take_back,
                        self.start_msg,
                    ],
                    title=_("Take a room back"),
                ),
                self.my_rooms.device,
            ]
        )

    # -- the room ------------------------------------------------------------------------------
    def _build_room(self):
        self.code_html = lesson.html(_dom_classes=["sn-room-code"])
        buttons = {
            "start_round": (_("Start a round"), "play", self._start_round),
            "end_round": (_("End the round"), "stop", self._end_round),
            "reveal": (_("Reveal"), "eye", self._reveal),
            "repair": (_("Pair everyone afresh"), "random", self._repair),
        }
        for name, (text, icon, handler) in buttons.items():
            b = lesson.button(text, width="200px", icon=icon, _dom_classes=[f"sn-{name.replace('_', '-')}"])
            b.on_click(handler)
            setattr(self, name, b)
        self.msg = lesson.html(_dom_classes=["sn-room-msg"])
        self.count = lesson.html(_dom_classes=["sn-live-count"])
        self.seats = lesson.html(_dom_classes=["sn-seats"])
        # its own box to hide: lesson.html's layout is shared by every such widget in the kernel
        self.seats_box = widgets.VBox([self.anonymous_box(), self.seats])
        self.table = lesson.html(_dom_classes=["sn-class-table"])
        self.prediction = lesson.html(_dom_classes=["sn-prediction"])
        from sheriff.widgets.labs.theory import Plot  # lab 30's chart: a PNG with a text alternative (issue 32)

        self.plot = Plot(_("Chart of the class's shares, round by round."), "min(576px, 100%)")
        self.plot.add_class("sn-class-plot")
        self.legend = lesson.html()  # the chart's legend, as text: readable on a phone
        self.legend.add_class("sn-class-legend")
        # next round's settings
        self.next_game = widgets.Dropdown(
            options=[(cr.game_title(g), g) for g in class_games.GAMES], description=_("Game"), **_WIDE
        )
        self.next_game.add_class("sn-next-game")
        self.timeout = widgets.IntSlider(
            60, 5, 300, step=5, description=_("Bot plays after (s)"), **_WIDE, _dom_classes=["sn-bot-timeout"]
        )
        self.pace = Pace(self._act, lambda: self.room)
        self.people = People(self._act, lambda: self.room)
        self._loading = False  # settings being filled from the room: not a change to save
        self._build_params()
        for w in (self.next_game, self.timeout, self.pace.limit, *self._all_params()):
            w.observe(lambda _c: self._apply(), names="value")
        self.next_game.observe(lambda _c: self._show_params(self.next_game.value), names="value")
        self.csv_button = lesson.button(
            _("Download the choices (CSV)"), width="260px", icon="download", _dom_classes=["sn-csv"]
        )
        self.csv_button.on_click(self._csv)
        self.csv_link = lesson.html(_dom_classes=["sn-csv-link"])
        self.summary_button = lesson.button(
            _("Download a summary per student (CSV)"), width="320px", icon="download", _dom_classes=["sn-summary-csv"]
        )
        self.summary_button.on_click(self._summary)

        self.keep = widgets.Dropdown(
            options=[(_("keep its data"), True), (_("delete its data"), False)],
            description=_("On closing"),
            **_WIDE,
        )
        self.close_room = lesson.button(
            _("Close the room"), width="200px", button_style="danger", icon="times", _dom_classes=["sn-close-room"]
        )
        self.close_room.on_click(self._close)
        self.key_html = lesson.html(_dom_classes=["sn-teacher-key"])
        # The projector view: the code, the address, the counts and the revealed rounds' results, the
        # buttons that run a round (projector_bar) and no other control, no key (the teacher's own
        # screen switches back with the same button).
        self.projector = lesson.button(
            _("Projector view"), width="220px", icon="television", _dom_classes=["sn-projector-toggle"]
        )
        self.projector.on_click(self._toggle_projector)
        self.seats_box = widgets.VBox([self.seats])  # its own layout: lesson.html's is shared by every such widget
        self.controls = widgets.HBox(
            [self.start_round, self.end_round, self.reveal, self.repair], layout={"flex_flow": "row wrap"}
        )
        self._build_projector_bar()
        self.settings_msg = lesson.html(_dom_classes=["sn-settings-msg"])
        self.settings_box = kit.box(
            [
                lesson.label(_("Every change here is used from the next round on: there is nothing else to press.")),
                self.next_game,
                *self.param_boxes.values(),
                *self.pace.parts,
                self.timeout,  # after the rounds' own time and count, with what sets it apart from them
                lesson.label(
                    _(
                        "Not a time limit: a student whose page has been silent this long (tab closed, phone "
                        "asleep) is played by the coach."
                    )
                ),
                self.settings_msg,
            ],
            title=_("The next rounds"),
            kicker=_("Settings"),
        )
        self.data_box = kit.box(
            [self.key_html, self.csv_button, self.summary_button, self.csv_link, self.keep, self.close_room],
            title=_("Data and closing"),
        )
        self.room_box = widgets.VBox(
            [
                self.projector,
                kit.box([self.code_html], cls="sn-projector"),
                kit.box(
                    [self.controls, self.projector_bar, self.msg, self.count, self.seats_box],
                    title=_("The round"),
                    kicker=_("Live"),
                ),
                kit.box(
                    [self.prediction, self.table, self.plot, self.legend],
                    title=_("The class, round by round"),
                    kicker=_("Results"),
                ),
                self.settings_box,
                self.people.box,
                self.data_box,
            ]
        )

    def _build_projector_bar(self):
        """The round's own buttons in the projector view, named as on the controls (they show nothing
        secret): the teacher runs the round from the projected page, no switching back and forth."""
        self.projected_buttons = {}  # the control each mirrors -> its button in the projector view
        for name, control, handler in (
            ("start", self.start_round, self._start_round),
            ("end", self.end_round, self._end_round),
            ("reveal", self.reveal, self._reveal),
            ("pause", self.pace.pause, self.pace.toggle_pause),
        ):
            b = lesson.button(
                control.description, width="200px", icon=control.icon, _dom_classes=[f"sn-projector-{name}"]
            )
            b.on_click(handler)
            self.projected_buttons[control] = b
        self.projector_bar = widgets.HBox(
            list(self.projected_buttons.values()), layout={"flex_flow": "row wrap", "display": "none"}
        )
        self.projector_bar.add_class("sn-projector-bar")

    def _mirror(self):
        """The projector view's buttons read and work as the controls do right now."""
        for control, b in self.projected_buttons.items():
            b.description, b.icon, b.disabled = control.description, control.icon, control.disabled

    def _build_params(self):
        """Each game's settings, built from its ``fields``; only the next round's game's are shown."""
        self.param_widgets: dict[str, dict[str, widgets.Widget]] = {}
        self.param_boxes: dict[str, widgets.VBox] = {}
        for name, game in class_games.GAMES.items():
            made = {f.name: _field(f) for f in game.fields}
            start = game.form_values(game.default_params())
            for key, w in made.items():
                w.value = start[key]
                setattr(self, key, w)  # teacher.fine, teacher.edition...: tests reach a setting by its name
            self.param_widgets[name] = made
            self.param_boxes[name] = widgets.VBox(list(made.values()))

    def _all_params(self) -> list:
        return [w for made in self.param_widgets.values() for w in made.values()]

    def anonymous_box(self) -> widgets.Checkbox:
        self.anonymous = widgets.Checkbox(
            False, description=_("Anonymous: no nicknames on screen"), indent=False, _dom_classes=["sn-anonymous"]
        )
        self.anonymous.observe(lambda _c: self.refresh(), names="value")
        return self.anonymous

    def _toggle_projector(self, _b=None):
        """Projector view on or off: what the class may see, or the teacher's controls too."""
        on = self.controls.layout.display != "none"
        for part in (self.controls, self.seats_box, self.settings_box, self.people.box, self.data_box):
            part.layout.display = "none" if on else ""
        self.projector_bar.layout.display = "" if on else "none"
        self.projector.description = _("Back to the controls") if on else _("Projector view")
        self.projector.icon = "sliders" if on else "television"
        self.refresh()  # the count's words: for the class on the projector, for the teacher on the controls

    @property
    def projected(self) -> bool:
        """The projector view is on: what the page says is read by the class."""
        return self.controls.layout.display == "none"

    def _show_params(self, game: str):
        for name, box in self.param_boxes.items():
            box.layout.display = "flex" if name == game else "none"

    # -- actions: each calls the classroom and shows its refusal, if any -----------------------
    def _act(self, do, done: str = "") -> bool:
        try:
            do()
        except ClassroomError as e:
            self.msg.value = cr.message_html(str(e))
            return False
        self.msg.value = cr.message_html(done, ok=True)
        self.refresh()
        return True

    def _create(self, _b=None):
        # a busy server takes seconds: say so at once, and keep a second press from making a second room
        self.create.disabled, self.create.icon = True, "spinner"
        self.create_msg.value = cr.message_html(_("Creating the room: this can take a few seconds."), ok=True)
        try:
            self.room = self.classroom.create_room(self.game.value, bot_timeout=self.timeout.value)
        except ClassroomError as e:
            self.create_msg.value = cr.message_html(str(e))
            return
        finally:
            self.create.disabled, self.create.icon = False, "plus"
        announce_class(cr.STUDENT_PAGE, self.expected.value, i18n.get_language())  # the class's kernels, ready
        self._enter()

    def _reopen(self, code: str, key: str):
        self.back_code.value, self.back_key.value = code, key
        self._take_back()

    def _take_back(self, _b=None):
        try:
            self.room = self.classroom.teacher(self.back_code.value, self.back_key.value.strip())
        except ClassroomError as e:
            self.start_msg.value = cr.message_html(str(e))
            return
        self._enter()

    def _enter(self):
        self.start_msg.value = self.create_msg.value = ""
        self.start_box.layout.display = "none"
        self.room_box.layout.display = "flex"
        address = cr.student_address()
        self.address = address
        self.join_link = cr.join_link(address, self.room.code)
        code, opens = escape(_("Room code")), escape(_("Scan the code, or open"))
        then = escape(_("Your page has the room's code filled in: type a nickname of your own."))
        self.code_html.value = (
            '<div class="sn-text" style="text-align:center">'
            f'<div class="sn-kicker">{code}</div>'
            f'<div class="sn-code" aria-label="{code}">{escape(self.room.code)}</div>'
            f"{cr.qr_html(self.join_link)}"
            f'<div class="sn-address">{opens}: <b class="sn-join-link">{escape(self.join_link)}</b></div>'
            f"<div>{then}</div></div>"
        )
        self.key_html.value = cr.secret_html(
            _("Your teacher key (keep it private)"),
            _(
                "Only this key controls the room: after a reload, or on another device, type it with the "
                "room's code under “Take a room back”. Never show it on the projector: use “Projector view”."
            ),
            self.room.key,
            remember={"kind": "teacher", "code": self.room.code, "name": "", "key": self.room.key},
        )
        self.refresh()
        self._load_settings()
        self.poller.start()

    def _load_settings(self):
        d = self.dashboard
        if d is None:  # the first read failed (the page says why): the settings keep their defaults
            return
        self._loading = True
        try:
            self._fill_settings(d)
        finally:
            self._loading = False

    def _fill_settings(self, d):
        self.pace.load(d)
        self.next_game.value = d.next_game
        self._show_params(d.game)
        self.timeout.value = int(d.bot_timeout)
        values = class_games.get(d.next_game).form_values(d.params)
        for key, w in self.param_widgets[d.next_game].items():
            w.value = values[key]

    def _start_round(self, _b=None):
        self._act(lambda: self.room.start_round())

    def _end_round(self, _b=None):
        self._act(self.room.end_round)

    def _reveal(self, _b=None):
        """Reveal the current round (and the rounds before it), or hide the current round again."""
        show = not (self.dashboard and self.dashboard.revealed)
        number = self.dashboard.round if self.dashboard else None
        if show:
            done = _("Round {round} is revealed: every page shows its answer and the class's choices.")
        else:
            done = _("Round {round} is hidden again.")
        self._act(lambda: self.room.reveal(show), done.format(round=number))

    def _repair(self, _b=None):
        self._act(self.room.repair, _("The next round pairs everyone afresh."))

    def _apply(self, _b=None):
        """A setting changed: used from the next round on (said under the settings)."""
        if self._loading or self.room is None:
            return

        def do():
            game = self.next_game.value
            params = {key: w.value for key, w in self.param_widgets[game].items()}
            self.room.set_game(game, params)
            self.room.set_bot_timeout(self.timeout.value)
            self.pace.apply()

        try:
            do()
        except ClassroomError as e:
            self.settings_msg.value = cr.message_html(str(e))
            return
        self.settings_msg.value = cr.message_html(_("Saved: the next round uses these settings."), ok=True)

    def _summary(self, _b=None):
        self._csv(summary=True)

    def _csv(self, _b=None, summary: bool = False):
        room = self.room
        if room is None:
            return
        try:
            text = room.summary_csv() if summary else room.csv()
        except ClassroomError as e:
            self.csv_link.value = cr.message_html(str(e))
            return
        self.csv_text = text
        name = f"sheriff-class-{room.code}{'-students' if summary else ''}.csv"
        b64 = base64.b64encode(text.encode("utf-8")).decode("ascii")
        link = _("Download {file}").format(file=escape(name))
        self.csv_link.value = (
            f'<div class="sn-note"><a download="{escape(name)}" href="data:text/csv;base64,{b64}"><b>{link}</b></a>: '
            + escape(_("nicknames only; your browser saves the file on this computer."))
            + "</div>"
        )

    def _close(self, _b=None):
        keep = bool(self.keep.value)
        if self._act(lambda: self.room.close(keep=keep)):
            self.poller.stop()
            self.msg.value = cr.message_html(
                _("The room is closed; its data are kept.") if keep else _("The room is closed and its data deleted."),
                ok=True,
            )

    # -- what the page shows: the dashboard, read again every half second ----------------------
    def refresh(self):
        if self.room is None:
            return
        try:
            self.pace.step()  # rounds that run themselves: end or start one when due
            d = self.dashboard = self.room.dashboard()
        except ClassroomError as e:  # closed and deleted, or the store unreachable for a moment
            self.count.value = cr.message_html(str(e))
            return
        except Exception:  # the store is restarting: say so and keep polling
            self.count.value = cr.message_html(_("The class's data cannot be read right now; retrying."))
            return
        students = [s for s in d.seats if not (s.coach and not s.online and s.role is None)]
        in_round = [s for s in d.seats if s.role]
        if d.state != "open":
            state = _("The room is closed.")
        elif d.round is None:  # the projector speaks to the class, the controls to the teacher
            state = (
                _("{n} joined. To join, scan the QR code or open the link above.")
                if self.projected
                else _("{n} joined. Start a round when everyone is in.")
            ).format(n=len(students))
        elif d.round_open:
            state = _("Round {round}: {chosen} of {seats} have chosen.").format(
                round=d.round, chosen=sum(s.chosen for s in in_round), seats=len(in_round)
            )
            if d.time_left is not None:
                state += " " + cr.time_left_text(d.time_left)
        else:
            state = (
                _("Round {round} is over.")
                if self.projected
                else _("Round {round} is over. Start the next one, or change the settings first.")
            ).format(round=d.round)
        self.count.value = (
            f'<div class="sn-class-count" aria-live="polite">{escape(state)}</div>'
            f'<div class="sn-text">{escape(cr.game_title(d.game))}</div>'
        )
        if d.round is None:
            self.reveal.description = _("Reveal")
        else:
            self.reveal.description = (_("Hide round {round}") if d.revealed else _("Reveal round {round}")).format(
                round=d.round
            )
        self.reveal.disabled = d.round is None
        self.end_round.disabled = not d.round_open
        self.start_round.disabled = d.round_open or d.state != "open"
        self.seats.value = self._seats_html(d)
        self.people.show(d)
        self.pace.show(d)
        self._mirror()
        self.table.value = self._table_html(d)
        self.prediction.value = self._prediction_html(d)
        self._show_plot(d)

    def _show_plot(self, d):
        """The chart of the rounds this view may show: on the projector only the revealed ones (a
        round's choices are the class's secret until its Reveal), and no picture before any choice."""
        rounds = [r for r in d.rounds if r.revealed or not self.projected]
        key = (self.projected, *((r.number, r.choices, r.smuggled, r.inspected, r.offers, r.revealed) for r in rounds))
        if key == self._plot_key:
            return
        self._plot_key = key
        if not any(r.choices for r in rounds):
            self.plot.value = self.legend.value = ""
            return
        self.plot.alt = cr.shares_words(rounds)  # the chart in words: its text alternative
        self.plot.show(cr.shares_png(rounds))
        self.legend.value = cr.shares_legend_html(rounds)

    def _prediction_html(self, d) -> str:
        """The current round's own equilibrium once it is revealed (never the next round's: this page
        is projected, and the settings for the next round may already be changed)."""
        if d.revealed and d.rounds:
            said = _("The equilibrium of round {round}").format(round=d.round) + ":"
            return results.said_html(*d.rounds[-1].prediction.text.splitlines(), head=said, result=True)
        if self.projected:  # the class reads it: a question for them, no button of the teacher's
            hidden = _("The answer is hidden for now: what do you guess it is?")
        elif d.round is None:
            hidden = _("The equilibrium stays hidden until you reveal a round: ask the class to guess first.")
        elif d.round_open:
            hidden = _(
                "The answer of round {round} is hidden: ask the class to guess, then press “Reveal round {round}” "
                "once everyone has chosen (or after “End the round”)."
            ).format(round=d.round)
        else:
            hidden = _(
                "The answer of round {round} is hidden: ask the class to guess, then press “Reveal round {round}”."
            ).format(round=d.round)
        return results.said_html(hidden)

    def _seats_html(self, d) -> str:
        if self.anonymous.value:  # aggregates only: nothing on screen names anyone
            seats = [s for s in d.seats if s.nickname != _("Coach")]
            return results.said_html(
                _("{n} students: {online} connected, {checked} passed the instructions check.").format(
                    n=len(seats),
                    online=sum(s.online for s in seats),
                    checked=sum(d.next_game in s.checked for s in seats),
                )
            )
        if not d.seats:
            return results.said_html(_("Nobody has joined yet."))
        heads = [_("nickname"), _("role this round"), _("chosen"), _("connected"), _("instructions"), _("points")]
        bot = markup.fill_html(" <i>({what})</i>", what=_("bot plays"))
        rows = [(None, self._seat_cells(d, s, bot)) for s in d.seats]
        return results.table_html(_("Who has joined"), heads, rows, nums=(5,))

    @staticmethod
    def _seat_cells(d, s, bot) -> list:
        chosen = _("yes") if s.chosen else ("–" if not s.role else _("not yet"))
        checked = "–" if s.nickname == _("Coach") else _("passed") if d.next_game in s.checked else _("not yet")
        name = markup.fill("{name}{bot}", name=s.nickname, bot=bot if s.coach else "")
        return [name, _role(s.role), chosen, _("yes") if s.online else _("no"), checked, s.score]

    def _table_html(self, d) -> str:
        return results.teacher_results_html(d.rounds, projected=self.projected)


__all__ = ["ClassTeacher"]
