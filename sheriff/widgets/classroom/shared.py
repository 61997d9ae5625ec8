"""What the class pages share: where class mode cannot run (Binder), the address students open,
a poller that keeps a page up to date with the store, and the plot of the class's choices.

The pages (``teacher``, ``student``) only lay out what ``sheriff.classroom`` returns;
everything a room holds lives in its store, so a page keeps nothing but the ids of its room or seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import threading
from collections.abc import Callable
from fractions import Fraction
from urllib.parse import parse_qs

import ipywidgets as widgets

from sheriff.classroom import games
from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import _
from sheriff.widgets import language, markup, render

TEACHER_PAGE = "50_class_teacher.ipynb"
STUDENT_PAGE = "51_class_student.ipynb"
# Set by BinderHub in every container it launches (binderhub#1010): one container per visitor.
BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REQUEST", "BINDER_REPO_URL", "BINDER_REF_URL")
TOKEN_ENV = "SHERIFF_TOKEN"  # the server's token, when `sheriff serve` was given it this way


def on_binder(env=None) -> bool:
    env = os.environ if env is None else env
    return any(env.get(v) for v in BINDER_VARIABLES)


def binder_notice_html() -> str:
    """Class mode on Binder: said plainly, with where to go instead."""
    title = _("Class mode cannot connect a class on Binder")
    text = _(
        "Binder gives every visitor a computer of his own, so your students' pages could never reach "
        "your room. To play as a class, run the tutor on one server for the whole class "
        "(<code>sheriff serve --ip 0.0.0.0 --port 8866</code>), or on your school's JupyterHub with a "
        "shared PostgreSQL database: the project's <code>docs/deploy.md</code> explains both, step by "
        "step. Every lesson and lab works here as usual."
    )
    return markup.render("binder_notice.html.j2", title=title, text=markup.html(text))


def _request_env() -> dict[str, str]:
    """The page's request as Voilà told the kernel (a preheated kernel learns it once the page is
    asked for; by the time anyone clicks it has been)."""
    if os.environ.get("VOILA_PREHEAT") == "True" and "SERVER_NAME" not in os.environ:
        from voila.utils import wait_for_request

        def ask():
            with contextlib.suppress(Exception):  # no answer: the page shows the file name instead
                wait_for_request()

        waiter = threading.Thread(target=ask, daemon=True)
        waiter.start()
        waiter.join(3)  # a server on another interface never answers: the page then gives the file name
    return {k: os.environ.get(k, "") for k in ("SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME")}


def student_address(env: dict[str, str] | None = None, page: str = STUDENT_PAGE) -> str:
    """The address students type: this server's, as the teacher's browser reached it, with the
    student page in place of this one (on JupyterHub the hub's ``user-redirect``, which opens the
    page on each student's own server)."""
    req = _request_env() if env is None else env
    host, port, path = req.get("SERVER_NAME", ""), req.get("SERVER_PORT", ""), req.get("SCRIPT_NAME", "")
    if not host:
        return page
    folder = path.rpartition("/")[0] if path.endswith(".ipynb") else "/voila/render"
    hub_prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX") if env is None else env.get("JUPYTERHUB_SERVICE_PREFIX")
    if hub_prefix and folder.startswith(hub_prefix.rstrip("/")):
        folder = "/hub/user-redirect" + folder[len(hub_prefix.rstrip("/")) :]
        return f"{host}{folder}/{page}"
    token = os.environ.get(TOKEN_ENV) if env is None else env.get(TOKEN_ENV)
    where = f"http://{host}" + (f":{port}" if port and port != "80" else "")
    return f"{where}{folder}/{page}" + (f"?token={token}" if token else "")


def join_link(address: str, code: str) -> str:
    """The student page's address carrying the room's code (``?room=K7MX3Q``, after the server's
    token when the teacher shares it), in the page's language: what the QR code encodes."""
    sep = "&" if "?" in address else "?"
    return language.link(f"{address}{sep}room={code}")


def qr_html(link: str) -> str:
    """``link`` as a QR code (segno: pure Python), an inline SVG a phone's camera reads from the
    projector, with a text alternative."""
    import segno

    uri = segno.make(link, error="m").svg_data_uri(scale=8, border=3, dark="#000", light="#fff")
    return markup.render("join_qr.html.j2", uri=uri, label=_("QR code that opens the join link"), link=link)


def room_in_address(callback: Callable[[str], object]) -> None:
    """Call ``callback`` with the room code in the page's address (``?room=K7MX3Q``; "" if none)."""
    in_address("room", callback)


def in_address(name: str, callback: Callable[[str], object]) -> None:
    """Call ``callback`` with the value of ``name`` in the page's address ("" if none) once the
    request is known: at once, or, in a kernel preheated before anyone asked for the page, from a
    thread that waits for the request and hands the value to the kernel's event loop.  The class
    pages read ``room`` so, the replay page a table's ``table``."""

    def code() -> str:
        return (parse_qs(os.environ.get("QUERY_STRING", "")).get(name) or [""])[0]

    if os.environ.get("VOILA_PREHEAT") != "True" or "SERVER_NAME" in os.environ:
        callback(code())
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        callback(code())
        return

    def wait():
        from voila.utils import wait_for_request

        with contextlib.suppress(Exception):
            wait_for_request()
        loop.call_soon_threadsafe(lambda: callback(code()))

    threading.Thread(target=wait, daemon=True).start()


class Poller:
    """Calls ``refresh`` every ``interval`` seconds on the kernel's event loop while the page is open
    (the store is the only shared thing: each call reads it).  Headless (tests), nothing runs:
    they call ``refresh`` themselves."""

    def __init__(self, refresh: Callable[[], object], interval: float):
        self.refresh, self.interval = refresh, interval
        self._task: asyncio.Task | None = None

    def start(self) -> bool:
        if self._task is not None and not self._task.done():
            return True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._task = loop.create_task(self._run())
        return True

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            self.refresh()


class SeatJoin:
    """The join form's part that makes a seat its owner's (class and table pages alike).

    A nickname at a table or in a room belongs to the page that took it: joining with it again
    needs the seat's rejoin code, which that page showed and kept in this device's browser
    (``seat_key_html``: the page template writes it to ``localStorage`` and fills ``device`` with
    what this device remembers, so a reload on the same device needs no typing).
    ``kind``: "class" or "table"; ``typed``: the form's code and name fields."""

    def __init__(self, msg, kind: str, typed=()):
        self.msg = msg  # the join form's message line
        self.kind = kind
        self.code, self.name = typed
        self.key = widgets.Text(
            description=_("Rejoin code"),
            placeholder=_("only if you are coming back"),
            style={"description_width": "130px"},
            layout={"width": "min(380px, 100%)"},
        )
        self.key.add_class("sn-join-key")
        # filled by the page template from this device's browser storage: the seats it joined
        self.device = widgets.Text(layout={"display": "none"}, _dom_classes=["sn-device-seats"])
        self.device.add_class(f"sn-device-{kind}")
        self.device.observe(lambda _c: self.fill_from_device(), names="value")
        for field in typed:
            field.observe(lambda _c: self.cancel(), names="value")

    def remembered(self) -> list[dict]:
        """The seats this device joined, newest first: {"code", "name", "key"}."""
        try:
            seats = json.loads(self.device.value or "[]")
        except ValueError:
            return []
        ok = [
            s for s in seats if isinstance(s, dict) and all(isinstance(s.get(k), str) for k in ("code", "name", "key"))
        ]
        return sorted(ok, key=lambda s: -(s["t"] if isinstance(s.get("t"), int | float) else 0))

    def fill_from_device(self) -> None:
        """An empty form takes the seat this device joined last: the person only presses Join."""
        seats = self.remembered()
        if seats and not (self.code.value or self.name.value or self.key.value):
            last = seats[0]
            self.code.value, self.name.value, self.key.value = last["code"], last["name"], last["key"]
            self.msg.value = message_html(
                _("This device sat at {code} as “{name}”: press the button to take that seat again.").format(
                    code=last["code"], name=last["name"]
                ),
                ok=True,
            )

    def remembered_key(self, code: str, name: str | None = None) -> str:
        """The rejoin code this device keeps for the seat at ``code`` (as ``name``, if given)."""
        code = "".join(str(code).upper().split()).replace("-", "")
        name = " ".join(str(name or "").split()).casefold()
        for s in self.remembered():
            if s["code"].replace("-", "").upper() == code and (not name or s["name"].casefold() == name):
                return s["key"]
        return ""

    def typed_key(self) -> str:
        """The rejoin code typed, or the one this device remembers for the code and name typed."""
        if self.key.value.strip():
            return self.key.value
        return self.remembered_key(self.code.value, self.name.value) if self.name.value.strip() else ""

    def attempt(self, join: Callable[[str], object]):
        """``join(seat_key)``'s seat, or None (refused: the message says why)."""
        try:
            seat = join(self.typed_key())
        except ClassroomError as e:
            self.msg.value = message_html(str(e))
            return None
        self.msg.value = ""
        return seat

    def cancel(self) -> None:
        self.msg.value = ""  # a refusal describes what was typed before: it goes with the edit


def secret_html(summary: str, why: str, key: str, remember: dict | None = None) -> str:
    """A secret on its owner's page only, folded, with a warning and a copy button (``secret.html.j2``)."""
    if not key:
        return ""
    return markup.render(
        "secret.html.j2",
        summary=summary,
        why=why,
        copy=_("Copy"),
        key=key,
        remember=json.dumps(remember) if remember else "",
    )


def seat_key_html(kind: str, code: str, name: str, key: str) -> str:
    """A seat's rejoin code, on that seat's page only, kept in this device's browser too."""
    return secret_html(
        _("Your rejoin code (keep it private)"),
        _(
            "With this code you take your seat back from any device, after a reload or the next day. "
            "This device remembers it for you. Do not show it to anyone: whoever has it can play your seat."
        ),
        key,
        remember={"kind": kind, "code": code, "name": name, "key": key},
    )


def time_left_text(seconds: float) -> str:
    """A round's time left, as a countdown says it: "Time left: 0:42"."""
    s = max(0, int(seconds + 0.999))
    return _("Time left: {time}").format(time=f"{s // 60}:{s % 60:02d}")


def pct(share: Fraction | None) -> str:
    return "–" if share is None else f"{float(share):.0%}"


def game_title(game: str) -> str:
    return games.title(game)


# the chart's two shares: the game's words for it, its colour and the round's share attribute
_SHARES = (("merchant_share", "#b71c1c", "smuggle"), ("sheriff_share", "#1565c0", "inspect"))
_OFFERS = "#6a1b9a"
_STYLES = (("o", "-"), ("D", "--"), ("v", "-."))  # a share's second or third wording: its own line


def _lines(rounds, words: str) -> list[tuple[str, str, str, tuple[str, str], list]]:
    """Each share's lines in the chart: (label, colour, the share's name, (marker, line style), its
    rounds), a line for each wording (``words``: ``"line"`` or ``"equilibrium"``): the games of a class
    that name a share alike share its line, a game that names it otherwise (bribe bargaining's
    loaded items) has its own."""
    lines = []
    for share, color, name in _SHARES:
        said: dict[str, list] = {}
        for r in rounds:
            said.setdefault(_(getattr(getattr(games.get(r.game), share), words)), []).append(r)
        lines += [(label, color, name, _STYLES[i % 3], rs) for i, (label, rs) in enumerate(said.items())]
    return lines


def _offers(rounds) -> list:
    return [r for r in rounds if games.get(r.game).has_offers]


def _round_words(r) -> list[str]:
    """A round's shares in words, with its game's words (and its equilibrium's once revealed)."""
    game = games.get(r.game)
    parts = [f"{_(getattr(game, share).line)} {pct(getattr(r, name + '_share'))}" for share, _c, name in _SHARES]
    if game.has_offers:
        parts.append(_("merchants who offered a bribe") + f" {pct(r.offer_share)}")
    if r.revealed:
        parts += [
            f"{_(getattr(game, share).equilibrium)} {pct(getattr(r.prediction, name))}"
            for share, _c, name in _SHARES
            if getattr(r.prediction, name) is not None
        ]
    return parts


def shares_words(rounds) -> str:
    """The chart in words (its text alternative: a screen reader, or a projector that fails): each
    round's shares, and a revealed round's equilibrium, as the chart draws them."""
    said = [_("Round {round}: {shares}.").format(round=r.number, shares="; ".join(_round_words(r))) for r in rounds]
    return " ".join([_("Chart of the class's shares, round by round."), *said])


def _series(rounds) -> list[tuple[str, str, str, str, list]]:
    """What the chart draws, in order: (label, colour, line style, marker, points); a line for each
    share and wording, bribes offered where a game has them, and each revealed round's own equilibrium
    as a dotted dash (marker "", fines may change), labelled in its game's words."""
    drawn = []
    for label, color, name, (marker, ls), rs in _lines(rounds, "line"):
        points = [(r.number, float(getattr(r, name + "_share"))) for r in rs if getattr(r, name + "_share") is not None]
        drawn.append((label, color, ls, marker, points))
    offers = [(r.number, float(r.offer_share)) for r in _offers(rounds) if r.offer_share is not None]
    drawn.append((_("merchants who offered a bribe"), _OFFERS, "-", "^", offers))
    for label, color, name, _style, rs in _lines([r for r in rounds if r.revealed], "equilibrium"):
        marks = [(r.number, float(getattr(r.prediction, name))) for r in rs if getattr(r.prediction, name) is not None]
        drawn.append((label, color, ":", "", marks))
    return [line for line in drawn if line[4]]


def _plot(ax, rounds) -> None:
    for label, color, ls, marker, points in _series(rounds):
        if marker:
            ax.plot(*zip(*points), color=color, lw=2, ls=ls, marker=marker, label=label)
        else:
            for n, y in points:
                ax.hlines(y, n - 0.4, n + 0.4, color=color, lw=2, ls=ls)


def shares_png(rounds) -> bytes:
    """The class's shares round by round (smuggled, inspected, bribes offered), with each revealed
    round's equilibrium shares as dotted lines (a round not revealed keeps its answer hidden).
    ``shares_words`` says the same in words; ``shares_legend_html`` is its legend, as text of the page
    (drawn in the image it was 6 px high on a phone)."""
    from matplotlib.figure import Figure

    from sheriff.widgets.labs.theory import _png  # lab 30's way of finishing a plot

    fig = Figure(figsize=(6.4, 3.4), dpi=90)
    ax = fig.add_subplot()
    numbers = [r.number for r in rounds]
    _plot(ax, rounds)
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlabel(_("round"), fontsize=13)
    ax.set_ylabel(_("share of the class"), fontsize=13)
    ax.tick_params(labelsize=12)
    if numbers:
        ax.set_xticks(numbers)
        ax.set_xlim(min(numbers) - 0.5, max(numbers) + 0.5)
    ax.yaxis.set_major_formatter(lambda y, _pos: f"{y:.0%}")
    return _png(fig, ax, drawn_legend=False)


_DASHES = {"-": "", "--": "7 4", "-.": "7 3 2 3", ":": "2 3"}  # matplotlib's line styles, as SVG dashes


def shares_legend_html(rounds) -> str:
    """The chart's legend under it, as the page's text (readable at any width): each line's colour,
    style and marker drawn small beside its label."""
    entries = [
        {"label": label, "color": color, "dash": _DASHES[ls], "marker": marker}
        for label, color, ls, marker, _points in _series(rounds)
    ]
    return markup.render("class_legend.html.j2", entries=entries, label=_("The chart's legend")) if entries else ""


def error_html(e) -> str:
    """A ``ClassroomError``: an engine refusal as the play page shows it (the reason, the rule's title
    and its citation linked to the reference page), any other as its sentence."""
    if getattr(e, "illegal", None) is not None:
        return render.refusal(e.illegal)
    return message_html(str(e))


def message_html(text: str, ok: bool = False) -> str:
    """A refusal (the classroom's sentence) or a confirmation, read out by screen readers."""
    if not text:
        return ""
    return markup.render("message.html.j2", text=text, ok=ok)


# The class pages' own rules: the room code large enough to read from the back of a room, and
# tables that scroll inside a phone's width rather than widen the page (the wrapper scrolls: it
# takes the keyboard's focus and has a name: class_table.html.j2).
CSS = """<style>
.sn-code{font:bold clamp(40px,9vw,96px)/1.1 monospace;letter-spacing:.12em;color:#0d47a1;margin:4px 0}
.sn-address{font:clamp(16px,2.4vw,26px)/1.3 monospace;color:#263238;word-break:break-all}
.sn-class-count{font:bold clamp(18px,3vw,34px) sans-serif;color:#263238}
.sn-scroll{overflow-x:auto;max-width:100%}
.sn-scroll>table.sn-grid{display:table;overflow:visible;max-width:none}
.sn-class .widget-button:focus-visible,.sn-class input:focus-visible,.sn-class select:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}
.sn-key{font:14px monospace;background:#fff8e1;padding:2px 6px}
.sn-secret{margin:6px 0}.sn-secret summary{cursor:pointer;font-weight:600}.sn-secret p{margin:6px 0;line-height:1.4}
.sn-secret summary:focus-visible,.sn-copy:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}
.sn-qr img{width:min(300px,70vw);height:auto;display:block;margin:8px auto;image-rendering:pixelated}
.sn-check .widget-radio-box label,.sn-check .jupyter-widget-radio-box label{display:flex!important;flex-direction:row-reverse;justify-content:flex-end;align-items:flex-start;gap:6px;height:auto!important;line-height:1.35;white-space:normal;margin:4px 0}
.sn-check .widget-radio-box input,.sn-check .jupyter-widget-radio-box input{margin-top:2px;flex:none}
.sn-check .widget-html-content{line-height:1.35;height:auto}
.sn-check .sn-zone{font-size:14px;font-weight:600;color:#263238;margin:12px 0 2px 0}
.sn-secret summary{line-height:1.35}
.sn-timer{font:bold clamp(20px,4vw,36px) monospace;color:#b71c1c}
.sn-stack caption{text-align:left;font-weight:bold;padding:2px 0}
.sn-stack td.num{white-space:nowrap}
.sn-legend{list-style:none;margin:4px 0 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px;font:14px/1.35 sans-serif;color:#263238}
.sn-legend li{display:flex;align-items:center;gap:6px}.sn-legend svg{flex:none}
@media (max-width:760px){
  /* the class's tables stacked (class_table.html.j2): a row a block, each line headed by its column;
     the headings stay for a screen reader (role attributes), out of sight */
  .sn-scroll>table.sn-stack{display:block;overflow:visible;max-width:26rem}
  .sn-stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
  .sn-stack tbody,.sn-stack tr,.sn-stack caption{display:block}
  .sn-stack tr{border:1px solid #bbb;border-radius:6px;margin:0 0 6px 0;overflow:hidden}
  .sn-grid.sn-stack td{display:flex;justify-content:space-between;gap:10px;
    border:none;border-top:1px solid #eceff1;padding:2px 8px;text-align:right;min-width:0;overflow-wrap:anywhere}
  .sn-stack td::before{content:attr(data-label);text-align:left;color:#37474f;flex:0 1 auto}
  .sn-grid.sn-stack td:first-child{background:#eceff1;font-weight:bold;border-top:none}
}
</style>"""


def page_link(page: str) -> str:
    return language.link(page)


__all__ = [
    "on_binder",
    "binder_notice_html",
    "student_address",
    "join_link",
    "qr_html",
    "room_in_address",
    "in_address",
    "Poller",
    "SeatJoin",
    "secret_html",
    "seat_key_html",
    "shares_png",
    "shares_legend_html",
    "shares_words",
    "message_html",
    "pct",
    "time_left_text",
    "game_title",
    "TEACHER_PAGE",
    "STUDENT_PAGE",
]
