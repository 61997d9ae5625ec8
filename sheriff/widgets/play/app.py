"""Play a whole game of Sheriff of Nottingham in the browser: humans (hot seat) and bots.

    from sheriff.widgets.play.app import PlayApp
    app = PlayApp(bot_delay=0.8)       # seconds between bot moves in the browser; 0 in tests
    app                                # the setup form, then the table

Pieces (each its own module):
  setup     the setup form (edition, players, variants, seats, seed), loading a
                 saved game, simulating many bot games with a progress bar
  session   the game, the bots and the story (what bots may say, and when)
  controls  the widgets for one human decision, built from legal_actions(seat)
  table     the public table, the story box and the final score sheet (HTML)
  files     saving and loading a game, simulating many games (downloads)

Hot seat: a human sees only their own hand, bag and face-down goods (``SeatView``).
When the turn passes to a different human, the private area is replaced by a
handover screen ("Pass the device to Maid Marion") until that player presses the
button, so the previous player's hand is no longer on the page.  With one human,
their hand stays on screen while the bots play; with several, hands are hidden
while bots play.

Bots move one at a time with ``bot_delay`` seconds between moves when there is a
running event loop (the Jupyter / Voilà kernel), so a learner can follow; with
``bot_delay=0`` (tests) they move at once.
"""

from __future__ import annotations

import asyncio
import time
from html import escape

import ipywidgets as W

from sheriff import actions as A
from sheriff import coach
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.i18n import _, ngettext
from sheriff.state import INSPECT
from sheriff.widgets import kit, render
from sheriff.widgets.markup import Markup, fill_html
from sheriff.widgets.markup import render as render_template
from sheriff.widgets.play.coach_view import warnings_html
from sheriff.widgets.play.controls import FOCUS_NEXT, Controls, close_tree, css_name, replace_children
from sheriff.widgets.play.files import PlayFiles, _first_error
from sheriff.widgets.play.session import Line, Session, count_text
from sheriff.widgets.play.setup import PlayConfig, SetupForm, default_seats, error_box
from sheriff.widgets.play.table import final_stands_html, header_html, score_table_html, story_html, table_html


def widget_text(w) -> str:
    """Every piece of text a widget tree shows (HTML values, labels, options, inputs): for tests."""
    out = []
    if getattr(w, "layout", None) is not None and w.layout.display == "none":
        return ""
    for attr in ("value", "description", "placeholder"):
        v = getattr(w, attr, None)
        if isinstance(v, str):
            out.append(v)
    opts = getattr(w, "_options_labels", None)
    if opts:
        out.extend(opts)
    titles = getattr(w, "titles", None)
    if titles:
        out.extend(t for t in titles if t)
    for c in getattr(w, "children", ()) or ():
        out.append(widget_text(c))
    return "\n".join(x for x in out if x)


