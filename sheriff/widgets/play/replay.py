"""Step through a saved game with every hand shown, and branch off from any step.

    from sheriff.widgets.play.replay import ReplayViewer
    viewer = ReplayViewer(game)          # or ReplayViewer() and load a saved file
    viewer

This is the study view: all hands, bags and face-down goods are on the table
(``seat=None`` narration), which is never the case while playing.  Step ``k`` is the
position after the first ``k`` moves; the story box tells what move ``k`` did.
"Play on from here" starts a new game at step ``k`` (the same shuffle, so the cards
still to come are the same) that you continue in the play widget, e.g. to try
declaring Cheese where the saved game declared Apples.

Controls (registered in ``ReplayViewer.reg``, CSS class ``sn-ctl-<name>``):
replay.first, replay.prev, replay.step, replay.next, replay.last, replay.seat,
replay.branch, replay.file, replay.text, replay.load.
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from sheriff.engine import Game, to_act
from sheriff.i18n import _, pgettext
from sheriff.narration import narrate
from sheriff.state import OVER, PHASE_TITLES
from sheriff.views import SeatView
from sheriff.widgets import kit, render
from sheriff.widgets.markup import Markup
from sheriff.widgets.markup import render as render_template
from sheriff.widgets.play.app import PlayApp
from sheriff.widgets.play.controls import css_name
from sheriff.widgets.play.saved_input import SavedGameInput, error_box
from sheriff.widgets.play.session import count_text
from sheriff.widgets.play.setup import default_seats
from sheriff.widgets.play.table import score_table_html


class ReplayViewer:
    def __init__(self, game: Game | None = None, bot_delay: float = 0.8, step: int = 0):
        self.game: Game | None = None
        self.bot_delay = bot_delay
        self.branch_app: PlayApp | None = None
        self.reg: dict[str, W.Widget] = {}
        self._cache: dict[int, object] = {}
        # the widgets are built in page order (widget ids follow creation order)
        self._build_loading()
        self._build_stepping()
        self._build_branching()
        self._build_root()
        if game is not None:
            self.show_game(game, step)

    def _build_loading(self) -> None:
        # loading a saved game: a file from the learner's own computer (the play page's download) or pasted text;
        # the server keeps no saved games, so no one sees another learner's game
        load_btn = W.Button(
            description=_("Load for replay"), icon="folder-open", button_style="primary", layout=W.Layout(width="200px")
        )
        self.saved = SavedGameInput(self._add, "replay", load_btn, self.load, go_name="load", text_height="70px")
        load_box = W.VBox(self.saved.rows())
        self.load_acc = kit.Fold(_("Load a saved game"), load_box, cls="sn-fold-load")

    def _build_stepping(self) -> None:
        """The buttons and slider that step through the game, and the board they show."""
        lay = W.Layout(width="56px")
        self.first = self._add("replay.first", W.Button(icon="fast-backward", tooltip=_("Start"), layout=lay))
        self.prev = self._add("replay.prev", W.Button(icon="step-backward", tooltip=_("One move back"), layout=lay))
        self.next = self._add("replay.next", W.Button(icon="step-forward", tooltip=_("One move forward"), layout=lay))
        self.last = self._add("replay.last", W.Button(icon="fast-forward", tooltip=_("End"), layout=lay))
        self.step = self._add(
            "replay.step",
            W.IntSlider(
                value=0, min=0, max=0, description=_("Step:"), continuous_update=False, layout=W.Layout(width="420px")
            ),
        )
        self.first.on_click(lambda _b: self.go(0))
        self.prev.on_click(lambda _b: self.go(self.step.value - 1))
        self.next.on_click(lambda _b: self.go(self.step.value + 1))
        self.last.on_click(lambda _b: self.go(self.step.max))
        self.step.observe(lambda ch: self._show(), "value")
        self.where = W.HTML()
        self.board = W.HTML()
        self.next.add_class("sheriff-bench-click")  # benchmarks/pages.py: click latency
        self.where.add_class("sheriff-bench-result")

    def _build_branching(self) -> None:
        """Playing on from the shown step: the seat to take and the button that starts the branch."""
        self.seat = self._add(
            "replay.seat", W.Dropdown(options=[], description=_("You play:"), style={"description_width": "initial"})
        )
        self.branch_btn = self._add(
            "replay.branch",
            W.Button(
                description=_("Play on from here (new branch)"),
                icon="code-fork",
                button_style="warning",
                layout=W.Layout(width="auto"),
            ),
        )
        self.branch_btn.on_click(lambda _b: self.branch())
        self.branch_slot = W.VBox()
        self.branch_box = W.VBox(
            [
                W.HTML(
                    '<div class="sn-note">{}</div>'.format(
                        _(
                            "Start a new game from this step: the same shuffle and the same moves so far, then you play the "
                            "seat you choose and bots play the others. The saved game is not changed."
                        )
                    )
                ),
                W.HBox([self.seat, self.branch_btn]),
                self.branch_slot,
            ]
        )

    def _build_root(self) -> None:
        """The stepping view (hidden until a game is loaded) under the load fold: the page."""
        self.view_box = W.VBox(
            [
                W.HBox([self.first, self.prev, self.step, self.next, self.last], layout=W.Layout(align_items="center")),
                self.where,
                self.board,
                self.branch_box,
            ],
            layout=W.Layout(display="none"),
        )
        self.table_note = W.HTML()  # a table's game opened by a link (``open_table``): which, or why not
        self.table_note.add_class("sn-replay-table-note")
        self.root = W.VBox(kit.styled(self.table_note, self.load_acc, self.view_box), _dom_classes=["sn-play"])
        self.root.add_class("sn-replay")

    def _add(self, name: str, w: W.Widget) -> W.Widget:
        w.add_class(css_name(name))
        self.reg[name] = w
        return w

    def _repr_mimebundle_(self, **kw):
        return self.root._repr_mimebundle_(**kw)

    # -- loading -----------------------------------------------------------------------
    def load(self, text) -> bool:
        """Load a saved game (JSON text or bytes); a broken file is refused with a message."""
        game = self.saved.read(text)
        if game is None:
            return False
        self.show_game(game)
        return True

    def open_table(self, code: str, tables=None) -> bool:
        """Show the finished game of the play-together table ``code`` (the replay page's address:
        ``?table=K7MX3Q``); a game not over yet, or a wrong code, is refused in words and the game
        shown stays.  ``tables``: the store's entry point (tests; default: the class store)."""
        code = (code or "").strip()
        if not code:
            return False
        from sheriff.classroom.errors import ClassroomError
        from sheriff.classroom.table import Tables

        try:
            text = (tables or Tables()).replay_text(code)
        except ClassroomError as e:
            self.table_note.value = error_box(str(e))
            return False
        if not self.load(text):
            self.table_note.value = self.saved.message.value
            return False
        said = _("The game played at table {code}, every hand shown.").format(code=escape(code.upper()))
        self.table_note.value = f'<div class="sn-note sn-replay-table">{said}</div>'
        return True

    def show_game(self, game: Game, step: int | None = 0) -> None:
        """Show ``game`` at ``step`` (0: before the first move; None: the end)."""
        self.game = game
        self._cache = {}
        n = len(game.history)
        self.step.max = n
        self.seat.options = [(nm, p) for p, nm in enumerate(game.names)]
        self.view_box.layout.display = ""
        self.load_acc.expanded = False
        target = n if step is None else max(0, min(step, n))
        if self.step.value == target:
            self._show()
        else:
            self.step.value = target

    # -- stepping ------------------------------------------------------------------------
    def go(self, k: int) -> None:
        if self.game is None:
            return
        self.step.value = max(0, min(k, self.step.max))

    def state_at(self, k: int):
        if k not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            if self.game is None:
                raise RuntimeError("no game loaded")
            self._cache[k] = self.game.replay_to(k)
        return self._cache[k]

    def _show(self) -> None:
        g = self.game
        if g is None:
            return
        k = self.step.value
        n = len(g.history)
        s = self.state_at(k)
        if k == 0:
            story = _("The cards are shuffled and dealt; nobody has moved yet.")
        else:
            before = self.state_at(k - 1)
            action = g.history[k - 1]
            events = s.events[len(before.events) :]
            story = " ".join(narrate(action, events, before, s, seat=None)) or action.text(g.names)
        nxt = _("Next move: {move}").format(move=g.history[k].text(g.names)) if k < n else ""
        phase = _(PHASE_TITLES[s.phase])
        rnd = (
            _("Game over")
            if s.phase == OVER
            else _("Round {n} of {rounds} · {phase}").format(n=s.round + 1, rounds=g.rules.rounds, phase=phase)
        )
        step = _("Step {k} of {n}").format(k=k, n=n)
        self.where.value = render_template(
            "replay_game.html.j2", kind="step", step=step, round=rnd, story=story, next=nxt
        )
        self.board.value = omniscient_html(s)
        if s.phase != OVER:
            p = to_act(s)
            if p is not None:
                self.seat.value = p
        self.branch_box.layout.display = "none" if s.phase == OVER else ""

    # -- branching ------------------------------------------------------------------------
    def branch(self, k: int | None = None, seat: int | None = None):
        """A new game at step ``k`` (default: the step shown), continued in a play widget."""
        g = self.game
        if g is None:
            return None
        k = self.step.value if k is None else k
        seat = self.seat.value if seat is None else seat
        new = g.copy()
        new.state = g.replay_to(k)
        styles = {p: (sc.merchant, sc.sheriff) for p, sc in enumerate(default_seats(()))}
        app = PlayApp.for_game(
            new,
            [seat],
            styles,
            bot_delay=self.bot_delay,
            note=_(
                "A new branch: the saved game's first {k} moves, then play goes on from here with {name} played by you."
            ).format(k=k, name=g.names[seat]),
        )
        old = list(self.branch_slot.children)
        title = _("Branch from step {k}: you play {name}").format(k=k, name=escape(g.names[seat]))
        self.branch_slot.children = [W.HTML(f"<h3>{title}</h3>"), app.root]
        for w in old:
            if w is not getattr(self.branch_app, "root", None):
                w.close()
        self.branch_app = app
        return app


