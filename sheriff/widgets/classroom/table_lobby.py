"""The play-together page's parts around the game: the invite (a link that carries the table's code,
and its QR code), the list of who sits where and who is online, the host's controls per seat (the
coach plays it, make this player the host, remove this player), and a player's own "let the coach
play for me" with what the page says when the coach has the seat.

The page (``table_page.TablePage``) lays these out and calls the table's API; nothing here reads the
store.  The invite link is this server's address for the table page (``shared.student_address``:
with the token only where the server was started with one) plus ``table=CODE``; the page template
fills the join form's code from it (a hidden box, ``sn-address-table``).
"""

from __future__ import annotations

import base64

import ipywidgets as widgets

from sheriff.classroom.table import TableSnapshot
from sheriff.classroom.table_base import paused_words
from sheriff.i18n import _
from sheriff.widgets import language, lesson
from sheriff.widgets.markup import html
from sheriff.widgets.markup import render as render_template
from sheriff.widgets.play.control_kit import replace_children

REPLAY_PAGE = "21_replay.ipynb"
QR_PIXELS = 200  # the QR code's size on the page (drawn one pixel a module, scaled sharp by the browser)


def binder_notice_html() -> str:
    """A table on Binder: said plainly, as the class pages say it."""
    title = _("A table cannot seat several people on Binder")
    text = _(
        "Binder gives every visitor a computer of their own, so the other players' pages could never "
        "reach your table. To play together, run the tutor on one server that everyone opens "
        "(<code>sheriff serve --ip 0.0.0.0 --port 8866</code>), or on a JupyterHub with a shared "
        "PostgreSQL database: the project's <code>docs/deploy.md</code> explains both. The play page "
        "works here as usual, against the tutor's bots."
    )
    return render_template("binder_notice.html.j2", title=title, text=html(text))


def timeout_note(snap: TableSnapshot) -> str:
    """Said under the status when the coach moved for a person whose time ran out (lately)."""
    recent = snap.events_by[-len(snap.names) :] if snap.names else ()
    late = [seat for seat, by in recent if by == "timeout"]
    if not late:
        return ""
    return _("Time ran out: the coach played for {name}.").format(name=snap.names[late[-1]])


def clock_html(snap: TableSnapshot, now: float) -> str:
    """The time left for the seat to act, when the table has a time limit."""
    if snap.deadline is None or snap.to_act is None or snap.over or snap.closed:
        return ""
    left = max(0, int(snap.deadline - now))
    m, s = divmod(left, 60)
    who = _("you") if snap.seat == snap.to_act else snap.names[snap.to_act]
    return render_template("table_clock.html.j2", text=_("Time left for {who}: {time}"), who=who, time=f"{m}:{s:02d}")


def invite_link(address: str, code: str) -> str:
    """``address`` (the table page on this server) with the page's language and the table's code."""
    link = language.link(address)
    return f"{link}{'&' if '?' in link else '?'}table={code}"


def qr_data_uri(link: str) -> str:
    """The QR code of ``link`` (segno: byte mode, error correction M), one pixel per module, as a PNG."""
    import segno

    return segno.make(link, error="m", micro=False).png_data_uri(scale=1, border=4)


def invite_html(link: str) -> str:
    """The invite: the link to open (or share) and, when it names a server, its QR code for phones."""
    return render_template(
        "table_invite.html.j2",
        text=_("Invite link: open it on a phone or share it; the table's code is filled in for you."),
        link=link,
        # a bare file name (the server's address unknown) would lead nowhere from a phone: no QR code
        qr=qr_data_uri(link) if "/" in link else "",
        alt=_("QR code of the invite link"),
        size=QR_PIXELS,
    )


def seat_tags(snap: TableSnapshot, seat: int, online: bool = True) -> list[str]:
    """What the seat list says after a seat's name: host, the coach plays, online or away (with
    ``online``: the lobby's and the page's list), you, to act."""
    tags = []
    if snap.host_seat == seat:
        tags.append(_("host"))
    if snap.bots[seat]:
        tags.append(_("the coach plays"))
    elif online and snap.names[seat] and snap.online:
        tags.append(_("online") if snap.online[seat] else _("away"))
    if snap.seat == seat:
        tags.append(_("you"))
    if snap.to_act == seat:
        tags.append(_("to act"))
    return tags