class PlayApp(PlayFiles):
    def __init__(self, bot_delay: float = 0.8, config: PlayConfig | None = None):
        self.bot_delay = float(bot_delay)
        self.session: Session | None = None
        self.controls: dict[str, W.Widget] = {}
        self.decision: str | None = None  # what the shown controls are for (tests read it)
        self._viewer: int | None = None  # whose private information is on the screen
        self._holder: int | None = None  # the human holding the device (hot seat)
        self._handover_to: int | None = None
        self._gen = 0  # bumps when a game is started/abandoned (stops bot loops)
        self._bots_running = False
        self._insp_clock: tuple[int, float] | None = None
        # the widgets are built in page order (widget ids follow creation order)
        self._build_board(bot_delay, config)
        save_box = self._build_save_box()
        self._build_game_box(save_box)

    def _build_board(self, bot_delay: float, config: PlayConfig | None) -> None:
        """The setup form, then the game's table, story, private area and inspection clock."""
        self.setup = SetupForm(self.start, self.load_text, self.simulate, bot_delay, config)
        self.header = W.HTML()
        self.table = W.HTML()
        self.story = W.HTML()
        self.private = W.VBox(_dom_classes=["sn-private-area"])
        self.notice = W.HTML()
        self.warn_box = W.VBox()  # the coach's warnings before a risky move, with confirm / cancel (by the controls)
        self.result = W.HTML()  # what happened since the learner's last decision, just above their cards
        self._seen_lines = 0
        self.clock = W.HTML()
        self.timeup = W.Button(
            description=_("Time is up!"),
            button_style="danger",
            icon="clock-o",
            tooltip=_("Inspection time limit: every bag not yet dealt with passes without a bribe"),
        )
        self.timeup.add_class(css_name("timeup"))
        self.timeup.on_click(lambda _b: self._time_up())
        self.timebox = W.HBox([self.clock, self.timeup], layout=W.Layout(align_items="center", display="none"))
        self.end = W.HTML()

    def _build_save_box(self) -> W.VBox:
        """The bot speed, new game and save buttons, with the saved game's JSON in a fold."""
        self.speed = W.BoundedFloatText(
            value=self.bot_delay,
            min=0,
            max=10,
            step=0.1,
            description=_("Pause between bot moves (s):"),
            style={"description_width": "initial"},
            layout=W.Layout(width="260px"),
        )
        self.speed.add_class(css_name("game.delay"))
        self.speed.observe(lambda ch: setattr(self, "bot_delay", float(ch["new"] or 0)), "value")
        self.new_game = W.Button(description=_("New game"), icon="refresh", tooltip=_("Back to the setup form"))
        self.new_game.add_class(css_name("game.new"))
        self.new_game.on_click(lambda _b: self.back_to_setup())

        self.save_btn = W.Button(description=_("Save game"), icon="save", tooltip=_("Download the game as a JSON file"))
        self.save_btn.add_class(css_name("game.save"))
        self.save_btn.on_click(lambda _b: self.save())
        self.save_msg = W.HTML()
        self.save_json = W.Textarea(
            tooltip=_("The saved game as JSON text"), layout=W.Layout(width="100%", height="120px")
        )
        self.save_json.add_class(css_name("game.json"))
        self.json_acc = kit.Fold(_("The saved game as JSON text"), self.save_json, cls="sn-fold-json")
        save_box = W.VBox(
            [
                W.HBox([self.save_btn, self.speed, self.new_game], layout=W.Layout(flex_flow="row wrap")),
                self.save_msg,
                self.json_acc,
            ]
        )
        return save_box

    def _build_game_box(self, save_box: W.VBox) -> None:
        """The game's column (table, story, private area, the whole story) and the page's root."""
        story_acc_body = W.HTML()
        self.full_story = story_acc_body
        self.story_acc = kit.Fold(_("The whole game so far"), story_acc_body, cls="sn-fold-story")
        self.story_acc.observe(lambda ch: self._render_full_story(), "expanded")

        self.game_box = W.VBox(
            [
                self.header,
                self.timebox,
                self.table,
                W.HTML("<b>{}</b>".format(_("What just happened"))),
                self.story,
                self.notice,
                self.result,
                self.private,
                self.end,
                self.story_acc,
                save_box,
            ],
            layout=W.Layout(display="none"),
        )
        self.game_box.add_class("sn-game")
        self.root = W.VBox(kit.styled(self.setup.box, self.game_box), _dom_classes=["sn-play"])
        self.root.add_class("sn-activity")  # the page counts as done once a game is finished (course_nav)

    # -- display ---------------------------------------------------------------------
    def _repr_mimebundle_(self, **kw):
        return self.root._repr_mimebundle_(**kw)

    def text(self) -> str:
        """All text shown by the widget (HTML included); hidden parts are left out."""
        return widget_text(self.root)

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session else None

    @property
    def live(self) -> Session:
        """The session under way (the game loop and the renderers run only once one is)."""
        if self.session is None:
            raise RuntimeError("no game has started")
        return self.session

    # -- starting --------------------------------------------------------------------
    def start(self, cfg: PlayConfig | None = None) -> bool:
        cfg = cfg or self.setup.config()
        problems = self.setup.problems(cfg)
        try:
            rules = cfg.rules()
        except ValueError as e:
            problems.append(_first_error(e))
        if problems:
            self.setup.say(error_box(" ".join(problems)))
            return False
        self.bot_delay = float(self.setup.delay.value)
        game = Game(rules, cfg.names, seed=cfg.seed, first_sheriff=cfg.first_sheriff)
        self.begin(Session(game, cfg.humans, cfg.styles))
        return True

    def begin(self, session: Session) -> None:
        """Play ``session`` (a new, loaded or branched game) in this widget."""
        self._gen += 1
        self.session = session
        self.speed.value = self.bot_delay
        humans = session.humans
        self._holder = humans[0] if len(humans) == 1 else None
        self._viewer = self._holder
        self._handover_to = None
        self._insp_clock = None
        self._seen_lines = 0
        self.setup.say("")
        self.notice.value = ""
        self.end.value = ""
        self.save_msg.value = ""
        self.save_json.value = ""
        self.setup.box.layout.display = "none"
        self.game_box.layout.display = ""
        self._advance()

    @classmethod
    def for_game(cls, game: Game, humans, styles=None, bot_delay: float = 0.8, note: str = "") -> PlayApp:
        """A play widget that continues ``game`` straight away (a loaded game, a replay branch)."""
        styles = styles or {p: (s.merchant, s.sheriff) for p, s in enumerate(default_seats(humans))}
        app = cls(bot_delay=bot_delay)
        app.setup.show_game(game)
        session = Session(game, humans, styles)
        if note:
            session.lines.append(Line(game.state.round, "round", note))
        app.begin(session)
        return app

    def back_to_setup(self) -> None:
        self._gen += 1
        self._set_private([])
        self.game_box.layout.display = "none"
        self.setup.box.layout.display = ""

    # -- the loop ----------------------------------------------------------------------
    def _multi(self) -> bool:
        return len(self.live.humans) > 1

    def _live(self) -> bool:
        if self.bot_delay <= 0:
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def _advance(self) -> None:
        s = self.live
        g = s.game
        while not g.is_over():
            p = g.to_act
            if s.is_bot(p):
                if self._multi():
                    self._viewer = None
                if self._live():
                    self._bots_running = True
                    self._render()
                    asyncio.get_running_loop().create_task(self._bot_loop(self._gen))
                    return
                s.bot_step()
                continue
            self._bots_running = False
            if self._multi() and p != self._holder:
                self._viewer = None
                self._handover_to = p
            else:
                self._holder = p
                self._viewer = p
                self._handover_to = None
            self._render()
            return
        self._bots_running = False
        self._render()

    async def _bot_loop(self, gen: int) -> None:
        s = self.live
        try:
            while gen == self._gen:
                await asyncio.sleep(max(self.bot_delay, 0))
                if gen != self._gen or not s.bot_step():
                    break
                if s.game.is_over() or not s.is_bot(s.game.to_act):
                    break
                self._render(light=True)
        except Exception as e:  # never leave the page stuck with a silent error
            self.notice.value = error_box(_("The bots stopped: {error}").format(error=f"{type(e).__name__}: {e}"))
            return
        if gen == self._gen:
            self._advance()

    # -- human moves -------------------------------------------------------------------
    def submit(self, action, confirmed: bool = False) -> bool:
        """Play a human's move; a refusal is shown with the rule and its citation.

        A legal move the coach finds risky (``coach.warnings``) waits for confirmation:
        the warnings are shown with "Do it anyway" (``coach.confirm``) and "Think again"."""
        g = self.game
        if self.session is None or g is None or self._bots_running:
            return False
        if self._held_for_confirmation(g, action, confirmed):
            return False
        try:
            self.session.push(action)
        except IllegalAction as e:
            self.notice.value = render.refusal(e)
            return False
        self.notice.value = ""
        self._advance()
        return True

    def _held_for_confirmation(self, g: Game, action, confirmed: bool) -> bool:
        """Clear the last warnings; True when the coach finds this legal move risky and the
        player has not confirmed it yet (the warnings are then shown with their two buttons)."""
        self._set_warnings([])
        if confirmed or not g.is_legal(action):
            return False
        found = coach.warnings(g.view(action.player), action)
        if found:
            self._ask_confirmation(action, found)
        return bool(found)

    def _set_warnings(self, children) -> None:
        replace_children(self.warn_box, children)
        for k in ("coach.confirm", "coach.cancel"):
            self.controls.pop(k, None)

    def _ask_confirmation(self, action, found) -> None:
        go = W.Button(description=_("Do it anyway"), button_style="warning")
        back = W.Button(description=_("Think again"))
        go.add_class(css_name("coach.confirm"))
        back.add_class(css_name("coach.cancel"))
        back.add_class(FOCUS_NEXT)
        go.on_click(lambda _b: self.submit(action, confirmed=True))
        back.on_click(lambda _b: self._set_warnings([]))
        self._set_warnings([W.HTML(warnings_html(found)), W.HBox([go, back])])
        self.controls["coach.confirm"] = go
        self.controls["coach.cancel"] = back

    def take_device(self) -> None:
        """The handover button: the next human now holds the device."""
        if self._handover_to is None:
            return
        self._holder = self._handover_to
        self._handover_to = None
        self._advance()

    def _time_up(self) -> None:
        g = self.game
        if g is None or g.phase != INSPECT:
            return
        who = self._viewer if self._viewer is not None else g.state.officials[0]
        was_running = self._bots_running
        try:
            self.live.push(A.TimeUp(who))
        except IllegalAction as e:
            self.notice.value = render.refusal(e)
            return
        self.notice.value = ""
        if was_running:  # the bot loop carries on from the new position
            self._render(light=True)
            return
        self._advance()

    # -- drawing ---------------------------------------------------------------------------
    def _set_private(self, children) -> None:
        replace_children(self.private, children)

    def _render(self, light: bool = False) -> None:
        s = self.live
        g = s.game
        self.header.value = header_html(s)
        # at the end the stands are turned face up: the final section shows them instead
        self.table.value = "" if g.is_over() else table_html(s, self._viewer)
        self.story.value = story_html(s.lines, last=10)
        self._render_clock()
        if light:
            return
        if self.story_acc.expanded:
            self._render_full_story()
        self.controls = {}
        self.decision = None
        if g.is_over():
            self._render_end(g)
            return
        self.end.value = ""
        if self._handover_to is not None:
            self._render_handover(g, self._handover_to)
            return
        v = self._viewer
        if v is None:
            self._set_private([W.HTML(render_template("boxes.html.j2", kind="note", text=self._nobody_text()))])
            return
        self._render_private(g, v)

    def _render_end(self, g: Game) -> None:
        """The final scores and the stands turned face up; no private area."""
        self.end.value = (
            # the keyboard focus goes to the scores (tabindex -1: focused by the page, not a Tab stop)
            '<h3 class="sn-activity-finished {}" tabindex="-1">{}</h3>'.format(FOCUS_NEXT, _("Final scores"))
            + score_table_html(g)
            + "<h4>{}</h4>".format(_("The stands, turned face up"))
            + final_stands_html(g)
            + self._end_note()
        )
        self.decision = "over"
        self._set_private([])

    def _render_handover(self, g: Game, p: int) -> None:
        """Hot seat: ask for the device to be passed to player p, with the button that shows their cards."""
        btn = W.Button(
            description=_("I am {name}: show my cards").format(name=g.names[p]),
            button_style="primary",
            icon="eye",
            layout=W.Layout(width="auto", align_self="center", margin="8px"),
        )
        btn.add_class(css_name("handover"))
        btn.on_click(lambda _b: self.take_device())
        self.controls = {"handover": btn}
        self.decision = "handover"
        parts = [
            W.HTML(
                '<div class="sn-handover">{}<br><span class="sn-note">{}</span></div>'.format(
                    _("Pass the device to <b>{name}</b>.").format(name=escape(g.names[p])),
                    _("The other players look away; the hands on this screen are hidden until the button is pressed."),
                )
            ),
            btn,
        ]
        self._set_private(parts)

    def _render_private(self, g: Game, v: int) -> None:
        """Player v's hand and stand, with the controls when it is their move (or a waiting note)."""
        parts: list[W.Widget] = [W.HTML(self._private_html(v))]
        if g.to_act == v and not self._bots_running:
            ctl = Controls(self, v)
            built = ctl.build()
            # a warning appears right under the controls whose move it is about, above the coach
            self.warn_box = W.VBox()
            parts += built[:-1] + [self.warn_box, built[-1]]
            self.controls = ctl.reg
            self.decision = g.phase
            self._show_result()
        else:
            parts.append(W.HTML(render_template("boxes.html.j2", kind="note", text=self._waiting_text())))
        self._set_private([W.VBox(parts, layout=W.Layout())])
        self.private.children[0].add_class("sn-private")

    # what the page says where no cards of its own are shown (a table's page says it its own way)
    def _end_note(self) -> str:
        return '<div class="sn-note">{}</div>'.format(
            _("Save the game below, then open the replay page to step through it with every hand shown.")
        )

    def _nobody_text(self) -> str:
        if not self.live.humans:
            return _("All seats are bots: watch them play.")
        return _("The bots are playing; hands are hidden.")

    def _waiting_text(self) -> str:
        return _("Waiting for the bots…")

    def _show_result(self) -> None:
        """What happened since the learner's last decision, where they look next (read out by the page's
        live region: ``sn-live``)."""
        lines = self.live.lines
        new = lines[self._seen_lines :] if self._seen_lines else []  # before the first move, the story says it all
        self._seen_lines = len(lines)
        if not new:
            self.result.value = ""
            return
        head = _("Since your last move")
        self.result.value = f'<div class="sn-result sn-live"><b>{escape(head)}</b>{story_html(new, last=6)}</div>'

    def _private_html(self, p: int) -> str:
        g = self.live.game
        view = g.view(p)
        d = view.declared(p)
        bag_text = (
            fill_html(_("<b>Your bag</b> — declared “{declared}”:"), declared=count_text(d[0], d[1]))
            if d
            else Markup(_("<b>Your bag</b>:"))
        )
        return render.private_hand(
            _("{name}: your cards (only you see these)").format(name=g.names[p]),
            view.hand,
            view.bag,
            bag_text,
            seat=p,
            moves=len(g.history),
        )

    def _render_full_story(self) -> None:
        if self.session is not None:
            self.full_story.value = story_html(self.session.lines, last=0)

    def _render_clock(self) -> None:
        g = self.live.game
        if not (g.rules.time_limit and g.phase == INSPECT):
            self.timebox.layout.display = "none"
            self._insp_clock = None
            return
        self.timebox.layout.display = ""
        rnd = g.state.round
        if self._insp_clock is None or self._insp_clock[0] != rnd:
            self._insp_clock = (rnd, time.monotonic())
            if self._live():
                asyncio.get_running_loop().create_task(self._tick(self._gen, rnd))
        limit = g.rules.inspection_seconds
        left = max(0, int(limit - (time.monotonic() - self._insp_clock[1])))
        m, sec = divmod(left, 60)
        state = _("Time is up: press the button!") if left == 0 else _("{time} left").format(time=f"{m}:{sec:02d}")
        minutes = limit // 60
        head = ngettext(
            "Inspection time limit: {n} minute (one per merchant).",
            "Inspection time limit: {n} minutes (one per merchant).",
            minutes,
        ).format(n=minutes)
        self.clock.value = (
            f'<span class="sn-note">{head} <b class="sn-clock">{state}</b> '
            + _("Anyone may call time; every bag not yet dealt with then passes without a bribe.")
            + "</span>"
        )

    async def _tick(self, gen: int, rnd: int) -> None:
        while gen == self._gen:
            await asyncio.sleep(1)
            g = self.game
            if gen != self._gen or g is None or g.phase != INSPECT or g.state.round != rnd:
                return
            self._render_clock()


__all__ = ["PlayApp", "close_tree", "widget_text"]