def omniscient_html(s) -> str:
    """Every player's gold, hand, bag and whole stand (face-down kinds shown), and the piles."""
    parts = []
    for p in range(s.n):
        v = SeatView(s, p)
        role = (
            (pgettext("role", "Deputy") if s.deputies_mode else pgettext("role", "Sheriff"))
            if p in s.officials
            else None
        )
        decl = s.declared[p]
        secret = render_template(
            "replay_game.html.j2",
            kind="secret",
            hand_text=_("hand:"),
            hand=Markup(render.cards(v.hand, 0, _("no cards"))),
            bag_text=_("bag (declared {declared}):").format(declared=count_text(decl[0], decl[1]))
            if decl
            else _("bag:"),
            bag=Markup(render.cards(v.bag, 0, _("empty"))) if v.bag is not None else None,
        )
        parts.append((p, render.player_panel(v, p, show_private=True, role=role, extra=secret)))
    over = s.phase == OVER
    return render_template(
        "replay_game.html.j2",
        kind="end",
        table=Markup(render.table(parts, cls="sn-omni") + render.piles(SeatView(s, 0))),
        title=_("Final scores"),
        scores=Markup(score_table_html(Game.from_state(s))) if over else "",
    )


__all__ = ["ReplayViewer", "omniscient_html"]