def seat_list_html(snap: TableSnapshot, online: bool = True) -> str:
    """Who sits where (public): each seat's name and its ``seat_tags``; and how many spectators'
    pages watch."""
    seats = []
    for p, name in enumerate(snap.names):
        tags = seat_tags(snap, p, online=online)
        seats.append(
            {
                "dot": "sn-online" if online and snap.online and snap.online[p] and not snap.bots[p] else "sn-offline",
                "seat": _("Seat {n}").format(n=p + 1),
                "who": name or _("a free seat"),
                "tag": " ({})".format(", ".join(tags)) if tags else "",
            }
        )
    watching = _("{n} watching (projector or spectators)").format(n=snap.watching) if online and snap.watching else ""
    return render_template("table_seats.html.j2", seats=seats, watching=watching)


def host_gone_words(snap: TableSnapshot) -> str:
    """Said (plain text) on the page of a player who became the host because the host's page went away."""
    if snap.host_gone:
        first = _("{name}'s page has been closed for over a minute, so you are the host now.").format(
            name=snap.host_gone
        )
    else:
        first = _("The host's page has been closed for over a minute, so you are the host now.")
    then = _(
        "You can start, pause and resume the game, and let the coach play the seat of a player "
        "who has gone: the host controls are below."
    )
    return f"{first} {then}"


def code_html(snap: TableSnapshot, you: tuple[str, int] | None, address: str) -> str:
    """The top of the page: the table's code; who this page is (``you``: the seat's name and number,
    None for a spectator's or a watching host's page); before the start, where the others join."""
    return render_template(
        "table_code.html.j2",
        table=_("Table {code}"),
        code=snap.code,
        big=you is None or not snap.started,
        you=_("You are {name}, seat {n}.") if you else "",
        name=you[0] if you else "",
        seat=you[1] + 1 if you else 0,
        spectator=_("Spectator's view: public information only."),
        where=""
        if snap.started or snap.closed
        else _("The others open this page on their own device, at {address}, and type the code and a name."),
        address=address,
    )


def _status_line(snap: TableSnapshot, hosting: bool) -> str:
    if snap.closed:
        return _("The host has closed this table.")
    if not snap.started:
        return (
            _("When everyone has joined, press “Start the game”.")
            if hosting
            else _("Waiting for the host to start the game.")
        )
    if snap.over:
        return _("The game is over.")
    if snap.paused_by is not None and hosting:
        return _("You have paused the game: nobody can move until you press “Resume the game”.")
    if snap.paused_by is not None:
        return paused_words(snap.paused_by)
    if snap.to_act is not None and snap.seat == snap.to_act:
        return _("Your turn.")
    if snap.to_act is not None:
        return _("{name} is to act.").format(name=snap.names[snap.to_act])
    return ""


def status_html(snap: TableSnapshot, hosting: bool) -> str:
    """The status line (whose turn; paused; over), then the seat list.  ``hosting``: this page holds
    the host's controls."""
    mine = snap.seat is not None and snap.to_act == snap.seat and bool(snap.legal)
    line = render_template(
        "table_status.html.j2",
        paused=snap.paused_by is not None and snap.started and not (snap.over or snap.closed),
        seq=snap.seq,
        turn=f"{snap.code}-{snap.seq}" if mine else "",
        title=_("● Your turn — Sheriff of Nottingham"),
        line=_status_line(snap, hosting),
        note=timeout_note(snap),
    )
    return line + seat_list_html(snap)


def away_html(snap: TableSnapshot) -> str:
    """On a player's own page while the coach plays the seat: who gave it, and how to take it back."""
    p = snap.seat
    if p is None or not snap.bots or not snap.bots[p] or snap.over or snap.closed:
        return ""
    if snap.handed and snap.handed[p]:
        title = _("The host gave your seat to the coach.")
        text = _(
            "The coach plays your cards until you come back: press “Take my seat back” when you are ready "
            "to play again (your cards and gold are as the coach left them)."
        )
    else:
        title = _("The coach plays for you.")
        text = _("You asked the coach to play your seat. Press “Take my seat back” to play again.")
    return render_template("table_away.html.j2", title=title, text=text)


def replay_link(code: str) -> str:
    """The replay page opening this table's finished game (``?table=CODE``), in the page's language."""
    return language.link(f"{REPLAY_PAGE}?table={code}")


def replay_html(code: str, text: str) -> str:
    """The finished game's full replay: a link that opens it on the replay page, and its file
    (``text``, the save format) as a download."""
    name = f"sheriff-table-{code}.json"
    return render_template(
        "table_replay.html.j2",
        page=replay_link(code),
        open=_("Open this game on the replay page"),
        note=_("Step through the whole game with every hand shown; share the link with the others."),
        file=name,
        b64=base64.b64encode(text.encode("utf-8")).decode("ascii"),
        download=_("Download the full replay ({file})").format(file=name),
    )


