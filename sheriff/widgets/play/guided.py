"""The guided first game on the page: the tutor's words, the table, the cards to click.

Only layout: ``sheriff.guided.Guide`` runs the script and says what happened; the
controls for each decision are the play page's (``controls.Controls``, with the
kit's ``CardPicker`` for cards), so the guided game is played exactly as a real one.

Registered controls (CSS class ``sn-ctl-<name>``): the play page's decision controls
(market.cards, market.go, load.cards, load.go, declare.good, declare.go, bribe.gold,
bribe.send, deal.accept, start.who, start.go, bag.<m>.inspect / .pass / .threaten ...),
plus guided.on, guided.back (after another choice), guided.step, guided.restart,
guided.next_line (the score, line by line).
"""

from __future__ import annotations

from html import escape
from types import SimpleNamespace

import ipywidgets as W

from sheriff.guided import Guide
from sheriff.i18n import _, ngettext
from sheriff.widgets import kit, language, render
from sheriff.widgets.markup import Markup, fill_html
from sheriff.widgets.markup import render as render_template
from sheriff.widgets.play.controls import Controls, css_name, first_control, point_at, replace_children


class GuidedGame(kit.Frame):
    def __init__(self, guide: Guide | None = None):
        super().__init__()
        self.guide = guide or Guide()
        sc = self.guide.script
        self.controls: dict[str, W.Widget] = {}
        self._next_line_button: W.Button | None = None
        self.progress_text = W.HTML(_dom_classes=["sn-guided-progress"])
        self.bar = W.IntProgress(min=0, max=self.guide.n_steps, layout=W.Layout(width="200px"))
        opts = [(f"{i + 1}. {_(s.title)}", i + 1) for i, s in enumerate(sc.steps)]
        opts.append(("%d. %s" % (len(sc.steps) + 1, _("The score")), len(sc.steps) + 1))
        self.pick_step = W.Dropdown(
            options=opts,
            description=_("Restart from step"),
            style={"description_width": "initial"},
            layout=W.Layout(width="auto", max_width="100%"),
        )  # narrow screens
        self.restart_btn = W.Button(description=_("Restart"), icon="undo", layout=W.Layout(width="auto"))
        self.restart_btn.on_click(lambda _b: self.restart(self.pick_step.value))
        for name, w in (("guided.step", self.pick_step), ("guided.restart", self.restart_btn)):
            w.add_class(css_name(name))
        self.tutor = W.HTML()
        self.reply = W.VBox()
        self.table = W.HTML()
        self.mine = W.HTML()
        self.decide = W.VBox()
        self.story = W.HTML()
        self.lines_shown = 0
        self.last_lines: list[str] = []
        head = kit.head(_(sc.title), escape(_(sc.intro)), kicker=None)
        nav = W.HBox(
            [self.progress_text, self.bar, self.pick_step, self.restart_btn],
            layout=W.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.body(head, nav, self.tutor, self.story, self.reply, self.decide, self.mine, self.table)
        self.add_class("sn-activity")  # the page counts as done once the game is finished (course_nav)
        self.render()

    # -- actions --------------------------------------------------------------------------
    def submit(self, action) -> bool:
        r = self.guide.play(action)
        if r.kind == "refused":
            self._reply([W.HTML(render.refusal(r.error))])
            return False
        if r.kind == "other":
            self._other(r.lines)
            return False
        self.last_lines = r.lines
        self.render()
        return True

    def _other(self, lines) -> None:
        on = W.Button(description=_("Go on with my choice"), button_style="warning", layout=W.Layout(width="auto"))
        back = W.Button(
            description=_("Go back to the tutor's move"), button_style="info", layout=W.Layout(width="auto")
        )
        on.on_click(lambda _b: self.go_on())
        back.on_click(lambda _b: self.go_back())
        for name, w in (("guided.on", on), ("guided.back", back)):
            w.add_class(css_name(name))
            self.controls[name] = w
        point_at(back)
        self._reply(
            [
                W.HTML(render_template("guided.html.j2", kind="other", head=_("Another choice."), lines=lines)),
                W.HBox([back, on], layout=W.Layout(flex_flow="row wrap")),
            ]
        )

    def go_on(self) -> None:
        self.last_lines = self.guide.go_on()
        self.render()

    def go_back(self) -> None:
        """Drop the other choice; the cards picked stay picked, to be changed."""
        self.guide.go_back()
        for k in ("guided.on", "guided.back"):
            self.controls.pop(k, None)
        self._reply([])

    def restart(self, k: int) -> None:
        self.guide.restart(k)
        self.last_lines = []
        self.render()

    def next_line(self) -> None:
        self.lines_shown += 1
        self.render()

    # -- drawing --------------------------------------------------------------------------
    def _reply(self, children) -> None:
        replace_children(self.reply, children)

    def _decide(self, children) -> None:
        replace_children(self.decide, children)

    def render(self) -> None:
        g = self.guide
        game = g.game
        self.controls = {}
        self._reply([])
        self.story.value = (
            render_template("guided.html.j2", kind="happened", head=_("What happened"), lines=self.last_lines)
            if self.last_lines
            else ""
        )
        v = g.view()
        if g.finished():
            self.tutor.value = self._score_html()
            self.table.value = ""
            self.mine.value = ""
            self._score_controls()
            self._progress()
            return
        self.lines_shown = 0
        step = g.step
        if step is not None:
            why = fill_html(_("<b>Why:</b> {why}"), why=_(step.why))
            self.tutor.value = render_template(
                "guided.html.j2", kind="tutor", kicker=_(step.title), say=_(step.say), why=why
            )
        else:
            a = g.advice()
            suggests = fill_html(_("<b>The coach suggests:</b> {advice}"), advice=a.sentence)
            self.tutor.value = render_template(
                "guided.html.j2", kind="tutor", kicker=_("Off the script"), say="", why=suggests
            )
        panels = []
        for p in range(v.n):
            role = _("Sheriff") if p in v.officials else None
            note = _("you") if p == g.me else _("bot")
            panels.append((p, render.player_panel(v, p, show_private=True, role=role, note=note)))
        self.table.value = render_template(
            "guided.html.j2", kind="table", title=_("The table"), table=Markup(render.table(panels, acting=game.to_act))
        )
        title = _("{name}: your cards").format(name=v.names[g.me])
        self.mine.value = render.private_hand(title, v.hand, v.bag, _("Your bag:"), cls="sn-private")
        ctl = Controls(SimpleNamespace(session=SimpleNamespace(game=game), submit=self.submit), g.me)
        self._decide(ctl.decision())
        self.controls.update(ctl.reg)
        press = first_control(ctl.reg, step.action()) if step is not None else None
        if press is not None:
            point_at(ctl.reg[press])
        self._progress()

    def _progress(self) -> None:
        """Last, once the step's controls are in place (browser tests wait for this text)."""
        g = self.guide
        k = g.n_steps if g.finished() else g.step_no
        self.bar.value = k
        self.pick_step.value = k
        step = ngettext("Step {k} of {n}", "Step {k} of {n}", g.n_steps).format(k=k, n=g.n_steps)
        self.progress_text.value = render_template("guided.html.j2", kind="progress", text=step)

    def _score_html(self) -> str:
        g = self.guide
        lines, winners = g.score_lines()
        sc = g.script
        rows = []
        shown = 0
        for line in lines:
            for label, pts in line.parts:
                if shown >= self.lines_shown:
                    break
                who = _("{name} (you)").format(name=line.name) if line.seat == g.me else line.name
                rows.append({"who": who, "label": label, "points": pts})
                shown += 1
            else:
                if shown < self.lines_shown:
                    cls = "sn-win" if line.seat in winners else "sn-guided-sum"
                    rows.append({"cls": cls, "who": line.name, "label": _("Total"), "total": line.total})
                    shown += 1
                    continue
            break
        done = self.lines_shown >= self.total_lines()
        links = [
            (language.link("00_overview.ipynb"), _("Next: the game in two minutes")),
            (language.link("20_play.ipynb"), _("Play a real game with the coach")),
        ]
        return render_template(
            "guided.html.j2",
            kind="score",
            kicker=_("The score"),
            intro=_(sc.score_intro),
            heads=(_("Player"), _("Line"), _("Points")),
            rows=rows,
            winner=g.winner_text() if done else "",
            closing=_(sc.closing),
            links=links,
        )

    def total_lines(self) -> int:
        lines, _ = self.guide.score_lines()
        return sum(len(x.parts) + 1 for x in lines)

    def _score_controls(self) -> None:
        if self.lines_shown >= self.total_lines():
            self._decide([])
            return
        # One button for every line: a keyboard user keeps its focus, and a quick second click
        # lands on the button the page shows rather than on one being replaced.
        b = self._next_line_button
        if b is None or b.comm is None:  # none yet, or closed when another step was shown
            b = self._next_line_button = W.Button(
                description=_("Add the next line"), button_style="primary", icon="plus", layout=W.Layout(width="auto")
            )
            b.add_class(css_name("guided.next_line"))
            point_at(b)
            b.on_click(lambda _b: self.next_line())
        self.controls["guided.next_line"] = b
        self._decide([b])

    @property
    def text(self) -> str:
        from sheriff.widgets.play.app import widget_text

        return widget_text(self)


__all__ = ["GuidedGame"]
