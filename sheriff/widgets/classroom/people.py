"""The teacher page's parts for people and pace: remove or rename a student, rounds with a time
limit, and rounds that run themselves ("Play N rounds", pause).  Each part calls the page's
``act`` (which shows a refusal or a confirmation) with a ``TeacherRoom`` call; the page redraws
them from each dashboard (``show``).  None of it is shown in the projector view."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from sheriff.i18n import _
from sheriff.widgets import kit, lesson, markup
from sheriff.widgets.classroom import shared as cr

_WIDE = {"style": {"description_width": "170px"}, "layout": {"width": "min(420px, 100%)"}}


class People:
    """Pick a student; rename them (an offensive nickname off the projector) or remove them."""

    def __init__(self, act: Callable, room: Callable):
        self.act, self.room = act, room
        self.who = widgets.Dropdown(options=[], description=_("Student"), **_WIDE, _dom_classes=["sn-people-who"])
        self.new_name = widgets.Text(description=_("New nickname"), **_WIDE, _dom_classes=["sn-people-name"])
        self.rename = lesson.button(_("Rename"), width="160px", icon="pencil", _dom_classes=["sn-rename"])
        self.rename.on_click(self._rename)
        self.remove = lesson.button(
            _("Remove from the room"),
            width="220px",
            button_style="warning",
            icon="user-times",
            _dom_classes=["sn-remove"],
        )
        self.remove.on_click(self._remove)
        self.box = kit.box(
            [
                lesson.label(
                    _(
                        "A removed student's page says so and offers nothing more; the coach finishes a round "
                        "already started for that seat, and the nickname cannot be taken again in this room."
                    )
                ),
                self.who,
                widgets.HBox([self.new_name, self.rename], layout={"flex_flow": "row wrap"}),
                self.remove,
            ],
            title=_("Rename or remove a student"),
            kicker=_("People"),
        )

    def show(self, d) -> None:
        options = [(s.nickname, s.member) for s in d.seats if s.nickname != _("Coach")]  # a reserved name
        if options != list(self.who.options):
            keep = self.who.value
            self.who.options = options
            ids = [m for _n, m in options]
            # a student is always picked (a blank choice would make Rename and Remove do nothing)
            self.who.value = keep if keep in ids else (ids[0] if ids else None)
        self.rename.disabled = self.remove.disabled = not options

    def _rename(self, _b=None):
        who, name = self.who.value, self.new_name.value
        if who is None:
            return
        if self.act(lambda: self.room().rename(who, name), _("Renamed: every page shows the new nickname.")):
            self.new_name.value = ""

    def _remove(self, _b=None):
        who = self.who.value
        label = self.who.label or ""
        if who is not None:
            self.act(lambda: self.room().remove(who), _("“{nick}” is no longer in the room.").format(nick=label))


class Pace:
    """A time limit per round (a countdown on every student's page) and rounds that run themselves."""

    def __init__(self, act: Callable, room: Callable):
        self.act, self.room = act, room
        self.limit = widgets.IntSlider(
            0, 0, 300, step=5, description=_("Time per round (s)"), **_WIDE, _dom_classes=["sn-round-limit"]
        )
        # two: partners swap roles each round, so everyone is the merchant once and the Sheriff once
        self.n = widgets.BoundedIntText(2, 1, 50, description=_("Rounds"), **_WIDE, _dom_classes=["sn-autoplay-n"])
        self.play = lesson.button(
            _("Play these rounds by themselves"), width="min(320px, 100%)", icon="forward", _dom_classes=["sn-autoplay"]
        )
        self.play.on_click(self._play)
        self.pause = lesson.button(_("Pause"), width="160px", icon="pause", _dom_classes=["sn-pause"])
        self.pause.on_click(self.toggle_pause)
        self.stop = lesson.button(
            _("Start rounds by hand"), width="220px", icon="hand-paper-o", _dom_classes=["sn-autoplay-stop"]
        )
        self.stop.on_click(lambda _b: self.act(lambda: self.room().stop_rounds()))
        self.state = lesson.html(_dom_classes=["sn-autoplay-state"])
        self.parts = [
            self.limit,
            lesson.label(
                _(
                    "0: no limit. With a limit every student sees the time left; when it is up, the coach "
                    "chooses for whoever has not, and the round ends."
                )
            ),
            self.n,
            lesson.label(
                _("How many rounds to play by themselves: 2 make everyone the merchant once and the Sheriff once.")
            ),
            widgets.HBox([self.play, self.pause, self.stop], layout={"flex_flow": "row wrap"}),
            self.state,
        ]
        self._paused = False

    def load(self, d) -> None:
        self.limit.value = int(d.round_limit or 0)

    def apply(self) -> None:
        """Part of the page's settings: used from the next round on."""
        self.room().set_round_limit(self.limit.value or None)

    def _play(self, _b=None):
        n = self.n.value
        self.act(lambda: self.room().play_rounds(n), _("The rounds now run by themselves."))

    def toggle_pause(self, _b=None):
        paused = not self._paused
        self.act(lambda: self.room().pause(paused))

    def step(self) -> str:
        """One step of rounds that run themselves (the page calls it as it polls)."""
        return self.room().advance()

    def show(self, d) -> None:
        auto = d.autoplay
        self._paused = bool(auto and auto.paused)
        self.pause.disabled = self.stop.disabled = auto is None
        self.pause.description = _("Go on") if self._paused else _("Pause")
        self.pause.icon = "play" if self._paused else "pause"
        if auto is None:
            said = _("Rounds start when you press “Start a round”.")
        elif auto.paused:
            said = _("Paused: no new round starts until you press “Go on”.")
        else:
            said = _(
                "Running by itself: each round ends once everyone has chosen or the time is up; {n} more to start."
            ).format(n=auto.left)
        self.state.value = markup.render("status_line.html.j2", text=said)


class DeviceRooms(cr.SeatJoin):
    """The rooms this device holds teacher keys for (kept in the browser like seats' rejoin codes:
    ``shared.SeatJoin``'s ``device`` box, kind "teacher"), newest first, each reopened with a click."""

    def __init__(self, reopen: Callable[[str, str], object]):
        super().__init__(lesson.html(), "teacher", typed=(widgets.Text(), widgets.Text()))
        self.reopen = reopen
        self.buttons = widgets.HBox(layout={"flex_flow": "row wrap"}, _dom_classes=["sn-my-rooms"])
        self.box = kit.box(
            [lesson.label(_("Rooms this device holds the teacher key for: open one with a click.")), self.buttons],
            title=_("Your rooms"),
        )
        self.box.layout.display = "none"

    def fill_from_device(self) -> None:
        """A list of rooms here, rather than one seat filled in."""
        buttons = []
        for r in self.remembered()[:12]:
            b = lesson.button(
                _("Room {code}").format(code=r["code"]), width="180px", icon="folder-open", _dom_classes=["sn-my-room"]
            )
            b.on_click(lambda _b, code=r["code"], key=r["key"]: self.reopen(code, key))
            buttons.append(b)
        self.buttons.children = buttons
        self.box.layout.display = "flex" if buttons else "none"


__all__ = ["People", "Pace", "DeviceRooms"]
