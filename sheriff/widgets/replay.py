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

from html import escape

import ipywidgets as widgets

from sheriff.scenario import Replay, Scenario, get_scenario
from sheriff.widgets import kit, lesson


def _scenario(s) -> Scenario:
    return s if isinstance(s, Scenario) else get_scenario(s)


class ReplayView(kit.Frame):
    """Forward / back through one scenario."""

    def __init__(self, scenario, title: str | None = None, show_hands: bool = True, piles: bool = True,
                 start_at_end: bool = False, header: bool = True, seats=None):
        super().__init__(border=None)
        self.seats = seats
        self.show_hands = show_hands
        self.piles = piles
        self.header_on = header
        self.title = title
        self.head = lesson.html()
        self.back_button = lesson.button("◀ Back", "90px", tooltip="previous step")
        self.next_button = lesson.button("Next ▶", "90px", tooltip="next step", button_style="primary")
        self.start_button = lesson.button("⟲ Start", "90px", tooltip="back to the setup")
        self.end_button = lesson.button("End ▶▶", "90px", tooltip="jump to the last step")
        for b, cls in ((self.back_button, "snl-back"), (self.next_button, "snl-next"),
                       (self.start_button, "snl-start"), (self.end_button, "snl-end")):
            b.add_class(cls)
        self.counter = lesson.html()
        self.step = lesson.html()
        self.step.add_class("snl-step-out")
        self.table = lesson.html()
        self.checks = lesson.html()
        self.back_button.on_click(lambda _: self.go(self.replay.position - 1))
        self.next_button.on_click(lambda _: self.go(self.replay.position + 1))
        self.start_button.on_click(lambda _: self.go(0))
        self.end_button.on_click(lambda _: self.go(len(self.replay)))
        nav = lesson.row([self.start_button, self.back_button, self.next_button, self.end_button, self.counter])
        self.body(self.head, nav, self.step, self.table, self.checks)
        self.load(scenario, start_at_end)

    # -- state ---------------------------------------------------------------------
    def load(self, scenario, start_at_end: bool = False) -> None:
        """Show another scenario (e.g. a tweaked copy): replayed by the engine at once."""
        self.scenario = _scenario(scenario)
        self.replay = Replay(self.scenario)
        sc = self.scenario
        if self.header_on:
            self.head.value = (f'<div class="snl"><div class="snl-h">'
                               f'{escape(self.title or sc.title)}</div>'
                               f'<div class="snl-src">Source: {escape(sc.source)}. Details the rulebook leaves out are '
                               f'filled in (the summary says which).</div></div>')
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
        parts = [f.say] + ([] if f.index == 0 else list(f.narration))
        return " ".join(p for p in parts if p)

    def go(self, k: int) -> None:
        r = self.replay
        f = r.goto(k)
        n = len(r)
        prev = r.frames[f.index - 1].state if f.index > 0 else None
        self.counter.value = (f'<span class="snl-counter">{"Setup" if f.index == 0 else f"Step {f.index}"} '
                              f'of {n}</span>')
        self.back_button.disabled = self.start_button.disabled = f.index == 0
        self.next_button.disabled = self.end_button.disabled = f.index == n
        if f.index == 0:
            body = f'<div class="snl-step"><b>The situation.</b> {escape(f.say)}</div>'
        else:
            story = ""
            if f.refused is not None:
                story = (f'<div class="snl-zone">{escape(f.action.text(f.state.names))}</div>'
                         + lesson.refusal_html(f.refused)
                         + '<div class="snl-zone">The engine refuses the move; nothing on the table changes.</div>')
            elif f.narration:
                story = "<ul>" + "".join(f"<li>{escape(x)}</li>" for x in f.narration) + "</ul>"
            body = f'<div class="snl-step"><b>{escape(f.say)}</b>{story}</div>'
        self.step.value = f'<div class="snl">{body}</div>'
        self.table.value = lesson.table_html(f.state, prev if f.refused is None else None,
                                             show_hands=self.show_hands, piles=self.piles, seats=self.seats)
        if f.index == n and n and r.scenario.expect is not None:
            items = [(d, ok) for d, ok in r.checks() if "ends with anything" not in d]
            if items:
                lis = "".join(f'<li><span class="{"snl-ok" if ok else "snl-bad"}">{"✓" if ok else "✗"}</span> '
                              f'{escape(desc)}</li>' for desc, ok in items)
                self.checks.value = (f'<div class="snl"><div class="snl-zone">What the rulebook says happens, '
                                     f'checked against the engine:</div><ul style="margin:2px 0">{lis}</ul></div>')
                return
        self.checks.value = ""


class Examples(kit.Frame):
    """A row of buttons, one per example; each ReplayView is built the first time it is picked."""

    def __init__(self, ids, labels=None, **view_kw):
        super().__init__()
        self.ids = list(ids)
        labels = list(labels) if labels else [get_scenario(i).title for i in self.ids]
        self.picker = lesson.toggles(list(zip(labels, self.ids)), self.ids[0], "auto")
        self.picker.add_class("snl-picker")
        self.view_kw = view_kw
        self.views: dict[str, ReplayView] = {}
        self.holder = widgets.VBox()
        self.picker.observe(lambda ch: self.show(ch["new"]), names="value")
        self.body(lesson.html('<div class="snl"><div class="snl-kicker">'
                                                     'Rulebook examples, step by step</div></div>'),
                         self.picker, self.holder)
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
        super().__init__()
        self.pairs = [(label, {"1E": a, "2E": b}) for label, a, b in pairs]
        self.edition = kit.edition_toggle(edition)
        self.picker = lesson.toggles([(label, i) for i, (label, _) in enumerate(self.pairs)], 0, "auto")
        self.picker.add_class("snl-picker")
        self.view_kw = view_kw
        self.views: dict[str, ReplayView] = {}
        self.holder = widgets.VBox()
        self.edition.observe(lambda _: self.show(), names="value")
        self.picker.observe(lambda _: self.show(), names="value")
        only = [ed for ed in ("1E", "2E") if all(ids[ed] for _, ids in self.pairs)]
        bar = [self.edition] if len(only) == 2 else [lesson.html(
            f'<div class="snl snl-zone"><b>{"2nd" if only == ["2E"] else "1st"} edition only</b></div>')]
        if len(only) == 1:
            self.edition.value = only[0]
        if len(self.pairs) > 1:
            bar.append(self.picker)
        self.body(lesson.html('<div class="snl"><div class="snl-kicker">'
                                                     'Rulebook examples, step by step</div></div>'),
                         *bar, self.holder)
        self.show()

    def show(self, label: str | None = None, edition: str | None = None):
        if label is not None:
            self.picker.value = next(i for i, (lab, _) in enumerate(self.pairs) if lab == label)
        if edition is not None:
            self.edition.value = edition
        ids = self.pairs[self.picker.value][1]
        sid = ids[self.edition.value]
        if sid is None:
            other = "2nd" if self.edition.value == "1E" else "1st"
            self.holder.children = [lesson.html(
                f'<div class="snl snl-step">This example is only in the {other} edition rulebook.</div>')]
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
