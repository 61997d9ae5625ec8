"""Step through a rulebook example, forward and back, one sentence per step.

    ReplayView("1e-gilbert-liar")           # a shipped example, by id
    ReplayView(scenario.with_bag(...))  # or any Scenario (a tweaked one)
    Examples(["1e-much-honest", "2e-little-john-honest"])   # several, built when picked

Each step is a move played by the engine (``sheriff.scenario.Replay``); the view
shows the scenario's sentence for the step, the engine's narration of what the move
did, a refusal (reason, rule, citation) when the move is one the rules forbid, and
the whole table drawn by ``render``.  ``value`` is the step shown (0 = the setup).
"""

from __future__ import annotations

import ipywidgets as widgets

from sheriff.i18n import N_, _, ngettext
from sheriff.scenario import Replay, Scenario, get_scenario
from sheriff.widgets import kit, lesson
from sheriff.widgets.markup import Markup, render

STEP_BY_STEP = N_("Rulebook examples, step by step")


def _scenario(s) -> Scenario:
    return s if isinstance(s, Scenario) else get_scenario(s)


class ReplayView(kit.Frame):
    """Forward / back through one scenario."""

    def __init__(
        self,
        scenario,
        title: str | None = None,
        show_hands: bool = True,
        piles: bool = True,
        start_at_end: bool = False,
        header: bool = True,
        seats=None,
    ):
        super().__init__(border=None)
        self.seats = seats
        self.show_hands = show_hands
        self.piles = piles
        self.header_on = header
        self.title = title
        self.head = lesson.html()
        self.back_button = lesson.button(_("◀ Back"), "90px", tooltip=_("previous step"), _dom_classes=["sn-step-back"])
        self.next_button = lesson.button(
            _("Next ▶"), "90px", tooltip=_("next step"), button_style="primary", _dom_classes=["sn-next"]
        )
        self.start_button = lesson.button(
            _("⟲ Start"), "90px", tooltip=_("back to the setup"), _dom_classes=["sn-start"]
        )
        self.end_button = lesson.button(
            _("End ▶▶"), "90px", tooltip=_("jump to the last step"), _dom_classes=["sn-end"]
        )
        self.counter = lesson.html()
        self.step = lesson.html(_dom_classes=["sn-step-out"])
        self.table = lesson.html()
        self.checks = lesson.html()
        self.back_button.on_click(lambda _: self.go(self.replay.position - 1))
        self.next_button.on_click(lambda _: self.go(self.replay.position + 1))
        self.start_button.on_click(lambda _: self.go(0))
        self.end_button.on_click(lambda _: self.go(len(self.replay)))
        # wraps at 400 px rather than squeezing the buttons ("End …")
        nav = lesson.row(
            [self.start_button, self.back_button, self.next_button, self.end_button, self.counter],
            cls="sn-replay-nav",
            flex_flow="row wrap",
            align_items="center",
        )
        self.changed = lesson.html(_dom_classes=["sn-changed-out"])
        self.score = lesson.html()
        self.body(self.head, nav, self.step, self.changed, self.score, self.table, self.checks)
        self.load(scenario, start_at_end)

    # -- state ---------------------------------------------------------------------
    def load(self, scenario, start_at_end: bool = False) -> None:
        """Show another scenario (e.g. a tweaked copy): replayed by the engine at once."""
        self.scenario = _scenario(scenario)
        self.replay = Replay(self.scenario)
        sc = self.scenario
        if self.header_on:
            source = _(
                "Source: {source}. Details the rulebook leaves out are filled in (the summary says which)."
            ).format(source=_(sc.source))
            self.head.value = render("replay.html.j2", kind="head", title=self.title or _(sc.title), source=source)
        self.go(len(self.replay) if start_at_end else 0)

    @property
    def value(self) -> int:
        return self.replay.position

    @property
    def frame(self):
        return self.replay.frame

    @property
    def text(self) -> str:
        """The current step's sentences as plain text (for tests and screen readers)."""
        f = self.replay.frame
        parts = [_(f.say)] + ([] if f.index == 0 else list(f.narration))
        return " ".join(p for p in parts if p)

    def go(self, k: int) -> None:
        r = self.replay
        f = r.goto(k)
        n = len(r)
        prev = r.frames[f.index - 1].state if f.index > 0 else None
        where = _("Setup of {n}").format(n=n) if f.index == 0 else _("Step {k} of {n}").format(k=f.index, n=n)
        self.counter.value = render("replay.html.j2", kind="counter", text=where)
        first, refused = f.index == 0, f.index > 0 and f.refused is not None
        self.step.value = render(
            "replay.html.j2",
            kind="step",
            say=_("The situation.") if first else _(f.say),
            situation=_(f.say) if first else "",
            refused=Markup(lesson.refusal_html(f.refused)) if refused else "",
            move=f.action.text(f.state.names) if refused else "",
            nothing_changes=_("The engine refuses the move; nothing on the table changes."),
            narration=list(f.narration) if not first and not refused else [],
        )
        moved = f.index > 0 and f.refused is None
        self.table.value = lesson.table_html(
            f.state,
            prev if moved else None,
            show_hands=self.show_hands,
            piles=self.piles,
            seats=self.seats,
            changed={c.seat for c in f.changes} if moved else (),
        )
        self.changed.value = changes_html(f.changes) if moved else ""
        self.score.value = scores_html(f.state, r.scenario) if f.state.scores else ""
        self.checks.value = proofs_html(r.proofs()) if f.index == n and n else ""
        # the buttons settle last: a page that sees "End" disabled sees the last step fully drawn
        self.back_button.disabled = self.start_button.disabled = f.index == 0
        self.next_button.disabled = self.end_button.disabled = f.index == n


