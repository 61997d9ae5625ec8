"""Practice: endless engine-generated questions with immediate feedback.

    PracticeView(["inspect", "pass"], seed=1)

"New question" draws the next seed (the same seeds give the same questions, so a
lesson page is reproducible).  Answers are dropdowns and number boxes; "Check" asks
``sheriff.practice.check`` and shows, field by field, what was right, the engine's
account of what happens, and the rule with its citation.
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from sheriff.i18n import N_, _
from sheriff.practice import KINDS, check, generate
from sheriff.widgets import kit, lesson, render
from sheriff.widgets.markup import Markup, fill_html
from sheriff.widgets.markup import render as render_template

CHOOSE = N_("— choose —")
EDITIONS = [(N_("either edition"), "either"), (N_("1st edition"), "1E"), (N_("2nd edition"), "2E")]


class PracticeView(kit.Frame):
    def __init__(self, kinds, seed: int = 1, edition: str | None = None, title: str | None = None, bench: bool = False):
        super().__init__(border="#90a4ae")
        self.kinds = [k for k in kinds if k in KINDS]
        if not self.kinds:
            raise ValueError(f"no known question kinds in {kinds!r}")
        self.seed = seed
        self.edition_pick = widgets.Dropdown(
            options=[(_(label), ed) for label, ed in EDITIONS],
            value=edition or "either",
            description=_("Rules:"),
            layout=widgets.Layout(width="230px"),
        )
        # sized to its words, never squeezed: "Нове запитання" is longer than "New question"
        self.new_button = lesson.make(
            widgets.Button,
            {"width": "auto", "min_width": "148px", "flex": "0 0 auto"},
            description=_("New question"),
            icon="refresh",
            button_style="info",
        )
        self.new_button.add_class("sn-new-question")
        self.check_button = lesson.button(_("Check my answer"), button_style="primary", _dom_classes=["sn-check"])
        self.question_html = lesson.html(_dom_classes=["sn-question"])
        self.answer_box = widgets.VBox()
        self.feedback = lesson.html(_dom_classes=["sn-feedback"])
        self.inputs: dict[str, widgets.Widget] = {}
        self.new_button.on_click(lambda _: self.new_question())
        self.check_button.on_click(lambda _: self.check())
        self.edition_pick.observe(lambda _: self.edition_changed(), names="value")
        title = _("Practice") if title is None else title
        intro = _("Questions made by the engine from random positions: “New question” never runs out.")
        head = lesson.html(kit.heading(title, intro=intro))
        self.body(
            head,
            lesson.row([self.new_button, self.edition_pick], flex_flow="row wrap"),
            self.question_html,
            self.answer_box,
            self.check_button,
            self.feedback,
        )
        if bench:
            lesson.bench(self.new_button, self.question_html)
        self.new_question(advance=False)

    # -- questions -------------------------------------------------------------------
    def edition_changed(self) -> None:
        """Keep the question when it already follows the chosen rules; otherwise draw one that
        does and say so (the answers typed so far belonged to the other question)."""
        ed = self.edition_pick.value
        if ed in ("either", self.question.edition):
            return
        self.new_question(
            advance=False,
            notice=(
                _("New question: the one before was for the other edition, so here is one under the 1st edition rules.")
                if ed == "1E"
                else _(
                    "New question: the one before was for the other edition, so here is one under the 2nd edition rules."
                )
            ),
        )

    def new_question(self, advance: bool = True, notice: str = "") -> None:
        if advance:
            self.seed += 1
        rng = random.Random(self.seed)
        kind = self.kinds[rng.randrange(len(self.kinds))] if len(self.kinds) > 1 else self.kinds[0]
        ed = self.edition_pick.value
        self.question = q = generate(kind, self.seed, None if ed == "either" else ed)
        self.question_html.value = render_template(
            "practice.html.j2",
            kind="question",
            notice=notice,
            title=q.title,
            edition=_("(1st edition rules)") if q.edition == "1E" else _("(2nd edition rules)"),
            prompt=q.prompt,
            scene=[_scene(sc) for sc in q.scene],
        )
        self.inputs = {}
        rows = []
        for f in q.fields:
            if f.kind == "choice":
                w = lesson.make(
                    widgets.Dropdown,
                    {"width": "auto", "min_width": "260px"},
                    options=[_(CHOOSE), *f.options],
                    value=_(CHOOSE),
                    tooltip=f.label,
                )
            else:
                w = lesson.make(widgets.BoundedIntText, {"width": "90px"}, value=0, min=f.lo, max=f.hi, tooltip=f.label)
            w.add_class(f"sn-field-{f.name}")
            self.inputs[f.name] = w
            # on a narrow screen the box goes under its label instead of squeezing it
            rows.append(
                lesson.make(
                    widgets.HBox, {"flex_flow": "row wrap"}, children=[lesson.label(escape(f.label), "230px"), w]
                )
            )
        old = self.answer_box.children
        self.answer_box.children = rows
        for row in old:  # the previous question's boxes are gone for good
            for w in row.children:
                w.close()
            row.close()
        self.feedback.value = ""

    @property
    def answers(self) -> dict:
        return {k: w.value for k, w in self.inputs.items()}

    def set_answers(self, **values) -> None:
        for k, v in values.items():
            self.inputs[k].value = v

    def check(self):
        fb = check(self.question, self.answers)
        self.last_feedback = fb
        q = self.question
        marks = [
            {
                "ok": ok,
                "label": q.field(name).label,
                "said": _("right")
                if ok
                else fill_html(_("the answer is <b>{answer}</b>"), answer=str(fb.answer[name])),
            }
            for name, ok in fb.fields.items()
        ]
        self.feedback.value = render_template(
            "practice.html.j2",
            kind="feedback",
            correct=fb.correct,
            head=_("Right!") if fb.correct else _("Not quite."),
            marks=marks,
            engine=_("What the engine does:"),
            explanation=fb.explanation,
            rule=Markup(lesson.rule_html(fb.rule_id, q.edition)),
        )
        return fb


def _scene(sc) -> dict:
    """One part of a question's scene: its caption, its cards (or a word), a note."""
    if sc.cards:
        cards = Markup(render.card_list(sc.cards))
    elif sc.counts and any(sc.counts):
        cards = Markup(render.cards(sc.counts))
    else:
        cards = None
    return {
        "caption": sc.caption,
        "cards": cards,
        "nothing": sc.note or _("nothing"),
        "note": sc.note if cards is not None else "",
    }


__all__ = ["PracticeView"]
