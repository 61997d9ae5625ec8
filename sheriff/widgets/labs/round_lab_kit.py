"""What the round labs share: running a lab's moves with the engine and telling them, the
one-line headline of an inspection's outcome, and the bag's card slots."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff import events as E
from sheriff.cards import CONTRABAND_GOODS, LEGAL_GOODS, VALUE
from sheriff.errors import IllegalAction
from sheriff.i18n import N_, _, ngettext
from sheriff.narration import narrate
from sheriff.widgets import lesson
from sheriff.widgets.markup import Markup
from sheriff.widgets.markup import render as render_template
from sheriff.wording import goods_kind

EMPTY = N_("— empty —")
REFUSED = N_("Refused.")
BAG_GOODS = LEGAL_GOODS + CONTRABAND_GOODS


# -- running moves -------------------------------------------------------------------
class Step:
    __slots__ = ("action", "lines", "error", "events", "hidden")

    def __init__(self, action, lines=(), error=None, events=(), hidden=False):
        self.action, self.lines, self.error, self.events, self.hidden = action, list(lines), error, list(events), hidden


def run_moves(game, moves, hidden: int = 0) -> list[Step]:
    """Push ``moves`` in order; stop at the first refusal.  The first ``hidden`` moves are
    bookkeeping (e.g. the other merchants declaring) and are not told."""
    out = []
    for i, a in enumerate(moves):
        before = game.state.copy()
        try:
            events = game.push(a)
        except IllegalAction as e:
            out.append(Step(a, [a.text(game.names)], e))
            break
        out.append(Step(a, narrate(a, events, before, game.state), None, events, i < hidden))
    return out


def steps_html(steps: list[Step], names) -> str:
    nothing = _("The engine refuses; nothing changes on the table.")
    shown = [
        {
            "refused": Markup(lesson.refusal_html(st.error)) if st.error is not None else "",
            "move": st.action.text(names),
            "nothing": nothing,
            "lines": st.lines,
        }
        for st in steps
        if not st.hidden
    ]
    return render_template("lab.html.j2", kind="steps", steps=shown)


def refused(steps: list[Step]) -> IllegalAction | None:
    return steps[-1].error if steps and steps[-1].error is not None else None


def _label(html: str, width: str = "210px") -> widgets.HTML:
    return lesson.label(html, width)


class BagSlots(widgets.HBox):
    """Five card slots (a dropdown each); ``value`` is the tuple of goods packed."""

    def __init__(self, cards=(), goods=BAG_GOODS, slots: int = 5):
        options = [(_(EMPTY), -1)] + [(goods_kind(g), g) for g in goods]
        cards = list(cards) + [-1] * (slots - len(cards))
        self.slots = [
            lesson.make(
                widgets.Dropdown,
                {"width": "130px"},
                options=options,
                value=c,
                tooltip=_("Card {n} in the bag").format(n=i + 1),
            )
            for i, c in enumerate(cards[:slots])
        ]
        for i, s in enumerate(self.slots):
            s.add_class(f"sn-slot-{i}")
        super().__init__(self.slots, layout=widgets.Layout(flex_flow="row wrap"))  # wraps on a phone

    @property
    def value(self) -> tuple[int, ...]:
        return tuple(s.value for s in self.slots if s.value != -1)

    @value.setter
    def value(self, cards) -> None:
        cards = list(cards) + [-1] * (len(self.slots) - len(cards))
        with self.hold_trait_notifications():
            for s, c in zip(self.slots, cards):
                s.value = c

    def observe_value(self, fn) -> None:
        for s in self.slots:
            s.observe(lambda _: fn(), names="value")


def _headline(steps: list[Step], names, sheriff: int) -> str:
    """One sentence with the numbers, read from the engine's events."""
    if refused(steps) is not None:
        return lesson.result_html(_(REFUSED))
    events = [e for st in steps for e in st.events]
    opened = next((e for e in events if isinstance(e, E.Opened)), None)
    if opened is not None:
        return lesson.result_html(_opened_words(opened, events, names))
    paid = next((e for e in events if isinstance(e, E.BribePaid)), None)
    passed = next((e for e in events if isinstance(e, E.Passed)), None)
    if passed is not None:
        up, down = sum(passed.legal), passed.face_down
        msg = ngettext(
            "The bag passes unopened: {up} card face up, {down} face down.",
            "The bag passes unopened: {up} cards face up, {down} face down.",
            up,
        ).format(up=up, down=down)
        if paid is not None:
            msg = _("Deal! {outcome}").format(outcome=msg)
        return lesson.result_html(msg)
    return ""


def _opened_words(opened: E.Opened, events: list, names) -> str:
    """Who paid whom after an inspection, in gold, goods and what was forgiven."""
    m, honest, amount = opened.merchant, opened.honest, opened.amount
    cash = sum(e.cash for e in events if isinstance(e, E.Paid))
    goods = sum(VALUE[g] * k for e in events if isinstance(e, E.PaidGoods) for g, k in enumerate(e.goods))
    forgiven = sum(e.gold for e in events if isinstance(e, E.Forgiven))
    merchant = escape(_(names[m]))
    if cash == amount:
        msg = (
            ngettext(
                "Honest bag: the Sheriff pays {merchant} {amount} gold.",
                "Honest bag: the Sheriff pays {merchant} {amount} gold.",
                amount,
            )
            if honest
            else ngettext(
                "Caught lying: {merchant} pays the Sheriff {amount} gold.",
                "Caught lying: {merchant} pays the Sheriff {amount} gold.",
                amount,
            )
        )
        msg = msg.format(merchant=merchant, amount=amount)
    else:
        parts = (
            [_("{n} in gold").format(n=cash)]
            + ([_("goods worth {n}").format(n=goods)] if goods else [])
            + ([_("{n} forgiven").format(n=forgiven)] if forgiven else [])
        )
        msg = (
            ngettext(
                "Honest bag: the Sheriff owes {merchant} {amount} gold: {parts}.",
                "Honest bag: the Sheriff owes {merchant} {amount} gold: {parts}.",
                amount,
            )
            if honest
            else ngettext(
                "Caught lying: {merchant} owes the Sheriff {amount} gold: {parts}.",
                "Caught lying: {merchant} owes the Sheriff {amount} gold: {parts}.",
                amount,
            )
        )
        msg = msg.format(merchant=merchant, amount=amount, parts=_(", ").join(parts))
    return msg