def changes_html(changes) -> str:
    """What this step changed, each change highlighted (computed by ``sheriff.changes``)."""
    if not changes:
        return ""
    return render("replay.html.j2", kind="changes", what=_("What changed"), changes=changes)


def scores_html(state, scenario) -> str:
    """The final scores built up good by good and bonus by bonus (``sheriff.scoring.breakdown``),
    for the players whose score the example is about (all of them when it names none)."""
    from sheriff.scoring import breakdown

    ex = scenario.expect
    named = list(ex.scores) if ex is not None and ex.scores else list(state.names)
    bm = [[v for _, v in cards] for cards in state.bm_cards]
    scores = [
        {
            "title": _("{name}'s score, built up line by line").format(name=_(nm)),
            "lines": breakdown(state.stands, state.gold, bm, state.names.index(nm)),
        }
        for nm in named
    ]
    cols = (_("what"), _("points"), _("running total"))
    return render("replay.html.j2", kind="scores", scores=scores, cols=cols)


def proofs_html(proofs) -> str:
    """The rulebook's numbers as sentences, checked against the engine (under a fold)."""
    if not proofs:
        return ""
    agree = all(ok for _, ok in proofs)
    n = len(proofs)
    if agree:
        head = ngettext(
            "Everything the rulebook says about this example, the engine agrees with ({n} fact: show them)",
            "Everything the rulebook says about this example, the engine agrees with ({n} facts: show them)",
            n,
        )
    else:
        head = ngettext(
            "The engine disagrees with the rulebook here ({n} fact: show them)",
            "The engine disagrees with the rulebook here ({n} facts: show them)",
            n,
        )
    return render("replay.html.j2", kind="proofs", head=head.format(n=n), proofs=proofs)


class Examples(kit.Frame):
    """A row of buttons, one per example; each ReplayView is built the first time it is picked."""

    def __init__(self, ids, labels=None, **view_kw):
        super().__init__(_dom_classes=["sn-examples"])
        self.ids = list(ids)
        labels = list(labels) if labels else [_(get_scenario(i).title) for i in self.ids]
        self.picker = lesson.toggles(list(zip(labels, self.ids)), self.ids[0], "auto", cls="sn-choice")
        self.view_kw = view_kw
        self.views: dict[str, ReplayView] = {}
        self.holder = widgets.VBox()
        self.picker.observe(lambda ch: self.show(ch["new"]), names="value")
        self.body(
            kit.kicker_html(_(STEP_BY_STEP)),
            self.picker,
            self.holder,
        )
        self.show(self.ids[0])

    def show(self, sid: str) -> ReplayView:
        if sid not in self.views:
            self.views[sid] = ReplayView(sid, **self.view_kw)
        self.picker.value = sid
        self.holder.children = [self.views[sid]]
        return self.views[sid]

    @property
    def view(self) -> ReplayView:
        return self.views[self.picker.value]


class EditionExamples(kit.Frame):
    """Examples told in both rulebooks: an edition switch and a row of examples.

    ``pairs``: (label, 1st-edition id or None, 2nd-edition id or None).  Views are built
    the first time they are shown and kept, so switching back keeps the step reached."""

    def __init__(self, pairs, edition: str = "1E", **view_kw):
        super().__init__(_dom_classes=["sn-examples"])
        self.pairs = [(label, {"1E": a, "2E": b}) for label, a, b in pairs]
        self.edition = kit.edition_toggle(edition)
        self.picker = lesson.toggles(
            [(label, i) for i, (label, _) in enumerate(self.pairs)], 0, "auto", cls="sn-choice"
        )
        self.view_kw = view_kw
        self.views: dict[str, ReplayView] = {}
        self.holder = widgets.VBox()
        self.edition.observe(lambda _: self.show(), names="value")
        self.picker.observe(lambda _: self.show(), names="value")
        only = [ed for ed in ("1E", "2E") if all(ids[ed] for _, ids in self.pairs)]
        one = _("2nd edition only") if only == ["2E"] else _("1st edition only")
        bar = (
            [self.edition]
            if len(only) == 2
            else [lesson.html(render("replay.html.j2", kind="note", cls="sn-zone", bold=True, text=one))]
        )
        if len(only) == 1:
            self.edition.value = only[0]
        if len(self.pairs) > 1:
            bar.append(self.picker)
        self.body(kit.kicker_html(_(STEP_BY_STEP)), *bar, self.holder)
        self.show()

    def show(self, label: str | None = None, edition: str | None = None):
        if label is not None:
            self.picker.value = next(i for i, (lab, _) in enumerate(self.pairs) if lab == label)
        if edition is not None:
            self.edition.value = edition
        ids = self.pairs[self.picker.value][1]
        sid = ids[self.edition.value]
        if sid is None:
            only_in = (
                _("This example is only in the 2nd edition rulebook.")
                if self.edition.value == "1E"
                else _("This example is only in the 1st edition rulebook.")
            )
            note = render(
                "replay.html.j2", kind="note", cls="sn-example-step sn-only-edition", bold=False, text=only_in
            )
            self.holder.children = [lesson.html(note)]
            return None
        if sid not in self.views:
            self.views[sid] = ReplayView(sid, **self.view_kw)
        self.holder.children = [self.views[sid]]
        return self.views[sid]

    @property
    def view(self):
        ids = self.pairs[self.picker.value][1]
        return self.views.get(ids[self.edition.value])


__all__ = ["ReplayView", "Examples", "EditionExamples"]