class HostSeats:
    """The host's controls per seat: a box "the coach plays seat N" for each (``box``), and for each
    person "Make … the host" and "Remove …" (a second button confirms; ``people``).  ``act(do)`` runs
    ``do(host)`` on the page, which says a refusal and draws again (``redraw``)."""

    def __init__(self, act):
        self.act = act
        self.box = widgets.VBox(_dom_classes=["sn-table-bots"])
        self.people = widgets.VBox(_dom_classes=["sn-table-people"])
        self._drawn: tuple | None = None

    def redraw(self) -> None:
        self._drawn = None  # a box ticked but not saved is drawn again from the store

    def show(self, snap: TableSnapshot, own_seat: int | None) -> None:
        key = (snap.names, snap.bots, snap.handed, snap.started, snap.over, snap.closed, snap.host_seat, own_seat)
        if key == self._drawn:
            return
        self._drawn = key
        if snap.closed or snap.over:  # after the game nobody needs the coach's boxes
            replace_children(self.box, [])
            replace_children(self.people, [])
            return
        others = [(p, name) for p, name in enumerate(snap.names) if p != own_seat]
        replace_children(self.box, [self._coach_box(snap, p, name) for p, name in others])
        replace_children(self.people, [self._person(p, name) for p, name in others if name and _is_person(snap, p)])

    def _coach_box(self, snap: TableSnapshot, p: int, name: str):
        box = widgets.Checkbox(
            value=snap.bots[p],
            description=_("The coach plays seat {n} ({name})").format(n=p + 1, name=name or _("a free seat")),
            indent=False,
            layout={"width": "auto"},
        )
        box.add_class(f"sn-table-bot-{p}")
        box.observe(lambda ch, p=p: self.act(lambda h: h.set_bot(p, bool(ch["new"]))), "value")
        return box

    def _person(self, p: int, name: str):
        make = lesson.button(
            _("Make {name} the host").format(name=name),
            width="auto",
            icon="star",
            _dom_classes=[f"sn-table-make-host-{p}"],
        )
        make.on_click(lambda _b: self.act(lambda h: h.pass_host(p)))
        remove = lesson.button(
            _("Remove {name}").format(name=name), width="auto", icon="user-times", _dom_classes=[f"sn-table-remove-{p}"]
        )
        sure = widgets.Button(
            description=_("Yes, remove {name} for good").format(name=name),
            button_style="danger",
            layout={"width": "auto", "display": "none"},
        )
        sure.add_class(f"sn-table-remove-sure-{p}")
        remove.on_click(lambda _b: setattr(sure.layout, "display", ""))
        sure.on_click(lambda _b: self.act(lambda h: h.kick(p)))
        return lesson.row([make, remove, sure], flex_flow="row wrap")


def _is_person(snap: TableSnapshot, p: int) -> bool:
    """A person holds seat ``p`` (also while the coach plays it for them), and not the host's role."""
    return snap.host_seat != p and bool(snap.seated and snap.seated[p])


class AwayControls:
    """A player's own "Let the coach play for me" and "Take my seat back", and the notice above them."""

    def __init__(self, act):
        self.notice = lesson.html(_dom_classes=["sn-table-away-note"])
        # their own layouts (lesson.button shares one per width): one of the two is shown at a time
        self.away = widgets.Button(description=_("Let the coach play for me"), icon="pause", layout={"width": "auto"})
        self.away.tooltip = _("Step away: the coach plays your seat until you take it back")
        self.away.add_class("sn-table-coach-for-me")
        self.back = widgets.Button(
            description=_("Take my seat back"), button_style="primary", icon="play", layout={"width": "auto"}
        )
        self.back.add_class("sn-table-take-seat-back")
        self.away.on_click(lambda _b: act(True))
        self.back.on_click(lambda _b: act(False))
        self.box = widgets.VBox(
            [self.notice, lesson.row([self.away, self.back], flex_flow="row wrap")], _dom_classes=["sn-table-away-box"]
        )
        self.box.layout.display = "none"

    def show(self, snap: TableSnapshot) -> None:
        p = snap.seat
        playing = p is not None and snap.started and not snap.over and not snap.closed
        self.box.layout.display = "" if playing else "none"
        if p is None or not playing:
            return
        coached = bool(snap.bots[p])
        self.notice.value = away_html(snap)
        self.away.layout.display = "none" if coached else ""
        self.back.layout.display = "" if coached else "none"


__all__ = [
    "binder_notice_html",
    "timeout_note",
    "clock_html",
    "replay_html",
    "replay_link",
    "invite_link",
    "qr_data_uri",
    "invite_html",
    "code_html",
    "status_html",
    "seat_tags",
    "seat_list_html",
    "host_gone_words",
    "away_html",
    "HostSeats",
    "AwayControls",
]
